//! One page of a club's list through the list kit (`tribune_projections::list`), for the plain
//! tables whose list is its `ListSpec` alone: the catalogue's, the events' and their types'.

use actix_web::HttpResponse;
use serde::de::DeserializeOwned;
use serde::Serialize;
use tribune_projections::db::club_tx;
use tribune_projections::list::{ListSpec, Rows};

use crate::envelope::{self, ListParams};
use crate::error::ApiError;
use crate::session::Staff;
use crate::state::AppState;

/// One page of the staff member's club, each row (JSON keyed by the column aliases) read as
/// `Row`: the generated type the webapp reads it as, so the rows keep to it, or `Value` for a
/// list without one.
pub async fn list_page<Row: DeserializeOwned + Serialize>(
    state: &AppState,
    staff: &Staff,
    spec: &ListSpec,
    params: &ListParams,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let club = Some(staff.client_id);
    let total = spec.total(&mut tx, club, params).await?;
    let rows = spec.json_rows(&mut tx, club, params, Rows::Page).await?;
    tx.commit().await?;
    let rows = rows
        .into_iter()
        .map(serde_json::from_value::<Row>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::page(rows, total, params.per_page()))
}
