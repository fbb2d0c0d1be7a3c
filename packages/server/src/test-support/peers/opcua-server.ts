import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataType, MessageSecurityMode, SecurityPolicy, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { OPCUAServer } from 'node-opcua-server';
import { freePort } from './free-port.js';

type AddressSpace = NonNullable<OPCUAServer['engine']['addressSpace']>;
type UAVariable = ReturnType<ReturnType<AddressSpace['getOwnNamespace']>['addVariable']>;

export interface TestVariable {
  /** String NodeId in the server's own namespace (ns=1). */
  id: string;
  dataType: 'Double' | 'Float' | 'Boolean' | 'Int16' | 'UInt32' | 'Int32' | 'String';
  value: number | boolean | string;
  writable?: boolean;
}

export interface TestOpcUaServerOptions {
  variables: TestVariable[];
  /** Users the server accepts (user name → password); none: anonymous only. */
  users?: Record<string, string>;
  port?: number;
  /** Kept across restarts, so the server keeps its certificate. */
  pkiDir?: string;
}

/**
 * An OPC UA server (node-opcua) with a folder "Pumpwerk" of variables, security None and
 * SignAndEncrypt (Basic256Sha256), optional user name login; it trusts any client certificate.
 */
export async function startOpcUaServer(options: TestOpcUaServerOptions) {
  const port = options.port ?? (await freePort());
  const pkiDir = options.pkiDir ?? mkdtempSync(path.join(tmpdir(), 'leitwarte-opcua-server-'));
  const values = new Map(options.variables.map((v) => [v.id, v.value]));
  let server: OPCUAServer | null = null;
  const nodes = new Map<string, UAVariable>();

  const start = async () => {
    const certificates = new OPCUACertificateManager({
      rootFolder: pkiDir,
      automaticallyAcceptUnknownCertificate: true,
    });
    server = new OPCUAServer({
      port,
      host: '127.0.0.1',
      hostname: '127.0.0.1',
      resourcePath: '/UA/Pumpwerk',
      serverCertificateManager: certificates,
      securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
      securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
      allowAnonymous: options.users === undefined,
      ...(options.users && {
        userManager: { isValidUser: (user: string, password: string) => options.users![user] === password },
      }),
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace!;
    const ns = addressSpace.getOwnNamespace();
    const folder = ns.addFolder(addressSpace.rootFolder.objects, { browseName: 'Pumpwerk' });
    nodes.clear();
    for (const v of options.variables) {
      const node = ns.addVariable({
        componentOf: folder,
        nodeId: `s=${v.id}`,
        browseName: v.id,
        dataType: v.dataType,
        accessLevel: v.writable ? 'CurrentRead | CurrentWrite' : 'CurrentRead',
        userAccessLevel: v.writable ? 'CurrentRead | CurrentWrite' : 'CurrentRead',
      });
      node.setValueFromSource(
        new Variant({ dataType: DataType[v.dataType], value: values.get(v.id) }),
        StatusCodes.Good,
      );
      node.on('value_changed', (dataValue) =>
        values.set(v.id, dataValue.value.value as number | boolean | string),
      );
      nodes.set(v.id, node);
    }
    await server.start();
  };
  await start();

  return {
    port,
    endpoint: `opc.tcp://127.0.0.1:${port}/UA/Pumpwerk`,
    pkiDir,
    /** The value as the server holds it (written by a client or set by the test). */
    value: (id: string) => values.get(id),
    /** A new value from the device, with its own time and status. */
    set(
      id: string,
      value: number | boolean | string,
      options: { at?: Date; status?: 'Good' | 'Uncertain' | 'Bad' } = {},
    ) {
      const node = nodes.get(id)!;
      const status =
        options.status === 'Bad'
          ? StatusCodes.BadSensorFailure
          : options.status === 'Uncertain'
            ? StatusCodes.UncertainLastUsableValue
            : StatusCodes.Good;
      node.setValueFromSource(
        new Variant({ dataType: node.dataTypeObj.basicDataType, value }),
        status,
        options.at ?? new Date(),
      );
    },
    async stop() {
      const running = server;
      server = null;
      await running?.shutdown(0);
    },
    start,
    async dispose() {
      const running = server;
      server = null;
      await running?.shutdown(0);
      if (options.pkiDir === undefined) rmSync(pkiDir, { recursive: true, force: true });
    },
  };
}
export type TestOpcUaServer = Awaited<ReturnType<typeof startOpcUaServer>>;
