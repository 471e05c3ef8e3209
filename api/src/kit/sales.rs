//! What the selling areas (orders, contracts, subscriptions, invoices) share: the company and
//! contact an order or contract names, as the page shows them; the club's VAT setting captured on
//! a new one; and the custom field values of its category.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::selling::{SaleChannel, VatSettings};
use uuid::Uuid;

use crate::error::{push_error, ApiError, FieldErrors};
use crate::kit::html::sanitize;
use crate::kit::text::is_danish_decimal;

#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyRef {
    pub id: Uuid,
    pub name: String,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
}

#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactRef {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub mobile: Option<String>,
}

/// The linked company as it is now (None when none is linked or it is gone).
pub async fn company_ref(
    conn: &mut PgConnection,
    id: Option<Uuid>,
) -> Result<Option<CompanyRef>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    Ok(
        sqlx::query_as("SELECT id, name, address, zip_code, city FROM companies WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?,
    )
}

/// The linked contact person as they are now.
pub async fn contact_ref(
    conn: &mut PgConnection,
    id: Option<Uuid>,
) -> Result<Option<ContactRef>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    Ok(sqlx::query_as(
        "SELECT id, firstname, lastname, email, phone, mobile FROM contacts WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Who a contract or subscription names, as the form sends it.
pub struct Parties {
    pub season_id: Option<Uuid>,
    pub company_id: Option<Uuid>,
    pub contact_id: Option<Uuid>,
    pub owner_id: Option<Uuid>,
}

/// That the season, company, contact and owner ('Ansvarlig', a member of the club) a sale
/// names are the club's own: each that is not gets its Danish error.
pub async fn check_parties(
    conn: &mut PgConnection,
    client_id: Uuid,
    parties: Parties,
    errors: &mut FieldErrors,
) -> Result<(), ApiError> {
    use crate::kit::club::exists_in_club;
    if !exists_in_club(conn, "seasons", client_id, parties.season_id).await? {
        push_error(errors, "seasonId", "Sæsonen findes ikke");
    }
    if !exists_in_club(conn, "companies", client_id, parties.company_id).await? {
        push_error(errors, "companyId", "Virksomheden findes ikke");
    }
    if !exists_in_club(conn, "contacts", client_id, parties.contact_id).await? {
        push_error(errors, "contactId", "Kontaktpersonen findes ikke");
    }
    if let Some(owner) = parties.owner_id {
        let member: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM memberships WHERE client_id = $1 AND user_id = $2)",
        )
        .bind(client_id)
        .bind(owner)
        .fetch_one(&mut *conn)
        .await?;
        if !member {
            push_error(errors, "ownerId", "Brugeren findes ikke i klubben");
        }
    }
    Ok(())
}

/// The club's VAT setting, captured on a new order or contract.
pub async fn club_vat(conn: &mut PgConnection, client_id: Uuid) -> Result<VatSettings, ApiError> {
    let (prices_with_vat, vat_rate, disable_vat): (bool, i32, bool) =
        sqlx::query_as("SELECT prices_with_vat, vat_rate, disable_vat FROM clients WHERE id = $1")
            .bind(client_id)
            .fetch_one(conn)
            .await?;
    Ok(vat_settings(prices_with_vat, vat_rate, disable_vat))
}

/// The club's VAT settings from its row (`clients.prices_with_vat`, `vat_rate`, `disable_vat`).
pub fn vat_settings(prices_with_vat: bool, vat_rate: i32, disable_vat: bool) -> VatSettings {
    VatSettings {
        prices_with_vat,
        vat_rate: i64::from(vat_rate),
        disable_vat,
    }
}

/// The VAT an order of `channel` is made with: the club's settings under the one VAT policy
/// (`VatSettings::for_sale`, ARCHITECTURE §4).
pub async fn sale_vat(
    conn: &mut PgConnection,
    client_id: Uuid,
    channel: SaleChannel,
) -> Result<VatSettings, ApiError> {
    Ok(VatSettings::for_sale(
        club_vat(conn, client_id).await?,
        channel,
    ))
}

/// A field value as text: numbers and booleans as the UI sent them, nothing for null or "".
pub fn field_value_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().to_string()),
        other => Some(other.to_string()),
    }
}

/// The custom field values of a form: Number fields must be Danish decimals, RichText values are
/// cleaned on the way in.
pub async fn check_field_values(
    conn: &mut PgConnection,
    client_id: Uuid,
    field_values: &mut BTreeMap<String, String>,
    errors: &mut FieldErrors,
) -> Result<(), ApiError> {
    if field_values.is_empty() {
        return Ok(());
    }
    let typed: HashMap<String, String> = sqlx::query_as(
        "SELECT id::text, type FROM custom_fields WHERE client_id = $1 AND type IN ('Number', 'RichText')",
    )
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for (field, value) in field_values.iter_mut() {
        match typed.get(field).map(String::as_str) {
            Some("Number") if !is_danish_decimal(value) => push_error(
                errors,
                &format!("fieldValues.{field}"),
                "Skal være et decimaltal",
            ),
            Some("RichText") => *value = sanitize(value),
            _ => {}
        }
    }
    Ok(())
}

/// A price as the buyer pays it: the prices of a sale with VAT as they are, prices without it
/// with the rate on top (none when the club or the product has no VAT).
pub fn with_vat(price: Money, vat: VatSettings, exempt: bool) -> Money {
    if vat.disable_vat || exempt || vat.prices_with_vat {
        price
    } else {
        price + price.vat_on_top(vat.vat_rate)
    }
}
