import type { ProcessValue } from '@leitwarte/core';

/** Whether two values would look the same on screen: same kind, quality, timestamp and reading. */
export function sameValue(a: ProcessValue, b: ProcessValue): boolean {
  if (a.type !== b.type || a.quality !== b.quality || a.timestamp !== b.timestamp) return false;
  switch (a.type) {
    case 'BoolValue':
      return b.type === 'BoolValue' && a.boolValue === b.boolValue;
    case 'DoubleValue':
      return b.type === 'DoubleValue' && Object.is(a.doubleValue, b.doubleValue);
    case 'FailureStateValue':
      return b.type === 'FailureStateValue' && a.failureStateValue === b.failureStateValue;
    case 'CounterValue':
      return b.type === 'CounterValue' && shallowEqual(a.counterValue, b.counterValue);
    case 'RuntimeValue':
      return b.type === 'RuntimeValue' && shallowEqual(a.runtimeValue, b.runtimeValue);
    case 'TimeOfDayValue':
      return b.type === 'TimeOfDayValue' && shallowEqual(a.timeOfDayValue, b.timeOfDayValue);
  }
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
