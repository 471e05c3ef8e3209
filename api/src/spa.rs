//! The built webapp: files from `webapp/dist`, and `index.html` for every other GET so the
//! client-side router can answer (its 404 page included).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::HttpResponse;

pub fn service(dir: &Path) -> Files {
    let index: PathBuf = dir.join("index.html");
    Files::new("/", dir)
        .index_file("index.html")
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let response = match NamedFile::open_async(&index).await {
                    Ok(file) => file
                        .use_etag(false)
                        .use_last_modified(false)
                        .into_response(&req),
                    Err(_) => HttpResponse::ServiceUnavailable()
                        .content_type("text/plain; charset=utf-8")
                        .body("Webappen er ikke bygget (kør ops/run)."),
                };
                Ok(ServiceResponse::new(req, response))
            }
        }))
}
