// Data source figures on this machine, against the built server as npm start runs it, each with
// a baseline measured in the same run:
// - MQTT ingest (Sparkplug B and plain topics) into the live values and the historian, against a
//   client that only counts what the broker delivers (the peer's own limit);
// - Modbus TCP, 10 devices × 1,000 registers polled every second: CPU of the server against the
//   same server not polling, and what the pymodbus devices themselves cost;
// - OPC UA, 10,000 monitored items at 1 s: against node-opcua's own client subscribing the same.
// Usage: npm run bench -- sources   (BENCH_SECONDS sets the measuring window, default 10)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ROOT, report, startServer } from '../support.mjs';
import { child, cpuSeconds, freePort, metric, sleep, until, writePlant } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BROKER = 'mqtt://127.0.0.1:1883';
const PYTHON = '/usr/bin/python3';
const MODBUS_PEER = path.join(ROOT, 'packages/server/src/test-support/peers/modbus-peer.py');
const figures = {};
const round = (n, d = 0) => Number(n.toFixed(d));

/** The built server on a plant; its data directory stays for the historian count. */
async function serverOn(plantFile) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-data-'));
  const server = await startServer({
    LEITWARTE_PLANT: plantFile,
    LEITWARTE_DATA_DIR: dataDir,
    LEITWARTE_BACKFILL: 'false',
  });
  return {
    ...server,
    dataDir,
    /** Stops the server (the historian writes its buffer) and counts the stored samples. */
    async stopAndCountSamples() {
      await server.stop();
      const db = new Database(path.join(dataDir, 'history.sqlite'), { readonly: true });
      const { n } = /** @type {{ n: number }} */ (
        db.prepare('select count(*) as n from history_sample').get()
      );
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return n;
    },
  };
}

const node = (script, options, opts) =>
  child(process.execPath, [path.join(here, script), JSON.stringify(options)], opts);

/** What the broker delivers to a client that only counts, while the publisher runs. */
async function brokerBaseline(topic, publisher) {
  const counter = node('mqtt-counter.mjs', { url: BROKER, topic });
  await counter.ready;
  const pub = node('mqtt-publisher.mjs', publisher, { ready: false });
  const sent = await pub.result();
  await sleep(500);
  counter.proc.stdin.end();
  const { messages } = await counter.result();
  return { sent, messages };
}

/** Leitwarte ingesting what the publisher sends: values into the live store and the historian. */
async function leitwarteIngest(plantFile, publisher) {
  const server = await serverOn(plantFile);
  await until('the source connected', async () => (await metric(server.url, 'leitwarte_source_up')) >= 1);
  const v0 = await metric(server.url, 'leitwarte_plant_values_total');
  const cpu0 = cpuSeconds(server.pid);
  const sent = await node('mqtt-publisher.mjs', publisher, { ready: false }).result();
  // The values still queued at the broker and the server are taken in until nothing more comes.
  let values = (await metric(server.url, 'leitwarte_plant_values_total')) - v0;
  for (let quiet = 0; quiet < 3;) {
    await sleep(500);
    const now = (await metric(server.url, 'leitwarte_plant_values_total')) - v0;
    quiet = now === values ? quiet + 1 : 0;
    values = now;
  }
  const cpu = cpuSeconds(server.pid) - cpu0;
  const samples = await server.stopAndCountSamples();
  return { sent, values, cpu, samples };
}

