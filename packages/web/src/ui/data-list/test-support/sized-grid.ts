import { afterAll, beforeAll } from 'vitest';

/** Height of the list's viewport in tests: ten rows of 36 px. */
export const TEST_VIEWPORT_HEIGHT = 360;

/**
 * jsdom lays nothing out: the list's scroll box reports the size a browser would measure, and
 * scrolling it sets scrollTop and then fires the scroll event the virtualiser listens to.
 */
export function sizeListViewports(): void {
  const proto = HTMLElement.prototype;
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    scrollTo: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo'),
  };
  const isList = (element: HTMLElement) => element.classList.contains('data-list');
  beforeAll(() => {
    Object.defineProperty(proto, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return isList(this) ? TEST_VIEWPORT_HEIGHT : 0;
      },
    });
    Object.defineProperty(proto, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return isList(this) ? 800 : 0;
      },
    });
    // Content height: the header row plus the body, whose height the list sets.
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        const body = this.querySelector(':scope > .data-list__body');
        return body instanceof HTMLElement ? 36 + parseFloat(body.style.height || '0') : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element, options: ScrollToOptions) {
        this.scrollTop = options.top ?? this.scrollTop;
        // Browsers fire scroll events after the change, not inside the call.
        setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
      },
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      const target = name.startsWith('scroll') ? Element.prototype : proto;
      if (descriptor) Object.defineProperty(target, name, descriptor);
      else Reflect.deleteProperty(target, name);
    }
  });
}
