import { isIP } from 'node:net';
import path from 'node:path';
import { LOGIN_LOCKOUT_MS } from '@leitwarte/core';
import { RECAPTCHA_VERIFY_URL } from './auth/recaptcha.js';
import { parseMapTiles, type MapTileSource } from './plant/map-tiles/map-tiles.js';
import { loadDeliveryConfig, type DeliveryConfig } from './plant/remote-alarm/delivery/delivery-config.js';

/** The window of the per-address login throttle. */
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;

/** Server configuration, read from LEITWARTE_* environment variables (README: Configuration). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: SQLite in the data directory. */
  databaseUrl: string | null;
  /** Set: the live backplane runs over Redis, so several processes can serve one plant. */
  redisUrl: string | null;
  /** Prefix of the backplane's Redis channels: several installations may share one Redis. */
  redisPrefix: string;
  /**
   * Where the other processes reach this one (http://10.0.0.5:8081) to forward requests while
   * it owns the field; null: http://<host name>:<port>.
   */
  processUrl: string | null;
  /** Path of the plant definition; null: the demo plant. */
  plantPath: string | null;
  adminPassword: string | null;
  /** Password of the plant's users (users.json) created on an empty store; null: random each. */
  plantUsersPassword: string | null;
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses, CIDR ranges or
   * proxy-addr's names loopback, linklocal, uniquelocal). Empty: the headers are ignored and
   * the client is the socket's peer.
   */
  trustedProxies: string[];
  /** Origins allowed to open hub connections besides the server's own. */
  allowedOrigins: string[];
  /** Origins the dashboard's browser widgets may embed (the CSP's frame-src); empty: none. */
  frameSources: string[];
  /**
   * OpenWeatherMap-compatible service of the weather widgets (its base, e.g.
   * https://api.openweathermap.org/data/2.5) and its application id; null: not configured.
   */
  weatherUrl: string | null;
  weatherKey: string | null;
  /** Tile sources of the dashboard maps by map type; empty: the maps stay schematic. */
  mapTiles: MapTileSource[];
  /** Idle timeout of a session on the server (screens §9: 15 minutes). */
  sessionIdleMs: number;
  /** Absolute lifetime of a session, whatever the activity. */
  sessionMaxMs: number;
  /** Consecutive failed logins after which a user is locked out for 5 minutes (screens §9). */
  loginMaxFailures: number;
  /** Failed logins from one client address within 15 minutes after which it must wait. */
  loginAddressMaxFailures: number;
  /** How long a lockout lasts; screens §9 fixes it at 5 minutes, only tests shorten it. */
  loginLockoutMs: number;
  /** reCAPTCHA as the login's bot check when both key and secret are set; else the proof of work. */
  recaptchaSiteKey: string | null;
  recaptchaSecret: string | null;
  /** Where the server verifies reCAPTCHA tokens (Google's siteverify unless set). */
  recaptchaVerifyUrl: string;
  /** Difficulty of the self-hosted bot check: leading zero bits of SHA-256 the browser must find. */
  botCheckBits: number;
  /** Cookies get Secure: set when the server is reached over TLS (directly or behind a proxy). */
  secureCookies: boolean;
  /**
   * On an empty store, fill the archives (historian, webcam images) with generated history so
   * charts, reports and webcams have data from the first minute. Meant for the simulated plant.
   */
  backfill: boolean;
  /** Days of history the backfill generates (the last 7 of them by the simulator itself). */
  backfillDays: number;
  /**
   * Compress API replies above 1 KiB (brotli or gzip, as the client accepts) and serve the web
   * app's precompressed files; off where a reverse proxy compresses.
   */
  httpCompression: boolean;
  /** SQLite: threads that reduce history for charts beside the server's thread; 0: none. */
  chartReadThreads: number;
  /** Remote alarm channels besides voice (e-mail, SMS gateway, webhook, push) and the public URL. */
  remoteAlarm: DeliveryConfig;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token Prometheus sends for /metrics; null: /metrics answers the loopback only. */
  metricsToken: string | null;
}

