import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldError, isApiError } from '../../api/baseApi';
import type { EventSeatMap, Seat } from '../../api/generated/seats';
import {
  isPickable,
  leavesOrphan,
  pickedSeat,
  standingAreaOf,
  stateOf,
  statesByLabel,
  type PickedSeat,
  type SeatMapState,
} from './seatModel';
import {
  useCreateHoldTokenMutation,
  useExtendHoldTokenMutation,
  useGetEventSeatsQuery,
  useHoldSeatsMutation,
  useReleaseSeatMutation,
} from './seatsApi';

/** A buyer's move extends the session at most this often. */
export const EXTEND_THROTTLE_MS = 60_000;
/** While the picker is open the session is extended this long before it runs out. */
export const EXTEND_BEFORE_MS = 60_000;

export interface SeatHoldsOptions {
  eventId: string;
  /** A session the seats are already held with (re-opening keeps them); null: a new one. */
  initialToken: string | null;
  /** The seats the caller believes that session holds, for `revert`. */
  initialSeats: readonly string[];
  /** How many seats may be picked. */
  count: number;
  /** The categories that may be picked; every category when not given. */
  categories?: readonly string[];
}

export interface SeatHolds {
  holdToken: string | null;
  /** The event's chart and states for this session; undefined while it loads. */
  map: EventSeatMap | undefined;
  /** Each seat's state by label, with the moves still under way shown as done. */
  states: ReadonlyMap<string, SeatMapState>;
  loadFailed: boolean;
  /** The seats the session holds, in the chart's order. */
  selected: PickedSeat[];
  /** Time left of the session, 'mm:ss'; null before it is known. */
  countdown: string | null;
  /** Why the last move changed nothing (an orphan, a refusal, the session ran out). */
  message: string | null;
  /** A hold or a release is under way. */
  busy: boolean;
  /** Picks a free seat (hold) or gives back a picked one (release). */
  toggle: (seat: Seat) => void;
  /** Holds `count` more places of the standing area `section` (the server picks which). */
  holdArea: (section: string, count: number) => void;
  /** Gives back `count` of the session's places in the standing area `section`, latest first. */
  releaseArea: (section: string, count: number) => void;
  /** The buyer moved (zoom, pan, keys): keeps the session alive. */
  touch: () => void;
  /** Cancel: gives back what was picked since opening and takes back what was given back. */
  revert: () => Promise<void>;
}

/** A move asked for and not yet answered: the state it shows meanwhile. */
interface PendingMove {
  state: SeatMapState;
  id: number;
}

interface Session {
  token: string;
  /** ISO; null until the server said (a session given is extended as the picker opens). */
  expiresAt: string | null;
}

/** `labels` (in the chart's order) with the latest held first: by `order` (the order they were
 * held in), those held before it by their place from the back (an area fills from the front). */
function latestFirst(labels: readonly string[], order: readonly string[]): string[] {
  return labels
    .map((label, index) => ({ label, index, rank: order.indexOf(label) }))
    .sort((a, b) => b.rank - a.rank || b.index - a.index)
    .map(({ label }) => label);
}

