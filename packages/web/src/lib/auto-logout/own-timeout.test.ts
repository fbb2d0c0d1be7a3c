import { describe, expect, it } from 'vitest';
import { effectiveIdleMs, shorterChoices } from './own-timeout';

describe("the user's own auto-logout time", () => {
  it("applies when shorter than the server's, never when longer", () => {
    expect(effectiveIdleMs(30 * 60_000, null)).toBe(30 * 60_000);
    expect(effectiveIdleMs(30 * 60_000, 10)).toBe(10 * 60_000);
    // A choice kept from a time the server allowed more does not extend the session.
    expect(effectiveIdleMs(30 * 60_000, 60)).toBe(30 * 60_000);
  });
  it("offers only times below the server's", () => {
    expect(shorterChoices(15 * 60_000)).toEqual([1, 2, 5, 10]);
    expect(shorterChoices(60_000)).toEqual([]);
  });
});