/** A configuration value that stops the server at start; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function text(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function recaptcha(env: Env) {
  const recaptchaSiteKey = text(env, 'LEITWARTE_RECAPTCHA_SITE_KEY');
  const recaptchaSecret = text(env, 'LEITWARTE_RECAPTCHA_SECRET');
  // One without the other would silently fall back to the proof of work: refuse it instead.
  if ((recaptchaSiteKey === null) !== (recaptchaSecret === null)) {
    const [given, missing] =
      recaptchaSiteKey === null
        ? ['LEITWARTE_RECAPTCHA_SECRET', 'LEITWARTE_RECAPTCHA_SITE_KEY']
        : ['LEITWARTE_RECAPTCHA_SITE_KEY', 'LEITWARTE_RECAPTCHA_SECRET'];
    throw new ConfigError(given, `needs ${missing} as well`);
  }
  const verifyUrl = url(env, 'LEITWARTE_RECAPTCHA_VERIFY_URL', ['https:', 'http:']);
  return { recaptchaSiteKey, recaptchaSecret, recaptchaVerifyUrl: verifyUrl ?? RECAPTCHA_VERIFY_URL };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** LEITWARTE_TRUSTED_PROXIES: comma-separated addresses or CIDR ranges; each checked here. */
function trustedProxies(env: Env): string[] {
  const raw = text(env, 'LEITWARTE_TRUSTED_PROXIES');
  if (raw === null) return [];
  return raw.split(',').map((entry) => {
    const value = entry.trim();
    const [address = '', prefix, extra] = value.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.has(value) || (family !== 0 && prefixOk && extra === undefined))) {
      throw new ConfigError(
        'LEITWARTE_TRUSTED_PROXIES',
        `"${value}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      );
    }
    return value;
  });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A comma-separated list of http(s) origins; each checked here. */
function originList(env: Env, name: string): string[] {
  const raw = text(env, name);
  const origins = raw === null ? [] : raw.split(',').map((o) => o.trim());
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s;,']+$/.test(origin)) {
      throw new ConfigError(name, `"${origin}" is not an origin like https://host:port`);
    }
  }
  return origins;
}

/** The weather service: its URL and key come together, since the service refuses calls without a key. */
function weather(env: Env): { weatherUrl: string | null; weatherKey: string | null } {
  const weatherUrl = url(env, 'LEITWARTE_WEATHER_URL', ['https:', 'http:']);
  const weatherKey = text(env, 'LEITWARTE_WEATHER_KEY');
  if ((weatherUrl === null) !== (weatherKey === null)) {
    const [set, missing] =
      weatherUrl === null
        ? ['LEITWARTE_WEATHER_KEY', 'LEITWARTE_WEATHER_URL']
        : ['LEITWARTE_WEATHER_URL', 'LEITWARTE_WEATHER_KEY'];
    throw new ConfigError(set, `needs ${missing} as well`);
  }
  return { weatherUrl: weatherUrl?.replace(/\/+$/, '') ?? null, weatherKey };
}

