//! The web shop (issue 17; spec 3 §2 Web shop, §3 Web shop product, Cart, §7 Web shop
//! (public)): the public catalogue (`catalogue.rs`), the buyer's cart (`cart.rs`), the checkout
//! and the confirmed order (`checkout.rs`), and the wire types (`dto.rs`). Every call is public (the club is the one the visitor is at) but the
//! administration's (`admin.rs`), which staff of the `webshop` module read.

pub mod admin;
pub mod cart;
pub mod catalogue;
pub mod checkout;
pub mod dto;
pub mod fulfil;

use utoipa::OpenApi;

use tribune_domain::selling::SaleChannel;

use crate::kit::routes::{Access, Area, Routes};
use crate::sales::channel::{
    Channel, Confirmation, HoldScope, Numbering, OrderStep, Payment, Rules,
};

/// The web shop's rules (issue 38 §1): anyone buys; the club's VAT setting; paid by card online
/// or a saved card, the stock, discount code and seats held for 15 minutes on the club's
/// counters until the payment comes; no free tickets; a confirmed order goes to staff
/// ('processing') with its own confirmation mail, and starts its subscriptions; cancelling it
/// later gives nothing back by itself (staff decide what returns to stock).
pub const RULES: Rules = Rules {
    channel: Channel::Shop,
    sellers: Access::Public,
    numbering: Numbering::OrderSeries,
    vat: SaleChannel::Shop,
    payments: &[Payment::Card, Payment::SavedCard],
    hold_minutes: Some(15),
    hold_scope: HoldScope::Club,
    named_tickets: false,
    allowances: false,
    confirmed: OrderStep::Process,
    confirmation: Confirmation::ShopOrder,
    release_when_cancelled: false,
    fulfil: Some(fulfil::fulfil),
};

pub const AREA: Area = Area {
    name: "webshop",
    configure,
    doc: ShopDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    let staff = Access::read(AREA.name);
    routes
        .post("/api/shop/orders", staff, admin::shop_orders)
        .post("/api/shop/products", staff, admin::shop_products)
        .get("/webshop/categories", Access::Public, catalogue::categories)
        .get("/webshop/products", Access::Public, catalogue::products)
        .get("/webshop/product/{id}", Access::Public, catalogue::product)
        .get(
            "/webshop/season/{seasonId}",
            Access::Public,
            catalogue::season,
        )
        .get(
            "/webshop/pictures/{id}",
            Access::Public,
            catalogue::shop_picture,
        )
        .post("/webshop/cart/check-seat", Access::Public, cart::check_seat)
        .post(
            "/webshop/create-intent",
            RULES.sellers,
            checkout::create_intent,
        )
        .post(
            "/webshop/checkout/complete",
            RULES.sellers,
            checkout::complete,
        )
        .get(
            "/webshop/order/{id}",
            Access::Public,
            checkout::confirmed_order,
        )
        .get(
            "/public/orders/webshop/accept-payment",
            Access::Public,
            checkout::accept_payment,
        )
        .get(
            "/public/orders/webshop/cart",
            Access::Public,
            cart::get_cart,
        )
        .post(
            "/public/orders/webshop/cart/add",
            Access::Public,
            cart::add_to_cart,
        )
        .post(
            "/public/orders/webshop/cart/update",
            Access::Public,
            cart::update_cart,
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        admin::shop_orders,
        admin::shop_products,
        catalogue::categories,
        catalogue::products,
        catalogue::product,
        catalogue::season,
        catalogue::shop_picture,
        cart::get_cart,
        cart::add_to_cart,
        cart::update_cart,
        cart::check_seat,
        checkout::create_intent,
        checkout::complete,
        checkout::confirmed_order,
        checkout::accept_payment,
    ),
    components(schemas(
        dto::ShopCategory,
        dto::ShopProductSummary,
        dto::ShopProduct,
        dto::ShopVariant,
        dto::ShopOption,
        dto::ShopSubscription,
        dto::ShopSeatEvent,
        dto::ShopRenewal,
        dto::ShopSeason,
        dto::Cart,
        dto::CartLine,
        dto::CartOption,
        dto::CheckSeat,
        dto::CheckoutInput,
        dto::CheckoutIntent,
        dto::CheckoutResult,
        dto::ConfirmedLine,
        dto::ConfirmedOrder,
    ))
)]
pub struct ShopDoc;
