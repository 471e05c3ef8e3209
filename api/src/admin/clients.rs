//! Clubs (spec 1 §2 Clients, §3 Client and Client module): name, active, roles, and the club's
//! modules in order with name override, activation, custom endpoint/views/components, the links
//! from module rules to club roles, and feature settings. The club's sidebar and its API access
//! follow these rows at once (they are read on every request).

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_projections::db::system_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::modules::{ModuleRow, MODULE_COLUMNS};
use super::{audit, diff, AdminListQuery};
use crate::envelope::{self, Ack, Envelope, Page, SortDir};
use crate::error::ApiError;
use crate::kit::db::still_referenced;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::kit::version;
use crate::session::SystemAdmin;
use crate::state::AppState;

/// A row of the clubs list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ClientListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Active")]
    pub active: bool,
}

/// One of a club's roles (the clubs' `roles` column holds a list of them).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct Role {
    pub name: String,
    pub alias: String,
}

/// A link from one of a module's access rules to one of the club's roles.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RoleAcl {
    pub rule_id: String,
    pub role: String,
}

/// Every club, for the system admins.
const CLIENTS: ListSpec = ListSpec {
    from: "clients c",
    club: None,
    columns: "c.id, c.name, c.active",
    key: "c.id",
    filters: &[],
    search: Search::Columns(&["c.name"]),
    sorts: &[
        SortColumn::of("Name", "lower(c.name)"),
        SortColumn::of("Active", "c.active"),
    ],
    default_sort: ("Name", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(get, path = "/api/clients", tag = "admin", params(AdminListQuery), responses((status = 200, body = Page<ClientListRow>), (status = 403)))]
pub async fn list_clients(
    _admin: SystemAdmin,
    query: web::Query<AdminListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let params = query.params();
    let (rows, total) = CLIENTS
        .page::<ClientListRow>(&mut *state.pool.acquire().await?, None, &params)
        .await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// The module catalogue for the module picker, with what the per-module modal offers.
#[utoipa::path(get, path = "/api/clients/modules", tag = "admin", responses((status = 200, body = Envelope<Vec<ModuleRow>>)))]
pub async fn list_client_module_choices(
    _admin: SystemAdmin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let modules: Vec<ModuleRow> = sqlx::query_as(&format!(
        "SELECT {MODULE_COLUMNS} FROM modules ORDER BY sorting, name"
    ))
    .fetch_all(&state.pool)
    .await?;
    Ok(envelope::result(modules))
}

/// One of a club's modules, in the club's order, with what the club set for it.
#[derive(Debug, Clone, Serialize, Deserialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientModuleRow {
    pub module_id: Uuid,
    /// The catalogue's alias, name and icon, for the module cards.
    pub alias: String,
    pub module_name: String,
    pub icon: String,
    pub name: Option<String>,
    pub active: bool,
    pub sorting: i32,
    pub custom_endpoint: Option<String>,
    /// View route → the chosen value.
    #[ts(type = "Record<string, string>")]
    pub custom_views: Value,
    /// Component name → the chosen value.
    #[ts(type = "Record<string, string>")]
    pub custom_components: Value,
    #[ts(as = "Vec<RoleAcl>")]
    pub role_acls: Value,
    /// Feature alias → setting name → the chosen value.
    #[ts(type = "Record<string, Record<string, string>>")]
    pub features: Value,
}

/// A club as the admin editor reads it.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ClientDetail {
    pub id: Uuid,
    pub name: String,
    pub active: bool,
    #[ts(as = "Vec<Role>")]
    #[schema(value_type = Vec<Role>)]
    pub roles: Value,
    pub modules: Vec<ClientModuleRow>,
}

async fn client_modules(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Vec<ClientModuleRow>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT cm.module_id, m.alias, m.name AS module_name, m.icon, cm.name, cm.active, cm.sorting, cm.custom_endpoint, cm.custom_views, cm.custom_components, \
         cm.role_acls, cm.features FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
         WHERE cm.client_id = $1 ORDER BY cm.sorting, m.sorting, m.name",
    )
    .bind(client_id)
    .fetch_all(conn)
    .await?)
}

