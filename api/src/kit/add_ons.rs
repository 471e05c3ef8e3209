//! A product's add-ons as a buyer may choose them (spec 3 §3 product `options` marked public;
//! spec 2 §3 public product `options`): the web shop's product page and cart, and the event
//! booking's tickets, offer the same ones at the same prices.

use std::collections::HashMap;

use serde::Deserialize;
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::LineOption;
use uuid::Uuid;

/// One add-on of a product: the add-on product (and the variant the option names), its price as
/// the catalogue keeps it (the option's own when it overrides), and what an order line copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddOn {
    pub product_id: Uuid,
    pub variant_id: Option<Uuid>,
    /// The variant's own title.
    pub variant: Option<String>,
    /// The add-on's title, with its variant's ('Program – Stor').
    pub title: String,
    /// Per unit of the line, as the club's prices are kept (with or without VAT).
    pub price: Money,
    pub vat_exempt: bool,
    /// Chosen until the buyer takes it off.
    pub pre_selected: bool,
    pub sku: Option<String>,
    pub kind: String,
    pub pre_payment: bool,
}

impl AddOn {
    /// The add-on on an order line, at `price` per unit of the line.
    pub fn line_option(&self, price: Money) -> LineOption {
        LineOption {
            product_id: Some(self.product_id),
            variant_id: self.variant_id,
            title: self.title.clone(),
            variant: None,
            sku: self.sku.clone(),
            kind: Some(self.kind.clone()),
            price,
            pre_payment: self.pre_payment,
        }
    }
}

/// An option as the product editor stores it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct StoredOption {
    variant_id: Option<Uuid>,
    pre_selected: bool,
    price_override: bool,
    price: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct StoredVariant {
    id: Option<Uuid>,
    title: Option<String>,
    price: Option<i64>,
    active: bool,
}

#[derive(sqlx::FromRow)]
struct AddOnRow {
    of_product: Uuid,
    option: Json<StoredOption>,
    id: Uuid,
    title: String,
    kind: String,
    price: i64,
    vat_exempt: bool,
    pre_payment: bool,
    sku: Option<String>,
    variants: Json<Vec<StoredVariant>>,
}

impl AddOnRow {
    fn add_on(self) -> AddOn {
        let option = self.option.0;
        let variant = option.variant_id.and_then(|id| {
            self.variants
                .0
                .into_iter()
                .find(|v| v.active && v.id == Some(id))
        });
        let price = if option.price_override {
            option.price.unwrap_or(0)
        } else {
            variant.as_ref().and_then(|v| v.price).unwrap_or(self.price)
        };
        let named = variant
            .as_ref()
            .and_then(|v| v.title.as_deref())
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_string);
        let title = match &named {
            Some(name) => format!("{} – {name}", self.title),
            None => self.title,
        };
        AddOn {
            product_id: self.id,
            variant_id: variant.and_then(|v| v.id),
            variant: named,
            title,
            price: Money::ore(price.max(0)),
            vat_exempt: self.vat_exempt,
            pre_selected: option.pre_selected,
            sku: self.sku,
            kind: self.kind,
            pre_payment: self.pre_payment,
        }
    }
}

/// The public add-ons of each of `products` (the club's catalogue products), in each product's
/// order: an add-on whose product is gone or inactive is not offered.
pub async fn public_add_ons(
    conn: &mut PgConnection,
    client_id: Uuid,
    products: &[Uuid],
) -> Result<HashMap<Uuid, Vec<AddOn>>, sqlx::Error> {
    if products.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<AddOnRow> = sqlx::query_as(
        "SELECT p.id AS of_product, o.v AS option, a.id, a.title, a.type AS kind, a.price, \
           a.vat_exempt, a.pre_payment, a.sku, a.variants \
         FROM products p \
         CROSS JOIN LATERAL jsonb_array_elements( \
           CASE WHEN jsonb_typeof(p.options) = 'array' THEN p.options ELSE '[]'::jsonb END \
         ) WITH ORDINALITY AS o(v, n) \
         JOIN products a ON a.client_id = p.client_id AND a.id::text = o.v->>'productId' AND a.active \
         WHERE p.client_id = $1 AND p.id = ANY($2) AND o.v->'public' = 'true'::jsonb \
         ORDER BY p.id, o.n",
    )
    .bind(client_id)
    .bind(products)
    .fetch_all(conn)
    .await?;
    let mut add_ons: HashMap<Uuid, Vec<AddOn>> = HashMap::new();
    for row in rows {
        add_ons
            .entry(row.of_product)
            .or_default()
            .push(row.add_on());
    }
    Ok(add_ons)
}
