// The shell's summary of the live channels: a first connection is set up in neutral, a retry after
// a failure is a warning, a failure a fault (issue: no false alarm on every page load).
import { afterEach, describe, expect, it } from 'vitest';
import { getOverallStatus, setChannelState } from './connection-status';

afterEach(() => {
  for (const channel of ['pv', 'alert', 'server-status'] as const)
    setChannelState(channel, { status: 'idle', error: null });
});

describe('overall live status', () => {
  it('is connecting while channels set up their first connection', () => {
    setChannelState('pv', { status: 'connecting', error: null });
    setChannelState('alert', { status: 'connected', error: null });
    expect(getOverallStatus()).toBe('connecting');
  });

  it('is reconnecting while a channel tries again after a failure', () => {
    setChannelState('pv', { status: 'connecting', error: null });
    setChannelState('alert', { status: 'reconnecting', error: null });
    expect(getOverallStatus()).toBe('reconnecting');
  });

  it('is disconnected when any channel in use has failed, and leaves the status channel to its own indicator', () => {
    setChannelState('server-status', { status: 'disconnected', error: 'failedToConnect' });
    setChannelState('pv', { status: 'connected', error: null });
    expect(getOverallStatus()).toBe('connected');
    setChannelState('alert', { status: 'disconnected', error: 'disconnected' });
    expect(getOverallStatus()).toBe('disconnected');
  });
});
