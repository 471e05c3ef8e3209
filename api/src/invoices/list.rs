//! The invoices list (spec 3 §2 Invoices list): the list kit over
//! `tribune_projections::invoice::queries::INVOICES`.

use actix_web::{web, HttpResponse};
use tribune_projections::db::club_tx;
use tribune_projections::invoice::queries::{InvoiceListRow, INVOICES};

use crate::envelope::{self, ListParams, Page};
use crate::error::ApiError;
use crate::kit::input::Json;
use crate::kit::list_page::{ListQuery, ListQueryParams};
use crate::kit::reads::Reads;
use crate::session::Staff;

#[utoipa::path(post, path = "/api/invoices", tag = "invoices", request_body = ListParams,
    responses((status = 200, description = "one page of invoices; filter.status: draft, unpaid, overdue, paid", body = Page<InvoiceListRow>)))]
pub async fn list_invoices(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    page(&staff, &params, &reads).await
}

/// The same list by GET (spec 3 §7 `GET /invoices`, paged, with search): the filters as query
/// parameters.
#[utoipa::path(get, path = "/api/invoices", tag = "invoices", params(ListQueryParams),
    responses((status = 200, description = "one page of invoices; status: draft, unpaid, overdue, paid", body = Page<InvoiceListRow>), (status = 422)))]
pub async fn get_invoices(
    staff: Staff,
    query: web::Query<ListQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    page(&staff, &query.params()?, &reads).await
}

async fn page(staff: &Staff, params: &ListParams, reads: &Reads) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = INVOICES
        .page::<InvoiceListRow>(&mut tx, Some(staff.client_id), params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}
