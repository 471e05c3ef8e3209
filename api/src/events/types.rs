//! Event types (spec 2 §2 Event type list, Event type editor; §4: a type fills the event form;
//! §7 Types). A type is the event form kept as a template: its title the type's name, its
//! files its own (an event made from it gets copies). Its Relationer (tab 70) name the companies
//! and contracts a new event of the type is linked to; its read lists the events of the type.

use actix_web::{web, HttpResponse};
use serde_json::Value;
use sqlx::types::Json as Jsonb;
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::dto::{
    EventContent, EventForm, EventRef, EventTypeChoice, EventTypeDto, EventTypeListRow,
    TypeRelations,
};
use super::files::{Slot, SlotIds};
use super::form::{self, Kind};
use super::read::describe;
use super::relations::describe_type_relations;
use super::save::{Save, Target};
use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::files::remove;
use crate::kit::ids::parse_id;
use crate::kit::input::{Json, Submitted};
use crate::kit::list_page::list_page;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const TARGET: Target = Target {
    kind: Kind::Type,
    versioned: Versioned {
        table: "event_types",
        what: "Typen",
    },
    relation_type: "event_type",
};

const LIST: ListSpec = ListSpec {
    from: "event_types t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.title"]),
    sorts: &[SortColumn::of("Title", "lower(t.title)")],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/events/types/v2", tag = "events", operation_id = "list_event_types_v2",
    request_body = ListParams,
    responses((status = 200, body = Page<EventTypeListRow>, description = "sorted by Title (default, asc); `filter.search` finds the title"),
        (status = 401), (status = 403), (status = 422)))]
pub async fn list_event_types(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    list_page::<EventTypeListRow>(&state.pool, &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/events/types", tag = "events",
    responses((status = 200, body = Envelope<Vec<EventTypeChoice>>, description = "every type, by title"), (status = 401), (status = 403)))]
pub async fn all_event_types(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let types: Vec<EventTypeChoice> = sqlx::query_as(
        "SELECT id, title FROM event_types WHERE client_id = $1 ORDER BY lower(title), id",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(types))
}

/// The relations a type keeps in its `relations` column: the ids alone.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct StoredRelations {
    company_ids: Vec<Uuid>,
    contract_ids: Vec<Uuid>,
}

/// How many of its events a type's read lists.
const MAX_TYPE_EVENTS: i64 = 100;

/// A type as stored: its title, its form (with the file ids its file fields hold), its relations
/// and its version.
struct StoredType {
    title: String,
    content: EventContent,
    relations: StoredRelations,
    version: i64,
}

