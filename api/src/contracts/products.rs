//! What a contract offers (spec 3 §3 Product group, Product contractSetup; §4 Simple contract
//! line logic): the product categories with the products that have a contract setup that is not
//! hidden, in the category's order, and the lines a new contract starts with (its pre-selected
//! checkbox products).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::contract::{ContractLine, Unit};
use tribune_domain::money::Money;
use tribune_domain::order::OrderLine;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::session::Staff;
use crate::state::AppState;

/// Offered on contracts: a contract setup of a kind (not 'none') that is not hidden, on an
/// active product.
const OFFERED: &str = "p.active AND p.contract_setup IS NOT NULL \
    AND NOT coalesce((p.contract_setup->>'hidden')::boolean, false) \
    AND coalesce(p.contract_setup->>'type', 'none') <> 'none'";

/// A product category with the products a contract can offer from it.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferedCategory {
    pub category: CategoryName,
    /// 'Skjul på aftale': the category is not shown on the contract.
    pub is_hidden: bool,
    pub products: Vec<OfferedProduct>,
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
pub struct CategoryName {
    pub id: Uuid,
    pub title: String,
}

/// A product a contract can offer, as the catalogue holds it.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferedProduct {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    /// product, ticket or seat-ticket.
    #[serde(rename = "type")]
    pub kind: String,
    /// Øre.
    pub price: i64,
    pub pre_payment: bool,
    pub vat_exempt: bool,
    /// The product's active variants as the catalogue stores them.
    pub variants: Vec<Value>,
    /// The product's contract setup (type, unit, hidden, preSelected …) as the catalogue stores it.
    pub contract_setup: Value,
}

#[utoipa::path(get, path = "/api/contracts/products", tag = "contracts",
    responses((status = 200, description = "the offered products by category; prices in øre", body = Envelope<Vec<OfferedCategory>>)))]
pub async fn offered_products(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let groups: Vec<Value> = sqlx::query_scalar(&format!(
        "SELECT jsonb_build_object('category', jsonb_build_object('id', c.id, 'title', c.title), \
           'isHidden', c.hide_on_contract, \
           'products', coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title, 'sku', p.sku, \
               'type', p.type, 'price', p.price, 'prePayment', p.pre_payment, 'vatExempt', p.vat_exempt, \
               'variants', (SELECT coalesce(jsonb_agg(v), '[]') FROM jsonb_array_elements(p.variants) v \
                            WHERE coalesce((v->>'active')::boolean, true)), \
               'contractSetup', p.contract_setup) ORDER BY p.category_position, lower(p.title)) \
             FROM products p WHERE p.category_id = c.id AND {OFFERED}), '[]')) \
         FROM product_categories c WHERE c.client_id = $1 \
           AND EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND {OFFERED}) \
         ORDER BY c.sorting, lower(c.title)"
    ))
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let groups = groups
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<Vec<OfferedCategory>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::result(groups))
}

fn unit(setup: &Value) -> Unit {
    match setup.get("unit").and_then(Value::as_str) {
        Some("person") => Unit::Person,
        Some("meter") => Unit::Meter,
        _ => Unit::Stk,
    }
}

#[derive(sqlx::FromRow)]
struct Preselected {
    id: Uuid,
    title: String,
    sku: Option<String>,
    kind: String,
    price: i64,
    pre_payment: bool,
    vat_exempt: bool,
    setup: Value,
}

/// The lines of a new contract: each offered checkbox product marked pre-selected, amount 1 at
/// its price (spec 3 §4: 'A preSelected checkbox product is pre-checked when creating').
pub async fn preselected_lines(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Vec<ContractLine>, ApiError> {
    let rows: Vec<Preselected> = sqlx::query_as(&format!(
        "SELECT p.id, p.title, p.sku, p.type AS kind, p.price, p.pre_payment, p.vat_exempt, p.contract_setup AS setup \
         FROM products p LEFT JOIN product_categories c ON c.id = p.category_id \
         WHERE p.client_id = $1 AND {OFFERED} AND p.contract_setup->>'type' = 'checkbox' \
           AND coalesce((p.contract_setup->>'preSelected')::boolean, false) \
           AND NOT coalesce(c.hide_on_contract, false) \
         ORDER BY c.sorting, p.category_position, lower(p.title)"
    ))
    .bind(client_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|p| ContractLine {
            line: OrderLine {
                id: Uuid::new_v4(),
                product_id: Some(p.id),
                title: p.title,
                sku: p.sku,
                kind: Some(p.kind),
                price: Money::ore(p.price),
                amount: 1,
                pre_payment: p.pre_payment,
                vat_exempt: p.vat_exempt,
                ..OrderLine::default()
            },
            unit: unit(&p.setup),
        })
        .collect())
}
