//! The module catalogue (spec 1 §2 Modules, §3 Module): name, alias, url, icon, sorting, access
//! rules (subject, actions manage/read, inverted, fields), features with settings, views and
//! components.

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tribune_projections::db::system_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::{audit, diff, AdminListQuery};
use crate::envelope::{self, Ack, Envelope, Page, SortDir};
use crate::error::ApiError;
use crate::identity::acl::AclItem;
use crate::kit::db::unique_field;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::session::SystemAdmin;
use crate::state::AppState;

/// A module of the catalogue, with what a club may set for it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ModuleDefinition")]
pub struct ModuleRow {
    pub id: Uuid,
    pub name: String,
    pub alias: String,
    pub url: String,
    pub icon: String,
    pub sorting: i32,
    #[ts(as = "Vec<ModuleFeature>")]
    pub features: Value,
    #[ts(as = "Vec<ModuleView>")]
    pub views: Value,
    #[ts(as = "Vec<ModuleComponent>")]
    pub components: Value,
    #[ts(as = "Vec<AclRule>")]
    pub acl_rules: Value,
}

/// A feature of a module as stored (`modules.features`): its settings and their allowed values.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ModuleFeature {
    pub name: String,
    pub alias: String,
    pub settings: Vec<FeatureSetting>,
}

/// A setting of a feature; an empty `values` allows any value.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct FeatureSetting {
    pub name: String,
    pub public: bool,
    pub values: Vec<String>,
}

/// A view of a module as stored (`modules.views`) and the values a club may choose for it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ModuleView {
    pub route: String,
    pub values: Vec<String>,
}

/// A component of a module as stored (`modules.components`) and the values a club may choose.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ModuleComponent {
    pub name: String,
    pub values: Vec<String>,
}

/// An access rule of a module as stored (`modules.acl_rules`): clubs link their roles to its id.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct AclRule {
    pub id: String,
    pub name: String,
    #[serde(rename = "userACL")]
    pub user_acl: Vec<AclItem>,
}

pub const MODULE_COLUMNS: &str =
    "id, name, alias, url, icon, sorting, features, views, components, acl_rules";

/// A row of the module catalogue's list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ModuleListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Alias")]
    pub alias: String,
    #[serde(rename = "Url")]
    pub url: String,
    #[serde(rename = "Icon")]
    pub icon: String,
    #[serde(rename = "Sorting")]
    pub sorting: i32,
}

