import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ChartInput, SectionInput } from '../../api/generated/seats';
import {
  chartFormValues,
  chartInput,
  emptyArea,
  emptyRow,
  markedSeatExists,
  nextRowLabels,
  previewInput,
  seatChartSchema,
  withStandingArea,
  type SeatChartFormValues,
  type SectionFormValues,
} from './seatChartSchema';

const t = i18next.t.bind(i18next);

const section = (name: string, labels: string[], seats = '10'): SectionFormValues => ({
  name,
  categoryKey: null,
  rows: labels.map((label) => ({ ...emptyRow(label), seats })),
});

/** `section` with its area's code and capacity typed. */
const typedArea = (section: SectionFormValues, code: string, capacity: string) => ({
  ...section,
  rows: [{ ...emptyArea(), label: code, seats: capacity }],
});

/** A standing area 'code' of `capacity` places, as the designer holds it. */
const area = (name: string, code: string, capacity: string): SectionFormValues =>
  withStandingArea(
    { name, categoryKey: null, rows: [], otherRows: [{ ...emptyRow(code), seats: capacity }] },
    true,
  );

async function errorsOf(values: SeatChartFormValues): Promise<Record<string, string>> {
  try {
    await seatChartSchema(t).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((item) => [item.path, item.message]));
  }
}

const chartOf = (...sections: SectionFormValues[]): SeatChartFormValues => ({
  name: 'Arena',
  categories: [],
  sections,
  seats: [],
});

describe('the names of new rows', () => {
  it("take the section's initial and the next numbers no row of the chart uses", () => {
    const sections = [section('Nord', ['N1', 'N2']), section('nedre', ['n4'])];
    expect(nextRowLabels(sections, 1, 3)).toEqual(['N3', 'N5', 'N6']);
  });

  it("use 'R' for a section without a letter or digit yet", () => {
    expect(nextRowLabels([section(' ', [])], 0, 2)).toEqual(['R1', 'R2']);
  });

  it("pass over a standing area's code, which names its places as a row's name does", () => {
    expect(nextRowLabels([area('Ståpladser', 'S1', '300'), section('Syd', [])], 1, 1)).toEqual([
      'S2',
    ]);
  });
});

