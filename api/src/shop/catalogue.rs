//! The shop's catalogue (issue 17; spec 3 §2 Web shop, §3 Web shop product, §7 Web shop
//! (public)): the club's shop categories, its active shop products — the grid, one product's
//! page with variants, public add-ons, subscription terms and the events a seat-ticket sells
//! seats at —, a season's products, and the shop's pictures. Every price as the buyer pays it:
//! the club's VAT rule applied here, once (`with_vat`).

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::VatSettings;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{
    ShopCategory, ShopOption, ShopProduct, ShopProductSummary, ShopRenewal, ShopSeason,
    ShopSeatEvent, ShopSubscription, ShopVariant,
};
use crate::club::PublicCaller;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::add_ons::{public_add_ons, AddOn};
use crate::kit::files::public_picture;
use crate::kit::ids::parse_id;
use crate::kit::sales::club_vat;
use crate::kit::sales::with_vat;
use crate::kit::seating;
use crate::state::AppState;

/// The address the shop serves a picture at.
pub fn picture(file: Option<Uuid>) -> Option<String> {
    file.map(|id| format!("/webshop/pictures/{id}"))
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VariantRow {
    pub id: Option<Uuid>,
    pub title: Option<String>,
    pub price: Option<i64>,
    pub sale_amount: Option<i32>,
    pub active: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SeatRow {
    pub chart_id: Option<String>,
    pub category: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SubscriptionRow {
    pub active: bool,
    pub start_fee: Option<i64>,
    pub fee: Option<i64>,
    pub interval: Option<i32>,
    pub commitment: Option<i32>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShopRow {
    pub active: bool,
    pub title: Option<String>,
    pub price: Option<i64>,
    pub discount: Option<i64>,
    pub season_id: Option<Uuid>,
    pub description: Option<String>,
}

/// A product as the shop reads it, with how many of it are taken (its stock counter).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: Uuid,
    pub title: String,
    #[sqlx(rename = "type")]
    pub kind: String,
    pub category_id: Option<Uuid>,
    pub price: i64,
    pub sale_amount: Option<i32>,
    pub description: Option<String>,
    pub vat_exempt: bool,
    pub pre_payment: bool,
    pub season_ticket: bool,
    pub active: bool,
    pub sku: Option<String>,
    pub variants: Json<Vec<VariantRow>>,
    pub seats: Json<Vec<SeatRow>>,
    pub subscription: Json<SubscriptionRow>,
    pub shop: Json<ShopRow>,
    pub shop_image: Option<Uuid>,
    pub taken: i32,
    /// 'none', 'address' or 'pickup' (see schema/0053).
    pub delivery: String,
}

const PRODUCT_COLUMNS: &str = "p.id, p.title, p.type, p.category_id, p.price, p.sale_amount, p.description, \
     p.vat_exempt, p.pre_payment, p.season_ticket, p.active, p.sku, p.variants, p.seats, p.subscription, \
     p.shop, p.shop_image, coalesce(c.taken, 0) AS taken, p.delivery";

const PRODUCT_FROM: &str =
    "products p LEFT JOIN capacity_counters c ON c.key = 'product:' || p.id::text";

/// On sale in the shop: active, and its shop settings active.
pub const ON_SALE: &str = "p.active AND coalesce((p.shop->>'active')::boolean, false)";

impl ProductRow {
    /// What the shop calls it.
    pub fn shop_title(&self) -> String {
        self.shop
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .unwrap_or(&self.title)
            .to_string()
    }

    /// The product's own price in the shop (the shop's price, else the catalogue's), before the
    /// shop's discount.
    fn list_price(&self) -> Money {
        Money::ore(self.shop.price.unwrap_or(self.price).max(0))
    }

    /// The shop's discount off every price of the product.
    fn discount(&self) -> Money {
        Money::ore(self.shop.discount.unwrap_or(0).max(0))
    }

    /// The price of the product or one of its variants, after the shop's discount, without VAT
    /// as the catalogue keeps it.
    fn base_price(&self, variant: Option<&VariantRow>) -> Money {
        let base = variant
            .and_then(|v| v.price)
            .map(|p| Money::ore(p.max(0)))
            .unwrap_or_else(|| self.list_price());
        (base - self.discount()).max(Money::ZERO)
    }

    /// What one of it costs in the cart: its price, and for a subscription the first payment,
    /// which is its price and the start fee ('Oprettelsesgebyr').
    pub fn unit_price(&self, variant: Option<&VariantRow>) -> Money {
        self.base_price(variant) + self.start_fee()
    }

    /// A subscription's start fee, paid with its first payment.
    fn start_fee(&self) -> Money {
        match self.is_subscription() {
            true => Money::ore(self.subscription.start_fee.unwrap_or(0).max(0)),
            false => Money::ZERO,
        }
    }

    /// What a subscription charges each period after the first: its fee, else its price.
    pub fn period_price(&self, variant: Option<&VariantRow>) -> Money {
        self.subscription
            .fee
            .map(|fee| Money::ore(fee.max(0)))
            .unwrap_or_else(|| self.base_price(variant))
    }

    pub fn active_variants(&self) -> impl Iterator<Item = &VariantRow> {
        self.variants.iter().filter(|v| v.active && v.id.is_some())
    }

    pub fn variant(&self, id: Uuid) -> Option<&VariantRow> {
        self.active_variants().find(|v| v.id == Some(id))
    }

    /// No stock left: its sale amount is taken.
    pub fn sold_out(&self) -> bool {
        self.sale_amount.is_some_and(|limit| self.taken >= limit)
    }

    pub fn is_subscription(&self) -> bool {
        self.subscription.active
    }

    fn summary(&self, vat: VatSettings) -> ShopProductSummary {
        let prices: Vec<Money> = match self.active_variants().count() {
            0 => vec![self.unit_price(None)],
            _ => self
                .active_variants()
                .map(|v| self.unit_price(Some(v)))
                .collect(),
        };
        let lowest = prices.iter().copied().min().unwrap_or(Money::ZERO);
        ShopProductSummary {
            id: self.id,
            title: self.shop_title(),
            kind: self.kind.clone(),
            category_id: self.category_id,
            price_with_vat: with_vat(lowest, vat, self.vat_exempt),
            from_price: prices.iter().any(|p| *p != lowest),
            original_price_with_vat: (self.discount() > Money::ZERO)
                .then(|| with_vat(self.list_price() + self.start_fee(), vat, self.vat_exempt)),
            image: picture(self.shop_image),
            subscription: self.is_subscription(),
            sold_out: self.sold_out(),
        }
    }
}

/// The club's product on sale in the shop (None: no such product, or not in the shop).
pub async fn product_on_sale(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<ProductRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE p.client_id = $1 AND p.id = $2 AND {ON_SALE}"
    ))
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The club's products by id, on sale or not (add-ons need not be in the shop themselves).
pub async fn products_by_ids(
    conn: &mut PgConnection,
    client_id: Uuid,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, ProductRow>, sqlx::Error> {
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE p.client_id = $1 AND p.id = ANY($2)"
    ))
    .bind(client_id)
    .bind(ids)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|p| (p.id, p)).collect())
}

