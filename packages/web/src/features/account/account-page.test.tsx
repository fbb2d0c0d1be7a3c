import type { AccountInfo, EffectiveRights } from '@leitwarte/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';

const SLOW = { timeout: 5000 };
const rights: EffectiveRights = {
  userId: operator.id,
  username: operator.username,
  roles: ['operator'],
  grants: [],
};

function serverFor(authSource: AccountInfo['authSource']) {
  fakeServer({
    'GET /api/UserManagement/info': () => json(200, operator),
    'GET /api/UserManagement/account': () =>
      json(200, {
        username: operator.username,
        displayName: operator.displayName,
        language: 'de',
        authSource,
      }),
    'GET /api/UserManagement/rights': () => json(200, rights),
  });
}

describe('account page', () => {
  it('shows the user with names and roles, and leads to the password change', async () => {
    serverFor('local');
    renderApp('/account');
    expect((await screen.findByTestId('account-username', {}, SLOW)).textContent).toBe('operator');
    expect(screen.getByTestId('account-display-name').textContent).toBe('Olga Operator');
    await waitFor(() => expect(screen.getByTestId('account-roles').textContent).toBe('Betrieb'));
    expect(screen.getByText('Passwort dieser Leitwarte')).toBeDefined();
    fireEvent.click(screen.getByRole('link', { name: 'Passwort ändern' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account/password'));
  });

  it('tells a user managed by a domain where the password is changed', async () => {
    serverFor('domain');
    renderApp('/account');
    expect(
      await screen.findByText(
        'Ein von einer Domäne verwalteter Benutzer muss das Passwort über die Domäne ändern.',
        {},
        SLOW,
      ),
    ).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Passwort ändern' })).toBeNull();
  });

  it('is reached through the user menu in the header', async () => {
    serverFor('local');
    renderApp('/no/such/page');
    fireEvent.click(await screen.findByTestId('user-name', {}, SLOW));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mein Konto' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
  });
});
