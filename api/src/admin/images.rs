//! Pictures that are not a club's files: user pictures, club logos and contract images. They are
//! shown on public pages too (the header's logo, a comment author's picture), so they are served
//! without a session, from a key that cannot be guessed.

use actix_web::{web, HttpResponse};
use uuid::Uuid;

use crate::error::ApiError;
use crate::state::AppState;
use crate::storage::{sniff, Storage, UploadedFile, IMAGE_TYPES};

const PREFIX: &str = "/public/images/";
const KINDS: [&str; 2] = ["users", "clients"];

/// Stores an image of `owner` and returns the address it is served at.
pub async fn store(
    storage: &Storage,
    kind: &str,
    owner: Uuid,
    file: &UploadedFile,
) -> Result<String, ApiError> {
    let key = format!("images/{kind}/{owner}/{}", Uuid::new_v4());
    storage.put(&key, file.bytes.clone()).await?;
    Ok(format!("{PREFIX}{}", key.trim_start_matches("images/")))
}

/// Removes an image stored by `store`; other addresses (seeded or external) are left alone.
pub async fn remove(storage: &Storage, url: Option<&str>) -> Result<(), ApiError> {
    if let Some(rest) = url.and_then(|u| u.strip_prefix(PREFIX)) {
        storage.delete(&format!("images/{rest}")).await?;
    }
    Ok(())
}

#[utoipa::path(get, path = "/public/images/{kind}/{owner}/{id}", tag = "public", responses((status = 200, content_type = "image/*", body = Vec<u8>, description = "the image"), (status = 404)))]
pub async fn get_image(
    path: web::Path<(String, Uuid, Uuid)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (kind, owner, id) = path.into_inner();
    if !KINDS.contains(&kind.as_str()) {
        return Err(ApiError::NotFound);
    }
    let bytes = state
        .storage
        .get(&format!("images/{kind}/{owner}/{id}"))
        .await?;
    let content_type = sniff(&bytes)
        .filter(|t| IMAGE_TYPES.contains(&t.as_str()))
        .ok_or(ApiError::NotFound)?;
    Ok(crate::kit::files::image_response(&content_type, bytes))
}
