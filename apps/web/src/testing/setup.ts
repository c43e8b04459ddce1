import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { namespaces } from "virtual:i18n/loaders";

import { getLanguage, loadNamespaces, setLanguage, startI18n } from "@/lib/i18n/i18n";
import type { Namespace } from "@lab/i18n";

// Every English namespace is loaded before any test renders, so no component suspends for its
// catalogue and tests read the spec's English texts.
const allNamespaces = namespaces as Namespace[];
await startI18n(allNamespaces);
afterEach(async () => {
  if (getLanguage() !== "en") await setLanguage("en");
});
export const loadAllNamespaces = (language: Parameters<typeof loadNamespaces>[0]) =>
  loadNamespaces(language, allNamespaces);

// Lazy routes are transformed on first import; give slow CI machines time before failing.
configure({ asyncUtilTimeout: 4000 });

// Testing Library's waitFor/findBy advance fake timers only when it sees a `jest` global; give it
// Vitest's clock so tests using vi.useFakeTimers() can still await the DOM.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// jsdom has no layout: ScrollRestoration's scrollTo is a no-op here.
Object.defineProperty(window, "scrollTo", { value: () => undefined, writable: true });

// React Router builds a Request with an AbortSignal for each navigation. Under jsdom the signal is
// jsdom's while Request is Node's (undici), which on Node 24 refuses a foreign signal. Tests never
// abort navigations, so the signal is dropped.
const NodeRequest = globalThis.Request;
class TestRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init?.signal) {
      const { signal: _signal, ...rest } = init;
      super(input, rest);
    } else {
      super(input, init);
    }
  }
}
globalThis.Request = TestRequest;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
