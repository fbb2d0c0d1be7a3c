import { DeliveryError } from './types.js';

/**
 * One HTTP request of a delivery: a 2xx answer is success, anything else a DeliveryError with
 * the status and the start of the answer. Errors never carry the URL (it may hold credentials).
 */
export async function deliver(
  what: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const cause =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new DeliveryError(`${what} nicht erreichbar${cause ? `: ${cause}` : ''}`);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const detail = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  throw new DeliveryError(`${what} antwortete ${response.status}${detail ? `: ${detail}` : ''}`);
}
