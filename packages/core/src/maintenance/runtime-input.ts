/** Runtime edit message for an empty field (screens §5). */
export const RUNTIME_EMPTY_MESSAGE = 'Wert darf nicht leer sein.';
/** Runtime edit message for a negative value (screens §5). */
export const RUNTIME_NEGATIVE_MESSAGE = 'Wert darf nicht negativ sein.';
/** Runtime edit message for something that is not a finite number. */
export const RUNTIME_NOT_A_NUMBER_MESSAGE = 'Bitte geben Sie eine Zahl ein.';
/** Runtime edit message for a value beyond what is stored exactly (above 2^53 − 1). */
export const RUNTIME_TOO_LARGE_MESSAGE = 'Der Wert ist zu groß (höchstens 9007199254740991).';
/** Runtime edit message for limits that are not in ascending order. */
export const RUNTIME_LIMIT_ORDER_MESSAGE =
  'Die Grenzwerte müssen aufsteigend sein (unterer ≤ unterer mittlerer ≤ oberer mittlerer ≤ oberer).';

/** Result of checking one runtime entry: the number, or the message to show. */
export type RuntimeInputCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * Checks one runtime field as entered (screens §5 "Runtime edit"): not empty, a finite number,
 * not negative. Accepts numbers and numeric text with a decimal comma or point.
 */
export function checkRuntimeInput(input: unknown): RuntimeInputCheck {
  if (input === null || input === undefined) return { ok: false, message: RUNTIME_EMPTY_MESSAGE };
  let value: number;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return { ok: false, message: RUNTIME_EMPTY_MESSAGE };
    value = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  } else return { ok: false, message: RUNTIME_NOT_A_NUMBER_MESSAGE };
  if (!Number.isFinite(value)) return { ok: false, message: RUNTIME_NOT_A_NUMBER_MESSAGE };
  if (value < 0) return { ok: false, message: RUNTIME_NEGATIVE_MESSAGE };
  // Beyond 2^53 − 1 a number is no longer exact: 9007199254740993 would be stored as …992.
  if (value > Number.MAX_SAFE_INTEGER) return { ok: false, message: RUNTIME_TOO_LARGE_MESSAGE };
  return { ok: true, value };
}

/** Whether four runtime limits are in ascending order, as the field requires. */
export function runtimeLimitsOrdered(
  lower: number,
  lowerMid: number,
  upperMid: number,
  upper: number,
): boolean {
  return lower <= lowerMid && lowerMid <= upperMid && upperMid <= upper;
}
