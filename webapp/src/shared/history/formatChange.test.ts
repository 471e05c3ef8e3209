import { describe, expect, it } from 'vitest';
import { describeChanges, formatHistoryValue } from './formatChange';

const words = { yes: 'Ja', no: 'Nej', empty: '–' };
const formats = {
  money: ['price', 'orderDiscount'],
  percent: ['rateFee'],
  labels: { firstname: 'Fornavn', orderLines: 'Produkter', price: 'Pris', amount: 'Antal' },
  values: { status: { draft: 'Kladde', approved: 'Godkendt' } },
};

describe('a history value', () => {
  it('reads as short text: money, percent, yes/no and nothing', () => {
    expect(formatHistoryValue(12_345, 'orderDiscount', formats, words)).toBe('DKK\u00a0123,45');
    expect(formatHistoryValue(12_345, 'order_discount', formats, words)).toBe('DKK\u00a0123,45');
    expect(formatHistoryValue(250, 'invoicing.rateFee', formats, words)).toBe('2,5\u00a0%');
    expect(formatHistoryValue(3, 'amount', formats, words)).toBe('3');
    expect(formatHistoryValue(true, 'splitPayments', formats, words)).toBe('Ja');
    expect(formatHistoryValue(null, 'firstname', formats, words)).toBe('–');
    expect(formatHistoryValue('approved', 'status', formats, words)).toBe('Godkendt');
    expect(formatHistoryValue('approved', 'firstname', formats, words)).toBe('approved');
    expect(formatHistoryValue([], 'orderLines', formats, words)).toBe('–');
  });

  it('writes objects and lists compactly', () => {
    expect(formatHistoryValue({ id: 'c1', name: 'Bageriet' }, 'company', formats, words)).toBe(
      'Bageriet',
    );
    expect(
      formatHistoryValue({ type: 'single', invoiceDate: null, rateFee: 250 }, 'x', formats, words),
    ).toBe('{type: single, rateFee: 2,5\u00a0%}');
    expect(formatHistoryValue(['a', 'b'], 'tags', formats, words)).toBe('a, b');
    expect(formatHistoryValue('x'.repeat(300), 'description', formats, words)).toHaveLength(160);
  });
});

describe('the changes of an event', () => {
  it('label their fields', () => {
    expect(
      describeChanges([{ field: 'firstname', old: 'Anna', new: 'Bo' }], formats, words),
    ).toEqual([{ field: 'Fornavn', old: 'Anna', new: 'Bo' }]);
  });

  it('take a list of lines apart: changed fields, added and removed lines', () => {
    const scarf = { id: 'l1', title: 'Halstørklæde', price: 14_900, amount: 1 };
    const shirt = { id: 'l2', title: 'Hjemmebanetrøje', variant: 'XL', price: 64_900, amount: 1 };
    const cap = { id: 'l3', title: 'Kasket', price: 9_900, amount: 1 };
    expect(
      describeChanges(
        [
          {
            field: 'orderLines',
            old: [scarf, shirt],
            new: [{ ...scarf, price: 12_000, amount: 2 }, cap],
          },
        ],
        formats,
        words,
      ),
    ).toEqual([
      { field: 'Produkter (Halstørklæde): Pris', old: 'DKK\u00a0149,00', new: 'DKK\u00a0120,00' },
      { field: 'Produkter (Halstørklæde): Antal', old: '1', new: '2' },
      { field: 'Produkter', old: 'Hjemmebanetrøje (XL)', new: '–' },
      { field: 'Produkter', old: '–', new: 'Kasket' },
    ]);
  });
});
