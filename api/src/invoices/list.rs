//! The invoices list (spec 3 §2 Invoices list): the list kit over
//! `tribune_projections::invoice::queries::INVOICES`.

use actix_web::{web, HttpResponse};
use tribune_projections::db::club_tx;
use tribune_projections::invoice::queries::{InvoiceListRow, INVOICES};

use crate::envelope::{self, ListParams, Page};
use crate::error::ApiError;
use crate::kit::input::Json;
use crate::session::Staff;
use crate::state::AppState;

#[utoipa::path(post, path = "/api/invoices", tag = "invoices", request_body = ListParams,
    responses((status = 200, description = "one page of invoices; filter.status: draft, unpaid, overdue, paid", body = Page<InvoiceListRow>)))]
pub async fn list_invoices(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (rows, total) = INVOICES
        .page::<InvoiceListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}
