// Issue "Over a real network": the web app's files go out as their build-time brotli or gzip twin,
// chosen by Accept-Encoding, with Vary and the caching of before; API replies above 1 KiB are
// compressed on the fly; small replies and a switched-off server send plain bytes.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that shows the bytes on the wire (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (reply: RawReply) => {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  return reply.body;
};

/** A built web app in miniature: an asset with its twins, as the build writes them. */
function webRoot(): { root: string; script: Buffer } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Leitwarte</title>');
  const script = Buffer.from(
    `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Meldung ${i}`))};`,
  );
  const file = path.join(root, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  return { root, script };
}

describe('compression', () => {
  const web = webRoot();
  let server: TestServer;
  let plain: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ webRoot: `${web.root}/` });
    plain = await startTestServer({ webRoot: `${web.root}/`, config: { httpCompression: false } });
    cookie = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
    fs.rmSync(web.root, { recursive: true, force: true });
  });

  it('sends a built file as its brotli twin to a browser that takes brotli, cached for a year', async () => {
    const reply = await rawGet(`${server.url}/assets/index-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.body.length).toBeLessThan(web.script.length / 3);
    expect(decode(reply).equals(web.script)).toBe(true);
  });

  it('sends the gzip twin to a client that takes only gzip, and the file itself to one that takes none', async () => {
    const gz = await rawGet(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).equals(web.script)).toBe(true);
    const none = await rawGet(`${server.url}/assets/index-abc123.js`);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.body.equals(web.script)).toBe(true);
  });

  it('compresses an API reply above the threshold and leaves a small one as it is', async () => {
    const big = await rawGet(`${server.url}/api/Pv/all`, { 'accept-encoding': 'br, gzip', cookie });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const json = decode(big);
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(big.body.length).toBeLessThan(json.length / 4);
    expect(JSON.parse(json.toString('utf8'))).toBeInstanceOf(Object);
    // The same reply in either encoding (a document that does not change between two calls).
    const docs = await rawGet(`${server.url}/api/docs/json`, { 'accept-encoding': 'br' });
    const gzip = await rawGet(`${server.url}/api/docs/json`, { 'accept-encoding': 'gzip' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).equals(decode(docs))).toBe(true);
    const small = await rawGet(`${server.url}/healthz`, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends everything plain when compression is switched off', async () => {
    const file = await rawGet(`${plain.url}/assets/index-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body.equals(web.script)).toBe(true);
    const api = await rawGet(`${plain.url}/api/docs/json`, { 'accept-encoding': 'br, gzip' });
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
  });
});
