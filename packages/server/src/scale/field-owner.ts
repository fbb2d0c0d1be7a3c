import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import { FencedOut } from '../store/fencing.js';

export { FencedOut };

/** Lease length: an owner that stops renewing is replaced after at most this plus one renewal. */
export const FIELD_LEASE_MS = 6000;
/** Renewal (and, for the others, takeover attempt) interval: three tries within one lease. */
export const FIELD_RENEW_MS = 2000;

// Local timers and the database's clock run at slightly different rates; a lease ends here this early.
const SELF_FENCE_MARGIN_MS = 250;

/** The database's clock in milliseconds: every process measures the lease by the same clock. */
// now(): the transaction start, one instant for every use within the statement.
const dbNow = sql<number>`(extract(epoch from now()) * 1000)::bigint`;

export interface FieldOwnerState {
  /** This process holds the lease. */
  owner: boolean;
  /** This process's fencing token while it owns the field, else null. */
  token: number | null;
  /** The current lease holder as the last look at the store saw it (null: none, or lapsed). */
  holder: string | null;
  holderAddress: string | null;
  /** Changes of owner this process made or saw since its start. */
  takeovers: number;
}

export interface FieldOwnerOptions {
  db: Kysely<Database>;
  /** This process's id (the backplane origin). */
  processId: string;
  /** Where this process serves HTTP (e.g. http://10.0.0.5:8080): shown to the others. */
  address: string | null;
  leaseMs?: number;
  renewMs?: number;
  /** This process won the lease: start the field and the engines under this token. */
  onAcquired?: (token: number) => void | Promise<void>;
  /** This process lost (or could not renew) the lease: stop at once, another may take over. */
  onLost?: (reason: string) => void | Promise<void>;
  /** The lease holder seen by this process changed (also to null when the owner's lease lapsed). */
  onHolder?: (holder: string | null) => void;
  log?: { info(message: string): void; warn(message: string): void };
}

/**
 * The election of the one process that owns the field and the engines, through a lease row in
 * PostgreSQL (no cluster protocol of our own): every process tries to take or renew the lease
 * every renewMs with one conditional UPDATE measured by the database's clock; whoever holds an
 * unexpired lease keeps it. Each change of owner increments the fencing token, and writes that
 * must come from the owner alone run through fence(), which locks the lease row in the writing
 * transaction: a former owner whose lease was taken (a long GC pause, a partition) gets
 * FencedOut instead of writing, and the takeover waits for a fenced write in flight.
 * An owner also fences itself: when it cannot renew before its own lease ends, it stops.
 */
