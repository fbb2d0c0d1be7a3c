import { build } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Leitwarte cannot start: configuration ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const { app, bootstrappedUsers, services } = await build({
    config,
    // Its engines are stopped and cannot run again in this process: the supervisor (systemd,
    // the container runtime) starts it afresh, and it rejoins as one of the others.
    onFieldLost: () => {
      process.stderr.write('Leitwarte lost the ownership of the plant: exiting to be restarted\n');
      process.exit(75);
    },
  });
  const [adminBootstrap, ...plantUsers] = bootstrappedUsers;
  await app.listen({ port: config.port, host: config.host });
  await services.scale.field.ready();
  if (config.redisUrl !== null && config.trustedProxies.length === 0) {
    // The owner would take the other processes for the clients: one address for everybody in
    // the audit and in the per-address login limit.
    app.log.warn(
      'several processes: set LEITWARTE_TRUSTED_PROXIES to the load balancer and the other processes (docs/scale-out.md)',
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const store = services.store.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [``, `Leitwarte is running at http://localhost:${port}/  (store: ${store})`];
  if (services.scale.redis !== null) {
    const role = services.scale.field.role() === 'owner' ? 'owns the plant' : 'passes requests to the owner';
    lines.push(`One of several processes (backplane: Redis); this one ${role}.`);
  }
  if (adminBootstrap?.password) {
    lines.push(
      `Log in as "admin" with the password: ${adminBootstrap.password}`,
      `(shown only this once; set LEITWARTE_ADMIN_PASSWORD to choose it, or reset it with`,
      ` npm run leitwarte -- user reset-password admin)`,
    );
  } else if (adminBootstrap) {
    lines.push(`Log in as "admin" with the password from LEITWARTE_ADMIN_PASSWORD.`);
  } else {
    lines.push(`Log in with your user; to add one: npm run leitwarte -- user add NAME --role operator`);
  }
  if (plantUsers.length > 0) {
    lines.push(
      `The plant's users, one per role${plantUsers[0]?.password ? ' (passwords shown only this once)' : ''}:`,
    );
    for (const user of plantUsers) {
      const password = user.password ?? 'from LEITWARTE_PLANT_USERS_PASSWORD';
      lines.push(`  ${user.username.padEnd(16)} ${user.role.padEnd(12)} ${password}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      process.stderr.write(`${signal} again: exiting at once\n`);
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Hub clients get a Close with allowReconnect; the store is flushed and closed.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Leitwarte cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
