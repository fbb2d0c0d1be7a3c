import type { LimitConfig, LimitType } from '@leitwarte/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createAlertHarness, OPERATOR, type AlertHarness } from './alert-harness.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
/** Schaltschranktemperatur, domain −20…60; the demo sets ugw 5 and ogw 40. */
const pv = { type: 'AnaIn' as const, nr: 100001 };
const limit = (limitType: LimitType, value: number, more: Partial<LimitConfig> = {}): LimitConfig => ({
  pvLimitRef: { pv, limitType },
  limit: value,
  priority: 3,
  delayTime: 60,
  description: 'Grenzwert',
  message: 'Schaltschrank',
  notSet: false,
  ...more,
});

describe.each(BOTH_DIALECTS)('limits and priorities on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let h: AlertHarness;

  const setUp = async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    h = await createAlertHarness(store, definition);
  };
  afterEach(async () => {
    await h.stop();
    await store.close();
    await database.drop();
  });

  it('lists the four limits per AnaIn, the demo defaults set and the rest notSet', async () => {
    await setUp();
    const limits = h.limits.limitsOf([pv, { type: 'DigiIn', nr: 100001 }]);
    expect(limits.map((l) => [l.pvLimitRef.limitType, l.notSet, l.limit])).toEqual([
      ['Bottom', false, 5],
      ['BottomMiddle', true, 0],
      ['TopMiddle', true, 0],
      ['Top', false, 40],
    ]);
    expect(limits[3]).toMatchObject({
      priority: 3,
      delayTime: 300,
      message: 'Schaltschrank: Übertemperatur',
    });
  });

  it('refuses limit edits with the messages of screens §5 and changes nothing', async () => {
    await setUp();
    const refused = async (entries: LimitConfig[]) => {
      const reply = await h.limits.setLimits(entries, OPERATOR);
      expect(reply.status).toBe('Failed');
      return reply;
    };
    expect((await refused([limit('Top', 70)])).errorMessage).toBe(
      'Der Wert 70 liegt über dem Maximalwert von 60',
    );
    expect((await refused([limit('Bottom', -25.5)])).issues[0]).toMatchObject({
      pv,
      limitType: 'Bottom',
      key: 'belowMinimum',
      params: { value: -25.5, 0: -20 },
      text: 'Der Wert -25,5 liegt unter dem Minimalwert von -20',
    });
    expect((await refused([limit('Top', 30, { priority: 10 })])).errorMessage).toBe(
      'Prioritäten müssen zwischen 0 und 9 liegen.',
    );
    expect((await refused([limit('Top', 30, { delayTime: 70000 })])).errorMessage).toBe(
      'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
    );
    // Checked against the stored Top of 40: a Bottom of 45 is above it.
    expect((await refused([limit('Bottom', 45)])).issues.map((i) => i.text)).toEqual([
      'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
      'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
    ]);
    expect((await refused([limit('BottomMiddle', 30), limit('TopMiddle', 20)])).errorMessage).toBe(
      'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
    );
    expect((await refused([limit('Top', 30), limit('Top', 31)])).errorMessage).toMatch(/mehrfach/);
    const missing = await refused([
      { ...limit('Top', 1), pvLimitRef: { pv: { type: 'AnaIn', nr: 999999 }, limitType: 'Top' } },
    ]);
    expect(missing.missingPvs).toEqual([{ type: 'AnaIn', nr: 999999 }]);
    const denied = await h.limits.setLimits([limit('Top', 30)], OPERATOR, { authorize: () => false });
    expect(denied).toMatchObject({ status: 'Unauthorized', unauthorizedPvs: [pv] });
    expect(h.limits.limitsOf([pv])[3]?.limit).toBe(40);
    expect(await store.audit.range(0, h.now(), 10)).toEqual([]);
  });

  it('applies a valid edit, audits old → new, announces it; notSet limits are left out of the rules', async () => {
    await setUp();
    const changed: LimitConfig[][] = [];
    h.limits.onLimitConfig((c) => changed.push([...c]));
    const reply = await h.limits.setLimits(
      [limit('Top', 35), limit('BottomMiddle', 99, { notSet: true })],
      OPERATOR,
    );
    expect(reply).toMatchObject({ status: 'Success', errorMessage: null });
    expect(h.limits.limitsOf([pv])[3]).toMatchObject({ limit: 35, priority: 3, delayTime: 60 });
    expect(changed).toHaveLength(1);
    expect(changed[0]?.map((c) => c.pvLimitRef.limitType).sort()).toEqual(['BottomMiddle', 'Top']);
    const audit = await store.audit.range(0, h.now(), 10);
    const top = audit.find((r) => r.object === 'AnaIn-100001/ogw');
    expect(top).toMatchObject({ action: 'limits.set', username: 'meier', user_id: 7 });
    expect(JSON.parse(top!.old_value!)).toMatchObject({ limit_value: 40 });
    expect(JSON.parse(top!.new_value!)).toMatchObject({ limit_value: 35 });
    // Writing the same again changes nothing and audits nothing.
    await h.limits.setLimits([limit('Top', 35)], OPERATOR);
    expect(await store.audit.range(0, h.now(), 10)).toHaveLength(2);
  });

  it('sets digital-input priorities 0 to 9 for alert inputs only', async () => {
    await setUp();
    const door = { type: 'DigiIn' as const, nr: 100001 };
    expect(h.limits.digitalPriority(door)).toBe(5);
    const seen: unknown[] = [];
    h.limits.onDigitalPriority((entries) => seen.push(entries));
    expect((await h.limits.setDigitalPriorities([{ pv: door, priority: 10 }], OPERATOR)).errorMessage).toBe(
      'Prioritäten müssen zwischen 0 und 9 liegen.',
    );
    const notAnInput = await h.limits.setDigitalPriorities(
      [{ pv: { type: 'DigiIn', nr: 100020 }, priority: 1 }],
      OPERATOR,
    );
    expect(notAnInput.missingPvs).toEqual([{ type: 'DigiIn', nr: 100020 }]);
    expect((await h.limits.setDigitalPriorities([{ pv: door, priority: 0 }], OPERATOR)).status).toBe(
      'Success',
    );
    expect(h.limits.digitalPriority(door)).toBe(0);
    expect(seen).toEqual([[{ pv: door, priority: 0 }]]);
    expect((await store.audit.range(0, h.now(), 10))[0]).toMatchObject({
      action: 'priority.set',
      object: 'DigiIn-100001',
      old_value: '5',
      new_value: '0',
    });
  });
});
