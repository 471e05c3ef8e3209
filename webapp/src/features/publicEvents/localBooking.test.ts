import { describe, expect, it } from 'vitest';
import {
  clearBooking,
  freshBooking,
  loadBooking,
  localBookingKey,
  saveBooking,
} from './localBooking';

const booked = {
  ...freshBooking('ev-1', 'u-1'),
  customerKey: 'co-1',
  lines: [{ productId: 'p-1', amount: 2, names: [] }],
  reached: 2 as const,
};

describe('the local booking', () => {
  it("keeps the user's booking of the event", () => {
    saveBooking(booked);
    expect(loadBooking('ev-1', 'u-1')).toEqual(booked);
  });

  it('starts afresh, and forgets the stored one, for another user', () => {
    saveBooking(booked);
    expect(loadBooking('ev-1', null)).toEqual(freshBooking('ev-1', null));
    expect(localStorage.getItem(localBookingKey('ev-1'))).toBeNull();
  });

  it('keeps each event apart', () => {
    saveBooking(booked);
    expect(loadBooking('ev-2', 'u-1')).toEqual(freshBooking('ev-2', 'u-1'));
    expect(loadBooking('ev-1', 'u-1')).toEqual(booked);
  });

  it('starts afresh from a stored booking of another shape', () => {
    localStorage.setItem(localBookingKey('ev-1'), '{"eventId":"ev-1","lines":"x"}');
    expect(loadBooking('ev-1', 'u-1')).toEqual(freshBooking('ev-1', 'u-1'));
    localStorage.setItem(localBookingKey('ev-1'), 'not json');
    expect(loadBooking('ev-1', 'u-1')).toEqual(freshBooking('ev-1', 'u-1'));
  });

  it('keeps the seats picked and their hold session', () => {
    const seated = {
      ...booked,
      lines: [
        {
          productId: 'p-seat',
          amount: 1,
          names: [],
          seats: [
            {
              label: 'N1-3',
              section: 'Tribune Nord',
              row: 'N1',
              seatNumber: '3',
              color: '#1e88e5',
              categoryKey: 'a',
            },
          ],
          holdToken: 'hold-1',
        },
      ],
    };
    saveBooking(seated);
    expect(loadBooking('ev-1', 'u-1')).toEqual(seated);
    localStorage.setItem(
      localBookingKey('ev-1'),
      JSON.stringify({ ...seated, lines: [{ ...seated.lines[0], seats: [{ label: 1 }] }] }),
    );
    expect(loadBooking('ev-1', 'u-1')).toEqual(freshBooking('ev-1', 'u-1'));
  });

  it("keeps the invitation's token, and reads a booking stored before invitations as without one", () => {
    const invited = { ...booked, inviteToken: 'inv-1' };
    saveBooking(invited);
    expect(loadBooking('ev-1', 'u-1')).toEqual(invited);
    const older: Record<string, unknown> = { ...booked };
    delete older.inviteToken;
    localStorage.setItem(localBookingKey('ev-1'), JSON.stringify(older));
    expect(loadBooking('ev-1', 'u-1')).toEqual(booked);
    localStorage.setItem(localBookingKey('ev-1'), JSON.stringify({ ...booked, inviteToken: 7 }));
    expect(loadBooking('ev-1', 'u-1')).toEqual(freshBooking('ev-1', 'u-1'));
  });

  it('is gone once cleared', () => {
    saveBooking(booked);
    clearBooking('ev-1');
    expect(loadBooking('ev-1', 'u-1')).toEqual(freshBooking('ev-1', 'u-1'));
  });
});
