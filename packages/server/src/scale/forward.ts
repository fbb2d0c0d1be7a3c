import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

// Hop-by-hop headers (RFC 9110 §7.6.1) are not passed on; the rest of the request is the client's.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** X-Forwarded-For as a proxy appends to it: the owner's trusted-proxy rule finds the client. */
function forwardedFor(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const previous = request.headers['x-forwarded-for'];
  const chain = Array.isArray(previous) ? previous.join(', ') : previous;
  return chain ? `${chain}, ${peer}` : peer;
}

function forwardedHeaders(request: IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  headers['x-forwarded-for'] = forwardedFor(request);
  headers['x-forwarded-proto'] ??= 'http';
  return headers;
}

function unavailable(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ statusCode: 503, error: STATUS_CODES[503], message });
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    // The election decides within seconds; the client's retry then finds the new owner.
    'retry-after': '2',
    'cache-control': 'no-store',
  });
  response.end(body);
}

/**
 * Told after each attempt whether the owner was reached: a lease that has not yet lapsed names
 * an owner that may be dead, and only a refused or broken connection says so.
 */
export type OwnerReached = (reached: boolean) => void;

/**
 * Passes one HTTP request to the process that owns the field and its answer back, as a reverse
 * proxy does: body and reply are streamed, nothing is parsed here. Without an owner (during a
 * takeover) the answer is 503 with Retry-After.
 */
export function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  owner: URL | null,
  reached: OwnerReached = () => {},
): void {
  if (owner === null) {
    unavailable(response, 'No process owns the plant at the moment; try again in a few seconds.');
    return;
  }
  const upstream = http.request({
    protocol: owner.protocol,
    hostname: owner.hostname,
    port: owner.port,
    method: request.method,
    path: request.url,
    headers: forwardedHeaders(request),
  });
  upstream.on('response', (reply) => {
    reached(true);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    response.writeHead(reply.statusCode ?? 502, headers);
    reply.pipe(response);
  });
  upstream.on('error', () => {
    reached(false);
    if (!response.headersSent) unavailable(response, 'The process that owns the plant did not answer.');
    else response.destroy();
  });
  request.pipe(upstream);
}

/**
 * Passes a WebSocket upgrade to the owner and then copies bytes both ways: the hub protocol
 * runs between the client and the owner, this process only carries it.
 */
export function forwardUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  owner: URL | null,
  reached: OwnerReached = () => {},
): void {
  if (owner === null) {
    socket.end(
      'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 2\r\nContent-Length: 0\r\n\r\n',
    );
    return;
  }
  let connected = false;
  const upstream = net.connect(Number(owner.port || 80), owner.hostname, () => {
    connected = true;
    reached(true);
    const headers = forwardedHeaders(request);
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of [value].flat()) lines.push(`${name}: ${String(one)}`);
    }
    lines.push('connection: Upgrade', `upgrade: ${request.headers.upgrade ?? 'websocket'}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.setNoDelay(true);
  const end = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', () => {
    if (!connected) reached(false);
    end();
  });
  upstream.on('close', end);
  socket.on('error', end);
  socket.on('close', end);
}
