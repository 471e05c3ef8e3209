//! The accounting system's reference data for the settings and catalogue screens (spec 1 §7
//! Accounting integration, spec 3 §7): served through the `Accounting` adapter, guarded by the
//! orders module.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::integrations::accounting::{AccountingProduct, Reference, ReferenceKind};
use crate::kit::text::clean;
use crate::state::AppState;

/// The reference lists, each at its own fixed path (the last segment names the list), so they
/// never shadow the orders module's `{id}` paths.
pub const REFERENCE_PATHS: [&str; 6] = [
    "product-groups",
    "customer-groups",
    "units",
    "vat-zones",
    "payment-terms",
    "layouts",
];

#[utoipa::path(get, path = "/api/orders/product-groups", tag = "accounting",
    responses((status = 200, description = "the list's choices: e-conomic's number and name", body = Envelope<Vec<Reference>>), (status = 403), (status = 409)))]
pub async fn list_references(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let last = req.path().rsplit('/').next().unwrap_or_default();
    let kind = ReferenceKind::from_path(last).ok_or(ApiError::NotFound)?;
    let items = state
        .accounting
        .references(kind)
        .await
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    Ok(envelope::result(items))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ProductSearch {
    pub search: Option<String>,
}

#[utoipa::path(get, path = "/api/orders/economic/products", tag = "accounting", params(ProductSearch),
    responses((status = 200, body = Envelope<Vec<AccountingProduct>>), (status = 403)))]
pub async fn search_accounting_products(
    query: web::Query<ProductSearch>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let items = state
        .accounting
        .products(clean(&query.search).as_deref())
        .await
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    Ok(envelope::result(items))
}
