//! Products (spec 3 §2 Products module screens, §3 Product, §4 Product, §5).

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tribune_domain::money::Money;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::delete_row;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::club::exists_in_club;
use crate::kit::files;
use crate::kit::ids::parse_id;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::{Json, Submitted};
use crate::kit::list_page::list_page;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::{clean, search_pattern};
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "products",
    what: "Produktet",
};

pub const TYPES: [&str; 3] = ["product", "ticket", "seat-ticket"];

/// The lowest price of an active variant, or the product's own price.
const LIST: ListSpec = ListSpec {
    from: "products t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", t.description AS "Description",
        (SELECT c.title FROM product_categories c WHERE c.id = t.category_id) AS "Category",
        coalesce((SELECT min((v->>'price')::bigint) FROM jsonb_array_elements(t.variants) v WHERE coalesce((v->>'active')::boolean, true)), t.price) AS "Price",
        jsonb_array_length(t.variants) > 0 AS "HasVariants", t.sorting AS "Sorting", t.type AS "Type""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title", "t.sku"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Price", "t.price"),
        SortColumn::nullable("Sorting", "t.sorting"),
        SortColumn::nullable("Type", "t.type"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A row of the products list.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ProductListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Description")]
    pub description: Option<String>,
    /// The category's title.
    #[serde(rename = "Category")]
    pub category: Option<String>,
    /// The lowest price of an active variant, or the product's own, in øre.
    #[serde(rename = "Price")]
    pub price: Money,
    #[serde(rename = "HasVariants")]
    pub has_variants: bool,
    #[serde(rename = "Sorting")]
    pub sorting: i32,
    /// One of `TYPES`.
    #[serde(rename = "Type")]
    pub kind: String,
}

#[utoipa::path(post, path = "/api/products", tag = "products",
    request_body = ListParams,
    responses((status = 200, body = Page<ProductListRow>), (status = 401), (status = 403), (status = 422)))]
pub async fn list_products(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<ProductListRow>(&state.pool, &staff, &LIST, &params).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    search: Option<String>,
    /// Instead of a search, these products (`a,b,…`): a picker's chosen ones.
    ids: Option<String>,
}

/// A variant as the product picker offers it; the price in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct VariantPick {
    pub id: Option<Uuid>,
    pub title: Option<String>,
    pub price: Option<Money>,
}

/// A product as the product picker offers it; prices in øre.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ProductPick {
    pub id: Uuid,
    pub title: String,
    pub price: Money,
    /// One of `TYPES`.
    #[serde(rename = "type")]
    pub kind: String,
    pub variants: Vec<VariantPick>,
}

#[utoipa::path(get, path = "/api/products", tag = "products",
    params(SearchQuery),
    responses((status = 200, description = "at most 50 (200 when `ids` names them)", body = Envelope<Vec<ProductPick>>), (status = 401), (status = 403)))]
