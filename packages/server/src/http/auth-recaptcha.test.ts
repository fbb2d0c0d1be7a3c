import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoginForm } from '../auth/login-client.js';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test-support/test-server.js';

/** The verify endpoint as Google runs it: a form POST with secret, response and remoteip. */
function startVerifyEndpoint(received: URLSearchParams[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const success = form.get('secret') === 'verify-secret' && form.get('response') === 'human-token';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('reCAPTCHA as the bot check when configured', () => {
  const received: URLSearchParams[] = [];
  let verify: Server;
  let server: TestServer;

  beforeAll(async () => {
    verify = await startVerifyEndpoint(received);
    const { port } = verify.address() as AddressInfo;
    server = await startTestServer({
      config: {
        recaptchaSiteKey: 'site-key-1',
        recaptchaSecret: 'verify-secret',
        recaptchaVerifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    verify.close();
  });

  const login = async (recaptchaToken?: string) => {
    const { csrfToken, cookie } = await openLoginForm(server.url);
    const reply = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ csrfToken, recaptchaToken, username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    return { status: reply.status, body: (await reply.json()) as { code?: string } };
  };

  it('tells the login page the site key instead of a challenge', async () => {
    expect(await (await fetch(`${server.url}/api/auth/bot-check`)).json()).toEqual({
      kind: 'recaptcha',
      siteKey: 'site-key-1',
    });
  });

  it('logs in when the verify endpoint confirms the token, with the secret and the address', async () => {
    expect((await login('human-token')).status).toBe(200);
    const last = received.at(-1)!;
    expect(last.get('secret')).toBe('verify-secret');
    expect(last.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a token the endpoint rejects, and a missing one', async () => {
    expect(await login('robot-token')).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'recaptchaNotValidated' }),
    });
    expect((await login()).body.code).toBe('recaptchaNotValidated');
  });

  it('says the login is not possible while the endpoint cannot be reached', async () => {
    await new Promise((resolve) => verify.close(resolve));
    expect(await login('human-token')).toEqual({
      status: 503,
      body: expect.objectContaining({ code: 'loginNotPossible' }),
    });
  });
});
