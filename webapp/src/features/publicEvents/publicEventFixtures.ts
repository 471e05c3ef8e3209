// The public event 'Derby' of Demo FC, its products and orders, and the booking calls as msw
// handlers that record what the page sends: for the tests of the public event page.

import { http, HttpResponse } from 'msw';
import type { SessionUser } from '../../api/appApi';
import type {
  BookingInput,
  PricedLine,
  PublicEvent,
  PublicOrder,
  PublicOrderPayment,
  PublicProduct,
} from '../../api/generated/booking';
import type { PublicInvite } from '../../api/generated/events';
import type { PaymentStart } from '../../api/generated/payments';
import type { SeasonalTicket } from '../../api/generated/seats';
import { clubs, demoFc, modules, staffUser } from '../../test/fixtures';
import { server, sessionHandlers, type SessionScenario } from '../../test/server';

export const EVENT_ID = 'ev-1';
export const ORDER_ID = 'o-1';
export const TOKEN = 'tok-1';

export function derby(extra: Partial<PublicEvent> = {}): PublicEvent {
  return {
    id: EVENT_ID,
    title: 'Derby',
    url: 'derby',
    location: 'Stadion',
    startDate: '2030-06-05T17:30:00Z',
    endDate: '2030-06-05T20:00:00Z',
    description: '<p>Sæsonens <strong>største</strong> kamp</p>',
    ticketDescription: '<p>Billetter sælges efter først til mølle.</p>',
    terms: '<p>Ingen refusion.</p>',
    bannerPicture: '/public/events/pictures/b-1',
    bannerBottom: null,
    signUpStart: '2030-05-01T08:00:00Z',
    signUpPublic: '2030-05-10T08:00:00Z',
    signUpDeadline: '2030-06-04T20:00:00Z',
    signUp: 'open',
    cancelled: false,
    businessOnly: false,
    private: false,
    hasTickets: true,
    extraInfo: [],
    sponsors: [],
    participants: null,
    customers: [],
    guestsAllowed: true,
    user: null,
    clubEmail: 'info@demofc.test',
    provider: 'stripe',
    vatDisabled: false,
    ...extra,
  };
}

export function product(extra: Partial<PublicProduct> = {}): PublicProduct {
  return {
    productId: 'p-1',
    catalogueProductId: 'cp-1',
    title: 'Voksen',
    description: 'Siddeplads på langsiden',
    price: 15000,
    available: null,
    purchased: 0,
    maxAmount: null,
    allowance: 0,
    type: 'ticket',
    isTicket: true,
    seasonal: false,
    inContract: false,
    nameRequired: false,
    seatCategories: [],
    options: [],
    extraInfo: [],
    ...extra,
  };
}

/** A seat-ticket in the stadium's category A (see shared/seats/seatFixtures). */
export const seatProduct = (extra: Partial<PublicProduct> = {}) =>
  product({
    productId: 'p-seat',
    catalogueProductId: 'cp-seat',
    title: 'Siddeplads',
    description: null,
    type: 'seat-ticket',
    seatCategories: [{ key: 'a', label: 'Kategori A', color: '#1e88e5', accessible: false }],
    ...extra,
  });

export const freeProduct = (extra: Partial<PublicProduct> = {}) =>
  product({ productId: 'p-free', title: 'Tilmelding', description: null, price: 0, ...extra });

export function order(extra: Partial<PublicOrder> = {}): PublicOrder {
  return {
    id: ORDER_ID,
    orderNumber: 1042,
    status: 'approved',
    accountCreated: false,
    subtotal: 24000,
    vat: 6000,
    total: 30000,
    firstname: 'Anna',
    lastname: 'Berg',
    email: 'anna@example.dk',
    phone: '12345678',
    orderLines: [
      {
        id: 'ol-1',
        title: 'Voksen',
        amount: 2,
        price: 15000,
        total: 30000,
        options: [],
        extraInfo: [],
      },
    ],
    tickets: [
      {
        ticketId: 'ABCDEF123456',
        number: 7,
        product: 'Voksen',
        name: 'Anna Berg',
        section: null,
        row: null,
        seatNumber: null,
        download: '/public/events/ticket/ABCDEF123456',
      },
      {
        ticketId: 'GHIJKL123456',
        number: 8,
        product: 'Voksen',
        name: null,
        section: 'A',
        row: '3',
        seatNumber: '12',
        download: '/public/events/ticket/GHIJKL123456',
      },
    ],
    ...extra,
  };
}

export function payment(extra: Partial<PublicOrderPayment> = {}): PublicOrderPayment {
  return { provider: 'stripe', payable: false, lastError: null, expires: null, ...extra };
}

export const stripeStart: PaymentStart = {
  kind: 'stripe',
  clientSecret: 'pi_123_secret_abc',
  publishableKey: 'pk_test_tribune',
};

