import { decimalTextToOre, oreToDecimalText, parseDanishDecimal } from '../../shared/format';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import type { ContractLine, ContractProduct, ContractProductVariant, ProductGroup } from './types';

/**
 * The simple contract lines of spec 3 §4 ("Simple contract line logic"): each product offered on
 * contracts has one input of its contractSetup, and what is typed there adds, changes or removes
 * that product's line. Pure: the lines go in, the new lines come out.
 *
 * - A product with variants: choosing one sets variant, SKU and price with amount 1; clearing it
 *   removes the line.
 * - checkbox: ticked is amount 1 at the product's price; unticked removes the line.
 * - number, amountType 'price': the typed price with amount 1; an empty price removes the line.
 * - number, amountType 'amount' (or none) or 'amount-price': an amount above 0 makes the line, any
 *   other amount removes it; the price is the typed one ('amount-price'), or the product's when
 *   none is typed.
 * - text: amount 1 at the product's price with the text as the line's description; an empty text
 *   removes the line.
 * - number-text: the number rules above, with the text as the description.
 * - A typed price that is not a number is 0. Prices are Danish decimals ('1.234,50' → 123450 øre).
 * - Every line takes the product's unit (stk when it has none), prepayment and VAT exemption.
 */

/** What the input of one product holds, as typed. */
export interface SimpleInput {
  checked: boolean;
  /** Danish whole number, e.g. '2'. */
  amount: string;
  /** Danish decimals, e.g. '1.234,50'. */
  price: string;
  description: string;
  variantId: string | null;
}

/** Which controls a product's input shows. */
export interface SimpleFields {
  variant: boolean;
  checkbox: boolean;
  amount: boolean;
  price: boolean;
  description: boolean;
}

/** The variants a product offers (active ones with an id). */
export function variantsOf(product: ContractProduct): ContractProductVariant[] {
  return product.variants.filter((variant) => variant.id && variant.active !== false);
}

export function fieldsOf(product: ContractProduct): SimpleFields {
  const none: SimpleFields = {
    variant: false,
    checkbox: false,
    amount: false,
    price: false,
    description: false,
  };
  if (variantsOf(product).length > 0) return { ...none, variant: true };
  const { type, amountType } = product.contractSetup;
  const numbers = {
    amount: amountType !== 'price',
    price: amountType === 'price' || amountType === 'amount-price',
  };
  switch (type) {
    case 'checkbox':
      return { ...none, checkbox: true };
    case 'text':
      return { ...none, description: true };
    case 'number-text':
      return { ...none, ...numbers, description: true };
    default:
      return { ...none, ...numbers };
  }
}

/** A typed price in øre: empty is null, anything that is not a number 0. */
export function typedPrice(text: string): number | null {
  const ore = decimalTextToOre(text);
  if (ore === null) return null;
  return Number.isNaN(ore) ? 0 : ore;
}

/** A typed amount: a whole number, else 0 (which removes the line). */
export function typedAmount(text: string): number {
  const amount = parseDanishDecimal(text);
  return Number.isInteger(amount) ? amount : 0;
}

/** The part of a line the input decides, or null when the product has no line. */
interface Wanted {
  amount: number;
  price: number;
  variantId: string | null;
  variant: string | null;
  sku: string | null;
  description: string | null;
}

function wantedLine(product: ContractProduct, input: SimpleInput): Wanted | null {
  const fields = fieldsOf(product);
  const plain = {
    amount: 1,
    price: product.price,
    variantId: null,
    variant: null,
    sku: product.sku,
    description: null,
  };
  if (fields.variant) {
    const variant = variantsOf(product).find((candidate) => candidate.id === input.variantId);
    if (!variant) return null;
    return {
      ...plain,
      variantId: variant.id,
      variant: variant.title,
      sku: variant.sku || product.sku,
      price: variant.price ?? product.price,
    };
  }
  if (fields.checkbox) return input.checked ? plain : null;
  const description = input.description.trim();
  if (!fields.amount && !fields.price) {
    return description ? { ...plain, description } : null;
  }
  const withText = fields.description ? { description: description || null } : {};
  const price = typedPrice(input.price);
  if (!fields.amount) {
    return price === null ? null : { ...plain, ...withText, price };
  }
  const amount = typedAmount(input.amount);
  if (!(amount > 0)) return null;
  return {
    ...plain,
    ...withText,
    amount,
    price: fields.price && price !== null ? price : product.price,
  };
}

/** The line of a product among the lines (the first, should there be several). */
export function lineOf(lines: ContractLine[], product: ContractProduct): ContractLine | undefined {
  return lines.find((line) => line.productId === product.id);
}

/** What a product's input shows for the lines as they are. */
export function simpleInputOf(lines: ContractLine[], product: ContractProduct): SimpleInput {
  const line = lineOf(lines, product);
  return {
    checked: line !== undefined,
    amount: line ? String(line.amount) : '',
    price: line ? oreToDecimalText(line.price) : '',
    description: line?.description ?? '',
    variantId: line?.variantId ?? null,
  };
}

/** A new line of a product, before the input's values. */
function newLine(product: ContractProduct, id: string): ContractLine {
  return {
    id,
    productId: product.id,
    variantId: null,
    title: product.title,
    variant: null,
    sku: product.sku,
    type: product.type,
    price: product.price,
    discount: 0,
    amount: 1,
    options: [],
    prePayment: product.prePayment,
    vatExempt: product.vatExempt,
    seat: null,
    seatEvent: null,
    seatEventId: null,
    seatCategoryId: null,
    extraInfo: [],
    description: null,
    unit: product.contractSetup.unit ?? 'stk',
    total: 0,
  };
}

/**
 * The lines after the product's input changed to `input`: its line added, changed in place or
 * removed; every other line as it was. `newId` names a new line.
 */
export function applySimpleInput(
  lines: ContractLine[],
  product: ContractProduct,
  input: SimpleInput,
  newId: () => string = () => crypto.randomUUID(),
): ContractLine[] {
  const existing = lineOf(lines, product);
  const wanted = wantedLine(product, input);
  if (!wanted) return existing ? lines.filter((line) => line !== existing) : lines;
  const base = existing ?? newLine(product, newId());
  const line: ContractLine = {
    ...base,
    ...wanted,
    unit: product.contractSetup.unit ?? 'stk',
    prePayment: product.prePayment,
    vatExempt: product.vatExempt,
  };
  const priced = { ...line, total: lineTotal(line) };
  return existing
    ? lines.map((candidate) => (candidate === existing ? priced : candidate))
    : [...lines, priced];
}

/** The groups shown as tabs: the offered ones that are not hidden (hideOnContract). */
export function visibleGroups(groups: ProductGroup[]): ProductGroup[] {
  return groups.filter((group) => !group.isHidden);
}

/**
 * 'Slettede': lines of a product that no offered group (hidden ones included) has any more, except
 * category lines. A line made without a product was never offered, so it is not among them.
 */
export function deletedLines(lines: ContractLine[], groups: ProductGroup[]): ContractLine[] {
  const offered = new Set(groups.flatMap((group) => group.products.map((product) => product.id)));
  return lines.filter(
    (line) => line.type !== 'category' && line.productId !== null && !offered.has(line.productId),
  );
}

/** The unit of a new line made in the line dialog: its product's, else stk. */
export function unitOfProduct(groups: ProductGroup[], productId: string | null) {
  const product = groups
    .flatMap((group) => group.products)
    .find((candidate) => candidate.id === productId);
  return product?.contractSetup.unit ?? 'stk';
}
