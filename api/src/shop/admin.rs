//! The web shop's administration (issue 37 §6; module `webshop`): what the back office's
//! 'Webshop' opens — the orders the shop took and the products it sells. The products are edited
//! in the products module, the terms in the club's settings; the page links to both.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{Postgres, QueryBuilder};
use tribune_domain::money::Money;
use tribune_projections::db::club_tx;
use tribune_projections::list::{
    Count, Filter, FilterError, ListSpec, Paging, Search, SortColumn, SortDir,
};
use tribune_projections::order::queries::{OrderListRow, SHOP_ORDERS};
use uuid::Uuid;

use crate::envelope::{self, ListParams, Page};
use crate::error::ApiError;
use crate::kit::input::Json;
use crate::kit::list_page::list_page;
use crate::session::Staff;
use crate::state::AppState;

use super::catalogue::ON_SALE;

#[utoipa::path(post, path = "/api/shop/orders", tag = "webshop", request_body = ListParams,
    responses((status = 200, description = "the orders the web shop's checkout confirmed; filter.status, filter.search",
        body = Page<OrderListRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn shop_orders(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (rows, total) = SHOP_ORDERS
        .page::<OrderListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// Only what the shop shows: active products marked for the shop.
fn on_sale(_: &Value, builder: &mut QueryBuilder<'static, Postgres>) -> Result<(), FilterError> {
    builder.push(" AND ").push(ON_SALE);
    Ok(())
}

/// A row of the shop's products list, under the names the list reads.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ShopProductRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Category")]
    pub category: Option<String>,
    /// The lowest active variant's price, or the product's.
    #[serde(rename = "Price")]
    pub price: Money,
    /// product, ticket or seat-ticket.
    #[serde(rename = "Type")]
    pub kind: String,
}

const SHOP_PRODUCTS: ListSpec = ListSpec {
    from: "products p",
    club: Some("p.client_id"),
    columns: r#"p.id AS "Id", coalesce(nullif(trim(p.shop->>'title'), ''), p.title) AS "Title",
        (SELECT c.title FROM product_categories c WHERE c.id = p.category_id) AS "Category",
        coalesce((SELECT min((v->>'price')::bigint) FROM jsonb_array_elements(p.variants) v WHERE coalesce((v->>'active')::boolean, true)), p.price) AS "Price",
        p.type AS "Type""#,
    key: "p.id",
    filters: &[Filter::Custom(on_sale)],
    search: Search::Columns(&["p.title", "p.sku"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(p.title)"),
        SortColumn::nullable("Price", "p.price"),
        SortColumn::nullable("Sorting", "p.sorting"),
    ],
    default_sort: ("Sorting", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/shop/products", tag = "webshop", request_body = ListParams,
    responses((status = 200, description = "the products on sale in the shop, in its order",
        body = Page<ShopProductRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn shop_products(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<ShopProductRow>(&state.pool, &staff, &SHOP_PRODUCTS, &params).await
}
