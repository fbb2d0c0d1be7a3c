import {
  LicenseOptionsSchema,
  PasswordPolicySchema,
  PrioritySchema,
  SystemSettingsSchema,
  type SystemConfig,
} from '@leitwarte/core';
import { Type, type TSchema } from 'typebox';
import { createListeners } from '../listeners.js';
import type { Store } from '../../store/index.js';
import { createAlertStore } from '../../store/alerts/index.js';
import type { Actor } from '../alerts/actor.js';
import { checkPlantContent, PlantContentError } from '../content-file.js';
import { loadSystemDefaults, priorityListProblem } from './system-defaults.js';

export interface SystemConfigServiceDeps {
  store: Store;
  /** Defaults a new store starts with; default the demo's system.json. */
  defaults?: SystemConfig;
  now?: () => number;
}

/** Reply of a configuration change; nothing is changed unless Success. */
export interface SystemConfigReply {
  status: 'Success' | 'Failed';
  errorMessage: string | null;
}

/** The system configuration (screens §7 "GET system config"), persisted per part. */
export interface SystemConfigService {
  /** Stores the defaults where the store has none yet and loads the configuration. */
  start(): Promise<void>;
  get(): SystemConfig;
  /** Replaces the given parts, each validated; audited old → new; emits onChange. */
  update(patch: Partial<SystemConfig>, actor: Actor): Promise<SystemConfigReply>;
  onChange(listener: (config: SystemConfig) => void): () => void;
}

type Part = keyof SystemConfig;
const PARTS: Record<Part, TSchema> = {
  priorities: Type.Array(PrioritySchema, { minItems: 10, maxItems: 10 }),
  systemSettings: SystemSettingsSchema,
  licenseOptions: LicenseOptionsSchema,
  passwordPolicy: PasswordPolicySchema,
};

/** Why a part is refused, naming the field; null when valid. */
function problemOf(part: Part, value: unknown): string | null {
  try {
    checkPlantContent(PARTS[part], value, part);
  } catch (error) {
    if (error instanceof PlantContentError)
      return `${part}${error.path ? `.${error.path}` : ''}: ${error.reason}`;
    throw error;
  }
  if (part === 'priorities') {
    const problem = priorityListProblem(value as { priority: number }[]);
    return problem ? `priorities: ${problem}` : null;
  }
  return null;
}

export function createSystemConfigService(deps: SystemConfigServiceDeps): SystemConfigService {
  const { store, now = Date.now } = deps;
  const defaults = deps.defaults ?? loadSystemDefaults();
  const repo = createAlertStore(store.db).systemConfig;
  let config: SystemConfig = defaults;
  const listeners = createListeners<SystemConfig>();

  return {
    async start() {
      for (const part of Object.keys(PARTS) as Part[]) {
        await repo.insertMissing(part, JSON.stringify(defaults[part]), now());
      }
      const stored = await repo.all();
      const loaded = { ...defaults } as Record<Part, unknown>;
      for (const part of Object.keys(PARTS) as Part[]) {
        const value: unknown = JSON.parse(stored.get(part) ?? 'null');
        const problem = problemOf(part, value);
        if (problem) throw new Error(`stored system configuration is invalid: ${problem}`);
        loaded[part] = value;
      }
      config = loaded as SystemConfig;
      config.priorities = [...config.priorities].sort((a, b) => a.priority - b.priority);
    },
    get: () => config,
    async update(patch, actor) {
      const parts = Object.keys(patch) as string[];
      const unknown = parts.find((p) => !(p in PARTS));
      if (unknown) return { status: 'Failed', errorMessage: `unknown part ${unknown}` };
      for (const part of parts as Part[]) {
        const problem = problemOf(part, patch[part]);
        if (problem) return { status: 'Failed', errorMessage: problem };
      }
      const at = now();
      const next = { ...config } as Record<Part, unknown>;
      for (const part of parts as Part[]) {
        const before = JSON.stringify(config[part]);
        const after = JSON.stringify(patch[part]);
        if (before === after) continue;
        await repo.set(part, after, at);
        await store.audit.append({
          at,
          userId: actor.userId,
          username: actor.username,
          action: 'systemConfig.set',
          object: part,
          oldValue: before,
          newValue: after,
          remoteAddress: actor.remoteAddress ?? null,
        });
        next[part] = JSON.parse(after) as unknown;
      }
      config = next as SystemConfig;
      config.priorities = [...config.priorities].sort((a, b) => a.priority - b.priority);
      listeners.emit(config);
      return { status: 'Success', errorMessage: null };
    },
    onChange: (listener) => listeners.add(listener),
  };
}
