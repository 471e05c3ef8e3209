//! The pipeline boards (spec 3 §2 Pipeline board, §7 `/pipeline/sales` and
//! `/pipeline/renegotiation`, §9 buckets): served from the read tables, keyed by column alias.

use actix_web::{web, HttpResponse};
use chrono::Utc;
use chrono_tz::Europe::Copenhagen;
use serde::Deserialize;
use serde_json::{Map, Value};
use tribune_projections::contract::queries::pipeline;
use tribune_projections::db::club_tx;

use crate::envelope;
use crate::error::ApiError;
use crate::kit::ids::parse_id;
use crate::session::Staff;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PipelineQuery {
    /// Only this user's contracts (their 'Ansvarlig').
    #[serde(default, rename = "userId")]
    user_id: Option<String>,
}

async fn board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    state: web::Data<AppState>,
    renegotiation: bool,
) -> Result<HttpResponse, ApiError> {
    let owner = match query.user_id.as_deref().filter(|u| !u.is_empty()) {
        Some(user) => {
            Some(parse_id(user).map_err(|_| ApiError::field("userId", "Brugeren findes ikke"))?)
        }
        None => None,
    };
    let today = Utc::now().with_timezone(&Copenhagen).date_naive();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let columns = pipeline(&mut tx, staff.client_id, owner, today, renegotiation).await?;
    tx.commit().await?;
    let mut result = Map::new();
    for (alias, column) in columns {
        result.insert(
            alias.to_string(),
            serde_json::to_value(column).map_err(ApiError::internal)?,
        );
    }
    Ok(envelope::result(Value::Object(result)))
}

#[utoipa::path(post, path = "/api/contracts/pipeline/sales", tag = "contracts", params(PipelineQuery),
    responses((status = 200, description = "{success, result: {draft, scheduled, negotiation, sent, approved: {contracts, count, total, totalSubtotal}}}")))]
pub async fn sales_board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    board(staff, query, state, false).await
}

#[utoipa::path(post, path = "/api/contracts/pipeline/renegotiation", tag = "contracts", params(PipelineQuery),
    responses((status = 200, description = "{success, result: {sixMonths, threeMonths, oneMonth, overdue, overdueMore: {contracts, count, total, totalSubtotal}}}")))]
pub async fn renegotiation_board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    board(staff, query, state, true).await
}