/// The public add-ons of a product as the buyer sees them, in the product's order, with their
/// price as the order keeps it.
pub async fn public_options(
    conn: &mut PgConnection,
    client_id: Uuid,
    product: &ProductRow,
    vat: VatSettings,
) -> Result<Vec<(ShopOption, Money, AddOn)>, sqlx::Error> {
    let mut add_ons = public_add_ons(conn, client_id, &[product.id]).await?;
    Ok(add_ons
        .remove(&product.id)
        .unwrap_or_default()
        .into_iter()
        .map(|add_on| {
            (
                ShopOption {
                    product_id: add_on.product_id,
                    variant_id: add_on.variant_id,
                    title: add_on.title.clone(),
                    price_with_vat: with_vat(add_on.price, vat, add_on.vat_exempt),
                    pre_selected: add_on.pre_selected,
                },
                add_on.price,
                add_on,
            )
        })
        .collect())
}

/// The coming seated events whose chart the seat-ticket product sells (within its shop season
/// when it names one); a season ticket is sold at the first.
async fn seat_events(
    conn: &mut PgConnection,
    client_id: Uuid,
    product: &ProductRow,
) -> Result<Vec<ShopSeatEvent>, sqlx::Error> {
    if product.kind != "seat-ticket" {
        return Ok(Vec::new());
    }
    let charts: Vec<String> = product
        .seats
        .iter()
        .filter_map(|s| s.chart_id.clone())
        .collect();
    sqlx::query_as(concat!(
        "SELECT ev.id, ev.title, ev.start_date FROM club_events ev \
         WHERE ev.client_id = $1 AND ev.has_seating AND NOT ev.private AND ev.start_date > now() \
           AND (cardinality($2::text[]) = 0 OR ev.seating->>'chartId' = ANY($2)) \
           AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM seasons s WHERE s.id = $3 AND s.client_id = ev.client_id AND ",
        crate::season_holds_event!(),
        ")) ORDER BY ev.start_date, ev.title LIMIT 100"
    ))
    .bind(client_id)
    .bind(&charts)
    .bind(product.shop.season_id)
    .fetch_all(conn)
    .await
}

