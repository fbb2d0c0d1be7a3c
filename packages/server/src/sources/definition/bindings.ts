import fs from 'node:fs';
import path from 'node:path';
import type { PlantDocument } from '../../plant/definition-schema.js';
import { PlantDefinitionError } from '../../plant/definition-error.js';
import type { PvDefinition } from '../../plant/definition-types.js';
import { validate } from '../../plant/definition-validate.js';
import { resolveAddress } from './resolve-address.js';
import { SIMULATOR_SOURCE_ID, SOURCE_SCHEMAS, type FieldSourceDocument } from './source-schemas.js';
import type { FieldSourceDefinition, PvBinding, SourcesDefinition } from './sources-definition.js';

/** A PV of the expanded definition and where it was written: its station and, if explicit, its index. */
export interface PlacedPv {
  pv: PvDefinition;
  station: number;
  explicit: number | null;
}

export interface ResolveOptions {
  /** Directory of the plant file: relative TLS paths start there. */
  baseDir: string;
  env?: Record<string, string | undefined>;
}

function checkSource(doc: FieldSourceDocument, at: string, options: ResolveOptions): void {
  const env = options.env ?? process.env;
  if ('passwordEnv' in doc && doc.passwordEnv !== undefined && env[doc.passwordEnv] === undefined)
    throw new PlantDefinitionError(
      `${at}.passwordEnv`,
      `the environment variable ${doc.passwordEnv} is not set`,
    );
  if ('passwordEnv' in doc && doc.passwordEnv !== undefined && doc.username === undefined)
    throw new PlantDefinitionError(`${at}.passwordEnv`, 'a password needs a username');
  if (doc.reconnect && doc.reconnect.initialMs > doc.reconnect.maxMs)
    throw new PlantDefinitionError(
      `${at}.reconnect.initialMs`,
      `must not exceed maxMs (${doc.reconnect.maxMs})`,
    );
  if ('tls' in doc && doc.tls) {
    if (!doc.url.startsWith('mqtts://')) throw new PlantDefinitionError(`${at}.tls`, 'needs an mqtts:// url');
    for (const field of ['ca', 'cert', 'key'] as const) {
      const file = doc.tls[field];
      if (file !== undefined && !fs.existsSync(path.resolve(options.baseDir, file)))
        throw new PlantDefinitionError(`${at}.tls.${field}`, `file ${file} not found`);
    }
    if ((doc.tls.cert === undefined) !== (doc.tls.key === undefined))
      throw new PlantDefinitionError(`${at}.tls`, 'a client certificate needs both cert and key');
  }
  if (doc.kind === 'opcua') {
    const mode = doc.securityMode ?? 'None';
    const policy = doc.securityPolicy ?? (mode === 'None' ? 'None' : 'Basic256Sha256');
    if ((mode === 'None') !== (policy === 'None'))
      throw new PlantDefinitionError(
        `${at}.securityPolicy`,
        `policy ${policy} does not fit security mode ${mode}`,
      );
  }
}

function resolveSourceList(doc: PlantDocument, options: ResolveOptions): Map<string, FieldSourceDefinition> {
  const sources = new Map<string, FieldSourceDefinition>();
  (doc.sources ?? []).forEach((source, i) => {
    const at = `sources[${i}]`;
    try {
      validate(SOURCE_SCHEMAS[source.kind], source, '');
    } catch (error) {
      if (error instanceof PlantDefinitionError)
        throw new PlantDefinitionError(`${at}.${error.path}`.replace(/\.$/, ''), error.reason);
      throw error;
    }
    if (source.id === SIMULATOR_SOURCE_ID)
      throw new PlantDefinitionError(`${at}.id`, `"${SIMULATOR_SOURCE_ID}" is the simulator's`);
    if (sources.has(source.id)) throw new PlantDefinitionError(`${at}.id`, `"${source.id}" is used twice`);
    checkSource(source, at, options);
    sources.set(source.id, { ...source, baseDir: options.baseDir } as FieldSourceDefinition);
  });
  return sources;
}

/**
 * Which source feeds each station and PV, and every field PV's address with its defaults, checked
 * against its source's kind. Anything wrong is one PlantDefinitionError naming the field and PV.
 */
export function resolveSources(
  doc: PlantDocument,
  placed: readonly PlacedPv[],
  options: ResolveOptions,
): SourcesDefinition {
  const sources = resolveSourceList(doc, options);
  const known = (id: string, at: string) => {
    if (id !== SIMULATOR_SOURCE_ID && !sources.has(id))
      throw new PlantDefinitionError(at, `unknown source "${id}" (not in "sources")`);
    return id;
  };
  const stationSource = new Map<number, string>();
  doc.stations.forEach((station, i) => {
    const id = known(station.source ?? SIMULATOR_SOURCE_ID, `stations[${i}].source`);
    if (id !== SIMULATOR_SOURCE_ID && station.connection !== 'permanent')
      throw new PlantDefinitionError(
        `stations[${i}].connection`,
        `a station on field source "${id}" has a permanent connection`,
      );
    if (id === SIMULATOR_SOURCE_ID && station.address !== undefined)
      throw new PlantDefinitionError(`stations[${i}].address`, 'only for a station on a field source');
    stationSource.set(station.number, id);
  });

  const bindings = new Map<string, PvBinding>();
  const usedAddressKeys = doc.stations.map(() => new Set<string>());
  for (const { pv, station: i, explicit } of placed) {
    const station = doc.stations[i];
    const used = usedAddressKeys[i];
    if (!station || !used) continue;
    const explicitDoc = explicit === null ? undefined : station.pvs?.[explicit];
    const pvPath = explicit === null ? `stations[${i}]` : `stations[${i}].pvs[${explicit}]`;
    const id = known(explicitDoc?.source ?? station.source ?? SIMULATOR_SOURCE_ID, `${pvPath}.source`);
    const byRole = pv.unitId !== null && pv.role !== null ? `${pv.unitId}.${pv.role}` : null;
    const addressKey =
      [byRole, pv.key].find((k) => k !== null && station.addresses?.[k] !== undefined) ?? null;
    if (addressKey !== null) used.add(addressKey);
    const own = explicitDoc?.address ?? (addressKey === null ? undefined : station.addresses?.[addressKey]);
    const ownPath =
      explicitDoc?.address !== undefined ? `${pvPath}.address` : `stations[${i}].addresses["${addressKey}"]`;
    if (id === SIMULATOR_SOURCE_ID) {
      if (own !== undefined)
        throw new PlantDefinitionError(
          ownPath,
          `PV ${pv.key} "${pv.config.name}" is simulated; an address needs a field source`,
        );
      continue;
    }
    const source = sources.get(id);
    if (!source) continue; // known() has refused every id that is not declared
    const written = { ...(station.source === id ? station.address : undefined), ...own };
    const at = own !== undefined ? ownPath : explicitDoc ? `${pvPath}.address` : `stations[${i}].addresses`;
    bindings.set(
      pv.key,
      resolveAddress(source, written, {
        pv,
        station: { number: station.number, eks: station.eks },
        path: at,
      }),
    );
  }
  doc.stations.forEach((station, i) => {
    for (const key of Object.keys(station.addresses ?? {}))
      if (!usedAddressKeys[i]?.has(key))
        throw new PlantDefinitionError(
          `stations[${i}].addresses["${key}"]`,
          'names no PV of this station (<unit id>.<role> or Type-nr)',
        );
  });
  return { sources: [...sources.values()], stationSource, bindings };
}
