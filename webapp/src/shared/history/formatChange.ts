import {
  DATE_TIME_PATTERN,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDay,
  formatOreWithCode,
  formatPercent,
} from '../format';
import type { VersionDiff } from '../../api/generated/history';
import type { HistoryChange } from './types';

/** How an aggregate's values read in its history. */
export interface HistoryFormats {
  /** Fields holding øre ('price', 'orderDiscount' …), matched on the last part of the path. */
  money?: string[];
  /** Fields holding hundredths of a percent ('rateFee'). */
  percent?: string[];
  /** A label per field path or last part ('firstname' → 'Fornavn'). */
  labels?: Record<string, string>;
  /** Labels of a field's values, by field path or last part ('status' → 'draft' → 'Kladde'). */
  values?: Record<string, Record<string, string>>;
  /** Fields not shown (path or last part): the record's own bookkeeping, e.g. its club. */
  hidden?: string[];
  /** The records an id names, as text ('Hansen ApS', 'Ordre 1042'); an id without one shows. */
  names?: Record<string, string>;
  /** The reader's time zone, for points in time ('2026-03-01T09:30:00Z' → '01-03-2026 10:30'). */
  timeZone?: string;
}

const POINT_IN_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The words a value may need: booleans and "nothing". */
export interface HistoryWords {
  yes: string;
  no: string;
  empty: string;
}

/** One change as text: 'Fornavn: Anna → Bo'. */
export interface ChangeText {
  field: string;
  old: string;
  new: string;
}

const MAX_LENGTH = 160;

/** 'order_discount', 'orderDiscount' and 'OrderDiscount' are the same field. */
function normalise(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}

function lastPart(path: string): string {
  const parts = path.replace(/\[[^\]]*\]/g, '').split('.');
  return parts[parts.length - 1] ?? path;
}

/** The path without its lists' item names: 'customPeriods[#2].amount' → 'customPeriods.amount'. */
function plainPath(path: string): string {
  return path.replace(/\[[^\]]*\]/g, '');
}

/** Whether `field` is one of `list`: by its last part, or by its whole path ('cardPayment.amount'). */
function matches(list: string[] | undefined, field: string): boolean {
  const wanted = normalise(lastPart(field));
  const path = normalise(plainPath(field));
  return (list ?? []).some((name) => normalise(name) === wanted || normalise(name) === path);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id a record keeps before it has one (a new record's default): nothing, as it reads. */
const NIL_ID = '00000000-0000-0000-0000-000000000000';

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    value === NIL_ID ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.keys(value).length === 0)
  );
}

