// The seat chart calls as msw handlers for the designer's tests: a list of charts, the preview
// laid out as the server lays it out (without the curve), the designs, and the saves and deletes,
// recorded.

import { http, HttpResponse } from 'msw';
import type { AclRule } from '../../api/appApi';
import type { Chart, ChartDesign, ChartInput, ChartSummary, Seat } from '../../api/generated/seats';
import { staffUser } from '../../test/fixtures';
import { server } from '../../test/server';
import { staffAtDemoFc, staffSession } from '../../test/staffSession';

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

/**
 * The saved charts' designs: 'Stadion' was made in the designer; 'Lille sal' before the designer
 * kept its input, so it has none.
 */
const savedDesigns: [string, ChartInput | null][] = [
  ['chart-1', stadiumInput],
  ['chart-2', null],
];

/** The right to manage the events module, which the designer's saves and deletes need. */
export const manageEvents: AclRule = {
  subject: ['events'],
  action: ['manage'],
  inverted: false,
  fields: ['*'],
};
export const readEvents: AclRule = { ...manageEvents, action: ['read'] };

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
  /** Answers a save of a saved chart instead of storing it (e.g. a 422). */
  onUpdate?: (input: ChartInput) => Response | undefined;
  /** Answers a delete instead of deleting (e.g. a 422). */
  onDelete?: () => Response | undefined;
  /** What uses every saved chart; nothing by default. */
  uses?: Pick<ChartDesign, 'usedBy' | 'seatsInUse'>;
  /** The staff member's rights; managing the events module by default. */
  acl?: AclRule[];
}

/** A 422 without fields, as the server refuses a delete. */
export function refusal(message: string) {
  return HttpResponse.json({ success: false, error: message }, { status: 422 });
}

/** Staff of Demo FC (events module) and the chart calls; returns what the designer sent. */
export function serveSeatCharts({
  onCreate,
  onPreview,
  onUpdate,
  onDelete,
  uses = { usedBy: [], seatsInUse: [] },
  acl = [manageEvents],
}: SeatChartServer = {}) {
  const previews: ChartInput[] = [];
  const created: ChartInput[] = [];
  const updated: { id: string; input: ChartInput }[] = [];
  const deleted: string[] = [];
  /** The ids whose design was asked for, in order. */
  const designReads: string[] = [];
  const designs = new Map(savedDesigns);
  const inputOf = (id: string) => (id === NEW_CHART_ID ? created.at(-1) : designs.get(id));
  const notFound = () =>
    HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 });
  server.use(
    ...staffSession({ ...staffAtDemoFc, user: { ...staffUser, acl } }),
    http.get('/api/seats/charts', () =>
      HttpResponse.json({
        success: true,
        result: [
          ...chartSummaries.filter((summary) => !deleted.includes(summary.id)),
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
      const input = inputOf(String(params.id));
      if (!input) return notFound();
      return HttpResponse.json({ success: true, result: layOut(input, String(params.id)) });
    }),
    http.get('/api/seats/charts/:id/design', ({ params }) => {
      const id = String(params.id);
      designReads.push(id);
      if (!designs.has(id)) return notFound();
      const summary = chartSummaries.find((candidate) => candidate.id === id);
      const design: ChartDesign = {
        id,
        key: summary?.key ?? id,
        input: designs.get(id) ?? null,
        ...uses,
      };
      return HttpResponse.json({ success: true, result: design });
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
    http.post('/api/seats/charts/:id', async ({ request, params }) => {
      const id = String(params.id);
      if (!designs.has(id)) return notFound();
      const input = (await request.json()) as ChartInput;
      const answer = onUpdate?.(input);
      if (answer) return answer;
      updated.push({ id, input });
      designs.set(id, input);
      return HttpResponse.json({ success: true });
    }),
    http.delete('/api/seats/charts/:id', ({ params }) => {
      const id = String(params.id);
      if (!designs.has(id)) return notFound();
      const answer = onDelete?.();
      if (answer) return answer;
      deleted.push(id);
      designs.delete(id);
      return HttpResponse.json({ success: true });
    }),
  );
  return { previews, created, updated, deleted, designReads };
}
