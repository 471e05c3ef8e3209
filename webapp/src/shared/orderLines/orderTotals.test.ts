import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  lineTotal,
  linesTotal,
  mulDivRound,
  orderDiscountForTotal,
  orderTotals,
  type TotalsLine,
} from './orderTotals';

const withVat = { pricesWithVat: true, vatRate: 2500, disableVat: false };
const withoutVat = { pricesWithVat: false, vatRate: 2500, disableVat: false };
const noInvoicing = { type: null, rateFee: null };

function line(price: number, extra: Partial<TotalsLine> = {}): TotalsLine {
  return {
    price,
    discount: 0,
    amount: 1,
    options: [],
    prePayment: false,
    vatExempt: false,
    ...extra,
  };
}

describe('a line total', () => {
  it('is (price − discount + Σ option prices) × amount', () => {
    const merchandise = line(10_000, {
      discount: 1_000,
      amount: 3,
      options: [
        { price: 2_000, prePayment: false },
        { price: 500, prePayment: false },
      ],
    });
    expect(lineTotal(merchandise)).toBe(34_500);
    expect(linesTotal([merchandise, line(14_900)])).toBe(49_400);
  });

  it('is never negative', () => {
    expect(lineTotal(line(1_000, { discount: 5_000 }))).toBe(0);
  });
});

describe('rounding', () => {
  it('rounds half away from zero on whole øre', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(4, 1, 3)).toBe(1);
    expect(mulDivRound(9_007_199_254_740_991, 2_500, 12_500)).toBe(1_801_439_850_948_198);
  });
});

describe('VAT', () => {
  it('is backed out of prices that include VAT', () => {
    expect(orderTotals([line(12_500)], 0, noInvoicing, withVat)).toEqual({
      subtotal: 10_000,
      discount: 0,
      additionalFee: 0,
      vat: 2_500,
      total: 12_500,
      prePaymentTotal: 0,
      regularTotal: 12_500,
    });
    // 999 × 25/125 = 199,8 → 200
    expect(orderTotals([line(999)], 0, noInvoicing, withVat)).toMatchObject({
      subtotal: 799,
      vat: 200,
      total: 999,
    });
  });

  it('comes on top of prices without VAT', () => {
    expect(orderTotals([line(10_000)], 0, noInvoicing, withoutVat)).toMatchObject({
      subtotal: 10_000,
      vat: 2_500,
      total: 12_500,
    });
    // 999 × 25 % = 249,75 → 250
    expect(orderTotals([line(999)], 0, noInvoicing, withoutVat)).toMatchObject({
      subtotal: 999,
      vat: 250,
      total: 1_249,
    });
  });

  it('is nothing when the club disabled VAT', () => {
    for (const settings of [withVat, withoutVat]) {
      expect(
        orderTotals([line(12_500)], 0, noInvoicing, { ...settings, disableVat: true }),
      ).toMatchObject({ subtotal: 12_500, vat: 0, total: 12_500 });
    }
  });

  it('is nothing on a VAT-exempt line', () => {
    const lines = [line(12_500), line(5_000, { vatExempt: true })];
    expect(orderTotals(lines, 0, noInvoicing, withVat)).toMatchObject({
      subtotal: 15_000,
      vat: 2_500,
      total: 17_500,
    });
    expect(orderTotals(lines, 0, noInvoicing, withoutVat)).toMatchObject({
      subtotal: 17_500,
      vat: 3_125,
      total: 20_625,
    });
  });
});

