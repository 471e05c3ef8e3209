import { useSyncExternalStore } from 'react';

/**
 * Whether the app shows the confirmation dialog's host: from the moment a page that asks for
 * confirmation has loaded (ConfirmButton says so as it loads). Until then the app loads no dialog,
 * so the public home on a phone loads none of PrimeReact (issue 36).
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantConfirmHost() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConfirmHostWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}

let markMounted: () => void = () => undefined;
/**
 * Settles once the dialog's host is mounted and listens. The host comes a moment after the page
 * that asks (it is loaded for it): a question asked in between (a quick tap on 'Slet' right
 * after the page opened) waits for it instead of going unheard.
 */
export const confirmHostMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function confirmHostListens() {
  markMounted();
}
