// Web views of the apps have no tabs: what would open in a new tab opens in place instead
// (screens §2 "Windows open in a new browser tab, or in place when the app runs embedded").

/** Navigates the current page to the address (relative addresses resolve against the page). */
function openInPlace(win: Window, url: string | URL): void {
  win.location.assign(new URL(String(url), win.location.href).href);
}

const IN_PLACE_TARGETS = new Set(['', '_self', '_parent', '_top']);

/** Redirects window.open and links to other windows into the current page. Returns the undo. */
export function installInPlaceWindows(win: Window): () => void {
  const original = win.open;
  win.open = (url?: string | URL, target?: string) => {
    if (url === undefined || String(url) === '') return null;
    if (target && IN_PLACE_TARGETS.has(target)) return original.call(win, url, target);
    openInPlace(win, url);
    // The "new window" is this one.
    return win;
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
    if (IN_PLACE_TARGETS.has(anchor.target)) return;
    event.preventDefault();
    openInPlace(win, anchor.href);
  };
  // Capture phase: the link's own handlers and the browser's default never see the new-tab target.
  win.document.addEventListener('click', onClick, true);

  return () => {
    win.open = original;
    win.document.removeEventListener('click', onClick, true);
  };
}
