import modbusSerial from 'modbus-serial';
import type { ModbusRTU as Client } from 'modbus-serial/ModbusRTU.js';
import type { ProcessValue } from '@leitwarte/core';
import type { AdapterContext, AdapterWrite, ProtocolAdapter, ProtocolSession } from '../field/field-types.js';
import type { FieldSourceDefinition, ModbusAddress, PvBinding } from '../definition/sources-definition.js';
import { planReads, width, withoutGaps, type ReadRequest } from './read-plan.js';
import { engineeringValue, quantiseEngineering, registersFor } from './register-codec.js';

type ModbusSource = Extract<FieldSourceDefinition, { kind: 'modbus' }>;
// A CommonJS module whose export is the client class itself.
const ModbusRTU = modbusSerial as unknown as new () => Client;

const DEFAULTS = {
  port: 502,
  unitId: 1,
  pollMs: 1000,
  timeoutMs: 2000,
  maxRegisters: 125,
  maxBits: 2000,
  maxGap: 16,
};
/** Modbus exception 02: the request names an address the device does not have. */
const ILLEGAL_DATA_ADDRESS = 2;

/** Runs requests on one connection one after another (most devices answer one at a time). */
function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}

const isTimeout = (e: unknown) => (e as { errno?: string }).errno === 'ETIMEDOUT';
const modbusCode = (e: unknown) => (e as { modbusCode?: number }).modbusCode;

async function read(
  client: Client,
  request: ReadRequest,
): Promise<{ bits: boolean[] } | { words: number[] }> {
  switch (request.table) {
    case 'coil':
      return { bits: (await client.readCoils(request.start, request.count)).data };
    case 'discrete':
      return { bits: (await client.readDiscreteInputs(request.start, request.count)).data };
    case 'input':
      return { words: (await client.readInputRegisters(request.start, request.count)).data };
    case 'holding':
      return { words: (await client.readHoldingRegisters(request.start, request.count)).data };
  }
}

function numberOf(value: ProcessValue): number | null {
  switch (value.type) {
    case 'DoubleValue':
      return value.doubleValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    default:
      return null;
  }
}

/**
 * Modbus TCP (modbus-serial): one connection per device and unit id, a poll cycle that reads
 * every PV in as few requests as the address map allows, writes (FC5/6/15/16) read back at once.
 */
