import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import type { Messages } from '@lingui/core';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// Every English catalog at once: components render as in the app, whichever screen a test opens.
const catalogs = import.meta.glob<{ default: Messages }>('../**/locales/en.json', { eager: true });
i18n.load('en', Object.assign({}, ...Object.values(catalogs).map((catalog) => catalog.default)));
i18n.activate('en');

/** The window width the media queries see; tests set it with setViewportWidth. */
let width = 1280;
export function setViewportWidth(w: number) {
  width = w;
}

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

window.matchMedia = (query: string) =>
  ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom lays nothing out, so nothing is ever resized.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor does anything ever come into view (the player asks, to load only when it is on screen).
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

// jsdom does not scroll; pages that scroll to the top on arrival call this.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

beforeEach(() => {
  width = 1280;
  localStorage.clear();
});
afterEach(cleanup);

// jsdom has no PointerEvent; without it, fireEvent.pointerDown drops clientX.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}