async function mqttScenario(kind) {
  const pvs = 10_000;
  const group = `bench-${process.pid}`;
  const prefix = `bench-${process.pid}`;
  const perMessage = kind === 'sparkplug' ? 1000 : 1;
  // 100,000 values a second: 100 Sparkplug messages of 1,000 metrics, or 100,000 plain messages.
  const rate = kind === 'sparkplug' ? 100 : 100_000;
  const publisher = { kind, url: BROKER, pvs, perMessage, rate, seconds: SECONDS, group, node: 'N1', prefix };
  const pvList = Array.from({ length: pvs }, (_, i) => ({
    type: 'AnaIn',
    number: i + 1,
    name: `Wert ${i + 1}`,
    eks: `V${i}`,
    subtype: 'Messwert',
    ...(kind === 'sparkplug' && { address: { metric: `m${i}` } }),
  }));
  const source =
    kind === 'sparkplug'
      ? {
          id: 'sp',
          kind: 'sparkplug',
          url: BROKER,
          group,
          hostId: `${group}-host`,
          rebirthIntervalMs: 600_000,
        }
      : { id: 'mq', kind: 'mqtt', url: BROKER, topic: `${prefix}/{key}`, qos: 0, cleanSession: true };
  const plant = writePlant(
    [source],
    [{ number: 1, source: source.id, ...(kind === 'sparkplug' && { address: { node: 'N1' } }), pvs: pvList }],
  );
  const topic = kind === 'sparkplug' ? `spBv1.0/${group}/NDATA/#` : `${prefix}/#`;
  const baseline = await brokerBaseline(topic, { ...publisher, settleMs: 200 });
  const run = await leitwarteIngest(plant.file, publisher);
  plant.remove();
  const name =
    kind === 'sparkplug' ? 'Sparkplug B (NDATA of 1,000 metrics)' : 'plain MQTT (one JSON value a message)';
  figures[`${name}: values/s the device sent`] = round(run.sent.values / SECONDS);
  figures[`${name}: broker to a client that only counts (baseline), values/s`] = round(
    (baseline.messages * perMessage) / SECONDS,
  );
  figures[`${name}: into the live values, values/s`] = round(run.values / SECONDS);
  figures[`${name}: share of what the device sent`] = round(run.values / run.sent.values, 2);
  figures[`${name}: into the historian, samples/s`] = round(run.samples / SECONDS);
  figures[`${name}: server CPU, % of one core`] = round((run.cpu / SECONDS) * 100);
  figures[`${name}: values per CPU second of the server`] = round(run.values / run.cpu);
}

async function modbusScenario(changing) {
  const devices = 10;
  const registers = 1000;
  const peers = [];
  for (let d = 0; d < devices; d++) {
    const port = await freePort();
    const churn = changing ? { churn: { table: 'holding', count: registers, everyMs: 1000 } } : {};
    const peer = child(PYTHON, [
      MODBUS_PEER,
      JSON.stringify({ port, tables: { holding: { count: registers } }, ...churn }),
    ]);
    await peer.ready;
    peers.push({ port, peer });
  }
  const plantFor = (pollMs) =>
    writePlant(
      peers.map(({ port }, d) => ({
        id: `plc${d}`,
        kind: 'modbus',
        host: '127.0.0.1',
        port,
        pollMs,
        timeoutMs: 5000,
      })),
      peers.map((_, d) => ({
        number: d + 1,
        source: `plc${d}`,
        pvs: Array.from({ length: registers }, (_, r) => ({
          type: 'AnaIn',
          number: r + 1,
          name: `R${r}`,
          eks: `R${r}`,
          subtype: 'Messwert',
          address: { table: 'holding', address: r, type: 'uint16' },
        })),
      })),
    );
  const measure = async (pollMs) => {
    const plant = plantFor(pollMs);
    const server = await serverOn(plant.file);
    await until(
      'all devices connected',
      async () => (await metric(server.url, 'leitwarte_source_up')) === devices,
    );
    await sleep(3000);
    const r0 = await metric(server.url, 'leitwarte_source_reads_total');
    const v0 = await metric(server.url, 'leitwarte_plant_values_total');
    const c0 = cpuSeconds(server.pid);
    const peerCpu0 = peers.reduce((s, p) => s + cpuSeconds(p.peer.proc.pid), 0);
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const seconds = (performance.now() - t0) / 1000;
    const result = {
      reads: ((await metric(server.url, 'leitwarte_source_reads_total')) - r0) / seconds,
      values: ((await metric(server.url, 'leitwarte_plant_values_total')) - v0) / seconds,
      cpu: ((cpuSeconds(server.pid) - c0) / seconds) * 100,
      peerCpu: ((peers.reduce((s, p) => s + cpuSeconds(p.peer.proc.pid), 0) - peerCpu0) / seconds) * 100,
    };
    await server.stopAndCountSamples();
    plant.remove();
    return result;
  };
  const idle = await measure(3_600_000);
  const polling = await measure(1000);
  for (const { peer } of peers) await peer.stop();
  const name = `Modbus 10 devices × 1,000 registers at 1 s, ${changing ? 'every register changing every second' : 'registers unchanged'}`;
  figures[`${name}: read requests/s`] = round(polling.reads, 1);
  figures[`${name}: values changed/s`] = round(polling.values);
  figures[`${name}: server CPU, % of one core`] = round(polling.cpu, 1);
  figures[`${name}: the same server not polling (baseline), %`] = round(idle.cpu, 1);
  figures[`${name}: pymodbus devices (the peer), % CPU`] = round(polling.peerCpu);
}

