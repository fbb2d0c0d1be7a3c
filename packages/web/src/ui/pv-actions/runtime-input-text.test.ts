import { describe, expect, it } from 'vitest';
import { runtimeInputErrorKey } from './runtime-input-text';

describe('runtime edit messages (screens §5)', () => {
  it('an empty field: value must not be empty', () => {
    expect(runtimeInputErrorKey('  ')).toBe('validation.notEmpty');
  });
  it('a negative value: value must not be negative', () => {
    expect(runtimeInputErrorKey('-3')).toBe('validation.notNegative');
    expect(runtimeInputErrorKey('-0,5')).toBe('validation.notNegative');
  });
  it('text that is no number asks for a number', () => {
    expect(runtimeInputErrorKey('zwölf')).toBe('validation.enterNumber');
  });
  it('a number with a decimal comma is fine', () => {
    expect(runtimeInputErrorKey('8040,5')).toBeNull();
  });
});
