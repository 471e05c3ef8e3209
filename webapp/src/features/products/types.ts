/** The products module (contract "Products module"): money in øre. */

import type { ExtraInfoType } from '../../shared/extraInfo';

export interface Choice {
  id: string;
  title: string;
}

export const PRODUCT_TYPES = ['product', 'ticket', 'seat-ticket'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface ProductRow {
  Id: string;
  Title: string;
  Description: string | null;
  Category: string | null;
  Price: number | null;
  HasVariants: boolean;
  Sorting: number | null;
  Type: ProductType;
}

export interface ProductVariant {
  id?: string;
  title: string;
  sku: string;
  price: number | null;
  saleAmount: number | null;
  active: boolean;
}

export interface ProductOption {
  productId: string | null;
  variantId: string | null;
  public: boolean;
  preSelected: boolean;
  priceOverride: boolean;
  price: number | null;
}

export interface ProductExtraInfo {
  title: string;
  alias: string;
  values: string[];
  multiple: boolean;
  type: ExtraInfoType;
}

export const CONTRACT_TYPES = ['none', 'checkbox', 'number', 'text', 'number-text'] as const;
export const AMOUNT_TYPES = ['amount', 'price', 'amount-price'] as const;
export const UNITS = ['stk', 'person', 'meter'] as const;

export interface ContractSetup {
  hidden: boolean;
  type: (typeof CONTRACT_TYPES)[number] | null;
  amountType: (typeof AMOUNT_TYPES)[number] | null;
  unit: (typeof UNITS)[number] | null;
  preSelected: boolean;
}

export interface Product {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  sku: string;
  type: ProductType | null;
  categoryId: string | null;
  price: number | null;
  saleAmount: number | null;
  description: string;
  sorting: number | null;
  ticketTemplate: string | null;
  invoiceTitle: string;
  invoiceGroupId: string | null;
  showOnInvoice: boolean;
  prePayment: boolean;
  reservation: boolean;
  seasonTicket: boolean;
  poolProduct: boolean;
  appendix: boolean;
  hideExport: boolean;
  vatExempt: boolean;
  active: boolean;
  /** How the product reaches the buyer (default 'none'). */
  delivery?: ProductDelivery;
  variants: ProductVariant[];
  options: ProductOption[];
  extraInfo: ProductExtraInfo[];
  seats: { chartId: string | null; category: string | null }[];
  contractSetup: ContractSetup | null;
  subscription: {
    active: boolean;
    startFee: number | null;
    fee: number | null;
    interval: number | null;
    commitment: number | null;
  };
  shop: {
    active: boolean;
    title: string;
    price: number | null;
    discount: number | null;
    seasonId: string | null;
    renewalDate: string | null;
    description: string;
    image: string | null;
  };
}

export interface SeatChart {
  key: string;
  name: string;
  categories?: { key: string; label: string }[];
}

export interface ProductCategoryRow {
  Id: string;
  Title: string;
  Sorting: number | null;
  ShowOnShop: boolean;
  HideOnContract: boolean;
}

export interface ProductCategory {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  sorting: number | null;
  showOnShop: boolean;
  hideOnContract: boolean;
  shop: { title: string; description: string; image: string | null };
}

export interface InvoiceGroupRow {
  Id: string;
  Title: string;
  Sku: string | null;
  Sorting: number | null;
  VatExempt: boolean;
}

export interface InvoiceGroup {
  id: string | null;
  /** The version it was read with, sent back with its save (stale: 409); null for a new one. */
  version: number | null;
  title: string;
  sku: string;
  sorting: number | null;
  vatExempt: boolean;
}

/** 'none': nothing to deliver; 'address': sent (the checkout asks for an address); 'pickup': fetched at the club. */
export const PRODUCT_DELIVERIES = ['none', 'address', 'pickup'] as const;
export type ProductDelivery = (typeof PRODUCT_DELIVERIES)[number];