/// The module catalogue.
const MODULES: ListSpec = ListSpec {
    from: "modules m",
    club: None,
    columns: "m.id, m.name, m.alias, m.url, m.icon, m.sorting",
    key: "m.id",
    filters: &[],
    search: Search::Columns(&["m.name || ' ' || m.alias"]),
    sorts: &[
        SortColumn::of("Sorting", "m.sorting"),
        SortColumn::of("Name", "lower(m.name)"),
        SortColumn::of("Alias", "m.alias"),
        SortColumn::of("Url", "m.url"),
    ],
    default_sort: ("Sorting", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(get, path = "/api/modules", tag = "admin", params(AdminListQuery), responses((status = 200, body = Page<ModuleListRow>), (status = 403)))]
pub async fn list_modules(
    _admin: SystemAdmin,
    query: web::Query<AdminListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = query.params();
    let (rows, total) = MODULES
        .page::<ModuleListRow>(&mut *state.pool.acquire().await?, None, &params)
        .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

async fn load(conn: &mut sqlx::PgConnection, id: Uuid) -> Result<ModuleRow, ApiError> {
    sqlx::query_as(&format!(
        "SELECT {MODULE_COLUMNS} FROM modules WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

#[utoipa::path(get, path = "/api/modules/{id}", tag = "admin", responses((status = 200, body = Envelope<ModuleRow>), (status = 404)))]
pub async fn get_module(
    _admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut conn = state.pool.acquire().await?;
    Ok(envelope::result(load(&mut conn, id).await?))
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AclItemInput {
    #[serde(default)]
    pub subject: Vec<String>,
    #[serde(default)]
    pub action: Vec<String>,
    #[serde(default)]
    pub inverted: bool,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AclRuleInput {
    pub id: Option<Value>,
    pub name: Option<String>,
    #[serde(default, rename = "userACL")]
    pub user_acl: Vec<AclItemInput>,
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingInput {
    pub name: String,
    #[serde(default)]
    pub public: bool,
    #[serde(default)]
    pub values: Vec<Value>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeatureInput {
    pub name: Option<String>,
    pub alias: Option<String>,
    #[serde(default)]
    pub settings: Vec<SettingInput>,
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewInput {
    pub route: String,
    #[serde(default)]
    pub values: Vec<Value>,
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentInput {
    pub name: String,
    #[serde(default)]
    pub values: Vec<Value>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleInput {
    pub id: Option<Uuid>,
    pub name: Option<String>,
    pub alias: Option<String>,
    pub url: Option<String>,
    pub icon: Option<String>,
    #[serde(default)]
    pub sorting: i32,
    #[serde(default)]
    pub features: Vec<FeatureInput>,
    #[serde(default)]
    pub views: Vec<ViewInput>,
    #[serde(default)]
    pub components: Vec<ComponentInput>,
    #[serde(default)]
    pub acl_rules: Vec<AclRuleInput>,
}

const ACTIONS: [&str; 2] = ["manage", "read"];

fn rule_id(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The access rules with their checks: a rule has a name and items; an item has a subject and
/// the actions manage and/or read. A rule without an id gets one (kept once given: clubs link
/// their roles to it).
fn clean_rules(rules: &[AclRuleInput], check: &mut Check) -> Value {
    let mut ids = HashSet::new();
    let mut out = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let name = clean(&rule.name).unwrap_or_default();
        if name.is_empty() {
            check.fail(&format!("aclRules.{i}.name"), "Navn skal udfyldes");
        }
        let id = rule
            .id
            .as_ref()
            .map(rule_id)
            .filter(|id| !id.is_empty())
            .unwrap_or_else(|| Uuid::new_v4().to_string());
        if !ids.insert(id.clone()) {
            check.fail(&format!("aclRules.{i}.id"), "Reglens id er brugt to gange");
        }
        for (j, item) in rule.user_acl.iter().enumerate() {
            let field = format!("aclRules.{i}.userACL.{j}");
            if item.subject.iter().all(|s| s.trim().is_empty()) {
                check.fail(&format!("{field}.subject"), "Emne skal udfyldes");
            }
            if item.action.is_empty() {
                check.fail(&format!("{field}.action"), "Handling skal udfyldes");
            }
            if item.action.iter().any(|a| !ACTIONS.contains(&a.as_str())) {
                check.fail(
                    &format!("{field}.action"),
                    "Handling skal være manage eller read",
                );
            }
        }
        out.push(json!({ "id": id, "name": name, "userACL": rule.user_acl }));
    }
    Value::Array(out)
}

#[utoipa::path(post, path = "/api/modules/update", tag = "admin", request_body = ModuleInput, responses((status = 200, description = "the module's id", body = Envelope<Uuid>), (status = 422)))]
pub async fn update_module(
    admin: SystemAdmin,
    body: Json<ModuleInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let mut required = |field: &str, label: &str, value: &Option<String>| {
        let v = clean(value).unwrap_or_default();
        if v.is_empty() {
            check.fail(field, format!("{label} skal udfyldes"));
        } else if v.chars().count() > 200 {
            check.fail(field, format!("{label} må højst være 200 tegn"));
        }
        v
    };
    let name = required("name", "Navn", &input.name);
    let alias = required("alias", "Alias", &input.alias);
    let icon = required("icon", "Ikon", &input.icon);
    if !alias.is_empty()
        && !alias
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        check.fail("alias", "Alias må kun indeholde bogstaver, tal, - og _");
    }
    let mut features = Vec::new();
    let mut feature_aliases = HashSet::new();
    for (i, f) in input.features.iter().enumerate() {
        let fname = clean(&f.name).unwrap_or_default();
        let falias = clean(&f.alias).unwrap_or_default();
        if fname.is_empty() {
            check.fail(&format!("features.{i}.name"), "Navn skal udfyldes");
        }
        if falias.is_empty() {
            check.fail(&format!("features.{i}.alias"), "Alias skal udfyldes");
        } else if !feature_aliases.insert(falias.clone()) {
            check.fail(&format!("features.{i}.alias"), "Alias er allerede brugt");
        }
        for (j, s) in f.settings.iter().enumerate() {
            if s.name.trim().is_empty() {
                check.fail(
                    &format!("features.{i}.settings.{j}.name"),
                    "Nøgle skal udfyldes",
                );
            }
        }
        features.push(json!({ "name": fname, "alias": falias, "settings": f.settings }));
    }
    for (i, v) in input.views.iter().enumerate() {
        if v.route.trim().is_empty() {
            check.fail(&format!("views.{i}.route"), "Route skal udfyldes");
        }
    }
    for (i, c) in input.components.iter().enumerate() {
        if c.name.trim().is_empty() {
            check.fail(&format!("components.{i}.name"), "Navn skal udfyldes");
        }
    }
    check.app_link("url", &input.url);
    let acl_rules = clean_rules(&input.acl_rules, &mut check);
    check.finish()?;

    let mut tx = system_tx(&state.pool).await?;
    let before = match input.id {
        Some(id) => Some(load(&mut tx, id).await?),
        None => None,
    };
    let url = clean(&input.url).unwrap_or_default();
    let id: Uuid = match input.id {
        Some(id) => sqlx::query_scalar(
            "UPDATE modules SET name = $2, alias = $3, url = $4, icon = $5, sorting = $6, features = $7, views = $8, \
             components = $9, acl_rules = $10, updated_at = now() WHERE id = $1 RETURNING id",
        )
        .bind(id),
        None => sqlx::query_scalar(
            "INSERT INTO modules (id, name, alias, url, icon, sorting, features, views, components, acl_rules) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(Uuid::new_v4()),
    }
    .bind(&name)
    .bind(&alias)
    .bind(&url)
    .bind(&icon)
    .bind(input.sorting)
    .bind(Value::Array(features))
    .bind(json!(input.views))
    .bind(json!(input.components))
    .bind(&acl_rules)
    .fetch_one(&mut *tx)
    .await
    .map_err(unique_field("alias", "Alias er allerede brugt af et andet modul"))?;
    let after = load(&mut tx, id).await?;
    let old = before
        .as_ref()
        .map(|b| serde_json::to_value(b).unwrap_or(Value::Null))
        .unwrap_or(json!({}));
    let new = serde_json::to_value(&after).map_err(ApiError::internal)?;
    let action = if before.is_some() { "update" } else { "create" };
    audit(
        &mut tx,
        &admin,
        None,
        "module",
        &id.to_string(),
        action,
        diff(&old, &new),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/modules/{id}", tag = "admin", responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_module(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = system_tx(&state.pool).await?;
    let before = load(&mut tx, id).await?;
    sqlx::query("DELETE FROM modules WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let old = serde_json::to_value(&before).map_err(ApiError::internal)?;
    audit(
        &mut tx,
        &admin,
        None,
        "module",
        &id.to_string(),
        "delete",
        diff(&old, &json!({})),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
