import type { TFunction } from 'i18next';
import type {
  ChartInput,
  Numbering,
  RowInput,
  SeatCategory,
  SeatMark,
  SectionInput,
} from '../../api/generated/seats';
import { parseDanishDecimal } from '../../shared/format';
import { yup } from '../../shared/validation';

/** A row as the designer types it: the seat count and the curve stay text until they are sent. */
export interface RowFormValues {
  label: string;
  seats: string;
  numbering: Numbering;
  categoryKey: string | null;
  /** A Danish number, '0' for a straight row. */
  curve: string;
}

export interface SectionFormValues {
  name: string;
  categoryKey: string | null;
  /**
   * A standing area: its one row is the area, the row's label the area's code and its seat count
   * the capacity (as the server takes it, so the server's errors land on these fields).
   */
  generalAdmission?: boolean;
  rows: RowFormValues[];
  /**
   * The rows of the other kind, kept while the section is switched, so that switching back
   * brings them again: the numbered rows while it is a standing area, the area otherwise.
   */
  otherRows?: RowFormValues[];
  /** Where its middle stands (Danish numbers); both empty: beside the section before it. */
  x?: string;
  y?: string;
  /** Degrees clockwise; empty is 0. */
  rotation?: string;
}

/** The designer's form: `ChartInput` with the rows as typed. */
export interface SeatChartFormValues {
  name: string;
  categories: SeatCategory[];
  sections: SectionFormValues[];
  /** The marks on single seats, as the input sends them. */
  seats: SeatMark[];
}

// The server's limits (api/src/seats/charts.rs).
export const MAX_NAME = 100;
export const MAX_PART = 20;
export const MAX_ROW_SEATS = 200;
export const MAX_AREA_CAPACITY = 5000;
export const MAX_SECTION_ROWS = 100;
export const MAX_CURVE = 10;
export const MAX_PLACE = 10_000;

/** A row names its seats ('N1-12'): letters and digits only, as the order line's seat text. */
const ROW_LABEL = /^[A-Za-z0-9æøåÆØÅ]+$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

export const DEFAULT_COLOR = '#1e88e5';

export function emptyCategory(): SeatCategory {
  return { key: '', label: '', color: DEFAULT_COLOR, accessible: false };
}

export function emptyRow(label = ''): RowFormValues {
  return { label, seats: '10', numbering: 'leftToRight', categoryKey: null, curve: '0' };
}

export function emptySection(): SectionFormValues {
  return { name: '', categoryKey: null, rows: [] };
}

/** A standing area's one row: its code and capacity to be typed. */
export function emptyArea(): RowFormValues {
  return { label: '', seats: '', numbering: 'leftToRight', categoryKey: null, curve: '0' };
}

/** `section` switched to a standing area (`on`) or back to numbered rows, each kind's rows kept. */
export function withStandingArea(section: SectionFormValues, on: boolean): SectionFormValues {
  if (Boolean(section.generalAdmission) === on) return section;
  const kept = section.otherRows ?? [];
  const rows = on ? (kept.length === 1 ? kept : [emptyArea()]) : kept;
  return { ...section, generalAdmission: on, rows, otherRows: section.rows };
}

export function seatChartFormValues(): SeatChartFormValues {
  return { name: '', categories: [], sections: [], seats: [] };
}

function rowSchema(t: TFunction) {
  return yup.object({
    label: yup
      .string()
      .label(t('seatCharts.fields.rowLabel'))
      .trim()
      .required()
      .max(MAX_PART)
      .matches(ROW_LABEL, t('seatCharts.errors.rowLabel')),
    seats: yup
      .string()
      .label(t('seatCharts.fields.seats'))
      .trim()
      .required()
      .numeric()
      .minValue(1)
      .maxValue(MAX_ROW_SEATS),
    curve: yup
      .string()
      .label(t('seatCharts.fields.curve'))
      .trim()
      .required()
      .decimal()
      .minValue(-MAX_CURVE)
      .maxValue(MAX_CURVE),
  });
}

const isCapacity = (count: number) => count >= 1 && count <= MAX_AREA_CAPACITY;

