import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A certificate for 127.0.0.1 and localhost, made by openssl for one test run. */
export function selfSignedCertificate(): { key: string; cert: string; certFile: string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-cert-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: fs.readFileSync(keyFile, 'utf8'),
    cert: fs.readFileSync(certFile, 'utf8'),
    certFile,
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface LocalSmtpServer {
  port: number;
  /** smtp(s)://user:password@127.0.0.1:port */
  url: string;
  /** PEM file of the server's certificate (trust it as the CA). */
  caFile: string;
  /** Every mail received, parsed, in order. */
  mails: ParsedMail[];
  /** Waits until at least `count` mails arrived (or fails after `timeoutMs`). */
  waitForMails(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** While set, the next mails are refused with this SMTP reply. */
  refuseWith(reply: { code: number; message: string } | null): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server): STARTTLS (or implicit TLS) with a fresh
 * certificate and PLAIN/LOGIN authentication; mails are parsed with mailparser.
 */
export async function startLocalSmtpServer(
  options: { implicitTls?: boolean; user?: string; password?: string } = {},
): Promise<LocalSmtpServer> {
  const user = options.user ?? 'leitwarte';
  const password = options.password ?? 'Smtp-Test-Password-1';
  const certificate = selfSignedCertificate();
  const mails: ParsedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    secure: options.implicitTls === true,
    key: certificate.key,
    cert: certificate.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // Authentication only over TLS: the client must have upgraded first.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      if (refusal) {
        stream.resume();
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        stream.on('end', () => callback(error));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const scheme = options.implicitTls ? 'smtps' : 'smtp';
  return {
    port,
    url: `${scheme}://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    caFile: certificate.certFile,
    mails,
    async waitForMails(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
    refuseWith(reply) {
      refusal = reply;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      certificate.dispose();
    },
  };
}

/** A request a stand-in received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  url: string;
  requests: ReceivedRequest[];
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A local HTTP peer (an SMS gateway, a webhook receiver, an ntfy server, a camera): records each
 * request and answers with what `answer` returns (default 200 "OK").
 */
export async function startStandIn(
  answer: (request: ReceivedRequest) => {
    status: number;
    body?: string | Buffer;
    headers?: Record<string, string>;
  } = () => ({
    status: 200,
    body: 'OK',
  }),
): Promise<StandIn> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const reply = answer(received);
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async waitForRequests(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`${requests.length} of ${count} requests arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
