/** The orders module's reference data (contract "Orders module"): money in øre, days 'YYYY-MM-DD'. */

export interface Choice {
  id: string;
  title: string;
}

export interface OrderCategoryRow {
  Id: string;
  Title: string;
  Sku: string | null;
  Price: number | null;
}

export interface OrderCategory {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  sku: string;
  price: number | null;
  invoiceTitle: string;
}

export interface SeasonRow {
  Id: string;
  Name: string;
  StartDate: string | null;
  EndDate: string | null;
  Inactive: boolean;
  Reservations: boolean;
}

export interface SeasonSeat {
  chartId: string | null;
  eventId: string | null;
  name: string;
}

export interface Season {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  startDate: string | null;
  endDate: string | null;
  parentId: string | null;
  reservations: boolean;
  inactive: boolean;
  seats: SeasonSeat[];
}

export const FIELD_TYPES = [
  'Text',
  'RichText',
  'Number',
  'Dropdown',
  'Date',
  'DateTime',
  'Time',
  'Checkbox',
  'Upload',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface CustomFieldRow {
  Id: string;
  Title: string;
  Type: FieldType;
  Sorting: number | null;
}

export interface CustomField {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  categoryIds: string[];
  type: FieldType | null;
  sorting: number | null;
  values: string[];
  defaultValue: string | null;
}

export interface DiscountCodeRow {
  Id: string;
  Title: string;
  Code: string;
  /** Hundredths of a percent when Percentage, else øre. */
  Discount: number;
  Percentage: boolean;
  Expires: string | null;
  Active: boolean;
}

export interface DiscountCode {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  code: string;
  expires: string | null;
  /** How many times the code can be used; null = no limit. */
  amount: number | null;
  discount: number;
  percentage: boolean;
  active: boolean;
  productIds: string[];
}
