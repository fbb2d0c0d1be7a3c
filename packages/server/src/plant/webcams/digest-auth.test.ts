import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from './digest-auth.js';

// RFC 7616 §3.9.1: the same request answered with SHA-256 and with MD5.
const RFC = {
  realm: 'http-auth@example.org',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
};
const header = (algorithm: string) =>
  `Digest realm="${RFC.realm}", qop="auth, auth-int", algorithm=${algorithm}, nonce="${RFC.nonce}", opaque="${RFC.opaque}"`;
const answer = (algorithm: string) =>
  digestAuthorization({
    challenge: parseDigestChallenge(header(algorithm))!,
    method: 'GET',
    uri: '/dir/index.html',
    username: 'Mufasa',
    password: 'Circle of Life',
    nc: 1,
    cnonce: RFC.cnonce,
  });

describe('HTTP Digest authentication (RFC 7616)', () => {
  it('answers the RFC example with SHA-256 and with MD5', () => {
    expect(answer('SHA-256')).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
    expect(answer('MD5')).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
    expect(answer('MD5')).toContain('qop=auth, nc=00000001');
    expect(answer('MD5')).toContain(`opaque="${RFC.opaque}"`);
  });

  it('picks SHA-256 over MD5 when a server offers both, and ignores other schemes', () => {
    const both = `Basic realm="cam", ${header('MD5')}, ${header('SHA-256')}`;
    expect(parseDigestChallenge(both)?.algorithm).toBe('SHA-256');
    expect(parseDigestChallenge('Basic realm="cam"')).toBeNull();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", algorithm=SHA-512-256')).toBeNull();
    expect(parseDigestChallenge(null)).toBeNull();
  });

  it('reads quoted values with escapes and answers an RFC 2069 server without qop', () => {
    const challenge = parseDigestChallenge('Digest realm="Cam \\"Nord\\"", nonce="abc"');
    expect(challenge).toEqual({ realm: 'Cam "Nord"', nonce: 'abc', opaque: null, algorithm: 'MD5', qop: [] });
    const value = digestAuthorization({
      challenge: challenge!,
      method: 'GET',
      uri: '/snap.jpg',
      username: 'u',
      password: 'p',
    });
    expect(value).toMatch(
      /^Digest username="u", realm="Cam \\"Nord\\"", nonce="abc", uri="\/snap.jpg", algorithm=MD5, response="[0-9a-f]{32}"$/,
    );
  });
});
