import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServerProcess } from './support/server-process.js';
import { logIn, sessionCookie } from './support/api.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-cli-'));

function leitwarte(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'packages/server/dist/cli.js'), ...args], {
    env: { ...process.env, LEITWARTE_DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

async function loginStatus(url: string, username: string, password: string): Promise<number> {
  return (await logIn(url, username, password)).status;
}

describe('the command line for users', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('adds users, resets passwords and disables users on the store the server uses', async () => {
    const added = leitwarte('user', 'add', 'meier', '--role', 'operator');
    expect(added.status).toBe(0);
    const password = /Password: (\S+)/.exec(added.out)?.[1];
    expect(password).toHaveLength(20);
    expect(
      leitwarte('user', 'add', 'k.schulz', '--role', 'viewer', '--password', 'Schulz-Pass-1').status,
    ).toBe(0);

    const server = await startServerProcess({ dataDir });
    try {
      expect(await loginStatus(server.url, 'meier', password!)).toBe(200);
      expect(await loginStatus(server.url, 'k.schulz', 'Schulz-Pass-1')).toBe(200);

      const reset = leitwarte('user', 'reset-password', 'meier');
      const newPassword = /New password: (\S+)/.exec(reset.out)?.[1];
      expect(reset.status).toBe(0);
      expect(await loginStatus(server.url, 'meier', password!)).toBe(401);
      expect(await loginStatus(server.url, 'meier', newPassword!)).toBe(200);

      expect(leitwarte('user', 'disable', 'k.schulz').status).toBe(0);
      expect(await loginStatus(server.url, 'k.schulz', 'Schulz-Pass-1')).toBe(401);
      expect(leitwarte('user', 'list').out).toMatch(/k\.schulz\s+viewer\s+disabled/);
    } finally {
      await server.stop();
    }
  });

  it('ends a lockout early and verifies the audit log, naming the first broken row', async () => {
    expect(
      leitwarte('user', 'add', 'lehmann', '--role', 'viewer', '--password', 'Lehmann-Pass-1').status,
    ).toBe(0);
    const server = await startServerProcess({ dataDir });
    try {
      for (let i = 0; i < 5; i++) await loginStatus(server.url, 'lehmann', 'wrong-password');
      expect(await loginStatus(server.url, 'lehmann', 'Lehmann-Pass-1')).toBe(423);
      expect(leitwarte('user', 'list').out).toMatch(/lehmann\s+viewer\s+locked/);
      expect(leitwarte('user', 'unlock', 'lehmann')).toMatchObject({
        status: 0,
        out: 'User "lehmann" unlocked.',
      });
      expect(await loginStatus(server.url, 'lehmann', 'Lehmann-Pass-1')).toBe(200);
    } finally {
      await server.stop();
    }
    expect(leitwarte('user', 'unlock', 'nobody').status).toBe(2);
    const intact = leitwarte('audit', 'verify');
    expect(intact.status).toBe(0);
    expect(intact.out).toMatch(/^Audit log intact: \d+ rows, last hash [0-9a-f]{64}\.$/);
    // Someone with access to the file switches the guard off and rewrites a row.
    const file = new Database(path.join(dataDir, 'leitwarte.sqlite'));
    file.exec('drop trigger audit_log_no_update');
    file.prepare("update audit_log set username = 'someone else' where id = 2").run();
    file.close();
    const broken = leitwarte('audit', 'verify');
    expect(broken.status).toBe(1);
    expect(broken.err).toMatch(/^Audit log broken at row 2 \(.*\): it was changed after it was written/);
  });

  it('refuses bad input with a message and exit code 2, changing nothing', () => {
    for (const args of [
      ['user', 'add', 'x', '--role', 'king'],
      ['user', 'add', '../etc', '--role', 'viewer'],
      ['user', 'add', 'short', '--role', 'viewer', '--password', 'abc'],
      ['user', 'reset-password', 'nobody'],
      ['user', 'frobnicate'],
    ]) {
      const result = leitwarte(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.err.length, args.join(' ')).toBeGreaterThan(0);
    }
    expect(leitwarte('user', 'list').out).not.toMatch(/^(x|short|\.\.\/etc)\s/m);
  });

  it('generates a plant of a given size that the server runs', async () => {
    const file = path.join(dataDir, 'generated.json');
    const result = leitwarte(
      'plant',
      'generate',
      '--stations',
      '20',
      '--pvs-per-station',
      '50',
      '--out',
      file,
    );
    expect(result.status, result.err).toBe(0);
    const server = await startServerProcess({
      dataDir: path.join(dataDir, 'generated-store'),
      env: { LEITWARTE_PLANT: file },
    });
    try {
      const cookie = await sessionCookie(server.url);
      const pvs = (await (
        await fetch(`${server.url}/api/Pv/all`, { headers: { cookie } })
      ).json()) as unknown[];
      expect(pvs).toHaveLength(1000);
      const stations = (await (
        await fetch(`${server.url}/api/station/GetAllStations`, { headers: { cookie } })
      ).json()) as unknown[];
      expect(stations).toHaveLength(20);
      // The generated maintenance.json beside the plant: each station's two pumps have operating
      // hours and switching cycles, each with a pre-warning and a due message.
      const messages = (await (
        await fetch(`${server.url}/api/maintenance/overview/station/-1`, { headers: { cookie } })
      ).json()) as unknown[];
      expect(messages).toHaveLength(20 * 2 * 2 * 2);
    } finally {
      await server.stop();
    }
  });
});
