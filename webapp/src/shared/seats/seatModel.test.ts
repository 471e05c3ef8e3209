import { describe, expect, it } from 'vitest';
import { AREA, stadiumWithArea } from './seatFixtures';
import {
  areaCounts,
  firstFreePlace,
  leavesOrphan,
  standingAreaOf,
  standingAreasOf,
  type SeatMapState,
} from './seatModel';

describe('the seat model', () => {
  it('finds the standing areas of a chart with their places', () => {
    const chart = stadiumWithArea();
    const [area, ...others] = standingAreasOf(chart);
    expect(others).toEqual([]);
    if (!area) throw new Error('no standing area');
    expect(area.section).toBe(AREA);
    expect(area.places.map((place) => place.label)).toEqual([
      'ST-1',
      'ST-2',
      'ST-3',
      'ST-4',
      'ST-5',
      'ST-6',
    ]);
    expect(area.categoryKey).toBe('b');
    const states = new Map<string, SeatMapState>([
      ['ST-1', 'mine'],
      ['ST-2', 'booked'],
    ]);
    expect(areaCounts(area, states)).toEqual({ free: 4, mine: 1 });
    expect(areaCounts(area, states, ['a'])).toEqual({ free: 0, mine: 1 });
  });

  it("takes an area's first free place in the chart's order, and none when it is full", () => {
    const area = standingAreaOf(stadiumWithArea(), AREA);
    if (!area) throw new Error('no standing area');
    expect(firstFreePlace(area, new Map())?.label).toBe('ST-1');
    // The session's places, and those sold or held by others, are passed by.
    const states = new Map<string, SeatMapState>([
      ['ST-1', 'mine'],
      ['ST-2', 'booked'],
      ['ST-3', 'held'],
    ]);
    expect(firstFreePlace(area, states)?.label).toBe('ST-4');
    expect(firstFreePlace(area, states, ['b'])?.label).toBe('ST-4');
    // Of a category the ticket does not sell.
    expect(firstFreePlace(area, states, ['a'])).toBeUndefined();
    states.set('ST-4', 'mine');
    states.set('ST-5', 'reserved');
    states.set('ST-6', 'channel');
    expect(firstFreePlace(area, states)).toBeUndefined();
  });

  it('leaves the orphan rule out of a standing area', () => {
    const chart = stadiumWithArea();
    const place = (label: string) => {
      const found = chart.seats.find((seat) => seat.label === label);
      if (!found) throw new Error(`no seat ${label}`);
      return found;
    };
    const states = new Map<string, SeatMapState>([
      ['N1-1', 'booked'],
      ['ST-1', 'booked'],
    ]);
    // In a row of seats, N1-3 would leave N1-2 alone beside the sold N1-1 ...
    expect(leavesOrphan(chart, states, place('N1-3'))).toBe(true);
    // ... but the places of an area have no number: ST-2 may stand alone.
    expect(leavesOrphan(chart, states, place('ST-3'))).toBe(false);
  });
});
