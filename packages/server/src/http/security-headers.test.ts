import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

async function cspWith(options: { recaptcha: boolean; frameSources?: string[] }) {
  const app = Fastify();
  await app.register(securityHeaders, options);
  app.get('/', async () => 'ok');
  const reply = await app.inject({ url: '/' });
  await app.close();
  return String(reply.headers['content-security-policy']);
}

describe('CSP frame-src for the dashboards browser widgets', () => {
  it('allows no frames unless configured', async () => {
    const csp = await cspWith({ recaptcha: false });
    expect(csp).not.toContain('frame-src');
    expect(csp).toContain("default-src 'self'");
  });

  it('allows exactly the configured origins, beside reCAPTCHA when that is on', async () => {
    expect(await cspWith({ recaptcha: false, frameSources: ['https://www.dwd.de'] })).toContain(
      'frame-src https://www.dwd.de;',
    );
    const both = await cspWith({
      recaptcha: true,
      frameSources: ['https://www.dwd.de', 'http://intranet:8081'],
    });
    expect(both).toMatch(
      /frame-src https:\/\/www\.google\.com\/recaptcha\/ \S+ https:\/\/www\.dwd\.de http:\/\/intranet:8081;/,
    );
  });
});
