import type { ModbusAddress } from '../definition/sources-definition.js';
import type { ModbusType } from '../definition/source-schemas.js';

/** Registers a value of each type occupies. */
export const REGISTERS: Readonly<Record<ModbusType, number>> = {
  int16: 1,
  uint16: 1,
  int32: 2,
  uint32: 2,
  float32: 2,
  float64: 4,
};

const RANGE: Partial<Record<ModbusType, [number, number]>> = {
  int16: [-32_768, 32_767],
  uint16: [0, 65_535],
  int32: [-2_147_483_648, 2_147_483_647],
  uint32: [0, 4_294_967_295],
};

/** A value that the register cannot hold (out of its integer range, not a number). */
export class RegisterRangeError extends Error {
  constructor(value: number, type: ModbusType) {
    super(`${value} passt nicht in ein ${type}-Register`);
    this.name = 'RegisterRangeError';
  }
}

/** The registers of a value as the wire carries them, in the big-endian order of the type. */
function ordered(words: readonly number[], address: ModbusAddress): Buffer {
  const buffer = Buffer.alloc(words.length * 2);
  const sequence = address.wordOrder === 'little' ? [...words].reverse() : words;
  sequence.forEach((word, i) => {
    const w = address.byteOrder === 'little' ? ((word & 0xff) << 8) | (word >> 8) : word;
    buffer.writeUInt16BE(w & 0xffff, i * 2);
  });
  return buffer;
}

/** The raw number of a value from its registers (byte and word order applied). */
export function decodeRegisters(words: readonly number[], address: ModbusAddress): number {
  const b = ordered(words, address);
  switch (address.type) {
    case 'int16':
      return b.readInt16BE(0);
    case 'uint16':
      return b.readUInt16BE(0);
    case 'int32':
      return b.readInt32BE(0);
    case 'uint32':
      return b.readUInt32BE(0);
    case 'float32':
      return b.readFloatBE(0);
    case 'float64':
      return b.readDoubleBE(0);
  }
}

/** The registers of a raw number (the inverse of decodeRegisters); integer types are rounded. */
export function encodeRegisters(raw: number, address: ModbusAddress): number[] {
  const n = REGISTERS[address.type];
  const b = Buffer.alloc(n * 2);
  const range = RANGE[address.type];
  const value = range ? Math.round(raw) : raw;
  if (!Number.isFinite(value) || (range && (value < range[0] || value > range[1])))
    throw new RegisterRangeError(raw, address.type);
  switch (address.type) {
    case 'int16':
      b.writeInt16BE(value, 0);
      break;
    case 'uint16':
      b.writeUInt16BE(value, 0);
      break;
    case 'int32':
      b.writeInt32BE(value, 0);
      break;
    case 'uint32':
      b.writeUInt32BE(value, 0);
      break;
    case 'float32':
      b.writeFloatBE(value, 0);
      break;
    case 'float64':
      b.writeDoubleBE(value, 0);
      break;
  }
  const words = Array.from({ length: n }, (_, i) => b.readUInt16BE(i * 2));
  const sequence = address.wordOrder === 'little' ? words.reverse() : words;
  return sequence.map((w) => (address.byteOrder === 'little' ? ((w & 0xff) << 8) | (w >> 8) : w));
}

/** Engineering value of the registers: raw × factor + offset, or a bit as on/off. */
export function engineeringValue(words: readonly number[], address: ModbusAddress): number | boolean {
  if (address.bit !== null) return (((words[0] ?? 0) >> address.bit) & 1) === 1;
  return decodeRegisters(words, address) * address.factor + address.offset;
}

/** Registers for an engineering value (scaling undone, rounded to the register's step). */
export function registersFor(value: number, address: ModbusAddress): number[] {
  return encodeRegisters((value - address.offset) / address.factor, address);
}

/** What the device will hold of an engineering value: the value after a trip through its registers. */
export function quantiseEngineering(value: number, address: ModbusAddress): number {
  return decodeRegisters(registersFor(value, address), address) * address.factor + address.offset;
}