/// The shop's categories (`showOnShop`), in the club's order.
#[utoipa::path(get, path = "/webshop/categories", tag = "webshop",
    responses((status = 200, body = Envelope<Vec<ShopCategory>>), (status = 404)))]
pub async fn categories(
    PublicCaller { client_id, .. }: PublicCaller,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    // (id, title, shop title, shop description, shop image)
    type Row = (Uuid, String, Option<String>, Option<String>, Option<Uuid>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, title, shop_title, shop_description, shop_image FROM product_categories \
         WHERE client_id = $1 AND show_on_shop ORDER BY sorting, lower(title), id",
    )
    .bind(client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let categories: Vec<ShopCategory> = rows
        .into_iter()
        .map(|(id, title, shop_title, description, image)| ShopCategory {
            id,
            title: shop_title
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .unwrap_or(title),
            description,
            image: picture(image),
        })
        .collect();
    Ok(envelope::result(categories))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// Shop category ids, comma-separated: only their products (none: every product).
    #[serde(default)]
    category_ids: Option<String>,
}

/// The shop's products, in their categories' order and their own.
#[utoipa::path(get, path = "/webshop/products", tag = "webshop", params(ProductsQuery),
    responses((status = 200, body = Envelope<Vec<ShopProductSummary>>), (status = 404)))]
pub async fn products(
    PublicCaller { client_id, .. }: PublicCaller,
    query: web::Query<ProductsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // An id that is not one matches nothing (the filter stays a filter).
    let categories: Option<Vec<Uuid>> = query.category_ids.as_deref().map(|ids| {
        ids.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap_or(Uuid::nil()))
            .collect()
    });
    let categories = categories.filter(|c| !c.is_empty());
    let mut tx = club_tx(&state.pool, client_id).await?;
    let vat = club_vat(&mut tx, client_id).await?;
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} LEFT JOIN product_categories k ON k.id = p.category_id \
         WHERE p.client_id = $1 AND {ON_SALE} AND ($2::uuid[] IS NULL OR p.category_id = ANY($2)) \
         ORDER BY k.sorting NULLS LAST, lower(k.title), p.category_position, p.sorting, lower(p.title), p.id \
         LIMIT 500"
    ))
    .bind(client_id)
    .bind(categories)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let products: Vec<ShopProductSummary> = rows.iter().map(|p| p.summary(vat)).collect();
    Ok(envelope::result(products))
}

/// One product's page.
#[utoipa::path(get, path = "/webshop/product/{id}", tag = "webshop",
    params(("id" = String, Path, description = "the product's id")),
    responses((status = 200, body = Envelope<ShopProduct>), (status = 404)))]
