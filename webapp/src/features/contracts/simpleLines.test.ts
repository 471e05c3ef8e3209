import { describe, expect, it } from 'vitest';
import {
  applySimpleInput,
  deletedLines,
  fieldsOf,
  simpleInputOf,
  typedPrice,
  unitOfProduct,
  visibleGroups,
  type SimpleInput,
} from './simpleLines';
import type { ContractLine, ContractProduct, ContractSetup, ProductGroup } from './types';

function product(setup: Partial<ContractSetup>, extra: Partial<ContractProduct> = {}) {
  return {
    id: 'p-1',
    title: 'Bandereklame',
    sku: 'B-1',
    type: 'product',
    price: 1_000_000,
    prePayment: false,
    vatExempt: false,
    variants: [],
    contractSetup: {
      type: 'checkbox',
      amountType: null,
      unit: null,
      preSelected: false,
      ...setup,
    },
    ...extra,
  } satisfies ContractProduct;
}

const empty: SimpleInput = {
  checked: false,
  amount: '',
  price: '',
  description: '',
  variantId: null,
};

const ids = () => 'new-line';

function apply(
  p: ContractProduct,
  input: Partial<SimpleInput>,
  lines: ContractLine[] = [],
): ContractLine[] {
  return applySimpleInput(lines, p, { ...empty, ...input }, ids);
}

function only(lines: ContractLine[]): ContractLine {
  expect(lines).toHaveLength(1);
  return lines[0] as ContractLine;
}

describe('a checkbox product', () => {
  const logo = product({ type: 'checkbox', unit: 'stk' });

  it('ticked is one at the product price, with its unit, prepayment and VAT exemption', () => {
    const line = only(apply({ ...logo, prePayment: true, vatExempt: true }, { checked: true }, []));
    expect(line).toMatchObject({
      id: 'new-line',
      productId: 'p-1',
      title: 'Bandereklame',
      sku: 'B-1',
      type: 'product',
      amount: 1,
      price: 1_000_000,
      discount: 0,
      unit: 'stk',
      prePayment: true,
      vatExempt: true,
      total: 1_000_000,
    });
  });

  it('unticked removes its line and leaves the others', () => {
    const other = { ...only(apply(logo, { checked: true })), id: 'other', productId: 'p-2' };
    const lines = [only(apply(logo, { checked: true })), other];
    expect(apply(logo, { checked: false }, lines)).toEqual([other]);
  });

  it('shows ticked while it has a line (a preselected line of the template too)', () => {
    const lines = apply(logo, { checked: true });
    expect(simpleInputOf(lines, logo).checked).toBe(true);
    expect(simpleInputOf([], logo).checked).toBe(false);
  });

  it('takes stk when the product has no unit', () => {
    expect(only(apply(product({ unit: null }), { checked: true })).unit).toBe('stk');
  });
});

describe('a number product priced by hand (amountType price)', () => {
  const sponsorship = product({ type: 'number', amountType: 'price', unit: 'stk' });

  it('is one at the typed price, in Danish decimals', () => {
    const line = only(apply(sponsorship, { price: '1.234,50' }));
    expect(line).toMatchObject({ amount: 1, price: 123_450, total: 123_450 });
  });

  it('removes the line when the price is emptied', () => {
    const lines = apply(sponsorship, { price: '100' });
    expect(apply(sponsorship, { price: '' }, lines)).toEqual([]);
    expect(apply(sponsorship, { price: '   ' }, lines)).toEqual([]);
  });

  it('takes a price that is not a number as 0', () => {
    expect(only(apply(sponsorship, { price: 'abc' }))).toMatchObject({ amount: 1, price: 0 });
  });

  it('changes the line in place, keeping its id and discount', () => {
    const first = only(apply(sponsorship, { price: '100' }));
    const discounted = [{ ...first, id: 'kept', discount: 1_000 }];
    const line = only(apply(sponsorship, { price: '200' }, discounted));
    expect(line).toMatchObject({ id: 'kept', price: 20_000, discount: 1_000, total: 19_000 });
  });
});

