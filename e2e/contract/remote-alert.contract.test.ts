import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../packages/server/src/http/require-right';
import { createTestRole } from '../../packages/server/src/test-support/users';
import { logout } from '../../packages/web/src/api/auth';
import { NetworkError } from '../../packages/web/src/api/http';
import { getRuebConfigs, getRuebEvents, getSebamConfigs } from '../../packages/web/src/api/protocols';
import {
  acknowledgePlans,
  getAlarmPlans,
  getCallNumbers,
  getCallNumbersForActivation,
  getPlansToConfirm,
  saveCallNumbers,
  setCallNumberStates,
  setPlansActive,
} from '../../packages/web/src/api/remote-alert';
import { openApiSession, type ApiSession } from './support/api-session';

describe('remote alert and protocol client as administrator', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
  });
  afterAll(() => session.close());

  it('reads plans, plans to confirm and call numbers', async () => {
    const plans = await getAlarmPlans();
    expect(plans.status).toBe('Success');
    if (plans.status !== 'Success') return;
    expect(plans.data.alarmPlans).toHaveLength(20);
    expect(plans.data.alarmPlans[0]).toMatchObject({ station: 1, planNumber: 1, currentUserCanEdit: true });
    await session.server.services.domain.remoteAlarm.onAlarm(2, 1);
    expect((await getPlansToConfirm()).map((p) => p.station)).toContain(2);
    const activation = await getCallNumbersForActivation();
    expect(activation.plans).toHaveLength(20);
    expect(activation.currentUserCanEdit).toBe(true);
    const numbers = await getCallNumbers();
    expect(numbers.alarmCallnumbers).toEqual(activation.alarmCallnumbers);
  });

  it('switches and acknowledges plans, and passes the server refusals on', async () => {
    expect(await setPlansActive([{ station: 5, planNumber: 2, active: false }])).toMatchObject({
      status: 'Success',
    });
    const unknown = await setPlansActive([{ station: 5, planNumber: 7, active: false }]);
    expect(unknown).toMatchObject({ status: 'Failed', missingPlans: [{ station: 5, planNumber: 7 }] });
    expect(await acknowledgePlans([{ station: 2, planNumber: 1 }], true)).toMatchObject({
      status: 'Success',
    });
    expect((await getPlansToConfirm()).find((p) => p.station === 2 && p.planNumber === 1)).toBeUndefined();
  });

  it('saves call numbers and their states', async () => {
    const saved = await saveCallNumbers([
      { name: 'Notdienst Pumpenbau', number: '0171-5550199', active: true, categoryId: 4 },
    ]);
    expect(saved.status).toBe('Success');
    const created = saved.callNumbers.find((n) => n.name === 'Notdienst Pumpenbau')!;
    const states = await setCallNumberStates([{ id: created.id, active: false }]);
    expect(states.status).toBe('Success');
    expect(states.callNumbers.find((n) => n.id === created.id)?.active).toBe(false);
    expect((await setCallNumberStates([{ id: 99999, active: true }])).status).toBe('Failed');
  });

  it('reads basins, overflow events and Sebam configs', async () => {
    const configs = await getRuebConfigs();
    expect(configs.status === 'Success' && configs.data.map((c) => c.stationNr)).toEqual([9, 10]);
    expect(await getRuebEvents(-1, 2020, 0)).toEqual({ status: 'Success', data: [] });
    const bad = await getRuebEvents(9, 2020, 13);
    expect(bad.status).toBe('Failed');
    expect(bad.status === 'Failed' && bad.errorMessage).not.toBe('');
    expect((await getSebamConfigs()).length).toBeGreaterThan(0);
  });

  it('answers a network failure with the catalogue texts', async () => {
    session.offline();
    try {
      expect(await getAlarmPlans()).toEqual({
        status: 'Failed',
        errorMessage: 'Error during get alarm plans.',
      });
      expect(await setPlansActive([{ station: 1, planNumber: 1, active: true }])).toEqual({
        status: 'Failed',
        errorMessage: 'Netzwerkfehler',
        unauthorizedPlans: [],
        missingPlans: [],
      });
      expect((await acknowledgePlans([{ station: 1, planNumber: 1 }], true)).errorMessage).toBe(
        'Netzwerkfehler',
      );
      expect(await setCallNumberStates([{ id: 1, active: true }])).toEqual({
        status: 'Failed',
        errorMessage: 'Error saving callnumbers state.',
        callNumbers: [],
      });
      expect((await saveCallNumbers([])).errorMessage).toBe('Netzwerkfehler');
      expect(await getRuebConfigs()).toEqual({
        status: 'Failed',
        errorMessage: 'Error during get rueb configs.',
      });
      expect(await getRuebEvents(9, 2020, 1)).toEqual({
        status: 'Failed',
        errorMessage: 'Error during get rueb events.',
      });
      for (const read of [getPlansToConfirm, getCallNumbers, getCallNumbersForActivation, getSebamConfigs]) {
        await expect(read()).rejects.toBeInstanceOf(NetworkError);
      }
    } finally {
      session.online();
    }
  });

  it('sends an expired session to the logout page', async () => {
    await logout();
    const before = session.unauthorizedCount;
    expect((await getAlarmPlans()).status).toBe('Failed');
    expect((await setPlansActive([{ station: 1, planNumber: 1, active: true }])).status).toBe('Failed');
    expect(session.unauthorizedCount).toBe(before + 2);
  });
});

// One login per session: each user gets a server of its own.
describe('remote alert and protocol client as a viewer', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.as('betrachter', 'viewer');
  });
  afterAll(() => session.close());

  it('gives a viewer the refusals as failed replies', async () => {
    const set = await setPlansActive([{ station: 1, planNumber: 1, active: false }]);
    expect(set).toMatchObject({ status: 'Unauthorized', unauthorizedPlans: [{ station: 1, planNumber: 1 }] });
    expect((await acknowledgePlans([{ station: 1, planNumber: 1 }], false)).status).toBe('Unauthorized');
    expect(await setCallNumberStates([{ id: 1, active: false }])).toEqual({
      status: 'Failed',
      errorMessage: FORBIDDEN_MESSAGE,
      callNumbers: [],
    });
    expect(await saveCallNumbers([])).toMatchObject({ status: 'Failed', errorMessage: FORBIDDEN_MESSAGE });
    const plans = await getAlarmPlans();
    expect(plans.status === 'Success' && plans.data.alarmPlans.every((p) => !p.currentUserCanEdit)).toBe(
      true,
    );
  });
});

describe('remote alert and protocol client without any right', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await createTestRole(session.server, 'ohne-rechte', []);
    await session.as('niemand', 'ohne-rechte');
  });
  afterAll(() => session.close());

  it('returns the error text of a refused read', async () => {
    expect(await getAlarmPlans()).toEqual({ status: 'Failed', errorMessage: FORBIDDEN_MESSAGE });
    expect(await getRuebConfigs()).toEqual({ status: 'Failed', errorMessage: FORBIDDEN_MESSAGE });
    expect(await getRuebEvents(-1, 2020, 0)).toEqual({ status: 'Failed', errorMessage: FORBIDDEN_MESSAGE });
    await expect(getSebamConfigs()).rejects.toMatchObject({ status: 403 });
    await expect(getCallNumbers()).rejects.toMatchObject({ status: 403 });
  });
});
