import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IClientOptions } from 'mqtt';
import type { FieldSourceDefinition } from '../definition/sources-definition.js';

type BrokerSource = Extract<FieldSourceDefinition, { kind: 'mqtt' | 'sparkplug' }>;

/** The broker without credentials, for the status and the log. */
export function brokerTarget(source: BrokerSource): string {
  const url = new URL(source.url);
  return `${url.protocol}//${url.host}`;
}

/**
 * Client options for MQTT.js: TLS files read from beside the plant file, the password from the
 * environment variable the plant file names, and no reconnect of MQTT.js's own (the source
 * reconnects with a capped backoff and resubscribes).
 */
export function brokerOptions(
  source: BrokerSource,
  plantId: string,
  extra: Partial<IClientOptions> = {},
): IClientOptions {
  const file = (name: string | undefined) =>
    name === undefined ? undefined : readFileSync(path.resolve(source.baseDir, name));
  const tls = source.tls;
  return {
    clientId: source.clientId ?? `leitwarte-${plantId}-${source.id}`.slice(0, 128),
    ...(source.username !== undefined && { username: source.username }),
    ...(source.passwordEnv !== undefined && { password: process.env[source.passwordEnv] ?? '' }),
    keepalive: source.keepaliveSeconds ?? 30,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...(tls && {
      ca: file(tls.ca),
      cert: file(tls.cert),
      key: file(tls.key),
      rejectUnauthorized: tls.rejectUnauthorized ?? true,
      ...(tls.servername !== undefined && { servername: tls.servername }),
    }),
    ...extra,
  };
}
