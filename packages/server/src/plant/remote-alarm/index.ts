export { createRemoteAlarmService } from './remote-alarm-service.js';
export type { Actor, RemoteAlarmService, RemoteAlarmServiceDeps } from './types.js';
export {
  createAlarmSequencer,
  DEFAULT_SEQUENCE_TIMING,
  type AlarmSequencer,
  type LiveLine,
  type SequenceTiming,
} from './alarm-sequence.js';
export {
  checkRemoteAlarmContent,
  EMPTY_REMOTE_ALARM,
  loadRemoteAlarmContent,
  RemoteAlarmContentSchema,
  remoteAlarmSeed,
  type RemoteAlarmContent,
} from './content.js';
export { PlantContentError, plantContentPath, readPlantContent, checkPlantContent } from '../content-file.js';
