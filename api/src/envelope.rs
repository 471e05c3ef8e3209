//! The answer shape every call shares (spec 1 §7): `{success, result, data, error}`, and the
//! list protocol's `{Result, TotalPages, Total}`.

use actix_web::HttpResponse;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub fn ok() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "success": true }))
}

pub fn result<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "success": true, "result": result }))
}

pub fn result_with_data<T: Serialize, D: Serialize>(result: T, data: D) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "success": true, "result": result, "data": data }))
}

pub fn data<D: Serialize>(data: D) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "success": true, "data": data }))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortDir {
    #[default]
    Asc,
    Desc,
}

impl SortDir {
    pub fn sql(self) -> &'static str {
        match self {
            SortDir::Asc => "ASC",
            SortDir::Desc => "DESC",
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Sort {
    pub field: String,
    #[serde(default)]
    pub dir: SortDir,
}

/// The body of every list table's POST (spec 1 §7 Tables).
#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListParams {
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filter: Value,
    pub sort: Option<Sort>,
    #[serde(default = "first_page")]
    pub page: i64,
    #[serde(default = "default_per_page")]
    pub per_page: i64,
}

fn first_page() -> i64 {
    1
}

fn default_per_page() -> i64 {
    10
}

pub const PAGE_SIZES: [i64; 5] = [10, 25, 50, 100, 1000];
/// The last page a list serves; with at most 1,000 rows a page, a billion rows.
pub const MAX_PAGE: i64 = 1_000_000;

impl ListParams {
    pub fn per_page(&self) -> i64 {
        self.per_page.clamp(1, 1000)
    }

    /// The page asked for, within 1..=`MAX_PAGE`: a page beyond any list's end is empty either
    /// way, and the bound keeps every offset far from overflowing (`page=9223372036854775807`).
    pub fn page(&self) -> i64 {
        self.page.clamp(1, MAX_PAGE)
    }

    pub fn offset(&self) -> i64 {
        (self.page() - 1) * self.per_page()
    }

    /// The sort column from an allow-list of (field as the UI names it, SQL expression).
    pub fn order_by(&self, allowed: &[(&str, &str)], default: (&str, SortDir)) -> String {
        let (field, dir) = match &self.sort {
            Some(sort) => (sort.field.as_str(), sort.dir),
            None => default,
        };
        let column = allowed
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(field))
            .or_else(|| allowed.iter().find(|(name, _)| *name == default.0))
            .map(|(_, sql)| *sql)
            .unwrap_or("1");
        format!("{column} {}", dir.sql())
    }

    pub fn search(&self) -> Option<String> {
        self.filter
            .get("search")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    }
}

/// `{Result, TotalPages, Total}` of a list table.
pub fn page<T: Serialize>(rows: Vec<T>, total: i64, per_page: i64) -> HttpResponse {
    let total_pages = if total == 0 {
        0
    } else {
        (total + per_page - 1) / per_page
    };
    HttpResponse::Ok().json(json!({
        "success": true,
        "Result": rows,
        "TotalPages": total_pages,
        "Total": total,
    }))
}
