//! The pipeline boards (spec 3 §2 Pipeline board, §7 `/pipeline/sales` and
//! `/pipeline/renegotiation`, §9 buckets): served from the read tables, keyed by column alias.

use actix_web::{web, HttpResponse};
use chrono::Utc;
use chrono_tz::Europe::Copenhagen;
use serde::{Deserialize, Serialize};
use tribune_projections::contract::queries::{pipeline, PipelineColumn};
use tribune_projections::db::club_tx;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::ids::parse_id;
use crate::kit::reads::Reads;
use crate::session::Staff;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PipelineQuery {
    /// Only this user's contracts (their 'Ansvarlig').
    #[serde(default, rename = "userId")]
    user_id: Option<String>,
}

/// The Salg board: a column per stage of the sale.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SalesBoard {
    pub draft: PipelineColumn,
    pub scheduled: PipelineColumn,
    pub negotiation: PipelineColumn,
    pub sent: PipelineColumn,
    pub approved: PipelineColumn,
}

/// The Genforhandling board: a column per time left to the renewal date.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenegotiationBoard {
    pub six_months: PipelineColumn,
    pub three_months: PipelineColumn,
    pub one_month: PipelineColumn,
    pub overdue: PipelineColumn,
    pub overdue_more: PipelineColumn,
}

/// The board's columns by their names.
struct Columns(Vec<(&'static str, PipelineColumn)>);

impl Columns {
    fn take(&mut self, name: &str) -> Result<PipelineColumn, ApiError> {
        let at = self
            .0
            .iter()
            .position(|(alias, _)| *alias == name)
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no pipeline column {name}")))?;
        Ok(self.0.swap_remove(at).1)
    }
}

async fn board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    reads: Reads,
    renegotiation: bool,
) -> Result<Columns, ApiError> {
    let owner = match query.user_id.as_deref().filter(|u| !u.is_empty()) {
        Some(user) => {
            Some(parse_id(user).map_err(|_| ApiError::field("userId", "Brugeren findes ikke"))?)
        }
        None => None,
    };
    let today = Utc::now().with_timezone(&Copenhagen).date_naive();
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let columns = pipeline(&mut tx, staff.client_id, owner, today, renegotiation).await?;
    tx.commit().await?;
    Ok(Columns(columns))
}

#[utoipa::path(post, path = "/api/contracts/pipeline/sales", tag = "contracts", params(PipelineQuery),
    responses((status = 200, description = "the Salg board's columns", body = Envelope<SalesBoard>)))]
pub async fn sales_board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut columns = board(staff, query, reads, false).await?;
    Ok(envelope::result(SalesBoard {
        draft: columns.take("draft")?,
        scheduled: columns.take("scheduled")?,
        negotiation: columns.take("negotiation")?,
        sent: columns.take("sent")?,
        approved: columns.take("approved")?,
    }))
}

#[utoipa::path(post, path = "/api/contracts/pipeline/renegotiation", tag = "contracts", params(PipelineQuery),
    responses((status = 200, description = "the Genforhandling board's columns", body = Envelope<RenegotiationBoard>)))]
pub async fn renegotiation_board(
    staff: Staff,
    query: web::Query<PipelineQuery>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut columns = board(staff, query, reads, true).await?;
    Ok(envelope::result(RenegotiationBoard {
        six_months: columns.take("sixMonths")?,
        three_months: columns.take("threeMonths")?,
        one_month: columns.take("oneMonth")?,
        overdue: columns.take("overdue")?,
        overdue_more: columns.take("overdueMore")?,
    }))
}
