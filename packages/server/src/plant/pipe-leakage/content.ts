import { parseClockTime, type NightWindow } from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import type { Plant } from '../plant.js';
import { PlantContentError, readPlantContent } from '../content-file.js';

const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const Percent = Type.Number({ minimum: 0, maximum: 1000 });

/** pipe-leakage.json: the night window, thresholds and the measured zones (plants/README.md). */
export const PipeLeakageContentSchema = Type.Object(
  {
    window: Type.Object({ begin: Clock, end: Clock }, { additionalProperties: false }),
    warningPercent: Percent,
    alarmPercent: Percent,
    configs: Type.Array(
      Type.Object(
        {
          pipeLeakageId: Type.Integer({ minimum: 1, maximum: 999_999 }),
          name: Type.String({ minLength: 1, maxLength: 64 }),
          pv: Type.String({ minLength: 1 }),
          referenceValue: Type.Number({ exclusiveMinimum: 0 }),
          // The data logger's reported SD-card lifetime; below 20 % the station page warns.
          sdCardLifetime: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PipeLeakageContent = Static<typeof PipeLeakageContentSchema>;

/** The night window in minutes after local midnight. */
export function contentWindow(content: PipeLeakageContent): NightWindow {
  return {
    beginMinute: parseClockTime(content.window.begin) ?? 0,
    endMinute: parseClockTime(content.window.end) ?? 0,
  };
}

/** Checks a window that begins before it ends, ordered thresholds, unique ids and analog flow PVs of the plant. */
export function checkPipeLeakageContent(
  content: PipeLeakageContent,
  plant: Pick<Plant, 'config'>,
  file: string,
): void {
  const fail = (at: string, reason: string) => {
    throw new PlantContentError(file, at, reason);
  };
  const window = contentWindow(content);
  if (!(window.beginMinute < window.endMinute)) fail('window.end', 'must be after window.begin (same night)');
  if (!(content.warningPercent < content.alarmPercent)) fail('alarmPercent', 'must be above warningPercent');
  const ids = new Set<number>();
  content.configs.forEach((c, i) => {
    if (ids.has(c.pipeLeakageId)) fail(`configs[${i}].pipeLeakageId`, `duplicate id ${c.pipeLeakageId}`);
    ids.add(c.pipeLeakageId);
    const config = plant.config(c.pv);
    if (!config) fail(`configs[${i}].pv`, `unknown PV ${c.pv}`);
    else if (config.valueType !== 'DoubleValue') fail(`configs[${i}].pv`, `${c.pv} is not an analog value`);
  });
}

/** Reads pipe-leakage.json; a missing file means no pipe-leakage monitoring. */
export function loadPipeLeakageContent(
  file: string,
  plant: Pick<Plant, 'config'>,
): PipeLeakageContent | null {
  const content = readPlantContent<PipeLeakageContent>(PipeLeakageContentSchema, file);
  if (content !== null) checkPipeLeakageContent(content, plant, file);
  return content;
}
