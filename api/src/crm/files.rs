//! The files grid (spec 1 §2 Files grid). The stored files themselves (bytes in `Storage`, a
//! `files` row saying whose they are) are `kit::files`, shared with logos, pictures and comments.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use tribune_projections::db::club_tx;

use crate::crm::entities;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::identity::acl::Action;
use crate::kit::club::found_in_club;
use crate::kit::files::{by_ids, remove, store, FileRow};
use crate::kit::ids::parse_id;
use crate::kit::input::Submitted;
use crate::kit::openapi::MultipartUpdate;
use crate::session::Staff;
use crate::state::AppState;
use crate::storage::UploadedFile;

/// A stored file as the files grid lists it (`kit::files::FileRow`).
#[derive(Debug, serde::Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredFile {
    pub id: uuid::Uuid,
    pub file_name: String,
    pub content_type: String,
    /// Bytes.
    #[ts(type = "number")]
    pub size: i64,
    /// Its download address.
    pub file_path: String,
    pub is_image: bool,
}

impl From<FileRow> for StoredFile {
    fn from(row: FileRow) -> StoredFile {
        let row = row.with_links();
        StoredFile {
            id: row.id,
            file_name: row.file_name,
            content_type: row.content_type,
            size: row.size,
            file_path: row.file_path,
            is_image: row.is_image,
        }
    }
}

/// The entity kinds the files grid serves.
const GRID_KINDS: &[&str] = &["company", "contact", "contract", "subscription"];

/// The modules whose entities have a files grid: who may upload to at least one of them.
pub const GRID_MODULES: &[&str] = &["companies", "contacts", "orders"];

#[utoipa::path(get, path = "/api/files/{id}", tag = "files", params(("id" = String, Path, description = "the company's or contact's id")),
    responses((status = 200, description = "oldest first", body = Envelope<Vec<StoredFile>>), (status = 401), (status = 403), (status = 404)))]
pub async fn list_files(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let relation_id = parse_id(&path)?.to_string();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<FileRow> = sqlx::query_as(
        "SELECT id, file_name, storage_key, content_type, size FROM files \
         WHERE client_id = $1 AND relation_id = $2 AND relation_type <> 'comment' ORDER BY created_at",
    )
    .bind(staff.client_id)
    .bind(&relation_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(
        rows.into_iter().map(StoredFile::from).collect::<Vec<_>>(),
    ))
}

#[utoipa::path(post, path = "/api/files/upload", tag = "files",
    request_body(content = MultipartUpdate, content_type = "multipart/form-data", description = "Text fields `relationType` (company or contact) and `relationId`; the files as `files`."),
    responses((status = 200, description = "the stored files", body = Envelope<Vec<StoredFile>>), (status = 401), (status = 403), (status = 404), (status = 413), (status = 422)))]
pub async fn upload_files(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let relation_type = form.text("relationType").unwrap_or_default().to_string();
    let kind = entities::kind(&relation_type)
        .filter(|kind| GRID_KINDS.contains(&kind.name))
        .ok_or_else(|| ApiError::field("relationType", "Ukendt relationstype"))?;
    // The route admits whoever may manage one of the grid's modules; the body names which.
    staff.authorize(&state, kind.module, Action::Manage).await?;
    let relation_id = parse_id(form.text("relationId").unwrap_or_default())?;
    let files: Vec<&UploadedFile> = form.files_named("files").collect();
    if files.is_empty() {
        return Err(ApiError::field("files", "Vælg mindst én fil"));
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    found_in_club(&mut tx, kind.table, staff.client_id, relation_id).await?;
    let mut saved = Vec::new();
    for file in files {
        saved.push(
            store(
                &mut tx,
                &state.storage,
                staff.client_id,
                &relation_type,
                &relation_id.to_string(),
                file,
                staff.user_id(),
            )
            .await?,
        );
    }
    tx.commit().await?;
    Ok(envelope::result(
        saved.into_iter().map(StoredFile::from).collect::<Vec<_>>(),
    ))
}

#[utoipa::path(get, path = "/api/files/download/{id}", tag = "files", params(("id" = String, Path, description = "the file's id")), responses((status = 200, description = "the file's bytes, as its own media type", content_type = "application/octet-stream", body = Vec<u8>), (status = 401), (status = 403), (status = 404)))]
pub async fn download_file(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row = by_ids(&mut tx, staff.client_id, &[id])
        .await?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    let bytes = state.storage.get(&row.storage_key).await?;
    let inline = row.is_image || row.content_type == "application/pdf";
    let disposition = format!(
        "{}; filename*=UTF-8''{}",
        if inline { "inline" } else { "attachment" },
        percent_encode(&row.file_name)
    );
    Ok(HttpResponse::Ok()
        .content_type(row.content_type.clone())
        .insert_header((header::CONTENT_DISPOSITION, disposition))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"))
        .body(bytes))
}

fn percent_encode(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[utoipa::path(delete, path = "/api/files/{id}", tag = "files", params(("id" = String, Path, description = "the file's id")), responses((status = 200, body = Ack), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_file(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    // The route's rule has checked the module of the file's owner.
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    remove(&mut tx, &state.storage, staff.client_id, &[id]).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
