import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';

/** A priority (0–9) with its name and colour as an ARGB integer (screens §3 "Priority"). */
export const PrioritySchema = Type.Object(
  {
    priority: Type.Integer({ minimum: 0, maximum: 9 }),
    name: Type.String({ minLength: 1, maxLength: 64 }),
    /** ARGB; unsigned (0xFFRRGGBB) or signed 32-bit, split with `splitArgb`. */
    color: Type.Integer({ minimum: -2147483648, maximum: 4294967295 }),
  },
  { additionalProperties: false },
);
export type Priority = Static<typeof PrioritySchema>;

/** Settings of the whole system an operator may adjust. */
export const SystemSettingsSchema = Type.Object(
  {
    /** Most alerts one alert-list request returns (screens §9 "Alert and event request limit"). */
    alertRequestLimit: Type.Integer({ minimum: 1, maximum: 100_000 }),
    /** Most control events one request returns. */
    eventRequestLimit: Type.Integer({ minimum: 1, maximum: 100_000 }),
    /** Range the alert list opens with (screens §9: 7 days). */
    defaultAlertRangeDays: Type.Integer({ minimum: 1, maximum: 366 }),
    /** Auto logout (screens §9: active by default, 15 minutes). */
    autoLogout: Type.Object(
      { enabled: Type.Boolean(), timeoutMs: Type.Integer({ minimum: 60_000, maximum: 86_400_000 }) },
      { additionalProperties: false },
    ),
    /** Hysteresis of analog limit alerts in percent of the PV's domain span. */
    alertHysteresisPercent: Type.Number({ minimum: 0, maximum: 50 }),
    /** Priority of alerts raised by failed station connections. */
    stationConnectionAlertPriority: Type.Integer({ minimum: 0, maximum: 9 }),
    defaultLanguage: literalUnion(['de', 'en', 'cs', 'ru'] as const),
  },
  { additionalProperties: false },
);
export type SystemSettings = Static<typeof SystemSettingsSchema>;

/** Licence limits (screens §6): active users, and active logins of assigned PV groups. */
export const LicenseOptionsSchema = Type.Object(
  {
    maxActiveUsers: Type.Integer({ minimum: 1, maximum: 100_000 }),
    maxPvGroupLogins: Type.Integer({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);
export type LicenseOptions = Static<typeof LicenseOptionsSchema>;

/** Current use against the licence limits, for administrators. */
export const LicenseUseSchema = Type.Object({
  maxActiveUsers: Type.Integer(),
  maxPvGroupLogins: Type.Integer(),
  /** Enabled accounts: what creating or enabling a user is checked against. */
  enabledUsers: Type.Integer(),
  /** Distinct users with an open session: what a login is checked against. */
  loggedInUsers: Type.Integer(),
  /** Open logins per PV group, for the groups that have any. */
  pvGroups: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.Union([Type.String(), Type.Null()]),
      logins: Type.Integer(),
    }),
  ),
});
export type LicenseUse = Static<typeof LicenseUseSchema>;

/** Password policy (screens §5): a minimum length and one digit, upper- and lower-case letter. */
export const PasswordPolicySchema = Type.Object(
  {
    minLength: Type.Integer({ minimum: 4, maximum: 128 }),
    requireDigit: Type.Boolean(),
    requireUpper: Type.Boolean(),
    requireLower: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PasswordPolicy = Static<typeof PasswordPolicySchema>;

/** GET system config (screens §7): priorities, system settings, licence options, password policy. */
export const SystemConfigSchema = Type.Object(
  {
    priorities: Type.Array(PrioritySchema, { minItems: 10, maxItems: 10 }),
    systemSettings: SystemSettingsSchema,
    licenseOptions: LicenseOptionsSchema,
    passwordPolicy: PasswordPolicySchema,
  },
  { additionalProperties: false },
);
export type SystemConfig = Static<typeof SystemConfigSchema>;

/** A control event (screens §2 system event archive): an audit entry or a system event. */
export const ControlEventSchema = Type.Object({
  /** `audit-<n>` or `system-<n>`: unique across both archives. */
  id: Type.String(),
  at: Type.Number(),
  origin: literalUnion(['audit', 'system'] as const),
  /** Audit action (e.g. `limits.set`) or system event kind (e.g. `sourceConnectionLost`). */
  kind: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  station: Type.Union([Type.Integer(), Type.Null()]),
  object: Type.Union([Type.String(), Type.Null()]),
  oldValue: Type.Union([Type.String(), Type.Null()]),
  newValue: Type.Union([Type.String(), Type.Null()]),
  /** German text of system events; null for audit entries (the client words them by kind). */
  text: Type.Union([Type.String(), Type.Null()]),
});
export type ControlEvent = Static<typeof ControlEventSchema>;

/** GET /api/controlevent/events reply: newest first, at most `limit`, with the range's total. */
export const ControlEventsReplySchema = Type.Object({
  events: Type.Array(ControlEventSchema),
  total: Type.Integer(),
});
export type ControlEventsReply = Static<typeof ControlEventsReplySchema>;

/** A PV group (PV area) of a station, as priority outputs offer it (screens §3 "Priority output"). */
export const PvGroupOptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** GET AckPriorityOutputOptions reply (screens §7). */
export const PriorityOutputOptionsSchema = Type.Object({
  hasOptions: Type.Boolean(),
  stationOptions: Type.Array(Type.Object({ station: Type.Integer(), name: Type.String() })),
  optionsForStation: Type.Array(
    Type.Object({ station: Type.Integer(), pvGroups: Type.Array(PvGroupOptionSchema) }),
  ),
});
export type PriorityOutputOptions = Static<typeof PriorityOutputOptionsSchema>;

/** Success texts of screens §8 for a priority-output acknowledgement. */
export const PRIORITY_OUTPUT_MESSAGES = {
  acknowledged: 'Prioritätenausgänge erfolgreich quittiert',
  nothingToAcknowledge: 'Keine Prioritätenausgänge zum Quittieren vorhanden',
  noPvGroups: 'Keine PV-Bereiche für ausgewählte Station vorhanden.',
} as const;
export type PriorityOutputMessageKey = keyof typeof PRIORITY_OUTPUT_MESSAGES;

/** POST /api/pv/PriorityOutputs/Ack reply: status and errorMessage, plus the success text's key. */
export const PriorityOutputAckReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed', 'Unauthorized'] as const),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  messageKey: Type.Union([literalUnion(['acknowledged', 'nothingToAcknowledge'] as const), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
  acknowledgedAlerts: Type.Integer(),
  acknowledgedInputs: Type.Integer(),
});
export type PriorityOutputAckReply = Static<typeof PriorityOutputAckReplySchema>;
