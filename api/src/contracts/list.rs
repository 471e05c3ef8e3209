//! The contracts list (spec 3 §2 Contracts list) and its export `Aftaler.xlsx`: the list kit over
//! `tribune_projections::contract::queries::CONTRACTS`.

use actix_web::HttpResponse;
use tribune_domain::contract::{AgreementStatus, ContractStatus};
use tribune_domain::money::Money;
use tribune_projections::contract::queries::{ContractListRow, CONTRACTS};
use tribune_projections::db::club_tx;
use tribune_projections::list::Rows;

use crate::envelope::{self, ListParams, Page};
use crate::error::ApiError;
use crate::export::{self, Cell, Column};
use crate::kit::input::Json;
use crate::kit::reads::Reads;
use crate::session::Staff;

#[utoipa::path(post, path = "/api/contracts", tag = "contracts", request_body = ListParams,
    responses((status = 200, description = "one page of contracts; Subtotal and Total in øre", body = Page<ContractListRow>)))]
pub async fn list_contracts(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = CONTRACTS
        .page::<ContractListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

fn status_label(status: &str) -> &'static str {
    serde_json::from_value::<ContractStatus>(serde_json::Value::String(status.into()))
        .map(ContractStatus::label)
        .unwrap_or("")
}

fn agreement_label(status: &str) -> &'static str {
    serde_json::from_value::<AgreementStatus>(serde_json::Value::String(status.into()))
        .map(AgreementStatus::label)
        .unwrap_or("")
}

/// The columns of `Aftaler.xlsx`.
pub const EXPORT: &[Column<ContractListRow>] = &[
    Column {
        header: "Status",
        cell: |r| Cell::Text(status_label(&r.status).into()),
    },
    Column {
        header: "Forhandling",
        cell: |r| Cell::Text(agreement_label(&r.agreement_status).into()),
    },
    Column {
        header: "Nummer",
        cell: |r| Cell::Number(r.contract_number as f64),
    },
    Column {
        header: "Faktura",
        cell: |r| Cell::Number(r.invoices as f64),
    },
    Column {
        header: "Virksomhed",
        cell: |r| Cell::text(&r.company),
    },
    Column {
        header: "Kontaktperson",
        cell: |r| Cell::text(&r.contact),
    },
    Column {
        header: "Subtotal",
        cell: |r| Cell::Money(Money::ore(r.subtotal)),
    },
    Column {
        header: "Pris",
        cell: |r| Cell::Money(Money::ore(r.total)),
    },
    Column {
        header: "Filer",
        cell: |r| Cell::Number(r.files as f64),
    },
];

#[utoipa::path(post, path = "/api/contracts/export", tag = "contracts", request_body = ListParams,
    responses((status = 200, description = "Aftaler.xlsx", body = Vec<u8>,
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))]
pub async fn export_contracts(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let rows: Vec<ContractListRow> = CONTRACTS
        .rows(&mut tx, Some(staff.client_id), &params, Rows::All)
        .await?;
    tx.commit().await?;
    let bytes = export::workbook("Aftaler", EXPORT, &rows).map_err(ApiError::internal)?;
    Ok(export::xlsx("Aftaler.xlsx", bytes))
}