/** A standing area's one row: the code names its places as a row's name does. */
function areaSchema(t: TFunction) {
  return yup.object({
    label: yup
      .string()
      .label(t('seatCharts.fields.areaCode'))
      .trim()
      .required()
      .max(MAX_PART)
      .matches(ROW_LABEL, t('seatCharts.errors.areaCode')),
    seats: yup
      .string()
      .label(t('seatCharts.fields.capacity'))
      .trim()
      .required()
      .numeric()
      .test(
        'capacity',
        t('seatCharts.errors.capacity', { max: MAX_AREA_CAPACITY }),
        (value) => !/^\d+$/.test(value ?? '') || isCapacity(Number(value)),
      ),
  });
}

/** A place of a section: empty, or a Danish number within the server's bounds. */
function placeSchema(label: string) {
  return yup.string().label(label).trim().decimal().minValue(-MAX_PLACE).maxValue(MAX_PLACE);
}

function sectionSchema(t: TFunction) {
  return yup.object({
    name: yup.string().label(t('seatCharts.fields.sectionName')).trim().required().max(MAX_PART),
    x: placeSchema(t('seatCharts.fields.x')),
    y: placeSchema(t('seatCharts.fields.y')),
    rotation: placeSchema(t('seatCharts.fields.rotation')),
    rows: yup.array().when('generalAdmission', {
      is: true,
      then: () => yup.array().of(areaSchema(t)).length(1, t('seatCharts.errors.areaRows')),
      otherwise: () =>
        yup
          .array()
          .of(rowSchema(t))
          .min(1, t('seatCharts.errors.noRows'))
          .max(MAX_SECTION_ROWS, t('seatCharts.errors.tooManyRows', { max: MAX_SECTION_ROWS })),
    }),
  });
}

/**
 * What the designer checks before the server does (api/src/seats/charts.rs `check_chart`). What
 * needs the whole chart (a row's name used twice, a category that is gone) the server tells, on
 * the same fields, in the preview and on saving.
 */
export function seatChartSchema(t: TFunction) {
  return yup.object({
    name: yup.string().label(t('seatCharts.fields.name')).trim().required().max(MAX_NAME),
    categories: yup.array().of(
      yup.object({
        key: yup.string().label(t('seatCharts.fields.key')).trim().required(),
        label: yup.string().label(t('seatCharts.fields.categoryLabel')).trim().required(),
        color: yup
          .string()
          .label(t('seatCharts.fields.color'))
          .required()
          .matches(COLOR, t('seatCharts.errors.color')),
      }),
    ),
    sections: yup.array().of(sectionSchema(t)).min(1, t('seatCharts.errors.noSections')),
  });
}

/** The parts of the chart the preview lays out: all but its name. */
export function layoutSchema(t: TFunction) {
  return seatChartSchema(t).omit(['name']);
}

const orNull = (key: string | null) => (key?.trim() ? key.trim() : null);

/** A Danish number as typed, or null when empty or not a number. */
function numberOf(text: string | undefined): number | null {
  if (!text?.trim()) return null;
  const value = parseDanishDecimal(text);
  return Number.isNaN(value) ? null : value;
}

/** The section's place when both x and y are given; otherwise none (beside the one before). */
function positionOf(section: SectionFormValues): Pick<SectionInput, 'position'> {
  const x = numberOf(section.x);
  const y = numberOf(section.y);
  if (x === null || y === null) return {};
  return { position: { x, y, rotation: numberOf(section.rotation) ?? 0 } };
}

/** A numbered row as the server takes it. */
function rowInput(row: RowFormValues): RowInput {
  const curve = parseDanishDecimal(row.curve);
  return {
    label: row.label.trim(),
    seats: Number(row.seats.trim()),
    numbering: row.numbering,
    categoryKey: orNull(row.categoryKey),
    curve: Number.isNaN(curve) ? 0 : curve,
  };
}

/** A standing area's one row: its places have no numbers to choose, and the server lays them out. */
function areaInput(row: RowFormValues): RowInput {
  return {
    label: row.label.trim(),
    seats: Number(row.seats.trim()),
    numbering: 'leftToRight',
    curve: 0,
    categoryKey: null,
  };
}

function sectionInput(section: SectionFormValues): SectionInput {
  const common = {
    name: section.name.trim(),
    categoryKey: orNull(section.categoryKey),
    ...positionOf(section),
  };
  return section.generalAdmission
    ? { ...common, generalAdmission: true, rows: section.rows.slice(0, 1).map(areaInput) }
    : { ...common, rows: section.rows.map(rowInput) };
}