pub async fn search_products(
    staff: Staff,
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let ids = crate::kit::ids::id_list(query.ids.as_deref())?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<Value> = sqlx::query_scalar(
        "SELECT jsonb_build_object('id', id, 'title', title, 'price', price, 'type', type, \
           'variants', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v->'id', 'title', v->'title', 'price', v->'price')), '[]') \
                        FROM jsonb_array_elements(variants) v)) \
         FROM products WHERE client_id = $1 AND ($2::text IS NULL OR title ILIKE $2 OR sku ILIKE $2) \
           AND ($3::uuid[] IS NULL OR id = ANY($3)) \
         ORDER BY lower(title) LIMIT CASE WHEN $3::uuid[] IS NULL THEN 50 ELSE 200 END",
    )
    .bind(staff.client_id)
    .bind(search_pattern(&query.search))
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let picks = rows
        .into_iter()
        .map(serde_json::from_value::<ProductPick>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    Ok(envelope::result(picks))
}

const PRODUCT_JSON: &str = "jsonb_build_object('id', id, 'title', title, 'sku', sku, 'type', type, 'categoryId', category_id, \
     'price', price, 'saleAmount', sale_amount, 'description', description, 'sorting', sorting, 'ticketTemplate', ticket_template, \
     'invoiceTitle', invoice_title, 'invoiceGroupId', invoice_group_id, 'showOnInvoice', show_on_invoice, 'prePayment', pre_payment, \
     'reservation', reservation, 'seasonTicket', season_ticket, 'poolProduct', pool_product, 'appendix', appendix, \
     'hideExport', hide_export, 'vatExempt', vat_exempt, 'active', active, 'variants', variants, 'options', options, \
     'extraInfo', extra_info, 'seats', seats, 'contractSetup', contract_setup, 'subscription', subscription, \
     'delivery', delivery, 'version', version, 'shop', shop || jsonb_build_object('image', CASE WHEN shop_image IS NULL THEN NULL ELSE '/api/files/download/' || shop_image END))";

/// A product as its editor reads it; prices in øre. The parts kept as JSON (variants, options,
/// extra info, seats, contract setup, subscription, shop) are answered as they are stored.
#[derive(Debug, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    pub id: Uuid,
    pub title: String,
    pub sku: Option<String>,
    /// One of `TYPES`.
    #[serde(rename = "type")]
    pub kind: String,
    pub category_id: Option<Uuid>,
    pub price: Money,
    pub sale_amount: Option<i32>,
    pub description: Option<String>,
    pub sorting: i32,
    pub ticket_template: Option<String>,
    pub invoice_title: Option<String>,
    pub invoice_group_id: Option<Uuid>,
    pub show_on_invoice: bool,
    pub pre_payment: bool,
    pub reservation: bool,
    pub season_ticket: bool,
    pub pool_product: bool,
    pub appendix: bool,
    pub hide_export: bool,
    pub vat_exempt: bool,
    pub active: bool,
    #[ts(type = "Array<ProductVariant>")]
    #[schema(value_type = Vec<ProductVariant>)]
    pub variants: Value,
    #[ts(type = "Array<ProductOption>")]
    #[schema(value_type = Vec<ProductOption>)]
    pub options: Value,
    #[ts(type = "Array<ProductExtraInfo>")]
    #[schema(value_type = Vec<ProductExtraInfo>)]
    pub extra_info: Value,
    #[ts(type = "Array<ProductSeat>")]
    #[schema(value_type = Vec<ProductSeat>)]
    pub seats: Value,
    #[ts(type = "ContractSetup | null")]
    #[schema(value_type = Option<ContractSetup>)]
    pub contract_setup: Value,
    #[ts(type = "ProductSubscription")]
    #[schema(value_type = ProductSubscription)]
    pub subscription: Value,
    /// 'none', 'address' or 'pickup'.
    pub delivery: String,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
    #[ts(type = "ProductShop")]
    #[schema(value_type = ProductShop)]
    pub shop: Value,
}

#[utoipa::path(get, path = "/api/products/{id}", tag = "products",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, description = "prices in øre", body = Envelope<ProductDto>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_product(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row: Option<Value> = sqlx::query_scalar(&format!(
        "SELECT {PRODUCT_JSON} FROM products WHERE client_id = $1 AND id = $2"
    ))
    .bind(staff.client_id)
    .bind(parse_id(&path)?)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    let product: ProductDto =
        serde_json::from_value(row.ok_or(ApiError::NotFound)?).map_err(ApiError::internal)?;
    Ok(envelope::result(product))
}

#[derive(Debug, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductVariant {
    /// Left out on a new variant: the save gives it one.
    #[ts(optional = nullable)]
    id: Option<Uuid>,
    title: Option<String>,
    sku: Option<String>,
    /// Price in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    price: Option<i64>,
    sale_amount: Option<i32>,
    #[serde(default = "yes")]
    active: bool,
}

