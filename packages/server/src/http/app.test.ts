import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe('the server around the API', () => {
  let server: TestServer;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Leitwarte</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await startTestServer({ webRoot: `${webRoot}/` });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('reports health without a session', async () => {
    const reply = await fetch(`${server.url}/healthz`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      status: 'ok',
      store: 'ok',
      dataSource: 'Connected',
      // One process: it owns the field, with the in-process backplane.
      process: { id: expect.any(String), field: 'owner', owner: null, backplane: 'in-process' },
    });
  });

  it('publishes the OpenAPI document with every API route in it', async () => {
    const reply = await fetch(`${server.url}/api/docs/json`);
    expect(reply.status).toBe(200);
    const doc = (await reply.json()) as { paths: Record<string, unknown> };
    for (const p of [
      '/api/auth/login',
      '/api/UserManagement/info',
      '/api/Pv/all',
      '/api/Pv/configs',
      '/api/station/GetAllStations',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });

  it('sends the security headers', async () => {
    const reply = await fetch(`${server.url}/login`);
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves the web app for client routes and 404 for unknown server paths', async () => {
    const page = await fetch(`${server.url}/overview?x=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Leitwarte</title>');
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/api/nothing-here`)).status).toBe(401);
    const cookie = await server.login();
    expect((await fetch(`${server.url}/api/nothing-here`, { headers: { cookie } })).status).toBe(404);
  });
});
