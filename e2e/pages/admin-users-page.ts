import type { Locator, Page } from 'playwright-core';

/** The user administration as an administrator sees it: users and roles tabs, dialogs for changes. */
export class AdminUsersPage {
  constructor(private readonly page: Page) {}

  private get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/admin/users`);
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Benutzer', exact: true }).waitFor({ timeout: 15_000 });
    await this.page.locator('[data-user]').first().waitFor({ timeout: 15_000 });
  }

  /** The alert a user without the right sees instead of the screen. */
  async refusalText(): Promise<string> {
    const alert = this.page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    return (await alert.innerText()).trim();
  }

  /** Picks options of a multi-select in the open dialog, then closes its dropdown. */
  private async pick(label: string, options: string[]): Promise<void> {
    await this.dialog.getByLabel(label, { exact: true }).click();
    for (const option of options) await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.dialog.locator('h2').click();
  }

  /** Creates a user with a generated password; returns the password the dialog shows once. */
  async createUser(username: string, displayName: string, roles: string[]): Promise<string> {
    await this.page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await this.dialog.getByLabel(/^Benutzername/).fill(username);
    await this.dialog.getByLabel(/^Anzeigename/).fill(displayName);
    await this.pick('Rollen', roles);
    await this.dialog.getByRole('button', { name: 'Speichern' }).click();
    return this.takeShownPassword();
  }

  /** Tries to create a user the server refuses; returns the dialog's refusal and closes the dialog. */
  async createRefused(username: string, displayName: string, roles: string[]): Promise<string> {
    await this.page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await this.dialog.getByLabel(/^Benutzername/).fill(username);
    await this.dialog.getByLabel(/^Anzeigename/).fill(displayName);
    await this.pick('Rollen', roles);
    await this.dialog.getByRole('button', { name: 'Speichern' }).click();
    const refusal = this.dialog.getByRole('alert');
    await refusal.waitFor({ timeout: 15_000 });
    const text = (await refusal.innerText()).trim();
    await this.dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await this.dialog.waitFor({ state: 'detached' });
    return text;
  }

  /** The licence panel's figures as shown: active users, logged in, logins per PV group. */
  async licenseUse(): Promise<{ activeUsers: string; loggedIn: string; pvGroups: string }> {
    const active = this.page.getByTestId('license-active-users');
    await active.waitFor({ timeout: 15_000 });
    const text = async (testId: string) => ((await this.page.getByTestId(testId).textContent()) ?? '').trim();
    return {
      activeUsers: await text('license-active-users'),
      loggedIn: await text('license-logged-in'),
      pvGroups: await text('license-pv-groups'),
    };
  }

  private async takeShownPassword(): Promise<string> {
    const shown = this.page.getByTestId('shown-password');
    await shown.waitFor({ timeout: 15_000 });
    const password = (await shown.innerText()).trim();
    await this.dialog.getByRole('button', { name: 'Schließen' }).last().click();
    await this.dialog.waitFor({ state: 'detached' });
    return password;
  }

  private async action(username: string, action: string): Promise<void> {
    await this.page.getByRole('button', { name: `Aktionen für ${username}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  private async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Bestätigen' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  async disable(username: string): Promise<void> {
    await this.action(username, 'Deaktivieren');
    await this.confirm();
  }

  async enable(username: string): Promise<void> {
    await this.action(username, 'Aktivieren');
    await this.confirm();
  }

  /** Resets to a random password and returns it as shown once. */
  async resetPassword(username: string): Promise<string> {
    await this.action(username, 'Passwort zurücksetzen');
    await this.dialog.getByRole('button', { name: 'Speichern' }).click();
    return this.takeShownPassword();
  }

  async assignRoles(username: string, remove: string[], add: string[]): Promise<void> {
    await this.action(username, 'Rollen zuweisen');
    for (const role of remove) {
      await this.dialog.locator('.mantine-Pill-root', { hasText: role }).locator('button').click();
    }
    await this.pick('Rollen', add);
    await this.dialog.getByRole('button', { name: 'Speichern' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** The state badge of a user's row ('Aktiv' or 'Deaktiviert'). */
  async stateOf(username: string): Promise<string> {
    // The text, not the rendering: the badge shows it in capitals.
    return (
      (await this.page
        .locator(`[data-user="${username}"] td`)
        .nth(3)
        .locator('.mantine-Badge-root')
        .first()
        .textContent()) ?? ''
    ).trim();
  }

  /** The lockout badge of a user's row ('Gesperrt bis 14:35'), or null when not locked. */
  async lockOf(username: string): Promise<string | null> {
    const badge = this.page.locator(`[data-user="${username}"] [data-testid="locked-badge"]`);
    return (await badge.count()) === 0 ? null : ((await badge.textContent()) ?? '').trim();
  }

  /** Reads the user list again (as opening the screen anew would). */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitUntilShown();
  }

  /** Ends a user's lockout after the confirmation; waits until the badge is gone. */
  async unlock(username: string): Promise<void> {
    await this.action(username, 'Sperre aufheben');
    await this.confirm();
    await this.page
      .locator(`[data-user="${username}"] [data-testid="locked-badge"]`)
      .waitFor({ state: 'detached' });
  }

  async rolesOf(username: string): Promise<string> {
    return (await this.page.locator(`[data-user="${username}"] td`).nth(2).innerText()).trim();
  }

  /** Creates a role with these rights (catalogue labels) for the listed stations only. */
  async createStationRole(name: string, rights: string[], stations: string[]): Promise<void> {
    await this.page.getByRole('tab', { name: 'Rollen', exact: true }).click();
    await this.page.getByRole('button', { name: 'Rolle anlegen' }).click();
    await this.dialog.getByLabel(/^Name/).fill(name);
    for (const right of rights) {
      const box = this.dialog.getByRole('checkbox', { name: right, exact: true });
      if (!(await box.isChecked())) await box.check();
    }
    await this.dialog.getByRole('radio', { name: 'Ausgewählte Stationen und PV-Bereiche' }).check();
    await this.pick('Stationen', stations);
    await this.dialog.getByRole('button', { name: 'Speichern' }).click();
    await this.dialog.waitFor({ state: 'detached' });
    await this.page.locator(`[data-role="${name}"]`).waitFor();
    await this.page.getByRole('tab', { name: 'Benutzer', exact: true }).click();
  }
}