/** Karen's season ticket in section A, row 3, seat 12: not answered yet. */
export function seasonalTicket(extra: Partial<SeasonalTicket> = {}): SeasonalTicket {
  return {
    id: 'st-1',
    product: 'Sæsonkort',
    name: 'Karen Kunde',
    section: 'A',
    row: '3',
    seatNumber: '12',
    attending: null,
    ...extra,
  };
}

/** Karen Kunde of Bageriet, invited to the derby with 2 × Middag (none left of her Voksen). */
export function publicInvite(extra: Partial<PublicInvite> = {}): PublicInvite {
  return {
    eventId: EVENT_ID,
    eventUrl: 'derby',
    eventTitle: 'Derby',
    firstname: 'Karen',
    lastname: 'Kunde',
    email: 'karen@bageriet.dk',
    phone: null,
    companyId: 'co-1',
    companyName: 'Bageriet ApS',
    products: [
      { productId: 'cp-dinner', title: 'Middag', amount: 2, left: 2 },
      { productId: 'cp-1', title: 'Voksen', amount: 1, left: 0 },
    ],
    usedUp: false,
    ...extra,
  };
}

/** A customer of Demo FC: signed in, in public mode. */
export const customerUser: SessionUser = {
  ...staffUser,
  id: 'u-kunde',
  firstname: 'Karen',
  lastname: 'Kunde',
  name: 'Karen Kunde',
  email: 'kunde@tribune.test',
  role: 'customer',
  clients: [{ clientId: 'c1', role: 'customer', systemUser: false, accepted: true }],
};

export const visitorSession: SessionScenario = { client: demoFc, modules };

export const customerSession: SessionScenario = {
  user: customerUser,
  clients: clubs.slice(0, 1),
  client: { ...demoFc, isFrontend: true },
  modules,
  isFrontend: true,
};

const refusal = (message: string, errors: Record<string, string[]> = {}) =>
  HttpResponse.json({ success: false, error: message, errors }, { status: 422 });

/** What the page asked for, in turn. */
export interface BookingCalls {
  products: BookingInput[];
  validations: BookingInput[];
  intents: BookingInput[];
  books: { intentSecret: string | null; body: BookingInput }[];
  orders: { token: string | null }[];
  pays: { token: string | null }[];
  accepts: { token: string | null; body: unknown }[];
  /** How often the season tickets were read. */
  seasonalTicketReads: number;
  /** The invitations read, by token. */
  inviteReads: string[];
  seasonalAnswers: { ticketId: string; attending: string | null; body: unknown }[];
}

/** The server's answers; each may be a function of the call. */
export interface BookingServer {
  session?: SessionScenario;
  event?: PublicEvent | null;
  /** By the customer's key ('none' for a guest). */
  products?: (body: BookingInput) => PublicProduct[];
  validate?: (body: BookingInput) => Response | undefined;
  intent?: (body: BookingInput) => Response | undefined;
  book?: (body: BookingInput) => Response | undefined;
  /** The GET answers in turn; the last one repeats. */
  orders?: { order: PublicOrder; payment: PublicOrderPayment }[];
  pay?: () => Response;
  accept?: () => { order: PublicOrder; payment: PublicOrderPayment };
  /** The holder's season tickets at the event; an answer is kept, as the server keeps it. */
  seasonalTickets?: SeasonalTicket[];
  /** Answers an answer instead (e.g. a refusal); undefined: accepted. */
  answerSeasonalTicket?: (ticketId: string, attending: boolean) => Response | undefined;
  /** The invitation of a token; none: 'Invitationen findes ikke eller er slettet.' (404). */
  invite?: (token: string) => PublicInvite | null;
}

/** Prices the lines as the server does: each at its product's price, no allowances. */
export function pricedLines(body: BookingInput, products: PublicProduct[]): PricedLine[] {
  return body.products.flatMap((line) => {
    const offered = products.find((candidate) => candidate.productId === line.productId);
    if (!offered) return [];
    // The add-ons chosen, as the server prices them: on every ticket, the free ones too.
    const options = offered.options
      .filter((option) => (line.options ?? []).some((o) => o.productId === option.productId))
      .map((option) => ({ productId: option.productId, title: option.title, price: option.price }));
    const addOns = options.reduce((sum, option) => sum + option.price, 0);
    return [
      {
        productId: offered.productId,
        title: offered.title,
        amount: line.amount,
        free: Math.min(offered.allowance, line.amount),
        price: offered.price,
        options,
        total: offered.price * Math.max(0, line.amount - offered.allowance) + addOns * line.amount,
        // The seat as sent, as the server's hold session would hold it.
        seat: line.seat
          ? {
              label: line.seat,
              section: line.section ?? '',
              row: line.row ?? '',
              number: line.seatNumber ?? '',
            }
          : null,
      },
    ];
  });
}

const keyOf = (body: BookingInput) => body.companyId ?? body.contactId ?? 'none';

