import { describe, expect, it } from 'vitest';
import { maxMore, placeErrors } from './bookingRules';
import { product } from './publicEventFixtures';

describe('how many more of a product may be taken', () => {
  it('is unlimited without places or a maximum', () => {
    expect(maxMore(product())).toBeNull();
  });

  it('is the places left less what the booking holds', () => {
    expect(maxMore(product({ available: 5 }), 2)).toBe(3);
    expect(maxMore(product({ available: 1 }), 2)).toBe(0);
  });

  it("is capped by the buyer's maximum less what they bought", () => {
    expect(maxMore(product({ available: 10, maxAmount: 4, purchased: 1 }))).toBe(3);
    expect(maxMore(product({ available: null, maxAmount: 4, purchased: 4 }))).toBe(0);
  });
});

describe("the server's refusals on the wizard's steps", () => {
  const sent = [
    { productId: 'p-1', amount: 2, names: [] },
    { productId: 'p-2', amount: 1, names: [''] },
  ];

  it("puts a line's errors on its product in step 1", () => {
    expect(
      placeErrors(
        {
          'products.1.amount': ['Der er kun 0 tilgængelige pladser'],
          'products.1.names': ['Navn på billetindehaveren skal udfyldes'],
          email: ['E-mail skal udfyldes'],
        },
        'Der er kun 0 tilgængelige pladser',
        sent,
        3,
      ),
    ).toEqual({
      step: 1,
      products: {
        'p-2': {
          amount: 'Der er kun 0 tilgængelige pladser',
          names: 'Navn på billetindehaveren skal udfyldes',
        },
      },
      contact: { email: 'E-mail skal udfyldes' },
    });
  });

  it("puts the customer's fields and the questions in step 2", () => {
    expect(
      placeErrors({ 'extraInfo.1': ['Kost skal udfyldes'] }, 'Kost skal udfyldes', sent, 3),
    ).toMatchObject({ step: 2, contact: { 'answers.q1': 'Kost skal udfyldes' } });
  });

  it('keeps the terms and a refusal without fields on the step that asked', () => {
    expect(
      placeErrors(
        { acceptTerms: ['Du skal acceptere handelsbetingelserne'] },
        'Du skal acceptere handelsbetingelserne',
        sent,
        3,
      ),
    ).toMatchObject({ step: 3, acceptTerms: 'Du skal acceptere handelsbetingelserne' });
    expect(placeErrors({}, 'Tilmeldingen er lukket.', sent, 3)).toMatchObject({
      step: 3,
      message: 'Tilmeldingen er lukket.',
    });
  });

  it('shows the message of a field no step has', () => {
    expect(placeErrors({ intentSecret: ['Prøv igen.'] }, 'Prøv igen.', sent, 3)).toMatchObject({
      step: 3,
      message: 'Prøv igen.',
    });
  });
});
