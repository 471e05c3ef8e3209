//! The invoice actions (spec 3 §7 Invoices) and 'Opret faktura' on orders and contracts: thin
//! handlers over the Invoice's application service.

use actix_web::{web, HttpResponse};
use chrono::Utc;
use tribune_domain::invoice::InvoiceCommand;
use tribune_projections::db::club_tx;
use tribune_projections::invoice::queries::{invoices_of, InvoiceListRow};

use serde::Deserialize;

use super::document;
use super::dto::{InvoiceDto, InvoiceRef, SourceRef};
use super::service::{InvoiceService, Mailing};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::kit::input::{Json, OptionalJson};
use crate::kit::pdf::pdf_response;
use crate::session::Staff;
use crate::state::AppState;

use crate::kit::dates::today;

#[utoipa::path(post, path = "/api/orders/invoice", tag = "invoices", request_body = SourceRef,
    responses((status = 200, description = "the new invoices' ids", body = Envelope<Vec<Uuid>>), (status = 404), (status = 422)))]
pub async fn invoice_order(
    staff: Staff,
    body: Json<SourceRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let ids = InvoiceService::of(&state)
        .invoice_order(&Actor::from(&staff), body.id)
        .await?;
    Ok(envelope::result(ids))
}

#[utoipa::path(post, path = "/api/contracts/invoice", tag = "invoices", request_body = SourceRef,
    responses((status = 200, description = "the new invoice's id", body = Envelope<Uuid>), (status = 404), (status = 422)))]
pub async fn invoice_contract(
    staff: Staff,
    body: Json<SourceRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = InvoiceService::of(&state)
        .invoice_contract(&Actor::from(&staff), body.id)
        .await?;
    Ok(envelope::result(id))
}

#[utoipa::path(get, path = "/api/invoices/{id}", tag = "invoices",
    params(("id" = String, Path, description = "an order's, contract's or subscription's id")),
    responses((status = 200, description = "the record's invoices and their credit notes", body = Envelope<Vec<InvoiceListRow>>)))]
pub async fn invoices_of_source(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows = invoices_of(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result(rows))
}

#[utoipa::path(get, path = "/api/invoices/{id}/detail", tag = "invoices",
    responses((status = 200, description = "the invoice; money in øre", body = Envelope<InvoiceDto>), (status = 404)))]
pub async fn get_invoice(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (invoice, version) = InvoiceService::of(&state).load(staff.client_id, id).await?;
    Ok(envelope::result(InvoiceDto::from_invoice(
        id, version, &invoice,
    )))
}

async fn act(
    staff: &Staff,
    state: &AppState,
    body: &InvoiceRef,
    command: InvoiceCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    let invoice = InvoiceService::of(state)
        .execute(&Actor::from(staff), body.id, body.version, command, name)
        .await?;
    Ok(envelope::result(InvoiceDto::from_invoice(
        body.id, 0, &invoice,
    )))
}

#[utoipa::path(post, path = "/api/invoices/update-date", tag = "invoices", request_body = InvoiceRef,
    responses((status = 200, description = "the invoice as it is now", body = Envelope<InvoiceDto>), (status = 404), (status = 409), (status = 422)))]
pub async fn update_date(
    staff: Staff,
    body: Json<InvoiceRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let command = InvoiceCommand::ChangeDate {
        invoice_date: body.invoice_date,
    };
    act(&staff, &state, &body, command, "invoice.update-date").await
}

#[utoipa::path(post, path = "/api/invoices/update-invoice", tag = "invoices", request_body = InvoiceRef,
    responses((status = 200, description = "the invoice as it is now", body = Envelope<InvoiceDto>), (status = 404), (status = 409), (status = 422)))]
pub async fn update_external_number(
    staff: Staff,
    body: Json<InvoiceRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if body
        .external_number
        .as_deref()
        .is_some_and(|n| n.chars().count() > 50)
    {
        return Err(ApiError::field(
            "externalNumber",
            "Bogføringsnummeret må højst have 50 tegn",
        ));
    }
    let command = InvoiceCommand::SetExternalNumber {
        external_number: body.external_number.clone(),
    };
    act(&staff, &state, &body, command, "invoice.update-invoice").await
}

#[utoipa::path(post, path = "/api/invoices/{id}/book", tag = "invoices", request_body = InvoiceRef,
    responses((status = 200, description = "the invoice with its number", body = Envelope<InvoiceDto>), (status = 404), (status = 409), (status = 422)))]