/** The session, the event page and the booking calls, recording what the page sends. */
export function serveBooking(given: BookingServer = {}): BookingCalls {
  const calls: BookingCalls = {
    products: [],
    validations: [],
    intents: [],
    books: [],
    orders: [],
    pays: [],
    accepts: [],
    seasonalTicketReads: 0,
    seasonalAnswers: [],
    inviteReads: [],
  };
  const seasonalTickets = (given.seasonalTickets ?? []).map((ticket) => ({ ...ticket }));
  const products = given.products ?? (() => [product()]);
  const orders = given.orders ?? [{ order: order(), payment: payment() }];
  const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token');
  server.use(
    ...sessionHandlers(given.session ?? visitorSession),
    http.get('/public/events/invites/:token', ({ params }) => {
      const token = String(params.token);
      calls.inviteReads.push(token);
      const invite = given.invite?.(token) ?? null;
      return invite
        ? HttpResponse.json({ success: true, result: invite })
        : HttpResponse.json(
            { success: false, error: 'Invitationen findes ikke eller er slettet.' },
            { status: 404 },
          );
    }),
    http.get('/public/events/:url', ({ params }) => {
      const event = given.event === undefined ? derby() : given.event;
      if (!event || params.url !== event.url) {
        return HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
      }
      return HttpResponse.json({ success: true, result: event });
    }),
    http.get('/public/events/:id/seasonal-tickets', () => {
      calls.seasonalTicketReads += 1;
      return HttpResponse.json({ success: true, result: seasonalTickets });
    }),
    http.post('/public/events/:id/seasonal-tickets/:ticketId', async ({ params, request }) => {
      const ticketId = String(params.ticketId);
      const attending = new URL(request.url).searchParams.get('attending');
      calls.seasonalAnswers.push({ ticketId, attending, body: await request.json() });
      const refused = given.answerSeasonalTicket?.(ticketId, attending === 'true');
      if (refused) return refused;
      const ticket = seasonalTickets.find((each) => each.id === ticketId);
      if (ticket) ticket.attending = attending === 'true';
      return HttpResponse.json({ success: true });
    }),
    http.post('/public/events/:id/products', async ({ request }) => {
      const body = (await request.json()) as BookingInput;
      calls.products.push(body);
      const offered = products(body);
      return HttpResponse.json({
        success: true,
        result: { [keyOf(body)]: offered },
        data: { bookingProducts: pricedLines(body, offered) },
      });
    }),
    http.post('/public/events/validate-contact', async ({ request }) => {
      const body = (await request.json()) as BookingInput;
      calls.validations.push(body);
      return given.validate?.(body) ?? HttpResponse.json({ success: true });
    }),
    http.post('/public/events/create-intent', async ({ request }) => {
      const body = (await request.json()) as BookingInput;
      calls.intents.push(body);
      const answer = given.intent?.(body);
      if (answer) return answer;
      const lines = pricedLines(body, products(body));
      // Prices include VAT (20 % of the total): Subtotal + Moms = Total.
      const total = lines.reduce((sum, line) => sum + line.total, 0);
      const vat = Math.round(total * 0.2);
      return HttpResponse.json({
        success: true,
        result: {
          intentSecret: `intent-${calls.intents.length}`,
          booking: { bookingProducts: lines, subtotal: total - vat, discount: 0, vat, total },
        },
      });
    }),
    http.post('/public/events/book', async ({ request }) => {
      const body = (await request.json()) as BookingInput;
      calls.books.push({
        intentSecret: new URL(request.url).searchParams.get('intentSecret'),
        body,
      });
      return (
        given.book?.(body) ??
        HttpResponse.json({
          success: true,
          result: null,
          data: { orderId: ORDER_ID, token: TOKEN, expires: null },
        })
      );
    }),
    http.get('/public/events/:id/order/:orderId', ({ request }) => {
      calls.orders.push({ token: tokenOf(request) });
      if (tokenOf(request) !== TOKEN) {
        return HttpResponse.json({ success: false, error: 'Forkert link' }, { status: 403 });
      }
      const answer = orders[Math.min(calls.orders.length - 1, orders.length - 1)];
      return HttpResponse.json({ success: true, result: answer?.order, data: answer?.payment });
    }),
    http.post('/public/events/:id/order/:orderId/pay', ({ request }) => {
      calls.pays.push({ token: tokenOf(request) });
      return given.pay?.() ?? HttpResponse.json({ success: true, result: stripeStart });
    }),
    http.post('/public/events/:id/order/:orderId/accept-payment', async ({ request }) => {
      calls.accepts.push({ token: tokenOf(request), body: await request.json() });
      const answer = given.accept?.() ?? orders[orders.length - 1];
      return HttpResponse.json({ success: true, result: answer?.order, data: answer?.payment });
    }),
  );
  return calls;
}

export { refusal };
