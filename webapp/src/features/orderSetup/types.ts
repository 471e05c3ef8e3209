/** The orders module's reference data (contract "Orders module"): money in øre, days 'YYYY-MM-DD'. */

// The server's types are generated from the Rust types (src/api/generated/catalogue.ts).
import type {
  CategoryInput,
  Choice,
  CustomField,
  CustomFieldRow,
  DiscountCodeDto,
  DiscountCodeInput,
  DiscountCodeRow,
  FieldInput,
  OrderCategory,
  OrderCategoryRow,
  Season,
  SeasonInput,
  SeasonRow,
  SeasonSeat,
} from '../../api/generated/catalogue';

export type {
  Choice,
  CustomField,
  CustomFieldRow,
  DiscountCodeRow,
  OrderCategory,
  OrderCategoryRow,
  Season,
  SeasonRow,
  SeasonSeat,
};

/** A discount code as its editor reads it. */
export type DiscountCode = DiscountCodeDto;

/** The bodies of the editors' saves (POST …/update). */
export type OrderCategoryPayload = CategoryInput;
export type SeasonPayload = SeasonInput;
export type CustomFieldPayload = FieldInput;
export type DiscountCodePayload = DiscountCodeInput;

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
