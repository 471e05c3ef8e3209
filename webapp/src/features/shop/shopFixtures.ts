// Demo FC's web shop: two categories, a few products (a shirt with variants and add-ons, a sold-out
// scarf, a subscription, a seat-ticket at event ev-1 of the seat tests' stadium) and the shop and
// cart calls as msw handlers that keep the cart as the server does and record what the app sends.

import { http, HttpResponse } from 'msw';
import type { ClientModule, SessionUser } from '../../api/appApi';
import type { DeliveryMethod } from '../../api/generated/orders';
import type {
  Cart,
  CartLine,
  CheckoutInput,
  CheckoutIntent,
  CheckoutResult,
  CheckSeat,
  ConfirmedOrder,
  ShopCategory,
  ShopProduct,
  ShopProductSummary,
} from '../../api/generated/shop';
import { clubs, demoFc, modules, staffUser } from '../../test/fixtures';
import { server, sessionHandlers, type SessionScenario } from '../../test/server';

export const webshopModule: ClientModule = {
  id: 'm8',
  alias: 'webshop',
  name: 'Webshop',
  icon: 'pi pi-shop',
  url: '/shop',
  sorting: 80,
};

/** A visitor at Demo FC, which has the web shop. */
export const shopSession: SessionScenario = {
  client: demoFc,
  modules: [...modules, webshopModule],
};

/** A customer of Demo FC (no staff): the app stays in public mode after their login. */
export const customer: SessionUser = {
  ...staffUser,
  id: 'u-karen',
  firstname: 'Karen',
  lastname: 'Kunde',
  name: 'Karen Kunde',
  email: 'karen@kunde.test',
  phone: '87654321',
  role: 'customer',
  clients: [{ clientId: 'c1', role: 'customer', systemUser: false, accepted: true }],
};

/** Karen logged in at Demo FC's web shop. */
export const customerShopSession: SessionScenario = {
  ...shopSession,
  user: customer,
  clients: clubs.slice(0, 1),
  isFrontend: true,
};

export const ORDER_ID = '77777777-7777-4777-8777-777777777777';
export const ORDER_TOKEN = 'token-abc';

export const SHIRT_ID = '11111111-1111-4111-8111-111111111111';
export const SCARF_ID = '22222222-2222-4222-8222-222222222222';
export const MEMBERSHIP_ID = '33333333-3333-4333-8333-333333333333';
export const SEAT_ID = '44444444-4444-4444-8444-444444444444';
export const PRINT_ID = '55555555-5555-4555-8555-555555555555';
export const GIFT_WRAP_ID = '66666666-6666-4666-8666-666666666666';
export const SMALL_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
export const LARGE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
export const EVENT_ID = 'ev-1';

export const categories: ShopCategory[] = [
  { id: 'cat-merch', title: 'Merchandise', description: null, image: null },
  { id: 'cat-tickets', title: 'Billetter', description: null, image: null },
];

export function summary(extra: Partial<ShopProductSummary> = {}): ShopProductSummary {
  return {
    id: SHIRT_ID,
    title: 'Spillertrøje',
    type: 'product',
    categoryId: 'cat-merch',
    priceWithVat: 49900,
    fromPrice: true,
    originalPriceWithVat: null,
    image: '/webshop/pictures/shirt',
    subscription: false,
    soldOut: false,
    ...extra,
  };
}

export const summaries: ShopProductSummary[] = [
  summary(),
  summary({
    id: SCARF_ID,
    title: 'Halstørklæde',
    priceWithVat: 15000,
    fromPrice: false,
    originalPriceWithVat: 20000,
    image: null,
    soldOut: true,
  }),
  summary({
    id: SEAT_ID,
    title: 'Siddeplads',
    type: 'seat-ticket',
    categoryId: 'cat-tickets',
    priceWithVat: 15000,
    fromPrice: false,
    image: null,
  }),
];

export function product(extra: Partial<ShopProduct> = {}): ShopProduct {
  return {
    id: SHIRT_ID,
    title: 'Spillertrøje',
    type: 'product',
    categoryId: 'cat-merch',
    description: '<p>Sæsonens <strong>nye</strong> trøje</p><script>alert(1)</script>',
    image: '/webshop/pictures/shirt',
    priceWithVat: 49900,
    originalPriceWithVat: null,
    variants: [
      { id: SMALL_ID, title: 'Small', priceWithVat: 49900, soldOut: false },
      { id: LARGE_ID, title: 'Large', priceWithVat: 54900, soldOut: false },
    ],
    options: [
      {
        productId: PRINT_ID,
        variantId: null,
        title: 'Navn og nummer',
        priceWithVat: 10000,
        preSelected: true,
      },
      {
        productId: GIFT_WRAP_ID,
        variantId: null,
        title: 'Gaveindpakning',
        priceWithVat: 2500,
        preSelected: false,
      },
    ],
    subscription: null,
    seasonTicket: false,
    seasonId: null,
    seatEvents: [],
    seatCategories: [],
    soldOut: false,
    ...extra,
  };
}

