import type { InvoicingType, OrderTotals, VatSettings } from './types';

/**
 * The money of an order or a contract (spec 3 §9; a contract's lines are totalled as an order's)
 * in integer øre, computed as the server computes it, so that a draft's unsaved edits show the
 * totals the server will store. After a save the server's numbers
 * are shown: they are the authoritative ones.
 *
 * - Line total = (price − discount + Σ option prices) × amount.
 * - The order discount comes off at order level, before VAT, shared over the lines in proportion
 *   to their totals (so a VAT-exempt line carries its share of it).
 * - VAT per line at the club's rate: on top of the price when prices are without VAT, backed out of
 *   it when prices include VAT; nothing for a VAT-exempt line or when the club disabled VAT.
 * - Rate invoicing adds a fee of `rateFee` (basis points of a percent) of the subtotal, with VAT.
 * - Rounding is half away from zero, always on whole øre.
 */

export interface TotalsOption {
  price: number;
  prePayment: boolean;
}

export interface TotalsLine {
  price: number;
  discount: number;
  amount: number;
  options: TotalsOption[];
  prePayment: boolean;
  vatExempt: boolean;
}

export interface TotalsInvoicing {
  type: InvoicingType | null;
  rateFee: number | null;
}

const BASIS = 10_000;

/** `value × numerator / denominator`, rounded half away from zero (exact for any øre amount). */
export function mulDivRound(value: number, numerator: number, denominator: number): number {
  const product = BigInt(Math.round(value)) * BigInt(Math.round(numerator));
  const divisor = BigInt(Math.round(denominator));
  const half = divisor / 2n;
  const rounded = product >= 0n ? (product + half) / divisor : (product - half) / divisor;
  return Number(rounded);
}

/** (price − discount + Σ option prices) × amount; never below 0. */
export function lineTotal(line: TotalsLine): number {
  const options = line.options.reduce((sum, option) => sum + option.price, 0);
  return Math.max(0, (line.price - line.discount + options) * line.amount);
}

/** The part of a line's total that is prepaid (the line's and each option's prePayment flag). */
function linePrePayment(line: TotalsLine): number {
  const prepaidOptions = line.options
    .filter((option) => option.prePayment)
    .reduce((sum, option) => sum + option.price, 0);
  const unit = (line.prePayment ? line.price - line.discount : 0) + prepaidOptions;
  return unit * line.amount;
}

/** The lines' gross before the order discount (what "editing the total" is measured from). */
export function linesTotal(lines: TotalsLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Shares `amount` over `weights` in proportion; the rounding rest goes to the last non-zero weight. */
function share(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => mulDivRound(amount, weight, sum));
  const rest = amount - shares.reduce((total, part) => total + part, 0);
  const last = weights.findLastIndex((weight) => weight !== 0);
  if (last >= 0) shares[last] = (shares[last] ?? 0) + rest;
  return shares;
}

/**
 * The totals of an order. An order discount outside 0 … the lines' gross (which the server
 * refuses) is held inside it, so unsaved input never shows a negative total.
 */
export function orderTotals(
  lines: TotalsLine[],
  orderDiscount: number,
  invoicing: TotalsInvoicing,
  vat: VatSettings,
): OrderTotals {
  const totals = lines.map(lineTotal);
  const gross = totals.reduce((sum, total) => sum + total, 0);
  const appliedDiscount = Math.min(Math.max(0, orderDiscount), gross);
  const discounts = share(appliedDiscount, totals);
  const rate = vat.disableVat ? 0 : vat.vatRate;

  let subtotal = 0;
  let lineVat = 0;
  let prePayment = 0;
  lines.forEach((line, index) => {
    const total = totals[index] ?? 0;
    const taxable = total - (discounts[index] ?? 0);
    let vatOfLine = 0;
    if (!line.vatExempt && rate !== 0) {
      vatOfLine = vat.pricesWithVat
        ? mulDivRound(taxable, rate, BASIS + rate)
        : mulDivRound(taxable, rate, BASIS);
    }
    const net = vat.pricesWithVat ? taxable - vatOfLine : taxable;
    subtotal += net;
    lineVat += vatOfLine;
    if (total !== 0) prePayment += mulDivRound(net + vatOfLine, linePrePayment(line), total);
  });

  const fee = invoicing.type === 'rates' && invoicing.rateFee ? Math.max(0, invoicing.rateFee) : 0;
  const additionalFee = fee > 0 ? mulDivRound(subtotal, fee, BASIS) : 0;
  const feeVat = mulDivRound(additionalFee, rate, BASIS);
  const vatTotal = lineVat + feeVat;
  const total = subtotal + additionalFee + vatTotal;
  const lineDiscounts = lines.reduce((sum, line) => sum + line.discount * line.amount, 0);
  return {
    subtotal,
    discount: lineDiscounts + appliedDiscount,
    additionalFee,
    vat: vatTotal,
    total,
    prePaymentTotal: prePayment,
    regularTotal: total - prePayment,
  };
}

/**
 * Editing the total sets the order discount to the difference (spec 3 §9): the total before the
 * order discount minus the entered total, held between 0 and the lines' gross.
 */
export function orderDiscountForTotal(
  lines: TotalsLine[],
  invoicing: TotalsInvoicing,
  vat: VatSettings,
  enteredTotal: number,
): number {
  const before = orderTotals(lines, 0, invoicing, vat).total;
  return Math.min(Math.max(0, before - enteredTotal), linesTotal(lines));
}
