export { createRemoteAlarmService } from './remote-alarm-service.js';
export type { Actor, EscalationControl, RemoteAlarmService, RemoteAlarmServiceDeps } from './types.js';
export {
  createAlarmSequencer,
  DEFAULT_SEQUENCE_TIMING,
  type AlarmSequencer,
  type EscalationEvent,
  type LiveLine,
  type SequenceTiming,
} from './alarm-sequence.js';
export {
  createDeliveryChannels,
  DeliveryError,
  loadDeliveryConfig,
  NO_DELIVERY,
  WEBHOOK_SIGNATURE_HEADER,
  type AlarmNotification,
  type DeliveryChannel,
  type DeliveryConfig,
} from './delivery/index.js';
export {
  checkRemoteAlarmContent,
  deliverySettings,
  EMPTY_REMOTE_ALARM,
  loadRemoteAlarmContent,
  RemoteAlarmContentSchema,
  remoteAlarmSeed,
  type RemoteAlarmContent,
} from './content.js';
export { PlantContentError, plantContentPath, readPlantContent, checkPlantContent } from '../content-file.js';
