// Two matches on the small 'Stadion' chart, the staff's events list and the seat-ticket products
// per category as msw handlers: for the seating dialog's tests.

import { http, HttpResponse } from 'msw';
import type { EventSeat, SeatOverview } from '../../api/generated/seats';
import { server } from '../../test/server';
import { stadium } from '../seats/seatFixtures';
import type { SeatingEventRow, SeatProduct } from './seatingApi';

function eventRow(extra: Partial<SeatingEventRow>): SeatingEventRow {
  return {
    Id: 'ev',
    Title: 'Arrangement',
    Type: 'Kamp',
    Location: 'Stadion',
    StartDate: '2099-04-12T13:00:00Z',
    EndDate: '',
    SignUpDeadline: '',
    Promote: false,
    HasTickets: true,
    Private: false,
    Url: '',
    HasSeating: true,
    Cancelled: false,
    ...extra,
  };
}

/** 'Ligakamp' (ev-1, 12-04-2099 15:00) and 'Pokalkamp' (ev-2, 01-05-2099 19:00). */
export const LEAGUE = { id: 'ev-1', title: 'Ligakamp', option: 'Ligakamp – 12-04-2099 15:00' };
export const CUP = { id: 'ev-2', title: 'Pokalkamp', option: 'Pokalkamp – 01-05-2099 19:00' };

/** The list also holds a played match and a gala without seating, which are not offered. */
export const EVENT_ROWS: SeatingEventRow[] = [
  eventRow({ Id: CUP.id, Title: CUP.title, StartDate: '2099-05-01T17:00:00Z' }),
  eventRow({ Id: LEAGUE.id, Title: LEAGUE.title, StartDate: '2099-04-12T13:00:00Z' }),
  eventRow({ Id: 'ev-gala', Title: 'Gallafest', HasSeating: false }),
  eventRow({ Id: 'ev-old', Title: 'Gammel kamp', StartDate: '2020-04-12T13:00:00Z' }),
];

/** Category A: one product; category B: two. */
export const SEAT_PRODUCTS: Record<string, SeatProduct[]> = {
  a: [
    {
      id: 'p-a',
      title: 'Pladsbillet A',
      sku: null,
      price: 20_000,
      prePayment: false,
      vatExempt: false,
    },
  ],
  b: [
    {
      id: 'p-voksen',
      title: 'Voksen B',
      sku: null,
      price: 15_000,
      prePayment: false,
      vatExempt: false,
    },
    { id: 'p-barn', title: 'Barn B', sku: null, price: 7_500, prePayment: false, vatExempt: false },
  ],
};

export interface SeatingServer {
  /** The seats that are not free, per event id. */
  states?: Record<string, EventSeat[]>;
  products?: Record<string, SeatProduct[]>;
}

/** What the dialog asked for. */
export interface SeatingCalls {
  maps: string[];
  products: { chartId: string | null; category: string | null }[];
}

/** The calls of the seating dialog; an event other than ev-1 and ev-2 has no chart (404). */
export function serveSeating({
  states = {},
  products = SEAT_PRODUCTS,
}: SeatingServer = {}): SeatingCalls {
  const calls: SeatingCalls = { maps: [], products: [] };
  const chart = stadium();
  server.use(
    http.post('/api/events/v2', () =>
      HttpResponse.json({ success: true, Result: EVENT_ROWS, TotalPages: 1, Total: 4 }),
    ),
    http.get('/api/seats/events/:id', ({ params }) => {
      const id = String(params.id);
      calls.maps.push(id);
      if (id !== LEAGUE.id && id !== CUP.id) {
        return HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
      }
      const marked = new Map((states[id] ?? []).map((seat) => [seat.label, seat]));
      const overview: SeatOverview = {
        chart,
        states: chart.seats.map(
          (seat) => marked.get(seat.label) ?? { label: seat.label, state: 'free' },
        ),
        sections: [],
      };
      return HttpResponse.json({ success: true, result: overview });
    }),
    http.get('/api/seats/products', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const category = params.get('category');
      calls.products.push({ chartId: params.get('chartId'), category });
      return HttpResponse.json({ success: true, result: products[category ?? ''] ?? [] });
    }),
  );
  return calls;
}