async function opcuaScenario() {
  const variables = 10_000;
  const port = await freePort();
  const pki = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-pki-'));
  const peer = node('opcua-peer.mjs', { port, pki, variables });
  await peer.ready;
  const endpoint = `opc.tcp://127.0.0.1:${port}/UA/Bench`;
  const baseline = await node(
    'opcua-client.mjs',
    { endpoint, variables, seconds: SECONDS },
    { ready: false },
  ).result();
  const plant = writePlant(
    [{ id: 'ua', kind: 'opcua', endpoint, publishingIntervalMs: 1000, samplingIntervalMs: 1000 }],
    [
      {
        number: 1,
        source: 'ua',
        pvs: Array.from({ length: variables }, (_, i) => ({
          type: 'AnaIn',
          number: i + 1,
          name: `v${i}`,
          eks: `v${i}`,
          subtype: 'Messwert',
          address: { nodeId: `ns=1;s=v${i}` },
        })),
      },
    ],
  );
  const started = performance.now();
  const server = await serverOn(plant.file);
  await until('the subscription', async () => (await metric(server.url, 'leitwarte_source_up')) === 1);
  await until(
    'every item reported',
    async () => (await metric(server.url, 'leitwarte_plant_values_total')) >= variables,
  );
  const firstImage = performance.now() - started;
  await sleep(3000);
  const [m0, c0, p0] = [
    await metric(server.url, 'leitwarte_source_messages_total'),
    cpuSeconds(server.pid),
    cpuSeconds(peer.proc.pid),
  ];
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const notifications = ((await metric(server.url, 'leitwarte_source_messages_total')) - m0) / seconds;
  const cpu = ((cpuSeconds(server.pid) - c0) / seconds) * 100;
  const peerCpu = ((cpuSeconds(peer.proc.pid) - p0) / seconds) * 100;
  await server.stopAndCountSamples();
  await peer.stop();
  plant.remove();
  fs.rmSync(pki, { recursive: true, force: true });
  const name = 'OPC UA 10,000 monitored items at 1 s';
  figures[`${name}: server start to every item reported, ms`] = round(firstImage);
  figures[`${name}: node-opcua's own client connects and subscribes (baseline), ms`] = round(
    baseline.subscribeMs,
  );
  figures[`${name}: notifications/s`] = round(notifications);
  figures[`${name}: node-opcua's own client (baseline), notifications/s`] = round(
    baseline.notifications / SECONDS,
  );
  figures[`${name}: server CPU, % of one core`] = round(cpu, 1);
  figures[`${name}: node-opcua's own client (baseline), % CPU`] = round(
    (baseline.cpuSeconds / SECONDS) * 100,
    1,
  );
  figures[`${name}: node-opcua server (the peer), % CPU`] = round(peerCpu);
}

const load = os.loadavg()[0];
// BENCH_SOURCES=sparkplug,plain,modbus,opcua runs some of them.
const wanted = (process.env.BENCH_SOURCES ?? 'sparkplug,plain,modbus,opcua').split(',');
if (wanted.includes('sparkplug')) await mqttScenario('sparkplug');
if (wanted.includes('plain')) await mqttScenario('plain');
if (wanted.includes('modbus')) {
  await modbusScenario(false);
  await modbusScenario(true);
}
if (wanted.includes('opcua')) await opcuaScenario();
// The machine is shared: its load says how much of a core the server could get.
figures['machine: cores'] = os.cpus().length;
figures['machine: load average (1 min) at the start / end'] =
  `${load.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}`;
report('sources', figures);
