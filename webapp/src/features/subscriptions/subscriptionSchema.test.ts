import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { savedSubscription, subscriptionLine } from './subscriptionFixtures';
import {
  formFieldOf,
  formTotals,
  subscriptionFormValues,
  subscriptionPayload,
  subscriptionSchema,
  vatOf,
  type SubscriptionFormValues,
} from './subscriptionSchema';
import { subscriptionActions } from './subscriptionStatus';
import type { Subscription } from './types';

const t = i18next.t.bind(i18next);

async function errorsOf(values: SubscriptionFormValues): Promise<Record<string, string>> {
  try {
    await subscriptionSchema(t).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
}

function valuesOf(
  extra: Partial<Subscription> = {},
  form: Partial<SubscriptionFormValues> = {},
): SubscriptionFormValues {
  return { ...subscriptionFormValues(savedSubscription(extra)), ...form };
}

describe('the subscription form', () => {
  it('accepts a saved draft as it is', async () => {
    expect(await errorsOf(valuesOf())).toEqual({});
  });

  it('requires Gentag hver, Binding and the contact person (spec 3 §5), not the company', async () => {
    expect(await errorsOf(valuesOf({}, { repeats: '', commitment: ' ', contact: null }))).toEqual({
      repeats: 'Gentag hver skal udfyldes',
      commitment: 'Binding skal udfyldes',
      contact: 'Kontaktperson skal vælges',
    });
  });

  it('takes whole months: 1–120 between payments, 0–120 of binding', async () => {
    expect(await errorsOf(valuesOf({}, { repeats: '0', commitment: '0' }))).toEqual({
      repeats: 'Gentag hver skal være mindst 1 måned',
    });
    expect(await errorsOf(valuesOf({}, { repeats: '121', commitment: '121' }))).toEqual({
      repeats: 'Gentag hver må højst være 120 måneder',
      commitment: 'Binding må højst være 120 måneder',
    });
    expect(await errorsOf(valuesOf({}, { repeats: '1,5', commitment: '-1' }))).toEqual({
      repeats: 'Gentag hver (måneder) skal være et tal',
      commitment: 'Binding (måneder) skal være et tal',
    });
  });

  it('refuses an end date before the start, unless there is no end date', async () => {
    const early = { startDate: '2026-02-01', endDate: '2026-01-31' };
    expect(await errorsOf(valuesOf({}, { ...early, noEndDate: false }))).toEqual({
      endDate: 'Slutdato skal være efter startdato',
    });
    expect(await errorsOf(valuesOf({}, { ...early, noEndDate: true }))).toEqual({});
    expect(
      await errorsOf(valuesOf({}, { startDate: '2026-02-01', endDate: '2026-02-01' })),
    ).toEqual({});
  });

  it('keeps the discount between 0 and the lines', async () => {
    expect(await errorsOf(valuesOf({}, { orderDiscount: '300,00' }))).toEqual({
      orderDiscount: 'Rabatten kan ikke være større end abonnementets beløb',
    });
    expect(await errorsOf(valuesOf({}, { orderDiscount: '299,00' }))).toEqual({});
  });

  it('posts the content of the form with the version read, lines without totals', () => {
    const subscription = savedSubscription({
      orderLines: [subscriptionLine({ amount: 2, discount: 1_000 })],
    });
    const values = {
      ...subscriptionFormValues(subscription),
      description: '  ',
      endDate: '2026-12-31',
      repeats: ' 3 ',
      commitment: '',
      orderDiscount: '10,50',
    };
    expect(values.orderLines[0]?.total).toBe(57_800);
    const payload = subscriptionPayload(subscription, values);
    expect(payload).toMatchObject({
      id: 's-1',
      version: 3,
      description: null,
      // 'Ingen slutdato' is ticked.
      endDate: null,
      noEndDate: true,
      repeats: 3,
      commitment: null,
      orderDiscount: 1_050,
      contactId: 'k-1',
      companyId: null,
    });
    expect(payload.orderLines).toEqual([subscriptionLine({ amount: 2, discount: 1_000 })]);
  });

  it('computes the totals of unsaved lines as the server does', () => {
    const subscription = savedSubscription();
    const values = valuesOf({}, { orderDiscount: '99,00' });
    expect(formTotals(vatOf(subscription, false), values)).toMatchObject({
      subtotal: 16_000,
      vat: 4_000,
      total: 20_000,
      discount: 9_900,
    });
    expect(formTotals(vatOf(subscription, true), values)).toMatchObject({ vat: 0, total: 20_000 });
  });

  it("puts the server's contactId and companyId on the pickers", () => {
    expect(formFieldOf('contactId')).toBe('contact');
    expect(formFieldOf('companyId')).toBe('company');
    expect(formFieldOf('orderLines.0.title')).toBe('orderLines.0.title');
  });
});

describe('the actions of a subscription (spec 3 §4)', () => {
  it.each([
    ['draft', ['approve', 'sendPaymentLink', 'deleteDraft']],
    ['approved', ['reopen', 'cancel', 'sendPaymentLink']],
    ['cancelled', ['sendPaymentLink', 'delete']],
  ] as const)('%s', (status, actions) => {
    expect(subscriptionActions(status)).toEqual(actions);
  });
});
