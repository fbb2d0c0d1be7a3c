import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPlant } from '../../test-support/field-plant.js';
import { waitFor } from '../../test-support/peers/free-port.js';
import { startOpcUaServer, type TestOpcUaServer } from '../../test-support/peers/opcua-server.js';
import { numberOf, startSources, type SourceHarness } from '../../test-support/source-harness.js';
import { opcUaPkiDir } from './opcua-adapter.js';

const VARIABLES = [
  { id: 'Level', dataType: 'Double', value: 2.5 },
  { id: 'Running', dataType: 'Boolean', value: true },
  { id: 'Starts', dataType: 'UInt32', value: 17 },
  { id: 'Setpoint', dataType: 'Float', value: 1.5, writable: true },
  { id: 'Release', dataType: 'Boolean', value: false, writable: true },
  { id: 'Label', dataType: 'String', value: 'Pumpe 1' },
  { id: 'Noisy', dataType: 'Double', value: 10 },
] as const;

const PVS = [
  { type: 'AnaIn', number: 1, address: { nodeId: 'ns=1;s=Level' } },
  { type: 'DigiIn', number: 1, address: { nodeId: 'ns=1;s=Running' } },
  { type: 'ZaehlWert', nr: 1001, resetable: false, address: { nodeId: 'ns=1;s=Starts' } },
  { type: 'AnaOut', number: 1, address: { nodeId: 'ns=1;s=Setpoint' } },
  { type: 'DigiOut', number: 1, address: { nodeId: 'ns=1;s=Release' } },
  { type: 'AnaIn', number: 2, name: 'Typfehler', address: { nodeId: 'ns=1;s=Label' } },
  { type: 'AnaIn', number: 3, name: 'Fehlt', address: { nodeId: 'ns=1;s=Missing' } },
  {
    type: 'AnaIn',
    number: 4,
    address: { nodeId: 'ns=1;s=Noisy', samplingIntervalMs: 50, deadband: { type: 'absolute', value: 0.5 } },
  },
  { type: 'AnaOut', number: 2, address: { nodeId: 'ns=1;s=Level' } },
];

const source = (endpoint: string, extra: object = {}) => ({
  id: 'ua',
  kind: 'opcua',
  endpoint,
  publishingIntervalMs: 100,
  samplingIntervalMs: 50,
  writeTimeoutMs: 3000,
  reconnect: { initialMs: 200, maxMs: 1000 },
  ...extra,
});

