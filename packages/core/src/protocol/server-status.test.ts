import { describe, expect, it } from 'vitest';
import {
  INITIAL_SERVER_STATUS,
  isUnauthorizedStatus,
  nextServerStatus,
  serverStatusOfSource,
} from './server-status.js';

// calls §4: "Server status values"
describe('server status', () => {
  it('starts as WebServerDisconnected and returns to it when the status connection closes', () => {
    expect(INITIAL_SERVER_STATUS).toBe('WebServerDisconnected');
    expect(nextServerStatus({ kind: 'closed' })).toBe('WebServerDisconnected');
  });

  it('is ServerDisconnected after connecting until the server reports', () => {
    expect(nextServerStatus({ kind: 'connected' })).toBe('ServerDisconnected');
    expect(nextServerStatus({ kind: 'reported', status: 'Connected' })).toBe('Connected');
  });

  it('is ServerDisconnected while the web server answers but no process serves the plant', () => {
    expect(nextServerStatus({ kind: 'ownerLost' })).toBe('ServerDisconnected');
  });

  it('passes other values through unchanged; only Unauthorized forces the logout', () => {
    expect(nextServerStatus({ kind: 'reported', status: 'Wartung' })).toBe('Wartung');
    expect(isUnauthorizedStatus('Unauthorized')).toBe(true);
    expect(isUnauthorizedStatus('ServerDisconnected')).toBe(false);
  });

  it('maps the data source state', () => {
    expect(serverStatusOfSource('Connected')).toBe('Connected');
    expect(serverStatusOfSource('Connecting')).toBe('Connecting');
    expect(serverStatusOfSource('Disconnected')).toBe('ServerDisconnected');
    expect(serverStatusOfSource('Degraded')).toBe('SourceDisconnected');
  });
});
