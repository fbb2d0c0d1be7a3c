/** Colour channels of an ARGB integer, each 0–255. */
export interface ArgbChannels {
  alpha: number;
  red: number;
  green: number;
  blue: number;
}

/**
 * Splits an ARGB integer into alpha, red, green and blue (screens §3 "Priority"). Accepts the
 * unsigned form (0xFFFF0000) and the signed 32-bit form other systems store (-65536) alike.
 */
export function splitArgb(argb: number): ArgbChannels {
  if (!Number.isInteger(argb) || argb < -0x80000000 || argb > 0xffffffff) {
    throw new RangeError(`invalid ARGB colour ${argb}`);
  }
  const value = argb >>> 0;
  return {
    alpha: (value >>> 24) & 0xff,
    red: (value >>> 16) & 0xff,
    green: (value >>> 8) & 0xff,
    blue: value & 0xff,
  };
}

/** The unsigned ARGB integer of four channels (each 0–255). */
export function joinArgb({ alpha, red, green, blue }: ArgbChannels): number {
  for (const channel of [alpha, red, green, blue]) {
    if (!Number.isInteger(channel) || channel < 0 || channel > 255) {
      throw new RangeError(`invalid colour channel ${channel}`);
    }
  }
  return ((alpha << 24) | (red << 16) | (green << 8) | blue) >>> 0;
}

/** CSS `rgba()` of an ARGB integer, alpha scaled to 0–1. */
export function argbToCss(argb: number): string {
  const { alpha, red, green, blue } = splitArgb(argb);
  return `rgba(${red}, ${green}, ${blue}, ${Math.round((alpha / 255) * 1000) / 1000})`;
}
