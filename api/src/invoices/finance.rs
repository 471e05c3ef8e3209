//! What finance asks daily (issue 37 §5): the finance page's figures (`GET /api/invoices/finance`)
//! and, beside an invoice's own page, what surrounds it (`GET /api/invoices/{id}/related`): the
//! payments of what it bills, its e-conomic booking, its credit notes and the names of the
//! records it mentions. Each figure of the finance page is a filter of the invoices list, so the
//! page links every number to the rows behind it; the next invoices of contracts and charges of
//! subscriptions it lists through their own lists (`/api/dashboard/invoices`, `/api/subscriptions`).

use std::collections::{BTreeMap, BTreeSet};

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::Serialize;
use tribune_domain::invoice::InvoiceSource;
use tribune_projections::db::club_tx;
use tribune_projections::invoice::queries::{
    credit_relations, invoice_figures, InvoiceFigures, InvoiceListRow,
};

use super::dto::InvoiceDto;
use super::economic::{booking_of, club_settings, EconomicBooking};
use super::service::InvoiceService;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::dates::today;
use crate::kit::ids::parse_id;
use crate::kit::names::{ids_in, names_of, RecordName};
use crate::kit::reads::Reads;
use crate::payments::ledger::{payments_of, PaymentLine};
use crate::session::Staff;
use crate::state::AppState;

/// The finance page.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinanceOverview {
    /// The Danish day the figures are of.
    pub today: NaiveDate,
    pub invoices: InvoiceFigures,
    /// The club books its invoices in e-conomic (else 'Ikke bogført' means nothing).
    pub economic: bool,
}

#[utoipa::path(get, path = "/api/invoices/finance", tag = "invoices",
    responses((status = 200, description = "the finance page's figures; money in øre with VAT", body = Envelope<FinanceOverview>)))]
pub async fn finance_overview(staff: Staff, reads: Reads) -> Result<HttpResponse, ApiError> {
    let client = staff.client_id;
    let day = today();
    let mut tx = club_tx(reads.pool(), client).await?;
    let invoices = invoice_figures(&mut tx, client, day).await?;
    let economic = club_settings(&mut tx, client).await?.is_some();
    tx.commit().await?;
    Ok(envelope::result(FinanceOverview {
        today: day,
        invoices,
        economic,
    }))
}

/// What an invoice's page shows beside the invoice itself.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRelated {
    /// The card payments of the order or subscription period it bills, newest first.
    pub payments: Vec<PaymentLine>,
    /// The club books in e-conomic.
    pub economic: bool,
    pub booking: Option<EconomicBooking>,
    /// Its credit notes, or for a credit note the invoice it credits.
    pub credit_relations: Vec<InvoiceListRow>,
    /// The names of the records it mentions (its source, the customer's company and contact).
    pub names: BTreeMap<String, RecordName>,
}

#[utoipa::path(get, path = "/api/invoices/{id}/related", tag = "invoices",
    responses((status = 200, body = Envelope<InvoiceRelated>), (status = 404)))]
pub async fn invoice_related(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client = staff.client_id;
    let (invoice, version) = InvoiceService::of(&state).load(client, id).await?;
    let (owner, period) = match &invoice.source {
        Some(InvoiceSource::Order { order_id, .. }) => (Some(*order_id), None),
        Some(InvoiceSource::Subscription {
            subscription_id,
            period,
        }) => (Some(*subscription_id), Some(period.clone())),
        Some(InvoiceSource::Contract { .. }) | None => (None, None),
    };
    let mut ids = BTreeSet::new();
    ids_in(
        &serde_json::to_value(InvoiceDto::from_invoice(id, version, &invoice))
            .map_err(ApiError::internal)?,
        &mut ids,
    );
    ids.remove(&id);
    let mut tx = club_tx(&state.pool, client).await?;
    let payments = match owner {
        Some(owner) => payments_of(&mut tx, owner, period.as_deref()).await?,
        None => Vec::new(),
    };
    let economic = club_settings(&mut tx, client).await?.is_some();
    let booking = booking_of(&mut tx, id).await?;
    let credit_relations = credit_relations(&mut tx, client, id).await?;
    let names = names_of(&mut tx, client, &ids).await?;
    tx.commit().await?;
    Ok(envelope::result(InvoiceRelated {
        payments,
        economic,
        booking,
        credit_relations,
        names,
    }))
}
