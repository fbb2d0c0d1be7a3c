import { describe, expect, it } from 'vitest';
import { createConnectionSigner } from './signed-ids.js';

describe('signed connection tokens', () => {
  let now = 1_000_000;
  const signer = createConnectionSigner('the-shared-secret', 30_000, () => now);

  it('any process with the secret accepts a token for its hub and session until it expires', () => {
    const ids = signer.issue('pv', 'session-1', 1);
    const elsewhere = createConnectionSigner('the-shared-secret', 30_000, () => now);
    expect(elsewhere.verify(ids.connectionToken, 'pv', 'session-1')).toBe(ids.connectionId);
    now += 30_000;
    expect(elsewhere.verify(ids.connectionToken, 'pv', 'session-1')).toBe(ids.connectionId);
    now += 1;
    expect(elsewhere.verify(ids.connectionToken, 'pv', 'session-1')).toBeNull();
  });

  it('refuses another hub, session or secret, a changed expiry, id or mac, and garbage', () => {
    const { connectionToken: token } = signer.issue('pv', 'session-1', 1);
    expect(signer.verify(token, 'station', 'session-1')).toBeNull();
    expect(signer.verify(token, 'pv', 'session-2')).toBeNull();
    expect(
      createConnectionSigner('another-secret', 30_000, () => now).verify(token, 'pv', 'session-1'),
    ).toBeNull();
    const [id, expiry, mac] = token.split('.') as [string, string, string];
    const later = (Number.parseInt(expiry, 36) + 60_000).toString(36);
    expect(signer.verify(`${id}.${later}.${mac}`, 'pv', 'session-1')).toBeNull();
    expect(signer.verify(`${'B'.repeat(22)}.${expiry}.${mac}`, 'pv', 'session-1')).toBeNull();
    const flipped = mac.startsWith('A') ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(signer.verify(`${id}.${expiry}.${flipped}`, 'pv', 'session-1')).toBeNull();
    for (const junk of ['', 'x', `${id}..${mac}`, `${token}.`, `${id}.${expiry}`]) {
      expect(signer.verify(junk, 'pv', 'session-1')).toBeNull();
    }
  });
});
