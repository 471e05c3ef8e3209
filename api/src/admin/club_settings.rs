//! Club settings (spec 1 §2 /settings, §3 Client and Client settings sections, §5 Client): the
//! general fields and one section per module. Each section's keys are known here with their
//! kind, so only known keys are stored, each checked by its kind; sections not sent are kept.

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::clients::Role;
use super::{audit, diff, images};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::modules;
use crate::identity::tokens::random_secret;
use crate::kit::db::unique_field;
use crate::kit::html::sanitize;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::Submitted;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::text::clean;
use crate::kit::validate::{is_email, Check};
use crate::kit::version;
use crate::session::Admin;
use crate::state::AppState;
use crate::storage::Form;

#[derive(Clone, Copy)]
enum Kind {
    Text(usize),
    Html,
    Bool,
    Color,
    Choice(&'static [&'static str]),
    Number,
    /// A whole number from the first to the second, or nothing.
    Between(i64, i64),
    TextList,
    Templates,
    ExtraInfo,
    Image(&'static str),
    /// A list of names, each one of these (the dashboard's widgets by alias).
    Aliases(&'static [&'static str]),
}

/// (section, the module it belongs to, its keys)
type Section = (&'static str, &'static str, &'static [(&'static str, Kind)]);

const PRICE_DISPLAY: &[&str] = &["Total", "Category", "Product"];

const SECTIONS: [Section; 9] = [
    ("companies", "companies", &[("extraInfo", Kind::ExtraInfo)]),
    (
        "contacts",
        "contacts",
        &[
            ("extraInfo", Kind::ExtraInfo),
            ("importTeamLists", Kind::TextList),
            ("importRoleLists", Kind::TextList),
        ],
    ),
    (
        "dashboard",
        "dashboard",
        &[
            ("widgets", Kind::Aliases(&crate::kit::widgets::ALIASES)),
            ("eventsPromoted", Kind::Bool),
            (
                "eventsLimit",
                Kind::Between(1, crate::kit::widgets::EVENTS_LIMIT_MAX),
            ),
        ],
    ),
    (
        "events",
        "events",
        &[
            ("invitationSubject", Kind::Text(200)),
            ("colorButton", Kind::Color),
            ("colorButtonText", Kind::Color),
            ("sponsorTypes", Kind::TextList),
            ("emailTemplates", Kind::Templates),
            ("smsTemplates", Kind::Templates),
            ("ticketTemplates", Kind::Templates),
        ],
    ),
    (
        "newsletter",
        "marketing",
        &[("emailTemplates", Kind::Templates)],
    ),
    (
        "orders",
        "orders",
        &[
            ("confirmationEmailSubject", Kind::Text(200)),
            ("confirmationEmailTemplate", Kind::Html),
            ("color", Kind::Color),
            ("confirmationMessage", Kind::Html),
            ("invoiceDescription", Kind::Text(1000)),
        ],
    ),
    (
        "contracts",
        "orders",
        &[
            ("pdfTitle", Kind::Text(200)),
            ("categoryAsPdfTitle", Kind::Bool),
            ("color", Kind::Color),
            ("headerColor", Kind::Color),
            ("pdfLogo", Kind::Image("pdfLogoFile")),
            ("logoRight", Kind::Bool),
            ("pdfBanner", Kind::Image("pdfBannerFile")),
            ("emailSubject", Kind::Text(200)),
            ("emailText", Kind::Html),
            ("signEmailSubject", Kind::Text(200)),
            ("signedEmailSubject", Kind::Text(200)),
            ("priceDisplay", Kind::Choice(PRICE_DISPLAY)),
            ("showTotalWithVat", Kind::Bool),
            ("showTotalExclVat", Kind::Bool),
            ("hideWorth", Kind::Bool),
            ("pdfAdditionalTitle", Kind::Text(200)),
            ("pdfDescription", Kind::Html),
            ("pdfGeneralTerms", Kind::Html),
            ("pdfPaymentTerms", Kind::Html),
        ],
    ),
    (
        "webshop",
        "webshop",
        &[("terms", Kind::Html), ("subscriptionTerms", Kind::Html)],
    ),
    (
        "economic",
        "orders",
        &[
            ("productGroup", Kind::Number),
            ("productGroupVatExempt", Kind::Number),
            ("customerGroup", Kind::Number),
            ("vatZone", Kind::Number),
            ("paymentTerms", Kind::Number),
            ("layout", Kind::Number),
            ("feeProduct", Kind::Text(50)),
            ("discountProduct", Kind::Text(50)),
            ("invoiceText", Kind::Text(1000)),
        ],
    ),
];

