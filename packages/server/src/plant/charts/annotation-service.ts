import {
  ANNOTATION_DEFAULT_FLAGS,
  ANNOTATION_UNSAVED_UPDATE,
  checkAnnotationFields,
  isPvRef,
  pvKey,
  type Annotation,
  type AnnotationFields,
  type PvRef,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import {
  createAnnotationsRepository,
  createChartsRepository,
  type ChartConfigRecord,
} from '../../store/charts/index.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { InputRefusedError, refuse, type Actor } from './input-refused.js';

export interface AnnotationServiceDeps {
  store: Store;
  plant: Plant;
  now?: () => number;
}

/** What changed: the annotations as they are now (deleted: as they were). */
export interface AnnotationChange {
  kind: 'created' | 'updated' | 'deleted';
  annotations: Annotation[];
}

/** A new annotation: time, PV and text; the data source defaults to MeasurementArchive, the flags to visible only. */
export type NewAnnotationInput = Pick<AnnotationFields, 'timestamp' | 'pv' | 'text'> &
  Partial<AnnotationFields>;

/** PATCH: the id plus the fields to change. */
export type AnnotationPatchInput = Partial<AnnotationFields> & { id?: number };

export interface AnnotationQueryInput {
  start?: number;
  end?: number;
  pvs?: PvRef[];
}

export interface AnnotationService {
  /** Annotations in [start, end] and/or of the PVs, oldest first. */
  list(query: AnnotationQueryInput): Promise<Annotation[]>;
  /** Annotations in [start, end] of each of the PVs, by PV key, oldest first; one read for all PVs. */
  listByPv(query: AnnotationQueryInput & { pvs: PvRef[] }): Promise<Map<string, Annotation[]>>;
  /** One annotation; undefined when there is none with this id. */
  get(id: number): Promise<Annotation | undefined>;
  create(input: NewAnnotationInput, actor: Actor): Promise<Annotation>;
  update(patch: AnnotationPatchInput, actor: Actor): Promise<Annotation>;
  /** Deletes the given annotations; returns the ids that existed and were deleted. */
  delete(ids: readonly number[], actor: Actor): Promise<number[]>;
  /** The charts an annotation belongs to: those with a series of its PV; undefined for an unknown id. */
  charts(annotationId: number): Promise<ChartConfigRecord[] | undefined>;
  onAnnotationChange(listener: (change: AnnotationChange) => void): () => void;
}

/** Most annotations one delete call may name. */
const DELETE_MAX = 1000;

export function createAnnotationService({
  store,
  plant,
  now = Date.now,
}: AnnotationServiceDeps): AnnotationService {
  const repo = createAnnotationsRepository(store.db);
  const charts = createChartsRepository(store.db);
  const listeners = createListeners<AnnotationChange>();

  const check = (input: unknown): AnnotationFields => {
    const checked = checkAnnotationFields(input);
    if (!checked.ok) throw new InputRefusedError('invalid', checked.issues);
    if (!plant.config(pvKey(checked.value.pv)))
      refuse('invalid', 'pv', `unknown PV ${pvKey(checked.value.pv)}`);
    return checked.value;
  };
  const audit = (actor: Actor, action: string, id: number, oldValue: unknown, newValue: unknown) =>
    store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: `annotation:${id}`,
      oldValue: oldValue === null ? null : JSON.stringify(oldValue),
      newValue: newValue === null ? null : JSON.stringify(newValue),
    });
  const strip = ({ id: _id, ...fields }: Annotation): AnnotationFields => fields;
  const list: AnnotationService['list'] = async ({ start, end, pvs } = {}) => {
    for (const [field, value] of [
      ['start', start],
      ['end', end],
    ] as const) {
      if (value !== undefined && !Number.isFinite(value))
        refuse('invalid', field, 'must be a time in milliseconds');
    }
    if (start !== undefined && end !== undefined && start > end)
      refuse('invalid', 'end', 'must not be before start');
    if (pvs !== undefined && !pvs.every(isPvRef))
      refuse('invalid', 'pvs', 'must be PV references {type, nr}');
    return repo.list({ start, end, pvs });
  };

  return {
    list,
    async listByPv(query) {
      const found = await list(query);
      const byPv = new Map<string, Annotation[]>(query.pvs.map((pv) => [pvKey(pv), []]));
      for (const a of found) byPv.get(pvKey(a.pv))?.push(a);
      return byPv;
    },
    async get(id) {
      if (!Number.isSafeInteger(id)) return undefined;
      const [found] = await repo.byIds([id]);
      return found;
    },
    async create(input, actor) {
      const fields = check({
        dataSource: 'MeasurementArchive',
        ...ANNOTATION_DEFAULT_FLAGS,
        ...input,
        id: undefined,
      });
      const created = await repo.insert(fields, now(), actor.username);
      await audit(actor, 'annotation.create', created.id, null, fields);
      listeners.emit({ kind: 'created', annotations: [created] });
      return created;
    },
    async update(patch, actor) {
      const { id, ...changes } = patch ?? {};
      // screens §4: an annotation without an id was never saved and cannot be updated.
      if (id === undefined || id === null) refuse('invalid', 'id', ANNOTATION_UNSAVED_UPDATE);
      if (!Number.isSafeInteger(id)) refuse('invalid', 'id', 'must be an integer');
      const [current] = await repo.byIds([id]);
      if (!current) refuse('not-found', 'id', `no annotation ${id}`);
      const fields = check({ ...strip(current), ...changes });
      await repo.update(id, fields, now());
      const updated: Annotation = { id, ...fields };
      await audit(actor, 'annotation.update', id, strip(current), fields);
      listeners.emit({ kind: 'updated', annotations: [updated] });
      return updated;
    },
    async delete(ids, actor) {
      if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id)))
        refuse('invalid', 'ids', 'must be a list of integer ids');
      if (ids.length > DELETE_MAX) refuse('invalid', 'ids', `at most ${DELETE_MAX} annotations per call`);
      const existing = await repo.byIds([...new Set(ids)]);
      const deleted = await repo.delete(existing.map((a) => a.id));
      const gone = existing.filter((a) => deleted.includes(a.id));
      for (const a of gone) await audit(actor, 'annotation.delete', a.id, strip(a), null);
      if (gone.length > 0) listeners.emit({ kind: 'deleted', annotations: gone });
      return deleted;
    },
    async charts(annotationId) {
      const [annotation] = Number.isSafeInteger(annotationId) ? await repo.byIds([annotationId]) : [];
      if (!annotation) return undefined;
      const ids = await charts.chartIdsWithPv(annotation.pv);
      const found = await Promise.all(ids.map((id) => charts.config(id)));
      return found.filter((c): c is ChartConfigRecord => c !== undefined);
    },
    onAnnotationChange: (listener) => listeners.add(listener),
  };
}