export function createFieldOwner(options: FieldOwnerOptions) {
  const { db, processId } = options;
  const leaseMs = options.leaseMs ?? FIELD_LEASE_MS;
  const renewMs = options.renewMs ?? FIELD_RENEW_MS;
  const state: FieldOwnerState = {
    owner: false,
    token: null,
    holder: null,
    holderAddress: null,
    takeovers: 0,
  };
  let timer: NodeJS.Timeout | undefined;
  let selfFence: NodeJS.Timeout | undefined;
  let running = false;
  let round: Promise<void> = Promise.resolve();

  /** Gives up token and ownership; true when this process owned the field until now. */
  function drop(): boolean {
    clearTimeout(selfFence);
    if (!state.owner) return false;
    state.owner = false;
    state.token = null;
    return true;
  }

  async function lose(reason: string): Promise<void> {
    if (!drop()) return;
    options.log?.warn(`field ownership lost: ${reason}`);
    await options.onLost?.(reason);
  }

  function seeHolder(holder: string | null, address: string | null): void {
    if (holder === state.holder) return;
    if (holder !== null) state.takeovers += 1;
    state.holder = holder;
    state.holderAddress = address;
    options.onHolder?.(holder);
  }

  async function attempt(): Promise<void> {
    const askedAt = Date.now();
    try {
      const won = await sql<{ token: number }>`
        update field_owner set
          token = case when holder = ${processId} and expires_at > ${dbNow} then token else token + 1 end,
          acquired_at = case when holder = ${processId} and expires_at > ${dbNow} then acquired_at else ${dbNow} end,
          holder = ${processId},
          address = ${options.address},
          expires_at = ${dbNow} + ${leaseMs}
        where id = 1 and (holder = ${processId} or holder is null or expires_at <= ${dbNow})
        returning token`.execute(db);
      const row = won.rows[0];
      if (row !== undefined) {
        const token = Number(row.token);
        seeHolder(processId, options.address);
        if (!state.owner || state.token !== token) {
          if (state.owner) await lose('the lease was renewed under a new token');
          state.owner = true;
          state.token = token;
          options.log?.info(`this process owns the field (token ${token})`);
          // Not awaited: starting the field can take longer than a lease, and the renewals
          // must go on meanwhile.
          void Promise.resolve()
            .then(() => options.onAcquired?.(token))
            .catch(async (error: unknown) => {
              // An owner that cannot start must not hold the lease: the next process tries.
              const text = error instanceof Error ? error.message : String(error);
              options.log?.warn(`starting the field failed: ${text}`);
              if (state.token !== token) return;
              await lose('starting the field failed');
              await release();
            });
        }
        // Stop a little before the lease can end by the store's clock, whether or not the next
        // renewal gets an answer: the next owner may start the moment it ends.
        clearTimeout(selfFence);
        selfFence = setTimeout(
          () => void lose('the lease could not be renewed in time'),
          Math.max(0, askedAt + leaseMs - SELF_FENCE_MARGIN_MS - Date.now()),
        );
        selfFence.unref();
        return;
      }
      if (state.owner) await lose('another process holds the lease');
      const current = await db
        .selectFrom('field_owner')
        .select(['holder', 'address', sql<number>`expires_at - ${dbNow}`.as('left')])
        .where('id', '=', 1)
        .executeTakeFirst();
      const live = current !== undefined && Number(current.left) > 0;
      seeHolder(live ? current.holder : null, live ? current.address : null);
    } catch (error) {
      options.log?.warn(`field lease: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function release(): Promise<void> {
    await sql`update field_owner set expires_at = 0 where id = 1 and holder = ${processId}`
      .execute(db)
      .catch(() => {});
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      round = attempt().finally(schedule);
    }, renewMs);
    timer.unref();
  }

  return {
    /** Takes part in the election; resolves after the first attempt (owner or not). */
    async start(): Promise<void> {
      running = true;
      round = attempt();
      await round;
      schedule();
    },
    /** Leaves the election; an owner gives its lease up so another takes over at once. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      await round.catch(() => {});
      if (!state.owner) return;
      // The engines stop first, then the lease goes: never two owners at once. They stop under
      // the token, so what they write last (the historian's buffered samples, the escalation's
      // state) is kept; should stopping outlast the lease, the self-fence takes the token away.
      options.log?.info('this process stops: it gives the field up');
      await options.onLost?.('this process stops');
      drop();
      await release();
    },
    state: (): FieldOwnerState => ({ ...state }),
    isOwner: () => state.owner,
    /**
     * Inside a transaction of a write only the owner may make: locks the lease row against a
     * takeover until the transaction ends and throws FencedOut when the token is no longer ours.
     * The first refusal loses the field (logged once, naming the refused write: `what`) and so
     * stops the engines; later ones, with no token left, throw without a word.
     */
    async fence(trx: Transaction<Database>, what = 'a write'): Promise<void> {
      const token = state.token;
      if (token === null) throw new FencedOut(null);
      const row = await trx
        .selectFrom('field_owner')
        .select('token')
        .where('id', '=', 1)
        .where('holder', '=', processId)
        .where('token', '=', token)
        .forShare()
        .executeTakeFirst();
      if (row === undefined) {
        void lose(`fenced out by a newer owner (${what} refused)`);
        throw new FencedOut(token);
      }
    },
  };
}
export type FieldOwner = ReturnType<typeof createFieldOwner>;
