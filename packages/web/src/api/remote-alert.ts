import type {
  AlarmNumbersForActivationReply,
  AlarmNumbersReply,
  AlarmPlanRef,
  CallNumberInput,
  CallNumbersReply,
  CallNumberState,
  ConfirmationInfo,
  ConfirmationReply,
  PlanActiveEntry,
  PlanRecipientsEntry,
  PlansReply,
  PlanToggleEntry,
  PlanToConfirm,
  RemoteAlertPlansReply,
} from '@leitwarte/core';
import { ApiError, apiRequest, NETWORK_ERROR, NetworkError } from './http';

/** A read whose failure the catalogue turns into a failed reply (calls §8) instead of an error. */
export type LoadReply<T> = { status: 'Success'; data: T } | { status: 'Failed'; errorMessage: string };

/**
 * Runs a call and turns its failure into a reply: a network failure gets the catalogue's text,
 * any other failed reply its error text (calls §8). An aborted call stays an error.
 */
export async function replyOnFailure<T>(
  call: Promise<T>,
  networkText: string,
  failed: (errorMessage: string) => T,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NetworkError) return failed(networkText);
    if (error instanceof ApiError) return failed(error.message);
    throw error;
  }
}

/** A read as a LoadReply: its data, or the failure text (networkText when the server was not reached). */
export function load<T>(call: Promise<T>, networkText: string): Promise<LoadReply<T>> {
  return replyOnFailure<LoadReply<T>>(
    call.then((data) => ({ status: 'Success', data })),
    networkText,
    (errorMessage) => ({ status: 'Failed', errorMessage }),
  );
}

const plansFailed = (errorMessage: string): PlansReply => ({
  status: 'Failed',
  errorMessage,
  unauthorizedPlans: [],
  missingPlans: [],
});
const callNumbersFailed = (errorMessage: string): CallNumbersReply => ({
  status: 'Failed',
  errorMessage,
  callNumbers: [],
});

/** Catalogue texts of the remote-alert calls (calls §8). */
export const GET_ALARM_PLANS_ERROR = 'Error during get alarm plans.';
export const SAVE_CALL_NUMBERS_STATE_ERROR = 'Error saving callnumbers state.';

/** GET /api/RemoteAlert/alarmplans: the plans of the readable stations, call numbers, categories, PV groups. */
export function getAlarmPlans(signal?: AbortSignal): Promise<LoadReply<RemoteAlertPlansReply>> {
  return load(
    apiRequest<RemoteAlertPlansReply>('/api/RemoteAlert/alarmplans', { signal }),
    GET_ALARM_PLANS_ERROR,
  );
}

/** POST /api/RemoteAlert: switches plans on or off; refused plans come back in unauthorizedPlans. */
export function setPlansActive(entries: readonly PlanActiveEntry[]): Promise<PlansReply> {
  return replyOnFailure(
    apiRequest<PlansReply>('/api/RemoteAlert', { method: 'POST', body: entries }),
    NETWORK_ERROR,
    plansFailed,
  );
}

/** POST /api/RemoteAlert/toggle-plans: plan entries of a process image (2 toggles). */
export function togglePlans(entries: readonly PlanToggleEntry[]): Promise<PlansReply> {
  return replyOnFailure(
    apiRequest<PlansReply>('/api/RemoteAlert/toggle-plans', { method: 'POST', body: entries }),
    NETWORK_ERROR,
    plansFailed,
  );
}

/** GET /api/RemoteAlert/alarmplanstoconfirm: plans with messages waiting for acknowledgement. */
export function getPlansToConfirm(signal?: AbortSignal): Promise<PlanToConfirm[]> {
  return apiRequest<PlanToConfirm[]>('/api/RemoteAlert/alarmplanstoconfirm', { signal });
}

/** POST /api/RemoteAlert/ack-plans?ackNonSent=: acknowledges the plans' messages (also unsent ones if asked). */
export function acknowledgePlans(plans: readonly AlarmPlanRef[], ackNonSent: boolean): Promise<PlansReply> {
  return replyOnFailure(
    apiRequest<PlansReply>(`/api/RemoteAlert/ack-plans?ackNonSent=${String(ackNonSent)}`, {
      method: 'POST',
      body: plans,
    }),
    NETWORK_ERROR,
    plansFailed,
  );
}

/** GET /api/RemoteAlert/alarmnumbers4activation: call numbers and plans for the activation page. */
export function getCallNumbersForActivation(signal?: AbortSignal): Promise<AlarmNumbersForActivationReply> {
  return apiRequest<AlarmNumbersForActivationReply>('/api/RemoteAlert/alarmnumbers4activation', { signal });
}

/** GET /api/RemoteAlert/alarmnumbers: call numbers and categories for the edit page. */
export function getCallNumbers(signal?: AbortSignal): Promise<AlarmNumbersReply> {
  return apiRequest<AlarmNumbersReply>('/api/RemoteAlert/alarmnumbers', { signal });
}

/** POST /api/RemoteAlert/alarmnumbers: saves call numbers (those without id are created). */
export function saveCallNumbers(inputs: readonly CallNumberInput[]): Promise<CallNumbersReply> {
  return replyOnFailure(
    apiRequest<CallNumbersReply>('/api/RemoteAlert/alarmnumbers', { method: 'POST', body: inputs }),
    NETWORK_ERROR,
    callNumbersFailed,
  );
}

/** POST /api/RemoteAlert/setalarmnumbersstate: switches call numbers on or off. */
export function setCallNumberStates(states: readonly CallNumberState[]): Promise<CallNumbersReply> {
  return replyOnFailure(
    apiRequest<CallNumbersReply>('/api/RemoteAlert/setalarmnumbersstate', { method: 'POST', body: states }),
    SAVE_CALL_NUMBERS_STATE_ERROR,
    callNumbersFailed,
  );
}

/** POST /api/RemoteAlert/planrecipients: the call numbers at the positions of plans. */
export function setPlanRecipients(entries: readonly PlanRecipientsEntry[]): Promise<PlansReply> {
  return replyOnFailure(
    apiRequest<PlansReply>('/api/RemoteAlert/planrecipients', { method: 'POST', body: entries }),
    NETWORK_ERROR,
    plansFailed,
  );
}

/** GET /api/RemoteAlert/confirmation?token=: what a recipient's link confirms (no session needed). */
export function getConfirmation(token: string, signal?: AbortSignal): Promise<ConfirmationInfo> {
  return apiRequest<ConfirmationInfo>(`/api/RemoteAlert/confirmation?token=${encodeURIComponent(token)}`, {
    signal,
  });
}

/** POST /api/RemoteAlert/confirmation: confirms the messages of a recipient's link, once. */
export function confirmAlarm(token: string): Promise<ConfirmationReply> {
  return apiRequest<ConfirmationReply>('/api/RemoteAlert/confirmation', { method: 'POST', body: { token } });
}
