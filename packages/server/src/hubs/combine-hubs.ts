import type { HubClient, HubDefinition, HubHost, HubMethod } from './hub.js';

/** The state of a combined channel: each part keeps its own. */
export interface CombinedState<A, B> {
  readonly base: A;
  readonly extra: B;
}

// One view per part state: hubs keep their clients in sets, so a view must stay the same object.
const views = new WeakMap<object, unknown>();

/** A view of a connection with one part of its state, for the part's methods and timers. */
function part<A, B, P extends object>(client: HubClient<CombinedState<A, B>>, state: P): HubClient<P> {
  const known = views.get(state) as HubClient<P> | undefined;
  if (known !== undefined) return known;
  const view: HubClient<P> = {
    connectionId: client.connectionId,
    principal: client.principal,
    state,
    get bufferedAmount() {
      return client.bufferedAmount;
    },
    send: (target, args) => client.send(target, args),
    sendSerialized: (target, json) => client.sendSerialized(target, json),
    sendRecord: (record, onWritten) => client.sendRecord(record, onWritten),
  };
  views.set(state, view);
  return view;
}

function partHost<A, B, P extends object>(
  host: HubHost<CombinedState<A, B>>,
  pick: (state: CombinedState<A, B>) => P,
): HubHost<P> {
  return {
    *connections() {
      for (const client of host.connections()) yield part(client, pick(client.state));
    },
  };
}

function liftMethods<A, B, P extends object>(
  methods: Readonly<Record<string, HubMethod<P>>>,
  pick: (state: CombinedState<A, B>) => P,
): Record<string, HubMethod<CombinedState<A, B>>> {
  const lifted: Record<string, HubMethod<CombinedState<A, B>>> = {};
  for (const [name, method] of Object.entries(methods)) {
    lifted[name] = (client, args) => method(part(client, pick(client.state)), args);
  }
  return lifted;
}

/**
 * One channel made of two definitions: the base's name, both method sets (names must not
 * clash), both lifecycles. Lets a channel get more topics in their own file (calls §7: the pv
 * and station channels carry configs, plans and lines besides values and dial states).
 */
export function combineHubs<A extends object, B extends object>(
  base: HubDefinition<A>,
  extra: HubDefinition<B>,
): HubDefinition<CombinedState<A, B>> {
  const pickBase = (s: CombinedState<A, B>) => s.base;
  const pickExtra = (s: CombinedState<A, B>) => s.extra;
  for (const name of Object.keys(extra.methods)) {
    if (Object.keys(base.methods).some((m) => m.toLowerCase() === name.toLowerCase())) {
      throw new Error(`Hub ${base.name}: method ${name} is defined twice.`);
    }
  }
  return {
    name: base.name,
    methods: { ...liftMethods(base.methods, pickBase), ...liftMethods(extra.methods, pickExtra) },
    createState: (info) => ({ base: base.createState(info), extra: extra.createState(info) }),
    onConnected(client) {
      base.onConnected?.(part(client, client.state.base));
      extra.onConnected?.(part(client, client.state.extra));
    },
    onSessionEnding(client) {
      base.onSessionEnding?.(part(client, client.state.base));
      extra.onSessionEnding?.(part(client, client.state.extra));
    },
    onDisconnected(client) {
      base.onDisconnected?.(part(client, client.state.base));
      extra.onDisconnected?.(part(client, client.state.extra));
    },
    inspect: (state) => ({ ...extra.inspect?.(state.extra), ...base.inspect?.(state.base) }),
    start(host) {
      const stops = [base.start?.(partHost(host, pickBase)), extra.start?.(partHost(host, pickExtra))];
      return () => stops.forEach((stop) => stop?.());
    },
  };
}