export function createModbusAdapter(ctx: AdapterContext<ModbusSource>): ProtocolAdapter {
  const { source } = ctx;
  const port = source.port ?? DEFAULTS.port;
  const unitId = source.unitId ?? DEFAULTS.unitId;
  const pollMs = source.pollMs ?? DEFAULTS.pollMs;
  const timeoutMs = source.timeoutMs ?? DEFAULTS.timeoutMs;
  const points = ctx.bindings.flatMap((b) =>
    b.kind === 'modbus' ? [{ key: b.key, address: b.address }] : [],
  );
  const basePlan = planReads(points, {
    maxRegisters: source.maxRegistersPerRequest ?? DEFAULTS.maxRegisters,
    maxBits: source.maxBitsPerRequest ?? DEFAULTS.maxBits,
    maxGap: source.maxGap ?? DEFAULTS.maxGap,
  });

  const deliver = (request: ReadRequest, data: { bits: boolean[] } | { words: number[] }, at: number) => {
    for (const block of request.blocks) {
      for (const point of block.points) {
        const i = point.address.address - request.start;
        const raw =
          'bits' in data
            ? (data.bits[i] ?? false)
            : engineeringValue(data.words.slice(i, i + width(point.address)), point.address);
        ctx.receive(point.key, raw, 'Good', at);
      }
    }
  };

  async function connect(lost: (error: Error) => void): Promise<ProtocolSession> {
    const client: Client = new ModbusRTU();
    client.setTimeout(timeoutMs);
    const opening = client.connectTCP(source.host, { port });
    const timer = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
    );
    try {
      await Promise.race([opening, timer]);
    } catch (e) {
      client.close(() => {});
      throw e;
    }
    client.setID(unitId);
    const queue = createQueue();
    let open = true;
    let plan = basePlan;
    let poller: ReturnType<typeof setTimeout> | null = null;
    const fail = (error: Error) => {
      if (!open) return;
      open = false;
      if (poller) clearTimeout(poller);
      lost(error);
    };
    client.on('close', () => fail(new Error('the device closed the connection')));
    client.on('error', (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))));

    const readOne = async (request: ReadRequest): Promise<void> => {
      try {
        const data = await queue(() => read(client, request));
        ctx.count('reads');
        deliver(request, data, ctx.now());
      } catch (e) {
        if (isTimeout(e)) throw e;
        const code = modbusCode(e);
        if (code === ILLEGAL_DATA_ADDRESS && request.blocks.length > 1) {
          // The device has no registers in the gap: read these blocks one by one from now on.
          plan = plan.flatMap((r) => (r === request ? withoutGaps(r) : [r]));
          for (const part of withoutGaps(request)) await readOne(part);
          return;
        }
        const keys = request.blocks.flatMap((b) => b.points.map((p) => p.key));
        ctx.error(`read ${request.table} ${request.start}+${request.count}: ${(e as Error).message}`);
        ctx.markBad(keys);
      }
    };

    const cycle = async () => {
      poller = null;
      const began = Date.now();
      try {
        for (const request of plan) {
          if (!open) return;
          await readOne(request);
        }
      } catch (e) {
        // No answer: the device or the line is gone; the connection is renewed.
        return fail(new Error(`read: ${(e as Error).message}`));
      }
      if (open) {
        poller = setTimeout(() => void cycle(), Math.max(0, pollMs - (Date.now() - began)));
        poller.unref();
      }
    };
    void cycle();

    return {
      async write(writes: readonly AdapterWrite[]) {
        for (const w of writes) await writeOne(client, queue, w);
        // Read back what was written; the values confirm the writes.
        const written = writes.flatMap((w) =>
          w.binding.kind === 'modbus' ? [{ key: w.binding.key, address: w.binding.address }] : [],
        );
        for (const request of planReads(written, { maxRegisters: 125, maxBits: 2000, maxGap: 0 }))
          await readOne(request);
      },
      async close() {
        open = false;
        if (poller) clearTimeout(poller);
        await new Promise<void>((resolve) => client.close(() => resolve()));
      },
    };
  }

  return {
    connect,
    target: () => `modbus://${source.host}:${port} unit ${unitId}`,
    quantise(binding: PvBinding, value: ProcessValue): ProcessValue {
      if (binding.kind !== 'modbus') return value;
      const n = numberOf(value);
      if (n === null || binding.address.bit !== null || binding.address.table === 'coil') return value;
      let q: number;
      try {
        q = quantiseEngineering(n, binding.address);
      } catch {
        return value;
      }
      switch (value.type) {
        case 'DoubleValue':
          return { ...value, doubleValue: q };
        case 'CounterValue':
          return { ...value, counterValue: { ...value.counterValue, value: q } };
        case 'RuntimeValue':
          return { ...value, runtimeValue: { ...value.runtimeValue, value: q } };
        default:
          return value;
      }
    },
  };
}

async function writeOne(
  client: Client,
  queue: ReturnType<typeof createQueue>,
  w: AdapterWrite,
): Promise<void> {
  if (w.binding.kind !== 'modbus') return;
  const address: ModbusAddress = w.binding.address;
  const { raw } = w;
  const on = typeof raw === 'boolean' ? raw : raw === 1 ? true : raw === 0 ? false : null;
  if (address.table === 'input' || address.table === 'discrete')
    throw new Error(`${w.binding.key} liegt in einer nur lesbaren Tabelle (${address.table})`);
  if (address.table === 'coil' || address.bit !== null) {
    if (on === null) throw new Error(`${w.binding.key}: ${String(raw)} lässt sich nicht als Bit schreiben`);
    const bit = address.bit;
    if (address.table === 'coil' || bit === null)
      return void (await queue(() => client.writeCoil(address.address, on)));
    // Read-modify-write of the one bit; the register's other bits stay as the device has them.
    await queue(async () => {
      const [word = 0] = (await client.readHoldingRegisters(address.address, 1)).data;
      const next = on ? word | (1 << bit) : word & ~(1 << bit) & 0xffff;
      await client.writeRegister(address.address, next);
    });
    return;
  }
  const words = registersFor(typeof raw === 'boolean' ? (raw ? 1 : 0) : Number(raw), address);
  const [single] = words;
  await queue<unknown>(() =>
    words.length === 1 && single !== undefined
      ? client.writeRegister(address.address, single)
      : client.writeRegisters(address.address, words),
  );
}
