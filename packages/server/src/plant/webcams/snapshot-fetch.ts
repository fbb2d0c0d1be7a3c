import { digestAuthorization, parseDigestChallenge } from './digest-auth.js';
import { imageInfo } from './frame-encoder.js';

/** How a snapshot camera is reached. */
export interface SnapshotSource {
  url: string;
  auth: { type: 'basic' | 'digest'; username: string; password: string } | null;
  timeoutMs: number;
  /** Larger answers are refused (a camera's snapshot is a few hundred kilobytes). */
  maxBytes: number;
}

/** One snapshot, checked by its content. */
export interface Snapshot {
  data: Buffer;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** Why a snapshot could not be had, in words for the operator (never the URL: it may hold credentials). */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

const MAX_SIDE = 8192;

async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new SnapshotError(`Bild zu groß (${declared} Bytes)`);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SnapshotError(`Bild zu groß (mehr als ${maxBytes} Bytes)`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a camera's snapshot: Basic credentials are sent at once, Digest answers the camera's
 * challenge (one retry). The answer must be a JPEG or PNG by its content, whatever its
 * Content-Type says, and not larger than allowed.
 */
export async function fetchSnapshot(source: SnapshotSource): Promise<Snapshot> {
  const signal = AbortSignal.timeout(source.timeoutMs);
  const get = async (authorization?: string) => {
    try {
      return await fetch(source.url, {
        headers: { accept: 'image/jpeg, image/png', ...(authorization ? { authorization } : {}) },
        signal,
        redirect: 'error',
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new SnapshotError(
        timedOut ? 'Zeitüberschreitung' : `nicht erreichbar${cause ? `: ${cause}` : ''}`,
      );
    }
  };
  const { auth } = source;
  let response = await get(
    auth?.type === 'basic'
      ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
      : undefined,
  );
  if (response.status === 401 && auth?.type === 'digest') {
    const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
    await response.body?.cancel();
    if (!challenge) throw new SnapshotError('Kamera verlangt keine Digest-Anmeldung');
    const target = new URL(source.url);
    response = await get(
      digestAuthorization({
        challenge,
        method: 'GET',
        uri: `${target.pathname}${target.search}`,
        username: auth.username,
        password: auth.password,
      }),
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SnapshotError(
      response.status === 401 || response.status === 403
        ? `Anmeldung abgelehnt (${response.status})`
        : `Kamera antwortete ${response.status}`,
    );
  }
  const data = await readLimited(response, source.maxBytes);
  const info = await imageInfo(data);
  if (!info) throw new SnapshotError('Antwort ist kein JPEG- oder PNG-Bild');
  if (info.width > MAX_SIDE || info.height > MAX_SIDE) throw new SnapshotError('Bild zu groß');
  return { data, ...info };
}
