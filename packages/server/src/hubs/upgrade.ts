import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { NegotiatedIds } from './connection-registry.js';
import type { HubServer } from './hub-server.js';

/** Hub names are path segments like `pv` or `server-status`; a trailing slash is tolerated. */
const HUB_PATH = /^\/hubs\/([a-z0-9-]+)\/?$/;

/** Answers an upgrade request with a plain HTTP error, as the transport spec wants (404/409/...). */
function reject(socket: Duplex, status: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = `${message}\n`;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export interface UpgradeHandler {
  /** Handles the upgrade when its path is under /hubs/; false leaves it to other listeners. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
}

/** WebSocket upgrades at `/hubs/{name}[?id=token]`: admission, id claim, then the protocol. */
export function createUpgradeHandler(
  hubs: HubServer,
  maxPayload: number,
  log: FastifyBaseLogger,
): UpgradeHandler {
  // noServer: the HTTP server is Fastify's; clientTracking off because HubServer tracks them.
  const wss = new WebSocketServer({ noServer: true, maxPayload, clientTracking: false });

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const name = HUB_PATH.exec(url.pathname)?.[1];
    if (name === undefined) return reject(socket, 404, 'Unknown hub.');
    const admission = await hubs.admit(name, {
      cookie: request.headers.cookie,
      origin: request.headers.origin,
      host: request.headers.host,
    });
    if (!admission.ok) return reject(socket, admission.status, admission.message);
    if (socket.destroyed) return;
    const sessionId = admission.principal.sessionId;
    const token = url.searchParams.get('id');
    let ids: NegotiatedIds;
    if (token === null) {
      // The client skipped negotiation, which the WebSockets transport allows.
      ids = hubs.registry.create(name, sessionId);
    } else {
      const signer = hubs.signerFor(name);
      let claim: ReturnType<typeof hubs.registry.claim>;
      if (signer) {
        const connectionId = signer.verify(token, name, sessionId);
        claim =
          connectionId === null
            ? { status: 'unknown' }
            : hubs.registry.claimSigned(token, connectionId, name, sessionId);
      } else claim = hubs.registry.claim(token, name, sessionId);
      if (claim.status === 'unknown') return reject(socket, 404, 'No connection with that id.');
      if (claim.status === 'taken') return reject(socket, 409, 'Connection already has a socket.');
      ids = { connectionId: claim.connectionId, connectionToken: token };
    }
    let attached = false;
    // ws answers a malformed upgrade (bad key, version) itself and never calls back: release the id.
    socket.once('close', () => {
      if (!attached) hubs.registry.remove(ids.connectionToken);
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      attached = true;
      hubs.attach(ws, admission.endpoint, admission.principal, ids);
    });
  }

  return {
    handle(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith('/hubs/')) return false;
      // A peer that resets mid-upgrade must not crash the process with an unhandled error.
      socket.on('error', () => socket.destroy());
      upgrade(request, socket, head, url).catch((error: unknown) => {
        log.error({ err: error }, 'hub upgrade failed');
        reject(socket, 500, 'Internal Server Error.');
      });
      return true;
    },
    close() {
      wss.close();
    },
  };
}
