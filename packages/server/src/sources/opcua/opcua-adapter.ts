import path from 'node:path';
import type { DataType } from 'node-opcua-client';
import {
  AttributeIds,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  UserTokenType,
  resolveNodeId,
  type ClientSession,
  type ClientSubscription,
  type UserIdentityInfo,
} from 'node-opcua-client';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import type { ProcessValue } from '@leitwarte/core';
import type { AdapterContext, AdapterWrite, ProtocolAdapter, ProtocolSession } from '../field/field-types.js';
import type { FieldSourceDefinition, PvBinding } from '../definition/sources-definition.js';
import { browseChildren } from './opcua-browse.js';
import { deliver, monitor, readBound } from './opcua-monitoring.js';
import { quantiseNumber, variantFor } from './opcua-values.js';

type OpcUaSource = Extract<FieldSourceDefinition, { kind: 'opcua' }>;
type OpcUaBinding = Extract<PvBinding, { kind: 'opcua' }>;

const MODES = {
  None: MessageSecurityMode.None,
  Sign: MessageSecurityMode.Sign,
  SignAndEncrypt: MessageSecurityMode.SignAndEncrypt,
};
const POLICIES = {
  None: SecurityPolicy.None,
  Basic256Sha256: SecurityPolicy.Basic256Sha256,
  Aes128_Sha256_RsaOaep: SecurityPolicy.Aes128_Sha256_RsaOaep,
  Aes256_Sha256_RsaPss: SecurityPolicy.Aes256_Sha256_RsaPss,
};

/**
 * The certificate store of the server's OPC UA client, in the data directory: its own
 * certificate (made at the first start), trusted and rejected peers. A server certificate never
 * seen before lands in rejected/ until an administrator moves it to trusted/ (or the source
 * accepts unknown certificates, for commissioning).
 */
export function opcUaPkiDir(dataDir: string): string {
  return path.join(dataDir, 'opcua-pki');
}

function identity(source: OpcUaSource): UserIdentityInfo {
  if (source.username === undefined) return { type: UserTokenType.Anonymous };
  return {
    type: UserTokenType.UserName,
    userName: source.username,
    password: process.env[source.passwordEnv ?? ''] ?? '',
  };
}

/**
 * OPC UA (node-opcua): a session with a subscription and monitored items (sampling interval,
 * queue, deadband), security None / Sign / SignAndEncrypt with certificates kept in the data
 * directory, user name login, and node-opcua's reconnection, which reactivates the session and
 * transfers the subscription (or creates it anew after a server restart). Writes are read back.
 */