/// A type's stored form; None when the club has no such type.
async fn stored(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<StoredType>, ApiError> {
    let row: Option<(String, Value, Value, i64)> = sqlx::query_as(
        "SELECT title, data, relations, version FROM event_types WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?;
    row.map(|(title, data, relations, version)| {
        Ok(StoredType {
            title,
            content: serde_json::from_value(data).map_err(ApiError::internal)?,
            relations: serde_json::from_value(relations).map_err(ApiError::internal)?,
            version,
        })
    })
    .transpose()
}

/// The relations as a save keeps them: the ids, each once, in the order chosen.
fn relations_to_store(relations: &TypeRelations) -> StoredRelations {
    let once = |ids: &[Uuid]| {
        let mut seen = Vec::new();
        for id in ids {
            if !seen.contains(id) {
                seen.push(*id);
            }
        }
        seen
    };
    StoredRelations {
        company_ids: once(&relations.company_ids),
        contract_ids: once(&relations.contract_ids),
    }
}

/// The file ids a stored type's file fields hold.
fn file_ids(content: &EventContent) -> SlotIds {
    let id = |field: &Option<String>| field.as_deref().and_then(|f| f.parse().ok());
    Slot::ALL.map(|slot| match slot {
        Slot::BannerPicture => id(&content.banner_picture),
        Slot::BannerBottom => id(&content.banner_bottom),
        Slot::InviteAttachment => id(&content.invite_attachment),
        Slot::TicketLogo => id(&content.tickets.ticket_logo),
        Slot::TicketPicture => id(&content.tickets.ticket_picture),
        Slot::CardPicture => id(&content.table_plan.card_picture),
    })
}

/// The files of the type a save edits: none for a new one; a type the club does not have is not
/// found.
async fn stored_files(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Option<Uuid>,
) -> Result<SlotIds, ApiError> {
    let Some(id) = id else { return Ok([None; 6]) };
    let found = stored(conn, client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(file_ids(&found.content))
}

#[utoipa::path(get, path = "/api/events/types/{id}", tag = "events",
    params(("id" = String, Path, description = "the type's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<EventTypeDto>, description = "the event form the type fills (a new event takes it with no id and `typeId` set)"), (status = 401), (status = 403), (status = 404)))]
pub async fn get_event_type(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let StoredType {
        title,
        mut content,
        relations,
        version,
    } = stored(&mut tx, staff.client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    content.title = title;
    let ids = file_ids(&content);
    describe(&mut tx, staff.client_id, &mut content, &ids).await?;
    let relations = describe_type_relations(
        &mut tx,
        staff.client_id,
        &relations.company_ids,
        &relations.contract_ids,
    )
    .await?;
    let events: Vec<EventRef> = sqlx::query_as(
        "SELECT id, title, start_date FROM club_events WHERE client_id = $1 AND type_id = $2 \
         ORDER BY start_date DESC, id DESC LIMIT $3",
    )
    .bind(staff.client_id)
    .bind(id)
    .bind(MAX_TYPE_EVENTS)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(EventTypeDto {
        id: Some(id),
        content,
        relations,
        events,
        version,
    }))
}

#[utoipa::path(post, path = "/api/events/types/update", tag = "events",
    request_body(content((EventForm = "application/json"), (MultipartUpdate = "multipart/form-data")),
        description = "The type as the event form (only `title` required; `typeId` and `parentId` are ignored) with its `relations` (the companies and contracts a new event of the type is linked to), as JSON or multipart with it in `data` and its files in their parts as for an event."),
    responses((status = 200, body = Envelope<Uuid>, description = "the type's id"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "the type was saved by someone else since `version`"), (status = 422)))]
pub async fn update_event_type(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(upload) = form;
    let client_id = staff.client_id;
    let mut save = Save::begin(&state, &staff, &upload, &TARGET).await?;
    let current = stored_files(&mut save.tx, client_id, save.input.id).await?;
    let mut claimed = save.claim(current).await?;
    let files = claimed.files.map(|id| id.map(|id| id.to_string()));
    let mut content = form::content(&claimed.input, files);
    // A template's rows are copied into each event made from it; only an event's rows have ids.
    for product in &mut content.tickets.products {
        product.id = None;
    }
    let relations = relations_to_store(&claimed.input.relations);
    sqlx::query(
        "INSERT INTO event_types (id, client_id, title, data, relations, created_by, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) \
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, data = EXCLUDED.data, \
           relations = EXCLUDED.relations, updated_at = now(), updated_by = EXCLUDED.updated_by",
    )
    .bind(claimed.id)
    .bind(client_id)
    .bind(&content.title)
    .bind(Jsonb(&content))
    .bind(Jsonb(&relations))
    .bind(staff.user_id())
    .execute(&mut *claimed.tx)
    .await?;
    Ok(envelope::result(claimed.commit().await?))
}

#[utoipa::path(delete, path = "/api/events/types/{id}", tag = "events",
    params(("id" = String, Path, description = "the type's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack, description = "its events keep their form and lose their type"), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_event_type(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let deleted = sqlx::query("DELETE FROM event_types WHERE client_id = $1 AND id = $2")
        .bind(client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    let files: Vec<Uuid> = sqlx::query_scalar(
        "SELECT id FROM files WHERE client_id = $1 AND relation_type = 'event_type' AND relation_id = $2",
    )
    .bind(client_id)
    .bind(id.to_string())
    .fetch_all(&mut *tx)
    .await?;
    remove(&mut tx, &state.storage, client_id, &files).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
