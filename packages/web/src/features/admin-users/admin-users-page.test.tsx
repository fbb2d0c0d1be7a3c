import type { EffectiveRights, Role } from '@leitwarte/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { station } from '../../test-support/fixtures';
import { renderWithProviders } from '../../test-support/render';
import { AdminUsersPage } from './admin-users-page';

const ALL = { allStations: true, stations: [], pvGroups: [] };
const rightsOf = (rights: EffectiveRights['grants'][number]['right'][]): EffectiveRights => ({
  userId: 1,
  username: 'admin',
  roles: [],
  grants: rights.map((right) => ({ right, scope: ALL })),
});
const roles: Role[] = [
  {
    id: 1,
    name: 'administrator',
    description: '',
    rights: ['read', 'manageUsers'],
    scope: ALL,
    builtIn: true,
  },
  { id: 2, name: 'operator', description: '', rights: ['read', 'writeValues'], scope: ALL, builtIn: true },
];
const users = [
  {
    id: 1,
    username: 'admin',
    displayName: 'Administrator',
    disabled: false,
    secondFactor: true,
    roleIds: [1],
    lockedUntil: null,
  },
  {
    id: 2,
    username: 'betrieb',
    displayName: 'Betrieb',
    disabled: true,
    secondFactor: false,
    roleIds: [2],
    lockedUntil: null,
  },
  {
    id: 3,
    username: 'gast',
    displayName: 'Gast',
    disabled: false,
    secondFactor: false,
    roleIds: [2],
    lockedUntil: new Date(2026, 0, 5, 14, 35).getTime(),
  },
];

function administration() {
  return fakeServer({
    'GET /api/UserManagement/rights': () => json(200, rightsOf(['read', 'manageUsers'])),
    'GET /api/admin/users': () => json(200, users),
    'GET /api/admin/roles': () => json(200, { roles, rightNames: ['read', 'manageUsers'] }),
    'GET /api/station/GetAllStations': () => json(200, [station(1, 'Wasserwerk Nord')]),
    'GET /api/admin/pv-groups': () => json(200, []),
    'GET /api/admin/license-use': () =>
      json(200, {
        maxActiveUsers: 3,
        maxPvGroupLogins: 2,
        enabledUsers: 2,
        loggedInUsers: 1,
        pvGroups: [{ id: 7, name: 'Hochbehälter', logins: 2 }],
      }),
    'POST /api/admin/users/3/unlock': () => json(200, { ...users[2], lockedUntil: null }),
    'POST /api/admin/users/1/disable': () =>
      json(409, { statusCode: 409, error: 'Conflict', code: 'selfDisable', message: 'x' }),
  });
}

describe('user administration screen', () => {
  it('shows the access-denied text to a user without manageUsers and asks for no users', async () => {
    const server = fakeServer({ 'GET /api/UserManagement/rights': () => json(200, rightsOf(['read'])) });
    renderWithProviders(<AdminUsersPage />);
    expect(await screen.findByText('Zugriff verweigert – bitte die Benutzerrechte anpassen.')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/users')).toHaveLength(0);
  });

  it('lists users with roles, state and second factor', async () => {
    administration();
    renderWithProviders(<AdminUsersPage />);
    const row = await waitFor(() => {
      const found = document.querySelector('[data-user="betrieb"]');
      if (!found) throw new Error('no row yet');
      return found;
    });
    expect([...row.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      'betrieb',
      'Betrieb',
      // The built-in role in the user's language, not as the server names it.
      'Betrieb',
      'Deaktiviert',
      'aus',
    ]);
  });

  it("confirms a disable and shows the server's refusal in the user's language", async () => {
    const server = administration();
    renderWithProviders(<AdminUsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für admin' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deaktivieren' }));
    expect(server.calls('POST', '/api/admin/users/1/disable')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sie können sich nicht selbst deaktivieren.');
    expect(server.calls('POST', '/api/admin/users/1/disable')).toHaveLength(1);
  });

  it('shows a lockout with its end and unlocks after a confirmation', async () => {
    const server = administration();
    renderWithProviders(<AdminUsersPage />);
    expect((await screen.findByTestId('locked-badge')).textContent).toBe('Gesperrt bis 14:35');
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für admin' }));
    expect(screen.queryByRole('menuitem', { name: 'Sperre aufheben' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Aktionen für gast' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sperre aufheben' }));
    expect(server.calls('POST', '/api/admin/users/3/unlock')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/users/3/unlock')).toHaveLength(1));
  });

  it('shows the licence limits with their current use', async () => {
    administration();
    renderWithProviders(<AdminUsersPage />);
    expect((await screen.findByTestId('license-active-users')).textContent).toBe('2 von 3');
    expect(screen.getByTestId('license-logged-in').textContent).toBe('angemeldet: 1');
    const groups = screen.getByTestId('license-pv-groups');
    expect(groups.textContent).toBe('Anmeldungen je PV-Gruppe (höchstens 2):Hochbehälter: 2 von 2');
  });
});
