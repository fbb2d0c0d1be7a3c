import type { PvConfig, PvRef } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../test-support/fake-server';
import { PV_CONFIG_BATCH_DELAY_MS, requestPvConfig } from './pv';

const ref = (nr: number): PvRef => ({ type: 'AnaIn', nr });
const config = (r: PvRef): PvConfig => ({
  pvRef: r,
  name: `PV ${r.nr}`,
  eksNr: '',
  dimension: '',
  subtype: '',
  valueType: 'DoubleValue',
  alertInputConfig: null,
  domainConfig: null,
  digiDisplayConfig: null,
});
/** Answers every requested PV except the ones listed. */
const configsExcept =
  (...left: number[]) =>
  (request: FakeRequest) => {
    const refs = request.body as PvRef[];
    return json(200, {
      configs: refs.filter((r) => !left.includes(r.nr)).map(config),
      missingPvs: refs.filter((r) => left.includes(r.nr)),
      unauthorizedPvs: [],
    });
  };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requestPvConfig (PV info requests batched after a 50 ms wait)', () => {
  it('waits 50 ms, then asks once for every PV requested meanwhile', async () => {
    const server = fakeServer({ 'POST /api/Pv/configs': configsExcept() });
    const first = requestPvConfig(ref(1));
    await vi.advanceTimersByTimeAsync(30);
    const second = requestPvConfig(ref(2));
    const again = requestPvConfig(ref(1));
    await vi.advanceTimersByTimeAsync(PV_CONFIG_BATCH_DELAY_MS - 31);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls('POST', '/api/Pv/configs')).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual([ref(1), ref(2)]);
    await expect(first).resolves.toEqual(config(ref(1)));
    await expect(second).resolves.toEqual(config(ref(2)));
    await expect(again).resolves.toEqual(config(ref(1)));
  });

  it('sends at most 1024 PVs per call', async () => {
    const server = fakeServer({ 'POST /api/Pv/configs': configsExcept() });
    const all = Array.from({ length: 2500 }, (_, i) => requestPvConfig(ref(i + 1)));
    await vi.advanceTimersByTimeAsync(PV_CONFIG_BATCH_DELAY_MS);
    expect(server.requests.map((r) => (r.body as PvRef[]).length)).toEqual([1024, 1024, 452]);
    expect((await Promise.all(all)).map((c) => c.pvRef.nr)).toEqual(all.map((_, i) => i + 1));
  });

  it('rejects a caller whose config the reply lacks, naming the key; the others resolve', async () => {
    fakeServer({ 'POST /api/Pv/configs': configsExcept(2) });
    const found = requestPvConfig(ref(1));
    const lacking = requestPvConfig(ref(2));
    const settled = Promise.allSettled([found, lacking]);
    await vi.advanceTimersByTimeAsync(PV_CONFIG_BATCH_DELAY_MS);
    const [a, b] = await settled;
    expect(a).toEqual({ status: 'fulfilled', value: config(ref(1)) });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('AnaIn-2') } });
  });

  it('rejects every caller of a batch whose call failed; a later request starts a new batch', async () => {
    const server = fakeServer({
      'POST /api/Pv/configs': () => json(500, { statusCode: 500, error: 'x', message: 'kaputt' }),
    });
    const failing = requestPvConfig(ref(1));
    const settled = Promise.allSettled([failing]);
    await vi.advanceTimersByTimeAsync(PV_CONFIG_BATCH_DELAY_MS);
    expect((await settled)[0]).toMatchObject({ status: 'rejected', reason: { message: 'kaputt' } });
    const later = requestPvConfig(ref(3));
    const laterSettled = Promise.allSettled([later]);
    await vi.advanceTimersByTimeAsync(PV_CONFIG_BATCH_DELAY_MS);
    await laterSettled;
    expect(server.requests).toHaveLength(2);
  });
});
