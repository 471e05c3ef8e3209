//! The names of the records a history mentions by id (issue 37 §3): a person reads 'Hansen ApS'
//! and 'Ordre 1042', not two UUIDs. One query looks every id up in the club's own tables; an id
//! that names nothing there (another club's, a deleted row's) stays unnamed.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

/// What kind of record an id names; the screen words it ('Ordre {name}', a company's name as is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum NameKind {
    Company,
    Contact,
    User,
    Product,
    EventProduct,
    Event,
    EventType,
    Season,
    OrderCategory,
    ProductCategory,
    InvoiceGroup,
    CustomField,
    ContactList,
    DiscountCode,
    Order,
    Contract,
    Invoice,
    Subscription,
    Ticket,
}

/// A record's kind and its name (for a numbered record, its number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordName {
    pub kind: NameKind,
    pub name: String,
}

/// The lookups, in the order a shared id is named by (a table's ids are its own, so one id is
/// found at most once in practice). `$1` is the club, `$2` the ids.
const LOOKUPS: &[(NameKind, &str)] = &[
    (
        NameKind::Company,
        "SELECT id, name FROM companies WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Contact,
        "SELECT id, trim(firstname || ' ' || lastname) FROM contacts \
         WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::User,
        "SELECT u.id, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) \
         FROM users u JOIN memberships m ON m.user_id = u.id AND m.client_id = $1 \
         WHERE u.id = ANY($2)",
    ),
    (
        NameKind::Product,
        "SELECT id, title FROM products WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::EventProduct,
        "SELECT id, title FROM event_products WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Event,
        "SELECT id, title FROM club_events WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::EventType,
        "SELECT id, title FROM event_types WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Season,
        "SELECT id, title FROM seasons WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::OrderCategory,
        "SELECT id, title FROM order_categories WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::ProductCategory,
        "SELECT id, title FROM product_categories WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::InvoiceGroup,
        "SELECT id, title FROM invoice_groups WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::CustomField,
        "SELECT id, title FROM custom_fields WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::ContactList,
        "SELECT id, title FROM contact_lists WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::DiscountCode,
        "SELECT id, code FROM discount_codes WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Order,
        "SELECT id, number::text FROM order_rows WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Contract,
        "SELECT id, number::text FROM contract_rows WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Invoice,
        "SELECT id, coalesce(number::text, '') FROM invoice_rows \
         WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Subscription,
        "SELECT id, number::text FROM subscription_rows WHERE client_id = $1 AND id = ANY($2)",
    ),
    (
        NameKind::Ticket,
        "SELECT id, number::text FROM ticket_rows WHERE client_id = $1 AND id = ANY($2)",
    ),
];

/// At most this many ids are looked up for one answer (a record's whole history mentions far
/// fewer; the cap keeps a pathological one from becoming one huge query).
const MOST_IDS: usize = 5_000;

/// Every UUID in `value`: its strings and its objects' keys (a custom field's value is kept
/// under the field's id).
pub fn ids_in(value: &Value, out: &mut BTreeSet<Uuid>) {
    match value {
        Value::String(text) => {
            if let Ok(id) = Uuid::parse_str(text) {
                out.insert(id);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| ids_in(item, out)),
        Value::Object(map) => {
            for (key, child) in map {
                if let Ok(id) = Uuid::parse_str(key) {
                    out.insert(id);
                }
                ids_in(child, out);
            }
        }
        _ => {}
    }
}

/// The ids in a dotted field path ('fieldValues.5f0c…').
pub fn ids_in_path(path: &str, out: &mut BTreeSet<Uuid>) {
    out.extend(
        path.split(['.', '[', ']'])
            .filter_map(|part| Uuid::parse_str(part).ok()),
    );
}

/// The names, in the club, of `ids`: id (as text) → kind and name. Ids that name nothing of the
/// club are left out. `conn` is the club's transaction (`club_tx`): the tables are the club's.
pub async fn names_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    ids: &BTreeSet<Uuid>,
) -> Result<BTreeMap<String, RecordName>, sqlx::Error> {
    let ids: Vec<Uuid> = ids.iter().copied().take(MOST_IDS).collect();
    let mut names = BTreeMap::new();
    if ids.is_empty() {
        return Ok(names);
    }
    let union = LOOKUPS
        .iter()
        .enumerate()
        .map(|(kind, (_, query))| format!("SELECT {kind} AS kind, t.* FROM ({query}) t"))
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let rows: Vec<(i32, Uuid, Option<String>)> = sqlx::query_as(&union)
        .bind(client_id)
        .bind(&ids)
        .fetch_all(conn)
        .await?;
    for (kind, id, name) in rows {
        let Some((kind, _)) = usize::try_from(kind).ok().and_then(|k| LOOKUPS.get(k)) else {
            continue;
        };
        names.entry(id.to_string()).or_insert(RecordName {
            kind: *kind,
            name: name.unwrap_or_default(),
        });
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_found_in_values_keys_and_paths() {
        let company = Uuid::new_v4();
        let field = Uuid::new_v4();
        let product = Uuid::new_v4();
        let mut ids = BTreeSet::new();
        ids_in(
            &serde_json::json!({
                "companyId": company.to_string(),
                "fieldValues": { field.to_string(): "XL" },
                "lines": [{ "productId": product.to_string(), "title": "Banner" }],
                "number": 1042,
                "note": "not-a-uuid",
            }),
            &mut ids,
        );
        assert_eq!(ids, BTreeSet::from([company, field, product]));
        let mut from_path = BTreeSet::new();
        ids_in_path(&format!("fieldValues.{field}"), &mut from_path);
        ids_in_path("lines[Banner].price", &mut from_path);
        assert_eq!(from_path, BTreeSet::from([field]));
    }
}