/// Danish labels for the messages of the keys that have rules.
fn label(key: &str) -> &str {
    match key {
        "invoiceText" => "Fakturatekst",
        "invoiceDescription" => "Fakturabeskrivelse",
        "priceDisplay" => "Prisvisning",
        "eventsLimit" => "Antal arrangementer",
        "pdfLogo" => "PDF logo",
        "pdfBanner" => "PDF banner",
        "invitationSubject" | "confirmationEmailSubject" | "emailSubject" => "Emne",
        k if k.starts_with("color") || k.ends_with("Color") => "Farve",
        _ => "Feltet",
    }
}

fn is_color(s: &str) -> bool {
    let hex = s.strip_prefix('#').unwrap_or("");
    matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn clean_extra_info(value: &Value, field: &str, check: &mut Check) -> Value {
    let mut out = Vec::new();
    let mut aliases = HashSet::new();
    for (i, def) in value.as_array().into_iter().flatten().enumerate() {
        let f = format!("{field}.{i}");
        let title = def.get("title").and_then(text_of).unwrap_or_default();
        let alias = def.get("alias").and_then(text_of).unwrap_or_default();
        let kind = def
            .get("type")
            .and_then(text_of)
            .unwrap_or_else(|| "Text".into());
        if title.is_empty() {
            check.fail(&format!("{f}.title"), "Titel skal udfyldes");
        }
        if alias.is_empty() {
            check.fail(&format!("{f}.alias"), "Alias skal udfyldes");
        } else if !aliases.insert(alias.clone()) {
            check.fail(&format!("{f}.alias"), "Alias er allerede brugt");
        }
        if !["Radio", "Checkbox", "Select", "Text"].contains(&kind.as_str()) {
            check.fail(
                &format!("{f}.type"),
                "Typen skal være Radio, Checkbox, Select eller Text",
            );
        }
        let values: Vec<String> = def
            .get("values")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(text_of)
            .collect();
        if kind != "Text" && values.is_empty() {
            check.fail(&format!("{f}.values"), "Angiv mindst én værdi");
        }
        out.push(json!({
            "title": title, "alias": alias, "type": kind, "values": values,
            "multiple": def.get("multiple").and_then(Value::as_bool).unwrap_or(false),
            "required": def.get("required").and_then(Value::as_bool).unwrap_or(false),
        }));
    }
    Value::Array(out)
}

/// The new section from the submitted one, key by key; images come from the form's files.
#[allow(clippy::too_many_arguments)]
async fn clean_section(
    state: &AppState,
    client_id: Uuid,
    name: &str,
    keys: &[(&str, Kind)],
    submitted: &Value,
    old: &Value,
    form: &Form,
    check: &mut Check,
) -> Result<Value, ApiError> {
    let mut out = Map::new();
    for (key, kind) in keys {
        let field = format!("settings.{name}.{key}");
        let raw = submitted.get(*key).unwrap_or(&Value::Null);
        let value = match kind {
            Kind::Text(max) => {
                let text = text_of(raw).unwrap_or_default();
                if text.chars().count() > *max {
                    check.fail(&field, format!("{} må højst være {max} tegn", label(key)));
                }
                json!(text)
            }
            Kind::Html => json!(sanitize(raw.as_str().unwrap_or_default().trim())),
            Kind::Bool => json!(raw.as_bool().unwrap_or(false)),
            Kind::Color => {
                let text = text_of(raw).unwrap_or_default();
                if !text.is_empty() && !is_color(&text) {
                    check.fail(
                        &field,
                        format!("{} skal være en farve som #1a2b3c", label(key)),
                    );
                }
                json!(text)
            }
            Kind::Choice(choices) => {
                let text = text_of(raw).unwrap_or_else(|| choices[0].to_string());
                if !choices.contains(&text.as_str()) {
                    check.fail(
                        &field,
                        format!("{} skal være en af {}", label(key), choices.join(", ")),
                    );
                }
                json!(text)
            }
            Kind::Number | Kind::Between(..) => match raw {
                Value::Null => Value::Null,
                Value::String(s) if s.trim().is_empty() => Value::Null,
                other => match text_of(other).and_then(|t| t.parse::<i64>().ok()) {
                    Some(n) => {
                        if let Kind::Between(min, max) = kind {
                            if n < *min || n > *max {
                                check.fail(
                                    &field,
                                    format!("{} skal være mellem {min} og {max}", label(key)),
                                );
                            }
                        }
                        json!(n)
                    }
                    None => {
                        check.fail(&field, format!("{} skal være et tal", label(key)));
                        Value::Null
                    }
                },
            },
            Kind::TextList => json!(raw
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| text_of(v).or_else(|| v.get("name").and_then(text_of)))
                .collect::<Vec<_>>()),
            Kind::Templates => {
                let mut list = Vec::new();
                for (i, t) in raw.as_array().into_iter().flatten().enumerate() {
                    let tname = t.get("name").and_then(text_of).unwrap_or_default();
                    if tname.is_empty() {
                        check.fail(&format!("{field}.{i}.name"), "Navn skal udfyldes");
                    }
                    let template = sanitize(
                        t.get("template")
                            .and_then(Value::as_str)
                            .unwrap_or_default(),
                    );
                    list.push(json!({ "name": tname, "template": template }));
                }
                Value::Array(list)
            }
            Kind::ExtraInfo => clean_extra_info(raw, &field, check),
            Kind::Aliases(known) => {
                let mut kept: Vec<String> = Vec::new();
                for alias in raw.as_array().into_iter().flatten().filter_map(text_of) {
                    if !known.contains(&alias.as_str()) {
                        check.fail(&field, format!("Ukendt widget: {alias}"));
                    } else if !kept.contains(&alias) {
                        kept.push(alias);
                    }
                }
                json!(kept)
            }
            Kind::Image(file_field) => {
                let current = old.get(*key).cloned().unwrap_or(Value::Null);
                let file = form
                    .files_named(&format!("{name}.{file_field}"))
                    .next()
                    .or_else(|| form.files_named(file_field).next());
                // A file is stored only when the whole form is valid so far; `null` removes.
                let slot = match file {
                    Some(file) if !file.is_image() => {
                        check.fail(&field, format!("{} skal være et billede", label(key)));
                        ImageSlot::Keep
                    }
                    Some(file) if check.passed() => ImageSlot::Replace(file),
                    Some(_) => ImageSlot::Keep,
                    None if raw.is_null() && submitted.get(*key).is_some() => ImageSlot::Remove,
                    None => ImageSlot::Keep,
                };
                slot.apply(Some(current), |file| async move {
                    images::store(&state.storage, "clients", client_id, file)
                        .await
                        .map(Value::String)
                })
                .await?
                .value
                .unwrap_or(Value::Null)
            }
        };
        out.insert(key.to_string(), value);
    }
    Ok(Value::Object(out))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsInput {
    /// A System Admin may edit another club's settings (the client editor hosts the panels).
    pub client_id: Option<Uuid>,
    pub name: Option<String>,
    pub url: Option<String>,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub cvr: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
    pub contact: Option<String>,
    pub own_designation: Option<String>,
    pub sender_email: Option<String>,
    pub bank_reg: Option<String>,
    pub bank_account: Option<String>,
    #[serde(default)]
    pub prices_with_vat: bool,
    #[serde(default)]
    pub disable_vat: bool,
    #[serde(default, deserialize_with = "keep_or_remove")]
    pub logo: Option<Option<String>>,
    #[serde(default)]
    pub api_keys: Vec<ApiKeyInput>,
    #[serde(default)]
    pub settings: Map<String, Value>,
    /// The version the screen read (GET `version`): required (422 without), and a stale one is 409.
    pub version: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct ApiKeyInput {
    pub name: Option<String>,
    pub key: Option<String>,
}

/// The club's own fields as the settings screen edits them (and the audit trail compares them).
#[derive(Debug, sqlx::FromRow, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClubSettingsFields {
    pub id: Uuid,
    pub name: String,
    pub url: Option<String>,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub cvr: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
    pub contact: Option<String>,
    pub own_designation: Option<String>,
    pub sender_email: Option<String>,
    pub bank_reg: Option<String>,
    pub bank_account: Option<String>,
    pub prices_with_vat: bool,
    pub disable_vat: bool,
    pub logo: Option<String>,
    #[ts(type = "Array<{ name: string, key: string }>")]
    pub api_keys: Value,
    /// Section → key → value.
    #[ts(type = "Record<string, Record<string, unknown>>")]
    pub settings: Value,
    /// Answered as `version` by GET; not part of the audited view.
    #[serde(skip)]
    pub version: i64,
}

/// The club's settings as the settings screen reads them.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClubSettings {
    #[serde(flatten)]
    pub fields: ClubSettingsFields,
    /// The version it was read with: the settings form sends it back with the save (stale: 409).
    #[ts(type = "number")]
    pub version: i64,
    pub sections: Vec<SettingsSection>,
    #[ts(as = "Vec<Role>")]
    #[schema(value_type = Vec<Role>)]
    pub roles: Value,
    pub can_edit_url: bool,
}

