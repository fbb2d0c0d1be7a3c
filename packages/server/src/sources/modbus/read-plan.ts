import type { ModbusTable } from '../definition/source-schemas.js';
import type { ModbusAddress } from '../definition/sources-definition.js';
import { REGISTERS } from './register-codec.js';

/** A PV within a read: where its registers or bit start. */
export interface PlannedPoint {
  key: string;
  address: ModbusAddress;
}

/** Addresses without a gap between them; a device answers them in any grouping. */
export interface Block {
  start: number;
  end: number;
  points: PlannedPoint[];
}

/** One read request: a table, a range, and the blocks it covers. */
export interface ReadRequest {
  table: ModbusTable;
  start: number;
  count: number;
  blocks: Block[];
}

export interface PlanLimits {
  maxRegisters: number;
  maxBits: number;
  /** Unused addresses a request may span to join two blocks. */
  maxGap: number;
}

export const width = (address: ModbusAddress) =>
  address.table === 'coil' || address.table === 'discrete' ? 1 : REGISTERS[address.type];

/** Blocks of one table: points sorted by address, overlapping or adjacent ones joined. */
function blocksOf(points: readonly PlannedPoint[]): Block[] {
  const sorted = [...points].sort((a, b) => a.address.address - b.address.address);
  const blocks: Block[] = [];
  for (const point of sorted) {
    const start = point.address.address;
    const end = start + width(point.address);
    const current = blocks[blocks.length - 1];
    if (current && start <= current.end) {
      current.end = Math.max(current.end, end);
      current.points.push(point);
    } else blocks.push({ start, end, points: [point] });
  }
  return blocks;
}

/** Splits a block longer than one request allows (its points stay whole). */
function fit(block: Block, max: number): Block[] {
  if (block.end - block.start <= max) return [block];
  const parts: Block[] = [];
  for (const point of block.points) {
    const start = point.address.address;
    const end = start + width(point.address);
    const current = parts[parts.length - 1];
    if (current && end - current.start <= max) {
      current.end = Math.max(current.end, end);
      current.points.push(point);
    } else parts.push({ start, end, points: [point] });
  }
  return parts;
}

/**
 * As few read requests as the address map allows: per table, blocks of adjacent addresses are
 * joined across gaps of at most `maxGap` unused addresses, as long as a request stays within
 * the device's limit (registers or bits per request).
 */
export function planReads(points: readonly PlannedPoint[], limits: PlanLimits): ReadRequest[] {
  const requests: ReadRequest[] = [];
  const tables: ModbusTable[] = ['coil', 'discrete', 'input', 'holding'];
  for (const table of tables) {
    const max = table === 'coil' || table === 'discrete' ? limits.maxBits : limits.maxRegisters;
    const blocks = blocksOf(points.filter((p) => p.address.table === table)).flatMap((b) => fit(b, max));
    let current: ReadRequest | null = null;
    for (const block of blocks) {
      const gap = current ? block.start - (current.start + current.count) : Infinity;
      if (current && gap <= limits.maxGap && block.end - current.start <= max) {
        current.count = block.end - current.start;
        current.blocks.push(block);
      } else {
        current = { table, start: block.start, count: block.end - block.start, blocks: [block] };
        requests.push(current);
      }
    }
  }
  return requests;
}

/** A request split into one per block: for devices that refuse reads of unused addresses. */
export function withoutGaps(request: ReadRequest): ReadRequest[] {
  return request.blocks.map((block) => ({
    table: request.table,
    start: block.start,
    count: block.end - block.start,
    blocks: [block],
  }));
}
