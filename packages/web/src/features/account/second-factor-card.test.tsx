import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { SecondFactorCard } from './second-factor-card';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}J`);

describe('second factor card', () => {
  it('sets the second factor up: QR code and key, first code, recovery codes once', async () => {
    let enabled = false;
    const server = fakeServer({
      'GET /api/account/second-factor': () => json(200, { enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      'POST /api/account/second-factor/enrolment': () =>
        json(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Leitwarte:olga?secret=JBSWY3DPEHPK3PXP',
        }),
      'POST /api/account/second-factor/enrolment/confirm': (request) => {
        if ((request.body as { code: string }).code !== '123456')
          return json(400, { statusCode: 400, error: 'Refused', code: 'codeInvalid', message: 'x' });
        enabled = true;
        return json(200, { recoveryCodes: CODES });
      },
    });
    renderWithProviders(<SecondFactorCard />);
    expect((await screen.findByTestId('second-factor-status')).textContent).toBe('Ausgeschaltet');
    fireEvent.click(screen.getByRole('button', { name: 'Einrichten' }));
    expect((await screen.findByTestId('second-factor-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    const qr = await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    fireEvent.change(screen.getByLabelText('Code aus der App'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einschalten' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Code ist ungültig.');
    fireEvent.change(screen.getByLabelText('Code aus der App'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einschalten' }));
    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);

    fireEvent.click(screen.getByRole('button', { name: 'Ich habe die Codes notiert' }));
    await waitFor(() => expect(screen.getByTestId('second-factor-status').textContent).toBe('Eingeschaltet'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByText('Verbleibende Wiederherstellungscodes: 10')).toBeDefined();
    expect(server.calls('POST', '/api/account/second-factor/enrolment/confirm')).toHaveLength(2);
  });

  it('switches it off with the password and says when the password is wrong', async () => {
    let enabled = true;
    const server = fakeServer({
      'GET /api/account/second-factor': () => json(200, { enabled, recoveryCodesLeft: enabled ? 7 : 0 }),
      'POST /api/account/second-factor/disable': (request) => {
        if ((request.body as { password?: string }).password !== 'richtig')
          return json(400, { statusCode: 400, error: 'Refused', code: 'passwordInvalid', message: 'x' });
        enabled = false;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<SecondFactorCard />);
    expect(await screen.findByText('Verbleibende Wiederherstellungscodes: 7')).toBeDefined();
    fireEvent.click(screen.getByText('Mit Passwort'));
    fireEvent.change(await screen.findByLabelText('Passwort'), { target: { value: 'falsch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ausschalten' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Das Passwort ist nicht korrekt.');
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'richtig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ausschalten' }));
    await waitFor(() => expect(screen.getByTestId('second-factor-status').textContent).toBe('Ausgeschaltet'));
    expect(server.calls('POST', '/api/account/second-factor/disable').map((r) => r.body)).toEqual([
      { password: 'falsch' },
      { password: 'richtig' },
    ]);
  });
});
