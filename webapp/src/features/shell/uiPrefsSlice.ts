import { createSlice } from '@reduxjs/toolkit';

/** Per-browser preferences (spec 1 §1): dark mode, sidebar state and safe mode, kept in localStorage. */
export interface UiPrefsState {
  darkMode: boolean;
  sidebarOpen: boolean;
  safeMode: boolean;
}

export const UI_PREF_KEYS: Record<keyof UiPrefsState, string> = {
  darkMode: 'tribune.darkMode',
  sidebarOpen: 'tribune.sidebarOpen',
  safeMode: 'tribune.safeMode',
};

const defaults: UiPrefsState = { darkMode: false, sidebarOpen: true, safeMode: false };

function readFlag(key: string, fallback: boolean): boolean {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    return fallback;
  }
}

export function loadUiPrefs(): UiPrefsState {
  return {
    darkMode: readFlag(UI_PREF_KEYS.darkMode, defaults.darkMode),
    sidebarOpen: readFlag(UI_PREF_KEYS.sidebarOpen, defaults.sidebarOpen),
    safeMode: readFlag(UI_PREF_KEYS.safeMode, defaults.safeMode),
  };
}

export function saveUiPrefs(prefs: UiPrefsState) {
  try {
    for (const key of Object.keys(UI_PREF_KEYS) as (keyof UiPrefsState)[]) {
      localStorage.setItem(UI_PREF_KEYS[key], String(prefs[key]));
    }
  } catch {
    // Without storage the preferences last for this page only.
  }
}

export const uiPrefsSlice = createSlice({
  name: 'uiPrefs',
  initialState: loadUiPrefs,
  reducers: {
    darkModeToggled(state) {
      state.darkMode = !state.darkMode;
    },
    sidebarToggled(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    safeModeToggled(state) {
      state.safeMode = !state.safeMode;
    },
  },
});

export const { darkModeToggled, sidebarToggled, safeModeToggled } = uiPrefsSlice.actions;
