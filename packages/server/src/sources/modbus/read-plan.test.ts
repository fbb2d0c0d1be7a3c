import { describe, expect, it } from 'vitest';
import type { ModbusAddress } from '../definition/sources-definition.js';
import { planReads, withoutGaps, type PlannedPoint } from './read-plan.js';

const point = (
  table: ModbusAddress['table'],
  address: number,
  type: ModbusAddress['type'] = 'int16',
): PlannedPoint => ({
  key: `${table}-${address}`,
  address: { table, address, type, byteOrder: 'big', wordOrder: 'big', bit: null, factor: 1, offset: 0 },
});
const limits = { maxRegisters: 125, maxBits: 2000, maxGap: 0 };

describe('Modbus read plan', () => {
  it('reads adjacent registers of a table in one request, each table apart', () => {
    const plan = planReads(
      [point('holding', 0), point('holding', 1, 'float32'), point('input', 5), point('holding', 3)],
      limits,
    );
    expect(plan.map((r) => [r.table, r.start, r.count])).toEqual([
      ['input', 5, 1],
      ['holding', 0, 4],
    ]);
  });

  it('spans gaps up to maxGap and no more', () => {
    const points = [point('holding', 0), point('holding', 10), point('holding', 30)];
    expect(planReads(points, { ...limits, maxGap: 9 }).map((r) => [r.start, r.count])).toEqual([
      [0, 11],
      [30, 1],
    ]);
    expect(planReads(points, { ...limits, maxGap: 8 }).map((r) => [r.start, r.count])).toEqual([
      [0, 1],
      [10, 1],
      [30, 1],
    ]);
  });

  it("respects the device's registers per request and never cuts a value", () => {
    const points = Array.from({ length: 1000 }, (_, i) => point('holding', i * 2, 'float32'));
    const plan = planReads(points, { ...limits, maxRegisters: 125 });
    expect(plan.every((r) => r.count <= 125)).toBe(true);
    expect(plan).toHaveLength(Math.ceil(2000 / 124));
    expect(plan.flatMap((r) => r.blocks.flatMap((b) => b.points))).toHaveLength(1000);
    for (const r of plan)
      for (const b of r.blocks)
        for (const p of b.points) expect(p.address.address + 2).toBeLessThanOrEqual(r.start + r.count);
  });

  it('10 devices × 1,000 registers: 8 requests per device', () => {
    const points = Array.from({ length: 1000 }, (_, i) => point('holding', i));
    expect(planReads(points, limits)).toHaveLength(8);
  });

  it('reads coils up to 2,000 bits a request', () => {
    const points = Array.from({ length: 2500 }, (_, i) => point('coil', i));
    expect(planReads(points, limits).map((r) => r.count)).toEqual([2000, 500]);
  });

  it('splits a request into its blocks for devices without the gap', () => {
    const [request] = planReads([point('input', 0), point('input', 1), point('input', 10)], {
      ...limits,
      maxGap: 16,
    });
    expect(request!.count).toBe(11);
    expect(withoutGaps(request!).map((r) => [r.start, r.count])).toEqual([
      [0, 2],
      [10, 1],
    ]);
  });
});
