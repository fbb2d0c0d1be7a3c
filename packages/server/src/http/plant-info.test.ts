import { readFileSync } from 'node:fs';
import type { PlantInfoReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';

const serverVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The call only reads the plant definition, not the store: one dialect is enough.
describe('GET /api/plant/info', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers the plant metadata and the product version to any signed-in user', async () => {
    const viewer = await loginAsNewUser(server, 'about-viewer', 'viewer');
    const reply = await fetch(`${server.url}/api/plant/info`, { headers: { cookie: viewer.cookie } });
    expect(reply.status).toBe(200);
    const info = (await reply.json()) as PlantInfoReply;
    const plant = server.services.plant.info;
    expect(info).toEqual({
      id: plant.id,
      name: plant.name,
      operator: plant.operator,
      client: plant.client,
      provider: plant.provider,
      company: plant.company,
      publicAuthority: plant.publicAuthority,
      timeZone: plant.timeZone,
      productVersion: serverVersion,
    });
    expect(info.name.length).toBeGreaterThan(0);
  });

  it('refuses a caller without a session', async () => {
    const reply = await fetch(`${server.url}/api/plant/info`);
    expect(reply.status).toBe(401);
  });
});
