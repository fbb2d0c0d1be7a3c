import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PLANT_PATH } from '../plant/index.js';

/** The demo plant plus a failure input that is pending (state 1) and a time switch with a domain. */
export function plantWithPendingFailure(): { file: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'leitwarte-plant-'));
  cpSync(path.dirname(DEMO_PLANT_PATH), dir, { recursive: true });
  const file = path.join(dir, 'plant.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { stations: { pvs?: unknown[] }[] };
  doc.stations[0]!.pvs!.push(
    {
      type: 'DigiIn',
      number: 901,
      name: 'Teststörung',
      eks: 'XF9',
      subtype: 'Störung',
      valueType: 'FailureStateValue',
      alert: { priority: 3, message: 'Teststörung' },
      initial: 1,
    },
    {
      type: 'AnaOut',
      number: 901,
      name: 'Testschaltzeit',
      eks: 'YT9',
      subtype: 'Schaltzeit',
      valueType: 'TimeOfDayValue',
      min: 6 * 256,
      max: 22 * 256 + 30,
      initial: '08:00',
    },
  );
  writeFileSync(file, JSON.stringify(doc));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
