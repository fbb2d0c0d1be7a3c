import { describe, expect, it } from 'vitest';
import { argbToCss, joinArgb, splitArgb } from './priority-color.js';

describe('priority colour (screens §3 "Priority": ARGB integer split into alpha, red, green, blue)', () => {
  it('splits an unsigned ARGB integer', () => {
    expect(splitArgb(0xff_e0_30_10)).toEqual({ alpha: 255, red: 224, green: 48, blue: 16 });
    expect(splitArgb(0x80_00_ff_00)).toEqual({ alpha: 128, red: 0, green: 255, blue: 0 });
  });

  it('reads the signed 32-bit form the same way', () => {
    expect(splitArgb(-65536)).toEqual({ alpha: 255, red: 255, green: 0, blue: 0 });
    expect(splitArgb(-1)).toEqual({ alpha: 255, red: 255, green: 255, blue: 255 });
  });

  it('joins channels back and renders CSS', () => {
    expect(joinArgb({ alpha: 255, red: 255, green: 0, blue: 0 })).toBe(0xffff0000);
    expect(joinArgb(splitArgb(0x12345678))).toBe(0x12345678);
    expect(argbToCss(0x80_10_20_30)).toBe('rgba(16, 32, 48, 0.502)');
  });

  it('refuses what is no 32-bit colour', () => {
    expect(() => splitArgb(2 ** 32)).toThrow(RangeError);
    expect(() => splitArgb(1.5)).toThrow(RangeError);
    expect(() => joinArgb({ alpha: 256, red: 0, green: 0, blue: 0 })).toThrow(RangeError);
  });
});
