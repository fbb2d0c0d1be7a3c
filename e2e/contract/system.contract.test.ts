import { remainingCount } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getControlEvents } from '../../packages/web/src/api/control-events';
import { NetworkError } from '../../packages/web/src/api/http';
import {
  getLicenseOptions,
  getPasswordPolicy,
  getPriorities,
  getSystemConfig,
  getSystemSettings,
  updateSystemConfig,
} from '../../packages/web/src/api/system-config';
import { createTestRole } from '../../packages/server/src/test-support/users';
import { openApiSession, type ApiSession } from './support/api-session';

describe('control event and system config calls of the web client', () => {
  let session: ApiSession;
  const t0 = Date.now() - 60_000;

  const offline = async <T>(call: () => Promise<T>): Promise<T> => {
    session.offline();
    try {
      return await call();
    } finally {
      session.online();
    }
  };

  beforeAll(async () => {
    session = await openApiSession();
  });
  afterAll(() => session.close());

  it('getControlEvents: newest first with the total; errors are thrown', async () => {
    await session.asAdmin();
    await session.as('contract-events-viewer', 'viewer');
    const all = await getControlEvents({ start: t0, end: Date.now() + 1000 });
    expect(all.events.some((e) => e.kind === 'login' && e.username === 'admin')).toBe(true);
    const one = await getControlEvents({ start: new Date(t0), limit: 1 });
    expect(one.events).toHaveLength(1);
    expect(remainingCount(one, one.events.length)).toBeGreaterThan(0);
    expect((await getControlEvents()).total).toBeGreaterThan(0);
    await expect(getControlEvents({ start: 2, end: 1 })).rejects.toMatchObject({ status: 400 });
    await createTestRole(session.server, 'contract-no-rights', []);
    await session.as('contract-events-nobody', 'contract-no-rights');
    await expect(getControlEvents()).rejects.toMatchObject({ status: 403 });
    await expect(offline(() => getControlEvents())).rejects.toBeInstanceOf(NetworkError);
  });

  it('reads the system configuration whole and by part; errors are thrown', async () => {
    await session.as('contract-config-viewer', 'viewer');
    const config = await getSystemConfig();
    expect(config.priorities).toHaveLength(10);
    expect(await getPriorities()).toEqual(config.priorities);
    expect(await getSystemSettings()).toEqual(config.systemSettings);
    expect(await getLicenseOptions()).toEqual(config.licenseOptions);
    expect(await getPasswordPolicy()).toEqual(config.passwordPolicy);
    const reads: (() => Promise<unknown>)[] = [
      getSystemConfig,
      getPriorities,
      getSystemSettings,
      getLicenseOptions,
      getPasswordPolicy,
    ];
    for (const call of reads) {
      await expect(offline(() => call())).rejects.toBeInstanceOf(NetworkError);
    }
  });

  it('updateSystemConfig: Success for an administrator, else Failed with the error text', async () => {
    await session.as('contract-config-operator', 'operator');
    const before = await getSystemConfig();
    const licenseOptions = { maxActiveUsers: 30, maxPvGroupLogins: 12 };
    expect(await updateSystemConfig({ licenseOptions })).toEqual({
      status: 'Failed',
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
    await session.asAdmin();
    const invalid = await updateSystemConfig({
      priorities: before.priorities.map((p) => ({ ...p, priority: 1 })),
    });
    expect(invalid.status).toBe('Failed');
    expect(invalid.errorMessage).toMatch(/^priorities: /);
    expect(await offline(() => updateSystemConfig({ licenseOptions }))).toMatchObject({ status: 'Failed' });
    expect(await getLicenseOptions()).toEqual(before.licenseOptions);
    expect(await updateSystemConfig({ licenseOptions })).toEqual({ status: 'Success', errorMessage: null });
    expect(await getLicenseOptions()).toEqual(licenseOptions);
  });
});
