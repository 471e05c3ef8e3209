//! The answer shape every call shares (spec 1 §7): `{success, result, data, error}`, and the
//! list protocol's `{Result, TotalPages, Total}`. Each shape is a type that is both what is
//! serialized and what the OpenAPI document says (issue 38 §7): a handler's annotation names
//! `body = Envelope<X>`, `Ack`, `Page<Row>`, `DataEnvelope<D>` or `EnvelopeWithData<X, D>` for
//! the helper it answers with, and the HTTP tests check every answer against it.

use actix_web::HttpResponse;
use serde::Serialize;
use utoipa::ToSchema;

/// `{success: true}`: a write that answers nothing more.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ack {
    pub success: bool,
}

/// `{success: true, result}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    pub result: T,
}

/// `{success: true, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DataEnvelope<D> {
    pub success: bool,
    pub data: D,
}

/// `{success: true, result, data}`: a result and what goes with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnvelopeWithData<T, D> {
    pub success: bool,
    pub result: T,
    pub data: D,
}

/// `{success: true, Result, TotalPages, Total}`: one page of a list table.
#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub success: bool,
    #[serde(rename = "Result")]
    pub result: Vec<T>,
    #[serde(rename = "TotalPages")]
    pub total_pages: i64,
    #[serde(rename = "Total")]
    pub total: i64,
}

/// `{success: false, error, code, errors?}`: every refusal (`ApiError`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Refusal {
    pub success: bool,
    pub error: String,
    pub code: String,
    /// Field name → its Danish messages, on a 422 of a form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
}

pub fn ok() -> HttpResponse {
    HttpResponse::Ok().json(Ack { success: true })
}

pub fn result<T: Serialize>(result: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope {
        success: true,
        result,
    })
}

pub fn result_with_data<T: Serialize, D: Serialize>(result: T, data: D) -> HttpResponse {
    HttpResponse::Ok().json(EnvelopeWithData {
        success: true,
        result,
        data,
    })
}

pub fn data<D: Serialize>(data: D) -> HttpResponse {
    HttpResponse::Ok().json(DataEnvelope {
        success: true,
        data,
    })
}

pub use tribune_projections::list::{ListParams, Sort, SortDir, MAX_PAGE, PAGE_SIZES};

/// `{Result, TotalPages, Total}` of a list table.
pub fn page<T: Serialize>(rows: Vec<T>, total: i64, per_page: i64) -> HttpResponse {
    let total_pages = if total == 0 {
        0
    } else {
        (total + per_page - 1) / per_page
    };
    HttpResponse::Ok().json(Page {
        success: true,
        result: rows,
        total_pages,
        total,
    })
}
