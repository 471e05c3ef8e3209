import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Where to go after login: client state of the session feature (server data lives in RTK Query). */
export interface SessionState {
  /** A guarded path the visitor was sent away from to log in. */
  returnTo: string | null;
  /** The last path that passed the guard. */
  previousPath: string | null;
}

const initialState: SessionState = { returnTo: null, previousPath: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    returnToRemembered(state, action: PayloadAction<string>) {
      state.returnTo = action.payload;
    },
    pathVisited(state, action: PayloadAction<string>) {
      state.previousPath = action.payload;
    },
    returnToUsed(state) {
      state.returnTo = null;
    },
  },
});

export const { returnToRemembered, pathVisited, returnToUsed } = sessionSlice.actions;

export function selectLoginTarget(state: { session: SessionState }): string {
  return state.session.returnTo ?? state.session.previousPath ?? '/';
}
