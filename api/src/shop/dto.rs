//! The web shop's wire types (issue 17; spec 3 §3 Web shop product, Cart). Prices are integer
//! øre as the catalogue keeps them (`price`, without VAT when the club's prices are without it)
//! and as the buyer pays them (`priceWithVat`, the club's VAT rule applied by the server).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use uuid::Uuid;

/// A shop category (`showOnShop`): its shop title, description and image.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopCategory {
    pub id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub image: Option<String>,
}

/// A product in the shop's grid.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopProductSummary {
    pub id: Uuid,
    pub title: String,
    /// 'product', 'ticket' or 'seat-ticket'.
    #[serde(rename = "type")]
    pub kind: String,
    pub category_id: Option<Uuid>,
    /// The lowest price a buyer pays (with VAT as the club shows it).
    pub price_with_vat: Money,
    /// 'Fra:' — the variants' prices differ.
    pub from_price: bool,
    /// The price before the shop's discount, when there is one (with VAT).
    pub original_price_with_vat: Option<Money>,
    pub image: Option<String>,
    /// A subscription product.
    pub subscription: bool,
    pub sold_out: bool,
}

/// A variant the buyer chooses.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopVariant {
    pub id: Uuid,
    pub title: String,
    pub price_with_vat: Money,
    pub sold_out: bool,
}

/// A public add-on: its own product's price, or the price the product overrides it with.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopOption {
    pub product_id: Uuid,
    pub variant_id: Option<Uuid>,
    pub title: String,
    pub price_with_vat: Money,
    pub pre_selected: bool,
}

/// What a subscription product costs and binds.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopSubscription {
    /// Months between payments.
    pub interval: i32,
    /// Months bound.
    pub commitment: i32,
    pub fee_with_vat: Money,
    pub start_fee_with_vat: Money,
}

/// An event a seat-ticket product sells seats at.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ShopSeatEvent {
    pub id: Uuid,
    pub title: String,
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub start_date: chrono::DateTime<chrono::Utc>,
}

/// `GET /webshop/product/{id}`: the product page.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopProduct {
    pub id: Uuid,
    pub title: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub category_id: Option<Uuid>,
    /// Sanitised rich text.
    pub description: Option<String>,
    pub image: Option<String>,
    pub price_with_vat: Money,
    pub original_price_with_vat: Option<Money>,
    pub variants: Vec<ShopVariant>,
    pub options: Vec<ShopOption>,
    pub subscription: Option<ShopSubscription>,
    /// A season ticket: one seat for every match of its season.
    pub season_ticket: bool,
    pub season_id: Option<Uuid>,
    /// The events whose seats a seat-ticket product sells (the first, for a season ticket).
    pub seat_events: Vec<ShopSeatEvent>,
    /// The chart categories it sells (none: every category).
    pub seat_categories: Vec<String>,
    pub sold_out: bool,
}

/// `GET /webshop/season/{seasonId}`: a season's products for season-ticket sales.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopSeason {
    pub id: Uuid,
    pub title: String,
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub start_date: NaiveDate,
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub end_date: NaiveDate,
    pub products: Vec<ShopProductSummary>,
    /// For a signed-in holder of last season's season tickets, until the renewal date: the seats
    /// kept for them (spec 3 §3 `renewalDate`).
    pub renewal: Option<ShopRenewal>,
}

/// The seats last season's holder is offered first, until the renewal date.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopRenewal {
    /// Last season's title.
    pub previous_season: String,
    /// The seats ('A-1-12') the holder had, kept for them.
    pub seats: Vec<String>,
    /// Kept until the end of this day (the club's time).
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub until: NaiveDate,
}

/// An add-on on a cart line.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartOption {
    pub product_id: Option<Uuid>,
    pub title: String,
    /// As the order keeps it (spec 3 §3 Cart: options with productId, title, price).
    pub price: Money,
    pub price_with_vat: Money,
}

/// The shop's own name and picture of a cart line's product (spec 3 §3 Cart `product.shop`).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartProductShop {
    pub title: String,
    pub image: Option<String>,
}

/// A cart line's product (spec 3 §3 Cart `product` with title and shop.title/shop.image).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartProduct {
    pub title: String,
    pub shop: CartProductShop,
}

/// A line of the cart.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub id: Uuid,
    pub product_id: Option<Uuid>,
    pub variant_id: Option<Uuid>,
    pub title: String,
    pub variant: Option<String>,
    pub image: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    /// The product as the shop shows it; None when it is no longer in the catalogue.
    pub product: Option<CartProduct>,
    #[ts(type = "number")]
    pub amount: i64,
    /// Per unit as the order keeps it (before add-ons and discount).
    pub price: Money,
    /// Per unit, add-ons included, with VAT as the club shows it.
    pub price_with_vat: Money,
    pub total_with_vat: Money,
    pub options: Vec<CartOption>,
    pub subscription: bool,
    /// The seat of a seat-ticket line ('row-number'), and where it is.
    pub seat: Option<String>,
    pub seat_event: Option<String>,
    pub seat_event_id: Option<Uuid>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    pub color: Option<String>,
    /// The seat is held for the cart now (false: taken back; pick it again).
    pub seat_held: bool,
}

