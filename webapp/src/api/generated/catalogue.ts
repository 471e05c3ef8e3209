// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money } from './orders';

export type Choice = { id: string, title: string, };

export type OrderCategoryRow = { Id: string, Title: string, Sku: string | null, Price: Money, };

export type OrderCategory = { id: string, title: string, sku: string | null, price: Money, invoiceTitle: string | null, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type CategoryInput = { id: string | null, title: string | null, sku: string | null, 
/**
 * The category's price in øre (an integer; 1 kr = 100 øre).
 */
price: number | null, invoiceTitle: string | null, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type SeasonRow = { Id: string, Name: string, StartDate: string, EndDate: string, Inactive: boolean, Reservations: boolean, };

export type SeasonSeat = { chartId: string | null, eventId: string | null, name: string | null, };

export type Season = { id: string, title: string, startDate: string, endDate: string, 
/**
 * The reservation season it belongs to.
 */
parentId: string | null, reservations: boolean, inactive: boolean, 
/**
 * The seat charts (and events) the season sells seats of, as stored.
 */
seats: Array<SeasonSeat>, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type SeasonInput = { id: string | null, title: string | null, startDate: string | null, endDate: string | null, parentId: string | null, reservations: boolean, inactive: boolean, seats: Array<SeasonSeat>, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type SeasonEvent = { id: string, title: string, startDate: string, };

export type SeasonChoice = { id: string, title: string, startDate: string, endDate: string, reservations: boolean, 
/**
 * Only with `events=true`; else empty.
 */
events: Array<SeasonEvent>, };

export type CustomFieldRow = { Id: string, Title: string, 
/**
 * One of `TYPES`.
 */
Type: string, Sorting: number, };

export type CustomField = { id: string, title: string, 
/**
 * The order categories whose orders and contracts show it.
 */
categoryIds: Array<string>, 
/**
 * One of `TYPES`.
 */
type: string, sorting: number, 
/**
 * A dropdown's choices.
 */
values: Array<string>, defaultValue: string | null, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type FieldInput = { id: string | null, title: string | null, categoryIds: Array<string>, type: string | null, 
/**
 * A whole number, or its text.
 */
sorting: number | string | null, values: Array<string>, defaultValue: string | null, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type DiscountCodeRow = { Id: string, Title: string, Code: string, 
/**
 * Hundredths of a percent when `Percentage`, otherwise øre.
 */
Discount: number, Percentage: boolean, Expires: string, Active: boolean, };

export type DiscountCodeDto = { id: string, title: string, code: string, expires: string, 
/**
 * How many times the code can be used; null: no limit.
 */
amount: number | null, 
/**
 * Hundredths of a percent when `percentage`, otherwise øre.
 */
discount: number, percentage: boolean, active: boolean, 
/**
 * The products it gives a discount on; none: every product.
 */
productIds: Array<string>, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type DiscountCodeInput = { id: string | null, title: string | null, code: string | null, expires: string | null, amount: number | null, 
/**
 * Percent when `percentage`, otherwise an amount in øre (an integer; 1 kr = 100 øre).
 */
discount: number | null, percentage: boolean, active: boolean, productIds: Array<string | null>, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type InvoiceGroupRow = { Id: string, Title: string, Sku: string | null, Sorting: number, VatExempt: boolean, };

export type InvoiceGroup = { id: string, title: string, sku: string | null, sorting: number, vatExempt: boolean, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, };

export type InvoiceGroupInput = { id: string | null, title: string | null, sku: string | null, sorting: number | null, vatExempt: boolean, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type ProductCategoryRow = { Id: string, Title: string, Sorting: number, ShowOnShop: boolean, HideOnContract: boolean, };

export type ProductCategoryShop = { title: string | null, 
/**
 * Sanitized rich text.
 */
description: string | null, 
/**
 * The image's download address.
 */
image: string | null, };

export type ProductCategory = { id: string, title: string, sorting: number, showOnShop: boolean, hideOnContract: boolean, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, shop: ProductCategoryShop, };

export type ShopInput = { title: string | null, description: string | null, 
/**
 * Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
 */
image?: string | null, };

export type ProductCategoryInput = { id: string | null, title: string | null, sorting: number | null, showOnShop: boolean, hideOnContract: boolean, shop: ShopInput, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };

export type ProductOrder = { productIds: Array<string>, };

export type ProductListRow = { Id: string, Title: string, Description: string | null, 
/**
 * The category's title.
 */
Category: string | null, 
/**
 * The lowest price of an active variant, or the product's own, in øre.
 */
Price: Money, HasVariants: boolean, Sorting: number, 
/**
 * One of `TYPES`.
 */
Type: string, };

export type VariantPick = { id: string | null, title: string | null, price: Money | null, };

export type ProductPick = { id: string, title: string, price: Money, 
/**
 * One of `TYPES`.
 */
type: string, variants: Array<VariantPick>, };

export type ProductVariant = { 
/**
 * Left out on a new variant: the save gives it one.
 */
id?: string | null, title: string | null, sku: string | null, 
/**
 * Price in øre (an integer; 1 kr = 100 øre).
 */
price: number | null, saleAmount: number | null, active: boolean, };

export type ProductOption = { productId: string | null, variantId: string | null, public: boolean, preSelected: boolean, priceOverride: boolean, 
/**
 * Price in øre (an integer; 1 kr = 100 øre).
 */
price: number | null, };

export type ProductExtraInfo = { title: string | null, alias: string | null, values: Array<string>, multiple: boolean, type: string | null, };

export type ProductSeat = { chartId: string | null, category: string | null, };

export type ContractSetup = { hidden: boolean, type: string | null, amountType: string | null, unit: string | null, preSelected: boolean, };

export type ProductSubscription = { active: boolean, 
/**
 * One-off start fee in øre (an integer; 1 kr = 100 øre).
 */
startFee: number | null, 
/**
 * Fee per interval in øre (an integer; 1 kr = 100 øre).
 */
fee: number | null, interval: number | null, commitment: number | null, };

export type ProductShop = { active: boolean, title: string | null, 
/**
 * Price in øre.
 */
price: Money | null, 
/**
 * Discount in øre.
 */
discount: Money | null, seasonId: string | null, renewalDate: string | null, 
/**
 * Sanitized rich text.
 */
description: string | null, 
/**
 * The image's download address.
 */
image: string | null, };

export type ProductDto = { id: string, title: string, sku: string | null, 
/**
 * One of `TYPES`.
 */
type: string, categoryId: string | null, price: Money, saleAmount: number | null, description: string | null, sorting: number, ticketTemplate: string | null, invoiceTitle: string | null, invoiceGroupId: string | null, showOnInvoice: boolean, prePayment: boolean, reservation: boolean, seasonTicket: boolean, poolProduct: boolean, appendix: boolean, hideExport: boolean, vatExempt: boolean, active: boolean, variants: Array<ProductVariant>, options: Array<ProductOption>, extraInfo: Array<ProductExtraInfo>, seats: Array<ProductSeat>, contractSetup: ContractSetup | null, subscription: ProductSubscription, 
/**
 * 'none', 'address' or 'pickup'.
 */
delivery: string, 
/**
 * What a save sends back as `version` (kit::version).
 */
version: number, shop: ProductShop, };

export type ProductShopInput = { active: boolean, title: string | null, 
/**
 * Price in øre (an integer; 1 kr = 100 øre).
 */
price: number | null, 
/**
 * Discount in øre (an integer; 1 kr = 100 øre).
 */
discount: number | null, seasonId: string | null, renewalDate: string | null, description: string | null, 
/**
 * Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
 */
image?: string | null, };

export type ProductInput = { id: string | null, title: string | null, sku: string | null, type: string | null, categoryId: string | null, 
/**
 * Price in øre (an integer; 1 kr = 100 øre).
 */
price: number | null, saleAmount: number | null, description: string | null, sorting: number | null, ticketTemplate: string | null, invoiceTitle: string | null, invoiceGroupId: string | null, showOnInvoice: boolean, prePayment: boolean, reservation: boolean, seasonTicket: boolean, poolProduct: boolean, appendix: boolean, hideExport: boolean, vatExempt: boolean, active: boolean, variants: Array<ProductVariant>, options: Array<ProductOption>, extraInfo: Array<ProductExtraInfo>, seats: Array<ProductSeat>, contractSetup: ContractSetup | null, subscription: ProductSubscription, shop: ProductShopInput, 
/**
 * How the product reaches the buyer: 'none' (default), 'address' (the checkout asks for a
 * delivery address) or 'pickup' (fetched at the club).
 */
delivery: string | null, 
/**
 * The version the editor read (GET `version`); required when saving an existing row.
 */
version: number | null, };
