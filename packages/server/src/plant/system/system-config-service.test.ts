import { splitArgb } from '@leitwarte/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import { createSystemConfigService } from './system-config-service.js';
import { loadSystemDefaults, parseSystemDefaults } from './system-defaults.js';

const actor = { userId: 1, username: 'admin' };

describe('system.json', () => {
  it('holds ten priorities with ARGB colours, settings, licence options and a password policy', () => {
    const defaults = loadSystemDefaults();
    expect(defaults.priorities.map((p) => p.priority)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(defaults.priorities[1]).toMatchObject({ name: 'Alarm' });
    expect(splitArgb(defaults.priorities[1]!.color)).toEqual({
      alpha: 255,
      red: 0xd3,
      green: 0x2f,
      blue: 0x2f,
    });
    expect(defaults.systemSettings).toMatchObject({
      defaultAlertRangeDays: 7,
      autoLogout: { enabled: true, timeoutMs: 900000 },
    });
    expect(defaults.passwordPolicy).toMatchObject({
      requireDigit: true,
      requireUpper: true,
      requireLower: true,
    });
  });

  it('refuses a bad document naming the field', () => {
    const good = JSON.parse(
      JSON.stringify({ format: 'leitwarte-system/1', ...loadSystemDefaults() }),
    ) as Record<string, unknown>;
    const bad = { ...good, licenseOptions: { maxActiveUsers: 0, maxPvGroupLogins: 1 } };
    expect(() => parseSystemDefaults(bad, 'system.json')).toThrow(
      /system.json: licenseOptions.maxActiveUsers/,
    );
    const twice = {
      ...good,
      priorities: (good.priorities as { priority: number }[]).map((p) => ({ ...p, priority: 1 })),
    };
    expect(() => parseSystemDefaults(twice, 'system.json')).toThrow(
      /priorities: must list each priority 0 to 9/,
    );
  });
});

describe.each(BOTH_DIALECTS)('system configuration on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('starts from the defaults, keeps changes across restarts, refuses bad ones and audits', async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    const service = createSystemConfigService({ store, now: () => 1000 });
    await service.start();
    expect(service.get()).toEqual(loadSystemDefaults());
    const seen: unknown[] = [];
    service.onChange((c) => seen.push(c.licenseOptions));

    const refused = await service.update(
      { passwordPolicy: { ...service.get().passwordPolicy, minLength: 2 } },
      actor,
    );
    expect(refused.status).toBe('Failed');
    expect(refused.errorMessage).toMatch(/^passwordPolicy.minLength: /);
    expect(
      await service.update({ licenseOptions: { maxActiveUsers: 5, maxPvGroupLogins: 2 } }, actor),
    ).toEqual({
      status: 'Success',
      errorMessage: null,
    });
    expect(seen).toEqual([{ maxActiveUsers: 5, maxPvGroupLogins: 2 }]);
    const [row] = await store.audit.range(0, 2000, 10);
    expect(row).toMatchObject({
      action: 'systemConfig.set',
      object: 'licenseOptions',
      new_value: '{"maxActiveUsers":5,"maxPvGroupLogins":2}',
    });

    const again = createSystemConfigService({ store, now: () => 2000 });
    await again.start();
    expect(again.get().licenseOptions).toEqual({ maxActiveUsers: 5, maxPvGroupLogins: 2 });
    expect(again.get().passwordPolicy.minLength).toBe(10);
  });
});
