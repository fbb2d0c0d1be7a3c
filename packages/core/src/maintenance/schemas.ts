import { Type, type Static } from 'typebox';
import { PvRefSchema, ReplyStatus, RuntimeTypeSchema, literalUnion } from '../contract/common.js';
import { RUNTIME_DIMENSIONS, RUNTIME_END_TYPES } from './runtime-scale.js';
import { SERVICE_MESSAGE_TYPES } from './service-messages.js';

export const ServiceMessageTypeSchema = literalUnion(SERVICE_MESSAGE_TYPES);
export const RuntimeDimensionSchema = literalUnion(RUNTIME_DIMENSIONS);
export const RuntimeEndTypeSchema = literalUnion(RUNTIME_END_TYPES);

/** Maintenance config of one service-message limit of a runtime PV (screens §3). */
export const MaintenanceConfigSchema = Type.Object({
  pvMaintenanceRef: Type.Object({ pvRef: PvRefSchema, serviceMessageType: ServiceMessageTypeSchema }),
  delayTime: Type.Integer({ minimum: 0, maximum: 65535 }),
  description: Type.String(),
  message: Type.String(),
  priority: Type.Integer({ minimum: 0, maximum: 9 }),
  /** Runtime left until the message is due (hours or cycles); negative when overdue. */
  remainingTime: Type.Number(),
  /** Runtime at which the message is due (hours or cycles; 0 = not set). */
  runtimeHours: Type.Number(),
});
export type MaintenanceConfig = Static<typeof MaintenanceConfigSchema>;

/** Maintenance notification (screens §3); figures scaled to runtimeDimension except cycles. */
export const MaintenanceNotificationSchema = Type.Object({
  index: Type.Integer(),
  /** The runtime PV the notification is about. */
  pvRef: PvRefSchema,
  serviceMessageType: ServiceMessageTypeSchema,
  messageText: Type.String(),
  runtimeType: RuntimeTypeSchema,
  runtimeDimension: RuntimeDimensionSchema,
  pvDim: Type.String(),
  currentRuntime: Type.Number(),
  targetRuntime: Type.Number(),
  remainingRuntime: Type.Number(),
  runtimeEndType: RuntimeEndTypeSchema,
  /** Whether the runtime has reached the target. */
  due: Type.Boolean(),
});
export type MaintenanceNotification = Static<typeof MaintenanceNotificationSchema>;

/** A row of the maintenance overview protocols (by station, compare value or PV). */
export const MaintenanceProtocolRowSchema = Type.Object({
  stationNr: Type.Integer(),
  stationName: Type.String(),
  /** The machine (DigiIn/AnaIn) the runtime belongs to; null for a runtime PV without one. */
  machinePv: Type.Union([PvRefSchema, Type.Null()]),
  machineName: Type.String(),
  runtimeName: Type.String(),
  eks: Type.String(),
  notification: MaintenanceNotificationSchema,
});
export type MaintenanceProtocolRow = Static<typeof MaintenanceProtocolRowSchema>;

/** Machine life-cycle entry (calls §3 "Maintenance entry"); the time is in milliseconds. */
export const LifecycleEntrySchema = Type.Object({
  id: Type.Integer(),
  pvRef: PvRefSchema,
  maintenanceTimestamp: Type.Number(),
  text: Type.String(),
  kind: Type.String(),
  user: Type.String(),
});
export type LifecycleEntry = Static<typeof LifecycleEntrySchema>;

/** A life-cycle entry as sent by the client; maintenanceTimestamp as a number or a date text. */
const lifecycleEntryFields = {
  pvRef: PvRefSchema,
  maintenanceTimestamp: Type.Union([Type.Number(), Type.String({ maxLength: 64 })]),
  text: Type.String({ maxLength: 4000 }),
  kind: Type.String({ maxLength: 100 }),
};
export const LifecycleEntryInputSchema = Type.Object(lifecycleEntryFields, { additionalProperties: false });
export type LifecycleEntryInput = Static<typeof LifecycleEntryInputSchema>;

