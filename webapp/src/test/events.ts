// Demo data shaped like the events calls, and the calls the events screens make, for the unit tests
// of the event's areas (its editor, door, invitations, table plan and point of sale).

import { http, HttpResponse } from 'msw';
import type { Chart } from '../api/generated/seats';
import { stadium } from '../shared/seats/seatFixtures';
import type { SessionScenario } from './server';
import { demoFcWithExtraInfo, staffAtDemoFc, staffSession } from './staffSession';
import { emptyEventContent, noTypeRelations } from '../features/events/eventSchema';
import type {
  EventDto,
  EventRow,
  EventTicketProduct,
  EventTypeDto,
  SeatChartChoice,
  SeatOverview,
} from '../shared/events/types';

/** Staff of Demo FC (with the events module), whose settings name sponsor types and templates. */
export const staffWithEvents: SessionScenario = {
  ...staffAtDemoFc,
  client: {
    ...demoFcWithExtraInfo,
    settings: {
      ...demoFcWithExtraInfo.settings,
      events: {
        sponsorTypes: ['Hovedsponsor', 'Partner'],
        emailTemplates: [{ name: 'Guld', template: '<p>Kære gæst</p>' }],
        smsTemplates: [{ name: 'Kort', template: 'Husk {{event}}' }],
        ticketTemplates: [{ name: 'VIP-billet', template: '<p>VIP</p>' }],
      },
    },
  },
};

export function ticketProduct(extra: Partial<EventTicketProduct> = {}): EventTicketProduct {
  return {
    id: 'tp-1',
    productId: 'p-ticket',
    product: { id: 'p-ticket', title: 'Voksenbillet', type: 'ticket', price: 25_000 },
    title: 'Voksen',
    price: 25_000,
    releaseReservedAt: null,
    maxAmount: 100,
    maxCompanyAmount: null,
    nameRequired: false,
    public: true,
    disableAdditionalTickets: false,
    publicPrice: null,
    makePublicAt: null,
    altStartDate: null,
    ticketDescription: null,
    ...extra,
  };
}

/** A saved event of Demo FC: the derby, 5 December 2026 19:30 in Copenhagen. */
export function savedEvent(extra: Partial<EventDto> = {}): EventDto {
  return {
    ...emptyEventContent({ name: 'Demo FC', email: 'info@demofc.test' }),
    id: 'e-1',
    typeId: 't-1',
    parentId: null,
    version: 4,
    title: 'Derby',
    url: 'derby',
    location: 'Stadion',
    description: '<p>Sæsonens største kamp</p>',
    startDate: '2026-12-05T18:30:00Z',
    endDate: '2026-12-05T21:00:00Z',
    signUpStart: '2026-11-01T08:00:00Z',
    signUpDeadline: '2026-12-04T22:00:00Z',
    subEvents: [{ id: 'e-2', title: 'VIP-frokost', startDate: '2026-12-05T16:00:00Z' }],
    cancelledAt: null,
    ...extra,
  };
}

/** The 'Kamp' type: a template with tickets, a location and a sender of its own. */
export function matchType(extra: Partial<EventTypeDto> = {}): EventTypeDto {
  return {
    ...emptyEventContent({ name: 'Billetkontoret', email: 'billet@demofc.test' }),
    id: 't-1',
    relations: noTypeRelations(),
    events: [],
    version: 2,
    title: 'Kamp',
    location: 'Stadion',
    hasTickets: true,
    tickets: {
      controlType: 'Scan',
      template: 'VIP-billet',
      ticketLogo: null,
      ticketPicture: null,
      products: [ticketProduct()],
    },
    ...extra,
  };
}

export function eventRow(extra: Partial<EventRow> = {}): EventRow {
  return {
    Id: 'e-1',
    Title: 'Derby',
    Type: 'Kamp',
    Location: 'Stadion',
    StartDate: '2026-12-05T18:30:00Z',
    EndDate: '2026-12-05T21:00:00Z',
    SignUpDeadline: '2026-12-04T22:00:00Z',
    Promote: true,
    HasTickets: true,
    HasSeating: false,
    Private: false,
    Url: 'derby',
    Cancelled: false,
    children: [],
    ...extra,
  };
}

/** The start-up calls for staff with events, plus the side calls of the event editor. */
export function eventsSession(scenario: SessionScenario = staffWithEvents) {
  return [
    ...staffSession(scenario),
    http.get('/api/events/types', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 't-1', title: 'Kamp' },
          { id: 't-2', title: 'Netværk' },
        ],
      }),
    ),
  ];
}

/** The club's seat charts: 'Stadion' (key 'stadion') and 'Arena'. */
export function seatCharts(): SeatChartChoice[] {
  return [
    { id: 'chart-1', key: 'stadion', name: 'Stadion', seats: 12 },
    { id: 'chart-2', key: 'arena', name: 'Arena', seats: 400 },
  ];
}

/** The derby seated on 'Stadion', with the seat engine's event id. */
export function seatedEvent(extra: Partial<EventDto> = {}): EventDto {
  return savedEvent({
    hasSeating: true,
    seating: { chartId: 'stadion', name: 'Stadion', eventId: 'seat-event-1' },
    ...extra,
  });
}

/** 'Stadion' in two stands: row N1 in Tribune Nord, row N2 in Tribune Syd (six seats each). */
function twoStands(): Chart {
  const chart = stadium();
  return {
    ...chart,
    seats: chart.seats.map((seat) =>
      seat.row === 'N2' ? { ...seat, section: 'Tribune Syd' } : seat,
    ),
  };
}

/**
 * The derby's seats: N1-1 sold on order #1042, N1-2 in someone's basket, N2-1 a season ticket of
 * Karen Kunde, N2-2 released by Ole Olsen for this match, N2-3 kept for Bageriet's channel.
 */
export function seatOverview(): SeatOverview {
  const chart = twoStands();
  const marked: Record<string, Omit<SeatOverview['states'][number], 'label'>> = {
    'N1-1': { state: 'booked', note: '#1042' },
    'N1-2': { state: 'held' },
    'N2-1': { state: 'reserved', note: 'Karen Kunde' },
    'N2-2': { state: 'released', note: 'Ole Olsen' },
    'N2-3': { state: 'channel', note: 'Bageriet' },
  };
  return {
    chart,
    states: chart.seats.map((seat) => ({
      label: seat.label,
      ...(marked[seat.label] ?? { state: 'free' }),
    })),
    sections: [
      {
        section: 'Tribune Nord',
        seats: 6,
        booked: 1,
        held: 1,
        reserved: 0,
        released: 0,
        channel: 0,
        free: 4,
      },
      {
        section: 'Tribune Syd',
        seats: 6,
        booked: 0,
        held: 0,
        reserved: 1,
        released: 1,
        channel: 1,
        free: 3,
      },
    ],
  };
}

/**
 * The seat calls of the event editor: the charts, and e-1's overview (`overview` is read on every
 * call). Returns how often the overview was read.
 */
export function serveSeating(overview: () => SeatOverview = seatOverview) {
  const reads = { count: 0 };
  return {
    reads,
    handlers: [
      http.get('/api/seats/charts', () =>
        HttpResponse.json({ success: true, result: seatCharts() }),
      ),
      http.get('/api/seats/events/e-1', () => {
        reads.count += 1;
        return HttpResponse.json({ success: true, result: overview() });
      }),
    ],
  };
}
