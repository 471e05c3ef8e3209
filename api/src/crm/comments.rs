//! The comments card (spec 1 §2 Comments card, §3 Comment, §7 Comments): threaded comments on any
//! entity, sanitized HTML, image and file attachments, unread marks per user.

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::crm::entities;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::kit::files;
use crate::kit::html::{sanitize, visible_text};
use crate::kit::ids::parse_id;
use crate::kit::input::Submitted;
use crate::kit::openapi::MultipartUpdate;
use crate::session::Staff;
use crate::state::AppState;
use crate::storage::UploadedFile;

pub const PAGE_SIZE: i64 = 10;

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Author {
    firstname: String,
    lastname: String,
    picture: Option<String>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct FileLink {
    name: String,
    url: String,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    id: Uuid,
    text: String,
    author: Author,
    author_id: Option<Uuid>,
    create_date: DateTime<Utc>,
    unread: bool,
    images: Vec<String>,
    files: Vec<FileLink>,
    /// The answers to it, oldest first, at any depth.
    #[schema(no_recursion)]
    replies: Vec<Comment>,
    /// What it was written on, e.g. 'Virksomhed: Byg A/S'.
    origin: Option<String>,
    origin_url: Option<String>,
}

/// One page of an entity's comments (GET /api/comments/{id}).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentsPage {
    pub success: bool,
    /// Newest first, threaded; `PAGE_SIZE` top comments from `skip`.
    pub comments: Vec<Comment>,
    /// Top comments in all.
    #[ts(type = "number")]
    pub total_comments: i64,
    /// Comments (replies too) the staff member has not read.
    #[ts(type = "number")]
    pub unread: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct CommentRow {
    id: Uuid,
    parent_id: Option<Uuid>,
    text: String,
    author_id: Option<Uuid>,
    firstname: Option<String>,
    lastname: Option<String>,
    picture: Option<String>,
    created_at: DateTime<Utc>,
    unread: bool,
    images: Vec<Uuid>,
    attachments: Vec<Uuid>,
    origin_pattern: Option<String>,
    origin_url: Option<String>,
}

const COMMENT_COLUMNS: &str = "c.id, c.parent_id, c.text, c.author_id, u.firstname, u.lastname, u.picture, c.created_at, \
     (c.author_id IS DISTINCT FROM $2 AND NOT EXISTS (SELECT 1 FROM comment_reads r WHERE r.comment_id = c.id AND r.user_id = $2)) AS unread, \
     c.images, c.attachments, c.origin_pattern, c.origin_url";

async fn to_comments(
    conn: &mut PgConnection,
    client_id: Uuid,
    rows: Vec<CommentRow>,
) -> Result<Vec<Comment>, ApiError> {
    let file_ids: Vec<Uuid> = rows
        .iter()
        .flat_map(|r| r.images.iter().chain(r.attachments.iter()).copied())
        .collect();
    let stored: HashMap<Uuid, files::FileRow> = files::by_ids(conn, client_id, &file_ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    Ok(rows
        .into_iter()
        .map(|r| Comment {
            id: r.id,
            text: r.text,
            author: Author {
                firstname: r.firstname.unwrap_or_default(),
                lastname: r.lastname.unwrap_or_default(),
                picture: r.picture,
            },
            author_id: r.author_id,
            create_date: r.created_at,
            unread: r.unread,
            images: r
                .images
                .iter()
                .filter_map(|id| stored.get(id))
                .map(|f| f.file_path.clone())
                .collect(),
            files: r
                .attachments
                .iter()
                .filter_map(|id| stored.get(id))
                .map(|f| FileLink {
                    name: f.file_name.clone(),
                    url: f.file_path.clone(),
                })
                .collect(),
            replies: Vec::new(),
            origin: r.origin_pattern,
            origin_url: r.origin_url,
        })
        .collect())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentsQuery {
    skip: Option<i64>,
    relations: Option<String>,
}

fn relation_ids(id: &str, relations: Option<&str>) -> Result<Vec<String>, ApiError> {
    let mut ids = vec![parse_id(id)?.to_string()];
    for raw in relations
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        ids.push(parse_id(raw)?.to_string());
    }
    ids.sort();
    ids.dedup();
    Ok(ids)
}

#[utoipa::path(get, path = "/api/comments/{id}", tag = "comments", params(("id" = String, Path, description = "the company's, contact's or order's id")), params(CommentsQuery),
    responses((status = 200, body = CommentsPage), (status = 401), (status = 403), (status = 404)))]