export function createOpcUaAdapter(ctx: AdapterContext<OpcUaSource>): ProtocolAdapter {
  const { source } = ctx;
  const bindings = ctx.bindings.filter((b): b is OpcUaBinding => b.kind === 'opcua');
  const byKey = new Map(bindings.map((b) => [b.key, b]));
  const mode = source.securityMode ?? 'None';
  const policy = source.securityPolicy ?? (mode === 'None' ? 'None' : 'Basic256Sha256');
  const { initialMs, maxMs } = source.reconnect ?? { initialMs: 1000, maxMs: 30_000 };
  let types = new Map<string, DataType>();
  let current: ClientSession | null = null;
  let certificates: OPCUACertificateManager | null = null;

  async function certificateManager(): Promise<OPCUACertificateManager> {
    if (!certificates) {
      certificates = new OPCUACertificateManager({
        rootFolder: opcUaPkiDir(ctx.dataDir),
        automaticallyAcceptUnknownCertificate: source.acceptUnknownServerCertificate ?? false,
      });
      await certificates.initialize();
    }
    return certificates;
  }

  async function connect(lost: (error: Error) => void): Promise<ProtocolSession> {
    const client = OPCUAClient.create({
      applicationName: `Leitwarte ${ctx.plantId}`,
      applicationUri: `urn:leitwarte:${ctx.plantId}:${source.id}`,
      clientCertificateManager: await certificateManager(),
      securityMode: MODES[mode],
      securityPolicy: POLICIES[policy],
      endpointMustExist: false,
      keepSessionAlive: true,
      requestedSessionTimeout: source.sessionTimeoutMs ?? 60_000,
      // One retry at the first connect (the source's own loop retries after that); after a
      // break node-opcua retries without end, from initialMs doubling up to maxMs.
      connectionStrategy: { initialDelay: initialMs, maxDelay: maxMs, maxRetry: 1 },
    });
    let open = true;
    const fail = (error: Error) => {
      if (!open) return;
      open = false;
      lost(error);
    };
    try {
      await client.connect(source.endpoint);
    } catch (e) {
      await client.disconnect().catch(() => {});
      throw e;
    }
    let session: ClientSession;
    let subscription: ClientSubscription;
    try {
      session = await client.createSession(identity(source));
      types = await readBound(ctx, session, bindings);
      subscription = await monitor(
        ctx,
        session,
        bindings.filter((b) => types.has(b.key)),
      );
    } catch (e) {
      await client.disconnect().catch(() => {});
      throw e;
    }
    current = session;
    client.on('connection_lost', () => ctx.suspend(new Error('connection to the OPC UA server lost')));
    // After the session is back (reactivated or created anew, the subscription transferred or
    // recreated), read everything once: values that did not change would stay Bad otherwise.
    client.on('after_reconnection', (err?: Error | null) => {
      if (err) return fail(err);
      void readBound(
        ctx,
        session,
        bindings.filter((b) => types.has(b.key)),
      )
        .then(() => ctx.resume())
        .catch((e: unknown) => fail(e instanceof Error ? e : new Error(String(e))));
    });
    client.on('close', (err?: Error | null) => fail(err ?? new Error('the OPC UA connection closed')));
    session.on('session_closed', () => fail(new Error('the OPC UA session was closed')));
    subscription.on('terminated', () => open && ctx.error('subscription terminated by the server'));

    return {
      async write(writes: readonly AdapterWrite[]) {
        const items = writes.flatMap((w) => (w.binding.kind === 'opcua' ? [w] : []));
        const nodes = items.map((w) => {
          const b = w.binding as OpcUaBinding;
          const dataType = types.get(b.key);
          if (dataType === undefined)
            throw new Error(`${b.key}: Knoten ${b.address.nodeId} ist nicht lesbar`);
          return {
            nodeId: resolveNodeId(b.address.nodeId),
            attributeId: AttributeIds.Value,
            value: { value: variantFor(dataType, w.raw) },
          };
        });
        const results = await session.write(nodes);
        const refused = results.flatMap((status, i) =>
          status.value === 0 ? [] : [`${items[i]?.binding.key}: ${status.name}`],
        );
        if (refused.length > 0) throw new Error(`vom OPC UA-Server abgelehnt: ${refused.join(', ')}`);
        // Read back what was written; the values confirm the writes.
        const back = await session.read(
          nodes.map((n) => ({ nodeId: n.nodeId, attributeId: AttributeIds.Value })),
        );
        ctx.count('reads');
        back.forEach((dataValue, i) => {
          const item = items[i];
          if (item) deliver(ctx, item.binding.key, dataValue);
        });
      },
      async close() {
        open = false;
        current = null;
        await subscription.terminate().catch(() => {});
        await session.close().catch(() => {});
        await client.disconnect();
      },
    };
  }

  return {
    connect,
    target: () => `${source.endpoint} (${mode}${mode === 'None' ? '' : `, ${policy}`})`,
    quantise(binding: PvBinding, value: ProcessValue): ProcessValue {
      if (value.type !== 'DoubleValue' || !byKey.has(binding.key)) return value;
      return { ...value, doubleValue: quantiseNumber(types.get(binding.key), value.doubleValue) };
    },
    // An administrator moves a rejected server certificate to trusted/ and restarts the source:
    // the store's file watchers may not have seen the move yet, so the restart re-reads it.
    async reload() {
      await certificates?.reloadCertificates();
    },
    async release() {
      const open = certificates;
      certificates = null;
      await open?.dispose();
    },
    browse(nodeId) {
      if (!current) return Promise.reject(new Error('keine Sitzung'));
      return browseChildren(current, nodeId);
    },
  };
}
