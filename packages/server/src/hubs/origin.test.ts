import { describe, expect, it } from 'vitest';
import { createOriginCheck } from './origin.js';

describe('createOriginCheck', () => {
  const check = createOriginCheck(['http://localhost:5173', 'https://leitwarte.example/']);

  it('allows requests without Origin (non-browser clients)', () => {
    expect(check(undefined, 'host:8080')).toBe(true);
  });

  it('allows the same origin as the Host header, with or without default port', () => {
    expect(check('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
    expect(check('https://Scada.Example', 'scada.example')).toBe(true);
    expect(check('https://scada.example', 'scada.example:443')).toBe(true);
  });

  it('allows configured origins, normalised', () => {
    expect(check('http://localhost:5173', 'other:8080')).toBe(true);
    expect(check('https://leitwarte.example', 'other:8080')).toBe(true);
  });

  it('refuses foreign, opaque and non-http origins', () => {
    expect(check('http://evil.example', '127.0.0.1:8080')).toBe(false);
    expect(check('http://127.0.0.1:8081', '127.0.0.1:8080')).toBe(false);
    expect(check('null', '127.0.0.1:8080')).toBe(false);
    expect(check('file://127.0.0.1:8080', '127.0.0.1:8080')).toBe(false);
    expect(check('http://evil.example', undefined)).toBe(false);
  });

  it('fails at start on a malformed configured origin', () => {
    expect(() => createOriginCheck(['not a url'])).toThrow();
  });
});