#[derive(Debug, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductOption {
    product_id: Option<Uuid>,
    variant_id: Option<Uuid>,
    #[serde(default)]
    public: bool,
    #[serde(default)]
    pre_selected: bool,
    #[serde(default)]
    price_override: bool,
    /// Price in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    price: Option<i64>,
}

#[derive(Debug, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductExtraInfo {
    title: Option<String>,
    alias: Option<String>,
    #[serde(default)]
    values: Vec<String>,
    #[serde(default)]
    multiple: bool,
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(Debug, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductSeat {
    chart_id: Option<String>,
    category: Option<String>,
}

#[derive(Debug, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContractSetup {
    #[serde(default)]
    hidden: bool,
    #[serde(rename = "type")]
    kind: Option<String>,
    amount_type: Option<String>,
    unit: Option<String>,
    #[serde(default)]
    pre_selected: bool,
}

#[derive(Debug, Default, Deserialize, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductSubscription {
    #[serde(default)]
    active: bool,
    /// One-off start fee in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    start_fee: Option<i64>,
    /// Fee per interval in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    fee: Option<i64>,
    interval: Option<i32>,
    commitment: Option<i32>,
}

/// The product's shop settings as its editor sends them.
#[derive(Debug, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductShopInput {
    #[serde(default)]
    active: bool,
    title: Option<String>,
    /// Price in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    price: Option<i64>,
    /// Discount in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    discount: Option<i64>,
    season_id: Option<Uuid>,
    renewal_date: Option<NaiveDate>,
    description: Option<String>,
    /// Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
    #[serde(default, deserialize_with = "keep_or_remove")]
    #[ts(optional, type = "string | null")]
    image: Option<Option<String>>,
}

