//! What comments and files hang on: the kinds of entity, the module that guards each and the
//! table that holds it, and the access rules that find a request's module from the id its path
//! names, before the handler runs (`kit::routes::Access::Resolved`).

use actix_web::HttpRequest;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::acl::Action;
use crate::kit::club::kind_in_club;
use crate::kit::files::relation_of;
use crate::kit::routes::{Guard, ModuleRule, Resolving};
use crate::state::AppState;

/// An entity kind comments and files hang on.
pub struct Kind {
    /// The `originType` / `relationType` the webapp sends.
    pub name: &'static str,
    pub module: &'static str,
    pub table: &'static str,
}

/// Every kind, in the order an id is looked for.
pub const KINDS: &[Kind] = &[
    Kind {
        name: "company",
        module: "companies",
        table: "companies",
    },
    Kind {
        name: "contact",
        module: "contacts",
        table: "contacts",
    },
    Kind {
        name: "order",
        module: "orders",
        table: "order_rows",
    },
    Kind {
        name: "contract",
        module: "orders",
        table: "contract_rows",
    },
    Kind {
        name: "subscription",
        module: "orders",
        table: "subscription_rows",
    },
    Kind {
        name: "event",
        module: "events",
        table: "club_events",
    },
];

/// Every module a comment, a file or what they hang on can belong to.
pub const MODULES: &[&str] = &[
    "companies",
    "contacts",
    "orders",
    "events",
    "marketing",
    "products",
];

pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|kind| kind.name == name)
}

/// The module of a stored file's owner: the entities above, and the rows whose pictures and
/// attachments are stored files. A comment's file belongs to where the comment was written.
fn file_module(relation_type: &str) -> Option<&'static str> {
    match relation_type {
        "company_logo" => Some("companies"),
        "contact_picture" => Some("contacts"),
        "event_type" => Some("events"),
        "newsletter" => Some("marketing"),
        "product" | "product_category" => Some("products"),
        other => kind(other).map(|kind| kind.module),
    }
}

/// A rule over `MODULES` that finds the module with `resolve`.
const fn rule(
    name: &'static str,
    action: Action,
    resolve: for<'a> fn(&'a HttpRequest, &'a AppState, Uuid) -> Resolving<'a>,
) -> ModuleRule {
    ModuleRule {
        name,
        action,
        modules: MODULES,
        resolve,
    }
}

/// Comments and files of the entity `{id}` names (a company, a contact, an order …), and
/// writing a comment on it.
pub static ENTITY_READ: ModuleRule = rule("the entity the path names", Action::Read, entity_guard);
pub static ENTITY_MANAGE: ModuleRule =
    rule("the entity the path names", Action::Manage, entity_guard);

/// A comment `{id}` names, by where it was written.
pub static COMMENT_READ: ModuleRule = rule("the comment's entity", Action::Read, comment_guard);
pub static COMMENT_MANAGE: ModuleRule = rule("the comment's entity", Action::Manage, comment_guard);

/// A stored file `{id}` names, by its owner.
pub static FILE_READ: ModuleRule = rule("the file's owner", Action::Read, file_guard);
pub static FILE_MANAGE: ModuleRule = rule("the file's owner", Action::Manage, file_guard);

/// The path's `{id}` as a uuid; anything else names nothing.
fn path_id(req: &HttpRequest) -> Result<Uuid, ApiError> {
    req.match_info()
        .get("id")
        .and_then(|id| Uuid::parse_str(id).ok())
        .ok_or(ApiError::NotFound)
}

fn entity_guard<'a>(req: &'a HttpRequest, state: &'a AppState, client_id: Uuid) -> Resolving<'a> {
    Box::pin(async move {
        let id = path_id(req)?;
        let tables: Vec<(&str, &str)> = KINDS.iter().map(|k| (k.name, k.table)).collect();
        let mut tx = club_tx(&state.pool, client_id).await?;
        let found = kind_in_club(&mut tx, &tables, client_id, id).await?;
        tx.commit().await?;
        found
            .and_then(kind)
            .map(|kind| Guard::Module(kind.module))
            .ok_or(ApiError::NotFound)
    })
}

fn comment_guard<'a>(req: &'a HttpRequest, state: &'a AppState, client_id: Uuid) -> Resolving<'a> {
    Box::pin(async move {
        let id = path_id(req)?;
        let mut tx = club_tx(&state.pool, client_id).await?;
        let origin = comment_origin(&mut tx, client_id, id).await?;
        tx.commit().await?;
        Ok(guard_of_origin(
            origin.ok_or(ApiError::NotFound)?.as_deref(),
        ))
    })
}

fn file_guard<'a>(req: &'a HttpRequest, state: &'a AppState, client_id: Uuid) -> Resolving<'a> {
    Box::pin(async move {
        let id = path_id(req)?;
        let mut tx = club_tx(&state.pool, client_id).await?;
        let (relation_type, relation_id) = relation_of(&mut tx, client_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let guard = if relation_type == "comment" {
            let comment = Uuid::parse_str(&relation_id).map_err(|_| ApiError::NotFound)?;
            let origin = comment_origin(&mut tx, client_id, comment).await?;
            guard_of_origin(origin.ok_or(ApiError::NotFound)?.as_deref())
        } else {
            file_module(&relation_type).map_or(Guard::ClubAdmin, Guard::Module)
        };
        tx.commit().await?;
        Ok(guard)
    })
}

/// A comment's `originType` (None when it was written before origins were kept); the outer
/// None is a comment the club does not have.
async fn comment_origin(
    conn: &mut sqlx::PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<Option<String>>, ApiError> {
    Ok(
        sqlx::query_scalar("SELECT origin_type FROM comments WHERE client_id = $1 AND id = $2")
            .bind(client_id)
            .bind(id)
            .fetch_optional(conn)
            .await?,
    )
}

/// A comment without an origin was written on a company (the card's default).
fn guard_of_origin(origin: Option<&str>) -> Guard {
    kind(origin.unwrap_or("company")).map_or(Guard::ClubAdmin, |kind| Guard::Module(kind.module))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_and_every_stored_file_owner_has_a_module_the_rules_name() {
        for kind in KINDS {
            assert!(MODULES.contains(&kind.module), "{}", kind.name);
        }
        for owner in [
            "company",
            "contact",
            "contract",
            "subscription",
            "company_logo",
            "contact_picture",
            "event",
            "event_type",
            "newsletter",
            "product",
            "product_category",
        ] {
            let module = file_module(owner).unwrap_or_else(|| panic!("{owner} has no module"));
            assert!(MODULES.contains(&module), "{owner}");
        }
        assert_eq!(file_module("unknown"), None);
    }
}
