import { describe, expect, it } from 'vitest';
import {
  chartInput,
  emptyRow,
  markedSeatExists,
  nextRowLabels,
  previewInput,
  type SectionFormValues,
} from './seatChartSchema';

const section = (name: string, labels: string[], seats = '10'): SectionFormValues => ({
  name,
  categoryKey: null,
  rows: labels.map((label) => ({ ...emptyRow(label), seats })),
});

describe('the names of new rows', () => {
  it("take the section's initial and the next numbers no row of the chart uses", () => {
    const sections = [section('Nord', ['N1', 'N2']), section('nedre', ['n4'])];
    expect(nextRowLabels(sections, 1, 3)).toEqual(['N3', 'N5', 'N6']);
  });

  it("use 'R' for a section without a letter or digit yet", () => {
    expect(nextRowLabels([section(' ', [])], 0, 2)).toEqual(['R1', 'R2']);
  });
});

describe('a marked seat', () => {
  const sections = [section('Nord', ['N1'], '4'), section('Syd', ['S1'], '')];

  it('exists while its row is there and long enough', () => {
    expect(markedSeatExists(sections, 'N1-4')).toBe(true);
    expect(markedSeatExists(sections, 'N1-5')).toBe(false);
    expect(markedSeatExists(sections, 'N2-1')).toBe(false);
  });

  it('is kept while its row’s seat count is being typed', () => {
    expect(markedSeatExists(sections, 'S1-30')).toBe(true);
  });
});

describe('the input sent', () => {
  it('trims the texts, reads the Danish numbers and sends no empty category', () => {
    const input = chartInput({
      name: ' Lille sal ',
      categories: [{ key: ' a ', label: ' A ', color: '#ABCDEF', accessible: true }],
      sections: [
        {
          name: ' Nord ',
          categoryKey: '',
          rows: [
            {
              label: ' N1 ',
              seats: ' 12 ',
              numbering: 'rightToLeft',
              categoryKey: 'a',
              curve: '-2,5',
            },
          ],
        },
      ],
      seats: [],
    });
    expect(input).toEqual({
      name: 'Lille sal',
      categories: [{ key: 'a', label: 'A', color: '#abcdef', accessible: true }],
      sections: [
        {
          name: 'Nord',
          categoryKey: null,
          rows: [
            { label: 'N1', seats: 12, numbering: 'rightToLeft', categoryKey: 'a', curve: -2.5 },
          ],
        },
      ],
      seats: [],
    });
  });

  it('previews a chart without a name under a stand-in', () => {
    const values = { name: '', categories: [], sections: [], seats: [] };
    expect(previewInput(values, 'Forhåndsvisning').name).toBe('Forhåndsvisning');
    expect(previewInput({ ...values, name: 'Scenen' }, 'Forhåndsvisning').name).toBe('Scenen');
  });
});

describe("a section's place", () => {
  const section = (place: { x?: string; y?: string; rotation?: string }) =>
    chartInput({
      name: 'Arena',
      categories: [],
      sections: [{ name: 'Nord', categoryKey: null, rows: [], ...place }],
      seats: [],
    }).sections[0];

  it('is sent when both x and y are given, the rotation 0 unless typed', () => {
    expect(section({ x: '50', y: '-14,5', rotation: '180' }).position).toEqual({
      x: 50,
      y: -14.5,
      rotation: 180,
    });
    expect(section({ x: '0', y: '0' }).position).toEqual({ x: 0, y: 0, rotation: 0 });
  });

  it('is left out (beside the section before) when x or y is missing', () => {
    expect(section({ x: '50' })).not.toHaveProperty('position');
    expect(section({})).not.toHaveProperty('position');
  });
});
