import {
  ALARM_CONNECTION_TYPES,
  ALARM_PLAN_MEMBER_SLOTS,
  REMOTE_ALARM_NAME_MAX,
  callNumberError,
  literalUnion,
  memberSlots,
  normaliseCallNumber,
  planKey,
  priorityFlags,
} from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import type { RemoteAlarmSeed } from '../../store/remote-alarm/index.js';
import { PlantContentError, readPlantContent } from '../content-file.js';

const Id = Type.Integer({ minimum: 1, maximum: 999_999 });
const Name = Type.String({ minLength: 1, maxLength: REMOTE_ALARM_NAME_MAX });
const closed = { additionalProperties: false } as const;

/** remote-alarm.json: categories, PV groups, call numbers, alarm lines and plans (plants/README.md). */
export const RemoteAlarmContentSchema = Type.Object(
  {
    categories: Type.Array(Type.Object({ id: Id, name: Name }, closed)),
    pvGroups: Type.Array(Type.Object({ id: Id, station: Id, name: Name }, closed)),
    callNumbers: Type.Array(
      Type.Object(
        { id: Id, name: Name, number: Type.String({ maxLength: 64 }), active: Type.Boolean(), category: Id },
        closed,
      ),
    ),
    lines: Type.Array(
      Type.Object(
        {
          station: Id,
          lineNumber: Type.Integer({ minimum: 1, maximum: 99 }),
          connectionType: literalUnion(ALARM_CONNECTION_TYPES),
        },
        closed,
      ),
    ),
    plans: Type.Array(
      Type.Object(
        {
          station: Id,
          planNumber: Type.Integer({ minimum: 1, maximum: 9999 }),
          planname: Name,
          groupname: Name,
          pvGroup: Type.Union([Id, Type.Null()]),
          active: Type.Boolean(),
          priorities: Type.Array(Type.Integer({ minimum: 0, maximum: 9 }), { uniqueItems: true }),
          recipients: Type.Array(Id, { maxItems: ALARM_PLAN_MEMBER_SLOTS }),
          alertingCountMax: Type.Integer({ minimum: 1, maximum: 99 }),
          callNumberChangeCountMax: Type.Integer({ minimum: 1, maximum: 99 }),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type RemoteAlarmContent = Static<typeof RemoteAlarmContentSchema>;

/** No remote alarm at all (a plant without remote-alarm.json). */
export const EMPTY_REMOTE_ALARM: RemoteAlarmContent = {
  categories: [],
  pvGroups: [],
  callNumbers: [],
  lines: [],
  plans: [],
};

function unique<T>(items: readonly T[], key: (item: T) => string, list: string, file: string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) throw new PlantContentError(file, `${list}[${i}]`, `duplicate ${k}`);
    seen.add(k);
  });
}

/**
 * Checks what a schema cannot: unique ids, references between the lists, stations of the
 * plant, dialable numbers, and that every plan's station has a line to alert through.
 */
export function checkRemoteAlarmContent(
  content: RemoteAlarmContent,
  stations: ReadonlySet<number>,
  file: string,
): void {
  const fail = (at: string, reason: string) => {
    throw new PlantContentError(file, at, reason);
  };
  unique(content.categories, (c) => `category ${c.id}`, 'categories', file);
  unique(content.pvGroups, (g) => `PV group ${g.id}`, 'pvGroups', file);
  unique(content.callNumbers, (n) => `call number ${n.id}`, 'callNumbers', file);
  unique(content.lines, (l) => `line ${l.station}/${l.lineNumber}`, 'lines', file);
  unique(content.plans, (p) => `plan ${planKey(p)}`, 'plans', file);
  const categories = new Set(content.categories.map((c) => c.id));
  const groups = new Map(content.pvGroups.map((g) => [g.id, g]));
  const numbers = new Set(content.callNumbers.map((n) => n.id));
  const lineStations = new Set(content.lines.map((l) => l.station));
  content.pvGroups.forEach((g, i) => {
    if (!stations.has(g.station)) fail(`pvGroups[${i}].station`, `unknown station ${g.station}`);
  });
  content.callNumbers.forEach((n, i) => {
    const error = callNumberError(n.number);
    if (error) fail(`callNumbers[${i}].number`, error);
    if (!categories.has(n.category)) fail(`callNumbers[${i}].category`, `unknown category ${n.category}`);
  });
  content.lines.forEach((l, i) => {
    if (!stations.has(l.station)) fail(`lines[${i}].station`, `unknown station ${l.station}`);
  });
  content.plans.forEach((p, i) => {
    if (!stations.has(p.station)) fail(`plans[${i}].station`, `unknown station ${p.station}`);
    if (!lineStations.has(p.station)) fail(`plans[${i}].station`, `station ${p.station} has no alarm line`);
    if (p.pvGroup !== null) {
      const group = groups.get(p.pvGroup);
      if (!group) fail(`plans[${i}].pvGroup`, `unknown PV group ${p.pvGroup}`);
      else if (group.station !== p.station)
        fail(`plans[${i}].pvGroup`, `PV group ${p.pvGroup} is of another station`);
    }
    p.recipients.forEach((r, j) => {
      if (!numbers.has(r)) fail(`plans[${i}].recipients[${j}]`, `unknown call number ${r}`);
    });
  });
}

/** Reads and checks remote-alarm.json; a missing file means no remote alarm. */
export function loadRemoteAlarmContent(file: string, stations: ReadonlySet<number>): RemoteAlarmContent {
  const content = readPlantContent<RemoteAlarmContent>(RemoteAlarmContentSchema, file);
  if (content === null) return EMPTY_REMOTE_ALARM;
  checkRemoteAlarmContent(content, stations, file);
  return content;
}

/** What an empty store is filled with. */
export function remoteAlarmSeed(content: RemoteAlarmContent): RemoteAlarmSeed {
  return {
    categories: content.categories,
    pvGroups: content.pvGroups,
    callNumbers: content.callNumbers.map((n) => ({
      id: n.id,
      name: n.name,
      number: normaliseCallNumber(n.number),
      active: n.active,
      categoryId: n.category,
    })),
    lines: content.lines,
    plans: content.plans.map((p) => ({
      station: p.station,
      planNumber: p.planNumber,
      planname: p.planname,
      groupname: p.groupname,
      pvGroupId: p.pvGroup,
      active: p.active,
      activePriorities: priorityFlags(p.priorities),
      recipients: memberSlots(p.recipients),
      alertingCount: 0,
      alertingCountMax: p.alertingCountMax,
      callNumberChangeCount: 0,
      callNumberChangeCountMax: p.callNumberChangeCountMax,
      deliveredMessages: 0,
      pending: [],
      statusText: null,
    })),
  };
}
