import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { orderLine, savedOrder } from '../../test/orders';
import { orderFormValues, orderPayload, orderSchema, type OrderFormValues } from './orderSchema';

const t = i18next.t.bind(i18next);

async function errorsOf(values: OrderFormValues): Promise<Record<string, string>> {
  try {
    await orderSchema(t, [
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

function withInvoicing(
  invoicing: Partial<OrderFormValues['invoicing']>,
  lines = [orderLine()],
): OrderFormValues {
  const values = orderFormValues(savedOrder({ orderLines: lines }));
  return { ...values, invoicing: { ...values.invoicing, ...invoicing } };
}

describe('the order rules (spec 3 §5)', () => {
  it('need no dates without an invoicing method', async () => {
    expect(await errorsOf(withInvoicing({ type: 'none' }))).toEqual({});
  });

  it('need the invoice date with a method', async () => {
    expect(await errorsOf(withInvoicing({ type: 'single' }))).toEqual({
      'invoicing.invoiceDate': 'Fakturadato skal udfyldes',
    });
  });

  it('need the prepayment date when a line or an option is prepaid', async () => {
    const prepaidLine = orderLine({ prePayment: true });
    expect(
      await errorsOf(withInvoicing({ type: 'rates', invoiceDate: '2026-04-01' }, [prepaidLine])),
    ).toEqual({ 'invoicing.prePaymentDate': 'Forudbetalingsdato skal udfyldes' });
    const prepaidOption = orderLine({
      options: [
        {
          productId: 'p2',
          variantId: null,
          title: 'Navnetryk',
          variant: null,
          sku: null,
          type: 'product',
          price: 9_900,
          prePayment: true,
        },
      ],
    });
    expect(
      await errorsOf(withInvoicing({ type: 'single', invoiceDate: '2026-04-01' }, [prepaidOption])),
    ).toEqual({ 'invoicing.prePaymentDate': 'Forudbetalingsdato skal udfyldes' });
    expect(
      await errorsOf(
        withInvoicing({ type: 'single', invoiceDate: '2026-04-01', prePaymentDate: '2026-03-15' }, [
          prepaidLine,
        ]),
      ),
    ).toEqual({});
  });

  it('check Number fields, the e-mail and the order discount', async () => {
    const values = orderFormValues(savedOrder());
    expect(
      await errorsOf({
        ...values,
        email: 'anna@',
        fieldValues: { f1: 'mange' },
        orderDiscount: '500,00',
      }),
    ).toEqual({
      email: 'E-mail skal være en gyldig e-mail adresse',
      'fieldValues.f1': 'Antal gæster skal være et gyldigt tal.',
      orderDiscount: 'Rabatten kan ikke være større end ordrens beløb',
    });
  });
});

describe('the order sent to orders/update', () => {
  it("keeps the loaded order's version and sends money in øre and the rate fee in basis points", () => {
    const order = savedOrder({ version: 7 });
    const values = {
      ...orderFormValues(order),
      orderDiscount: '10,00',
      invoicing: {
        type: 'rates' as const,
        prePaymentDate: null,
        invoiceDate: '2026-04-01',
        rateFee: '2,5',
        splitPayments: true,
      },
    };
    expect(orderPayload(order, values)).toMatchObject({
      id: 'o-1',
      version: 7,
      orderDiscount: 1_000,
      invoicing: { type: 'rates', invoiceDate: '2026-04-01', rateFee: 250, splitPayments: true },
      // 298,00 − 10,00 = 288,00 incl. VAT; 2,5 % of 230,40 = 5,76 fee + 1,44 VAT.
      subtotal: 23_040,
      additionalFee: 576,
      vat: 5_904,
      total: 29_520,
    });
  });
});