export const membership = (extra: Partial<ShopProduct> = {}) =>
  product({
    id: MEMBERSHIP_ID,
    title: 'Medlemskab',
    description: null,
    image: null,
    priceWithVat: 10000,
    variants: [],
    options: [],
    subscription: { interval: 3, commitment: 12, feeWithVat: 10000, startFeeWithVat: 5000 },
    ...extra,
  });

/** A seat-ticket in the stadium's category A at event ev-1 (see shared/seats/seatFixtures). */
export const seatTicket = (extra: Partial<ShopProduct> = {}) =>
  product({
    id: SEAT_ID,
    title: 'Siddeplads',
    type: 'seat-ticket',
    categoryId: 'cat-tickets',
    description: null,
    image: null,
    priceWithVat: 15000,
    variants: [],
    options: [],
    seatEvents: [{ id: EVENT_ID, title: 'Derby', startDate: '2030-06-05T17:30:00Z' }],
    seatCategories: ['a'],
    ...extra,
  });

export function line(extra: Partial<CartLine> = {}): CartLine {
  return {
    id: 'line-1',
    productId: SHIRT_ID,
    variantId: LARGE_ID,
    title: 'Spillertrøje',
    variant: 'Large',
    image: '/webshop/pictures/shirt',
    product: {
      title: 'Spillertrøje 2026',
      shop: { title: 'Spillertrøje', image: '/webshop/pictures/shirt' },
    },
    type: 'product',
    amount: 2,
    price: 51920,
    priceWithVat: 64900,
    totalWithVat: 129800,
    options: [{ productId: PRINT_ID, title: 'Navn og nummer', price: 8000, priceWithVat: 10000 }],
    subscription: false,
    seat: null,
    seatEvent: null,
    seatEventId: null,
    section: null,
    row: null,
    seatNumber: null,
    color: null,
    seatHeld: false,
    ...extra,
  };
}

export const seatLine = (label: string, extra: Partial<CartLine> = {}) =>
  line({
    id: `line-${label}`,
    productId: SEAT_ID,
    variantId: null,
    title: 'Siddeplads',
    variant: null,
    image: null,
    type: 'seat-ticket',
    amount: 1,
    priceWithVat: 15000,
    totalWithVat: 15000,
    options: [],
    seat: label,
    seatEvent: 'Derby',
    seatEventId: EVENT_ID,
    section: 'Tribune Nord',
    row: label.split('-')[0] ?? null,
    seatNumber: label.split('-')[1] ?? null,
    color: '#1e88e5',
    seatHeld: true,
    ...extra,
  });

/** The cart with its totals as the server works them out (prices with 25 % VAT). */
export function cartOf(
  lines: CartLine[],
  holdToken: string | null = null,
  delivery: DeliveryMethod | null = null,
): Cart {
  const total = lines.reduce((sum, each) => sum + each.totalWithVat, 0);
  const vat = Math.round(total / 5);
  return {
    orderLines: lines,
    subtotal: total - vat,
    vat,
    total,
    holdToken,
    hasSubscription: lines.some((each) => each.subscription),
    delivery,
  };
}

/** What the app asked for, in turn. */
export interface ShopCalls {
  /** The categoryIds of each product list read (null: none sent). */
  productLists: (string | null)[];
  productReads: string[];
  cartReads: number;
  adds: URLSearchParams[];
  updates: URLSearchParams[];
  checkSeats: CheckSeat[];
  intents: CheckoutInput[];
  completes: { intentSecret: string | null; body: CheckoutInput }[];
  orderReads: { id: string; token: string | null }[];
  logins: unknown[];
}

