//! The orders area's routes, OpenAPI document and history source (issue 11 §4). Registered after the catalogue,
//! whose `/api/orders/categories` … are fixed paths that must win over `/api/orders/{id}`; here
//! too the fixed paths come before `{id}`.

use tribune_domain::order::Order;
use utoipa::OpenApi;

use super::{dto, list};
use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "orders",
    configure,
    doc: OrdersDoc::openapi,
    history: &[&AggregateHistory::<Order> {
        aggregate_type: "order",
        module: Some(super::MODULE),
        bus: |state| &state.orders,
        view: |id, sequence, order| {
            serde_json::to_value(dto::OrderDto::from_order(id.parse().ok(), sequence, order))
        },
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(super::MODULE), Access::manage(super::MODULE));
    routes
        .post("/api/orders", read, list::list_orders)
        .post("/api/orders/export", read, list::export_orders)
        .get("/api/orders/new", read, super::new_order)
        .get("/api/orders/contracts", read, super::linkable_contracts)
        .post("/api/orders/update", manage, super::update_order)
        .post("/api/orders/approve", manage, super::approve_order)
        .post("/api/orders/edit", manage, super::reopen_order)
        .post("/api/orders/cancel", manage, super::cancel_order)
        .post(
            "/api/orders/payment-status",
            manage,
            super::set_payment_status,
        )
        .get("/api/orders/{id}", read, super::get_order)
        .delete("/api/orders/{id}", manage, super::delete_order)
        .post(
            "/api/orders/{id}/capture-payment",
            manage,
            super::capture_payment,
        )
        .post(
            "/api/orders/{id}/send-paymentlink",
            manage,
            super::send_payment_link,
        )
        .post(
            "/api/orders/{id}/send-confirmation",
            manage,
            super::send_confirmation,
        )
        .get("/api/orders/{id}/tickets", read, super::order_tickets)
        .get("/api/invoices/{order_id}", read, super::order_invoices);
}

#[derive(OpenApi)]
#[openapi(
    paths(
        list::list_orders,
        list::export_orders,
        super::get_order,
        super::new_order,
        super::update_order,
        super::approve_order,
        super::reopen_order,
        super::cancel_order,
        super::set_payment_status,
        super::delete_order,
        super::capture_payment,
        super::send_payment_link,
        super::send_confirmation,
        super::order_tickets,
        super::order_invoices,
        super::linkable_contracts,
    ),
    components(schemas(dto::OrderInput, super::OrderRef))
)]
pub struct OrdersDoc;
