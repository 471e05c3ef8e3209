import { describe, expect, it } from 'vitest';
import type { SeatMark } from '../../api/generated/seats';
import { layOut, stadiumInput } from './seatChartFixtures';
import { seatRange, withMarks, withoutMarks } from './seatMarks';

const notForSale = (label: string): SeatMark => ({
  label,
  categoryKey: null,
  accessible: false,
  forSale: false,
});

describe('the marks of chosen seats', () => {
  it('change the marked seats in place and add the others after them', () => {
    const marks = [notForSale('N1-1'), notForSale('N1-2')];
    expect(withMarks(marks, ['N1-2', 'N1-3'], { accessible: true })).toEqual([
      notForSale('N1-1'),
      { ...notForSale('N1-2'), accessible: true },
      { label: 'N1-3', categoryKey: null, accessible: true, forSale: true },
    ]);
  });

  it('leave out a mark that no longer changes its seat', () => {
    expect(withMarks([notForSale('N1-1')], ['N1-1'], { forSale: true })).toEqual([]);
    expect(withoutMarks([notForSale('N1-1'), notForSale('N1-2')], ['N1-1'])).toEqual([
      notForSale('N1-2'),
    ]);
  });
});

describe('a shift-click', () => {
  const chart = layOut(stadiumInput);

  it('chooses the seats between two of the same row, in the row’s order', () => {
    expect(seatRange(chart, 'N2-5', 'N2-2')).toEqual(['N2-2', 'N2-3', 'N2-4', 'N2-5']);
  });

  it('chooses only the clicked seat when the first is in another row or none', () => {
    expect(seatRange(chart, 'N1-2', 'N2-4')).toEqual(['N2-4']);
    expect(seatRange(chart, null, 'N2-4')).toEqual(['N2-4']);
  });
});