pub async fn product(
    PublicCaller { client_id, .. }: PublicCaller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let product = product_on_sale(&mut tx, client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let vat = club_vat(&mut tx, client_id).await?;
    let options = public_options(&mut tx, client_id, &product, vat).await?;
    let seat_events = seat_events(&mut tx, client_id, &product).await?;
    let variant_taken: HashMap<String, i32> =
        sqlx::query_as("SELECT key, taken FROM capacity_counters WHERE key = ANY($1)")
            .bind(
                product
                    .active_variants()
                    .filter_map(|v| v.id)
                    .map(crate::kit::capacity::keys::product)
                    .collect::<Vec<_>>(),
            )
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
    tx.commit().await?;
    let summary = product.summary(vat);
    let subscription = product.subscription.active.then(|| ShopSubscription {
        interval: product.subscription.interval.unwrap_or(1).max(1),
        commitment: product.subscription.commitment.unwrap_or(0).max(0),
        fee_with_vat: with_vat(product.period_price(None), vat, product.vat_exempt),
        start_fee_with_vat: with_vat(product.start_fee(), vat, product.vat_exempt),
    });
    let page = ShopProduct {
        id: product.id,
        title: summary.title,
        kind: product.kind.clone(),
        category_id: product.category_id,
        description: product
            .shop
            .description
            .clone()
            .filter(|d| !d.trim().is_empty())
            .or_else(|| product.description.clone()),
        image: summary.image,
        price_with_vat: with_vat(product.unit_price(None), vat, product.vat_exempt),
        original_price_with_vat: summary.original_price_with_vat,
        variants: product
            .active_variants()
            .map(|v| {
                let id = v.id.unwrap_or_default();
                let taken = variant_taken
                    .get(&crate::kit::capacity::keys::product(id))
                    .copied()
                    .unwrap_or(0);
                ShopVariant {
                    id,
                    title: v.title.clone().unwrap_or_default(),
                    price_with_vat: with_vat(product.unit_price(Some(v)), vat, product.vat_exempt),
                    sold_out: v.sale_amount.is_some_and(|limit| taken >= limit),
                }
            })
            .collect(),
        options: options.into_iter().map(|(o, ..)| o).collect(),
        subscription,
        season_ticket: product.season_ticket,
        season_id: product.shop.season_id,
        seat_events,
        seat_categories: product
            .seats
            .iter()
            .filter_map(|s| s.category.clone())
            .filter(|c| !c.trim().is_empty())
            .collect(),
        sold_out: summary.sold_out,
    };
    Ok(envelope::result(page))
}

/// A season's products for season-ticket sales: those whose shop names the season.
#[utoipa::path(get, path = "/webshop/season/{seasonId}", tag = "webshop",
    params(("seasonId" = String, Path, description = "the season's id")),
    responses((status = 200, body = Envelope<ShopSeason>), (status = 404)))]
pub async fn season(
    PublicCaller { client_id, caller }: PublicCaller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let season: Option<(String, chrono::NaiveDate, chrono::NaiveDate)> = sqlx::query_as(
        "SELECT title, start_date, end_date FROM seasons WHERE client_id = $1 AND id = $2 AND NOT inactive",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let (title, start_date, end_date) = season.ok_or(ApiError::NotFound)?;
    let vat = club_vat(&mut tx, client_id).await?;
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} \
         WHERE p.client_id = $1 AND {ON_SALE} AND p.shop->>'seasonId' = $2::text \
         ORDER BY p.sorting, lower(p.title), p.id"
    ))
    .bind(client_id)
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let renewal = match caller.0.as_deref() {
        Some(identity) => seating::renewal_offer(&mut tx, client_id, id, identity.user.id)
            .await?
            .map(|(previous_season, seats, until)| ShopRenewal {
                previous_season,
                seats,
                until,
            }),
        None => None,
    };
    tx.commit().await?;
    Ok(envelope::result(ShopSeason {
        id,
        title,
        start_date,
        end_date,
        products: rows.iter().map(|p| p.summary(vat)).collect(),
        renewal,
    }))
}

/// A picture of the shop: the image of a product on sale or of a shop category.
#[utoipa::path(get, path = "/webshop/pictures/{id}", tag = "webshop",
    params(("id" = String, Path, description = "the file's id")),
    responses((status = 200, description = "the image", content_type = "image/*", body = Vec<u8>), (status = 404)))]
pub async fn shop_picture(
    PublicCaller { client_id, .. }: PublicCaller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let shown: bool = sqlx::query_scalar(&format!(
        "SELECT EXISTS (SELECT 1 FROM products p WHERE p.client_id = $1 AND p.shop_image = $2 AND {ON_SALE}) \
             OR EXISTS (SELECT 1 FROM product_categories WHERE client_id = $1 AND show_on_shop AND shop_image = $2)"
    ))
    .bind(client_id)
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let picture = public_picture(&mut tx, &state.storage, client_id, id, shown).await;
    tx.commit().await?;
    picture
}

/// How an order of these products reaches the buyer: to an address when one of them is sent
/// (everything then goes there), else picked up at the club when one of them is, else nothing
/// to deliver.
pub fn delivery_needed<'p>(
    products: impl IntoIterator<Item = &'p ProductRow>,
) -> Option<tribune_domain::order::DeliveryMethod> {
    use tribune_domain::order::DeliveryMethod;
    let mut needed = None;
    for product in products {
        match product.delivery.as_str() {
            "address" => return Some(DeliveryMethod::Address),
            "pickup" => needed = Some(DeliveryMethod::Pickup),
            _ => {}
        }
    }
    needed
}
