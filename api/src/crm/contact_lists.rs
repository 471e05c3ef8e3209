//! Contact lists (spec 1 §2 Contacts, §3 Contact list, §7 lists).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::club::all_in_club;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::reads::Reads;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "contact_lists",
    what: "Kontaktlisten",
};

/// A row of the contact lists' list (POST /api/contacts/lists).
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ContactListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Title")]
    pub title: String,
    /// How many contacts are on the list.
    #[serde(rename = "Contacts")]
    #[ts(type = "number")]
    pub contacts: i64,
}

/// The contact lists with their member counts.
const LISTS: ListSpec = ListSpec {
    from: "(SELECT l.*, (SELECT count(*) FROM contact_list_members m WHERE m.list_id = l.id) AS contacts \
           FROM contact_lists l) l",
    club: Some("l.client_id"),
    columns: "l.id, l.title, l.contacts",
    key: "l.id",
    filters: &[],
    search: Search::Columns(&["l.title"]),
    sorts: &[
        SortColumn::of("Title", "lower(l.title)"),
        SortColumn::of("Contacts", "l.contacts"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/contacts/lists", tag = "contacts", request_body = ListParams, responses((status = 200, body = Page<ContactListRow>)))]
pub async fn list_contact_lists(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = LISTS
        .page::<ContactListRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

/// A contact on a list.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ListMember {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
}

/// A contact list as its editor reads it.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ContactListDto {
    pub id: Uuid,
    pub title: String,
    /// The members, by name.
    pub contacts: Vec<ListMember>,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
}

#[utoipa::path(get, path = "/api/contacts/lists/{id}", tag = "contacts", responses((status = 200, body = Envelope<ContactListDto>), (status = 404)))]
pub async fn get_contact_list(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (title, version): (String, i64) =
        sqlx::query_as("SELECT title, version FROM contact_lists WHERE client_id = $1 AND id = $2")
            .bind(staff.client_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(ApiError::NotFound)?;
    let contacts: Vec<ListMember> = sqlx::query_as(
        "SELECT p.id, p.firstname, p.lastname, p.email FROM contacts p JOIN contact_list_members m ON m.contact_id = p.id \
         WHERE m.list_id = $1 ORDER BY lower(p.firstname), lower(p.lastname)",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(ContactListDto {
        id,
        title,
        contacts,
        version,
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactListInput {
    id: Option<Uuid>,
    title: Option<String>,
    /// Left out: the members stay as they are.
    #[ts(optional)]
    contact_ids: Option<Vec<Uuid>>,
    #[serde(default)]
    #[allow(dead_code)]
    #[schema(value_type = Object)]
    #[ts(skip)]
    contacts: serde_json::Value,
    /// The version the editor read (GET `version`); required when saving an existing row, and a stale one is 409.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

#[utoipa::path(post, path = "/api/contacts/lists/update", tag = "contacts", request_body = ContactListInput, responses((status = 200, description = "the list's id", body = Envelope<Uuid>), (status = 422)))]
pub async fn update_contact_list(
    staff: Staff,
    body: Json<ContactListInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner();
    let mut check = Check::new();
    let title = check.required_text("title", "Navn", &input.title);
    check.max_chars_of("title", "Navn", &title, 200);
    check.finish()?;
    let title = title.unwrap_or_default();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let id = match input.id {
        Some(id) => {
            let updated = sqlx::query("UPDATE contact_lists SET title = $3, updated_at = now(), updated_by = $4 WHERE client_id = $1 AND id = $2")
                .bind(staff.client_id)
                .bind(id)
                .bind(&title)
                .bind(staff.user_id())
                .execute(&mut *tx)
                .await?;
            if updated.rows_affected() == 0 {
                return Err(ApiError::NotFound);
            }
            id
        }
        None => sqlx::query_scalar("INSERT INTO contact_lists (client_id, title, created_by, updated_by) VALUES ($1, $2, $3, $3) RETURNING id")
            .bind(staff.client_id)
            .bind(&title)
            .bind(staff.user_id())
            .fetch_one(&mut *tx)
            .await?,
    };
    if let Some(mut ids) = input.contact_ids {
        ids.sort();
        ids.dedup();
        if !all_in_club(&mut tx, "contacts", staff.client_id, &ids).await? {
            return Err(ApiError::field(
                "contactIds",
                "En kontaktperson findes ikke",
            ));
        }
        sqlx::query("DELETE FROM contact_list_members WHERE list_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO contact_list_members (client_id, list_id, contact_id) SELECT $1, $2, unnest($3::uuid[])")
            .bind(staff.client_id)
            .bind(id)
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/contacts/lists/{id}", tag = "contacts", responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_contact_list(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let deleted = sqlx::query("DELETE FROM contact_lists WHERE client_id = $1 AND id = $2")
        .bind(staff.client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    tx.commit().await?;
    Ok(envelope::ok())
}
