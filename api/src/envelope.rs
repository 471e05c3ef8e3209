//! The answer shape every call shares (spec 1 §7): `{success, result, data, error}`, and the
//! list protocol's `{Result, TotalPages, Total}`.

use actix_web::HttpResponse;
use serde::Serialize;
use serde_json::json;

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

pub use tribune_projections::list::{ListParams, Sort, SortDir, MAX_PAGE, PAGE_SIZES};

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
