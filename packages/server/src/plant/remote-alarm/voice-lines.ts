import type { AlarmLineInfo } from '@leitwarte/core';
import type { StoredLine } from '../../store/remote-alarm/index.js';

/** A line with its live state. */
export interface LiveLine extends AlarmLineInfo {
  recoversAt: number | null;
}

/**
 * The alarm lines of the stations (modem, GSM, ISDN, IP) over which voice calls go: which are
 * busy with a call and which are faulty until they recover. The demo simulates the calls on them.
 */
export function createVoiceLines(stored: readonly StoredLine[]) {
  const lines: LiveLine[] = stored.map((l) => ({ ...l, busy: false, faulty: false, recoversAt: null }));
  const find = (ref: { station: number; lineNumber: number }) =>
    lines.find((l) => l.station === ref.station && l.lineNumber === ref.lineNumber);
  return {
    all: (): readonly LiveLine[] => lines,
    find,
    /** The first line of the station that is neither busy nor faulty. */
    free: (station: number) => lines.find((l) => l.station === station && !l.busy && !l.faulty),
    /** The earliest faulty line due to recover by `now`, if any. */
    dueRecovery(now: number): LiveLine | undefined {
      let due: LiveLine | undefined;
      for (const l of lines) {
        if (l.recoversAt !== null && l.recoversAt <= now && (!due || l.recoversAt < (due.recoversAt ?? 0)))
          due = l;
      }
      return due;
    },
    recover(line: LiveLine): void {
      line.faulty = false;
      line.recoversAt = null;
    },
  };
}

export type VoiceLines = ReturnType<typeof createVoiceLines>;
