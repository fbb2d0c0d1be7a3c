import {
  splitArgb,
  type AlertsReply,
  type Priority,
  type SystemConfig,
  type SystemConfigUpdateReply,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';
import { callApi, replyJson } from '../test-support/api-call.js';

describe.each(BOTH_DIALECTS)('system config calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  const t0 = Date.now() - 1000;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const json = replyJson;
  const current = () => server.services.domain.systemConfig.get();
  const auditRows = async (action: string) =>
    (await server.services.store.audit.range(t0, Date.now() + 1000, 1000)).filter((r) => r.action === action);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'config-viewer', 'viewer');
  });
  afterAll(() => server.close());

  it('serves the whole configuration and each part to every logged-in user', async () => {
    const config = await json<SystemConfig>(await call(viewer, 'GET', '/api/SystemConfig'));
    expect(config).toEqual(current());
    expect(config.priorities.map((p) => p.priority)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(splitArgb(config.priorities[1]!.color).alpha).toBe(255);
    const parts: [string, keyof SystemConfig][] = [
      ['priorities', 'priorities'],
      ['settings', 'systemSettings'],
      ['license-options', 'licenseOptions'],
      ['password-policy', 'passwordPolicy'],
    ];
    for (const [path, part] of parts) {
      expect(await json(await call(viewer, 'GET', `/api/SystemConfig/${path}`))).toEqual(config[part]);
    }
    expect((await fetch(`${server.url}/api/SystemConfig`)).status).toBe(401);
  });

  it('refuses changes by a user without manageUsers: nothing changed, audited', async () => {
    const before = structuredClone(current());
    const reply = await call(viewer, 'PATCH', '/api/SystemConfig', {
      licenseOptions: { maxActiveUsers: 1, maxPvGroupLogins: 1 },
    });
    expect(reply.status).toBe(403);
    expect(current()).toEqual(before);
    expect((await auditRows('access.refused')).map((r) => r.username)).toContain('config-viewer');
  });

  it('refuses malformed and invalid changes without changing anything', async () => {
    const before = structuredClone(current());
    const settings = before.systemSettings;
    const twice: Priority[] = before.priorities.map((p) => ({ ...p, priority: 1 }));
    for (const body of [
      {},
      { unknown: 1 },
      { systemSettings: { ...settings, alertRequestLimit: 0 } },
      { systemSettings: { ...settings, extra: true } },
      { passwordPolicy: { ...before.passwordPolicy, minLength: Number.NaN } },
      { priorities: before.priorities.slice(0, 9) },
      { priorities: twice },
    ]) {
      const reply = await call(admin, 'PATCH', '/api/SystemConfig', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(((await reply.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect(current()).toEqual(before);
    expect((await auditRows('systemConfig.set.refused')).map((r) => r.object)).toEqual(['priorities']);
  });

  it('lets an administrator change parts, audited old → new, effective at once', async () => {
    const before = current().systemSettings;
    const systemSettings = { ...before, alertRequestLimit: 1 };
    const reply = await json<SystemConfigUpdateReply>(
      await call(admin, 'PATCH', '/api/SystemConfig', { systemSettings }),
    );
    expect(reply).toEqual({ status: 'Success', errorMessage: null });
    expect(await json(await call(viewer, 'GET', '/api/SystemConfig/settings'))).toEqual(systemSettings);
    const [row] = await auditRows('systemConfig.set');
    expect(row).toMatchObject({
      username: 'admin',
      object: 'systemSettings',
      old_value: JSON.stringify(before),
      new_value: JSON.stringify(systemSettings),
    });
    // The alert list now returns at most one alert, whatever limit is asked for.
    const alerts = await json<AlertsReply>(await call(admin, 'GET', '/api/alerts?limit=50'));
    expect(alerts.alerts.length).toBeLessThanOrEqual(1);
    await call(admin, 'PATCH', '/api/SystemConfig', { systemSettings: before });
    expect(current().systemSettings).toEqual(before);
  });
});
