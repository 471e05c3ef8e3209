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
      { field: 'Produkter', old: 'Hjemmebanetrøje (XL) · 1 × DKK\u00a0649,00', new: '–' },
      { field: 'Produkter', old: '–', new: 'Kasket · 1 × DKK\u00a099,00' },
    ]);
  });
});

describe('a history a person can read', () => {
  const company = '5f0c6c1e-3c1a-4c59-9d7e-2f1b8e0a6a11';
  const field = '0b7d2a55-8a0e-4b8e-a0c4-6f5f2c9e1d22';
  const readable = {
    ...formats,
    labels: {
      ...formats.labels,
      companyId: 'Virksomhed',
      fieldValues: 'Felter',
      charged: 'Opkrævet',
    },
    hidden: ['clientId'],
    names: { [company]: 'Hansen ApS', [field]: 'Trøjestørrelse' },
  };

  it('names the records an id points to, and leaves an unknown id as it is', () => {
    expect(
      describeChanges([{ field: 'companyId', old: null, new: company }], readable, words),
    ).toEqual([{ field: 'Virksomhed', old: '–', new: 'Hansen ApS' }]);
    expect(
      formatHistoryValue('c0ffee00-0000-4000-8000-000000000000', 'companyId', readable, words),
    ).toBe('c0ffee00-0000-4000-8000-000000000000');
  });

  it('labels a key kept under a field by the field and the key, named when it is an id', () => {
    expect(
      describeChanges(
        [
          { field: `fieldValues.${field}`, old: null, new: 'XL' },
          { field: 'charged.2026-03', old: null, new: 'pi_123' },
        ],
        readable,
        words,
      ),
    ).toEqual([
      { field: 'Felter › Trøjestørrelse', old: '–', new: 'XL' },
      { field: 'Opkrævet › 2026-03', old: '–', new: 'pi_123' },
    ]);
  });

  it('leaves out the fields a record keeps for itself', () => {
    expect(
      describeChanges(
        [
          { field: 'clientId', old: null, new: company },
          { field: 'version', old: 1, new: 2 },
          { field: 'firstname', old: null, new: 'Bo' },
        ],
        readable,
        words,
      ),
    ).toEqual([{ field: 'Fornavn', old: '–', new: 'Bo' }]);
  });
});

describe('points in time and days', () => {
  it('read in the reader’s time zone, days as days', () => {
    const berlin = { ...formats, timeZone: 'Europe/Berlin' };
    expect(formatHistoryValue('2026-03-01T09:30:00Z', 'scannedAt', berlin, words)).toBe(
      '01-03-2026 10:30',
    );
    expect(formatHistoryValue('2026-03-01', 'invoiceDate', berlin, words)).toBe('01-03-2026');
  });
});

describe('a new record’s defaults', () => {
  it('read as nothing, and a list item without a title is named by what its id names', () => {
    const product = '9d3c6c1e-3c1a-4c59-9d7e-2f1b8e0a6a33';
    const named = { ...formats, names: { [product]: 'Middag' } };
    expect(
      describeChanges(
        [
          { field: 'contactId', old: '00000000-0000-0000-0000-000000000000', new: 'Bo' },
          { field: 'products', old: [], new: [{ productId: product, amount: 2 }] },
        ],
        named,
        words,
      ),
    ).toEqual([
      { field: 'contactId', old: '–', new: 'Bo' },
      { field: 'products', old: '–', new: '2 × Middag' },
    ]);
  });
});
