import { describe, expect, it } from 'vitest';
import type { BookingInput, PricedBooking } from '../../api/generated/booking';
import {
  invitedLines,
  mergedPricedLines,
  maxMore,
  placeErrors,
  sentLines,
  withFreeShown,
} from './bookingRules';
import { product, publicInvite, seatProduct } from './publicEventFixtures';

const seat = (label: string) => ({
  label,
  section: 'Tribune Nord',
  row: label.split('-')[0] ?? '',
  seatNumber: label.split('-')[1] ?? '',
  color: '#1e88e5',
  categoryKey: 'a',
});

describe('how many more of a product may be taken', () => {
  it('is unlimited without places or a maximum', () => {
    expect(maxMore(product())).toBeNull();
  });

  it('is the places left less what the booking holds', () => {
    expect(maxMore(product({ available: 5 }), 2)).toBe(3);
    expect(maxMore(product({ available: 1 }), 2)).toBe(0);
  });

  it("is capped by the buyer's maximum less what they bought", () => {
    expect(maxMore(product({ available: 10, maxAmount: 4, purchased: 1 }))).toBe(3);
    expect(maxMore(product({ available: null, maxAmount: 4, purchased: 4 }))).toBe(0);
  });
});

describe("the server's refusals on the wizard's steps", () => {
  const sent = [
    { productId: 'p-1', amount: 2, names: [] },
    { productId: 'p-2', amount: 1, names: [''] },
  ];

  it("puts a line's errors on its product in step 1", () => {
    expect(
      placeErrors(
        {
          'products.1.amount': ['Der er kun 0 tilgængelige pladser'],
          'products.1.names': ['Navn på billetindehaveren skal udfyldes'],
          email: ['E-mail skal udfyldes'],
        },
        'Der er kun 0 tilgængelige pladser',
        sent,
        3,
      ),
    ).toEqual({
      step: 1,
      products: {
        'p-2': {
          amount: 'Der er kun 0 tilgængelige pladser',
          names: 'Navn på billetindehaveren skal udfyldes',
        },
      },
      contact: { email: 'E-mail skal udfyldes' },
    });
  });

  it("puts the customer's fields and the questions in step 2", () => {
    expect(
      placeErrors({ 'extraInfo.1': ['Kost skal udfyldes'] }, 'Kost skal udfyldes', sent, 3),
    ).toMatchObject({ step: 2, contact: { 'answers.q1': 'Kost skal udfyldes' } });
  });

  it('keeps the terms and a refusal without fields on the step that asked', () => {
    expect(
      placeErrors(
        { acceptTerms: ['Du skal acceptere handelsbetingelserne'] },
        'Du skal acceptere handelsbetingelserne',
        sent,
        3,
      ),
    ).toMatchObject({ step: 3, acceptTerms: 'Du skal acceptere handelsbetingelserne' });
    expect(placeErrors({}, 'Tilmeldingen er lukket.', sent, 3)).toMatchObject({
      step: 3,
      message: 'Tilmeldingen er lukket.',
    });
  });

  it('shows the message of a field no step has', () => {
    expect(placeErrors({ intentSecret: ['Prøv igen.'] }, 'Prøv igen.', sent, 3)).toMatchObject({
      step: 3,
      message: 'Prøv igen.',
    });
  });
});

describe('the lines a booking sends', () => {
  it('sends a seat-ticket as one line per seat, and the tickets still without a seat as one', () => {
    expect(
      sentLines([
        { productId: 'p-1', amount: 0, names: [] },
        {
          productId: 'p-seat',
          amount: 3,
          names: ['Anna', 'Bo', 'Carl'],
          seats: [seat('N1-3'), seat('N1-4')],
          holdToken: 'hold-1',
        },
      ]),
    ).toEqual([
      {
        productId: 'p-seat',
        amount: 1,
        names: ['Anna'],
        seat: seat('N1-3'),
        holdToken: 'hold-1',
        options: [],
      },
      {
        productId: 'p-seat',
        amount: 1,
        names: ['Bo'],
        seat: seat('N1-4'),
        holdToken: 'hold-1',
        options: [],
      },
      { productId: 'p-seat', amount: 1, names: ['Carl'], seat: null, holdToken: null, options: [] },
    ]);
  });

  it("puts a seat line's refusal on its product's seats in step 1", () => {
    const sent = sentLines([
      { productId: 'p-1', amount: 1, names: [] },
      {
        productId: 'p-seat',
        amount: 2,
        names: [],
        seats: [seat('N1-3'), seat('N1-4')],
        holdToken: 'hold-1',
      },
    ]);
    expect(
      placeErrors(
        { 'products.2.seat': ['Pladsen N1-4 er ikke længere ledig'] },
        'Pladsen N1-4 er ikke længere ledig',
        sent,
        3,
      ),
    ).toEqual({
      step: 1,
      products: { 'p-seat': { seats: 'Pladsen N1-4 er ikke længere ledig' } },
      contact: {},
    });
  });

  it("shows the lines of one product at one price as one, with the server's seats", () => {
    const line = {
      productId: 'p-seat',
      title: 'Siddeplads',
      amount: 1,
      free: 0,
      price: 15000,
      options: [],
    };
    const seat = (label: string) => ({ label, section: 'S1', row: '1', number: label.slice(-2) });
    expect(
      mergedPricedLines([
        { ...line, total: 15000, seat: seat('S1-20') },
        { ...line, total: 15000, seat: seat('S1-26') },
        { ...line, productId: 'p-1', title: 'Voksen', total: 15000, seat: null },
      ]),
    ).toEqual([
      {
        ...line,
        amount: 2,
        total: 30000,
        seat: seat('S1-20'),
        seats: [seat('S1-20'), seat('S1-26')],
      },
      { ...line, productId: 'p-1', title: 'Voksen', total: 15000, seat: null, seats: [] },
    ]);
  });
});

describe("an invitation's lines", () => {
  const invite = publicInvite({
    products: [
      { productId: 'cp-1', title: 'Voksen', amount: 4, left: 3 },
      { productId: 'cp-seat', title: 'Siddeplads', amount: 1, left: 1 },
      { productId: 'cp-dinner', title: 'Middag', amount: 2, left: 0 },
    ],
  });

  it('takes each invited product offered once, with what is left, as many as may be taken', () => {
    const offered = [
      product({ available: 2 }),
      product({ productId: 'p-1-late', title: 'Voksen sen' }),
      seatProduct(),
      product({ productId: 'p-dinner', catalogueProductId: 'cp-dinner', title: 'Middag' }),
    ];
    expect(invitedLines(invite, offered)).toEqual([
      { productId: 'p-1', amount: 2, names: [], options: [] },
      { productId: 'p-seat', amount: 1, names: [], seats: [], holdToken: null, options: [] },
    ]);
  });

  it('asks a name per ticket of a product that requires names', () => {
    expect(invitedLines(invite, [product({ nameRequired: true })])).toEqual([
      { productId: 'p-1', amount: 3, names: ['', '', ''], options: [] },
    ]);
  });
});

describe('the booking sent to book', () => {
  it('carries the free tickets each line was shown, so the server refuses rather than charge them', () => {
    const line = { productId: 'p-1', amount: 2, name: null, names: [], extraInfo: [] };
    const input = { products: [line, { ...line, productId: 'p-2' }] } as unknown as BookingInput;
    const priced = {
      bookingProducts: [
        { productId: 'p-1', title: 'Sponsorbillet', amount: 2, free: 2, price: 20000, total: 0 },
      ],
    } as unknown as PricedBooking;
    expect(withFreeShown(input, priced).products.map((l) => l.free)).toEqual([2, 0]);
  });
});
