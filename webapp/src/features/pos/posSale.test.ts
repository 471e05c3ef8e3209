import { describe, expect, it } from 'vitest';
import type { PosProduct } from '../../api/generated/pos';
import type { PickedSeat } from '../../shared/seats/seatModel';
import { cartLines, newSale, posCart, posErrors, seatsAfterPicking, type Sale } from './posSale';

const seat = (label: string): PickedSeat => ({
  label,
  section: 'Tribune Nord',
  row: 'N1',
  seatNumber: label.split('-')[1] ?? '',
  color: '#1e88e5',
  categoryKey: 'a',
});

const product = (productId: string, kind: PosProduct['kind']): PosProduct => ({
  productId,
  kind,
  title: productId,
  price: 10_000,
  available: null,
  allowance: 0,
  seatCategories: [],
});

function sale(extra: Partial<Sale> = {}): Sale {
  return { ...newSale(), key: 'sale-1', ...extra };
}

describe('a sale at the desk', () => {
  it('has one line per seat of a seat ticket and one per other product above 0', () => {
    const lines = cartLines(
      [
        product('adult', 'seat-ticket'),
        product('child', 'ticket'),
        product('programme', 'product'),
      ],
      sale({
        holdToken: 'hold-1',
        amounts: { adult: 2, child: 0, programme: 3 },
        seats: { adult: [seat('N1-2'), seat('N1-3')] },
      }),
    );
    expect(lines).toEqual([
      { productId: 'adult', amount: 1, seat: 'N1-2', holdToken: 'hold-1' },
      { productId: 'adult', amount: 1, seat: 'N1-3', holdToken: 'hold-1' },
      { productId: 'programme', amount: 3, seat: null, holdToken: null },
    ]);
  });

  it("puts a refusal of a line on the line's product, others on their fields", () => {
    const cart = posCart(
      'e-1',
      sale(),
      [
        { productId: 'adult', amount: 1, seat: 'N1-2', holdToken: 'hold-1' },
        { productId: 'programme', amount: 3, seat: null, holdToken: null },
      ],
      {},
    );
    const errors = posErrors(
      {
        status: 422,
        errors: {
          'products.0.seat': ['Pladsen N1-2 er ikke længere ledig'],
          'products.1.amount': ['Der er kun 2 tilbage'],
          'customer.companyId': ['Virksomheden findes ikke'],
          paymentMethod: ['Vælg hvordan kunden betaler'],
          products: ['Kurven er tom'],
        },
      },
      cart,
    );
    expect(errors).toEqual({
      products: {
        adult: ['Pladsen N1-2 er ikke længere ledig'],
        programme: ['Der er kun 2 tilbage'],
      },
      cart: ['Kurven er tom'],
      company: ['Virksomheden findes ikke'],
      email: [],
      payment: ['Vælg hvordan kunden betaler'],
    });
  });

  it("keeps the other products' seats the picker still holds; a new session only its own", () => {
    const before = sale({
      holdToken: 'hold-1',
      seats: { adult: [seat('N1-2'), seat('N1-3')] },
    });
    // The child's picker showed the adults' seats too; one was given back there.
    expect(
      seatsAfterPicking(before, 'child', [seat('N1-2'), seat('N1-4'), seat('N1-5')], 'hold-1'),
    ).toEqual({ adult: [seat('N1-2')], child: [seat('N1-4'), seat('N1-5')] });
    // The session ran out in the picker: the adults' seats went with it.
    expect(seatsAfterPicking(before, 'child', [seat('N1-4')], 'hold-2')).toEqual({
      child: [seat('N1-4')],
    });
  });
});