function shorten(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

/** The fields of an item that name what it is about, by the record their id names. */
const NAMING_IDS = ['productId', 'eventId', 'contactId', 'companyId'];

/**
 * The name of an item in a list: its title (and variant); else what its id names, with how many
 * ('2 × Middag'); else its number in the list.
 */
function itemName(item: unknown, index: number, names?: Record<string, string>): string {
  if (isRecord(item) && typeof item.title === 'string' && item.title) {
    return typeof item.variant === 'string' && item.variant
      ? `${item.title} (${item.variant})`
      : item.title;
  }
  if (isRecord(item) && names) {
    const named = NAMING_IDS.map((field) => item[field])
      .filter((id): id is string => typeof id === 'string')
      .map((id) => names[id])
      .find(Boolean);
    if (named) return typeof item.amount === 'number' ? `${item.amount} × ${named}` : named;
  }
  return `#${index + 1}`;
}

/** A value as short text; `field` decides money and percent. */
export function formatHistoryValue(
  value: unknown,
  field: string,
  formats: HistoryFormats,
  words: HistoryWords,
): string {
  if (isEmpty(value)) return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    if (matches(formats.money, field)) return formatOreWithCode(value);
    if (matches(formats.percent, field)) return formatPercent(value);
    return String(value);
  }
  if (typeof value === 'string') {
    const labels = formats.values?.[field] ?? formats.values?.[lastPart(field)];
    const label = labels?.[value] ?? formats.names?.[value];
    if (label) return shorten(label);
    if (POINT_IN_TIME.test(value)) {
      return formatDate(value, DATE_TIME_PATTERN, formats.timeZone ?? DEFAULT_TIME_ZONE);
    }
    if (DAY.test(value)) return formatDay(value);
    return shorten(value);
  }
  if (Array.isArray(value)) {
    return shorten(
      value
        .map((item, index) =>
          isRecord(item)
            ? itemName(item, index, formats.names)
            : formatHistoryValue(item, field, formats, words),
        )
        .join(', '),
    );
  }
  if (isRecord(value)) {
    if (typeof value.title === 'string' && value.title) return shorten(value.title);
    if (typeof value.name === 'string' && value.name) return shorten(value.name);
    const parts = Object.entries(value)
      .filter(([, part]) => !isEmpty(part))
      .map(
        ([key, part]) =>
          `${labelOf(key, formats)}: ${formatHistoryValue(part, key, formats, words)}`,
      );
    return shorten(`{${parts.join(', ')}}`);
  }
  return shorten(String(value));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An item that came or went, as a line reads: its name, and how many at what price. */
function itemSummary(item: unknown, index: number, formats: HistoryFormats): string {
  const name = itemName(item, index, formats.names);
  if (
    isRecord(item) &&
    typeof item.amount === 'number' &&
    typeof item.price === 'number' &&
    matches(formats.money, 'price')
  ) {
    return `${name} · ${item.amount} × ${formatOreWithCode(item.price)}`;
  }
  return name;
}

/** The key that pairs an item of the old list with one of the new list: its id, else its place. */
function keyOf(item: unknown, index: number, byId: boolean): string {
  return byId && isRecord(item) ? String(item.id) : String(index);
}

/**
 * A change of a list of objects (order lines …) as the changes of its items: a field of an item
 * that changed, an item that came, an item that went.
 */
function listChanges(change: HistoryChange, formats: HistoryFormats): HistoryChange[] | null {
  const names = formats.names;
  const before = change.old ?? [];
  const after = change.new ?? [];
  if (!Array.isArray(before) || !Array.isArray(after)) return null;
  const items = [...before, ...after];
  if (items.length === 0 || !items.every(isRecord)) return null;
  const byId = items.every((item) => isRecord(item) && item.id !== undefined && item.id !== null);
  const oldItems = new Map(before.map((item, index) => [keyOf(item, index, byId), item]));
  const newItems = new Map(after.map((item, index) => [keyOf(item, index, byId), item]));
  const result: HistoryChange[] = [];
  before.forEach((item, index) => {
    const key = keyOf(item, index, byId);
    const next = newItems.get(key);
    const name = itemName(next ?? item, index, names);
    if (next === undefined) {
      result.push({ field: change.field, old: itemSummary(item, index, formats), new: null });
      return;
    }
    const previous = item as Record<string, unknown>;
    const current = next as Record<string, unknown>;
    for (const field of new Set([...Object.keys(previous), ...Object.keys(current)])) {
      if (field === 'id' || same(previous[field], current[field])) continue;
      result.push({
        field: `${change.field}[${name}].${field}`,
        old: previous[field],
        new: current[field],
      });
    }
  });
  after.forEach((item, index) => {
    if (!oldItems.has(keyOf(item, index, byId))) {
      result.push({ field: change.field, old: null, new: itemSummary(item, index, formats) });
    }
  });
  return result;
}

/** A part of a path as it reads: its label, or the name of the record its id names. */
function partLabel(part: string, formats: HistoryFormats): string {
  return formats.labels?.[part] ?? formats.names?.[part] ?? part;
}

function labelOf(field: string, formats: HistoryFormats): string {
  const labels = formats.labels ?? {};
  if (labels[field]) return labels[field];
  const match = /^([^[]+)\[([^\]]*)\]\.(.+)$/.exec(field);
  if (match) {
    const [, list = '', item = '', part = ''] = match;
    const itemPart = labels[`${plainPath(list)}.${part}`] ?? labelOf(part, formats);
    return `${labelOf(list, formats)} (${item}): ${itemPart}`;
  }
  const last = lastPart(field);
  if (labels[last]) return labels[last];
  // A key kept under a labelled field ('fieldValues.<id>', 'charged.2026-03'): the field's label
  // and the key, named when it is an id.
  const parts = field.split('.');
  for (let end = parts.length - 1; end > 0; end -= 1) {
    const prefix = parts.slice(0, end).join('.');
    const label = labels[prefix] ?? labels[prefix.split('.').pop() ?? prefix];
    if (label) {
      return [label, ...parts.slice(end).map((part) => partLabel(part, formats))].join(' › ');
    }
  }
  return field;
}

/** Fields every record keeps for itself (its write counter), never shown. */
const BOOKKEEPING = ['version'];

/** Whether a field is left out of the history (its path, or its last part, is hidden). */
function isHidden(field: string, formats: HistoryFormats): boolean {
  const hidden = [...(formats.hidden ?? []), ...BOOKKEEPING];
  return hidden.includes(field) || hidden.includes(lastPart(field));
}

/** The changes of an event as text, lists of objects taken apart item by item. */
export function describeChanges(
  changes: HistoryChange[],
  formats: HistoryFormats,
  words: HistoryWords,
): ChangeText[] {
  return changes
    .filter((change) => !isHidden(change.field, formats))
    .flatMap((change) => listChanges(change, formats) ?? [change])
    .filter((change) => !isHidden(change.field, formats))
    .map((change) => ({
      field: labelOf(change.field, formats),
      old: formatHistoryValue(change.old, change.field, formats, words),
      new: formatHistoryValue(change.new, change.field, formats, words),
    }));
}

/**
 * What differs between two versions (the compare's answer) as changes the history describes: its
 * fields, and each line that differs field by field under its name (an added line's every value
 * from nothing, a removed one's to nothing), so amounts show as amounts.
 */
export function versionChanges(diff: VersionDiff): HistoryChange[] {
  const lineChanges = diff.lines.flatMap((line, index) => {
    const name = itemName(line.new ?? line.old, index);
    const at = (field: string) => `${line.list}[${name}].${field}`;
    if (line.kind === 'changed') {
      return line.changes.map((change) => ({ ...change, field: at(change.field) }));
    }
    const whole = (line.kind === 'added' ? line.new : line.old) ?? {};
    return Object.entries(whole)
      .filter(([field, value]) => field !== 'id' && !isEmpty(value))
      .map(([field, value]) =>
        line.kind === 'added'
          ? { field: at(field), old: null, new: value }
          : { field: at(field), old: value, new: null },
      );
  });
  return [...diff.changes, ...lineChanges];
}
