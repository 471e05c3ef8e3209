//! Discount codes (spec 3 §2 Discount codes, §3 Discount code, §5).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{delete_row, get_one, write_tx};
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::club::all_in_club;
use crate::kit::db::unique_field;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::list_page::list_page;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "discount_codes",
    what: "Rabatkoden",
};

const COLUMNS: &str = r#"t.id AS "id", t.title AS "title", t.code AS "code", t.expires AS "expires", t.amount AS "amount",
    t.discount AS "discount", t.percentage AS "percentage", t.active AS "active", t.product_ids AS "productIds", t.version AS "version""#;

const LIST: ListSpec = ListSpec {
    from: "discount_codes t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.code AS "Code", t.discount AS "Discount", t.percentage AS "Percentage",
        t.expires AS "Expires", t.active AS "Active""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title", "t.code"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Code", "lower(t.code)"),
        SortColumn::nullable("Expires", "t.expires"),
        SortColumn::nullable("Active", "t.active"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the discount codes list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct DiscountCodeRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Code")]
    pub code: String,
    /// Hundredths of a percent when `Percentage`, otherwise øre.
    #[serde(rename = "Discount")]
    #[ts(type = "number")]
    pub discount: i64,
    #[serde(rename = "Percentage")]
    pub percentage: bool,
    #[serde(rename = "Expires")]
    pub expires: NaiveDate,
    #[serde(rename = "Active")]
    pub active: bool,
}

/// A discount code as its editor reads it.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscountCodeDto {
    pub id: Uuid,
    pub title: String,
    pub code: String,
    pub expires: NaiveDate,
    /// How many times the code can be used; null: no limit.
    pub amount: Option<i32>,
    /// Hundredths of a percent when `percentage`, otherwise øre.
    #[ts(type = "number")]
    pub discount: i64,
    pub percentage: bool,
    pub active: bool,
    /// The products it gives a discount on; none: every product.
    pub product_ids: Vec<Uuid>,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(post, path = "/api/orders/discount-codes", tag = "discount codes",
    request_body = ListParams,
    responses((status = 200, body = Page<DiscountCodeRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_discount_codes(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<DiscountCodeRow>(&state.pool, &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/orders/discount-codes/{id}", tag = "discount codes",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<DiscountCodeDto>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_discount_code(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    get_one::<DiscountCodeDto>(&state, &staff, "discount_codes", COLUMNS, &path).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiscountCodeInput {
    id: Option<Uuid>,
    title: Option<String>,
    code: Option<String>,
    expires: Option<NaiveDate>,
    amount: Option<i32>,
    /// Percent when `percentage`, otherwise an amount in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    discount: Option<i64>,
    #[serde(default = "yes")]
    percentage: bool,
    #[serde(default)]
    active: bool,
    #[serde(default)]
    product_ids: Vec<Option<Uuid>>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

fn yes() -> bool {
    true
}

#[utoipa::path(post, path = "/api/orders/discount-codes/update", tag = "discount codes",
    request_body = DiscountCodeInput,
    responses((status = 200, description = "the code's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_discount_code(
    staff: Staff,
    body: Json<DiscountCodeInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Titel", &input.title);
    let code = check.required_text("code", "Kode", &input.code);
    check.present("expires", "Udløber", &input.expires);
    if check.present("discount", "Rabat", &input.discount) {
        check.unit_price("discount", "Rabat", input.discount);
        if input.percentage && input.discount.is_some_and(|d| d > 10_000) {
            check.fail("discount", "Rabat må maksimalt være 100 eller mindre");
        }
    }
    check.not_negative("amount", "Antal", input.amount.map(i64::from));
    for (i, product) in input.product_ids.iter().enumerate() {
        if product.is_none() {
            check.fail(&format!("productIds.{i}"), "Vælg et produkt");
        }
    }
    let product_ids: Vec<Uuid> = input.product_ids.iter().flatten().copied().collect();
    let mut tx = write_tx(&state, &staff, "discount_codes", input.id).await?;
    if !all_in_club(&mut tx, "products", staff.client_id, &product_ids).await? {
        check.fail("productIds", "Vælg et produkt");
    }
    if let Some(code) = &code {
        let taken: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM discount_codes WHERE client_id = $1 AND lower(code) = lower($2) AND id IS DISTINCT FROM $3)",
        )
        .bind(staff.client_id)
        .bind(code)
        .bind(input.id)
        .fetch_one(&mut *tx)
        .await?;
        if taken {
            check.fail("code", "Koden er allerede i brug");
        }
    }
    check.finish()?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO discount_codes (id, client_id, title, code, expires, amount, discount, percentage, active, product_ids, created_by, updated_by) \
         VALUES (coalesce($1, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, code = EXCLUDED.code, expires = EXCLUDED.expires, \
           amount = EXCLUDED.amount, discount = EXCLUDED.discount, percentage = EXCLUDED.percentage, active = EXCLUDED.active, \
           product_ids = EXCLUDED.product_ids, updated_at = now(), updated_by = EXCLUDED.updated_by RETURNING id",
    )
    .bind(input.id)
    .bind(staff.client_id)
    .bind(&title)
    .bind(&code)
    .bind(input.expires)
    .bind(input.amount)
    .bind(input.discount)
    .bind(input.percentage)
    .bind(input.active)
    .bind(&product_ids)
    .bind(staff.user_id())
    .fetch_one(&mut *tx)
    .await
    // Two saves racing for one code: the unique index decides, and says it in Danish.
    .map_err(unique_field("code", "Koden er allerede i brug"))?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/orders/discount-codes/{id}", tag = "discount codes",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "still in use")))]
pub async fn delete_discount_code(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    delete_row(
        &state,
        &staff,
        "discount_codes",
        parse_id(&path)?,
        "Rabatkoden er i brug og kan ikke slettes",
    )
    .await
}