/** Bulk save of life-cycle entries (calls §3). */
const MAX_BULK = 1000;
export const LifecycleBulkSaveSchema = Type.Object(
  {
    entriesToCreate: Type.Array(LifecycleEntryInputSchema, { maxItems: MAX_BULK }),
    entriesToUpdate: Type.Array(
      Type.Object(
        {
          ...lifecycleEntryFields,
          id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          // An entry may come back as the server gave it; who changed it is taken from the session.
          user: Type.Optional(Type.String({ maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_BULK },
    ),
    idsToDelete: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_BULK }),
  },
  { additionalProperties: false },
);
export type LifecycleBulkSave = Static<typeof LifecycleBulkSaveSchema>;

/** Reply of the bulk save (calls §3). */
export const LifecycleBulkSaveReplySchema = Type.Object({
  created: Type.Array(LifecycleEntrySchema),
  updated: Type.Array(LifecycleEntrySchema),
  deletedIds: Type.Array(Type.Integer()),
  status: ReplyStatus,
  errorMessage: Type.Optional(Type.String()),
});
export type LifecycleBulkSaveReply = Static<typeof LifecycleBulkSaveReplySchema>;

/** Document kind of the external document form (calls §3): a file, or a link. */
export const DocTypeSchema = literalUnion(['File', 'Link'] as const);
export type DocType = Static<typeof DocTypeSchema>;

/** External document form without the file itself (calls §3). */
export const ExternalDocumentFormSchema = Type.Object({
  description: Type.String(),
  docType: DocTypeSchema,
  target: Type.Optional(Type.String()),
  /** Original file name, only with docType File. */
  fileName: Type.Optional(Type.String()),
});
export type ExternalDocumentForm = Static<typeof ExternalDocumentFormSchema>;

/** A data-sheet document (metadata; the file lives under its generated name). */
export const DatasheetDocumentSchema = Type.Object({
  id: Type.Integer(),
  pvRef: PvRefSchema,
  description: Type.String(),
  docType: DocTypeSchema,
  target: Type.Union([Type.String(), Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  /** Path relative to the document storage directory; null for links. */
  storedName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  user: Type.String(),
});
export type DatasheetDocument = Static<typeof DatasheetDocumentSchema>;

/** Technical data of a machine data sheet: key and value. */
export const DatasheetDataItemSchema = Type.Object({ key: Type.String(), value: Type.String() });
export type DatasheetDataItem = Static<typeof DatasheetDataItemSchema>;

/** A spare part of a machine data sheet. */
export const DatasheetPartSchema = Type.Object({
  number: Type.String(),
  name: Type.String(),
  quantity: Type.Number({ minimum: 0 }),
});
export type DatasheetPart = Static<typeof DatasheetPartSchema>;

/** One runtime of a machine PV (POST /api/Pv/runtimes reply item). */
export const MachineRuntimeSchema = Type.Object({
  pvRef: PvRefSchema,
  runtimePv: PvRefSchema,
  name: Type.String(),
  dimension: Type.String(),
  runtimeValue: Type.Object({
    lower: Type.Number(),
    lowerMid: Type.Number(),
    upperMid: Type.Number(),
    upper: Type.Number(),
    value: Type.Number(),
    runtimeType: RuntimeTypeSchema,
  }),
});
export type MachineRuntime = Static<typeof MachineRuntimeSchema>;

/** Reply of POST /api/Pv/runtimes: runtimes found, and the PVs without any (calls §3). */
export const RuntimesReplySchema = Type.Object({
  runtimeValues: Type.Array(MachineRuntimeSchema),
  missingPvs: Type.Array(PvRefSchema),
});
export type RuntimesReply = Static<typeof RuntimesReplySchema>;

// As entered: a number, or its text (checked by checkRuntimeInput).
const RuntimeField = Type.Union([
  Type.Number({ maximum: Number.MAX_SAFE_INTEGER }),
  Type.String({ maxLength: 64 }),
  Type.Null(),
]);

/** One runtime to set: the runtime PV, its new value and optionally new limits (as entered). */
export const SetRuntimeEntrySchema = Type.Object(
  {
    pvRef: PvRefSchema,
    value: RuntimeField,
    lower: Type.Optional(RuntimeField),
    lowerMid: Type.Optional(RuntimeField),
    upperMid: Type.Optional(RuntimeField),
    upper: Type.Optional(RuntimeField),
  },
  { additionalProperties: false },
);
export type SetRuntimeEntry = Static<typeof SetRuntimeEntrySchema>;

/** Reply of POST /api/Pv/set-runtimes, shaped like the other PV writes (calls §7). */
export const SetRuntimesReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.String(),
  missingPvs: Type.Array(PvRefSchema),
  unauthorizedPvs: Type.Array(PvRefSchema),
});
export type SetRuntimesReply = Static<typeof SetRuntimesReplySchema>;
