/** Width in CSS pixels of a value axis whose longest label has this many characters. */
export function valueAxisWidth(labelCharacters: number): number {
  return labelCharacters * 7 + 16;
}

/**
 * Width of one value axis with labels of six characters ("1234.5"): what a screen subtracts from
 * its width to guess the plot's drawing area before the data (and so the axes) are known.
 */
export const TYPICAL_VALUE_AXIS_WIDTH = valueAxisWidth(6);