export interface ShopServer {
  session?: SessionScenario;
  /** The products of a category list read, by the categoryIds sent. */
  products?: (categoryIds: string[]) => ShopProductSummary[];
  /** The product pages by id; a product not here is not in the shop (404). */
  pages?: ShopProduct[];
  /** The cart's lines to start with. */
  lines?: CartLine[];
  holdToken?: string | null;
  /** How the cart's products reach the buyer (default: nothing to deliver). */
  delivery?: DeliveryMethod | null;
  /** A refusal of an add, or undefined to add. */
  add?: (params: URLSearchParams) => Response | undefined;
  /** A refusal of an update, or undefined to update. */
  update?: (params: URLSearchParams) => Response | undefined;
  /** create-intent's answer (a refusal, or the totals); default: the cart's totals. */
  intent?: (input: CheckoutInput, cart: Cart) => Response | Partial<CheckoutIntent> | undefined;
  /** checkout/complete's answer (a refusal, or how to pay); default: nothing to pay. */
  complete?: (
    input: CheckoutInput,
    intentSecret: string | null,
  ) => Response | Partial<CheckoutResult> | undefined;
  /** The confirmed order's answers, in turn (the last one repeats). */
  orders?: (ConfirmedOrder | (() => Response))[];
  /** A refusal of a login, or undefined to log in. */
  login?: (body: unknown) => Response | undefined;
  /** Who is logged in after a login, and the cart the server then joined. */
  afterLogin?: { session: SessionScenario; lines?: CartLine[] };
}

/** A completed shop order as its confirmation page reads it: paid by Visa, two lines. */
export function confirmedOrder(extra: Partial<ConfirmedOrder> = {}): ConfirmedOrder {
  return {
    id: ORDER_ID,
    number: 1042,
    status: 'confirmed',
    accountCreated: false,
    firstname: 'Anna',
    lastname: 'Berg',
    email: 'anna@example.dk',
    phone: '12345678',
    description: 'Levering til <em>kontoret</em><script>alert(1)</script>',
    cardType: 'visa',
    cardNumber: '4242',
    expMonth: 4,
    expYear: 2030,
    lines: [
      {
        title: 'Spillertrøje',
        variant: 'Large',
        amount: 2,
        priceWithVat: 64900,
        totalWithVat: 129800,
        options: [
          { productId: PRINT_ID, title: 'Navn og nummer', price: 8000, priceWithVat: 10000 },
        ],
        seat: null,
        seatEvent: null,
        section: null,
        row: null,
        seatNumber: null,
      },
      {
        title: 'Siddeplads',
        variant: null,
        amount: 1,
        priceWithVat: 15000,
        totalWithVat: 15000,
        options: [],
        seat: 'N1-3',
        seatEvent: 'Derby',
        section: 'Tribune Nord',
        row: 'N1',
        seatNumber: '3',
      },
    ],
    subtotal: 115840,
    discount: 0,
    additionalFee: 0,
    vat: 28960,
    total: 144800,
    confirmationMessage: '<p>Vi glæder os til at se dig på <strong>stadion</strong>.</p>',
    delivery: null,
    ...extra,
  };
}

export const fieldRefusal = (field: string, text: string) =>
  HttpResponse.json(
    { success: false, error: 'Valideringsfejl', errors: { [field]: [text] } },
    { status: 422 },
  );

/** The line an add makes of the product page's product, priced as the server prices it. */
function addedLine(page: ShopProduct, params: URLSearchParams, number: number): CartLine {
  const variant = page.variants.find((each) => each.id === params.get('variantId'));
  const optionIds = (params.get('options') ?? '').split(',').filter(Boolean);
  const options = page.options.filter((option) => optionIds.includes(option.productId));
  const unit =
    (variant?.priceWithVat ?? page.priceWithVat) +
    options.reduce((sum, option) => sum + option.priceWithVat, 0);
  const amount = Number(params.get('amount') ?? '1');
  const seat = params.get('seat');
  const base = seat ? seatLine(seat) : line();
  return {
    ...base,
    id: `added-${number}`,
    productId: page.id,
    variantId: variant?.id ?? null,
    title: page.title,
    variant: variant?.title ?? null,
    image: page.image,
    type: page.type,
    amount,
    priceWithVat: unit,
    totalWithVat: unit * amount,
    options: options.map((option) => ({
      productId: option.productId,
      title: option.title,
      price: Math.round(option.priceWithVat * 0.8),
      priceWithVat: option.priceWithVat,
    })),
    subscription: page.subscription !== null,
  };
}

