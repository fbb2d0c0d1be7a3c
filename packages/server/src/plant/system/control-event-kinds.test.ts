import { controlEventKindOf } from '@leitwarte/core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SYSTEM_EVENT_KINDS } from './control-event-service.js';

// The event archive names every kind of core's CONTROL_EVENT_KINDS in every language (the web's
// event-kind test). This holds the server to that list: each audit action its sources write
// literally, and each system event kind, must be one of them (a refused attempt as `<kind>.refused`).
const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-support' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Audit actions written as literals: `action: '…'`, `audit('…'`, `auditRefusal(…, '….refused'`. */
function literalActions(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\baction:\s*'([^']+)'/g)].map((m) => m[1]),
    ...[...text.matchAll(/\baudit\(\s*'([^']+)'/g)].map((m) => m[1]),
    ...[...text.matchAll(/\bauditRefusal\([^'`)]*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)].map((m) => m[1]),
  ];
  return found.filter((action): action is string => action !== undefined);
}

describe('the kinds of control events the server writes', () => {
  const files = sources(srcDir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const written = files
    .filter(({ text }) => /audit/i.test(text))
    .flatMap(({ path, text }) => literalActions(text).map((action) => ({ path, action })))
    // Station dial commands and push channel requests share the `action` name; they are not audited kinds.
    .filter(({ action }) => !['Connect', 'Disconnect', 'Status', 'Dial', 'http', 'forged'].includes(action));

  it('finds the audit actions in the sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(new Set(written.map(({ action }) => action)).size).toBeGreaterThan(30);
  });

  it('writes only audit actions the event archive can name', () => {
    expect(written.filter(({ action }) => controlEventKindOf(action) === null)).toEqual([]);
  });

  it('records only system events the event archive can name', () => {
    expect(SYSTEM_EVENT_KINDS.filter((kind) => controlEventKindOf(kind) === null)).toEqual([]);
  });
});