/// `GET /public/orders/webshop/cart`: the buyer's cart.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// Spec 3 §3 Cart `orderLines`.
    #[serde(rename = "orderLines")]
    pub lines: Vec<CartLine>,
    /// Without VAT.
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
    /// The hold session the cart's seats are held with (the seat picker goes on with it).
    pub hold_token: Option<String>,
    /// Whether a subscription is in the cart ('Abonnementsbetingelser').
    pub has_subscription: bool,
    /// How the cart's products reach the buyer: 'address' (the checkout asks for a delivery
    /// address), 'pickup' (fetched at the club), none (nothing to deliver).
    #[schema(value_type = Option<String>)]
    pub delivery: Option<tribune_domain::order::DeliveryMethod>,
}

/// `POST …/cart/add`: the product, its amount and add-ons (`options`: option product ids,
/// comma-separated), and for a seat-ticket its seat held with `holdToken` at `seatEventId`.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AddToCart {
    pub product_id: String,
    #[serde(default)]
    pub variant_id: Option<String>,
    #[serde(default)]
    pub amount: Option<String>,
    #[serde(default)]
    pub options: Option<String>,
    #[serde(default)]
    pub seat: Option<String>,
    #[serde(default)]
    pub seat_event_id: Option<String>,
    #[serde(default)]
    pub hold_token: Option<String>,
}

/// `POST …/cart/update`: a line's new amount (0 removes it).
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UpdateCart {
    pub id: String,
    pub amount: String,
}

/// `POST /webshop/cart/check-seat`: the seat a seat-ticket line takes.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckSeat {
    /// The cart line.
    pub id: Option<Uuid>,
    pub seat: String,
    pub chart_id: Option<String>,
    pub seat_event_id: Option<Uuid>,
    pub hold_token: Option<String>,
}

/// The checkout form (spec 3 §3 Checkout payload): who buys, and how. The lines are the cart's:
/// the server reads them from the cart, never from the request.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckoutInput {
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub description: Option<String>,
    /// 'Opret bruger' (visitors only), with `password`.
    pub create_user: bool,
    pub password: Option<String>,
    /// 'card', or the id of one of the customer's saved cards.
    pub payment_method: Option<String>,
    /// 'Gem kort' (customers only).
    pub save_card: bool,
    pub discount_code: Option<String>,
    /// 'Handelsbetingelser'.
    pub accept_terms: bool,
    /// 'Abonnementsbetingelser' (when a subscription is in the cart).
    pub accept_subscription_terms: bool,
    /// The delivery address, asked for when the cart has a product that is sent
    /// (`Cart.delivery` 'address'): name, street, postcode (4 digits) and city.
    pub delivery_name: Option<String>,
    pub delivery_street: Option<String>,
    pub delivery_postcode: Option<String>,
    pub delivery_city: Option<String>,
}

crate::sales::buyer::buyer_form!(CheckoutInput);

/// `POST /webshop/create-intent`: the key `checkout/complete` is called with, and what the
/// order comes to with the discount code.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutIntent {
    pub intent_secret: String,
    /// Without VAT, after the discount.
    pub subtotal: Money,
    /// The discount code's discount (with VAT as the club shows prices).
    pub discount: Money,
    pub vat: Money,
    pub total: Money,
}

/// `POST /webshop/checkout/complete`: the order, the token of its confirmation page, and how to
/// pay (none: nothing to pay, the order is confirmed).
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutResult {
    pub order_id: Uuid,
    pub token: String,
    /// Stripe's client secret for the card element.
    pub client_secret: Option<String>,
    pub publishable_key: Option<String>,
    /// The hosted window's form.
    #[ts(type = "{ action: string; fields: Array<{ name: string; value: string }> } | null")]
    #[schema(value_type = Option<Object>)]
    pub payment_form: Option<serde_json::Value>,
}

/// A line of the confirmed order.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedLine {
    pub title: String,
    pub variant: Option<String>,
    #[ts(type = "number")]
    pub amount: i64,
    pub price_with_vat: Money,
    pub total_with_vat: Money,
    pub options: Vec<CartOption>,
    pub seat: Option<String>,
    pub seat_event: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
}

/// `GET /webshop/order/{id}?token=` (spec 3 §3 Confirmed order).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub number: i64,
    /// 'pending' (waiting for the payment), 'confirmed' or 'cancelled'.
    pub status: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: String,
    pub description: Option<String>,
    pub card_type: Option<String>,
    /// The card's last four digits.
    pub card_number: Option<String>,
    pub exp_month: Option<u32>,
    pub exp_year: Option<u32>,
    pub lines: Vec<ConfirmedLine>,
    /// Without VAT.
    pub subtotal: Money,
    pub discount: Money,
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
    /// The club's `orders.confirmationMessage` (sanitised HTML).
    pub confirmation_message: Option<String>,
    /// The buyer asked for a user ('Opret bruger') at checkout: the page says it was made and
    /// that the e-mail must be confirmed.
    pub account_created: bool,
    /// Where the order goes: the delivery address, or pick-up at the club.
    #[schema(value_type = Option<Object>)]
    pub delivery: Option<tribune_domain::order::Delivery>,
}
