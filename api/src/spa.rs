//! The built webapp: files from `webapp/dist`, and `index.html` for every other GET so the
//! client-side router can answer (its 404 page included). While Stripe is the stand-in,
//! `index.html` loads the fake `Stripe()` before the app bundle (`/stand-ins/stripe.js`), so
//! `loadStripe` finds it instead of reaching for js.stripe.com.

use std::path::{Path, PathBuf};

use actix_files::Files;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::{web, HttpResponse};

const FAKE_STRIPE_TAG: &str = "<script src=\"/stand-ins/stripe.js\"></script>";

/// `html` with the fake Stripe() script before its first script.
fn with_fake_stripe(html: &str) -> String {
    match html.find("<script") {
        Some(at) => format!("{}{FAKE_STRIPE_TAG}\n    {}", &html[..at], &html[at..]),
        None => html.replacen("</head>", &format!("{FAKE_STRIPE_TAG}</head>"), 1),
    }
}

async fn index_response(index: &Path, fake_stripe: bool) -> HttpResponse {
    match tokio::fs::read_to_string(index).await {
        Ok(html) => HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .body(if fake_stripe {
                with_fake_stripe(&html)
            } else {
                html
            }),
        Err(_) => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("Webappen er ikke bygget (kør ops/run)."),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig, dir: &Path, fake_stripe: bool) {
    let index: PathBuf = dir.join("index.html");
    let root = index.clone();
    cfg.route(
        "/",
        web::get().to(move || {
            let root = root.clone();
            async move { index_response(&root, fake_stripe).await }
        }),
    )
    .service(
        Files::new("/", dir).default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let response = index_response(&index, fake_stripe).await;
                Ok(ServiceResponse::new(req, response))
            }
        })),
    );
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn the_fake_stripe_comes_before_the_app_bundle() {
        let html = "<html><head><title>T</title>\n    <script type=\"module\" src=\"/assets/app.js\"></script></head></html>";
        let injected = with_fake_stripe(html);
        let fake = injected.find(FAKE_STRIPE_TAG).unwrap();
        let app = injected.find("/assets/app.js").unwrap();
        assert!(fake < app);
        assert_eq!(injected.matches("<script").count(), 2);
    }
}
