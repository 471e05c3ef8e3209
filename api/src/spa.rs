//! The built webapp: files from `webapp/dist`, and `index.html` for every other GET so the
//! client-side router can answer (its 404 page included). While Stripe is the stand-in,
//! `index.html` loads the fake `Stripe()` before the app bundle (`/stand-ins/stripe.js`), so
//! `loadStripe` finds it instead of reaching for js.stripe.com.
//!
//! Caching: the hashed `/assets/*` never change under their name, so a browser keeps them a year
//! without asking again; a missing one is a 404 (an old page asking for a chunk of a former build
//! must not get `index.html` as JavaScript). `index.html` is asked for again each time (it names
//! the current build's assets). The themes (`/themes/*`, swapped at run time for dark mode) keep
//! their names across builds, so they are kept an hour and then checked again (ETag); the other
//! unhashed files (`/theme-init.js`, the icon, the stand-ins) are checked each time.

use std::path::{Path, PathBuf};

use actix_files::Files;
use actix_web::dev::{fn_service, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

/// The hashed build output: a name is one content forever.
pub const ASSETS_CACHE: &str = "public, max-age=31536000, immutable";
/// The themes' files keep their names from build to build.
pub const THEMES_CACHE: &str = "public, max-age=3600";
/// Everything else: use a stored copy only after asking whether it is still current.
pub const NO_CACHE: &str = "no-cache";

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

async fn not_found(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    let response = HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .body("Filen findes ikke.");
    Ok(ServiceResponse::new(req, response))
}

/// The files of `dir` under `prefix`, found ones with `cache` as their `Cache-Control`, missing
/// ones a 404.
fn static_files(
    prefix: &str,
    dir: &Path,
    cache: &'static str,
) -> actix_web::Scope<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    web::scope(prefix)
        .wrap_fn(move |req, srv| {
            let answer = srv.call(req);
            async move {
                let mut response = answer.await?;
                if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
                    response
                        .headers_mut()
                        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
                }
                Ok(response)
            }
        })
        .service(Files::new("", dir).default_handler(fn_service(not_found)))
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
    .service(static_files("/assets", &dir.join("assets"), ASSETS_CACHE))
    .service(static_files("/themes", &dir.join("themes"), THEMES_CACHE))
    .service(
        web::scope("")
            .wrap_fn(|req, srv| {
                let answer = srv.call(req);
                async move {
                    let mut response = answer.await?;
                    // index.html (every client-side route) says its own.
                    if !response.headers().contains_key(header::CACHE_CONTROL) {
                        response
                            .headers_mut()
                            .insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_CACHE));
                    }
                    Ok(response)
                }
            })
            .service(Files::new("/", dir).default_handler(fn_service(
                move |req: ServiceRequest| {
                    let index = index.clone();
                    async move {
                        let (req, _) = req.into_parts();
                        let response = index_response(&index, fake_stripe).await;
                        Ok(ServiceResponse::new(req, response))
                    }
                },
            ))),
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
