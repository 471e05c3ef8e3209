// The seat chart calls as msw handlers for the designer's tests: a list of charts, the preview
// laid out as the server lays it out (without the curve), and the saves, recorded.

import { http, HttpResponse } from 'msw';
import type { Chart, ChartInput, ChartSummary, Seat } from '../../api/generated/seats';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';

export const NEW_CHART_ID = 'chart-new';

export const chartSummaries: ChartSummary[] = [
  { id: 'chart-1', key: 'stadion', name: 'Stadion', seats: 12 },
  { id: 'chart-2', key: 'lille-sal', name: 'Lille sal', seats: 40 },
];

/** The saved 'Stadion': Tribune Nord, rows N1 (VIP) and N2 (Standard) of six; N1-1 not for sale. */
export const stadiumInput: ChartInput = {
  name: 'Stadion',
  categories: [
    { key: 'vip', label: 'VIP', color: '#c62828', accessible: false },
    { key: 'standard', label: 'Standard', color: '#1e88e5', accessible: false },
  ],
  sections: [
    {
      name: 'Tribune Nord',
      categoryKey: 'standard',
      rows: [
        { label: 'N1', seats: 6, numbering: 'leftToRight', categoryKey: 'vip', curve: 0 },
        { label: 'N2', seats: 6, numbering: 'leftToRight', categoryKey: null, curve: 0 },
      ],
    },
  ],
  seats: [{ label: 'N1-1', categoryKey: null, accessible: true, forSale: false }],
};

const savedCharts: Record<string, ChartInput> = { 'chart-1': stadiumInput };

/**
 * The chart `input` makes (api/src/seats/charts.rs `lay_out`, straight rows; a standing area's
 * places in its one row, marked as the area's).
 */
export function layOut(input: ChartInput, id = '00000000-0000-0000-0000-000000000000'): Chart {
  const accessible = new Set(input.categories.filter((c) => c.accessible).map((c) => c.key));
  const seats: Seat[] = [];
  let left = 0;
  for (const section of input.sections) {
    const widest = Math.max(...section.rows.map((row) => row.seats));
    section.rows.forEach((row, r) => {
      const categoryKey = row.categoryKey ?? section.categoryKey;
      for (let i = 0; i < row.seats; i += 1) {
        const number = row.numbering === 'leftToRight' ? i + 1 : row.seats - i;
        seats.push({
          id: `${id}-${row.label}-${number}`,
          label: `${row.label}-${number}`,
          section: section.name,
          row: row.label,
          number: String(number),
          position: i,
          categoryKey,
          accessible: categoryKey !== null && accessible.has(categoryKey),
          forSale: true,
          x: left + (widest - row.seats) / 2 + i,
          y: r * 1.5,
          ...(section.generalAdmission ? { generalAdmission: true } : {}),
        });
      }
    });
    left += widest + 3;
  }
  for (const mark of input.seats) {
    const seat = seats.find((candidate) => candidate.label === mark.label);
    if (!seat) continue;
    if (mark.categoryKey) seat.categoryKey = mark.categoryKey;
    seat.accessible = mark.accessible || accessible.has(seat.categoryKey ?? '');
    seat.forSale = mark.forSale;
  }
  return {
    id,
    key: input.name.toLowerCase().replace(/\s+/g, '-'),
    name: input.name,
    categories: input.categories,
    seats,
  };
}

/** A 422 as the server sends it: each mistake on its field. */
export function fieldErrors(errors: Record<string, string[]>) {
  return HttpResponse.json(
    { success: false, error: 'Ret fejlene i formularen', errors },
    { status: 422 },
  );
}

/** The server's check that needs the whole chart: a row's name used twice. */
export function duplicateRows(input: ChartInput): Record<string, string[]> {
  const seen = new Set<string>();
  const errors: Record<string, string[]> = {};
  input.sections.forEach((section, i) =>
    section.rows.forEach((row, j) => {
      const label = row.label.toLowerCase();
      if (seen.has(label))
        errors[`sections.${i}.rows.${j}.label`] = ['Rækken findes allerede i kortet'];
      seen.add(label);
    }),
  );
  return errors;
}

export interface SeatChartServer {
  /** Answers a save instead of storing it (e.g. a 422). */
  onCreate?: (input: ChartInput) => Response | undefined;
  /** Answers a preview instead of laying it out (e.g. a 422). */
  onPreview?: (input: ChartInput) => Response | undefined;
}

/** Staff of Demo FC (events module) and the chart calls; returns what the designer sent. */
export function serveSeatCharts({ onCreate, onPreview }: SeatChartServer = {}) {
  const previews: ChartInput[] = [];
  const created: ChartInput[] = [];
  server.use(
    ...staffSession(),
    http.get('/api/seats/charts', () =>
      HttpResponse.json({
        success: true,
        result: [
          ...chartSummaries,
          ...created.map((input) => ({
            id: NEW_CHART_ID,
            key: layOut(input).key,
            name: input.name,
            seats: layOut(input).seats.length,
          })),
        ],
      }),
    ),
    http.get('/api/seats/charts/:id', ({ params }) => {
      const input = params.id === NEW_CHART_ID ? created.at(-1) : savedCharts[String(params.id)];
      if (!input) {
        return HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
      }
      return HttpResponse.json({ success: true, result: layOut(input, String(params.id)) });
    }),
    http.post('/api/seats/charts/preview', async ({ request }) => {
      const input = (await request.json()) as ChartInput;
      previews.push(input);
      const answer = onPreview?.(input);
      if (answer) return answer;
      const errors = duplicateRows(input);
      if (Object.keys(errors).length > 0) return fieldErrors(errors);
      return HttpResponse.json({ success: true, result: layOut(input) });
    }),
    http.post('/api/seats/charts', async ({ request }) => {
      const input = (await request.json()) as ChartInput;
      const answer = onCreate?.(input);
      if (answer) return answer;
      created.push(input);
      return HttpResponse.json({ success: true, result: NEW_CHART_ID });
    }),
  );
  return { previews, created };
}
