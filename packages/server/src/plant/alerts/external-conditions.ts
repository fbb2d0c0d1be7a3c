import type { AlarmLineInfo, PipeLeakageConfig } from '@leitwarte/core';
import type { ServiceMessage } from '../maintenance/index.js';
import type { ConditionInfo } from './alert-rows.js';
import type { AlertService } from './alert-service.js';

/** Where conditions outside the PV values come from; each is optional (a plant may lack it). */
export interface ExternalConditionSources {
  onLineInfo?(listener: (lines: readonly AlarmLineInfo[]) => void): () => void;
  onPipeLeakage?(listener: (configs: readonly PipeLeakageConfig[]) => void): () => void;
  onServiceMessage?(listener: (message: ServiceMessage) => void): () => void;
  /** Service messages already due at start. */
  activeServiceMessages?(): readonly ServiceMessage[];
}

export interface ExternalConditionOptions {
  /** Priority of line and pipe-leakage alerts (the system settings' station connection priority). */
  priority: () => number;
}

const info = (
  partial: Omit<ConditionInfo, 'pv' | 'limitType' | 'value' | 'limit'> & Partial<ConditionInfo>,
) => ({
  pv: null,
  limitType: null,
  value: null,
  limit: null,
  ...partial,
});

/**
 * Feeds the alert engine with the conditions of the other plant areas, so their alerts are
 * archived, acknowledged and counted in the pending states of their binding kinds (screens §4):
 * a faulty alarm line (station line connection), a pipe-leakage alarm (pipe leakage) and a
 * maintenance service message (device, on the machine's runtime PV). Returns the unsubscribe.
 */
export function connectExternalConditions(
  alerts: Pick<AlertService, 'condition'>,
  sources: ExternalConditionSources,
  options: ExternalConditionOptions,
): () => void {
  const stops: (() => void)[] = [];
  const lineFaulty = new Map<string, boolean>();
  if (sources.onLineInfo) {
    stops.push(
      sources.onLineInfo((lines) => {
        for (const line of lines) {
          const key = `${line.station}/${line.lineNumber}`;
          if ((lineFaulty.get(key) ?? false) === line.faulty) continue;
          lineFaulty.set(key, line.faulty);
          const source = `line/${key}`;
          if (!line.faulty) {
            alerts.condition({ kind: 'clear', source });
            continue;
          }
          alerts.condition({
            kind: 'raise',
            acknowledgedInField: false,
            info: info({
              source,
              bindingKind: 'stationLineConnection',
              bindingKey: key,
              station: line.station,
              priority: options.priority(),
              message: `Alarmleitung ${line.lineNumber} gestört`,
              description: `Station ${line.station}: Alarmleitung ${line.lineNumber} (${line.connectionType})`,
            }),
          });
        }
      }),
    );
  }
  const leakageAlarm = new Map<number, boolean>();
  if (sources.onPipeLeakage) {
    stops.push(
      sources.onPipeLeakage((configs) => {
        for (const config of configs) {
          const alarm = config.measurementState === 'alarm';
          if ((leakageAlarm.get(config.pipeLeakageId) ?? false) === alarm) continue;
          leakageAlarm.set(config.pipeLeakageId, alarm);
          const source = `leakage/${config.pipeLeakageId}`;
          if (!alarm) {
            alerts.condition({ kind: 'clear', source });
            continue;
          }
          alerts.condition({
            kind: 'raise',
            acknowledgedInField: false,
            info: info({
              source,
              bindingKind: 'pipeLeakage',
              bindingKey: String(config.pipeLeakageId),
              station: null,
              priority: options.priority(),
              message: 'Rohrbruchverdacht: Nachtminimum über dem Referenzwert',
              description: config.name,
              value: config.minMaxValue,
              limit: config.referenceValue,
            }),
          });
        }
      }),
    );
  }
  const serviceMessage = (message: ServiceMessage) => {
    const source = `service/${message.key}`;
    if (message.state === 'going') {
      alerts.condition({ kind: 'clear', source });
      return;
    }
    alerts.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: info({
        source,
        bindingKind: 'device',
        bindingKey: message.key,
        pv: message.pvRef,
        station: message.stationNr,
        priority: message.priority,
        message: message.message,
        description: message.description,
        value: message.current,
        limit: message.limit,
      }),
    });
  };
  for (const message of sources.activeServiceMessages?.() ?? []) serviceMessage(message);
  if (sources.onServiceMessage) stops.push(sources.onServiceMessage(serviceMessage));
  return () => stops.forEach((stop) => stop());
}