pub async fn list_comments(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<CommentsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let relations = relation_ids(&path, query.relations.as_deref())?;
    let skip = query.skip.unwrap_or(0).max(0);
    let user = staff.user_id();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let top: Vec<CommentRow> = sqlx::query_as(&format!(
        "SELECT {COMMENT_COLUMNS} FROM comments c LEFT JOIN users u ON u.id = c.author_id \
         WHERE c.client_id = $1 AND c.relations && $3 AND c.parent_id IS NULL ORDER BY c.created_at DESC, c.id OFFSET $4 LIMIT $5"
    ))
    .bind(staff.client_id)
    .bind(user)
    .bind(&relations)
    .bind(skip)
    .bind(PAGE_SIZE)
    .fetch_all(&mut *tx)
    .await?;
    let top_ids: Vec<Uuid> = top.iter().map(|c| c.id).collect();
    let replies: Vec<CommentRow> = sqlx::query_as(&format!(
        "WITH RECURSIVE thread AS ( \
           SELECT id FROM comments WHERE parent_id = ANY($3) \
           UNION ALL SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id) \
         SELECT {COMMENT_COLUMNS} FROM comments c LEFT JOIN users u ON u.id = c.author_id \
         WHERE c.client_id = $1 AND c.id IN (SELECT id FROM thread) ORDER BY c.created_at, c.id"
    ))
    .bind(staff.client_id)
    .bind(user)
    .bind(&top_ids)
    .fetch_all(&mut *tx)
    .await?;
    let (total, unread): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE parent_id IS NULL), \
                count(*) FILTER (WHERE author_id IS DISTINCT FROM $2 AND NOT EXISTS \
                  (SELECT 1 FROM comment_reads r WHERE r.comment_id = comments.id AND r.user_id = $2)) \
         FROM comments WHERE client_id = $1 AND relations && $3",
    )
    .bind(staff.client_id)
    .bind(user)
    .bind(&relations)
    .fetch_one(&mut *tx)
    .await?;
    let parents: HashMap<Uuid, Option<Uuid>> =
        replies.iter().map(|r| (r.id, r.parent_id)).collect();
    let mut top = to_comments(&mut tx, staff.client_id, top).await?;
    let replies = to_comments(&mut tx, staff.client_id, replies).await?;
    tx.commit().await?;
    let tree = nest(&mut top, replies, &parents);
    Ok(HttpResponse::Ok().json(CommentsPage {
        success: true,
        comments: tree,
        total_comments: total,
        unread,
    }))
}

/// Hangs each reply under its parent, at any depth (the card shows one indented level).
fn nest(
    top: &mut Vec<Comment>,
    replies: Vec<Comment>,
    parents: &HashMap<Uuid, Option<Uuid>>,
) -> Vec<Comment> {
    fn attach(nodes: &mut [Comment], reply: &Comment, parent: Uuid) -> bool {
        for node in nodes.iter_mut() {
            if node.id == parent {
                node.replies.push(reply.clone());
                return true;
            }
            if attach(&mut node.replies, reply, parent) {
                return true;
            }
        }
        false
    }
    for reply in replies {
        if let Some(Some(parent)) = parents.get(&reply.id) {
            attach(top, &reply, *parent);
        }
    }
    std::mem::take(top)
}

