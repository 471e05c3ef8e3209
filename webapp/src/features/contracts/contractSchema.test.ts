import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { contractLine, savedContract } from '../../test/contracts';
import {
  contractFormValues,
  contractPayload,
  contractSchema,
  formFieldOf,
  type ContractFormValues,
} from './contractSchema';
import type { Contract } from './types';

const t = i18next.t.bind(i18next);

async function errorsOf(values: ContractFormValues): Promise<Record<string, string>> {
  try {
    await contractSchema(t, [
      {
        id: 'f1',
        title: 'Antal gæster',
        type: 'Number',
        values: [],
        defaultValue: null,
        sorting: 0,
      },
    ]).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
}

function valuesOf(extra: Partial<Contract> = {}): ContractFormValues {
  return contractFormValues(savedContract(extra));
}

function withPlan(
  plan: Partial<ContractFormValues['invoicing']>,
  extra: Partial<Contract> = {},
): ContractFormValues {
  const values = valuesOf(extra);
  return { ...values, invoicing: { ...values.invoicing, ...plan } };
}

const prepaid = { contractLines: [contractLine({ prePayment: true })] };

describe('the contract rules (spec 3 §5)', () => {
  it('pass for a complete draft without invoicing', async () => {
    expect(await errorsOf(valuesOf())).toEqual({});
  });

  it('need a category, a company and a contact', async () => {
    expect(await errorsOf(valuesOf({ categoryId: null, company: null, contact: null }))).toEqual({
      categoryId: 'Kategori skal vælges',
      company: 'Virksomhed skal vælges',
      contact: 'Kontaktperson skal vælges',
    });
  });

  it('want the end date on or after the start date, unless there is no end date', async () => {
    expect(await errorsOf(valuesOf({ endDate: '2025-12-31' }))).toEqual({
      endDate: 'Slutdato kan ikke ligge før startdato',
    });
    expect(await errorsOf(valuesOf({ endDate: '2025-12-31', noEndDate: true }))).toEqual({});
  });

  it('keep the discount a decimal within the lines', async () => {
    const values = valuesOf();
    expect(await errorsOf({ ...values, orderDiscount: '20.000,01' })).toEqual({
      orderDiscount: 'Rabatten kan ikke være større end aftalens beløb',
    });
    expect(await errorsOf({ ...values, orderDiscount: 'ti' })).toEqual({
      orderDiscount: 'Aftalerabat skal være et gyldigt tal.',
    });
  });

  it('want Number custom fields as decimals', async () => {
    expect(await errorsOf({ ...valuesOf(), fieldValues: { f1: 'mange' } })).toEqual({
      'fieldValues.f1': 'Antal gæster skal være et gyldigt tal.',
    });
  });

  it("want the invoice date for 'Enkelt faktura' and 'Rater'", async () => {
    expect(await errorsOf(withPlan({ type: 'single' }))).toEqual({
      'invoicing.invoiceDate': 'Fakturadato skal udfyldes',
    });
    expect(await errorsOf(withPlan({ type: 'rates', invoiceDate: '2026-02-01' }))).toEqual({});
    expect(await errorsOf(withPlan({ type: 'rates', rateFee: '101' }))).toMatchObject({
      'invoicing.rateFee': 'Rategebyr (%) må maksimalt være 100 eller mindre',
    });
  });

  it('want the prepayment date with a method when a line or an option is prepaid', async () => {
    expect(
      await errorsOf(withPlan({ type: 'single', invoiceDate: '2026-02-01' }, prepaid)),
    ).toEqual({ 'invoicing.prePaymentDate': 'Forudbetalingsdato skal udfyldes' });
    const option = {
      productId: 'p-o',
      variantId: null,
      title: 'Tilvalg',
      variant: null,
      sku: null,
      type: null,
      price: 100,
      prePayment: true,
    };
    const withOption = { contractLines: [contractLine({ options: [option] })] };
    expect(
      await errorsOf(
        withPlan({ type: 'recurring', intervals: '3', startDate: '2026-01-01' }, withOption),
      ),
    ).toEqual({ 'invoicing.prePaymentDate': 'Forudbetalingsdato skal udfyldes' });
    expect(await errorsOf(withPlan({ type: 'none' }, prepaid))).toEqual({});
  });

  it("want a 1–120 month interval and a start date for 'Løbende'", async () => {
    expect(await errorsOf(withPlan({ type: 'recurring' }))).toEqual({
      'invoicing.intervals': 'Interval skal være et antal måneder mellem 1 og 120',
      'invoicing.startDate': 'Startdato skal udfyldes',
    });
    for (const intervals of ['0', '121', '1,5', 'tre']) {
      expect(
        await errorsOf(withPlan({ type: 'recurring', intervals, startDate: '2026-01-01' })),
        intervals,
      ).toEqual({
        'invoicing.intervals': 'Interval skal være et antal måneder mellem 1 og 120',
      });
    }
    expect(
      await errorsOf(
        withPlan({ type: 'recurring', intervals: '120', startDate: '2026-01-01', amount: '' }),
      ),
    ).toEqual({});
  });

  it("want a date on every period of 'Perioder', and an end date of the contract", async () => {
    const periods = [
      { date: '2026-01-01', amount: '100,00' },
      { date: null, amount: '100,00' },
    ];
    expect(await errorsOf(withPlan({ type: 'customPeriod', customPeriods: periods }))).toEqual({
      'invoicing.customPeriods[1].date': 'Dato skal udfyldes',
    });
    expect(
      await errorsOf(
        withPlan(
          { type: 'customPeriod', customPeriods: [{ date: '2026-01-01', amount: '1' }] },
          { noEndDate: true },
        ),
      ),
    ).toEqual({ 'invoicing.customPeriods': 'Perioder kræver at aftalen har en slutdato' });
  });
});

describe('the contract as saved', () => {
  it('sends the version read, the relations as ids and the plan of the chosen method only', () => {
    const contract = savedContract({ version: 7 });
    const values = withPlan({
      type: 'recurring',
      intervals: '3',
      startDate: '2026-01-01',
      amount: '1.000,50',
      invoiceDate: '2026-05-01',
      rateFee: '2,5',
      customPeriods: [{ date: '2026-01-01', amount: '1' }],
    });
    const payload = contractPayload(contract, { ...values, noEndDate: true, orderDiscount: '100' });
    expect(payload).toMatchObject({
      id: 'a-1',
      version: 7,
      companyId: 'c-1',
      contactId: 'k-1',
      endDate: null,
      noEndDate: true,
      orderDiscount: 10_000,
      total: 1_990_000,
      invoicing: {
        type: 'recurring',
        intervals: 3,
        startDate: '2026-01-01',
        amount: 100_050,
        invoiceDate: null,
        rateFee: null,
        customPeriods: [],
        prePaymentDate: null,
      },
    });
  });

  it('sends periods in øre and no plan at all for Ingen', () => {
    const contract = savedContract();
    const periods = contractPayload(
      contract,
      withPlan({
        type: 'customPeriod',
        intervals: '6',
        startDate: '2026-01-01',
        customPeriods: [{ date: '2026-07-01', amount: '1.234,56' }],
      }),
    );
    expect(periods.invoicing).toMatchObject({
      type: 'customPeriod',
      intervals: 6,
      customPeriods: [{ date: '2026-07-01', amount: 123_456 }],
    });
    const none = contractPayload(contract, withPlan({ type: 'none', invoiceDate: '2026-01-01' }));
    expect(none.invoicing).toEqual({
      type: null,
      prePaymentDate: null,
      invoiceDate: null,
      amount: null,
      intervals: null,
      startDate: null,
      rateFee: null,
      customPeriods: [],
      splitPayments: false,
    });
  });

  it("shows the server's companyId and contactId messages on the pickers", () => {
    expect(formFieldOf('companyId')).toBe('company');
    expect(formFieldOf('contactId')).toBe('contact');
    expect(formFieldOf('contractLines.0.title')).toBe('contractLines.0.title');
  });
});
