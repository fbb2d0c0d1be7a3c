import type { LicenseOptions, LicenseUse } from '@leitwarte/core';
import { sql, type Kysely } from 'kysely';
import type { Store } from '../store/index.js';
import type { Database } from '../store/schema.js';
import { UserInputError } from './users.js';

/** Which limit a login would go beyond. */
export type LicenceLimit = 'activeUsers' | 'pvGroupLogins';

/** Thrown inside the login's transaction: the session is not written, the login is refused. */
export class LicenceExceededError extends Error {
  constructor(readonly limit: LicenceLimit) {
    super(`licence exceeded: ${limit}`);
  }
}

export interface LicenceOptions {
  store: Store;
  /** Sessions idle longer than this are over even before the sweep writes their end. */
  idleMs: number;
  limits: () => LicenseOptions;
  /** The PV groups (areas) the user's roles are scoped to; none for plant-wide roles. */
  pvGroupsOf: (userId: number) => readonly number[];
  pvGroupName?: (id: number) => string | null;
  now?: () => number;
}

// Any fixed number: the PostgreSQL advisory lock that serialises logins across processes.
const LOGIN_LOCK_KEY = 0x4c57_4c49;

/**
 * The licence limits of screens §6: the number of active users (enabled accounts; at login,
 * users with an open session) and the number of active logins per assigned PV group. A login
 * counts and writes its session in one transaction under a lock, so concurrent logins (also
 * from several processes) cannot together go beyond a limit.
 */
export function createLicence(options: LicenceOptions) {
  const { store, idleMs } = options;
  const now = options.now ?? Date.now;

  /** Takes the store's write lock first, so two logins count one after the other. */
  async function lock(trx: Kysely<Database>): Promise<void> {
    if (store.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${LOGIN_LOCK_KEY})`.execute(trx);
    } else {
      // SQLite begins transactions deferred: a write statement (even one matching no row)
      // takes the write lock now, before the count, instead of at the session's insert.
      await sql`update sessions set end_reason = end_reason where 0 = 1`.execute(trx);
    }
  }

  async function openSessions(db: Kysely<Database>, at: number): Promise<number[]> {
    const rows = await db
      .selectFrom('sessions')
      .select('user_id')
      .where('ended_at', 'is', null)
      .where('expires_at', '>', at)
      .where('last_seen_at', '>', at - idleMs)
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  /** Would one more login of this user go beyond a limit, with these sessions open? */
  function exceeded(userId: number, open: readonly number[]): LicenceLimit | null {
    const limits = options.limits();
    const users = new Set(open);
    if (!users.has(userId) && users.size + 1 > limits.maxActiveUsers) return 'activeUsers';
    const mine = options.pvGroupsOf(userId);
    for (const group of mine) {
      const logins = open.filter((u) => options.pvGroupsOf(u).includes(group)).length;
      if (logins + 1 > limits.maxPvGroupLogins) return 'pvGroupLogins';
    }
    return null;
  }

  async function enabledUsers(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    /**
     * The guard of a new session, run inside its transaction before the insert: throws
     * LicenceExceededError when this login would go beyond a limit.
     */
    async admitLogin(trx: Kysely<Database>, userId: number): Promise<void> {
      await lock(trx);
      const limit = exceeded(userId, await openSessions(trx, now()));
      if (limit !== null) throw new LicenceExceededError(limit);
    },

    /** Creating or enabling a user: refused when the enabled accounts would exceed the licence. */
    async checkOneMoreUser(): Promise<void> {
      const { maxActiveUsers } = options.limits();
      if ((await enabledUsers(store.db)) + 1 > maxActiveUsers) {
        throw new UserInputError(
          `Lizenz überschritten: höchstens ${maxActiveUsers} aktive Benutzer; die Änderung wurde nicht gespeichert.`,
          'licenseActiveUsers',
          409,
        );
      }
    },

    /** Current use against the limits, for the administrators. */
    async use(): Promise<LicenseUse> {
      const limits = options.limits();
      const open = await openSessions(store.db, now());
      const groups = new Map<number, number>();
      for (const userId of open) {
        for (const group of options.pvGroupsOf(userId)) groups.set(group, (groups.get(group) ?? 0) + 1);
      }
      return {
        maxActiveUsers: limits.maxActiveUsers,
        maxPvGroupLogins: limits.maxPvGroupLogins,
        enabledUsers: await enabledUsers(store.db),
        loggedInUsers: new Set(open).size,
        pvGroups: [...groups]
          .sort(([a], [b]) => a - b)
          .map(([id, logins]) => ({ id, name: options.pvGroupName?.(id) ?? null, logins })),
      };
    },
  };
}
export type Licence = ReturnType<typeof createLicence>;