/// The product's shop settings as stored, with the image's download address.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductShop {
    #[serde(default)]
    pub active: bool,
    pub title: Option<String>,
    /// Price in øre.
    pub price: Option<Money>,
    /// Discount in øre.
    pub discount: Option<Money>,
    pub season_id: Option<Uuid>,
    pub renewal_date: Option<NaiveDate>,
    /// Sanitized rich text.
    pub description: Option<String>,
    /// The image's download address.
    pub image: Option<String>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductInput {
    id: Option<Uuid>,
    title: Option<String>,
    sku: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    category_id: Option<Uuid>,
    /// Price in øre (an integer; 1 kr = 100 øre).
    #[ts(type = "number | null")]
    price: Option<i64>,
    sale_amount: Option<i32>,
    description: Option<String>,
    sorting: Option<i32>,
    ticket_template: Option<String>,
    invoice_title: Option<String>,
    invoice_group_id: Option<Uuid>,
    #[serde(default = "yes")]
    show_on_invoice: bool,
    #[serde(default)]
    pre_payment: bool,
    #[serde(default)]
    reservation: bool,
    #[serde(default)]
    season_ticket: bool,
    #[serde(default)]
    pool_product: bool,
    #[serde(default)]
    appendix: bool,
    #[serde(default)]
    hide_export: bool,
    #[serde(default)]
    vat_exempt: bool,
    #[serde(default = "yes")]
    active: bool,
    #[serde(default)]
    variants: Vec<ProductVariant>,
    #[serde(default)]
    options: Vec<ProductOption>,
    #[serde(default)]
    extra_info: Vec<ProductExtraInfo>,
    #[serde(default)]
    seats: Vec<ProductSeat>,
    contract_setup: Option<ContractSetup>,
    #[serde(default)]
    subscription: ProductSubscription,
    #[serde(default)]
    shop: ProductShopInput,
    /// How the product reaches the buyer: 'none' (default), 'address' (the checkout asks for a
    /// delivery address) or 'pickup' (fetched at the club).
    delivery: Option<String>,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

/// A price in øre: required or not, never below 0 nor above what a unit price may be.
fn money(check: &mut Check, field: &str, value: Option<i64>, required: bool) {
    if required {
        check.present(field, "Pris", &value);
    }
    check.unit_price(field, "Pris", value);
}

/// Every rule of spec 3 §5 for products, with the field path the form shows it on.
fn validate(input: &mut ProductInput, check: &mut Check) {
    if clean(&input.title).is_none() {
        check.fail("title", "Titel skal udfyldes");
    }
    match input.kind.as_deref() {
        None => check.fail("type", "Type skal udfyldes"),
        Some(k) if !TYPES.contains(&k) => check.fail("type", "Type er ugyldig"),
        _ => {}
    }
    money(check, "price", input.price, true);
    if !matches!(
        input.delivery.as_deref(),
        None | Some("none" | "address" | "pickup")
    ) {
        check.fail(
            "delivery",
            "Levering skal være ingen, leveringsadresse eller afhentning i klubben",
        );
    }
    if input.sale_amount.is_some_and(|a| a < 0) {
        check.fail("saleAmount", "Antal skal minimum være 0 eller mere");
    }
    for (i, variant) in input.variants.iter_mut().enumerate() {
        if clean(&variant.title).is_none() {
            check.fail(&format!("variants.{i}.title"), "Titel skal udfyldes");
        }
        money(check, &format!("variants.{i}.price"), variant.price, true);
        if variant.sale_amount.is_some_and(|a| a < 0) {
            check.fail(
                &format!("variants.{i}.saleAmount"),
                "Antal skal minimum være 0 eller mere",
            );
        }
        variant.id.get_or_insert_with(Uuid::new_v4);
        variant.title = clean(&variant.title);
        variant.sku = clean(&variant.sku);
    }
    for (i, option) in input.options.iter().enumerate() {
        if option.product_id.is_none() {
            check.fail(&format!("options.{i}.productId"), "Produkt skal udfyldes");
        }
        if option.price_override {
            money(check, &format!("options.{i}.price"), option.price, true);
        }
    }
    for (i, info) in input.extra_info.iter().enumerate() {
        if clean(&info.title).is_none() {
            check.fail(&format!("extraInfo.{i}.title"), "Titel skal udfyldes");
        }
        if clean(&info.alias).is_none() {
            check.fail(&format!("extraInfo.{i}.alias"), "Alias skal udfyldes");
        }
        if !matches!(
            info.kind.as_deref(),
            Some("Radio" | "Checkbox" | "Select" | "Text")
        ) {
            check.fail(&format!("extraInfo.{i}.type"), "Type skal udfyldes");
        }
    }
    if let Some(setup) = &input.contract_setup {
        match setup.kind.as_deref() {
            None => check.fail("contractSetup.type", "Type skal udfyldes"),
            Some("none" | "checkbox" | "number" | "text" | "number-text") => {}
            Some(_) => check.fail("contractSetup.type", "Type er ugyldig"),
        }
        let needs_amount_type = matches!(setup.kind.as_deref(), Some("number" | "number-text"));
        match setup.amount_type.as_deref() {
            None if needs_amount_type => {
                check.fail("contractSetup.amountType", "Mængdetype skal udfyldes")
            }
            None | Some("amount" | "price" | "amount-price") => {}
            Some(_) => check.fail("contractSetup.amountType", "Mængdetype er ugyldig"),
        }
        let needs_unit = needs_amount_type
            && matches!(
                setup.amount_type.as_deref(),
                Some("amount" | "amount-price")
            );
        match setup.unit.as_deref() {
            None if needs_unit => check.fail("contractSetup.unit", "Enhed skal udfyldes"),
            None | Some("stk" | "person" | "meter") => {}
            Some(_) => check.fail("contractSetup.unit", "Enhed er ugyldig"),
        }
    }
    money(
        check,
        "subscription.startFee",
        input.subscription.start_fee,
        false,
    );
    money(
        check,
        "subscription.fee",
        input.subscription.fee,
        input.subscription.active,
    );
    for (field, value) in [
        ("subscription.interval", input.subscription.interval),
        ("subscription.commitment", input.subscription.commitment),
    ] {
        if value.is_some_and(|v| v < 0) {
            check.fail(field, "Skal være 0 eller mere");
        }
    }
    money(check, "shop.price", input.shop.price, false);
    money(check, "shop.discount", input.shop.discount, false);
    let ticket = matches!(input.kind.as_deref(), Some("ticket" | "seat-ticket"));
    if !ticket {
        input.ticket_template = None;
    }
    if input.kind.as_deref() != Some("seat-ticket") {
        input.reservation = false;
        input.seats.clear();
    }
}

#[utoipa::path(post, path = "/api/products/update", tag = "products",
    request_body(content((ProductInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "The product as JSON (every price an integer of øre), or multipart with it in `data` and the shop image as `shopImageFile`; `shop.image: null` removes the image, leaving it out keeps it."),
    responses((status = 200, description = "the product's id", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_product(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let mut input: ProductInput = form.json()?;
    let image_file = form.files_named("shopImageFile").next();
    let mut check = Check::new();
    validate(&mut input, &mut check);
    check.image("shopImageFile", "Billede", image_file);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let existing: Option<Option<Uuid>> = match input.id {
        Some(id) => Some(
            sqlx::query_scalar("SELECT shop_image FROM products WHERE client_id = $1 AND id = $2")
                .bind(staff.client_id)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
                .ok_or(ApiError::NotFound)?,
        ),
        None => None,
    };
    for (table, id, field, message) in [
        (
            "product_categories",
            input.category_id,
            "categoryId",
            "Kategorien findes ikke",
        ),
        (
            "invoice_groups",
            input.invoice_group_id,
            "invoiceGroupId",
            "Fakturagruppen findes ikke",
        ),
        (
            "seasons",
            input.shop.season_id,
            "shop.seasonId",
            "Sæsonen findes ikke",
        ),
    ] {
        if !exists_in_club(&mut tx, table, staff.client_id, id).await? {
            check.fail(field, message);
        }
    }
    for (i, option) in input.options.iter().enumerate() {
        if option.product_id.is_some()
            && !exists_in_club(&mut tx, "products", staff.client_id, option.product_id).await?
        {
            check.fail(&format!("options.{i}.productId"), "Produktet findes ikke");
        }
    }
    check.finish()?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;

    let id = input.id.unwrap_or_else(Uuid::new_v4);
    let change = files::apply_slot(
        &mut tx,
        &state.storage,
        staff.client_id,
        "product",
        id,
        staff.user_id(),
        ImageSlot::from_form(image_file, &input.shop.image),
        existing.flatten(),
    )
    .await?;
    let image = change.value;
    let obsolete: Vec<Uuid> = change.obsolete.into_iter().collect();
    let shop = json!({
        "active": input.shop.active,
        "title": clean(&input.shop.title),
        "price": input.shop.price,
        "discount": input.shop.discount,
        "seasonId": input.shop.season_id,
        "renewalDate": input.shop.renewal_date,
        "description": input.shop.description.as_deref().map(crate::kit::html::sanitize),
    });
    let to_json = |v: &dyn erased::Json| v.json();
    sqlx::query(
        "INSERT INTO products (id, client_id, title, sku, type, category_id, price, sale_amount, description, sorting, ticket_template, \
           invoice_title, invoice_group_id, show_on_invoice, pre_payment, reservation, season_ticket, pool_product, appendix, hide_export, \
           vat_exempt, active, variants, options, extra_info, seats, contract_setup, subscription, shop, shop_image, created_by, updated_by, delivery) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, \
           $27, $28, $29, $30, $31, $31, $32) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, sku = EXCLUDED.sku, type = EXCLUDED.type, category_id = EXCLUDED.category_id, \
           price = EXCLUDED.price, sale_amount = EXCLUDED.sale_amount, description = EXCLUDED.description, sorting = EXCLUDED.sorting, \
           ticket_template = EXCLUDED.ticket_template, invoice_title = EXCLUDED.invoice_title, invoice_group_id = EXCLUDED.invoice_group_id, \
           show_on_invoice = EXCLUDED.show_on_invoice, pre_payment = EXCLUDED.pre_payment, reservation = EXCLUDED.reservation, \
           season_ticket = EXCLUDED.season_ticket, pool_product = EXCLUDED.pool_product, appendix = EXCLUDED.appendix, \
           hide_export = EXCLUDED.hide_export, vat_exempt = EXCLUDED.vat_exempt, active = EXCLUDED.active, variants = EXCLUDED.variants, \
           options = EXCLUDED.options, extra_info = EXCLUDED.extra_info, seats = EXCLUDED.seats, contract_setup = EXCLUDED.contract_setup, \
           subscription = EXCLUDED.subscription, shop = EXCLUDED.shop, shop_image = EXCLUDED.shop_image, delivery = EXCLUDED.delivery, updated_at = now(), \
           updated_by = EXCLUDED.updated_by",
    )
    .bind(id)
    .bind(staff.client_id)
    .bind(clean(&input.title))
    .bind(clean(&input.sku))
    .bind(&input.kind)
    .bind(input.category_id)
    .bind(input.price)
    .bind(input.sale_amount)
    .bind(clean(&input.description))
    .bind(input.sorting.unwrap_or(0))
    .bind(clean(&input.ticket_template))
    .bind(clean(&input.invoice_title))
    .bind(input.invoice_group_id)
    .bind(input.show_on_invoice)
    .bind(input.pre_payment)
    .bind(input.reservation)
    .bind(input.season_ticket)
    .bind(input.pool_product)
    .bind(input.appendix)
    .bind(input.hide_export)
    .bind(input.vat_exempt)
    .bind(input.active)
    .bind(to_json(&input.variants))
    .bind(to_json(&input.options))
    .bind(to_json(&input.extra_info))
    .bind(to_json(&input.seats))
    .bind(input.contract_setup.as_ref().map(|s| to_json(s)))
    .bind(to_json(&input.subscription))
    .bind(shop)
    .bind(image)
    .bind(staff.user_id())
    .bind(input.delivery.as_deref().unwrap_or("none"))
    .execute(&mut *tx)
    .await?;
    files::remove(&mut tx, &state.storage, staff.client_id, &obsolete).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

/// serde values to JSON for the jsonb columns (the parts were validated; serialising cannot fail).
mod erased {
    pub trait Json {
        fn json(&self) -> serde_json::Value;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> serde_json::Value {
            serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
        }
    }
}

#[utoipa::path(delete, path = "/api/products/{id}", tag = "products",
    params(("id" = String, Path, description = "the row's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404), (status = 422, description = "on an order, an option of another product, or in a discount code")))]
pub async fn delete_product(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let used_as_option: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM products WHERE client_id = $1 AND id <> $2 AND options @> jsonb_build_array(jsonb_build_object('productId', $2)))",
    )
    .bind(staff.client_id)
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let in_discount_code: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM discount_codes WHERE client_id = $1 AND $2 = ANY(product_ids))")
        .bind(staff.client_id)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let on_an_order =
        tribune_projections::order::queries::product_is_on_an_order(&mut tx, staff.client_id, id)
            .await?;
    tx.commit().await?;
    if on_an_order {
        return Err(ApiError::invalid(
            "Produktet er brugt på en ordre og kan ikke slettes",
        ));
    }
    if used_as_option {
        return Err(ApiError::invalid(
            "Produktet er tilvalg på et andet produkt og kan ikke slettes",
        ));
    }
    if in_discount_code {
        return Err(ApiError::invalid(
            "Produktet bruges af en rabatkode og kan ikke slettes",
        ));
    }
    delete_row(
        &state,
        &staff,
        "products",
        id,
        "Produktet er i brug og kan ikke slettes",
    )
    .await
}
