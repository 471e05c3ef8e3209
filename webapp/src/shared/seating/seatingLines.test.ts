import { describe, expect, it } from 'vitest';
import type { EventListRow } from '../../api/generated/events';
import { newOrderLine } from '../orderLines/orderLineSchema';
import type { OrderLine } from '../orderLines/types';
import { stadium } from '../seats/seatFixtures';
import {
  copyAt,
  isSeatingLine,
  lineAt,
  replaceSeatingLines,
  seatingEvents,
  seatingStates,
  seatLineOf,
} from './seatingLines';

const league = { id: 'ev-1', title: 'Ligakamp', startDate: '2099-04-12T13:00:00Z', endDate: null };
const cup = { id: 'ev-2', title: 'Pokalkamp', startDate: '2099-05-01T17:00:00Z', endDate: null };
const seat = (label: string) => {
  const found = stadium().seats.find((candidate) => candidate.label === label);
  if (!found) throw new Error(label);
  return found;
};

function line(extra: Partial<OrderLine>): OrderLine {
  return { ...newOrderLine(), title: 'Linje', type: 'product', ...extra };
}

const seatLine = (id: string, label: string, event = league) => ({
  ...seatLineOf(
    {
      id: 'p-seat',
      title: 'Pladsbillet',
      sku: null,
      price: 20_000,
      prePayment: false,
      vatExempt: false,
    },
    seat(label),
    event,
  ),
  id,
});

describe('a seat line', () => {
  it('is a seat ticket of the product at the event, one seat, its total the price', () => {
    expect(
      seatLineOf(
        {
          id: 'p-seat',
          title: 'Pladsbillet',
          sku: null,
          price: 20_000,
          prePayment: false,
          vatExempt: false,
        },
        seat('N1-3'),
        league,
      ),
    ).toMatchObject({
      productId: 'p-seat',
      title: 'Pladsbillet',
      type: 'seat-ticket',
      price: 20_000,
      discount: 0,
      amount: 1,
      total: 20_000,
      seat: 'N1-3',
      seatEvent: 'Ligakamp',
      seatEventId: 'ev-1',
      seatCategoryId: 'a',
    });
  });

  it('moves to another event with that chart’s category, or is copied there as a new line', () => {
    const moved = lineAt(seatLine('l-1', 'N1-3'), cup, { ...seat('N1-3'), categoryKey: 'b' });
    expect(moved).toMatchObject({
      id: 'l-1',
      seat: 'N1-3',
      seatEvent: 'Pokalkamp',
      seatEventId: 'ev-2',
      seatCategoryId: 'b',
    });
    const copied = copyAt(seatLine('l-1', 'N1-3'), cup, seat('N1-3'));
    expect(copied.id).not.toBe('l-1');
    expect(copied).toMatchObject({ seat: 'N1-3', seatEventId: 'ev-2', price: 20_000 });
  });

  it('is edited by the dialog only when it names its event', () => {
    expect(isSeatingLine(seatLine('l-1', 'N1-3'))).toBe(true);
    expect(isSeatingLine(line({ type: 'seat-ticket', seat: 'A-1' }))).toBe(false);
    expect(isSeatingLine(line({ seatEventId: 'ev-1' }))).toBe(false);
  });
});

describe('saving the dialog', () => {
  it('replaces the seating lines where the first stood and keeps the others', () => {
    const scarf = line({ id: 'scarf' });
    const typed = line({ id: 'typed', type: 'seat-ticket', seat: 'A-1' });
    const beer = line({ id: 'beer' });
    const lines = [scarf, seatLine('old-1', 'N1-1'), typed, seatLine('old-2', 'N1-2'), beer];
    const edited = [seatLine('new-1', 'N2-1'), seatLine('new-2', 'N2-2')];
    expect(replaceSeatingLines(lines, edited).map((each) => each.id)).toEqual([
      'scarf',
      'new-1',
      'new-2',
      'typed',
      'beer',
    ]);
    expect(replaceSeatingLines([scarf], edited).map((each) => each.id)).toEqual([
      'scarf',
      'new-1',
      'new-2',
    ]);
    expect(replaceSeatingLines(lines, []).map((each) => each.id)).toEqual([
      'scarf',
      'typed',
      'beer',
    ]);
  });
});

describe('the chart as the dialog draws it', () => {
  it('marks the lines’ seats at the event and frees this order’s dropped ones', () => {
    const states = seatingStates(
      [
        { label: 'N1-1', state: 'booked', note: '#1001' },
        { label: 'N1-2', state: 'booked', note: '#1001' },
        { label: 'N1-3', state: 'booked', note: '#1002' },
        { label: 'N1-4', state: 'booked', note: '#10011' },
        { label: 'N1-5', state: 'released', note: 'Karen Kunde' },
        { label: 'N1-6', state: 'held' },
        { label: 'N2-1', state: 'free' },
      ],
      [seatLine('l-1', 'N1-1'), seatLine('l-2', 'N2-1'), seatLine('l-3', 'N2-2', cup)],
      'ev-1',
      '#1001',
    );
    expect(Object.fromEntries(states)).toEqual({
      'N1-1': 'mine',
      'N1-2': 'free',
      'N1-3': 'booked',
      'N1-4': 'booked',
      'N1-5': 'free',
      'N1-6': 'held',
      'N2-1': 'mine',
    });
  });

  it('leaves every booking to others while the order is not saved', () => {
    const states = seatingStates(
      [{ label: 'N1-1', state: 'booked', note: '#1001' }],
      [],
      'ev-1',
      null,
    );
    expect(states.get('N1-1')).toBe('booked');
  });
});

describe('the events offered', () => {
  const row = (extra: Partial<EventListRow>): EventListRow => ({
    Id: 'e',
    Title: 'E',
    Type: null,
    Location: null,
    StartDate: '2099-01-01T12:00:00Z',
    EndDate: '',
    SignUpDeadline: '',
    Promote: false,
    HasTickets: true,
    HasSeating: true,
    Private: false,
    Url: '',
    Cancelled: false,
    ...extra,
  });

  it('are those with seating in the period, sub-events too, the first first', () => {
    const rows = [
      row({
        Id: 'season',
        Title: 'Sæson',
        StartDate: '2099-03-01T12:00:00Z',
        EndDate: '2099-06-30T12:00:00Z',
        children: [row({ Id: 'match', Title: 'Kamp', StartDate: '2099-04-02T12:00:00Z' })],
      }),
      row({ Id: 'gala', Title: 'Gallafest', StartDate: '2099-02-01T18:00:00Z', HasSeating: false }),
      row({ Id: 'old', Title: 'Gammel', StartDate: '2020-02-01T18:00:00Z' }),
      row({ Id: 'late', Title: 'Sen', StartDate: '2099-08-01T18:00:00Z' }),
    ];
    expect(seatingEvents(rows, '2099-01-01', null).map((event) => event.id)).toEqual([
      'season',
      'match',
      'late',
    ]);
    // A season running on 'Fra' is offered; 'Til' ends the period with its day.
    expect(seatingEvents(rows, '2099-04-01', '2099-04-02').map((event) => event.id)).toEqual([
      'season',
      'match',
    ]);
    expect(seatingEvents(rows, null, null)).toHaveLength(4);
  });
});
