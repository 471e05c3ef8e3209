import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { apiModeSlice } from '../api/appApi';
import { baseApi } from '../api/baseApi';
import { sessionSlice } from '../features/session/sessionSlice';
import { saveUiPrefs, uiPrefsSlice } from '../features/shell/uiPrefsSlice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  apiMode: apiModeSlice.reducer,
  session: sessionSlice.reducer,
  uiPrefs: uiPrefsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The dev-only state checks warn when a slow machine (CI) takes over 32 ms; the checks stay,
    // only the timing warning moves out of the way of tests that fail on any console warning.
    middleware: (getDefault) =>
      getDefault({
        immutableCheck: { warnAfter: 1000 },
        serializableCheck: { warnAfter: 1000 },
      }).concat(baseApi.middleware),
  });
  let savedPrefs = store.getState().uiPrefs;
  store.subscribe(() => {
    const prefs = store.getState().uiPrefs;
    if (prefs !== savedPrefs) {
      savedPrefs = prefs;
      saveUiPrefs(prefs);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
