import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAvailableWebcamImages,
  getCurrentWebcamImage,
  getWebcams,
  webcamImageUrl,
} from '../../packages/web/src/api/webcam';
import { createTestRole } from '../../packages/server/src/test-support/users';
import { openApiSession, type ApiSession } from './support/api-session';

const FIVE_MINUTES = 300_000;

// The webcam calls of calls §7: data only on status 200, nothing otherwise, also offline (calls §8).
describe('webcam calls', () => {
  let session: ApiSession;
  const times: number[] = [];

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
    // An hour ahead: the server's own capture every five minutes, at now, can then never be the
    // newest image or fall into the range read below, whenever a five-minute mark passes.
    const base = Math.ceil(Date.now() / FIVE_MINUTES) * FIVE_MINUTES + 12 * FIVE_MINUTES;
    for (const t of [base, base + FIVE_MINUTES]) {
      times.push(t);
      await session.server.services.domain.webcams!.capture(t);
    }
  });
  afterAll(() => session.close());

  it('lists the webcams, the images of a range and the current image', async () => {
    const cams = await getWebcams();
    expect(cams?.map((c) => c.id)).toEqual([1, 2]);
    expect((await getWebcams(2))?.map((c) => c.stationNumber)).toEqual([2]);
    const images = await getAvailableWebcamImages(1, new Date(times[0]!), times[1]!);
    expect(images?.map((i) => i.timestamp)).toEqual(times);
    expect(await getCurrentWebcamImage(1)).toEqual(images![1]);
    expect(await getCurrentWebcamImage(1, images![0]!.fileName)).toEqual(images![1]);
    expect(await getCurrentWebcamImage(1, images![1]!.fileName)).toBeNull();
    const png = await fetch(webcamImageUrl(1, images![0]!.fileName));
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('returns nothing on a refusal or an error', async () => {
    expect(await getWebcams(77)).toBeUndefined();
    expect(await getAvailableWebcamImages(1, times[1]!, times[0]!)).toBeUndefined();
    expect(await getCurrentWebcamImage(1, 'fremd.png')).toBeUndefined();
    await createTestRole(session.server, 'Lindenberg', ['read'], {
      allStations: false,
      stations: [2],
      pvGroups: [],
    });
    await session.as('lindenberg', 'Lindenberg');
    expect((await getWebcams())?.map((c) => c.id)).toEqual([2]);
    expect(await getWebcams(1)).toBeUndefined();
    expect(await getCurrentWebcamImage(1)).toBeUndefined();
    await session.asAdmin();
  });

  it('returns nothing offline', async () => {
    session.offline();
    try {
      expect(await getWebcams()).toBeUndefined();
      expect(await getAvailableWebcamImages(1, times[0]!, times[1]!)).toBeUndefined();
      expect(await getCurrentWebcamImage(1)).toBeUndefined();
    } finally {
      session.online();
    }
  });
});
