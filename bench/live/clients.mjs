// The subscriber side of the live benchmark, in its own process: N raw WebSocket clients that
// speak the JSON hub protocol (cheaper than the official client at N = 1,000), plus clients
// that subscribe and then never read. Controlled by the parent over IPC.
import { openRawSocket } from './raw-socket.mjs';

const RS = '\x1e';
// Like every SignalR client: a ping when there was nothing else to send for a while, or the
// server ends the connection after its client timeout (30 s).
const PING = `{"type":6}${RS}`;
const PING_MS = 15_000;
const TIMESTAMP = Buffer.from('"timestamp":');
// Boyer–Moore–Horspool: how far the search may jump when a byte ends the window. A Buffer
// indexOf per value crosses into C++ each time and took half of this process's CPU at
// 1,000,000 values a second; this loop finds the same occurrences in about a third of the time.
const SHIFT = new Uint8Array(256).fill(TIMESTAMP.length);
for (let k = 0; k < TIMESTAMP.length - 1; k++) SHIFT[TIMESTAMP[k]] = TIMESTAMP.length - 1 - k;

/** Where the next "timestamp": starts in [from, end), or -1. */
function findTimestamp(data, from, end) {
  const last = TIMESTAMP.length - 1;
  for (let at = from; at + last < end; at += SHIFT[data[at + last]]) {
    let k = last;
    while (k >= 0 && data[at + k] === TIMESTAMP[k]) k--;
    if (k < 0) return at;
  }
  return -1;
}
const HISTOGRAM_MS = 10_000;
// After the window, values changed inside it may still be on their way: they count if they
// arrive within this grace (later ones count as not delivered).
const GRACE_MS = 2000;

let readers = [];
let pinger = null;
// Every socket from its start until it closes, also while the others are still subscribing.
const live = new Set();
let closedLogged = 0;
let closing = false;
let stalled = [];
const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let values = 0;
let batches = 0;
// The measuring window in change time (the server's timestamps, same clock): only values that
// changed inside it are counted, whenever their batch arrives, so where the window cuts a
// client's batches does not bias the count.
let windowFrom = Infinity;
let windowTo = Infinity;
let measuring = false;

async function open(url, cookie, refs, reading) {
  const client = { socket: null, batches: 0, ready: false, closed: false };
  let replies = 0;
  const calls = Math.ceil(refs.length / 1024);
  let subscribed;
  let refused;
  const done = new Promise((resolve, reject) => {
    subscribed = resolve;
    refused = reject;
  });
  /** One message, bytes [start, end) of data, handed over once its last byte arrived. */
  const onMessage = (data, start, end) => {
    if (!client.ready) {
      // Handshake answer and the completions of the subscribe calls.
      const text = data.toString('utf8', start, end);
      replies += text.split(RS).filter((r) => r.includes('"type":3')).length;
      if (replies >= calls) {
        client.ready = true;
        subscribed();
      }
    }
    if (!reading) return;
    // Count values and their age by scanning the bytes for "timestamp": (no full JSON parse).
    // Every occurrence is one value with its own age, exactly as before; see findTimestamp.
    const now = Date.now();
    let found = 0;
    for (let at = findTimestamp(data, start, end); at !== -1;) {
      let ts = 0;
      let i = at + TIMESTAMP.length;
      for (; i < end; i++) {
        const c = data[i];
        if (c < 48 || c > 57) break;
        ts = ts * 10 + (c - 48);
      }
      at = findTimestamp(data, i, end);
      found++;
      if (ts < windowFrom || ts >= windowTo) continue;
      histogram[Math.min(HISTOGRAM_MS, Math.max(0, now - ts))]++;
      values++;
    }
    if (found > 0 && measuring) {
      batches++;
      client.batches++;
    }
  };
  const onClose = (code, reason) => {
    client.closed = true;
    live.delete(client);
    // The first few reasons, so a run that loses connections says why.
    if (reading && !closing && ++closedLogged <= 3) console.error(`bench client closed: ${code} ${reason}`);
    if (!client.ready) refused(new Error(`closed before subscribing: ${code} ${reason}`));
  };
  client.socket = await openRawSocket(
    `${url.replace(/^http/, 'ws')}/hubs/pv`,
    { Cookie: cookie },
    onMessage,
    onClose,
  );
  live.add(client);
  client.socket.send(`{"protocol":"json","version":1}${RS}`);
  for (let i = 0; i < refs.length; i += 1024) {
    const call = {
      type: 1,
      invocationId: String(i),
      target: 'SubscribeToPvs',
      arguments: [refs.slice(i, i + 1024)],
    };
    client.socket.send(JSON.stringify(call) + RS);
  }
  await done;
  return client;
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
  pinger ??= setInterval(() => {
    // The stalled ones too: they stop reading, not sending.
    for (const client of live) client.socket.send(PING);
  }, PING_MS);
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
    client.socket.stopReading();
    stalled.push(client);
  }
}

async function measure({ ms }) {
  histogram.fill(0);
  values = 0;
  batches = 0;
  for (const client of readers) client.batches = 0;
  windowFrom = Date.now();
  windowTo = windowFrom + ms;
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, GRACE_MS));
  const perClient = readers.map((c) => c.batches / seconds).sort((a, b) => a - b);
  return {
    clients: readers.length,
    // Connections the server or the network ended during the run (should be 0).
    closedClients: readers.filter((c) => c.closed).length,
    updatesPerSecond: Math.round(values / (ms / 1000)),
    batchesPerSecond: Math.round(batches / seconds),
    batchesPerSecondPerClient: +(perClient[Math.floor(perClient.length / 2)] ?? 0).toFixed(2),
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
  };
}

function closeAll() {
  closing = true;
  clearInterval(pinger);
  pinger = null;
  for (const client of [...readers, ...stalled]) client.socket.terminate();
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