/** The session and the shop's calls, keeping the cart and recording what the app sends. */
export function serveShop(given: ShopServer = {}): ShopCalls {
  const calls: ShopCalls = {
    productLists: [],
    productReads: [],
    cartReads: 0,
    adds: [],
    updates: [],
    checkSeats: [],
    intents: [],
    completes: [],
    orderReads: [],
    logins: [],
  };
  let session = given.session ?? shopSession;
  let lines = [...(given.lines ?? [])];
  let holdToken = given.holdToken ?? null;
  const pages = given.pages ?? [product(), membership(), seatTicket()];
  const delivery = given.delivery ?? null;
  const cart = () =>
    HttpResponse.json({ success: true, result: cartOf(lines, holdToken, delivery) });
  server.use(
    ...sessionHandlers(() => session),
    http.get('/webshop/categories', () => HttpResponse.json({ success: true, result: categories })),
    http.get('/webshop/products', ({ request }) => {
      const sent = new URL(request.url).searchParams.get('categoryIds');
      calls.productLists.push(sent);
      const ids = (sent ?? '').split(',').filter(Boolean);
      const result = given.products
        ? given.products(ids)
        : summaries.filter((each) => ids.length === 0 || ids.includes(each.categoryId ?? ''));
      return HttpResponse.json({ success: true, result });
    }),
    http.get('/webshop/product/:id', ({ params }) => {
      calls.productReads.push(String(params.id));
      const page = pages.find((each) => each.id === params.id);
      return page
        ? HttpResponse.json({ success: true, result: page })
        : HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
    }),
    http.get('/public/orders/webshop/cart', () => {
      calls.cartReads += 1;
      return cart();
    }),
    http.post('/public/orders/webshop/cart/add', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.adds.push(params);
      const refusal = given.add?.(params);
      if (refusal) return refusal;
      const page = pages.find((each) => each.id === params.get('productId'));
      if (!page) return fieldRefusal('productId', 'Produktet findes ikke i shoppen');
      lines = [...lines, addedLine(page, params, calls.adds.length)];
      holdToken = holdToken ?? params.get('holdToken');
      return cart();
    }),
    http.post('/public/orders/webshop/cart/update', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.updates.push(params);
      const refusal = given.update?.(params);
      if (refusal) return refusal;
      const amount = Number(params.get('amount'));
      lines =
        amount === 0
          ? lines.filter((each) => each.id !== params.get('id'))
          : lines.map((each) =>
              each.id === params.get('id')
                ? { ...each, amount, totalWithVat: each.priceWithVat * amount }
                : each,
            );
      return cart();
    }),
    http.post('/webshop/cart/check-seat', async ({ request }) => {
      calls.checkSeats.push((await request.json()) as CheckSeat);
      return cart();
    }),
    http.post('/webshop/create-intent', async ({ request }) => {
      const input = (await request.json()) as CheckoutInput;
      calls.intents.push(input);
      const current = cartOf(lines, holdToken, delivery);
      const answer = given.intent?.(input, current);
      if (answer instanceof Response) return answer;
      const intent: CheckoutIntent = {
        intentSecret: `key-${calls.intents.length}`,
        subtotal: current.subtotal,
        discount: 0,
        vat: current.vat,
        total: current.total,
        ...answer,
      };
      return HttpResponse.json({ success: true, result: intent });
    }),
    http.post('/webshop/checkout/complete', async ({ request }) => {
      const intentSecret = new URL(request.url).searchParams.get('intentSecret');
      const body = (await request.json()) as CheckoutInput;
      calls.completes.push({ intentSecret, body });
      const answer = given.complete?.(body, intentSecret);
      if (answer instanceof Response) return answer;
      // The cart became the order: the buyer's next cart is a new, empty one.
      lines = [];
      holdToken = null;
      const result: CheckoutResult = {
        orderId: ORDER_ID,
        token: ORDER_TOKEN,
        clientSecret: null,
        publishableKey: null,
        paymentForm: null,
        ...answer,
      };
      return HttpResponse.json({ success: true, result });
    }),
    http.get('/webshop/order/:id', ({ params, request }) => {
      const token = new URL(request.url).searchParams.get('token');
      calls.orderReads.push({ id: String(params.id), token });
      const answers = given.orders ?? [confirmedOrder()];
      const answer = answers[Math.min(calls.orderReads.length, answers.length) - 1];
      if (!answer) {
        return HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
      }
      return typeof answer === 'function'
        ? answer()
        : HttpResponse.json({ success: true, result: answer });
    }),
    http.post('/api/login', async ({ request }) => {
      const body = await request.json();
      calls.logins.push(body);
      const refusal = given.login?.(body);
      if (refusal) return refusal;
      session = given.afterLogin?.session ?? customerShopSession;
      if (given.afterLogin?.lines) lines = [...given.afterLogin.lines];
      return HttpResponse.json({ success: true, data: session.user });
    }),
  );
  return calls;
}
