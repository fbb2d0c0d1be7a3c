import { NO_ACK_RIGHTS_MESSAGE, remainingCount, type Alert, type PvRef } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeAlerts,
  acknowledgeAllAlerts,
  deleteAlerts,
  getAlerts,
  getAlertsByPvs,
} from '../../packages/web/src/api/alerts';
import { logout } from '../../packages/web/src/api/auth';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import { openApiSession, type ApiSession } from './support/api-session';

describe('alert calls of the web client', () => {
  let session: ApiSession;
  let pv: PvRef;
  const t0 = Date.now() - 1000;
  let seq = 0;
  const range = () => ({ start: t0, end: Date.now() + 1000 });

  /** Raises an alert on the PV through the server's alert engine. */
  const raise = async (): Promise<Alert> => {
    const engine = session.server.services.domain.alerts;
    const source = `contract/${(seq += 1)}`;
    engine.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source,
        bindingKind: 'device',
        bindingKey: `${pv.type}-${pv.nr}`,
        pv,
        station: session.server.services.plant.stationOf(pv),
        limitType: null,
        priority: 1,
        message: `Meldung ${seq}`,
        description: 'Prüfmeldung',
        value: 1,
        limit: null,
      },
    });
    await engine.flush();
    return engine.openAlerts().find((a) => a.source === source)!;
  };
  const offline = async <T>(call: () => Promise<T>): Promise<T> => {
    session.offline();
    try {
      return await call();
    } finally {
      session.online();
    }
  };

  beforeAll(async () => {
    session = await openApiSession();
    pv = session.server.services.plant.pvConfigs()[0]!.pvRef;
  });
  afterAll(() => session.close());

  it('getAlerts: newest first, limited, with the total; errors are thrown', async () => {
    await session.asAdmin();
    const [a, b] = [await raise(), await raise()];
    const all = await getAlerts(range());
    expect(all.alerts.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const one = await getAlerts({ start: new Date(t0), end: new Date(Date.now() + 1000), limit: 1 });
    expect(one.alerts).toHaveLength(1);
    expect(remainingCount(one, one.alerts.length)).toBe(all.total - 1);
    expect((await getAlerts()).total).toBeGreaterThanOrEqual(2);
    await expect(getAlerts({ start: 2, end: 1 })).rejects.toMatchObject({ status: 400 });
    await expect(offline(() => getAlerts())).rejects.toBeInstanceOf(NetworkError);
  });

  it('getAlertsByPvs: the alerts of the PVs; errors are thrown', async () => {
    await session.asAdmin();
    const a = await raise();
    const reply = await getAlertsByPvs([pv], range());
    expect(reply.alerts.map((x) => x.id)).toContain(a.id);
    expect(reply.alerts.every((x) => x.pv?.nr === pv.nr)).toBe(true);
    await expect(getAlertsByPvs([pv], { limit: 0 })).rejects.toBeInstanceOf(ApiError);
    await expect(offline(() => getAlertsByPvs([pv]))).rejects.toBeInstanceOf(NetworkError);
  });

  it('acknowledgeAlerts: lists the acknowledged; refusals and failures are Failed or Unauthorized', async () => {
    const a = await raise();
    await session.as('contract-ack-viewer', 'viewer');
    expect(await acknowledgeAlerts([a])).toEqual({
      status: 'Unauthorized',
      errorMessage: NO_ACK_RIGHTS_MESSAGE,
      acknowledged: [],
    });
    await session.as('contract-ack-operator', 'operator');
    const reply = await acknowledgeAlerts([a]);
    expect(reply.status).toBe('Success');
    expect(reply.acknowledged.map((x) => [x.id, x.acknowledgedBy])).toEqual([
      [a.id, 'contract-ack-operator'],
    ]);
    const bad = await acknowledgeAlerts([{ id: 0 }]);
    expect(bad.status).toBe('Failed');
    expect(bad.errorMessage).toMatch(/id/);
    // An id that does not exist is named, and nothing is acknowledged.
    const unknown = await acknowledgeAlerts([a, { id: 987_654 }]);
    expect(unknown).toEqual({
      status: 'Failed',
      errorMessage: 'Die Meldung 987654 gibt es nicht.',
      acknowledged: [],
    });
    const lost = await offline(() => acknowledgeAlerts([a]));
    expect(lost).toMatchObject({ status: 'Failed', acknowledged: [] });
    expect(lost.errorMessage).toEqual(expect.any(String));
  });

  it('acknowledgeAllAlerts: Unauthorized without rights, Netzwerkfehler offline', async () => {
    const a = await raise();
    await session.as('contract-ackall-viewer', 'viewer');
    expect(await acknowledgeAllAlerts()).toEqual({
      status: 'Unauthorized',
      errorMessage: NO_ACK_RIGHTS_MESSAGE,
      acknowledged: [],
    });
    await session.as('contract-ackall-operator', 'operator');
    expect(await offline(() => acknowledgeAllAlerts())).toEqual({
      status: 'Failed',
      errorMessage: 'Netzwerkfehler',
      acknowledged: [],
    });
    const reply = await acknowledgeAllAlerts();
    expect(reply.status).toBe('Success');
    expect(reply.acknowledged.map((x) => x.id)).toContain(a.id);
    // An ended session: the logout redirect is asked for, and the reply is Failed with the error text.
    await logout();
    const redirects = session.unauthorizedCount;
    const expired = await acknowledgeAllAlerts();
    expect(expired).toMatchObject({ status: 'Failed', acknowledged: [] });
    expect(expired.errorMessage).toEqual(expect.any(String));
    expect(session.unauthorizedCount).toBe(redirects + 1);
  });

  it('deleteAlerts: lists the deleted; refusals and failures are thrown', async () => {
    const a = await raise();
    const engine = session.server.services.domain.alerts;
    engine.condition({ kind: 'clear', source: a.source });
    await engine.flush();
    await session.asAdmin();
    await acknowledgeAlerts([a]);
    await session.as('contract-delete-operator', 'operator');
    await expect(deleteAlerts([a])).rejects.toMatchObject({ status: 403 });
    await expect(offline(() => deleteAlerts([a]))).rejects.toBeInstanceOf(NetworkError);
    await session.asAdmin();
    expect(await deleteAlerts([a])).toEqual([{ id: a.id }]);
    // Deleted already: the id is named as unknown instead of an empty success.
    await expect(deleteAlerts([a])).rejects.toMatchObject({ status: 404 });
  });
});
