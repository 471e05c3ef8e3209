//! The point of sale (spec 2 §2 tab 90 Billetsalg, §3 Point-of-sale cart, §4 Seat holds, §7
//! Point of sale; issue 19): what the desk sells and a sale checked, priced and made
//! (`sale.rs`), the receipt and tickets for the receipt printer (`print.rs`), the calls and QZ
//! Tray's certificate and signatures (`handlers.rs`), the wire types (`dto.rs`). A sale's seats
//! are held with the seat engine's hold sessions (`seats`), which the desk's picker opens.

pub mod dto;
pub mod handlers;
pub mod print;
pub mod sale;

use utoipa::OpenApi;

use tribune_domain::order::DeskPayment;
use tribune_domain::selling::SaleChannel;

use crate::kit::routes::{Access, Area, Routes};
use crate::sales::channel::{Channel, Payment, Rules, EVENT_SALE};

/// The desk's rules (issue 38 §1): staff who may manage the club's events sell; prices include
/// VAT; paid on the spot in cash, by card at the terminal or by invoice to a company, so nothing
/// is held waiting; the buyer's free tickets pay first; a confirmed sale is approved (mailed
/// when the customer gave an e-mail); cancelling its order gives its places back.
pub const RULES: Rules = Rules {
    channel: Channel::Pos,
    sellers: Access::manage(crate::events::MODULE),
    vat: SaleChannel::Desk,
    payments: &[
        Payment::Desk(DeskPayment::Cash),
        Payment::Desk(DeskPayment::Card),
        Payment::Desk(DeskPayment::Invoice),
    ],
    ..EVENT_SALE
};

pub const AREA: Area = Area {
    name: "pos",
    configure,
    doc: PosDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    let manage = Access::manage(crate::events::MODULE);
    routes
        .get(
            "/api/events/{id}/pos/products",
            Access::read(crate::events::MODULE),
            handlers::pos_products,
        )
        .post("/api/events/{id}/pos/price", manage, handlers::pos_price)
        .post(
            "/api/events/{id}/pos/release-seat",
            manage,
            handlers::pos_release_seat,
        )
        .post(
            "/api/events/{id}/pos/cancel-order",
            manage,
            handlers::pos_cancel_order,
        )
        .post(
            "/api/events/{id}/pos/confirm-order",
            RULES.sellers,
            handlers::pos_confirm_order,
        )
        // Whoever sells at the desk prints: the club's key signs for sellers only.
        .get("/api/qz/cert", manage, handlers::qz_cert)
        .get("/api/qz/sign-message", manage, handlers::qz_sign_message);
}

#[derive(OpenApi)]
#[openapi(
    paths(
        handlers::pos_products,
        handlers::pos_price,
        handlers::pos_release_seat,
        handlers::pos_cancel_order,
        handlers::pos_confirm_order,
        handlers::qz_cert,
        handlers::qz_sign_message,
    ),
    components(schemas(
        dto::PosKind,
        dto::PosProduct,
        dto::PosProducts,
        dto::PosLine,
        dto::PosCustomer,
        dto::PosCart,
        dto::PosPricedLine,
        dto::PosPrice,
        dto::PosOrder,
        dto::PosTicket,
        dto::PrintKind,
        dto::PosPrint,
        dto::PosResult,
        crate::sales::offers::SeatCategory,
    ))
)]
pub struct PosDoc;
