import { useSyncExternalStore } from 'react';

/**
 * Which theme stylesheet is applied, as a number that grows each time a new one has loaded: what
 * reads the theme's colours in script (the dashboard's graphs) redraws when it changes, so a
 * dark/light switch does not leave white labels on white (issue 37 §6).
 */
const APPLIED = 'tribune-theme-applied';
let revision = 0;

/** Called when a theme stylesheet has loaded (`ThemeSync`). */
export function announceThemeApplied(): void {
  revision += 1;
  window.dispatchEvent(new Event(APPLIED));
}

function subscribe(changed: () => void): () => void {
  window.addEventListener(APPLIED, changed);
  return () => window.removeEventListener(APPLIED, changed);
}

export function useThemeRevision(): number {
  return useSyncExternalStore(
    subscribe,
    () => revision,
    () => 0,
  );
}