export function formatCountdown(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * One hold session at one event while a seat picker is open (issue 16; spec 2 §4 "Seat holds"):
 * the session is made (or the one given is kept), extended as the buyer moves and shortly before
 * it runs out; a picked seat is held (after the orphan rule, checked here first) and a seat
 * picked again is given back, one move after the other; the server's refusals are the message.
 * A standing area is held by count (the server picks the places) and given back place by place.
 * A session that ran out says so, clears the selection and starts a new one.
 */
export function useSeatHolds({
  eventId,
  initialToken,
  initialSeats,
  count,
  categories,
}: SeatHoldsOptions): SeatHolds {
  const { t } = useTranslation();
  const [createToken] = useCreateHoldTokenMutation();
  const [extendToken] = useExtendHoldTokenMutation();
  const [holdSeats] = useHoldSeatsMutation();
  const [releaseSeat] = useReleaseSeatMutation();

  const [session, setSession] = useState<Session | null>(
    initialToken ? { token: initialToken, expiresAt: null } : null,
  );
  const sessionRef = useRef(session);
  const [tokenFailed, setTokenFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Moves asked for and not yet answered: the map shows them as done. */
  const [pending, setPending] = useState<ReadonlyMap<string, PendingMove>>(new Map());
  const moves = useRef(0);
  /** Moves asked for and not yet answered (an area's hold may show no place meanwhile). */
  const [running, setRunning] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastExtended = useRef(0);
  const [now, setNow] = useState(() => Date.now());

  const query = useGetEventSeatsQuery(session ? { eventId, holdToken: session.token } : skipToken);
  // Only this session's map: another session's 'mine' seats are not this one's.
  const map = query.currentData;

  const states = useMemo(() => {
    const merged = statesByLabel(map?.states ?? []);
    for (const [label, move] of pending) merged.set(label, move.state);
    return merged;
  }, [map, pending]);
  const selected = useMemo(
    () =>
      map
        ? map.chart.seats
            .filter((seat) => states.get(seat.label) === 'mine')
            .map((seat) => pickedSeat(map.chart, seat))
        : [],
    [map, states],
  );
  /** What the session holds as the server last answered: what `revert` starts from. */
  const held = useRef<Set<string>>(new Set());
  /** The seats held since opening, in the order they were held: an area gives back the latest. */
  const holdOrder = useRef<string[]>([]);
  useEffect(() => {
    if (!map) return;
    held.current = new Set(
      map.states.filter((seat) => seat.state === 'mine').map((seat) => seat.label),
    );
  }, [map]);

  const replaceSession = useCallback((next: Session | null) => {
    sessionRef.current = next;
    setSession(next);
  }, []);

  const startSession = useCallback(async () => {
    try {
      const token = await createToken().unwrap();
      lastExtended.current = Date.now();
      setTokenFailed(false);
      replaceSession({ token: token.holdToken, expiresAt: token.expiresAt });
    } catch {
      setTokenFailed(true);
    }
  }, [createToken, replaceSession]);

  /** The session ran out: the seats are gone, and picking starts over with a new session. */
  const expired = useCallback(
    (token: string, text: string | undefined) => {
      if (sessionRef.current?.token !== token) return;
      setMessage(text ?? t('seats.picker.expired'));
      setPending(new Map());
      held.current = new Set();
      holdOrder.current = [];
      replaceSession(null);
      void startSession();
    },
    [replaceSession, startSession, t],
  );

  const extend = useCallback(
    async (token: string) => {
      lastExtended.current = Date.now();
      try {
        const extended = await extendToken(token).unwrap();
        if (sessionRef.current?.token === token) {
          replaceSession({ token, expiresAt: extended.expiresAt });
        }
      } catch (failure) {
        const gone = apiFieldError(failure, 'holdToken');
        if (gone !== undefined) expired(token, gone);
        // Otherwise (the network) the session stands; the next move tries again.
      }
    },
    [expired, extendToken, replaceSession],
  );

  // The session as the picker opens: a new one, or the one given, extended (or found run out).
  const started = useRef(false);
  useEffect(() => {
    // Once per opening: StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    if (initialToken) void extend(initialToken);
    else void startSession();
    // The session of this opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const touch = useCallback(() => {
    const current = sessionRef.current;
    if (current && Date.now() - lastExtended.current >= EXTEND_THROTTLE_MS) {
      void extend(current.token);
    }
  }, [extend]);

  // Shortly before the session runs out it is extended; a hidden page lets it run out, and
  // extends it when it is shown again.
  useEffect(() => {
    if (!session?.expiresAt) return;
    const left = Date.parse(session.expiresAt) - Date.now();
    const wait = document.hidden ? left : left - EXTEND_BEFORE_MS;
    const timer = setTimeout(() => void extend(session.token), Math.max(0, wait));
    const shown = () => {
      if (!document.hidden) void extend(session.token);
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [session, extend]);

  useEffect(() => {
    setNow(Date.now());
  }, [session?.expiresAt]);
  useEffect(() => {
    const ticker = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(ticker);
  }, []);
  const countdown = session?.expiresAt
    ? formatCountdown(Date.parse(session.expiresAt) - now)
    : null;

  /**
   * Runs the moves one after the other: the server judges each with the ones before it held.
   * Meanwhile `labels` show in the state the move is expected to leave them in.
   */
  const enqueue = useCallback(
    (labels: readonly string[], shown: SeatMapState, ask: () => Promise<void>) => {
      moves.current += 1;
      const move = { state: shown, id: moves.current };
      setRunning((before) => before + 1);
      setPending((before) => {
        const after = new Map(before);
        for (const label of labels) after.set(label, move);
        return after;
      });
      const settle = () => {
        setRunning((before) => before - 1);
        setPending((before) => {
          // A later move of the same seat still shows until it is answered.
          const mine = labels.filter((label) => before.get(label)?.id === move.id);
          if (mine.length === 0) return before;
          const after = new Map(before);
          for (const label of mine) after.delete(label);
          return after;
        });
      };
      queue.current = queue.current.then(ask).finally(settle);
    },
    [],
  );

  const remember = useCallback((labels: readonly string[]) => {
    for (const label of labels) held.current.add(label);
    holdOrder.current = [
      ...holdOrder.current.filter((label) => !labels.includes(label)),
      ...labels,
    ];
  }, []);

  const refused = useCallback(
    (token: string, failure: unknown) => {
      const gone = apiFieldError(failure, 'holdToken');
      if (gone !== undefined) {
        expired(token, gone);
        return;
      }
      const text =
        apiFieldError(failure, 'seats') ??
        apiFieldError(failure, 'areas') ??
        apiFieldError(failure, 'seat') ??
        (isApiError(failure) ? failure.message : undefined) ??
        t('seats.picker.holdFailed');
      setMessage(text);
    },
    [expired, t],
  );

  const toggle = useCallback(
    (seat: Seat) => {
      touch();
      const token = sessionRef.current?.token;
      if (!token || !map) return;
      const state = stateOf(states, seat.label);
      if (state === 'mine') {
        setMessage(null);
        enqueue([seat.label], 'free', async () => {
          if (sessionRef.current?.token !== token) return;
          try {
            await releaseSeat({ eventId, holdToken: token, seat: seat.label }).unwrap();
            held.current.delete(seat.label);
          } catch (failure) {
            refused(token, failure);
          }
        });
        return;
      }
      if (!isPickable(state, seat.categoryKey, categories)) return;
      if (selected.length >= count) {
        setMessage(t('seats.picker.tooMany', { count }));
        return;
      }
      if (leavesOrphan(map.chart, states, seat)) {
        setMessage(t('seats.picker.orphan'));
        return;
      }
      setMessage(null);
      enqueue([seat.label], 'mine', async () => {
        if (sessionRef.current?.token !== token) return;
        try {
          await holdSeats({ eventId, holdToken: token, seats: [seat.label] }).unwrap();
          remember([seat.label]);
        } catch (failure) {
          refused(token, failure);
        }
      });
    },
    [
      categories,
      count,
      enqueue,
      eventId,
      holdSeats,
      map,
      refused,
      releaseSeat,
      remember,
      selected.length,
      states,
      t,
      touch,
    ],
  );

  const holdArea = useCallback(
    (section: string, wanted: number) => {
      touch();
      const token = sessionRef.current?.token;
      if (!token || !map || wanted < 1) return;
      if (selected.length + wanted > count) {
        setMessage(t('seats.picker.tooMany', { count }));
        return;
      }
      // The server takes the area's first free places: those show as held until it answers.
      // A map out of date may show fewer than asked for; the server judges.
      const expected = (standingAreaOf(map.chart, section)?.places ?? [])
        .filter((place) => {
          const state = stateOf(states, place.label);
          return state === 'free' && isPickable(state, place.categoryKey, categories);
        })
        .slice(0, wanted)
        .map((place) => place.label);
      setMessage(null);
      enqueue(expected, 'mine', async () => {
        if (sessionRef.current?.token !== token) return;
        try {
          const answer = await holdSeats({
            eventId,
            holdToken: token,
            seats: [],
            areas: [{ section, count: wanted }],
          }).unwrap();
          remember(answer.seats ?? expected);
        } catch (failure) {
          refused(token, failure);
        }
      });
    },
    [
      categories,
      count,
      enqueue,
      eventId,
      holdSeats,
      map,
      refused,
      remember,
      selected.length,
      states,
      t,
      touch,
    ],
  );

  const releaseArea = useCallback(
    (section: string, wanted: number) => {
      touch();
      const token = sessionRef.current?.token;
      const area = map && standingAreaOf(map.chart, section);
      if (!token || !area || wanted < 1) return;
      const labels = area.places.map((place) => place.label);
      const shown = latestFirst(
        labels.filter((label) => stateOf(states, label) === 'mine'),
        holdOrder.current,
      ).slice(0, wanted);
      if (shown.length === 0) return;
      setMessage(null);
      enqueue(shown, 'free', async () => {
        if (sessionRef.current?.token !== token) return;
        // Which places the session has, the server said by now (the moves before this one included).
        const givenBack = latestFirst(
          labels.filter((label) => held.current.has(label)),
          holdOrder.current,
        ).slice(0, wanted);
        for (const label of givenBack) {
          try {
            await releaseSeat({ eventId, holdToken: token, seat: label }).unwrap();
            held.current.delete(label);
          } catch (failure) {
            refused(token, failure);
            return;
          }
        }
      });
    },
    [enqueue, eventId, map, refused, releaseSeat, states, touch],
  );

  const revert = useCallback(async () => {
    await queue.current;
    const token = sessionRef.current?.token;
    if (!token) return;
    const added = [...held.current].filter((label) => !initialSeats.includes(label));
    const givenBack =
      token === initialToken ? initialSeats.filter((label) => !held.current.has(label)) : [];
    for (const label of added) {
      await releaseSeat({ eventId, holdToken: token, seat: label })
        .unwrap()
        .catch(() => undefined);
    }
    if (givenBack.length > 0) {
      // By label, an area's places too: the order lines name them.
      await holdSeats({ eventId, holdToken: token, seats: givenBack })
        .unwrap()
        .catch(() => undefined);
    }
  }, [eventId, holdSeats, initialSeats, initialToken, releaseSeat]);

  return {
    holdToken: session?.token ?? null,
    map,
    states,
    loadFailed: tokenFailed || query.isError,
    selected,
    countdown,
    message,
    busy: running > 0,
    toggle,
    holdArea,
    releaseArea,
    touch,
    revert,
  };
}
