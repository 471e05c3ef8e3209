//! Orders (spec 3 §2 Orders list and Order page, §4, §5, §7 Orders): the area's routes with their
//! access, its OpenAPI document and its history source. Handlers: `order.rs` (one order) and
//! `list.rs` (the list and its export); every write goes through `service.rs`, every list through
//! `tribune_projections::order::queries`. Registered after the catalogue, whose
//! `/api/orders/categories` … are fixed paths that must win over `/api/orders/{id}`; here too the
//! fixed paths come before `{id}`.

pub mod dto;
pub mod list;
pub mod order;
pub mod payment;
pub mod service;

use tribune_domain::order::Order;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};
pub use service::{OrderService, CONFLICT};

pub const MODULE: &str = "orders";

pub const AREA: Area = Area {
    name: "orders",
    configure,
    doc: OrdersDoc::openapi,
    history: &[&AggregateHistory::<Order> {
        aggregate_type: "order",
        module: Some(MODULE),
        bus: |state| &state.orders,
        view: |id, sequence, order| {
            serde_json::to_value(dto::OrderDto::from_order(id.parse().ok(), sequence, order))
        },
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/orders", read, list::list_orders)
        .stale_ok()
        .post("/api/orders/export", read, list::export_orders)
        .stale_ok()
        .get("/api/orders/new", read, order::new_order)
        .get("/api/orders/contracts", read, order::linkable_contracts)
        .post("/api/orders/update", manage, order::update_order)
        .fields(&order::ORDER_FIELDS)
        .post("/api/orders/approve", manage, order::approve_order)
        .post("/api/orders/edit", manage, order::reopen_order)
        .post("/api/orders/cancel", manage, order::cancel_order)
        .post(
            "/api/orders/payment-status",
            manage,
            order::set_payment_status,
        )
        .get("/api/orders/{id}", read, order::get_order)
        .delete("/api/orders/{id}", manage, order::delete_order)
        .post(
            "/api/orders/{id}/capture-payment",
            manage,
            order::capture_payment,
        )
        .post(
            "/api/orders/{id}/send-paymentlink",
            manage,
            order::send_payment_link,
        )
        .post(
            "/api/orders/{id}/send-confirmation",
            manage,
            order::send_confirmation,
        )
        .get("/api/orders/{id}/tickets", read, order::order_tickets)
        .get(
            "/api/public/orders/{id}/payment",
            Access::Public,
            payment::payment_page,
        )
        .post(
            "/api/public/orders/{id}/payment/start",
            Access::Public,
            payment::start_payment,
        )
        .post(
            "/api/public/orders/{id}/payment/confirm",
            Access::Public,
            payment::confirm_payment,
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        list::list_orders,
        list::export_orders,
        order::get_order,
        order::new_order,
        order::update_order,
        order::approve_order,
        order::reopen_order,
        order::cancel_order,
        order::set_payment_status,
        order::delete_order,
        order::capture_payment,
        order::send_payment_link,
        order::send_confirmation,
        order::order_tickets,
        order::linkable_contracts,
        payment::payment_page,
        payment::start_payment,
        payment::confirm_payment,
    ),
    components(schemas(
        dto::OrderInput,
        order::OrderRef,
        payment::OrderPaymentPage,
        payment::PaymentPageLine,
        payment::ConfirmPayment,
        crate::integrations::payments::PaymentStart,
        crate::integrations::payments::FormField
    ))
)]
pub struct OrdersDoc;