/// A settings section and whether the club has its module.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct SettingsSection {
    pub name: &'static str,
    pub module: &'static str,
    pub enabled: bool,
}

impl ClubSettingsFields {
    fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The audit view: API keys show only their last characters.
    fn audited(&self) -> Value {
        let mut value = self.to_json();
        if let Some(keys) = value.get_mut("apiKeys").and_then(Value::as_array_mut) {
            for key in keys {
                let masked = key.get("key").and_then(Value::as_str).map(|k| {
                    let tail: Vec<char> = k.chars().rev().take(4).collect();
                    format!("…{}", tail.into_iter().rev().collect::<String>())
                });
                key["key"] = json!(masked);
            }
        }
        value
    }
}

async fn load(conn: &mut PgConnection, id: Uuid) -> Result<ClubSettingsFields, ApiError> {
    sqlx::query_as(
        "SELECT id, name, url, address, zip_code, city, cvr, email, phone, website, contact, own_designation, \
         sender_email, bank_reg, bank_account, prices_with_vat, disable_vat, logo, api_keys, settings, version \
         FROM clients WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

fn target_club(admin: &Admin, requested: Option<Uuid>) -> Result<Uuid, ApiError> {
    match requested {
        Some(id) if id != admin.0.client_id => {
            if admin.0.identity.user.super_admin {
                Ok(id)
            } else {
                Err(ApiError::Forbidden)
            }
        }
        _ => Ok(admin.0.client_id),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SettingsQuery {
    pub client_id: Option<Uuid>,
}

#[utoipa::path(get, path = "/api/settings", tag = "settings", params(SettingsQuery), responses((status = 200, body = Envelope<ClubSettings>), (status = 403)))]
pub async fn get_settings(
    admin: Admin,
    query: web::Query<SettingsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client_id = target_club(&admin, query.client_id)?;
    let mut conn = state.pool.acquire().await?;
    let row = load(&mut conn, client_id).await?;
    let active: Vec<String> = modules::active_of_client(&state.pool, client_id)
        .await?
        .into_iter()
        .map(|m| m.alias)
        .collect();
    let sections = SECTIONS
        .iter()
        .map(|(name, module, _)| SettingsSection {
            name,
            module,
            enabled: active.iter().any(|a| a == module),
        })
        .collect();
    let roles: Value = sqlx::query_scalar("SELECT roles FROM clients WHERE id = $1")
        .bind(client_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(envelope::result(ClubSettings {
        version: row.version,
        fields: row,
        sections,
        roles,
        can_edit_url: admin.0.identity.user.super_admin,
    }))
}

fn digits_only(
    check: &mut Check,
    field: &str,
    label: &str,
    value: &Option<String>,
) -> Option<String> {
    let value = clean(value);
    if value
        .as_ref()
        .is_some_and(|v| !v.chars().all(|c| c.is_ascii_digit()))
    {
        check.fail(field, format!("{label} skal være et tal"));
    }
    value
}

#[utoipa::path(post, path = "/api/settings/update", tag = "settings",
    request_body(content((SettingsInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the logo as `logoFile` (section images as `<section>.<field>`); `logo: null` removes the logo."),
    responses((status = 200, description = "the club's id", body = Envelope<Uuid>), (status = 422), (status = 403)))]
pub async fn update_settings(
    admin: Admin,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let input: SettingsInput = form.json()?;
    let client_id = target_club(&admin, input.client_id)?;
    let mut check = Check::new();
    let name = clean(&input.name).unwrap_or_default();
    if name.is_empty() {
        check.fail("name", "Navn skal udfyldes");
    }
    for (field, label, value, max) in [
        ("name", "Navn", &input.name, 200),
        ("address", "Adresse", &input.address, 200),
        ("zipCode", "Postnr", &input.zip_code, 20),
        ("city", "By", &input.city, 100),
        ("cvr", "CVR", &input.cvr, 20),
        ("phone", "Telefon", &input.phone, 50),
        ("website", "Hjemmeside", &input.website, 300),
        ("contact", "Kontaktperson", &input.contact, 200),
        (
            "ownDesignation",
            "Egen betegnelse",
            &input.own_designation,
            200,
        ),
        ("url", "Frontend URL", &input.url, 300),
    ] {
        if value.as_deref().unwrap_or("").trim().chars().count() > max {
            check.fail(field, format!("{label} må højst være {max} tegn"));
        }
    }
    for (field, label, value) in [
        ("email", "E-mail", &input.email),
        ("senderEmail", "Afsender e-mail", &input.sender_email),
    ] {
        if clean(value).is_some_and(|v| !is_email(&v)) {
            check.fail(field, format!("{label} skal være en gyldig e-mail adresse"));
        }
    }
    check.web_address("website", &input.website);
    check.web_address("url", &input.url);
    let bank_reg = digits_only(&mut check, "bankReg", "Reg. nr.", &input.bank_reg);
    let bank_account = digits_only(
        &mut check,
        "bankAccount",
        "Kontonummer",
        &input.bank_account,
    );
    let logo_file = form.files_named("logoFile").next();
    check.image("logoFile", "Logo", logo_file);
    let mut api_keys = Vec::new();
    for (i, key) in input.api_keys.iter().enumerate() {
        let key_name = clean(&key.name).unwrap_or_default();
        if key_name.is_empty() {
            check.fail(&format!("apiKeys.{i}.name"), "Navn skal udfyldes");
        }
        let secret = clean(&key.key).unwrap_or_else(random_secret);
        api_keys.push(json!({ "name": key_name, "key": secret }));
    }
    for section in input.settings.keys() {
        if !SECTIONS.iter().any(|(name, _, _)| name == section) {
            check.fail(&format!("settings.{section}"), "Ukendt sektion");
        }
    }

    let mut tx = club_tx(&state.pool, client_id).await?;
    // Without a version the save is refused on `version`, with every other field's message too.
    match input.version {
        Some(read_at) => {
            version::claim_club(&mut tx, client_id, Some(read_at)).await?;
        }
        None => check.fail("version", version::VERSION_REQUIRED),
    }
    let before = load(&mut tx, client_id).await?;
    let mut settings = before.settings.as_object().cloned().unwrap_or_default();
    for (section, _, keys) in SECTIONS {
        if let Some(submitted) = input.settings.get(section) {
            let old = settings.get(section).cloned().unwrap_or(json!({}));
            let cleaned = clean_section(
                &state, client_id, section, keys, submitted, &old, &form, &mut check,
            )
            .await?;
            settings.insert(section.to_string(), cleaned);
        }
    }
    check.finish()?;

    // 'Frontend URL' is the System Admin's (spec 1 §6): others keep the stored one.
    let url = if admin.0.identity.user.super_admin {
        clean(&input.url)
    } else {
        before.url.clone()
    };
    let logo = ImageSlot::from_form(logo_file, &input.logo)
        .apply(before.logo.clone(), |file| {
            images::store(&state.storage, "clients", client_id, file)
        })
        .await?
        .value;
    sqlx::query(
        "UPDATE clients SET name = $2, url = $3, address = $4, zip_code = $5, city = $6, cvr = $7, email = $8, phone = $9, \
         website = $10, contact = $11, own_designation = $12, sender_email = $13, bank_reg = $14, bank_account = $15, \
         prices_with_vat = $16, disable_vat = $17, logo = $18, api_keys = $19, settings = $20, updated_at = now(), \
         updated_by = $21 WHERE id = $1",
    )
    .bind(client_id)
    .bind(&name)
    .bind(&url)
    .bind(clean(&input.address))
    .bind(clean(&input.zip_code))
    .bind(clean(&input.city))
    .bind(clean(&input.cvr))
    .bind(clean(&input.email))
    .bind(clean(&input.phone))
    .bind(clean(&input.website))
    .bind(clean(&input.contact))
    .bind(clean(&input.own_designation))
    .bind(clean(&input.sender_email))
    .bind(&bank_reg)
    .bind(&bank_account)
    .bind(input.prices_with_vat)
    .bind(input.disable_vat)
    .bind(&logo)
    .bind(Value::Array(api_keys))
    .bind(Value::Object(settings))
    .bind(admin.0.user_id())
    .execute(&mut *tx)
    .await
    .map_err(unique_field("url", "Frontend URL bruges allerede af en anden klub"))?;
    let after = load(&mut tx, client_id).await?;
    audit(
        &mut tx,
        &admin,
        Some(client_id),
        "settings",
        &client_id.to_string(),
        "update",
        diff(&before.audited(), &after.audited()),
    )
    .await?;
    tx.commit().await?;
    if before.logo != after.logo {
        images::remove(&state.storage, before.logo.as_deref()).await?;
    }
    Ok(envelope::result(client_id))
}
