// Three server processes of one installation (PostgreSQL, Redis) behind nginx, as
// docs/scale-out.md sets them up, with browsers: any process serves any request, the owner of
// the field can be killed, Redis can restart.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { PvAllItem } from '@leitwarte/core';
import { HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../packages/server/src/auth/login-client';
import type { Database } from '../packages/server/src/store/schema';
import { createTestDatabase, type TestDatabase } from '../packages/server/src/test-support/databases';
import { killRedisServer, startRedisServer } from '../packages/server/src/test-support/redis-server';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { startNginx, type Nginx } from './support/nginx.js';
import {
  ADMIN_PASSWORD,
  freePort,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';

interface Health {
  status: string;
  process: { id: string; field: 'owner' | 'follower' | 'starting'; owner: string | null; backplane: string };
}

async function health(url: string): Promise<Health | null> {
  try {
    const reply = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return (await reply.json()) as Health;
  } catch {
    return null;
  }
}

async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Session {
  cookie: string;
  csrfToken: string;
}

async function apiSession(url: string): Promise<Session> {
  const reply = await postLogin(url, 'admin', ADMIN_PASSWORD);
  if (reply.status !== 200) throw new Error(`login refused: ${reply.status}`);
  const cookie = reply.headers
    .getSetCookie()
    .find((c) => c.startsWith('lw_session='))!
    .split(';', 1)[0]!;
  const { user } = (await reply.json()) as { user: { csrfToken: string } };
  return { cookie, csrfToken: user.csrfToken };
}

async function logIn(browser: Browser, url: string) {
  const { context, page } = await newPage(browser);
  const login = new LoginPage(page);
  await login.open(url, '/login?returnUrl=%2Foverview');
  await login.logIn('admin', ADMIN_PASSWORD);
  const overview = new OverviewPage(page);
  await overview.waitUntilShown();
  await page.locator('[data-live-status="connected"]').waitFor({ timeout: 20_000 });
  return { context, page, overview };
}

/** The header's server-status badge text for a state, from the web app's catalogue of a locale. */
function serverStatusText(language: string, state: 'ServerDisconnected'): string {
  const catalogue = JSON.parse(
    fs.readFileSync(new URL(`../packages/web/src/i18n/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as { live: { serverStatus: Record<string, string> } };
  const texts = catalogue.live.serverStatus;
  return texts.label!.replace('{{state}}', texts[state]!);
}

/** Waits until at least `count` value cells of the page differ from what they showed before. */
async function valuesMove(page: Page, overview: OverviewPage, count: number, timeoutMs = 20_000) {
  const before = await overview.values();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await overview.values();
    const changed = [...now].filter(([key, text]) => before.get(key) !== text).length;
    if (changed >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${changed} values changed`);
    await page.waitForTimeout(300);
  }
}

describe('three processes behind nginx', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let redis: ChildProcess;
  let redisPort: number;
  const servers: ServerProcess[] = [];
  let nginx: Nginx;
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.databaseUrl! }) }),
    });
    // The file's own Redis: one test restarts it.
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
    const prefix = `lwe2e-${randomBytes(4).toString('hex')}:`;
    // The first alone migrates the store, creates the users and wins the election.
    for (let i = 0; i < 3; i += 1) {
      const port = await freePort();
      servers.push(
        await startServerProcess({
          port,
          env: {
            LEITWARTE_DATABASE_URL: database.databaseUrl!,
            LEITWARTE_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            LEITWARTE_REDIS_PREFIX: prefix,
            LEITWARTE_PROCESS_URL: `http://127.0.0.1:${port}`,
            // nginx and the other processes pass requests on from the loopback.
            LEITWARTE_TRUSTED_PROXIES: 'loopback',
            LEITWARTE_BOT_CHECK_BITS: '8',
          },
        }),
      );
    }
    // The owner starts the field after winning the election: the plant, the engines, the archive.
    await waitFor(
      'an owner',
      async () => (await health(servers[0]!.url))?.process.field === 'owner',
      60_000,
    ).catch(async (error: unknown) => {
      const states = await Promise.all(servers.map((s) => health(s.url)));
      throw new Error(
        `${String(error)}: ${JSON.stringify(states)}\n${servers.map((s) => s.output().slice(-1500)).join('\n---\n')}`,
      );
    });
    nginx = await startNginx(servers.map((s) => s.url));
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    for (const server of servers) await server.dispose();
    if (redis) await killRedisServer(redis);
    await db?.destroy();
    await database?.drop();
  });

  it("an administrator's message sent through one process reaches browsers on the others", async () => {
    const [, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const onB = await logIn(browser, b.url);
    const viaNginx = await logIn(browser, nginx.url);
    const admin = await apiSession(c.url);
    const text = `Wartung um ${randomBytes(2).toString('hex')}`;
    const reply = await fetch(`${c.url}/api/admin/server-info-message`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ message: text }),
    });
    expect(reply.status).toBe(204);
    await onB.page.getByText(text).first().waitFor({ timeout: 5000 });
    await viaNginx.page.getByText(text).first().waitFor({ timeout: 5000 });
    await onB.context.close();
    await viaNginx.context.close();
  }, 60_000);

  it('Redis restarts: the processes reconnect and the browser resubscribes without a reload', async () => {
    const { context, page, overview } = await logIn(browser, nginx.url);
    await valuesMove(page, overview, 3);
    await killRedisServer(redis);
    await waitFor(
      'processes see Redis gone',
      async () =>
        (await Promise.all(servers.map((s) => health(s.url)))).every(
          (h) => h?.process.backplane === 'reconnecting',
        ),
      10_000,
    );
    redis = await startRedisServer(redisPort);
    await waitFor(
      'processes reconnected',
      async () =>
        (await Promise.all(servers.map((s) => health(s.url)))).every(
          (h) => h?.process.backplane === 'connected',
        ),
      15_000,
    );
    // The owner closed its hub connections with allowReconnect: the page reconnects by itself.
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 20_000 });
    await valuesMove(page, overview, 3);
    expect(page.url()).toContain('/overview');
    await context.close();
  }, 90_000);

  it('SIGKILL of the owner: another takes over within 10 s; every acknowledged write is there exactly once, no alert twice', async () => {
    const { context, page, overview } = await logIn(browser, nginx.url);
    const admin = await apiSession(nginx.url);
    const all = (await (
      await fetch(`${nginx.url}/api/Pv/all`, { headers: { cookie: admin.cookie } })
    ).json()) as PvAllItem[];
    const setpoint = all.find(
      (i) =>
        i.config.pvRef.type === 'AnaOut' &&
        i.config.valueType === 'DoubleValue' &&
        typeof i.config.domainConfig?.min === 'number' &&
        typeof i.config.domainConfig.max === 'number',
    )!.config;
    const low = setpoint.domainConfig!.min!;
    const step = (setpoint.domainConfig!.max! - low) / 1000;

    const owner = servers[0]!;
    const survivors = servers.filter((s) => s !== owner);
    // Browsers on one follower, one per language: their header shows the server-status channel.
    const onFollower = await Promise.all(
      (['de', 'en', 'cs', 'ru'] as const).map(async (language) => {
        const session = await logIn(browser, survivors[0]!.url);
        // The app's language is the one chosen in it, remembered in the browser's storage.
        await session.page.evaluate(
          (chosen) => window.localStorage.setItem('leitwarte.language', chosen),
          language,
        );
        await session.page.reload();
        await session.page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
        await session.page.locator('[data-server-status="Connected"]').waitFor({ state: 'attached' });
        return { language, ...session };
      }),
    );
    // A pv connection of the official client on each follower, served by that process itself:
    // it keeps its connection through the kill and gets the new owner's values.
    const analog = all.find((i) => i.config.pvRef.type === 'AnaIn' && i.value?.type === 'DoubleValue')!.config
      .pvRef;
    const valueChannels = await Promise.all(
      survivors.map(async (server) => {
        const connection = new HubConnectionBuilder()
          .withUrl(`${server.url}/hubs/pv`, { headers: { Cookie: admin.cookie } })
          .configureLogging(LogLevel.None)
          .build();
        const arrivals: number[] = [];
        let closed = false;
        connection.on('newValues', () => arrivals.push(Date.now()));
        connection.onclose(() => (closed = true));
        await connection.start();
        await connection.invoke('SubscribeToPvs', [analog]);
        return { server, connection, arrivals, closed: () => closed };
      }),
    );
    await waitFor(
      'values on the followers',
      async () => valueChannels.every((c) => c.arrivals.length > 0),
      10_000,
    );
    // The history of operations: each write with its value and what the client was told.
    const history: { value: number; outcome: 'ok' | 'refused' | 'unknown'; answer?: string }[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        n += 1;
        const value = Number((low + (n % 1000) * step).toFixed(6));
        try {
          const reply = await fetch(`${nginx.url}/api/Pv`, {
            method: 'POST',
            headers: {
              cookie: admin.cookie,
              'x-csrf-token': admin.csrfToken,
              'content-type': 'application/json',
            },
            body: JSON.stringify([{ pvRef: setpoint.pvRef, type: 'DoubleValue', doubleValue: value }]),
            signal: AbortSignal.timeout(5000),
          });
          const text = await reply.text();
          const body = reply.status === 200 ? (JSON.parse(text) as { status: string }) : null;
          history.push({
            answer: `${reply.status} ${text.slice(0, 200)}`,
            value,
            outcome: body?.status === 'Success' ? 'ok' : reply.status >= 500 ? 'unknown' : 'refused',
          });
        } catch {
          history.push({ value, outcome: 'unknown' });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    await waitFor(
      'writes before the kill',
      async () => history.filter((h) => h.outcome === 'ok').length >= 10,
      10_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(history.slice(-2))}`);
    });
    expect((await health(owner.url))?.process.field).toBe('owner');
    const killedAt = Date.now();
    await owner.stop('SIGKILL');
    // Nobody serves the plant until the takeover: the follower answers that it cannot reach the
    // owner, and the header says the plant's server is disconnected, not the web server.
    await Promise.all(
      onFollower.map(async ({ page: followerPage, language }) => {
        const lost = followerPage.locator(
          '[data-server-status="ServerDisconnected"][data-server-status-phase="settled"]',
        );
        await lost.waitFor({ timeout: 10_000 });
        expect(await lost.textContent()).toContain(serverStatusText(language, 'ServerDisconnected'));
      }),
    );
    const lostShownMs = Date.now() - killedAt;
    const newOwner = await waitFor(
      'a new owner',
      async () => {
        for (const s of survivors) if ((await health(s.url))?.process.field === 'owner') return s;
        return null;
      },
      12_000,
    );
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(10_000);
    const takenOverAt = Date.now();
    await waitFor(
      "the new owner's values on the follower-served channels",
      async () => valueChannels.every((c) => c.arrivals.some((at) => at > takenOverAt)),
      10_000,
    );
    const valuesBackMs = Math.max(
      ...valueChannels.map((c) => c.arrivals.find((at) => at > takenOverAt)! - killedAt),
    );
    for (const channel of valueChannels) {
      expect(channel.closed()).toBe(false);
      expect(channel.connection.state).toBe(HubConnectionState.Connected);
      await channel.connection.stop();
    }
    const okBefore = history.filter((h) => h.outcome === 'ok').length;
    await waitFor(
      'writes after the takeover',
      async () => history.filter((h) => h.outcome === 'ok').length >= okBefore + 10,
      15_000,
    );
    writing = false;
    await writer;

    // Jepsen-style check against the store: every write the client saw acknowledged was made
    // and audited exactly once (unknown outcomes may or may not have happened, never twice).
    const audits = await db
      .selectFrom('audit_log')
      .select(['new_value'])
      .where('action', '=', 'pv.write')
      .execute();
    const written = new Map<string, number>();
    for (const row of audits) {
      const detail = String(row.new_value);
      for (const h of history) {
        // The value as a whole number in the row, not as the start of a longer one.
        const pattern = new RegExp(`(?<![\\d.])${String(h.value).replace('.', '\\.')}(?![\\d])`);
        if (pattern.test(detail)) written.set(`${h.value}`, (written.get(`${h.value}`) ?? 0) + 1);
      }
    }
    const acknowledged = history.filter((h) => h.outcome === 'ok');
    const values = new Set(history.map((h) => h.value));
    expect(values.size).toBe(history.length);
    for (const h of acknowledged) expect(written.get(`${h.value}`), `write ${h.value}`).toBe(1);
    for (const h of history) expect(written.get(`${h.value}`) ?? 0).toBeLessThanOrEqual(1);
    // No alert raised twice: at most one active alert per condition.
    const doubled = await db
      .selectFrom('alerts')
      .select(['source', db.fn.countAll<number>().as('count')])
      .where('active', '=', 1)
      .groupBy('source')
      .having(db.fn.countAll(), '>', 1)
      .execute();
    expect(doubled).toEqual([]);
    // The new owner's plant went on from the store: the last acknowledged value is current.
    const last = acknowledged.at(-1)!;
    const now = (await (
      await fetch(`${newOwner.url}/api/Pv/all`, { headers: { cookie: admin.cookie } })
    ).json()) as PvAllItem[];
    const current = now.find(
      (i) => i.config.pvRef.nr === setpoint.pvRef.nr && i.config.pvRef.type === setpoint.pvRef.type,
    );
    // (The field keeps the PV's two decimals.)
    expect(current?.value?.type).toBe('DoubleValue');
    expect(current?.value?.type === 'DoubleValue' && current.value.doubleValue).toBeCloseTo(last.value, 2);
    // The browser behind nginx is live again without a reload.
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 30_000 });
    await valuesMove(page, overview, 3);
    // The follower's browsers are back to normal by themselves: the new owner reports Connected.
    for (const { page: followerPage, context: followerContext } of onFollower) {
      await followerPage
        .locator('[data-server-status="Connected"]')
        .waitFor({ state: 'attached', timeout: 15_000 });
      await followerContext.close();
    }
    console.log(
      `takeover ${takeoverMs} ms; values on the followers' own pv connections again after ${valuesBackMs} ms; ` +
        `lost owner shown after ${lostShownMs} ms; ${history.length} writes: ${acknowledged.length} acknowledged, ` +
        `${history.filter((h) => h.outcome === 'unknown').length} unknown, ${history.filter((h) => h.outcome === 'refused').length} refused`,
    );
    await context.close();
  }, 120_000);
});
