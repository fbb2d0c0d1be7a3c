// The subscriber side of the live benchmark, in its own process: N raw WebSocket clients that
// speak the JSON hub protocol (cheaper than the official client at N = 1,000), plus clients
// that subscribe and then never read. Controlled by the parent over IPC.
import WebSocket from 'ws';

const RS = '\x1e';
const TIMESTAMP = Buffer.from('"timestamp":');
const HISTOGRAM_MS = 10_000;

let readers = [];
let stalled = [];
const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let values = 0;
let batches = 0;

function open(url, cookie, refs, reading) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/hubs/pv`, {
      headers: { cookie },
      perMessageDeflate: false,
    });
    const client = { ws, batches: 0, ready: false };
    let replies = 0;
    const calls = Math.ceil(refs.length / 1024);
    ws.on('message', (/** @type {Buffer} */ data) => {
      if (!client.ready) {
        // Handshake answer and the completions of the subscribe calls.
        const text = data.toString('utf8');
        replies += text.split(RS).filter((r) => r.includes('"type":3')).length;
        if (replies >= calls) {
          client.ready = true;
          resolve(client);
        }
      }
      if (!reading) return;
      // Count values and their age by scanning for "timestamp": (no full JSON parse).
      const now = Date.now();
      let found = 0;
      for (let at = data.indexOf(TIMESTAMP); at !== -1; at = data.indexOf(TIMESTAMP, at + 12)) {
        let ts = 0;
        for (let i = at + 12; i < data.length; i++) {
          const c = data[i];
          if (c < 48 || c > 57) break;
          ts = ts * 10 + (c - 48);
        }
        histogram[Math.min(HISTOGRAM_MS, Math.max(0, now - ts))]++;
        found++;
      }
      if (found > 0) {
        values += found;
        batches++;
        client.batches++;
      }
    });
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(`{"protocol":"json","version":1}${RS}`);
      for (let i = 0; i < refs.length; i += 1024) {
        const call = {
          type: 1,
          invocationId: String(i),
          target: 'SubscribeToPvs',
          arguments: [refs.slice(i, i + 1024)],
        };
        ws.send(JSON.stringify(call) + RS);
      }
    });
  });
}

function percentile(p) {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let ms = 0; ms <= HISTOGRAM_MS; ms++) {
    seen += histogram[ms];
    if (seen >= total * p) return ms;
  }
  return HISTOGRAM_MS;
}

async function connect({ url, cookie, refs, count, perClient, stalledCount = 0, stalledPvs = 0 }) {
  const start = readers.length;
  const opened = [];
  for (let i = start; i < start + count; i++) {
    const offset = (i * perClient) % refs.length;
    const slice = refs.slice(offset, offset + perClient);
    opened.push(open(url, cookie, slice, true));
    // Don't open a thousand sockets in the same instant.
    if (opened.length % 50 === 0) await Promise.all(opened.slice(-50));
  }
  readers.push(...(await Promise.all(opened)));
  for (let i = 0; i < stalledCount; i++) {
    const client = await open(url, cookie, refs.slice(0, stalledPvs), false);
    // Stop reading for good: the kernel buffers fill, then the server's.
    client.ws._socket.pause();
    stalled.push(client);
  }
}

async function measure({ ms }) {
  histogram.fill(0);
  values = 0;
  batches = 0;
  for (const client of readers) client.batches = 0;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const seconds = (performance.now() - started) / 1000;
  const perClient = readers.map((c) => c.batches / seconds).sort((a, b) => a - b);
  return {
    clients: readers.length,
    updatesPerSecond: Math.round(values / seconds),
    batchesPerSecond: Math.round(batches / seconds),
    batchesPerSecondPerClient: +(perClient[Math.floor(perClient.length / 2)] ?? 0).toFixed(2),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
  };
}

function closeAll() {
  for (const client of [...readers, ...stalled]) client.ws.terminate();
  readers = [];
  stalled = [];
}

process.on('message', async (/** @type {any} */ message) => {
  try {
    let result = null;
    if (message.cmd === 'connect') await connect(message);
    else if (message.cmd === 'measure') result = await measure(message);
    else if (message.cmd === 'close') closeAll();
    process.send({ id: message.id, result });
  } catch (error) {
    process.send({ id: message.id, error: String(error) });
  }
});
