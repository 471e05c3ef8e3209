//! Settings and administration (spec 1 §2 Settings area, §7 Settings and administration): the
//! club's settings and users, and the System Admin's users, clubs, module catalogue and jobs.
//! Plain tables; every change is validated here and written to `audit_log` in the same
//! transaction (who, when, which fields from what to what).

pub mod accounting;
pub mod client_users;
pub mod clients;
pub mod club_settings;
pub mod images;
pub mod jobs;
pub mod modules;
pub mod profile;
pub mod team_import;
#[cfg(test)]
pub(crate) mod typescript;
pub mod users;

use crate::kit::openapi::copy_path;
use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "admin",
    configure,
    doc,
    history: &[],
};

/// One handler serves every accounting reference list, each at its own fixed path.
fn doc() -> utoipa::openapi::OpenApi {
    let mut doc = AdminDoc::openapi();
    let documented = "/api/orders/product-groups";
    for kind in accounting::REFERENCE_PATHS {
        let path = format!("/api/orders/{kind}");
        if path != documented {
            copy_path(
                &mut doc,
                documented,
                &path,
                &format!("_{}", kind.replace('-', "_")),
            );
        }
    }
    doc
}

/// Settings and administration, the profile, the accounting reference data and the team-sport
/// import. Fixed paths come before `{id}` paths; the central list registers this area first, so
/// its fixed paths (`/api/contacts/import`, `/api/orders/units` …) win over other areas' `{id}`.
pub fn configure(routes: &mut Routes) {
    use Access::{ClubAdmin, Public, SignedIn, SystemAdmin};
    routes
        .get("/accept-invite", Public, client_users::accept_invite_page)
        .post("/accept-invite", Public, client_users::accept_invite)
        .get(
            "/public/images/{kind}/{owner}/{id}",
            Public,
            images::get_image,
        );
    // Club settings and the club's users (club admins).
    routes
        .get("/api/settings", ClubAdmin, club_settings::get_settings)
        .post(
            "/api/settings/update",
            ClubAdmin,
            club_settings::update_settings,
        )
        .get(
            "/api/client/users",
            ClubAdmin,
            client_users::list_client_users,
        )
        .post(
            "/api/client/users/update",
            ClubAdmin,
            client_users::update_client_user,
        )
        .get(
            "/api/client/users/find/{email}",
            ClubAdmin,
            client_users::find_client_user,
        )
        .get(
            "/api/client/users/{id}",
            ClubAdmin,
            client_users::get_client_user,
        )
        .delete(
            "/api/client/users/{id}",
            ClubAdmin,
            client_users::delete_client_user,
        );
    // The admin group (System Admins); the way back from impersonation is for whoever is
    // impersonating, which the handler checks.
    routes
        .get("/api/users", SystemAdmin, users::list_users)
        .post("/api/users/update", SystemAdmin, users::update_user)
        .post("/api/users/return", SignedIn, users::return_to_self)
        .get("/api/users/{id}", SystemAdmin, users::get_user)
        .delete("/api/users/{id}", SystemAdmin, users::delete_user)
        .post(
            "/api/users/{id}/impersonate",
            SystemAdmin,
            users::impersonate_user,
        )
        .get("/api/clients", SystemAdmin, clients::list_clients)
        .get(
            "/api/clients/modules",
            SystemAdmin,
            clients::list_client_module_choices,
        )
        .post("/api/clients/update", SystemAdmin, clients::update_client)
        .get("/api/clients/{id}", SystemAdmin, clients::get_client)
        .delete("/api/clients/{id}", SystemAdmin, clients::delete_client)
        .get("/api/modules", SystemAdmin, modules::list_modules)
        .post("/api/modules/update", SystemAdmin, modules::update_module)
        .get("/api/modules/{id}", SystemAdmin, modules::get_module)
        .delete("/api/modules/{id}", SystemAdmin, modules::delete_module)
        .post("/api/jobs", SystemAdmin, jobs::list_jobs)
        .get("/api/jobs/{id}", SystemAdmin, jobs::get_job)
        .delete("/api/jobs/{id}", SystemAdmin, jobs::delete_job)
        .post("/api/jobs/{id}/execute", SystemAdmin, jobs::execute_job)
        .post("/api/jobs/{id}/cancel", SystemAdmin, jobs::cancel_job);
    // The profile: staff and customers alike (spec 3 §2 Profile's two variants).
    routes
        .get("/api/profile", Access::SignedIn, profile::get_profile)
        .post(
            "/api/profile/update",
            Access::SignedIn,
            profile::update_profile,
        );
    // The team-sport import (contacts module) and accounting data (orders module).
    routes
        .post(
            "/api/contacts/import",
            Access::manage("contacts"),
            team_import::import_contacts,
        )
        .get(
            "/api/contacts/import/teams",
            Access::read("contacts"),
            team_import::list_import_teams,
        )
        .get(
            "/api/orders/economic/products",
            Access::read("orders"),
            accounting::search_accounting_products,
        );
    for kind in accounting::REFERENCE_PATHS {
        routes.get(
            &format!("/api/orders/{kind}"),
            Access::read("orders"),
            accounting::list_references,
        );
    }
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    client_users::accept_invite,
    client_users::accept_invite_page,
    images::get_image,
    club_settings::get_settings,
    club_settings::update_settings,
    client_users::list_client_users,
    client_users::update_client_user,
    client_users::find_client_user,
    client_users::get_client_user,
    client_users::delete_client_user,
    users::list_users,
    users::update_user,
    users::return_to_self,
    users::get_user,
    users::delete_user,
    users::impersonate_user,
    clients::list_clients,
    clients::list_client_module_choices,
    clients::update_client,
    clients::get_client,
    clients::delete_client,
    modules::list_modules,
    modules::update_module,
    modules::get_module,
    modules::delete_module,
    jobs::list_jobs,
    jobs::get_job,
    jobs::delete_job,
    jobs::execute_job,
    jobs::cancel_job,
    profile::get_profile,
    profile::update_profile,
    team_import::import_contacts,
    team_import::list_import_teams,
    accounting::search_accounting_products,
    accounting::list_references,
))]
pub struct AdminDoc;

