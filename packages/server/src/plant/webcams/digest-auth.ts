import { createHash, randomBytes } from 'node:crypto';

/** A Digest challenge of a WWW-Authenticate header (RFC 7616). */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque: string | null;
  /** MD5 (default), MD5-sess, SHA-256 or SHA-256-sess. */
  algorithm: string;
  /** The qop values offered; empty for an RFC 2069 server. */
  qop: string[];
}

const ALGORITHMS: Record<string, 'md5' | 'sha256'> = {
  MD5: 'md5',
  'MD5-SESS': 'md5',
  'SHA-256': 'sha256',
  'SHA-256-SESS': 'sha256',
};

/** Auth-params of a challenge: key=token or key="quoted string" (with \" escapes), comma separated. */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /\s*([A-Za-z][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?/gy;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    const [, key = '', quoted, token] = match;
    params.set(key.toLowerCase(), quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (token ?? ''));
    if (re.lastIndex >= text.length) break;
  }
  return params;
}

/**
 * The strongest Digest challenge a WWW-Authenticate header offers that we can answer (SHA-256
 * before MD5), or null. A header may name several schemes; fetch joins repeated headers with ", ".
 */
export function parseDigestChallenge(header: string | null): DigestChallenge | null {
  if (!header) return null;
  const challenges = header
    .split(/(?=\b(?:Digest|Basic|Bearer|Negotiate|NTLM)\s)/i)
    .filter((part) => /^Digest\s/i.test(part.trim()))
    .map((part) => parseParams(part.trim().slice('Digest'.length)))
    .filter((p) => p.has('realm') && p.has('nonce'))
    .map((p) => ({
      realm: p.get('realm') ?? '',
      nonce: p.get('nonce') ?? '',
      opaque: p.get('opaque') ?? null,
      // Echoed as the server wrote it (some compare it case-sensitively); looked up in upper case.
      algorithm: p.get('algorithm') ?? 'MD5',
      qop: (p.get('qop') ?? '')
        .split(',')
        .map((q) => q.trim().toLowerCase())
        .filter((q) => q !== ''),
    }))
    .filter((c) => c.algorithm.toUpperCase() in ALGORITHMS);
  return challenges.find((c) => c.algorithm.toUpperCase().startsWith('SHA-256')) ?? challenges[0] ?? null;
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/**
 * The Authorization header answering a Digest challenge (RFC 7616 §3.4): qop "auth" when offered
 * (with a fresh client nonce and the nonce count), the RFC 2069 form otherwise.
 */
export function digestAuthorization(options: {
  challenge: DigestChallenge;
  method: string;
  /** The request target as sent: path and query. */
  uri: string;
  username: string;
  password: string;
  /** Nonce count of this nonce, from 1. */
  nc?: number;
  cnonce?: string;
}): string {
  const { challenge, method, uri, username, password } = options;
  const algorithm = challenge.algorithm.toUpperCase();
  const hash = ALGORITHMS[algorithm] ?? 'md5';
  const h = (text: string) => createHash(hash).update(text, 'utf8').digest('hex');
  const cnonce = options.cnonce ?? randomBytes(16).toString('hex');
  const nc = (options.nc ?? 1).toString(16).padStart(8, '0');
  let ha1 = h(`${username}:${challenge.realm}:${password}`);
  if (algorithm.endsWith('-SESS')) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${method}:${uri}`);
  const qop = challenge.qop.includes('auth') ? 'auth' : null;
  const response = qop
    ? h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`)
    : h(`${ha1}:${challenge.nonce}:${ha2}`);
  const fields = [
    `username=${quote(username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
  ];
  if (challenge.opaque !== null) fields.push(`opaque=${quote(challenge.opaque)}`);
  if (qop) fields.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  return `Digest ${fields.join(', ')}`;
}
