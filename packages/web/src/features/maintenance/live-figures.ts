import {
  notificationFigures,
  serviceMessageLimit,
  type MaintenanceNotification,
  type ProcessValue,
} from '@leitwarte/core';

/**
 * A notification brought up to date with the runtime PV's live value: current and target (the
 * limit of its service-message kind) come from the value, scaled to the notification's dimension
 * like the server does (screens §3). Without a live runtime value the notification stays as loaded.
 */
export function withLiveRuntime(
  notification: MaintenanceNotification,
  live: ProcessValue | undefined,
): MaintenanceNotification {
  if (live?.type !== 'RuntimeValue') return notification;
  const runtime = live.runtimeValue;
  const target = serviceMessageLimit(runtime, notification.serviceMessageType);
  const figures = notificationFigures(
    runtime.runtimeType,
    notification.runtimeDimension,
    runtime.value,
    target,
  );
  return { ...notification, ...figures, due: runtime.value >= target };
}
