import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has the defaults of the README', () => {
    const config = loadConfig({}, '/srv/leitwarte');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('/srv/leitwarte', 'data'),
      databaseUrl: null,
      redisUrl: null,
      redisPrefix: 'leitwarte:',
      plantPath: null,
      adminPassword: null,
      sessionIdleMs: 900_000,
      loginMaxFailures: 5,
      loginLockoutMs: 300_000,
      recaptchaSiteKey: null,
      recaptchaSecret: null,
      recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      botCheckBits: 17,
      chartReadThreads: 0,
      backfill: true,
      backfillDays: 366,
      httpCompression: true,
      trustedProxies: [],
      loginAddressMaxFailures: 20,
      frameSources: [],
      weatherUrl: null,
      weatherKey: null,
    });
  });

  it('reads trusted proxies as addresses, CIDR ranges and proxy-addr names', () => {
    const config = loadConfig({ LEITWARTE_TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16,fd00::/8, loopback' });
    expect(config.trustedProxies).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        LEITWARTE_PORT: '9090',
        LEITWARTE_DATA_DIR: '/var/lib/lw',
        LEITWARTE_DATABASE_URL: 'postgres://u@db/leitwarte',
        LEITWARTE_REDIS_URL: 'redis://cache:6379',
        LEITWARTE_REDIS_PREFIX: 'werk-nord:',
        LEITWARTE_PROCESS_URL: 'http://10.0.0.5:8081',
        LEITWARTE_PLANT: 'plants/werk.json',
        LEITWARTE_ADMIN_PASSWORD: 'Geheim-12345',
        LEITWARTE_ALLOWED_ORIGINS: 'https://leitwarte.example, http://10.0.0.5:8080',
        LEITWARTE_RECAPTCHA_SITE_KEY: 'site-key',
        LEITWARTE_RECAPTCHA_SECRET: 'secret-key',
        LEITWARTE_RECAPTCHA_VERIFY_URL: 'http://10.0.0.9/siteverify',
        LEITWARTE_BOT_CHECK_BITS: '12',
        LEITWARTE_CHART_READ_THREADS: '3',
        LEITWARTE_BACKFILL_DAYS: '8',
        LEITWARTE_HTTP_COMPRESSION: 'false',
        LEITWARTE_FRAME_SOURCES: 'https://www.dwd.de, http://intranet:8081',
        LEITWARTE_WEATHER_URL: 'https://api.openweathermap.org/data/2.5/',
        LEITWARTE_WEATHER_KEY: 'app-id',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/var/lib/lw',
      databaseUrl: 'postgres://u@db/leitwarte',
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'werk-nord:',
      processUrl: 'http://10.0.0.5:8081',
      plantPath: '/srv/plants/werk.json',
      adminPassword: 'Geheim-12345',
      allowedOrigins: ['https://leitwarte.example', 'http://10.0.0.5:8080'],
      recaptchaSiteKey: 'site-key',
      recaptchaSecret: 'secret-key',
      recaptchaVerifyUrl: 'http://10.0.0.9/siteverify',
      botCheckBits: 12,
      chartReadThreads: 3,
      backfillDays: 8,
      httpCompression: false,
      frameSources: ['https://www.dwd.de', 'http://intranet:8081'],
      weatherUrl: 'https://api.openweathermap.org/data/2.5',
      weatherKey: 'app-id',
    });
  });

  it.each([
    ['LEITWARTE_PORT', 'eighty'],
    ['LEITWARTE_PORT', '70000'],
    ['LEITWARTE_DATABASE_URL', 'mysql://db/x'],
    ['LEITWARTE_DATABASE_URL', 'not a url'],
    ['LEITWARTE_REDIS_URL', 'http://cache'],
    // Several processes on one SQLite file: refused, they need PostgreSQL.
    ['LEITWARTE_REDIS_URL', 'redis://cache:6379'],
    ['LEITWARTE_REDIS_PREFIX', 'with space'],
    ['LEITWARTE_PROCESS_URL', 'ftp://10.0.0.5'],
    ['LEITWARTE_ADMIN_PASSWORD', 'short'],
    ['LEITWARTE_ALLOWED_ORIGINS', 'leitwarte.example'],
    ['LEITWARTE_LOG_LEVEL', 'loud'],
    ['LEITWARTE_SECURE_COOKIES', 'maybe'],
    ['LEITWARTE_BOT_CHECK_BITS', '40'],
    ['LEITWARTE_BACKFILL_DAYS', '0'],
    ['LEITWARTE_HTTP_COMPRESSION', 'yes please'],
    ['LEITWARTE_CHART_READ_THREADS', '9'],
    ['LEITWARTE_RECAPTCHA_VERIFY_URL', 'ftp://verify'],
    ['LEITWARTE_RECAPTCHA_SITE_KEY', 'key-without-secret'],
    ['LEITWARTE_RECAPTCHA_SECRET', 'secret-without-key'],
    ['LEITWARTE_TRUSTED_PROXIES', 'proxy.example'],
    ['LEITWARTE_TRUSTED_PROXIES', '10.0.0.0/33'],
    ['LEITWARTE_TRUSTED_PROXIES', '10.0.0.1,'],
    ['LEITWARTE_FRAME_SOURCES', "https://x.example 'unsafe-inline'"],
    ['LEITWARTE_FRAME_SOURCES', 'file:///c:/'],
    ['LEITWARTE_WEATHER_URL', 'ftp://weather'],
    ['LEITWARTE_WEATHER_URL', 'https://weather.example'],
    ['LEITWARTE_WEATHER_KEY', 'key-without-url'],
  ])('refuses %s=%s with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^${variable}: `));
  });
});
