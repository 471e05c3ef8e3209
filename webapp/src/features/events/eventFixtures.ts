// Demo data shaped like the events calls, and the calls the events screens make, for the unit tests
// of this feature.

import { http, HttpResponse } from 'msw';
import type { SessionScenario } from '../../test/server';
import { demoFcWithExtraInfo, staffAtDemoFc, staffSession } from '../../test/staffSession';
import { emptyEventContent } from './eventSchema';
import type { EventDto, EventRow, EventTicketProduct, EventTypeDto } from './types';

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
    ...extra,
  };
}

/** The 'Kamp' type: a template with tickets, a location and a sender of its own. */
export function matchType(extra: Partial<EventTypeDto> = {}): EventTypeDto {
  return {
    ...emptyEventContent({ name: 'Billetkontoret', email: 'billet@demofc.test' }),
    id: 't-1',
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
    Private: false,
    Url: 'derby',
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
