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
pub mod users;

use std::future::{ready, Ready};

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::envelope::{ListParams, Sort, SortDir};
use crate::error::ApiError;
use crate::session::{Admin, Staff};

/// A System Admin ('System Admin', `superAdmin`): the only one who reaches the admin group
/// (Users, Clients, Modules, Jobs), which spans every club. A club's own admins manage only
/// their club's settings and users. While impersonating, the caller is the impersonated user.
#[derive(Clone)]
pub struct SystemAdmin(pub Staff);

impl FromRequest for SystemAdmin {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let staff = match Staff::from_request(req, payload).into_inner() {
            Ok(staff) => staff,
            Err(e) => return ready(Err(e)),
        };
        ready(if staff.identity.user.super_admin {
            Ok(SystemAdmin(staff))
        } else {
            Err(ApiError::Forbidden)
        })
    }
}

/// Who did it, for the audit log.
pub trait Actor {
    fn staff(&self) -> &Staff;
}

impl Actor for Staff {
    fn staff(&self) -> &Staff {
        self
    }
}
impl Actor for Admin {
    fn staff(&self) -> &Staff {
        &self.0
    }
}
impl Actor for SystemAdmin {
    fn staff(&self) -> &Staff {
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
    let staff = actor.staff();
    let user = &staff.identity.user;
    sqlx::query(
        "INSERT INTO audit_log (client_id, user_id, user_name, impersonator_id, entity, entity_id, action, changes) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(client_id)
    .bind(user.id)
    .bind(user.name())
    .bind(staff.identity.impersonator.as_ref().map(|(id, _)| *id))
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
