import { describe, expect, it } from 'vitest';
import type { ModbusAddress } from '../definition/sources-definition.js';
import {
  decodeRegisters,
  encodeRegisters,
  engineeringValue,
  quantiseEngineering,
  RegisterRangeError,
} from './register-codec.js';

const at = (over: Partial<ModbusAddress>): ModbusAddress => ({
  table: 'holding',
  address: 0,
  type: 'int16',
  byteOrder: 'big',
  wordOrder: 'big',
  bit: null,
  factor: 1,
  offset: 0,
  ...over,
});

describe('Modbus register codec', () => {
  it.each([
    ['int16', 'big', 'big', [0xfb2e], -1234],
    ['uint16', 'big', 'big', [0xfde8], 65000],
    ['int16', 'little', 'big', [0x2efb], -1234],
    ['int32', 'big', 'big', [0xfffe, 0x7960], -100000],
    ['int32', 'big', 'little', [0x7960, 0xfffe], -100000],
    ['uint32', 'big', 'little', [0x5e00, 0xb2d0], 3_000_000_000],
    ['float32', 'big', 'big', [0x4050, 0x0000], 3.25],
    ['float32', 'little', 'little', [0x0000, 0x4841], 12.5],
    ['float32', 'little', 'big', [0x4841, 0x0000], 12.5],
    ['float64', 'big', 'big', [0xbfc0, 0, 0, 0], -0.125],
    ['float64', 'big', 'little', [0, 0, 0, 0xbfc0], -0.125],
  ] as const)('%s bytes %s words %s: %j is %d', (type, byteOrder, wordOrder, words, value) => {
    const address = at({ type, byteOrder, wordOrder });
    expect(decodeRegisters(words, address)).toBe(value);
    expect(encodeRegisters(value, address)).toEqual(words);
  });

  it('scales raw to engineering values and back, rounding to the register step', () => {
    const scaled = at({ type: 'int16', factor: 10 / 27648, offset: 0 });
    expect(engineeringValue([13824], scaled)).toBeCloseTo(5, 12);
    const tenth = at({ factor: 0.1, offset: -50 });
    expect(engineeringValue([600], tenth)).toBeCloseTo(10, 12);
    expect(quantiseEngineering(10.04, tenth)).toBeCloseTo(10, 12);
    expect(quantiseEngineering(3.3, at({ type: 'float32' }))).toBe(Math.fround(3.3));
  });

  it('extracts a bit of a register', () => {
    expect(engineeringValue([0b1000], at({ bit: 3 }))).toBe(true);
    expect(engineeringValue([0b0111], at({ bit: 3 }))).toBe(false);
  });

  it('refuses values a register cannot hold', () => {
    expect(() => encodeRegisters(40_000, at({ type: 'int16' }))).toThrow(RegisterRangeError);
    expect(() => encodeRegisters(-1, at({ type: 'uint32' }))).toThrow(RegisterRangeError);
    expect(() => encodeRegisters(Number.NaN, at({ type: 'float32' }))).toThrow(RegisterRangeError);
  });
});
