import { describe, expect, it } from 'vitest';
import { closeMessage, completion, completionError, parseClientMessage, parseHandshake } from './protocol.js';

describe('parseHandshake', () => {
  it('accepts json version 1, with properties in any order', () => {
    expect(parseHandshake('{"version":1,"protocol":"json"}')).toEqual({ ok: true });
  });

  it('refuses messagepack', () => {
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toEqual({
      ok: false,
      error: "Requested protocol 'messagepack' is not available.",
    });
  });

  it('refuses other versions, malformed JSON and missing fields', () => {
    expect(parseHandshake('{"protocol":"json","version":2}').ok).toBe(false);
    expect(parseHandshake('{"protocol":"json"').ok).toBe(false);
    expect(parseHandshake('{"protocol":"json"}').ok).toBe(false);
    expect(parseHandshake('null').ok).toBe(false);
  });

  it('does not echo arbitrary protocol names', () => {
    const result = parseHandshake(JSON.stringify({ protocol: '<script>'.repeat(20), version: 1 }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).not.toContain('<');
  });
});

describe('parseClientMessage', () => {
  it('parses an invocation with and without id', () => {
    expect(parseClientMessage('{"type":1,"invocationId":"0","target":"M","arguments":[1]}')).toEqual({
      ok: true,
      message: { type: 1, invocationId: '0', target: 'M', arguments: [1] },
    });
    expect(parseClientMessage('{"type":1,"target":"M","arguments":[]}')).toEqual({
      ok: true,
      message: { type: 1, target: 'M', arguments: [] },
    });
  });

  it('ignores headers and unknown future message types', () => {
    const parsed = parseClientMessage('{"type":1,"headers":{"a":"b"},"target":"M","arguments":[]}');
    expect(parsed.ok).toBe(true);
    expect(parseClientMessage('{"type":42}')).toEqual({ ok: true, message: { type: 'ignored' } });
    expect(parseClientMessage('{"type":8,"sequenceId":3}')).toEqual({
      ok: true,
      message: { type: 'ignored' },
    });
  });

  it('parses ping and close', () => {
    expect(parseClientMessage('{"type":6}')).toEqual({ ok: true, message: { type: 6 } });
    expect(parseClientMessage('{"type":7,"error":"bye"}')).toEqual({
      ok: true,
      message: { type: 7, error: 'bye' },
    });
  });

  it('rejects invalid JSON, non-objects and invocations missing fields', () => {
    expect(parseClientMessage('{').ok).toBe(false);
    expect(parseClientMessage('[1]').ok).toBe(false);
    expect(parseClientMessage('{"target":"M"}').ok).toBe(false);
    expect(parseClientMessage('{"type":1,"arguments":[]}').ok).toBe(false);
    expect(parseClientMessage('{"type":1,"target":"M"}').ok).toBe(false);
    expect(parseClientMessage('{"type":1,"invocationId":5,"target":"M","arguments":[]}').ok).toBe(false);
    expect(parseClientMessage('{"type":4,"target":"M","arguments":[]}').ok).toBe(false);
    expect(parseClientMessage('{"type":3}').ok).toBe(false);
  });

  it('rejects overlong invocation ids', () => {
    const id = 'x'.repeat(129);
    expect(
      parseClientMessage(JSON.stringify({ type: 1, invocationId: id, target: 'M', arguments: [] })).ok,
    ).toBe(false);
  });
});

describe('encoders', () => {
  it('never puts result and error into one completion', () => {
    expect(completion('1', undefined)).toEqual({ type: 3, invocationId: '1' });
    expect(completion('1', null)).toEqual({ type: 3, invocationId: '1', result: null });
    expect(completionError('1', 'no')).toEqual({ type: 3, invocationId: '1', error: 'no' });
  });

  it('writes allowReconnect only when set', () => {
    expect(closeMessage()).toEqual({ type: 7 });
    expect(closeMessage('bye')).toEqual({ type: 7, error: 'bye' });
    expect(closeMessage('bye', true)).toEqual({ type: 7, error: 'bye', allowReconnect: true });
  });
});
