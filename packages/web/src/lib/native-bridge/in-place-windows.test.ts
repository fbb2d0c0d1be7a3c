import { afterEach, describe, expect, it } from 'vitest';
import { installInPlaceWindows } from './in-place-windows';

// jsdom cannot navigate, so the page's location is a recorder with the same address logic.
function fakeWindow() {
  const visited: string[] = [];
  const opened: unknown[][] = [];
  const win = {
    document,
    location: { href: 'https://leitwarte.example/overview', assign: (url: string) => visited.push(url) },
    open: (...args: unknown[]) => {
      opened.push(args);
      return null;
    },
  };
  return { win: win as unknown as Window, visited, opened };
}

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  document.body.innerHTML = '';
});

describe('windows in place when embedded', () => {
  it('opens window.open addresses in the current page', () => {
    const { win, visited, opened } = fakeWindow();
    undo = installInPlaceWindows(win);
    expect(win.open('/archive-chart/3?start=-P1D', '_blank')).toBe(win);
    expect(win.open('https://wetter.example/', 'weather')).toBe(win);
    expect(visited).toEqual([
      'https://leitwarte.example/archive-chart/3?start=-P1D',
      'https://wetter.example/',
    ]);
    expect(opened).toEqual([]);
  });

  it('opens links meant for a new tab in place and leaves downloads alone', () => {
    const { win, visited } = fakeWindow();
    undo = installInPlaceWindows(win);
    document.body.innerHTML =
      '<a id="tab" href="/reports" target="_blank"><span id="inner">Berichte</span></a>' +
      '<a id="file" href="/export.csv" target="_blank" download>CSV</a>';
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('inner')).toBe(true);
    expect(click('file')).toBe(false);
    expect(visited).toEqual([new URL('/reports', document.baseURI).href]);
  });

  it('restores the original window.open when undone', () => {
    const { win, opened } = fakeWindow();
    installInPlaceWindows(win)();
    win.open('/x', '_blank');
    expect(opened).toEqual([['/x', '_blank']]);
  });
});
