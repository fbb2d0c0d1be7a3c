import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import { getPlantInfo } from '../../packages/web/src/api/plant-info';
import { openApiSession, type ApiSession } from './support/api-session';

describe('plant info call of the web client', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
  });
  afterAll(() => session.close());

  it('reads the plant metadata and the product version as a viewer', async () => {
    await session.as('about-contract-viewer', 'viewer');
    const info = await getPlantInfo();
    expect(info.id).toBe(session.server.services.plant.info.id);
    expect(info.name).toBe(session.server.services.plant.info.name);
    expect(info.productVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('fails with a network error when the server cannot be reached', async () => {
    session.offline();
    try {
      await expect(getPlantInfo()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      session.online();
    }
  });

  it('asks for the logout redirect without a session', async () => {
    const before = session.unauthorizedCount;
    const wrapped = globalThis.fetch;
    // A call without the session cookie, as after the session ended.
    globalThis.fetch = (input, init) => wrapped(input, { ...init, headers: { cookie: 'lw_session=gone' } });
    try {
      await expect(getPlantInfo()).rejects.toBeInstanceOf(ApiError);
    } finally {
      globalThis.fetch = wrapped;
    }
    expect(session.unauthorizedCount).toBe(before + 1);
  });
});