/** LEITWARTE_MAP_TILES: tile sources by map type (see parseMapTiles), files checked here. */
function mapTiles(env: Env, cwd: string): MapTileSource[] {
  try {
    return parseMapTiles(text(env, 'LEITWARTE_MAP_TILES'), cwd);
  } catch (error) {
    throw new ConfigError('LEITWARTE_MAP_TILES', error instanceof Error ? error.message : String(error));
  }
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const origins = text(env, 'LEITWARTE_ALLOWED_ORIGINS');
  const allowedOrigins = origins === null ? [] : origins.split(',').map((o) => o.trim());
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        'LEITWARTE_ALLOWED_ORIGINS',
        `"${origin}" is not an origin like https://host:port`,
      );
    }
  }
  const logLevel = text(env, 'LEITWARTE_LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LEITWARTE_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const adminPassword = text(env, 'LEITWARTE_ADMIN_PASSWORD');
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('LEITWARTE_ADMIN_PASSWORD', 'must have at least 8 characters');
  }
  const plantUsersPassword = text(env, 'LEITWARTE_PLANT_USERS_PASSWORD');
  if (plantUsersPassword !== null && plantUsersPassword.length < 8) {
    throw new ConfigError('LEITWARTE_PLANT_USERS_PASSWORD', 'must have at least 8 characters');
  }
  const plant = text(env, 'LEITWARTE_PLANT');
  const redisPrefix = text(env, 'LEITWARTE_REDIS_PREFIX') ?? 'leitwarte:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix)) {
    throw new ConfigError('LEITWARTE_REDIS_PREFIX', 'must be 1 to 64 letters, digits or : _ . -');
  }
  const databaseUrl = url(env, 'LEITWARTE_DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'LEITWARTE_REDIS_URL', ['redis:', 'rediss:']);
  // Several processes share the store: one SQLite file per machine cannot be that store.
  if (redisUrl !== null && databaseUrl === null) {
    throw new ConfigError(
      'LEITWARTE_REDIS_URL',
      'several processes need a shared store: set LEITWARTE_DATABASE_URL (PostgreSQL) as well',
    );
  }
  const metricsToken = text(env, 'LEITWARTE_METRICS_TOKEN');
  if (metricsToken !== null && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) {
    throw new ConfigError('LEITWARTE_METRICS_TOKEN', 'must be 16 to 200 printable characters without spaces');
  }
  return {
    port: integer(env, 'LEITWARTE_PORT', 8080, 0, 65535),
    host: text(env, 'LEITWARTE_HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, text(env, 'LEITWARTE_DATA_DIR') ?? './data'),
    databaseUrl,
    redisUrl,
    redisPrefix,
    processUrl: url(env, 'LEITWARTE_PROCESS_URL', ['http:']),
    plantPath: plant === null || plant === 'demo' ? null : path.resolve(cwd, plant),
    adminPassword,
    plantUsersPassword,
    allowedOrigins,
    frameSources: originList(env, 'LEITWARTE_FRAME_SOURCES'),
    ...weather(env),
    mapTiles: mapTiles(env, cwd),
    trustedProxies: trustedProxies(env),
    sessionIdleMs: integer(env, 'LEITWARTE_SESSION_IDLE_SECONDS', 900, 10, 86_400) * 1000,
    sessionMaxMs: integer(env, 'LEITWARTE_SESSION_MAX_HOURS', 12, 1, 24 * 30) * 3_600_000,
    loginMaxFailures: integer(env, 'LEITWARTE_LOGIN_MAX_FAILURES', 5, 1, 100),
    loginAddressMaxFailures: integer(env, 'LEITWARTE_LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 10_000),
    loginLockoutMs: LOGIN_LOCKOUT_MS,
    ...recaptcha(env),
    botCheckBits: integer(env, 'LEITWARTE_BOT_CHECK_BITS', 17, 0, 24),
    secureCookies: boolean(env, 'LEITWARTE_SECURE_COOKIES', false),
    backfill: boolean(env, 'LEITWARTE_BACKFILL', true),
    backfillDays: integer(env, 'LEITWARTE_BACKFILL_DAYS', 366, 1, 3660),
    httpCompression: boolean(env, 'LEITWARTE_HTTP_COMPRESSION', true),
    chartReadThreads: integer(env, 'LEITWARTE_CHART_READ_THREADS', 0, 0, 8),
    remoteAlarm: loadDeliveryConfig(env, (variable, detail) => {
      throw new ConfigError(variable, detail);
    }),
    logLevel: logLevel as Config['logLevel'],
    metricsToken,
  };
}