pub async fn book(
    staff: Staff,
    path: web::Path<String>,
    body: Option<Json<InvoiceRef>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let version = body.and_then(|b| b.version);
    let invoice = InvoiceService::of(&state)
        .book(&Actor::from(&staff), id, version)
        .await?;
    Ok(envelope::result(InvoiceDto::from_invoice(id, 0, &invoice)))
}

#[utoipa::path(post, path = "/api/invoices/{id}/credit", tag = "invoices",
    responses((status = 200, description = "the credit note's id", body = Envelope<Uuid>), (status = 404), (status = 422)))]
pub async fn credit(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let note = InvoiceService::of(&state)
        .credit(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::result(note))
}

async fn by_path(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
    command: InvoiceCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let invoice = InvoiceService::of(&state)
        .execute(&Actor::from(&staff), id, None, command, name)
        .await?;
    Ok(envelope::result(InvoiceDto::from_invoice(id, 0, &invoice)))
}

#[utoipa::path(post, path = "/api/invoices/{id}/delete", tag = "invoices",
    responses((status = 200, description = "the invoice as it was deleted", body = Envelope<InvoiceDto>), (status = 404), (status = 422)))]
pub async fn delete(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    by_path(staff, path, state, InvoiceCommand::Delete, "invoice.delete").await
}

#[utoipa::path(post, path = "/api/invoices/{id}/sent", tag = "invoices",
    responses((status = 200, description = "the invoice as it is now", body = Envelope<InvoiceDto>), (status = 404), (status = 422)))]
pub async fn mark_sent(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let command = InvoiceCommand::MarkSent { at: Utc::now() };
    by_path(staff, path, state, command, "invoice.sent").await
}

#[utoipa::path(post, path = "/api/invoices/{id}/paid", tag = "invoices",
    responses((status = 200, description = "the invoice as it is now", body = Envelope<InvoiceDto>), (status = 404), (status = 422)))]
pub async fn mark_paid(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let command = InvoiceCommand::MarkPaid { paid_on: today() };
    by_path(staff, path, state, command, "invoice.paid").await
}

/// `/send` and `/send-receipt`: to the customer's e-mail unless another is given.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendTo {
    #[serde(default)]
    pub email: Option<String>,
}

async fn mail(
    staff: Staff,
    path: web::Path<String>,
    body: OptionalJson<SendTo>,
    state: web::Data<AppState>,
    what: Mailing,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let to = send_to(body)?;
    let invoice = InvoiceService::of(&state)
        .mail(&Actor::from(&staff), id, to, what)
        .await?;
    Ok(envelope::result(InvoiceDto::from_invoice(id, 0, &invoice)))
}

fn send_to(body: OptionalJson<SendTo>) -> Result<Option<String>, ApiError> {
    let email = body
        .0
        .and_then(|b| b.email)
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty());
    if let Some(email) = &email {
        if !crate::kit::validate::is_email(email) {
            return Err(ApiError::field("email", "E-mailadressen er ikke gyldig"));
        }
    }
    Ok(email)
}

#[utoipa::path(post, path = "/api/invoices/{id}/send", tag = "invoices", request_body = SendTo,
    responses((status = 200, description = "the invoice; the mail with the PDF is queued", body = Envelope<InvoiceDto>), (status = 404), (status = 409), (status = 422)))]
pub async fn send(
    staff: Staff,
    path: web::Path<String>,
    body: OptionalJson<SendTo>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    mail(staff, path, body, state, Mailing::Invoice).await
}

#[utoipa::path(post, path = "/api/invoices/{id}/send-receipt", tag = "invoices", request_body = SendTo,
    responses((status = 200, description = "the invoice; the receipt with the PDF marked paid is queued", body = Envelope<InvoiceDto>), (status = 404), (status = 409), (status = 422)))]
pub async fn send_receipt(
    staff: Staff,
    path: web::Path<String>,
    body: OptionalJson<SendTo>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    mail(staff, path, body, state, Mailing::Receipt).await
}

#[utoipa::path(get, path = "/api/invoices/{id}/pdf", tag = "invoices",
    responses((status = 200, description = "the invoice or credit note as a PDF (a draft's says KLADDE)", content_type = "application/pdf", body = Vec<u8>), (status = 404)))]
pub async fn invoice_pdf(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (invoice, _) = InvoiceService::of(&state).load(staff.client_id, id).await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let bytes = document::render(&mut tx, &state.storage, &invoice).await?;
    tx.commit().await?;
    Ok(pdf_response(&document::file_name(&invoice), bytes))
}
