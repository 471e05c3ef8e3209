// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Delivery, DeliveryMethod, Money } from './orders';

export type ShopCategory = { id: string, title: string, description: string | null, image: string | null, };

export type ShopProductSummary = { id: string, title: string, 
/**
 * 'product', 'ticket' or 'seat-ticket'.
 */
type: string, categoryId: string | null, 
/**
 * The lowest price a buyer pays (with VAT as the club shows it).
 */
priceWithVat: Money, 
/**
 * 'Fra:' — the variants' prices differ.
 */
fromPrice: boolean, 
/**
 * The price before the shop's discount, when there is one (with VAT).
 */
originalPriceWithVat: Money | null, image: string | null, 
/**
 * A subscription product.
 */
subscription: boolean, soldOut: boolean, };

export type ShopVariant = { id: string, title: string, priceWithVat: Money, soldOut: boolean, };

export type ShopOption = { productId: string, variantId: string | null, title: string, priceWithVat: Money, preSelected: boolean, };

export type ShopSubscription = { 
/**
 * Months between payments.
 */
interval: number, 
/**
 * Months bound.
 */
commitment: number, feeWithVat: Money, startFeeWithVat: Money, };

export type ShopSeatEvent = { id: string, title: string, startDate: string, };

export type ShopProduct = { id: string, title: string, type: string, categoryId: string | null, 
/**
 * Sanitised rich text.
 */
description: string | null, image: string | null, priceWithVat: Money, originalPriceWithVat: Money | null, variants: Array<ShopVariant>, options: Array<ShopOption>, subscription: ShopSubscription | null, 
/**
 * A season ticket: one seat for every match of its season.
 */
seasonTicket: boolean, seasonId: string | null, 
/**
 * The events whose seats a seat-ticket product sells (the first, for a season ticket).
 */
seatEvents: Array<ShopSeatEvent>, 
/**
 * The chart categories it sells (none: every category).
 */
seatCategories: Array<string>, soldOut: boolean, };

export type ShopRenewal = { 
/**
 * Last season's title.
 */
previousSeason: string, 
/**
 * The seats ('A-1-12') the holder had, kept for them.
 */
seats: Array<string>, 
/**
 * Kept until the end of this day (the club's time).
 */
until: string, };

export type ShopSeason = { id: string, title: string, startDate: string, endDate: string, products: Array<ShopProductSummary>, 
/**
 * For a signed-in holder of last season's season tickets, until the renewal date: the seats
 * kept for them (spec 3 §3 `renewalDate`).
 */
renewal: ShopRenewal | null, };

export type CartOption = { productId: string | null, title: string, 
/**
 * As the order keeps it (spec 3 §3 Cart: options with productId, title, price).
 */
price: Money, priceWithVat: Money, };

export type CartProductShop = { title: string, image: string | null, };

export type CartProduct = { title: string, shop: CartProductShop, };

export type CartLine = { id: string, productId: string | null, variantId: string | null, title: string, variant: string | null, image: string | null, type: string, 
/**
 * The product as the shop shows it; None when it is no longer in the catalogue.
 */
product: CartProduct | null, amount: number, 
/**
 * Per unit as the order keeps it (before add-ons and discount).
 */
price: Money, 
/**
 * Per unit, add-ons included, with VAT as the club shows it.
 */
priceWithVat: Money, totalWithVat: Money, options: Array<CartOption>, subscription: boolean, 
/**
 * The seat of a seat-ticket line ('row-number'), and where it is.
 */
seat: string | null, seatEvent: string | null, seatEventId: string | null, section: string | null, row: string | null, seatNumber: string | null, color: string | null, 
/**
 * The seat is held for the cart now (false: taken back; pick it again).
 */
seatHeld: boolean, };

export type Cart = { 
/**
 * Spec 3 §3 Cart `orderLines`.
 */
orderLines: Array<CartLine>, 
/**
 * Without VAT.
 */
subtotal: Money, vat: Money, total: Money, 
/**
 * The hold session the cart's seats are held with (the seat picker goes on with it).
 */
holdToken: string | null, 
/**
 * Whether a subscription is in the cart ('Abonnementsbetingelser').
 */
hasSubscription: boolean, 
/**
 * How the cart's products reach the buyer: 'address' (the checkout asks for a delivery
 * address), 'pickup' (fetched at the club), none (nothing to deliver).
 */
delivery: DeliveryMethod | null, };

export type CheckSeat = { 
/**
 * The cart line.
 */
id: string | null, seat: string, chartId: string | null, seatEventId: string | null, holdToken: string | null, };

export type CheckoutInput = { firstname: string, lastname: string, email: string, phone: string, description: string | null, 
/**
 * 'Opret bruger' (visitors only), with `password`.
 */
createUser: boolean, password: string | null, 
/**
 * 'card', or the id of one of the customer's saved cards.
 */
paymentMethod: string | null, 
/**
 * 'Gem kort' (customers only).
 */
saveCard: boolean, discountCode: string | null, 
/**
 * 'Handelsbetingelser'.
 */
acceptTerms: boolean, 
/**
 * 'Abonnementsbetingelser' (when a subscription is in the cart).
 */
acceptSubscriptionTerms: boolean, 
/**
 * The delivery address, asked for when the cart has a product that is sent
 * (`Cart.delivery` 'address'): name, street, postcode (4 digits) and city.
 */
deliveryName: string | null, deliveryStreet: string | null, deliveryPostcode: string | null, deliveryCity: string | null, };

export type CheckoutIntent = { intentSecret: string, 
/**
 * Without VAT, after the discount.
 */
subtotal: Money, 
/**
 * The discount code's discount (with VAT as the club shows prices).
 */
discount: Money, vat: Money, total: Money, };

export type CheckoutResult = { orderId: string, token: string, 
/**
 * Stripe's client secret for the card element.
 */
clientSecret: string | null, publishableKey: string | null, 
/**
 * The hosted window's form.
 */
paymentForm: { action: string; fields: Array<{ name: string; value: string }> } | null, };

export type ConfirmedLine = { title: string, variant: string | null, amount: number, priceWithVat: Money, totalWithVat: Money, options: Array<CartOption>, seat: string | null, seatEvent: string | null, section: string | null, row: string | null, seatNumber: string | null, };

export type ConfirmedOrder = { id: string, number: number, 
/**
 * 'pending' (waiting for the payment), 'confirmed' or 'cancelled'.
 */
status: string, firstname: string, lastname: string, email: string, phone: string, description: string | null, cardType: string | null, 
/**
 * The card's last four digits.
 */
cardNumber: string | null, expMonth: number | null, expYear: number | null, lines: Array<ConfirmedLine>, 
/**
 * Without VAT.
 */
subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, 
/**
 * The club's `orders.confirmationMessage` (sanitised HTML).
 */
confirmationMessage: string | null, 
/**
 * The buyer asked for a user ('Opret bruger') at checkout: the page says it was made and
 * that the e-mail must be confirmed.
 */
accountCreated: boolean, 
/**
 * Where the order goes: the delivery address, or pick-up at the club.
 */
delivery: Delivery | null, };

export type ShopProductRow = { Id: string, Title: string, Category: string | null, 
/**
 * The lowest active variant's price, or the product's.
 */
Price: Money, 
/**
 * product, ticket or seat-ticket.
 */
Type: string, };
