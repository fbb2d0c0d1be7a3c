import { screen, waitFor } from '@testing-library/react';
import { toString } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-support/render';
import { QrCodeDialog } from './qr-code';

describe('QR code of the current page', () => {
  it('shows the address as a QR code image in a dialog', async () => {
    const url = 'https://leitwarte.example/overview?station=3';
    renderWithProviders(<QrCodeDialog opened onClose={() => {}} url={url} />);

    expect(await screen.findByRole('dialog', { name: 'QR-Code dieser Seite' })).toBeDefined();
    const image = await screen.findByRole('img', { name: `QR-Code der Adresse ${url}` });
    const src = image.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    // The image is the code of exactly this address.
    expect(svg).toBe(await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    expect(screen.getByText(url)).toBeDefined();
  });

  it('draws a new code when the address changes', async () => {
    const first = renderWithProviders(<QrCodeDialog opened onClose={() => {}} url="https://a.example/x" />);
    await screen.findByRole('img', { name: 'QR-Code der Adresse https://a.example/x' });
    first.unmount();
    renderWithProviders(<QrCodeDialog opened onClose={() => {}} url="https://a.example/y" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR-Code der Adresse https://a.example/y' })).toBeDefined(),
    );
  });

  it('shows nothing while closed', () => {
    renderWithProviders(<QrCodeDialog opened={false} onClose={() => {}} url="https://a.example/" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
