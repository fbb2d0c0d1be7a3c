// jsdom lacks a few browser APIs Mantine relies on; these stand-ins behave like a wide desktop screen.
export function installDomShims(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class NoResizeObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { value: NoResizeObserver, configurable: true });
  }
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}
