//! Stored files: the bytes live in `Storage`; a `files` row says whose they are. Behind the files
//! grid, logos, product pictures and comment attachments alike.

use serde::Serialize;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::image_slot::{ImageSlot, SlotChange};
use crate::storage::{Storage, UploadedFile, IMAGE_TYPES};

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct FileRow {
    pub id: Uuid,
    pub file_name: String,
    #[serde(skip)]
    pub storage_key: String,
    pub content_type: String,
    pub size: i64,
    #[sqlx(skip)]
    pub file_path: String,
    #[sqlx(skip)]
    pub is_image: bool,
}

impl FileRow {
    pub fn with_links(mut self) -> FileRow {
        self.file_path = download_url(self.id);
        self.is_image = IMAGE_TYPES.contains(&self.content_type.as_str());
        self
    }
}

pub fn download_url(id: Uuid) -> String {
    format!("/api/files/download/{id}")
}

/// Stores the bytes and records who owns them, inside the caller's transaction.
pub async fn store(
    conn: &mut PgConnection,
    storage: &Storage,
    client_id: Uuid,
    relation_type: &str,
    relation_id: &str,
    file: &UploadedFile,
    created_by: Uuid,
) -> Result<FileRow, ApiError> {
    let id = Uuid::new_v4();
    let key = format!("{client_id}/{id}");
    storage.put(&key, file.bytes.clone()).await?;
    let row: FileRow = sqlx::query_as(
        "INSERT INTO files (id, client_id, relation_type, relation_id, file_name, storage_key, content_type, size, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, file_name, storage_key, content_type, size",
    )
    .bind(id)
    .bind(client_id)
    .bind(relation_type)
    .bind(relation_id)
    .bind(&file.file_name)
    .bind(&key)
    .bind(&file.content_type)
    .bind(file.bytes.len() as i64)
    .bind(created_by)
    .fetch_one(conn)
    .await?;
    Ok(row.with_links())
}

pub async fn by_ids(
    conn: &mut PgConnection,
    client_id: Uuid,
    ids: &[Uuid],
) -> Result<Vec<FileRow>, ApiError> {
    let rows: Vec<FileRow> = sqlx::query_as(
        "SELECT id, file_name, storage_key, content_type, size FROM files WHERE client_id = $1 AND id = ANY($2) ORDER BY created_at",
    )
    .bind(client_id)
    .bind(ids)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(FileRow::with_links).collect())
}

/// Whose a stored file is: its `relation_type` and `relation_id`; None when the club has no such
/// file.
pub async fn relation_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<(String, String)>, ApiError> {
    Ok(sqlx::query_as(
        "SELECT relation_type, relation_id FROM files WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// An image served to anyone (a public page's picture): the type it was stored as, never sniffed
/// by the browser, cached for a day.
pub fn image_response(content_type: &str, bytes: Vec<u8>) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type(content_type.to_string())
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header((
            actix_web::http::header::CACHE_CONTROL,
            "public, max-age=86400",
        ))
        .body(bytes)
}

/// A club's file served as a public picture, when the caller found it `shown` on a public page
/// and it is an image; not found otherwise.
pub async fn public_picture(
    conn: &mut PgConnection,
    storage: &Storage,
    client_id: Uuid,
    id: Uuid,
    shown: bool,
) -> Result<actix_web::HttpResponse, ApiError> {
    if !shown {
        return Err(ApiError::NotFound);
    }
    let file = by_ids(conn, client_id, &[id])
        .await?
        .into_iter()
        .next()
        .filter(|f| f.is_image)
        .ok_or(ApiError::NotFound)?;
    let bytes = storage.get(&file.storage_key).await?;
    Ok(image_response(&file.content_type, bytes))
}

/// Removes the rows and then the bytes (a leftover blob is harmless; a dangling row is not).
pub async fn remove(
    conn: &mut PgConnection,
    storage: &Storage,
    client_id: Uuid,
    ids: &[Uuid],
) -> Result<(), ApiError> {
    let keys: Vec<String> = sqlx::query_scalar(
        "DELETE FROM files WHERE client_id = $1 AND id = ANY($2) RETURNING storage_key",
    )
    .bind(client_id)
    .bind(ids)
    .fetch_all(conn)
    .await?;
    for key in keys {
        storage.delete(&key).await?;
    }
    Ok(())
}

/// An entity's image held as a stored file (a company's logos, a contact's picture, a product's
/// shop image): applies what the form asks of the slot, storing a new file as `relation_type` of
/// `owner`. The replaced file is in `obsolete`; `remove` it once the row points elsewhere.
#[allow(clippy::too_many_arguments)] // the file's owner as `store` needs it, plus the slot
pub async fn apply_slot(
    conn: &mut PgConnection,
    storage: &Storage,
    client_id: Uuid,
    relation_type: &str,
    owner: Uuid,
    created_by: Uuid,
    slot: ImageSlot<'_>,
    current: Option<Uuid>,
) -> Result<SlotChange<Uuid>, ApiError> {
    slot.apply(current, |file| async move {
        let owner = owner.to_string();
        let row = store(
            conn,
            storage,
            client_id,
            relation_type,
            &owner,
            file,
            created_by,
        )
        .await?;
        Ok(row.id)
    })
    .await
}