#[utoipa::path(post, path = "/api/comments/{id}", tag = "comments", params(("id" = String, Path, description = "the company's, contact's or order's id")),
    request_body(content = MultipartUpdate, content_type = "multipart/form-data", description = "Multipart (or JSON) text fields `text` (rich text), `originType` (company, contact or order), `parentId`, `relations`; images as `picturesFiles`, files as `filesFiles`."),
    responses((status = 200, description = "the new comment", body = Envelope<Option<Comment>>), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn add_comment(
    staff: Staff,
    path: web::Path<String>,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let id = parse_id(&path)?;
    let origin_type = form.text("originType").unwrap_or("company").to_string();
    // The route's rule has checked the module of the entity `{id}` names; the origin must be
    // that entity's kind, or the entity is not found below.
    let table = entities::kind(&origin_type)
        .ok_or_else(|| ApiError::field("originType", "Ukendt oprindelse"))?
        .table;
    let relations = relation_ids(&path, form.text("relations"))?;
    let text = sanitize(form.text("text").unwrap_or_default());
    let images: Vec<&UploadedFile> = form.files_named("picturesFiles").collect();
    let attachments: Vec<&UploadedFile> = form.files_named("filesFiles").collect();
    if images.iter().any(|f| !f.is_image()) {
        return Err(ApiError::field(
            "picturesFiles",
            "Billeder skal være billeder",
        ));
    }
    if visible_text(&text).is_empty() && images.is_empty() && attachments.is_empty() {
        return Err(ApiError::field("text", "Kommentar skal udfyldes"));
    }
    if text.chars().count() > 100_000 {
        return Err(ApiError::field("text", "Kommentaren er for lang"));
    }

    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let label: Option<String> = match table {
        "order_rows" => {
            tribune_projections::order::queries::order_label(&mut tx, staff.client_id, id).await?
        }
        "contract_rows" => {
            tribune_projections::contract::queries::contract_label(&mut tx, staff.client_id, id)
                .await?
        }
        _ => {
            sqlx::query_scalar(&format!(
                "SELECT {} FROM {table} WHERE client_id = $1 AND id = $2",
                match table {
                    "companies" => "'Virksomhed: ' || name",
                    "subscription_rows" => "'Abonnement #' || number",
                    "club_events" => "'Arrangement: ' || title",
                    _ => "'Kontakt: ' || firstname || ' ' || lastname",
                }
            ))
            .bind(staff.client_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
        }
    };
    let label = label.ok_or(ApiError::NotFound)?;
    let parent_id = match form
        .text("parentId")
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "null")
    {
        Some(raw) => {
            let parent = parse_id(raw)?;
            let exists: bool = sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM comments WHERE client_id = $1 AND id = $2)",
            )
            .bind(staff.client_id)
            .bind(parent)
            .fetch_one(&mut *tx)
            .await?;
            if !exists {
                return Err(ApiError::NotFound);
            }
            Some(parent)
        }
        None => None,
    };
    let origin_url = form
        .text("originUrl")
        .filter(|u| u.starts_with('/') && !u.starts_with("//"))
        .map(str::to_string);
    let comment_id = Uuid::new_v4();
    let mut image_ids = Vec::new();
    for file in images {
        image_ids.push(
            files::store(
                &mut tx,
                &state.storage,
                staff.client_id,
                "comment",
                &comment_id.to_string(),
                file,
                staff.user_id(),
            )
            .await?
            .id,
        );
    }
    let mut attachment_ids = Vec::new();
    for file in attachments {
        attachment_ids.push(
            files::store(
                &mut tx,
                &state.storage,
                staff.client_id,
                "comment",
                &comment_id.to_string(),
                file,
                staff.user_id(),
            )
            .await?
            .id,
        );
    }
    sqlx::query(
        "INSERT INTO comments (id, client_id, parent_id, relations, author_id, text, images, attachments, origin_type, origin_id, \
           origin_url, origin_pattern) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(comment_id)
    .bind(staff.client_id)
    .bind(parent_id)
    .bind(&relations)
    .bind(staff.user_id())
    .bind(&text)
    .bind(&image_ids)
    .bind(&attachment_ids)
    .bind(&origin_type)
    .bind(id.to_string())
    .bind(&origin_url)
    .bind(&label)
    .execute(&mut *tx)
    .await?;
    let row: CommentRow = sqlx::query_as(&format!(
        "SELECT {COMMENT_COLUMNS} FROM comments c LEFT JOIN users u ON u.id = c.author_id WHERE c.client_id = $1 AND c.id = $3"
    ))
    .bind(staff.client_id)
    .bind(staff.user_id())
    .bind(comment_id)
    .fetch_one(&mut *tx)
    .await?;
    let comment = to_comments(&mut tx, staff.client_id, vec![row])
        .await?
        .pop();
    tx.commit().await?;
    Ok(envelope::result(comment))
}

#[utoipa::path(post, path = "/api/comments/{id}/read", tag = "comments", params(("id" = String, Path, description = "the comment's id")), responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404)))]
pub async fn read_comment(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let inserted = sqlx::query(
        "INSERT INTO comment_reads (comment_id, user_id, client_id) SELECT id, $3, client_id FROM comments \
         WHERE client_id = $1 AND id = $2 ON CONFLICT DO NOTHING",
    )
    .bind(staff.client_id)
    .bind(id)
    .bind(staff.user_id())
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        let exists: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM comments WHERE client_id = $1 AND id = $2)",
        )
        .bind(staff.client_id)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if !exists {
            return Err(ApiError::NotFound);
        }
    }
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(delete, path = "/api/comments/{id}", tag = "comments", params(("id" = String, Path, description = "the comment's id")), responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_comment(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let author: Option<Option<Uuid>> =
        sqlx::query_scalar("SELECT author_id FROM comments WHERE client_id = $1 AND id = $2")
            .bind(staff.client_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let author = author.ok_or(ApiError::NotFound)?;
    if author != Some(staff.user_id()) {
        return Err(ApiError::ForbiddenWith(
            "Kun forfatteren kan slette kommentaren".into(),
        ));
    }
    let file_ids: Vec<Uuid> = sqlx::query_scalar(
        "WITH RECURSIVE thread AS (SELECT id FROM comments WHERE id = $2 UNION ALL \
           SELECT c.id FROM comments c JOIN thread t ON c.parent_id = t.id) \
         SELECT unnest(images || attachments) FROM comments WHERE client_id = $1 AND id IN (SELECT id FROM thread)",
    )
    .bind(staff.client_id)
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM comments WHERE client_id = $1 AND id = $2")
        .bind(staff.client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    files::remove(&mut tx, &state.storage, staff.client_id, &file_ids).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_and_handlers_never_survive() {
        let clean = sanitize("<h1>Hej</h1><script>alert(1)</script><p onclick=\"x()\">tekst <a href=\"javascript:x()\">link</a></p><img src=x onerror=y>");
        assert!(
            !clean.contains("script")
                && !clean.contains("onclick")
                && !clean.contains("javascript")
                && !clean.contains("onerror")
        );
        assert!(clean.contains("<h1>Hej</h1>"));
    }

    #[test]
    fn an_empty_editor_has_no_visible_text() {
        assert_eq!(visible_text(&sanitize("<p><br></p>")), "");
        assert_eq!(visible_text(&sanitize("<p>hej</p>")), "hej");
    }
}