// node-opcua's handshakes and key generation are slow on a loaded machine: generous limits.
describe('OPC UA source against a node-opcua server', { timeout: 120_000 }, () => {
  let server: TestOpcUaServer;
  let sources: SourceHarness;

  beforeAll(async () => {
    server = await startOpcUaServer({ variables: VARIABLES.map((v) => ({ ...v })) });
    sources = await startSources(
      fieldPlant([source(server.endpoint)], [{ number: 1, source: 'ua', pvs: PVS }]),
    );
  });
  afterAll(async () => {
    await sources?.close();
    await server?.dispose();
  });

  it('reads every variable once, then follows the subscription', async () => {
    expect(numberOf(await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Good'))).toBe(2.5);
    expect(numberOf(sources.latest('DigiIn-100001'))).toBe(true);
    expect(numberOf(sources.latest('ZaehlWert-1001'))).toBe(17);
    await sources.waitStation(1, 'Connected');
    const at = new Date(Date.now() - 60_000);
    server.set('Level', 3.25, { at });
    const level = await sources.waitValue('AnaIn-100001', (v) => numberOf(v) === 3.25);
    expect(level.timestamp).toBe(at.getTime());
    server.set('Level', 3.5, { status: 'Uncertain' });
    expect((await sources.waitValue('AnaIn-100001', (v) => numberOf(v) === 3.5)).quality).toBe('Uncertain');
  });

  it('names a PV whose node is missing or of another type, and gives it no value', async () => {
    await waitFor(
      'both errors',
      () =>
        sources.logs.some((l) => l.includes('AnaIn-100003') && l.includes('does not exist')) &&
        sources.logs.some((l) => l.includes('AnaIn-100002') && l.includes('String')),
    );
    expect(sources.latest('AnaIn-100002')).toBeUndefined();
    expect(sources.latest('AnaIn-100003')).toBeUndefined();
    expect(sources.field.status().noValuePvs).toBe(2);
  });

  it('passes a change beyond the deadband and holds back one within it', async () => {
    await sources.waitValue('AnaIn-100004', (v) => numberOf(v) === 10);
    server.set('Noisy', 10.2);
    await new Promise((r) => setTimeout(r, 600));
    expect(numberOf(sources.latest('AnaIn-100004'))).toBe(10);
    server.set('Noisy', 11);
    await sources.waitValue('AnaIn-100004', (v) => numberOf(v) === 11);
  });

  it('writes, reads back, and reports a refused write as not done', async () => {
    const out = { type: 'AnaOut' as const, nr: 100001 };
    await sources.source.write([
      {
        ref: out,
        value: { pvRef: out, quality: 'Good', timestamp: Date.now(), type: 'DoubleValue', doubleValue: 4.2 },
      },
    ]);
    expect(server.value('Setpoint')).toBeCloseTo(4.2, 5);
    expect(numberOf(sources.latest('AnaOut-100001'))).toBe(Math.fround(4.2));
    const release = { type: 'DigiOut' as const, nr: 100001 };
    await sources.source.write([
      {
        ref: release,
        value: { pvRef: release, quality: 'Good', timestamp: Date.now(), type: 'BoolValue', boolValue: true },
      },
    ]);
    expect(server.value('Release')).toBe(true);
    const readOnly = { type: 'AnaOut' as const, nr: 100002 };
    const refused = sources.source.write([
      {
        ref: readOnly,
        value: {
          pvRef: readOnly,
          quality: 'Good',
          timestamp: Date.now(),
          type: 'DoubleValue',
          doubleValue: 1,
        },
      },
    ]);
    await expect(refused).rejects.toThrow(/abgelehnt: AnaOut-100002: Bad(NotWritable|UserAccessDenied)/);
    expect(server.value('Level')).toBe(3.5);
  });

  it('browses the address space to pick nodes', async () => {
    const top = await sources.field.browse!(null);
    const folder = top.find((n) => n.browseName.endsWith('Pumpwerk'));
    expect(folder).toMatchObject({ nodeClass: 'Object', hasChildren: true });
    const children = await sources.field.browse!(folder!.nodeId);
    expect(children.find((n) => n.nodeId === 'ns=1;s=Setpoint')).toMatchObject({
      nodeClass: 'Variable',
      dataType: 'Float',
    });
  });

  it('survives a server restart: Bad while it is down, the subscription back without a restart', async () => {
    await sources.waitStation(1, 'Connected');
    // The previous test left the value Uncertain; what matters is that it is not Bad yet.
    await sources.waitValue('AnaIn-100001', (v) => v.quality !== 'Bad');
    const reconnects = sources.field.status().counters.reconnects;
    await server.stop();
    await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Bad');
    await sources.waitStation(1, 'ConnectionError');
    await server.start();
    await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Good', 'Good after the restart', 90_000);
    await sources.waitStation(1, 'Connected');
    server.set('Level', 4.75);
    await sources.waitValue(
      'AnaIn-100001',
      (v) => numberOf(v) === 4.75,
      'a change through the subscription',
      90_000,
    );
    expect(sources.field.status().counters.reconnects).toBe(reconnects + 1);
  });
});

describe('OPC UA source with SignAndEncrypt and a user name', { timeout: 120_000 }, () => {
  it('refuses a server certificate nobody trusted, and connects once it is in the trusted folder', async () => {
    const server = await startOpcUaServer({
      variables: [{ id: 'Level', dataType: 'Double', value: 1.5 }],
      users: { leitwarte: 'Ua-Pass-1' },
    });
    process.env.LW_TEST_UA_PASSWORD = 'Ua-Pass-1';
    const plant = fieldPlant(
      [
        source(server.endpoint, {
          securityMode: 'SignAndEncrypt',
          securityPolicy: 'Basic256Sha256',
          username: 'leitwarte',
          passwordEnv: 'LW_TEST_UA_PASSWORD',
        }),
      ],
      [{ number: 2, source: 'ua', pvs: [{ type: 'AnaIn', number: 1, address: { nodeId: 'ns=1;s=Level' } }] }],
    );
    const sources = await startSources(plant);
    try {
      await waitFor(
        'the refusal',
        () => sources.field.status().lastError?.message.match(/certificate/i),
        90_000,
      );
      expect(sources.latest('AnaIn-200001')).toBeUndefined();
      // The administrator's step: the rejected server certificate moves to trusted/.
      const pki = opcUaPkiDir(sources.dataDir);
      const rejected = path.join(pki, 'rejected');
      await waitFor(
        'the rejected certificate',
        () => existsSync(rejected) && readdirSync(rejected).length > 0,
      );
      mkdirSync(path.join(pki, 'trusted', 'certs'), { recursive: true });
      for (const file of readdirSync(rejected))
        renameSync(path.join(rejected, file), path.join(pki, 'trusted', 'certs', file));
      await sources.field.restart();
      expect(
        numberOf(
          await sources.waitValue(
            'AnaIn-200001',
            (v) => v.quality === 'Good',
            'the value over SignAndEncrypt',
            90_000,
          ),
        ),
      ).toBe(1.5);
      expect(sources.field.status().target).toMatch(/SignAndEncrypt, Basic256Sha256/);
    } finally {
      await sources.close();
      await server.dispose();
    }
  });

  it('names a refused login', async () => {
    const server = await startOpcUaServer({
      variables: [{ id: 'Level', dataType: 'Double', value: 1 }],
      users: { leitwarte: 'Ua-Pass-1' },
    });
    process.env.LW_TEST_UA_WRONG = 'wrong';
    const sources = await startSources(
      fieldPlant(
        [
          source(server.endpoint, {
            securityMode: 'SignAndEncrypt',
            acceptUnknownServerCertificate: true,
            username: 'leitwarte',
            passwordEnv: 'LW_TEST_UA_WRONG',
          }),
        ],
        [
          {
            number: 3,
            source: 'ua',
            pvs: [{ type: 'AnaIn', number: 1, address: { nodeId: 'ns=1;s=Level' } }],
          },
        ],
      ),
    );
    try {
      await waitFor(
        'the refused login',
        () =>
          sources.field
            .status()
            .lastError?.message.match(/BadUserAccessDenied|BadIdentityTokenRejected|BadIdentityTokenInvalid/),
        90_000,
      );
      expect(sources.field.status().state).toBe('Disconnected');
    } finally {
      await sources.close();
      await server.dispose();
    }
  });
});