describe('a standing area', () => {
  it('is one row of a code and a capacity; switching back brings the numbered rows again', () => {
    const numbered = section('Nord', ['N1', 'N2']);
    const standing = withStandingArea(numbered, true);
    expect(standing.generalAdmission).toBe(true);
    expect(standing.rows).toEqual([expect.objectContaining({ label: '', seats: '' })]);

    const typed = typedArea(standing, 'ST', '300');
    const back = withStandingArea(typed, false);
    expect(back.generalAdmission).toBe(false);
    expect(back.rows).toEqual(numbered.rows);
    expect(withStandingArea(back, true).rows).toEqual(typed.rows);
  });

  it('takes a capacity of 1 to 5000 places', async () => {
    expect(await errorsOf(chartOf(area('Ståpladser', 'ST', '1')))).toEqual({});
    expect(await errorsOf(chartOf(area('Ståpladser', 'ST', '5000')))).toEqual({});
    for (const capacity of ['0', '5001']) {
      expect(await errorsOf(chartOf(area('Ståpladser', 'ST', capacity)))).toEqual({
        'sections[0].rows[0].seats': 'Kapaciteten skal være mellem 1 og 5000',
      });
    }
    expect(await errorsOf(chartOf(area('Ståpladser', 'ST', '')))).toEqual({
      'sections[0].rows[0].seats': 'Kapacitet skal udfyldes',
    });
    expect(await errorsOf(chartOf(area('Ståpladser', 'ST', '12,5')))).toEqual({
      'sections[0].rows[0].seats': 'Kapacitet skal være et tal',
    });
  });

  it("needs a code of letters and digits, as a row's name", async () => {
    expect(await errorsOf(chartOf(area('Ståpladser', 'S T', '300')))).toEqual({
      'sections[0].rows[0].label': 'Koden må kun indeholde bogstaver og tal',
    });
    expect(
      (await errorsOf(chartOf(area('Ståpladser', '', '300'))))['sections[0].rows[0].label'],
    ).toBeDefined();
  });

  it('keeps the rule of 1 to 200 seats for a numbered row', async () => {
    expect(await errorsOf(chartOf(section('Nord', ['N1'], '300')))).toEqual({
      'sections[0].rows[0].seats': 'Pladser må maksimalt være 200 eller mindre',
    });
  });

  it('is sent as one straight row of its capacity, whatever the other rows were', () => {
    const numbered = { ...section('Nord', ['N1']), categoryKey: 'staa' };
    const standing = withStandingArea(numbered, true);
    const input = chartInput(chartOf(typedArea(standing, ' ST ', ' 300 ')));
    expect(input.sections).toEqual([
      {
        name: 'Nord',
        categoryKey: 'staa',
        generalAdmission: true,
        rows: [{ label: 'ST', seats: 300, numbering: 'leftToRight', curve: 0, categoryKey: null }],
      },
    ]);
    expect(chartInput(chartOf(withStandingArea(standing, false))).sections[0]).not.toHaveProperty(
      'generalAdmission',
    );
  });

  it('takes no marks on its places', () => {
    expect(markedSeatExists([area('Ståpladser', 'ST', '300')], 'ST-3')).toBe(false);
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

describe('a saved chart in the designer', () => {
  const north: SectionInput = {
    name: 'Nord',
    categoryKey: 'vip',
    rows: [
      { label: 'N1', seats: 12, numbering: 'leftToRight', categoryKey: null, curve: 0 },
      { label: 'N2', seats: 14, numbering: 'rightToLeft', categoryKey: 'staa', curve: -2.5 },
    ],
  };
  /** An arena as the server keeps it: already trimmed, numbers read, colours in lower case. */
  const arena: ChartInput = {
    name: 'Arena',
    categories: [
      { key: 'vip', label: 'VIP', color: '#c62828', accessible: false },
      { key: 'staa', label: 'Ståplads', color: '#1e88e5', accessible: true },
    ],
    sections: [
      north,
      {
        name: 'Syd',
        categoryKey: null,
        position: { x: 1234.5, y: -14.25, rotation: 180 },
        rows: [{ label: 'S1', seats: 8, numbering: 'leftToRight', categoryKey: null, curve: 1.5 }],
      },
      {
        name: 'Ståpladser',
        categoryKey: 'staa',
        generalAdmission: true,
        position: { x: 0, y: 30, rotation: -90 },
        rows: [{ label: 'ST', seats: 300, numbering: 'leftToRight', categoryKey: null, curve: 0 }],
      },
    ],
    seats: [
      { label: 'N1-1', categoryKey: null, accessible: true, forSale: false },
      { label: 'S1-8', categoryKey: 'vip', accessible: false, forSale: true },
    ],
  };

  it('holds the numbers as Danish text and the place as typed', () => {
    const values = chartFormValues(arena);
    expect(values.sections[0]?.rows[1]).toEqual({
      label: 'N2',
      seats: '14',
      numbering: 'rightToLeft',
      categoryKey: 'staa',
      curve: '-2,5',
    });
    expect(values.sections[0]).not.toHaveProperty('x');
    expect(values.sections[1]).toMatchObject({ x: '1234,5', y: '-14,25', rotation: '180' });
    expect(values.sections[2]).toMatchObject({
      generalAdmission: true,
      x: '0',
      y: '30',
      rotation: '-90',
      rows: [expect.objectContaining({ label: 'ST', seats: '300' })],
    });
    expect(values.seats).toEqual(arena.seats);
  });

  it('is sent again exactly as it was saved', async () => {
    const values = chartFormValues(arena);
    expect(await errorsOf(values)).toEqual({});
    expect(chartInput(values)).toStrictEqual(arena);
  });

  it('is sent as the server keeps an input it was given in another form', () => {
    const given: ChartInput = {
      ...arena,
      categories: [{ key: 'vip', label: 'VIP', color: '#C62828', accessible: false }],
      sections: [
        { ...north, generalAdmission: false },
        {
          name: 'Ståpladser',
          categoryKey: null,
          generalAdmission: true,
          rows: [
            { label: 'ST', seats: 300, numbering: 'rightToLeft', categoryKey: 'vip', curve: 3 },
            { label: 'SU', seats: 10, numbering: 'leftToRight', categoryKey: null, curve: 0 },
          ],
        },
      ],
    };
    expect(chartInput(chartFormValues(given))).toStrictEqual({
      ...given,
      categories: [{ key: 'vip', label: 'VIP', color: '#c62828', accessible: false }],
      sections: [
        north,
        {
          name: 'Ståpladser',
          categoryKey: null,
          generalAdmission: true,
          rows: [
            { label: 'ST', seats: 300, numbering: 'leftToRight', categoryKey: null, curve: 0 },
          ],
        },
      ],
    });
  });
});