use serde::Deserialize;
use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use utoipa::OpenApi;
use uuid::Uuid;

use crate::envelope::{ListParams, Sort, SortDir};
use crate::error::ApiError;
use crate::identity::sessions::Identity;
use crate::session::{Admin, SignedIn, Staff, SystemAdmin};

/// Who did it, for the audit log.
pub trait Actor {
    fn identity(&self) -> &Identity;
}

impl Actor for Staff {
    fn identity(&self) -> &Identity {
        &self.identity
    }
}
impl Actor for Admin {
    fn identity(&self) -> &Identity {
        &self.0.identity
    }
}
impl Actor for SystemAdmin {
    fn identity(&self) -> &Identity {
        &self.0.identity
    }
}
/// A customer editing their own profile.
impl Actor for SignedIn {
    fn identity(&self) -> &Identity {
        &self.0
    }
}

/// One audit row: `changes` is `{field: {old, new}}` (see `diff`).
pub async fn audit(
    conn: &mut PgConnection,
    actor: &impl Actor,
    client_id: Option<Uuid>,
    entity: &str,
    entity_id: &str,
    action: &str,
    changes: Value,
) -> Result<(), ApiError> {
    let identity = actor.identity();
    let user = &identity.user;
    sqlx::query(
        "INSERT INTO audit_log (client_id, user_id, user_name, impersonator_id, entity, entity_id, action, changes) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(client_id)
    .bind(user.id)
    .bind(user.name())
    .bind(identity.impersonator.as_ref().map(|(id, _)| *id))
    .bind(entity)
    .bind(entity_id)
    .bind(action)
    .bind(changes)
    .execute(conn)
    .await?;
    Ok(())
}

/// The fields that differ between two JSON objects, as `{"a.b": {"old", "new"}}`. Objects are
/// compared field by field; arrays and scalars as a whole.
pub fn diff(old: &Value, new: &Value) -> Value {
    let mut out = Map::new();
    walk("", old, new, &mut out);
    Value::Object(out)
}

fn walk(prefix: &str, old: &Value, new: &Value, out: &mut Map<String, Value>) {
    let empty = Value::Object(Map::new());
    // A section that appears or disappears is compared field by field with an empty one.
    let (old, new) = match (old, new) {
        (Value::Null, Value::Object(_)) if !prefix.is_empty() => (&empty, new),
        (Value::Object(_), Value::Null) if !prefix.is_empty() => (old, &empty),
        pair => pair,
    };
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                walk(
                    &path,
                    a.get(key).unwrap_or(&Value::Null),
                    b.get(key).unwrap_or(&Value::Null),
                    out,
                );
            }
        }
        (a, b) if a != b => {
            out.insert(prefix.to_string(), json!({ "old": a, "new": b }));
        }
        _ => {}
    }
}

/// The admin lists' query (spec 1 §7: "GET with search, sort and page size 10").
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AdminListQuery {
    pub search: Option<String>,
    pub sort: Option<String>,
    pub dir: Option<SortDir>,
    pub page: Option<i64>,
    pub per_page: Option<i64>,
}

impl AdminListQuery {
    pub fn params(&self) -> ListParams {
        ListParams {
            filter: json!({ "search": self.search.clone().unwrap_or_default() }),
            sort: self.sort.as_ref().map(|field| Sort {
                field: field.clone(),
                dir: self.dir.unwrap_or_default(),
            }),
            page: self.page.unwrap_or(1),
            per_page: self.per_page.unwrap_or(10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_names_each_changed_field_with_old_and_new() {
        let old = json!({ "name": "A", "settings": { "orders": { "color": "#fff" } }, "same": 1 });
        let new = json!({ "name": "B", "settings": { "orders": { "color": "#000" } }, "same": 1 });
        assert_eq!(
            diff(&old, &new),
            json!({
                "name": { "old": "A", "new": "B" },
                "settings.orders.color": { "old": "#fff", "new": "#000" }
            })
        );
        assert_eq!(diff(&old, &old), json!({}));
    }
}
