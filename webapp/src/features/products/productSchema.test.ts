import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { yup } from '../../shared/validation';
import { DEFAULT_CONTRACT_SETUP, productFormValues, productSchema } from './productSchema';

/** The form's messages by field path, as formik shows them. */
function errorsOf(change: (values: ReturnType<typeof productFormValues>) => void) {
  const values = productFormValues();
  values.title = 'Sæsonkort';
  values.type = 'product';
  values.price = '100';
  change(values);
  try {
    productSchema(i18next.t).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const messages: Record<string, string> = {};
    for (const inner of (error as yup.ValidationError).inner) {
      if (inner.path && !(inner.path in messages)) messages[inner.path] = inner.message;
    }
    return messages;
  }
}

const variant = { title: 'Voksen', price: '100', saleAmount: '' };
const option = { productId: 'p2', priceOverride: false, price: '' };

describe('the product form (spec 3 §5)', () => {
  it('accepts a filled product', () => {
    expect(errorsOf(() => {})).toEqual({});
  });

  it('needs a title and a type', () => {
    const errors = errorsOf((v) => {
      v.title = '  ';
      v.type = null;
    });
    expect(errors.title).toBe('Titel skal udfyldes');
    expect(errors.type).toMatch(/skal udfyldes$/);
  });

  it('needs the price as a decimal number', () => {
    expect(errorsOf((v) => (v.price = '12,3,4')).price).toBe('Pris skal være et gyldigt tal.');
    expect(errorsOf((v) => (v.price = '')).price).toBe('Pris skal udfyldes');
    expect(errorsOf((v) => (v.price = '1.234,50'))).toEqual({});
  });

  it('needs a title and a decimal price on each variant', () => {
    const errors = errorsOf((v) => {
      v.variants = [
        { ...v.variants[0], ...variant, title: '' },
        { ...v.variants[0], ...variant, price: 'abc' },
      ] as typeof v.variants;
    });
    expect(errors['variants[0].title']).toBe('Titel skal udfyldes');
    expect(errors['variants[1].price']).toBe('Pris skal være et gyldigt tal.');
  });

  it('needs the product of an option, and its price only when the price is overridden', () => {
    const errors = errorsOf((v) => {
      v.options = [
        { ...option, productId: null },
        { ...option, priceOverride: true, price: '' },
        { ...option, priceOverride: false, price: '' },
      ] as unknown as typeof v.options;
    });
    expect(errors['options[0].productId']).toMatch(/skal udfyldes$/);
    expect(errors['options[1].price']).toBe('Pris skal udfyldes');
    expect(errors['options[2].price']).toBeUndefined();
  });

  it('on contracts needs a type, an amount type for numbers and a unit for amounts', () => {
    const setup = (patch: Record<string, unknown>) =>
      errorsOf((v) => {
        v.onContracts = true;
        v.contractSetup = { ...DEFAULT_CONTRACT_SETUP, ...patch } as typeof v.contractSetup;
      });
    expect(setup({ type: null })['contractSetup.type']).toMatch(/skal udfyldes$/);
    expect(setup({ type: 'number', amountType: null })['contractSetup.amountType']).toMatch(
      /skal udfyldes$/,
    );
    expect(setup({ type: 'text', amountType: null })['contractSetup.amountType']).toBeUndefined();
    expect(
      setup({ type: 'number', amountType: 'amount', unit: null })['contractSetup.unit'],
    ).toMatch(/skal udfyldes$/);
    expect(setup({ type: 'number', amountType: 'amount', unit: 'person' })).toEqual({});
    // Without the contract setup nothing of it is checked.
    expect(
      errorsOf((v) => {
        v.onContracts = false;
        v.contractSetup = { ...DEFAULT_CONTRACT_SETUP, type: null } as typeof v.contractSetup;
      }),
    ).toEqual({});
  });
});

describe("the club's ticket templates", () => {
  it('are offered by name after Default, without blanks or a second Default', async () => {
    const { clubTicketTemplates } = await import('./ProductTabs');
    expect(
      clubTicketTemplates({
        events: {
          ticketTemplates: [
            { name: 'Sæsonkort' },
            { name: '' },
            { name: 'Default' },
            { name: 'VIP' },
          ],
        },
      }),
    ).toEqual(['Sæsonkort', 'VIP']);
    expect(clubTicketTemplates(undefined)).toEqual([]);
    expect(clubTicketTemplates({ events: {} })).toEqual([]);
  });
});