describe('a number product counted (amountType amount or none)', () => {
  const seats = product({ type: 'number', amountType: 'amount', unit: 'person' });

  it('is the typed amount at the product price, in its unit', () => {
    const line = only(apply(seats, { amount: '3' }));
    expect(line).toMatchObject({ amount: 3, price: 1_000_000, unit: 'person', total: 3_000_000 });
  });

  it('removes the line for 0, a negative, a fraction, text or nothing', () => {
    const lines = apply(seats, { amount: '3' });
    for (const amount of ['0', '-1', '1,5', 'to', '']) {
      expect(apply(seats, { amount }, lines), amount).toEqual([]);
    }
  });

  it('reads an amount without an amount type the same way', () => {
    const line = only(apply(product({ type: 'number', amountType: null }), { amount: '2' }));
    expect(line).toMatchObject({ amount: 2, price: 1_000_000 });
  });

  it('updates the amount of the existing line', () => {
    const lines = apply(seats, { amount: '3' });
    expect(only(apply(seats, { amount: '5' }, lines))).toMatchObject({ id: 'new-line', amount: 5 });
  });

  it('shows the amount of its line', () => {
    expect(simpleInputOf(apply(seats, { amount: '4' }), seats).amount).toBe('4');
  });
});

describe('a number product with amount and price (amount-price)', () => {
  const boards = product({ type: 'number', amountType: 'amount-price', unit: 'meter' });

  it('is the typed amount at the typed price', () => {
    const line = only(apply(boards, { amount: '10', price: '250,00' }));
    expect(line).toMatchObject({ amount: 10, price: 25_000, unit: 'meter', total: 250_000 });
  });

  it('takes the product price when no price is typed', () => {
    expect(only(apply(boards, { amount: '2', price: '' }))).toMatchObject({ price: 1_000_000 });
  });

  it('takes a price that is not a number as 0', () => {
    expect(only(apply(boards, { amount: '2', price: 'gratis' }))).toMatchObject({ price: 0 });
  });

  it('removes the line when the amount is not above 0, whatever the price', () => {
    const lines = apply(boards, { amount: '2', price: '100' });
    expect(apply(boards, { amount: '0', price: '100' }, lines)).toEqual([]);
    expect(apply(boards, { amount: '', price: '100' }, [])).toEqual([]);
  });

  it('shows the amount and the price of its line', () => {
    const input = simpleInputOf(apply(boards, { amount: '2', price: '1.234,5' }), boards);
    expect(input).toMatchObject({ amount: '2', price: '1.234,50' });
  });
});

describe('a text product', () => {
  const mention = product({ type: 'text' });

  it('is one at the product price with the text as its description', () => {
    const line = only(apply(mention, { description: '  Navn på trøjen  ' }));
    expect(line).toMatchObject({ amount: 1, price: 1_000_000, description: 'Navn på trøjen' });
  });

  it('removes the line when the text is emptied', () => {
    const lines = apply(mention, { description: 'Tekst' });
    expect(apply(mention, { description: '' }, lines)).toEqual([]);
    expect(apply(mention, { description: '  ' }, lines)).toEqual([]);
  });

  it('shows the description of its line', () => {
    expect(simpleInputOf(apply(mention, { description: 'Hej' }), mention).description).toBe('Hej');
  });
});

describe('a number-text product', () => {
  const tickets = product({ type: 'number-text', amountType: 'amount', unit: 'person' });

  it('is the typed amount with the text as its description', () => {
    const line = only(apply(tickets, { amount: '4', description: 'Kamp mod AGF' }));
    expect(line).toMatchObject({ amount: 4, price: 1_000_000, description: 'Kamp mod AGF' });
  });

  it('keeps the line without a text, and removes it when the amount is not above 0', () => {
    expect(only(apply(tickets, { amount: '4' })).description).toBeNull();
    expect(apply(tickets, { amount: '0', description: 'Tekst' })).toEqual([]);
  });

  it('follows its amount type: a price typed by hand', () => {
    const priced = product({ type: 'number-text', amountType: 'price' });
    expect(fieldsOf(priced)).toMatchObject({ amount: false, price: true, description: true });
    expect(only(apply(priced, { price: '50', description: 'Tekst' }))).toMatchObject({
      amount: 1,
      price: 5_000,
      description: 'Tekst',
    });
    expect(apply(priced, { price: '', description: 'Tekst' })).toEqual([]);
  });
});

