import type { AlarmCallNumber, CallNumberInput, CallNumbersReply, CallNumberState } from '@leitwarte/core';
import type { SessionPrincipal } from '../../auth/session-gate.js';
import type { Store } from '../../store/index.js';
import type { RemoteAlarmRepository } from '../../store/remote-alarm/index.js';
import { checkCallNumberInputs, checkCallNumberStates } from './call-number-input.js';

type Actor = Pick<SessionPrincipal, 'userId' | 'username' | 'role'>;

const describe = (n: AlarmCallNumber | undefined) =>
  n
    ? JSON.stringify({
        name: n.name,
        number: n.number,
        channel: n.channel,
        active: n.active,
        categoryId: n.categoryId,
      })
    : null;

/** Call numbers: a cache over the store, validated and audited writes. Callers serialise the calls. */
export function createCallNumberCommands(deps: {
  repo: RemoteAlarmRepository;
  store: Store;
  now: () => number;
  canEdit(actor: Actor): boolean;
  /** Country whose national format phone numbers are read in. */
  country: string;
}) {
  let byId = new Map<number, AlarmCallNumber>();
  const list = () => [...byId.values()].sort((a, b) => a.id - b.id);
  const reply = (status: CallNumbersReply['status'], errorMessage: string | null): CallNumbersReply => ({
    status,
    errorMessage,
    callNumbers: status === 'Success' ? list() : [],
  });
  const unauthorized = () => reply('Unauthorized', 'Keine Rechte zum Bearbeiten der Rufnummern.');
  const audit = (actor: Actor, action: string, before: AlarmCallNumber | undefined, after: AlarmCallNumber) =>
    deps.store.audit.append({
      at: deps.now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: `callNumber ${after.id} ${after.name}`,
      oldValue: describe(before),
      newValue: describe(after),
    });

  return {
    async load() {
      byId = new Map((await deps.repo.callNumbers()).map((n) => [n.id, n]));
    },
    byId: (): ReadonlyMap<number, AlarmCallNumber> => byId,
    list: async () => list(),
    async save(actor: Actor, inputs: readonly CallNumberInput[], categories: ReadonlySet<number>) {
      if (!deps.canEdit(actor)) return unauthorized();
      const checked = checkCallNumberInputs(inputs, byId, categories, deps.country);
      if (!checked.ok) return reply('Failed', checked.errors.join(' '));
      const saved = await deps.repo.saveCallNumbers(checked.value, deps.now());
      const before = new Map(byId);
      for (const n of saved) byId.set(n.id, n);
      for (const n of saved) {
        const old = before.get(n.id);
        if (describe(old) !== describe(n)) await audit(actor, 'remoteAlarm.saveCallNumber', old, n);
      }
      return reply('Success', null);
    },
    async setStates(actor: Actor, states: readonly CallNumberState[]) {
      if (!deps.canEdit(actor)) return unauthorized();
      const checked = checkCallNumberStates(states, byId);
      if (!checked.ok) return reply('Failed', checked.errors.join(' '));
      await deps.repo.setCallNumberStates(checked.value, deps.now());
      for (const s of checked.value) {
        const old = byId.get(s.id) as AlarmCallNumber;
        if (old.active === s.active) continue;
        const next = { ...old, active: s.active };
        byId.set(s.id, next);
        await audit(actor, 'remoteAlarm.setCallNumberState', old, next);
      }
      return reply('Success', null);
    },
  };
}