/** The designer's form as the server takes it. */
export function chartInput(values: SeatChartFormValues): ChartInput {
  return {
    name: values.name.trim(),
    categories: values.categories.map((category) => ({
      key: category.key.trim(),
      label: category.label.trim(),
      color: category.color.trim().toLowerCase(),
      accessible: category.accessible,
    })),
    sections: values.sections.map(sectionInput),
    seats: values.seats,
  };
}

/**
 * A number as the form keeps it: Danish text ('1,5'; a '.' would group thousands). `String` is the
 * shortest text that reads back as the same number, in plain digits for anything the designer's
 * bounds allow except what is too small to matter (1e-7), which is 0.
 */
function decimalText(value: number): string {
  return (Math.abs(value) < 1e-6 ? '0' : String(value)).replace('.', ',');
}

function rowFormValues(row: RowInput): RowFormValues {
  return {
    label: row.label,
    seats: String(row.seats),
    numbering: row.numbering,
    categoryKey: row.categoryKey,
    curve: decimalText(row.curve),
  };
}

function sectionFormValues(section: SectionInput): SectionFormValues {
  const place = section.position && {
    x: decimalText(section.position.x),
    y: decimalText(section.position.y),
    rotation: decimalText(section.position.rotation),
  };
  const common = { name: section.name, categoryKey: section.categoryKey, ...place };
  return section.generalAdmission
    ? {
        ...common,
        generalAdmission: true,
        rows: section.rows.slice(0, 1).map((row) => ({
          ...emptyArea(),
          label: row.label,
          seats: String(row.seats),
        })),
      }
    : { ...common, rows: section.rows.map(rowFormValues) };
}

/** A saved chart's input in the designer's form, as if typed: `chartInput`'s inverse. */
export function chartFormValues(input: ChartInput): SeatChartFormValues {
  return {
    name: input.name,
    categories: input.categories.map((category) => ({ ...category })),
    sections: input.sections.map(sectionFormValues),
    seats: input.seats.map((mark) => ({ ...mark })),
  };
}

/** The preview's input: a chart without a name yet is laid out under `stand-in`. */
export function previewInput(values: SeatChartFormValues, standIn: string): ChartInput {
  const input = chartInput(values);
  return input.name ? input : { ...input, name: standIn };
}

/** The seat count of a row as typed, or null while it is not a whole number in range. */
function seatCount(row: RowFormValues): number | null {
  const text = row.seats.trim();
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 && count <= MAX_ROW_SEATS ? count : null;
}

/**
 * Whether the seat a mark names still exists: its row is in the chart and long enough. A row whose
 * count is being typed keeps its marks until the count is a number again. A standing area's places
 * have no numbers to choose, so they carry no marks.
 */
export function markedSeatExists(sections: SectionFormValues[], label: string): boolean {
  const dash = label.lastIndexOf('-');
  const rowLabel = label.slice(0, dash).toLowerCase();
  const number = Number(label.slice(dash + 1));
  for (const section of sections) {
    for (const row of section.rows) {
      if (row.label.trim().toLowerCase() !== rowLabel) continue;
      if (section.generalAdmission) return false;
      const count = seatCount(row);
      return count === null || (number >= 1 && number <= count);
    }
  }
  return false;
}

/** The first letter or digit of a section's name, as its rows' prefix ('Nord' → 'N'). */
function initialOf(name: string): string {
  const initial = [...name.trim()].find((char) => ROW_LABEL.test(char));
  return initial ? initial.toUpperCase() : 'R';
}

/**
 * Names for `count` new rows of a section: its initial and the next numbers no row of the chart
 * uses yet ('N1', 'N2' …), since a row's name is unique in the whole chart.
 */
export function nextRowLabels(
  sections: SectionFormValues[],
  sectionIndex: number,
  count: number,
): string[] {
  const prefix = initialOf(sections[sectionIndex]?.name ?? '');
  const used = new Set(
    sections.flatMap((section) => section.rows.map((row) => row.label.trim().toLowerCase())),
  );
  const labels: string[] = [];
  for (let number = 1; labels.length < count; number += 1) {
    const label = `${prefix}${number}`;
    if (!used.has(label.toLowerCase())) labels.push(label);
  }
  return labels;
}
