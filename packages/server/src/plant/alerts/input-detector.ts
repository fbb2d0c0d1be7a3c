import { pvKey, type DialState, type ProcessValue, type Station } from '@leitwarte/core';
import type { Plant } from '../plant.js';
import type { ConditionEvent } from './alert-rows.js';
import type { LimitService } from './limit-service.js';

/** Dial states that mean the station could not be reached (screens §4 labels). */
const CONNECTION_ERRORS: Partial<Record<DialState, string>> = {
  TimeOut: 'Zeitüberschreitung',
  CommunicationError: 'Verbindungsfehler',
  ConnectionError: 'Verbindungsfehler',
};
/** Dial states that show the station reachable again; NotDefined (unknown) and Busy decide nothing. */
const CONNECTION_OK: ReadonlySet<DialState> = new Set(['Connected', 'NotConnected', 'HangingUp']);

/** Source name of a station's connection alert. */
export const stationSource = (stationNumber: number) => `station/${stationNumber}`;

export interface InputDetectorDeps {
  plant: Plant;
  limits: LimitService;
  stationConnectionPriority: () => number;
  emit: (event: ConditionEvent) => void;
}

/**
 * Alert inputs of the plant definition (PVs with an alertInputConfig) and station connections.
 * A digital input is an alert while true. A failure input (FailureStateValue) is one while
 * its state is 1 (not acknowledged) or 2 (acknowledged on site) and clears at 0. A station
 * connection is one while its dial state is an error.
 */
export function createInputDetector({ plant, limits, stationConnectionPriority, emit }: InputDetectorDeps) {
  return {
    onValue(value: ProcessValue): void {
      if (value.quality === 'Bad') return;
      if (value.type !== 'BoolValue' && value.type !== 'FailureStateValue') return;
      const key = pvKey(value.pvRef);
      const config = plant.config(key);
      const alert = config?.alertInputConfig;
      if (!config || !alert) return;
      const state = value.type === 'BoolValue' ? (value.boolValue ? 1 : 0) : value.failureStateValue;
      if (state === 0) {
        emit({ kind: 'clear', source: key });
        return;
      }
      emit({
        kind: 'raise',
        acknowledgedInField: value.type === 'FailureStateValue' && state === 2,
        info: {
          source: key,
          bindingKind: 'device',
          bindingKey: key,
          pv: value.pvRef,
          station: plant.stationOf(value.pvRef),
          limitType: null,
          priority: limits.digitalPriority(value.pvRef) ?? alert.priority,
          message: alert.message,
          description: alert.description,
          value: state,
          limit: null,
        },
      });
    },
    onStation(station: Station): void {
      const source = stationSource(station.stationNumber);
      const error = CONNECTION_ERRORS[station.dialState];
      if (error) {
        emit({
          kind: 'raise',
          acknowledgedInField: false,
          info: {
            source,
            bindingKind: 'stationConnection',
            bindingKey: String(station.stationNumber),
            pv: null,
            station: station.stationNumber,
            limitType: null,
            priority: stationConnectionPriority(),
            message: `${error}: Station nicht erreichbar`,
            description: `${station.name}: Stationsverbindung`,
            value: null,
            limit: null,
          },
        });
      } else if (CONNECTION_OK.has(station.dialState)) {
        emit({ kind: 'clear', source });
      }
    },
  };
}
