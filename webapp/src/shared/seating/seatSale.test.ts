import { describe, expect, it } from 'vitest';
import { newOrderWithSeatsPath, seatSaleOf } from './seatSale';

const queryOf = (path: string) => new URLSearchParams(path.slice(path.indexOf('?')));

describe('the seats sold from the seat overview', () => {
  it('go to a new order in its URL, and are read back from it', () => {
    const path = newOrderWithSeatsPath({ eventId: 'e 1', seats: ['N1-3', 'N1-4'] });
    expect(path).toBe('/orders/create?seatEvent=e+1&seats=N1-3%2CN1-4');
    expect(seatSaleOf(queryOf(path))).toEqual({ eventId: 'e 1', seats: ['N1-3', 'N1-4'] });
  });

  it('are each read once, and none without an event or a seat', () => {
    expect(seatSaleOf(new URLSearchParams('seatEvent=e-1&seats=N1-3,, N1-3 ,N1-4'))).toEqual({
      eventId: 'e-1',
      seats: ['N1-3', 'N1-4'],
    });
    expect(seatSaleOf(new URLSearchParams('seats=N1-3'))).toBeNull();
    expect(seatSaleOf(new URLSearchParams('seatEvent=e-1&seats='))).toBeNull();
    expect(seatSaleOf(new URLSearchParams(''))).toBeNull();
  });
});
