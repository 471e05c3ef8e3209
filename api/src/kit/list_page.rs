//! One page of a club's list through the list kit (`tribune_projections::list`), for the plain
//! tables whose list is its `ListSpec` alone: the catalogue's, the events' and their types'.

use actix_web::HttpResponse;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sqlx::PgPool;
use tribune_projections::db::club_tx;
use tribune_projections::list::{ListSpec, Rows};

use crate::envelope::{self, ListParams};
use crate::error::ApiError;
use crate::session::Staff;

/// One page of the staff member's club, read from `pool` (the standby's for a stale-tolerant
/// list, `kit::reads::Reads`), each row (JSON keyed by the column aliases) read as
/// `Row`: the generated type the webapp reads it as, so the rows keep to it, or `Value` for a
/// list without one.
pub async fn list_page<Row: DeserializeOwned + Serialize>(
    pool: &PgPool,
    staff: &Staff,
    spec: &ListSpec,
    params: &ListParams,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(pool, staff.client_id).await?;
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

/// A list asked for by GET (spec 3 §7: `GET /invoices` "paged, with search", `GET
/// /subscriptions` "status, search, paging"): `sort`, `dir`, `page` and `perPage` page it; every
/// other parameter is a filter of the list, as the POST form's `filter` names it (`search`,
/// `status`, `companyId`, …).
#[derive(Debug, serde::Deserialize)]
#[serde(transparent)]
pub struct ListQuery(std::collections::BTreeMap<String, String>);

/// The parameters a GET list documents; any other filter of the list is taken the same way.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ListQueryParams {
    /// Free text.
    search: Option<String>,
    /// The list's status filter.
    status: Option<String>,
    /// A column of the list's sorts.
    sort: Option<String>,
    /// asc or desc.
    dir: Option<String>,
    /// From 1.
    page: Option<i64>,
    /// 10, 25, 50, 100 or 1000.
    per_page: Option<i64>,
}

impl ListQuery {
    /// The POST form these parameters stand for. A page or page size that is no number is a
    /// Danish error on its field.
    pub fn params(&self) -> Result<ListParams, ApiError> {
        let number = |name: &str, default: i64| match self.0.get(name) {
            None => Ok(default),
            Some(text) => text
                .trim()
                .parse::<i64>()
                .map_err(|_| ApiError::field(name, "Skal være et helt tal")),
        };
        let dir = match self.0.get("dir").map(|d| d.to_ascii_lowercase()) {
            Some(d) if d == "desc" => envelope::SortDir::Desc,
            _ => envelope::SortDir::Asc,
        };
        let filter: serde_json::Map<String, serde_json::Value> = self
            .0
            .iter()
            .filter(|(key, _)| !matches!(key.as_str(), "sort" | "dir" | "page" | "perPage"))
            .map(|(key, value)| (key.clone(), serde_json::Value::String(value.clone())))
            .collect();
        Ok(ListParams {
            filter: serde_json::Value::Object(filter),
            sort: self.0.get("sort").map(|field| envelope::Sort {
                field: field.clone(),
                dir,
            }),
            page: number("page", 1)?,
            per_page: number("perPage", 10)?,
        })
    }
}
