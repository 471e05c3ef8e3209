/**
 * The lines of orders and contracts (spec 3 §3 "Order/contract line"): a contract line is an order
 * line with a unit, priced and totalled the same way. What the server defines is generated
 * (api/generated/orders.ts); the product shapes below are what the line dialog reads of a product.
 */

import type * as api from '../../api/generated/orders';

/** A line as the server sends it: with its total, computed by the server. */
export type OrderLine = api.LineDto;

export type OrderLineOption = api.LineOption;

export type InvoicingType = api.InvoicingType;

/** The club's VAT settings as an order or contract carries them. */
export type VatSettings = api.VatSettings;

export type OrderTotals = api.Totals;

export interface ProductVariant {
  id?: string;
  title: string;
  sku: string | null;
  price: number | null;
  active?: boolean;
}

export interface ProductOptionSetup {
  productId: string | null;
  variantId: string | null;
  priceOverride: boolean;
  price: number | null;
  preSelected?: boolean;
}

/** GET products/{id}: the parts of the full product a line takes. */
export interface OrderProduct {
  id: string;
  title: string;
  sku: string | null;
  type: string | null;
  price: number | null;
  prePayment: boolean;
  vatExempt: boolean;
  variants: ProductVariant[];
  options: ProductOptionSetup[];
}
