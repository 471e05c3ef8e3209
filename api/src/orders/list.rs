//! The orders list (spec 3 §2 Orders list) and its export `Ordrer.xlsx`: the list kit over
//! `tribune_projections::order::queries::ORDERS`.

use actix_web::HttpResponse;
use tribune_domain::money::Money;
use tribune_domain::order::{OrderStatus, PaymentStatus};
use tribune_projections::db::club_tx;
use tribune_projections::list::Rows;
use tribune_projections::order::queries::{OrderListRow, ORDERS};

use crate::envelope::{self, ListParams, Page};
use crate::error::ApiError;
use crate::export::{self, Cell, Column};
use crate::kit::input::Json;
use crate::kit::reads::Reads;
use crate::session::Staff;

#[utoipa::path(post, path = "/api/orders", tag = "orders", request_body = ListParams,
    responses((status = 200, description = "one page of orders; Total of a row is in øre", body = Page<OrderListRow>)))]
pub async fn list_orders(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = ORDERS
        .page::<OrderListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

fn status_label(status: &str) -> &'static str {
    serde_json::from_value::<OrderStatus>(serde_json::Value::String(status.into()))
        .map(OrderStatus::label)
        .unwrap_or("")
}

fn payment_label(status: &str) -> &'static str {
    serde_json::from_value::<PaymentStatus>(serde_json::Value::String(status.into()))
        .map(PaymentStatus::label)
        .unwrap_or("")
}

/// The columns of `Ordrer.xlsx`.
pub const EXPORT: &[Column<OrderListRow>] = &[
    Column {
        header: "Status",
        cell: |r| Cell::Text(status_label(&r.status).into()),
    },
    Column {
        header: "Nummer",
        cell: |r| Cell::Number(r.number as f64),
    },
    Column {
        header: "Betaling",
        cell: |r| Cell::Text(payment_label(&r.payment_status).into()),
    },
    Column {
        header: "Kontaktperson",
        cell: |r| {
            if r.is_pos {
                Cell::Text("Billetsalg".into())
            } else {
                Cell::text(&r.contact)
            }
        },
    },
    Column {
        header: "Virksomhed",
        cell: |r| Cell::text(&r.company),
    },
    Column {
        header: "Arrangement",
        cell: |r| Cell::text(&r.event),
    },
    Column {
        header: "Pris",
        cell: |r| Cell::Money(Money::ore(r.total)),
    },
    Column {
        header: "Dato",
        cell: |r| Cell::Time(r.create_date),
    },
];

#[utoipa::path(post, path = "/api/orders/export", tag = "orders", request_body = ListParams,
    responses((status = 200, description = "Ordrer.xlsx", body = Vec<u8>,
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))]
pub async fn export_orders(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let rows: Vec<OrderListRow> = ORDERS
        .rows(&mut tx, Some(staff.client_id), &params, Rows::All)
        .await?;
    tx.commit().await?;
    let bytes = export::workbook("Ordrer", EXPORT, &rows).map_err(ApiError::internal)?;
    Ok(export::xlsx("Ordrer.xlsx", bytes))
}
