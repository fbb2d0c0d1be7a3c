import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../packages/server/src/http/require-right';
import { logout } from '../../packages/web/src/api/auth';
import { getDashboard, getDashboardConfig, updateDashboardNote } from '../../packages/web/src/api/dashboard';
import { NetworkError } from '../../packages/web/src/api/http';
import { openApiSession, type ApiSession } from './support/api-session';

describe('dashboard client as administrator', () => {
  let session: ApiSession;
  let noteId: number;

  beforeAll(async () => {
    session = await openApiSession();
    await session.asAdmin();
  });
  afterAll(() => session.close());

  it('reads the dashboards and one by id', async () => {
    const config = await getDashboardConfig();
    // The demo plant's four dashboards, the default first.
    expect(config.dashboards.map((d) => d.name)).toEqual([
      'Übersicht Zweckverband',
      'Abwasser und Regenbecken',
      'Wasserversorgung kompakt',
      'Leitstand Wasserwerk',
    ]);
    expect(config.defaultDashboardId).toBe(config.dashboards[0]!.id);
    noteId = config.dashboards.flatMap((d) => d.widgets).find((w) => w.kind === 'Note')!.id;
    expect(await getDashboard(config.dashboards[1]!.id)).toEqual(config.dashboards[1]);
    await expect(getDashboard(4711)).rejects.toMatchObject({ status: 404 });
  });

  it('saves a note and passes refusals on as errors', async () => {
    const saved = await updateDashboardNote({ id: noteId, note: 'Übergabe: alles ruhig.' });
    expect(saved).toMatchObject({ id: noteId, note: 'Übergabe: alles ruhig.', updatedBy: 'admin' });
    await expect(updateDashboardNote({ id: noteId, note: 'x'.repeat(4001) })).rejects.toMatchObject({
      status: 400,
    });
    await expect(updateDashboardNote({ id: 999999, note: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('fails with a network error when offline', async () => {
    session.offline();
    try {
      await expect(getDashboardConfig()).rejects.toBeInstanceOf(NetworkError);
      await expect(getDashboard(1)).rejects.toBeInstanceOf(NetworkError);
      await expect(updateDashboardNote({ id: noteId, note: 'x' })).rejects.toBeInstanceOf(NetworkError);
    } finally {
      session.online();
    }
  });

  it('sends an expired session to the logout page', async () => {
    await logout();
    const before = session.unauthorizedCount;
    await expect(getDashboardConfig()).rejects.toMatchObject({ status: 401 });
    expect(session.unauthorizedCount).toBe(before + 1);
  });
});

describe('dashboard client as a viewer', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await session.as('betrachter', 'viewer');
  });
  afterAll(() => session.close());

  it('reads the dashboards but may not edit notes', async () => {
    const config = await getDashboardConfig();
    const note = config.dashboards.flatMap((d) => d.widgets).find((w) => w.kind === 'Note')!;
    await expect(updateDashboardNote({ id: note.id, note: 'Nicht erlaubt' })).rejects.toMatchObject({
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
  });
});
