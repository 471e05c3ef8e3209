// A small seat chart ('Stadion': Tribune Nord with rows N1 and N2, and with `stadiumWithArea` the
// standing area Ståpladser) and the seat calls as msw handlers that keep each seat's state and
// record what the picker sends: for the seat tests.

import { http, HttpResponse } from 'msw';
import type {
  AreaHold,
  Chart,
  HoldSeatsInput,
  HoldToken,
  Seat,
  SeatState,
} from '../../api/generated/seats';
import { server } from '../../test/server';

export const HOLD_TOKEN = 'hold-1';

function seat(row: string, number: number, extra: Partial<Seat> = {}): Seat {
  return {
    id: `s-${row}-${number}`,
    label: `${row}-${number}`,
    section: 'Tribune Nord',
    row,
    number: String(number),
    position: number,
    categoryKey: row === 'N1' ? 'a' : 'b',
    accessible: false,
    forSale: true,
    x: number,
    y: row === 'N1' ? 0 : 1,
    ...extra,
  };
}

/** Rows N1 (category A, seats 1–6, seat 1 for wheelchairs) and N2 (category B, seats 1–6). */
export function stadium(): Chart {
  return {
    id: 'chart-1',
    key: 'stadion',
    name: 'Stadion',
    categories: [
      { key: 'a', label: 'Kategori A', color: '#1e88e5', accessible: false },
      { key: 'b', label: 'Kategori B', color: '#43a047', accessible: false },
    ],
    seats: [
      ...[1, 2, 3, 4, 5, 6].map((number) => seat('N1', number, { accessible: number === 1 })),
      ...[1, 2, 3, 4, 5, 6].map((number) => seat('N2', number)),
    ],
  };
}

export const AREA = 'Ståpladser';

/** The stadium with the standing area Ståpladser (category B): places ST-1–ST-6 behind row N2. */
export function stadiumWithArea(): Chart {
  const chart = stadium();
  const places = [1, 2, 3, 4, 5, 6].map((number) =>
    seat('ST', number, {
      section: AREA,
      categoryKey: 'b',
      generalAdmission: true,
      x: number - 0.5,
      y: 3,
    }),
  );
  return { ...chart, seats: [...chart.seats, ...places] };
}

/** What the picker asked for, in turn. */
export interface SeatCalls {
  tokens: number;
  extended: string[];
  maps: (string | null)[];
  holds: HoldSeatsInput[];
  releases: { holdToken: string; seat: string }[];
}

export interface SeatServer {
  chart?: Chart;
  /** The states of the seats that are not free, by label (as any session sees them). */
  states?: Record<string, SeatState>;
  /** The seats a session holds, by token. */
  held?: Record<string, string[]>;
  /** Minutes the sessions have left. */
  minutes?: number;
  /** A session that ran out (its extension is refused). */
  expired?: string[];
  /** A refusal of a hold, or undefined to hold. */
  hold?: (seats: string[], areas: AreaHold[]) => Response | undefined;
  /** The map cannot be had. */
  mapFails?: boolean;
}

const tokenGone = () =>
  HttpResponse.json(
    {
      success: false,
      error: 'Valideringsfejl',
      errors: { holdToken: ['Din reservation af pladser er udløbet. Vælg pladserne igen.'] },
    },
    { status: 422 },
  );

export const seatRefusal = (text: string, field = 'seats') =>
  HttpResponse.json(
    { success: false, error: 'Valideringsfejl', errors: { [field]: [text] } },
    { status: 422 },
  );

/** The seat calls of event `ev-1` (or any event), keeping what each session holds. */
export function serveSeats(given: SeatServer = {}): SeatCalls {
  const calls: SeatCalls = { tokens: 0, extended: [], maps: [], holds: [], releases: [] };
  const chart = given.chart ?? stadium();
  const held = new Map<string, Set<string>>(
    Object.entries(given.held ?? {}).map(([token, labels]) => [token, new Set(labels)]),
  );
  const expired = new Set(given.expired ?? []);
  const tokenOf = (token: string): HoldToken => ({
    holdToken: token,
    expiresAt: new Date(Date.now() + (given.minutes ?? 15) * 60_000).toISOString(),
    secondsLeft: (given.minutes ?? 15) * 60,
  });
  const holderOf = (label: string) =>
    [...held].find(([token, labels]) => !expired.has(token) && labels.has(label))?.[0];

  server.use(
    http.post('/public/seats/hold-tokens', () => {
      calls.tokens += 1;
      const token = calls.tokens === 1 ? HOLD_TOKEN : `hold-${calls.tokens}`;
      held.set(token, new Set());
      return HttpResponse.json({ success: true, result: tokenOf(token) });
    }),
    http.post('/public/seats/hold-tokens/:token', ({ params }) => {
      const token = String(params.token);
      calls.extended.push(token);
      if (expired.has(token)) return tokenGone();
      return HttpResponse.json({ success: true, result: tokenOf(token) });
    }),
    http.get('/public/events/:id/seats', ({ request }) => {
      const token = new URL(request.url).searchParams.get('holdToken');
      calls.maps.push(token);
      if (given.mapFails) {
        return HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
      }
      const states = chart.seats.map((each) => {
        const holder = holderOf(each.label);
        let state: SeatState = given.states?.[each.label] ?? 'free';
        if (holder) state = holder === token ? 'mine' : 'held';
        return { label: each.label, state };
      });
      return HttpResponse.json({ success: true, result: { chart, states } });
    }),
    http.post('/public/events/:id/hold-seats', async ({ request }) => {
      const body = (await request.json()) as HoldSeatsInput;
      calls.holds.push(body);
      if (expired.has(body.holdToken)) return tokenGone();
      const refusal = given.hold?.(body.seats, body.areas ?? []);
      if (refusal) return refusal;
      // An area's places: the first free ones, as the server takes them.
      const taken = [...body.seats];
      for (const area of body.areas ?? []) {
        const free = chart.seats
          .filter((each) => each.generalAdmission && each.section === area.section)
          .filter((each) => !holderOf(each.label) && !given.states?.[each.label])
          .slice(0, area.count)
          .map((each) => each.label);
        if (free.length < area.count) {
          return seatRefusal(
            free.length === 0
              ? `Der er ikke flere ledige pladser i ${area.section}`
              : `Der er kun ${free.length} ledige pladser i ${area.section}`,
            'areas',
          );
        }
        taken.push(...free);
      }
      const labels = held.get(body.holdToken) ?? new Set<string>();
      taken.forEach((label) => labels.add(label));
      held.set(body.holdToken, labels);
      return HttpResponse.json({
        success: true,
        result: { ...tokenOf(body.holdToken), seats: taken },
      });
    }),
    http.post('/public/events/:id/release-seat', async ({ request }) => {
      const body = (await request.json()) as { holdToken: string; seat: string };
      calls.releases.push(body);
      held.get(body.holdToken)?.delete(body.seat);
      return HttpResponse.json({ success: true });
    }),
  );
  return calls;
}
