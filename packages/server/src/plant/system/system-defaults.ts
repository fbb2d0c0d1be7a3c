import path from 'node:path';
import {
  LicenseOptionsSchema,
  PasswordPolicySchema,
  PrioritySchema,
  SystemSettingsSchema,
  type SystemConfig,
} from '@leitwarte/core';
import { Type } from 'typebox';
import { DEMO_PLANT_PATH } from '../index.js';
import { checkPlantContent, PlantContentError, readRequiredPlantContent } from '../content-file.js';

/**
 * system.json (format `leitwarte-system/1`): the defaults of the system configuration that a
 * new store starts with: the ten priorities with name and ARGB colour, system settings,
 * licence options and the password policy.
 */
export const SystemDocumentSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: Type.Literal('leitwarte-system/1'),
    priorities: Type.Array(PrioritySchema, { minItems: 10, maxItems: 10 }),
    systemSettings: SystemSettingsSchema,
    licenseOptions: LicenseOptionsSchema,
    passwordPolicy: PasswordPolicySchema,
  },
  { additionalProperties: false },
);

/** system.json of the demo plant, beside its plant.json. */
export const DEMO_SYSTEM_PATH = path.join(path.dirname(DEMO_PLANT_PATH), 'system.json');

/** Why a priority list is not one entry for each priority 0–9, or null. */
export function priorityListProblem(priorities: readonly { priority: number }[]): string | null {
  const seen = new Set(priorities.map((p) => p.priority));
  if (priorities.length !== 10 || seen.size !== 10) return 'must list each priority 0 to 9 exactly once';
  return null;
}

/** Checks a system document; throws naming the bad field. */
export function parseSystemDefaults(document: unknown, file: string): SystemConfig {
  const doc = checkPlantContent<SystemConfig & { format: string; $schema?: string }>(
    SystemDocumentSchema,
    document,
    file,
  );
  const problem = priorityListProblem(doc.priorities);
  if (problem) throw new PlantContentError(file, 'priorities', problem);
  return {
    priorities: [...doc.priorities].sort((a, b) => a.priority - b.priority),
    systemSettings: doc.systemSettings,
    licenseOptions: doc.licenseOptions,
    passwordPolicy: doc.passwordPolicy,
  };
}

/** Reads and checks system.json. */
export function loadSystemDefaults(file: string = DEMO_SYSTEM_PATH): SystemConfig {
  return parseSystemDefaults(readRequiredPlantContent<unknown>(Type.Unknown(), file), file);
}