async fn detail(conn: &mut PgConnection, id: Uuid) -> Result<ClientDetail, ApiError> {
    let row: Option<(String, bool, Value)> =
        sqlx::query_as("SELECT name, active, roles FROM clients WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let (name, active, roles) = row.ok_or(ApiError::NotFound)?;
    let modules = client_modules(conn, id).await?;
    Ok(ClientDetail {
        id,
        name,
        active,
        roles,
        modules,
    })
}

/// The club as the audit trail compares it.
async fn snapshot(conn: &mut PgConnection, id: Uuid) -> Result<Value, ApiError> {
    serde_json::to_value(detail(conn, id).await?).map_err(ApiError::internal)
}

#[utoipa::path(get, path = "/api/clients/{id}", tag = "admin", operation_id = "get_club", responses((status = 200, body = Envelope<ClientDetail>), (status = 404)))]
pub async fn get_client(
    _admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut conn = state.pool.acquire().await?;
    Ok(envelope::result(detail(&mut conn, id).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleInput {
    pub name: Option<String>,
    pub alias: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientModuleInput {
    pub module_id: Uuid,
    pub name: Option<String>,
    #[serde(default = "yes")]
    pub active: bool,
    pub custom_endpoint: Option<String>,
    #[serde(default)]
    pub custom_views: Map<String, Value>,
    #[serde(default)]
    pub custom_components: Map<String, Value>,
    #[serde(default)]
    pub role_acls: Vec<RoleAclInput>,
    #[serde(default)]
    pub features: Map<String, Value>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleAclInput {
    pub rule_id: Value,
    pub role: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientInput {
    pub id: Option<Uuid>,
    pub name: Option<String>,
    #[serde(default = "yes")]
    pub active: bool,
    pub roles: Option<Vec<RoleInput>>,
    /// In the club's order; absent keeps the modules as they are.
    pub modules: Option<Vec<ClientModuleInput>>,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The allowed values of a view (`route`) or component (`name`) of a module, or None when the
/// module has no such entry. An empty list allows any value.
fn allowed<'a>(list: &'a Value, key_field: &str, key: &str) -> Option<Vec<&'a Value>> {
    list.as_array()?
        .iter()
        .find(|entry| entry.get(key_field).and_then(Value::as_str) == Some(key))
        .map(|entry| {
            entry
                .get("values")
                .and_then(Value::as_array)
                .map(|v| v.iter().collect())
                .unwrap_or_default()
        })
}

fn check_choice(
    check: &mut Check,
    field: &str,
    list: &Value,
    key_field: &str,
    key: &str,
    value: &Value,
    what: &str,
) {
    match allowed(list, key_field, key) {
        None => check.fail(field, format!("{what} '{key}' findes ikke i modulet")),
        Some(values) if !values.is_empty() && !values.iter().any(|v| text(v) == text(value)) => {
            check.fail(field, format!("Værdien er ikke tilladt for {what} '{key}'"))
        }
        _ => {}
    }
}

fn check_module(
    check: &mut Check,
    prefix: &str,
    input: &ClientModuleInput,
    module: &ModuleRow,
    roles: &[String],
) {
    let rule_ids: Vec<String> = module
        .acl_rules
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("id").map(text))
        .collect();
    for (i, link) in input.role_acls.iter().enumerate() {
        if !rule_ids.contains(&text(&link.rule_id)) {
            check.fail(
                &format!("{prefix}.roleAcls.{i}.ruleId"),
                "Reglen findes ikke i modulet",
            );
        }
        if !roles.contains(&link.role) {
            check.fail(
                &format!("{prefix}.roleAcls.{i}.role"),
                "Rollen findes ikke i klubben",
            );
        }
    }
    for (route, value) in &input.custom_views {
        check_choice(
            check,
            &format!("{prefix}.customViews"),
            &module.views,
            "route",
            route,
            value,
            "Visningen",
        );
    }
    for (name, value) in &input.custom_components {
        check_choice(
            check,
            &format!("{prefix}.customComponents"),
            &module.components,
            "name",
            name,
            value,
            "Komponenten",
        );
    }
    for (alias, settings) in &input.features {
        let feature = module
            .features
            .as_array()
            .into_iter()
            .flatten()
            .find(|f| f.get("alias").and_then(Value::as_str) == Some(alias.as_str()));
        let Some(feature) = feature else {
            check.fail(
                &format!("{prefix}.features"),
                format!("Funktionen '{alias}' findes ikke i modulet"),
            );
            continue;
        };
        let defined = feature.get("settings").cloned().unwrap_or(json!([]));
        for (key, value) in settings.as_object().into_iter().flatten() {
            check_choice(
                check,
                &format!("{prefix}.features.{alias}"),
                &defined,
                "name",
                key,
                value,
                "Indstillingen",
            );
        }
    }
    if input.name.as_deref().unwrap_or("").chars().count() > 100 {
        check.fail(&format!("{prefix}.name"), "Navn må højst være 100 tegn");
    }
}

#[utoipa::path(post, path = "/api/clients/update", tag = "admin", request_body = ClientInput, responses((status = 200, description = "the club's id", body = Envelope<Uuid>), (status = 422)))]
pub async fn update_client(
    admin: SystemAdmin,
    body: Json<ClientInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let name = check.required_text("name", "Navn", &input.name);
    check.max_chars_of("name", "Navn", &name, 200);
    let name = name.unwrap_or_default();
    let mut roles = Vec::new();
    let mut aliases = Vec::new();
    for (i, role) in input.roles.iter().flatten().enumerate() {
        let role_name = clean(&role.name).unwrap_or_default();
        let alias = clean(&role.alias).unwrap_or_default();
        if role_name.is_empty() {
            check.fail(&format!("roles.{i}.name"), "Navn skal udfyldes");
        }
        if alias.is_empty() {
            check.fail(&format!("roles.{i}.alias"), "Alias skal udfyldes");
        } else if aliases.contains(&alias) {
            check.fail(&format!("roles.{i}.alias"), "Alias er allerede brugt");
        }
        aliases.push(alias.clone());
        roles.push(json!({ "name": role_name, "alias": alias }));
    }

    let mut tx = system_tx(&state.pool).await?;
    let before = match input.id {
        Some(id) => Some(snapshot(&mut tx, id).await?),
        None => None,
    };
    // Roles absent: the stored ones still decide which links are valid.
    let role_values = match (&input.roles, &before) {
        (Some(_), _) => Value::Array(roles.clone()),
        (None, Some(b)) => b["roles"].clone(),
        (None, None) => json!([]),
    };
    let role_aliases = super::users::role_aliases(&role_values);
    if let Some(modules) = &input.modules {
        let catalogue: Vec<ModuleRow> = sqlx::query_as(&format!(
            "SELECT {MODULE_COLUMNS} FROM modules WHERE id = ANY($1)"
        ))
        .bind(modules.iter().map(|m| m.module_id).collect::<Vec<_>>())
        .fetch_all(&mut *tx)
        .await?;
        let mut seen = HashSet::new();
        let mut endpoints = HashSet::new();
        for (i, m) in modules.iter().enumerate() {
            let prefix = format!("modules.{i}");
            // A module's own endpoint name (spec 1 §3): what the API is reached under for it.
            if let Some(endpoint) = m
                .custom_endpoint
                .as_deref()
                .map(str::trim)
                .filter(|e| !e.is_empty())
            {
                let field = format!("{prefix}.customEndpoint");
                if let Some(problem) = crate::kit::endpoints::endpoint_problem(endpoint) {
                    check.fail(&field, problem);
                } else if !endpoints.insert(endpoint.to_string()) {
                    check.fail(&field, "Et andet modul bruger allerede navnet");
                }
            }
            if !seen.insert(m.module_id) {
                check.fail(
                    &format!("{prefix}.moduleId"),
                    "Modulet er allerede tilføjet",
                );
            }
            match catalogue.iter().find(|c| c.id == m.module_id) {
                None => check.fail(&format!("{prefix}.moduleId"), "Modulet findes ikke"),
                Some(module) => check_module(&mut check, &prefix, m, module, &role_aliases),
            }
        }
    }
    check.finish()?;

    let id = match input.id {
        Some(id) => {
            // The club settings screen saves this row too: its version moves on (kit::version).
            version::bump_club(&mut tx, id).await?;
            let mut q = QueryBuilder::<Postgres>::new("UPDATE clients SET name = ");
            q.push_bind(&name)
                .push(", active = ")
                .push_bind(input.active)
                .push(", updated_at = now(), updated_by = ")
                .push_bind(admin.0.user_id());
            if input.roles.is_some() {
                q.push(", roles = ").push_bind(&role_values);
            }
            q.push(" WHERE id = ").push_bind(id);
            q.build().execute(&mut *tx).await?;
            id
        }
        None => sqlx::query_scalar(
            "INSERT INTO clients (name, active, roles, created_by, updated_by) VALUES ($1, $2, $3, $4, $4) RETURNING id",
        )
        .bind(&name)
        .bind(input.active)
        .bind(&role_values)
        .bind(admin.0.user_id())
        .fetch_one(&mut *tx)
        .await?,
    };
    if let Some(modules) = &input.modules {
        let ids: Vec<Uuid> = modules.iter().map(|m| m.module_id).collect();
        sqlx::query(
            "DELETE FROM client_modules WHERE client_id = $1 AND NOT (module_id = ANY($2))",
        )
        .bind(id)
        .bind(&ids)
        .execute(&mut *tx)
        .await?;
        for (i, m) in modules.iter().enumerate() {
            sqlx::query(
                "INSERT INTO client_modules (client_id, module_id, name, active, sorting, custom_endpoint, custom_views, \
                   custom_components, role_acls, features) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (client_id, module_id) DO UPDATE SET name = EXCLUDED.name, active = EXCLUDED.active, \
                   sorting = EXCLUDED.sorting, custom_endpoint = EXCLUDED.custom_endpoint, custom_views = EXCLUDED.custom_views, \
                   custom_components = EXCLUDED.custom_components, role_acls = EXCLUDED.role_acls, features = EXCLUDED.features",
            )
            .bind(id)
            .bind(m.module_id)
            .bind(clean(&m.name))
            .bind(m.active)
            .bind((i as i32 + 1) * 10)
            .bind(clean(&m.custom_endpoint))
            .bind(Value::Object(m.custom_views.clone()))
            .bind(Value::Object(m.custom_components.clone()))
            .bind(json!(m.role_acls))
            .bind(Value::Object(m.features.clone()))
            .execute(&mut *tx)
            .await?;
        }
    }
    let after = snapshot(&mut tx, id).await?;
    let action = if before.is_some() { "update" } else { "create" };
    let changes = diff(&before.unwrap_or(json!({})), &after);
    audit(
        &mut tx,
        &admin,
        None,
        "client",
        &id.to_string(),
        action,
        changes,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/clients/{id}", tag = "admin", responses((status = 200, body = Ack), (status = 404), (status = 409), (status = 422)))]
pub async fn delete_client(
    admin: SystemAdmin,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    if id == admin.0.client_id {
        return Err(ApiError::invalid(
            "Du kan ikke slette den klub, du selv er logget ind i",
        ));
    }
    let mut tx = system_tx(&state.pool).await?;
    let before = snapshot(&mut tx, id).await?;
    sqlx::query("DELETE FROM clients WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(still_referenced(ApiError::Conflict(
            "Klubben har data og kan ikke slettes. Gør den i stedet inaktiv.".into(),
        )))?;
    audit(
        &mut tx,
        &admin,
        None,
        "client",
        &id.to_string(),
        "delete",
        diff(&before, &json!({})),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
