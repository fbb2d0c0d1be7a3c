import { describe, expect, it } from 'vitest';
import { migrations } from './migrate.js';

describe.each(['sqlite', 'postgres'] as const)('the migrations of the %s store', (dialect) => {
  it('each take a number of their own, listed in the order they run', () => {
    const names = Object.keys(migrations(dialect));
    const numbers = names.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(names).toEqual([...names].sort());
  });
});