describe('the order discount', () => {
  it('comes off before VAT, shared over the lines by their totals', () => {
    const lines = [line(10_000), line(30_000)];
    expect(orderTotals(lines, 4_000, noInvoicing, withVat)).toEqual({
      subtotal: 28_800,
      discount: 4_000,
      additionalFee: 0,
      vat: 7_200,
      total: 36_000,
      prePaymentTotal: 0,
      regularTotal: 36_000,
    });
    expect(orderTotals(lines, 4_000, noInvoicing, withoutVat)).toMatchObject({
      subtotal: 36_000,
      vat: 9_000,
      total: 45_000,
    });
  });

  it('gives a VAT-exempt line its share', () => {
    const lines = [line(10_000), line(30_000, { vatExempt: true })];
    expect(orderTotals(lines, 4_000, noInvoicing, withVat)).toMatchObject({
      subtotal: 34_200,
      vat: 1_800,
      total: 36_000,
    });
  });

  it('adds to the line discounts in the discount total', () => {
    const lines = [line(10_000, { discount: 1_000, amount: 2 })];
    expect(orderTotals(lines, 500, noInvoicing, withVat)).toMatchObject({
      discount: 2_500,
      total: 17_500,
    });
  });

  it('never makes the totals negative', () => {
    expect(orderTotals([line(10_000)], 50_000, noInvoicing, withVat)).toMatchObject({
      subtotal: 0,
      discount: 10_000,
      vat: 0,
      total: 0,
    });
    expect(orderTotals([line(10_000)], -300, noInvoicing, withVat)).toMatchObject({
      discount: 0,
      total: 10_000,
    });
    expect(orderTotals([], 0, noInvoicing, withVat).total).toBe(0);
  });

  it('is the difference when the total is edited', () => {
    const lines = [line(10_000), line(30_000)];
    expect(orderDiscountForTotal(lines, noInvoicing, withVat, 36_000)).toBe(4_000);
    expect(orderDiscountForTotal(lines, noInvoicing, withVat, 50_000)).toBe(0);
    expect(orderDiscountForTotal(lines, noInvoicing, withVat, -5)).toBe(40_000);
  });
});

describe('rate invoicing', () => {
  it('adds rateFee percent of the subtotal, with VAT on the fee', () => {
    const rates = { type: 'rates' as const, rateFee: 250 };
    expect(orderTotals([line(10_000)], 0, rates, withoutVat)).toMatchObject({
      subtotal: 10_000,
      additionalFee: 250,
      vat: 2_563,
      total: 12_813,
    });
    expect(orderTotals([line(12_500)], 0, rates, withVat)).toMatchObject({
      subtotal: 10_000,
      additionalFee: 250,
      vat: 2_563,
      total: 12_813,
    });
  });

  it('adds no fee to a single invoice', () => {
    expect(
      orderTotals([line(10_000)], 0, { type: 'single', rateFee: 250 }, withoutVat),
    ).toMatchObject({ additionalFee: 0, total: 12_500 });
  });
});

describe('prepayment', () => {
  it("follows the line's and each option's prePayment flag", () => {
    const lines = [
      line(10_000, { prePayment: true, options: [{ price: 2_000, prePayment: false }] }),
      line(5_000, { options: [{ price: 1_000, prePayment: true }] }),
    ];
    expect(orderTotals(lines, 0, noInvoicing, withVat)).toMatchObject({
      total: 18_000,
      prePaymentTotal: 11_000,
      regularTotal: 7_000,
    });
  });
});

/**
 * The golden cases the server's totals are tested against (`domain/golden/order_totals.json`,
 * run by `cargo test` in domain/src/order/tests.rs): the webapp must compute the same øre.
 */
describe('the golden totals shared with the server', () => {
  interface GoldenCase {
    name: string;
    lines: TotalsLine[];
    orderDiscount: number;
    invoicing: { type: 'single' | 'rates' | null; rateFee: number | null };
    vat: { pricesWithVat: boolean; vatRate: number; disableVat: boolean };
    totals: ReturnType<typeof orderTotals>;
  }
  const file = resolve(import.meta.dirname, '../../../../domain/golden/order_totals.json');
  const cases = JSON.parse(readFileSync(file, 'utf8')) as GoldenCase[];

  it('holds at least the ten cases of the file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(orderTotals(c.lines, c.orderDiscount, c.invoicing, c.vat)).toEqual(c.totals);
  });
});
