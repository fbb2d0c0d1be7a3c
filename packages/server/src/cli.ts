import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { USER_ROLES } from '@leitwarte/core';
import { isLockedOut, unlockUser } from './auth/user-state.js';
import { addUser, resetPassword, UserInputError } from './auth/users.js';
import { ConfigError, loadConfig } from './config.js';
import { parsePlantDefinition } from './plant/index.js';
import { generateMaintenanceDocument, generatePlantDocument } from './sources/index.js';
import { describeVerification, verifyAuditChain } from './store/audit/audit-verify.js';
import { openStore, type Store } from './store/index.js';

const USAGE = `Usage: npm run leitwarte -- <command>

  user add NAME --role ROLE [--password PW] [--display-name TEXT]
  user reset-password NAME [--password PW]
  user disable NAME | user enable NAME
  user unlock NAME            ends a lockout after failed logins early
  user list
  audit verify                checks the audit log's hash chain (exit code 1 when broken)
  plant generate --stations N --pvs-per-station M [--seed S] --out FILE

Roles: ${USER_ROLES.join(', ')}. Without --password a random one is printed once.
The store is the one the server uses (LEITWARTE_DATA_DIR or LEITWARTE_DATABASE_URL).
A generated plant (for benchmarks and load tests) runs with LEITWARTE_PLANT=FILE; its pumps'
maintenance configs are written beside it as maintenance.json.`;

type Flags = {
  role?: string;
  password?: string;
  'display-name'?: string;
  stations?: string;
  'pvs-per-station'?: string;
  seed?: string;
  out?: string;
};

function count(flag: string | undefined, name: string, max: number): number {
  if (flag === undefined || !/^\d+$/.test(flag) || Number(flag) < 1 || Number(flag) > max) {
    throw new UserInputError(`--${name} must be a whole number from 1 to ${max}`);
  }
  return Number(flag);
}

/** Writes a generated plant of the given size; needs no store. */
function generatePlant(flags: Flags): string {
  if (flags.out === undefined) throw new UserInputError(USAGE);
  const stations = count(flags.stations, 'stations', 99_999);
  const pvsPerStation = count(flags['pvs-per-station'], 'pvs-per-station', 90_000);
  const seed = flags.seed === undefined ? 1 : count(flags.seed, 'seed', 2 ** 31);
  const document = generatePlantDocument({ stations, pvsPerStation, seed });
  // Validated like any plant file before it is written.
  const definition = parsePlantDefinition(document);
  writeFileSync(flags.out, JSON.stringify(document));
  // Plant content is read from the plant file's folder: the pumps' maintenance configs go beside it.
  const maintenance = generateMaintenanceDocument(definition);
  const maintenanceFile = path.join(path.dirname(flags.out), 'maintenance.json');
  writeFileSync(maintenanceFile, JSON.stringify(maintenance));
  return (
    `Wrote ${flags.out}: ${stations} stations × ${pvsPerStation} PVs = ${stations * pvsPerStation} PVs; ` +
    `${maintenanceFile}: ${maintenance.runtimes.length} runtimes with service messages.`
  );
}

/** What a command prints, and the exit code (0 unless it found something wrong). */
interface Outcome {
  text: string;
  code: number;
}

async function run(store: Store, words: string[], flags: Flags): Promise<Outcome> {
  if (words[0] === 'audit' && words[1] === 'verify' && words.length === 2) {
    const result = await verifyAuditChain(store.db);
    return { text: describeVerification(result), code: result.ok ? 0 : 1 };
  }
  return { text: await runUser(store, words, flags), code: 0 };
}

async function runUser(store: Store, words: string[], flags: Flags): Promise<string> {
  const [area, command, name] = words;
  if (area !== 'user' || command === undefined) throw new UserInputError(USAGE);
  const actor = 'command line';
  switch (command) {
    case 'add': {
      if (name === undefined || flags.role === undefined) throw new UserInputError(USAGE);
      const { user, password, generated } = await addUser(store, {
        username: name,
        role: flags.role,
        password: flags.password ?? null,
        displayName: flags['display-name'],
        actor,
      });
      return `Created user "${user.username}" with role ${user.role}.${generated ? ` Password: ${password}` : ''}`;
    }
    case 'reset-password': {
      if (name === undefined) throw new UserInputError(USAGE);
      const { user, password, generated } = await resetPassword(store, name, flags.password ?? null, actor);
      // Sessions of the user end: whoever had the old password is out.
      await store.sessions.endAllOfUser(user.id, Date.now(), 'disabled');
      return `Password of "${user.username}" reset.${generated ? ` New password: ${password}` : ''}`;
    }
    case 'disable':
    case 'enable': {
      const user = name === undefined ? undefined : await store.users.byName(name);
      if (user === undefined) throw new UserInputError(`no user "${name ?? ''}"`);
      const disabled = command === 'disable';
      await store.users.setDisabled(user.id, disabled, Date.now());
      if (disabled) await store.sessions.endAllOfUser(user.id, Date.now(), 'disabled');
      await store.audit.append({
        at: Date.now(),
        userId: null,
        username: actor,
        action: disabled ? 'user.disable' : 'user.enable',
        object: `user:${user.username}`,
      });
      return `User "${user.username}" ${disabled ? 'disabled' : 'enabled'}.`;
    }
    case 'unlock': {
      const user = name === undefined ? undefined : await store.users.byName(name);
      if (user === undefined) throw new UserInputError(`no user "${name ?? ''}"`);
      const unlocked = await unlockUser(store, user, actor);
      return unlocked ? `User "${user.username}" unlocked.` : `User "${user.username}" was not locked.`;
    }
    case 'list': {
      const users = await store.users.list();
      return users
        .map(
          (u) =>
            `${u.username.padEnd(24)} ${u.role.padEnd(14)} ${u.disabled ? 'disabled' : isLockedOut(u) ? 'locked' : 'active'}`,
        )
        .join('\n');
    }
    default:
      throw new UserInputError(USAGE);
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      password: { type: 'string' },
      'display-name': { type: 'string' },
      stations: { type: 'string' },
      'pvs-per-station': { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (positionals[0] === 'plant' && positionals[1] === 'generate') {
    process.stdout.write(`${generatePlant(values)}\n`);
    return 0;
  }
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const outcome = await run(store, positionals, values);
    (outcome.code === 0 ? process.stdout : process.stderr).write(`${outcome.text}\n`);
    return outcome.code;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof UserInputError || error instanceof ConfigError || error instanceof RangeError;
    process.stderr.write(`${known ? (error as Error).message : String(error)}\n`);
    process.exit(known ? 2 : 1);
  },
);
