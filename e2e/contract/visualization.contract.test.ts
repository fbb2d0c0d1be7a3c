import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout } from '../../packages/web/src/api/auth';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import {
  getProcessImage,
  getProcessImages,
  getTextMessages,
  processImageUrl,
  setTextMessages,
} from '../../packages/web/src/api/visualization';
import { openApiSession, type ApiSession } from './support/api-session';

describe('visualisation client as administrator', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
  });
  afterAll(() => session.close());

  it('lists process images and loads one as SVG', async () => {
    const images = await getProcessImages();
    expect(images.map((i) => i.name)).toEqual(
      expect.arrayContaining(['hb-lindenberg', 'rueb-talheim', 'wasserwerk-auheim']),
    );
    expect(images).toHaveLength(11);
    expect(processImageUrl('hb-lindenberg')).toBe(
      `${session.server.url}/Views/Visualization/ProcessImages/hb-lindenberg`,
    );
    expect(await getProcessImage('rueb-talheim')).toMatch(/<svg\b[^>]*data-station="9"/);
    await expect(getProcessImage('gibt-es-nicht')).rejects.toMatchObject({ status: 404 });
    await expect(getProcessImage('../plant.json')).rejects.toBeInstanceOf(ApiError);
  });

  it('reads and sets text messages', async () => {
    const read = await getTextMessages([1, 4242]);
    expect(read).toMatchObject({ status: 'Success', message: null, missingIds: [4242] });
    expect(read.messages.map((m) => m.id)).toEqual([1]);
    const set = await setTextMessages([{ textId: 1, targetValue: 'Bereitschaft: Frau Keller.' }]);
    expect(set).toMatchObject({
      status: 'Success',
      messages: [{ id: 1, message: 'Bereitschaft: Frau Keller.' }],
    });
    const refused = await setTextMessages([{ textId: 1, targetValue: '' }]);
    expect(refused.status).toBe('Failed');
    expect(refused.message).toContain('Text 1');
  });

  it('answers a network failure with the catalogue text', async () => {
    session.offline();
    try {
      const failed = { status: 'Failed', message: 'Netzwerkfehler', messages: [], missingIds: [] };
      expect(await getTextMessages([1])).toEqual(failed);
      expect(await setTextMessages([{ textId: 1, targetValue: 'x' }])).toEqual(failed);
      await expect(getProcessImages()).rejects.toBeInstanceOf(NetworkError);
      await expect(getProcessImage('hb-lindenberg')).rejects.toBeInstanceOf(NetworkError);
    } finally {
      session.online();
    }
  });

  it('sends an expired session to the logout page', async () => {
    await logout();
    const before = session.unauthorizedCount;
    await expect(getProcessImage('hb-lindenberg')).rejects.toMatchObject({ status: 401 });
    expect(await getTextMessages([1])).toMatchObject({ status: 'Failed' });
    expect(session.unauthorizedCount).toBe(before + 2);
  });
});

describe('visualisation client as a viewer', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.as('betrachter', 'viewer');
  });
  afterAll(() => session.close());

  it('reads texts but may not set them', async () => {
    expect((await getTextMessages([2])).status).toBe('Success');
    const refused = await setTextMessages([{ textId: 2, targetValue: 'Nicht erlaubt' }]);
    expect(refused).toMatchObject({ status: 'Unauthorized', message: 'Keine Rechte zum Ändern der Texte.' });
    expect((await getTextMessages([2])).messages[0]?.message).not.toBe('Nicht erlaubt');
  });

  it('returns the error text of a malformed request', async () => {
    const reply = await setTextMessages([{ textId: 0, targetValue: 'x' }]);
    expect(reply.status).toBe('Failed');
    expect(reply.message).toMatch(/textId/);
  });
});
