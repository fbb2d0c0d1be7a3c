import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-support/render';
import { BrowserWidget, browserUrlProblem } from './browser-widget';

const widget = (url: string) =>
  ({ id: 1, kind: 'Browser', title: 'Radar', size: 'Large', sortIndex: 0, position: null, url }) as const;

describe('browser widget (screens §5 "only web URLs are supported", "enter a URL")', () => {
  it('names the problem of an address', () => {
    expect(browserUrlProblem('')).toBe('enterUrl');
    expect(browserUrlProblem('  ')).toBe('enterUrl');
    expect(browserUrlProblem('file:///c:/radar.html')).toBe('onlyWebUrls');
    expect(browserUrlProblem('javascript:alert(1)')).toBe('onlyWebUrls');
    expect(browserUrlProblem('https://www.dwd.de/radar')).toBeNull();
  });

  it('refuses a file: address with its message and embeds no frame', async () => {
    const { container } = renderWithProviders(<BrowserWidget widget={widget('file:///c:/radar.html')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Es werden nur Web-URLs unterstützt.');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('asks for an address when there is none', async () => {
    renderWithProviders(<BrowserWidget widget={widget('')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte eine URL eingeben.');
  });

  it('embeds a web page in a sandboxed frame without the referrer', () => {
    const { container } = renderWithProviders(<BrowserWidget widget={widget('https://www.dwd.de/radar')} />);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.dwd.de/radar');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('gives a page of the app itself no same-origin right, so it cannot lift the sandbox', () => {
    const own = `${window.location.origin}/overview`;
    const { container } = renderWithProviders(<BrowserWidget widget={widget(own)} />);
    expect(container.querySelector('iframe')!.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });
});
