import {
  ALARM_CHANNELS,
  ALARM_CONNECTION_TYPES,
  ALARM_PLAN_MEMBER_SLOTS,
  DEFAULT_DIAL_COUNTRY,
  RECIPIENT_ADDRESS_MAX,
  REMOTE_ALARM_NAME_MAX,
  isDialCountry,
  literalUnion,
  memberSlots,
  normaliseRecipientAddress,
  planKey,
  priorityFlags,
  recipientAddressError,
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
        {
          id: Id,
          name: Name,
          number: Type.String({ maxLength: RECIPIENT_ADDRESS_MAX }),
          active: Type.Boolean(),
          category: Id,
          /** Default voice: a call over the station's alarm lines. */
          channel: Type.Optional(literalUnion(ALARM_CHANNELS)),
        },
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
    delivery: Type.Optional(
      Type.Object(
        {
          /** Country whose national format phone numbers are read in (ISO 3166-1, default DE). */
          country: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
          /** How long a recipient has to confirm an e-mail, SMS, push or webhook (default 5). */
          confirmMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 240 })),
          /** Pause before the next recipient (default 30). */
          pauseSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
          /** How long a confirmation link or SMS code stays valid (default 24). */
          linkValidHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 168 })),
          /** Tries of one delivery before the next recipient is due (default 3). */
          retryTries: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
          /** Wait before the first retry; it doubles with each further one (default 10). */
          retryBackoffSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type RemoteAlarmContent = Static<typeof RemoteAlarmContentSchema>;

/** The delivery settings of a plant with their defaults filled in. */
export interface DeliverySettings {
  country: string;
  confirmMs: number;
  pauseMs: number;
  linkValidMs: number;
  retryTries: number;
  retryBackoffMs: number;
}

/** remote-alarm.json's delivery block, defaults filled in. */
export function deliverySettings(content: RemoteAlarmContent): DeliverySettings {
  const d = content.delivery ?? {};
  return {
    country: d.country ?? DEFAULT_DIAL_COUNTRY,
    confirmMs: (d.confirmMinutes ?? 5) * 60_000,
    pauseMs: (d.pauseSeconds ?? 30) * 1000,
    linkValidMs: (d.linkValidHours ?? 24) * 3_600_000,
    retryTries: d.retryTries ?? 3,
    retryBackoffMs: (d.retryBackoffSeconds ?? 10) * 1000,
  };
}

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
  const country = content.delivery?.country ?? DEFAULT_DIAL_COUNTRY;
  if (!isDialCountry(country)) fail('delivery.country', `unknown country ${country}`);
  content.callNumbers.forEach((n, i) => {
    const error = recipientAddressError(n.channel ?? 'voice', n.number, country);
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
      number: normaliseRecipientAddress(n.channel ?? 'voice', n.number),
      active: n.active,
      categoryId: n.category,
      channel: n.channel ?? 'voice',
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
      escalation: null,
      notificationsSent: 0,
      notificationsFailed: 0,
    })),
  };
}