describe('a product with variants', () => {
  const shirts = product(
    { type: 'number', amountType: 'amount' },
    {
      variants: [
        { id: 'v-s', title: 'S', sku: null, price: 50_000, active: true },
        { id: 'v-xl', title: 'XL', sku: 'T-XL', price: 60_000, active: true },
        { id: 'v-old', title: 'XXL', sku: null, price: 1, active: false },
      ],
    },
  );

  it('chooses a variant instead of its setup type, offering only the active ones', () => {
    expect(fieldsOf(shirts)).toEqual({
      variant: true,
      checkbox: false,
      amount: false,
      price: false,
      description: false,
    });
    expect(apply(shirts, { variantId: 'v-old' })).toEqual([]);
  });

  it('sets the variant, its SKU and its price with amount 1', () => {
    const line = only(apply(shirts, { variantId: 'v-xl' }));
    expect(line).toMatchObject({
      variantId: 'v-xl',
      variant: 'XL',
      sku: 'T-XL',
      price: 60_000,
      amount: 1,
    });
    expect(only(apply(shirts, { variantId: 'v-s' }))).toMatchObject({ sku: 'B-1', price: 50_000 });
  });

  it('changes the variant in place and removes the line when cleared', () => {
    const lines = apply(shirts, { variantId: 'v-s' });
    expect(only(apply(shirts, { variantId: 'v-xl' }, lines))).toMatchObject({
      id: 'new-line',
      variant: 'XL',
    });
    expect(apply(shirts, { variantId: null }, lines)).toEqual([]);
    expect(simpleInputOf(lines, shirts).variantId).toBe('v-s');
  });
});

describe('typed prices', () => {
  it('are Danish decimals in øre; empty is none and anything else 0', () => {
    expect(typedPrice('1.234,50')).toBe(123_450);
    expect(typedPrice('12')).toBe(1_200);
    expect(typedPrice('')).toBeNull();
    expect(typedPrice('1,2,3')).toBe(0);
  });
});

describe('the groups and the deleted lines', () => {
  const offered = product({ type: 'checkbox', unit: 'meter' });
  const hiddenProduct = product({ type: 'checkbox' }, { id: 'p-hidden' });
  const groups: ProductGroup[] = [
    { category: { id: 'k-1', title: 'Reklame' }, isHidden: false, products: [offered] },
    { category: { id: 'k-2', title: 'Skjult' }, isHidden: true, products: [hiddenProduct] },
  ];
  const line = (extra: Partial<ContractLine>) => ({
    ...only(apply(offered, { checked: true })),
    ...extra,
  });

  it('shows only the groups that are not hidden', () => {
    expect(visibleGroups(groups).map((group) => group.category.title)).toEqual(['Reklame']);
  });

  it('lists the lines of products no group offers any more, except category lines and lines made without a product', () => {
    const gone = line({ id: 'gone', productId: 'p-gone' });
    const lines = [
      line({ id: 'kept' }),
      line({ id: 'hidden', productId: 'p-hidden' }),
      gone,
      line({ id: 'category', productId: 'p-cat', type: 'category' }),
      line({ id: 'free', productId: null }),
    ];
    expect(deletedLines(lines, groups)).toEqual([gone]);
  });

  it('gives a line from the dialog the unit of its product', () => {
    expect(unitOfProduct(groups, 'p-1')).toBe('meter');
    expect(unitOfProduct(groups, 'p-unknown')).toBe('stk');
  });
});
