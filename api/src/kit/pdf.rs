//! What the PDF documents of several areas share (contracts, invoices): answering a PDF, and
//! reading a stored image the renderer can print.

use actix_web::http::header;
use actix_web::HttpResponse;
use tribune_pdf::Image;

use crate::storage::{sniff, Storage};

/// A PDF answered inline under `name`.
pub fn pdf_response(name: &str, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            header::CONTENT_DISPOSITION,
            crate::export::disposition("inline", name),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(bytes)
}

/// An image kept in storage, when it is one `tribune_pdf` can print (PNG or JPEG); anything
/// else is left out rather than failing the document.
pub async fn stored_image(storage: &Storage, key: Option<String>) -> Option<Image> {
    let bytes = storage.get(&key?).await.ok()?;
    matches!(sniff(&bytes).as_deref(), Some("image/png" | "image/jpeg")).then_some(Image { bytes })
}

/// A public image path (`/public/images/clients/…`, as club settings and logos hold them) as its
/// storage key.
pub fn public_image_key(path: Option<&str>) -> Option<String> {
    path?
        .trim()
        .strip_prefix("/public/images/")
        .map(|rest| format!("images/{rest}"))
}

/// "8000 Aarhus C", or None when both are blank.
pub fn zip_city(zip: &Option<String>, city: &Option<String>) -> Option<String> {
    let text = format!(
        "{} {}",
        zip.as_deref().unwrap_or(""),
        city.as_deref().unwrap_or("")
    );
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// The text trimmed, or None when blank.
pub fn some_text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}
