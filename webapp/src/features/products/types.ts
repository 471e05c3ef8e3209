/** The products module (contract "Products module"): money in øre. */

// The server's types are generated from the Rust types (src/api/generated/catalogue.ts).
import type {
  Choice,
  ContractSetup,
  InvoiceGroup,
  InvoiceGroupInput,
  InvoiceGroupRow,
  ProductCategory,
  ProductCategoryInput,
  ProductCategoryRow,
  ProductDto,
  ProductExtraInfo,
  ProductInput,
  ProductListRow,
  ProductOption,
  ProductVariant,
} from '../../api/generated/catalogue';

export type {
  Choice,
  ContractSetup,
  InvoiceGroup,
  InvoiceGroupRow,
  ProductCategory,
  ProductCategoryRow,
  ProductExtraInfo,
  ProductOption,
  ProductVariant,
};

/** A row of the products list. */
export type ProductRow = ProductListRow;
/** A product as its editor reads it. */
export type Product = ProductDto;

/** The bodies of the editors' saves (POST …/update). */
export type ProductPayload = ProductInput;
export type ProductCategoryPayload = ProductCategoryInput;
export type InvoiceGroupPayload = InvoiceGroupInput;

export const PRODUCT_TYPES = ['product', 'ticket', 'seat-ticket'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CONTRACT_TYPES = ['none', 'checkbox', 'number', 'text', 'number-text'] as const;
export const AMOUNT_TYPES = ['amount', 'price', 'amount-price'] as const;
export const UNITS = ['stk', 'person', 'meter'] as const;

export interface SeatChart {
  key: string;
  name: string;
  categories?: { key: string; label: string }[];
}

/** 'none': nothing to deliver; 'address': sent (the checkout asks for an address); 'pickup': fetched at the club. */
export const PRODUCT_DELIVERIES = ['none', 'address', 'pickup'] as const;
export type ProductDelivery = (typeof PRODUCT_DELIVERIES)[number];
