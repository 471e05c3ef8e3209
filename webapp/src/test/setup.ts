import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { initI18n, loadAllTexts } from '../app/i18n';
import '../shared/ui/primeSetup';
import { server } from './server';

initI18n('da');
// The app loads the back office's texts and English when it needs them; a test may render any page.
await loadAllTexts();

// A page's first test loads its lazy chunks cold: on a busy machine (two cores, a build beside
// the tests) that outlasts the default second of findBy/waitFor. Waiting longer costs a passing
// test nothing.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that PrimeReact touches.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Node's fetch (which msw intercepts) cannot serialise jsdom's FormData, File and Blob: multipart
// uploads hang. The tests use Node's own classes, as a browser's fetch would use its own.
const NodeFormData = (await new Response(new URLSearchParams()).formData())
  .constructor as typeof FormData;
const JsdomFormData = window.FormData;
/**
 * Node's FormData, which a browser's also is when built from a form: React builds one so from a
 * form sent while a navigation starts (a transition, for `useFormStatus`), and Node's takes no
 * form. The form's text fields are enough there.
 */
class TestFormData extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const [name, value] of new JsdomFormData(form, submitter ?? undefined)) {
      if (typeof value === 'string') this.append(name, value);
    }
  }
}
Object.assign(globalThis, { FormData: TestFormData, File: NodeFile, Blob: NodeBlob });
Object.assign(window, { FormData: TestFormData, File: NodeFile, Blob: NodeBlob });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// The app must not log errors or warnings (React, router, PrimeReact): a test that causes one fails.
let consoleSpies: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  consoleSpies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});
afterEach(async () => {
  // A field left focused (a PrimeReact select just picked from) reports its blur on a timer: let
  // it run while the screen is still there, not after the environment is torn down.
  await act(async () => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  // Unmount first, so a failed check below cannot leave this test's screen behind for the next one.
  cleanup();
  // A request the test's app started just before it ended (a list refetched after a navigation)
  // is still answered by this test's handlers, not reported as unhandled in the next test.
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
  server.resetHandlers();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  document.documentElement.removeAttribute('data-theme');
});
afterAll(() => server.close());
