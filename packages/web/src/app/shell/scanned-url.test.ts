import { describe, expect, it } from 'vitest';
import { appPathFromScan } from './scanned-url';

describe('address from a scanned QR code', () => {
  const origin = 'https://leitwarte.example';

  it('opens addresses of this app, with query and fragment', () => {
    expect(appPathFromScan('https://leitwarte.example/overview?station=3#top', origin)).toBe(
      '/overview?station=3#top',
    );
    expect(appPathFromScan('  https://leitwarte.example/favorites \n', origin)).toBe('/favorites');
  });

  it('refuses other origins, schemes and texts that are no address', () => {
    expect(appPathFromScan('https://evil.example/overview', origin)).toBeNull();
    expect(appPathFromScan('http://leitwarte.example/overview', origin)).toBeNull();
    expect(appPathFromScan('https://leitwarte.example:8443/overview', origin)).toBeNull();
    expect(appPathFromScan('javascript:alert(1)', origin)).toBeNull();
    expect(appPathFromScan('file:///etc/passwd', origin)).toBeNull();
    expect(appPathFromScan('/overview', origin)).toBeNull();
    expect(appPathFromScan('Pumpe 3 gestört', origin)).toBeNull();
  });
});
