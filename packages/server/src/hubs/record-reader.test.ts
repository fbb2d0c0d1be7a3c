import { describe, expect, it } from 'vitest';
import { RecordReader, encodeRecord } from './record-reader.js';

const RS = '\x1e';
const frame = (text: string) => Buffer.from(text, 'utf8');

describe('RecordReader', () => {
  it('splits several records in one frame', () => {
    const reader = new RecordReader(1024);
    expect(reader.push(frame(`{"type":6}${RS}{"type":1}${RS}`))).toEqual({
      records: ['{"type":6}', '{"type":1}'],
    });
  });

  it('joins a record split across frames and keeps the tail of a frame', () => {
    const reader = new RecordReader(1024);
    expect(reader.push(frame('{"ty'))).toEqual({ records: [] });
    expect(reader.push(frame(`pe":6}${RS}{"type"`))).toEqual({ records: ['{"type":6}'] });
    expect(reader.push(frame(`:7}${RS}`))).toEqual({ records: ['{"type":7}'] });
  });

  it('decodes a multi-byte character split between frames', () => {
    const reader = new RecordReader(1024);
    const bytes = Buffer.from(`"Ölpumpe äß"${RS}`, 'utf8');
    expect(reader.push(bytes.subarray(0, 2))).toEqual({ records: [] });
    expect(reader.push(bytes.subarray(2))).toEqual({ records: ['"Ölpumpe äß"'] });
  });

  it('passes invalid JSON through as text: parsing is the protocol layer’s business', () => {
    const reader = new RecordReader(1024);
    expect(reader.push(frame(`{not json${RS}`))).toEqual({ records: ['{not json'] });
  });

  it('yields an empty record for consecutive separators', () => {
    const reader = new RecordReader(1024);
    expect(reader.push(frame(`${RS}${RS}`))).toEqual({ records: ['', ''] });
  });

  it('reports a complete record above the limit (in bytes)', () => {
    const reader = new RecordReader(10);
    expect(reader.push(frame(`0123456789${RS}`))).toEqual({ records: ['0123456789'] });
    // 6 characters, 12 bytes
    expect(reader.push(frame(`ääääää${RS}`))).toEqual({ records: [], oversize: true });
  });

  it('reports an incomplete record as soon as it exceeds the limit, without waiting for a separator', () => {
    const reader = new RecordReader(10);
    expect(reader.push(frame('01234'))).toEqual({ records: [] });
    expect(reader.push(frame('567890'))).toEqual({ records: [], oversize: true });
  });

  it('returns the records before an oversized one', () => {
    const reader = new RecordReader(10);
    expect(reader.push(frame(`{}${RS}01234567890${RS}`))).toEqual({ records: ['{}'], oversize: true });
  });

  it('does not keep references to the frame buffer', () => {
    const reader = new RecordReader(1024);
    const buffer = frame('{"a":');
    reader.push(buffer);
    buffer.fill(0x20);
    expect(reader.push(frame(`1}${RS}`))).toEqual({ records: ['{"a":1}'] });
  });
});

describe('encodeRecord', () => {
  it('appends the record separator', () => {
    expect(encodeRecord({ type: 6 })).toBe(`{"type":6}${RS}`);
  });
});
