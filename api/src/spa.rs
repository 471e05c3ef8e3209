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
//!
//! Compression: the build writes each hashed script, style sheet and SVG also as `.br` (brotli 11)
//! and `.gz` (gzip 9) beside it; an asset is sent as the best of these the browser accepts, so a
//! phone gets the smallest file the build could make rather than the fast, weaker compression of a
//! live answer (issue 36). Without a twin it goes as it is and the compression middleware decides.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};

/// The hashed build output: a name is one content forever.
pub const ASSETS_CACHE: &str = "public, max-age=31536000, immutable";
/// The themes' files keep their names from build to build.
pub const THEMES_CACHE: &str = "public, max-age=3600";
/// Everything else: use a stored copy only after asking whether it is still current.
pub const NO_CACHE: &str = "no-cache";

// `defer`: fetched beside the app without holding up the page; deferred scripts run in order,
// so it is there before the app (a module script, deferred too) runs.
const FAKE_STRIPE_TAG: &str = "<script defer src=\"/stand-ins/stripe.js\"></script>";

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

/// A file name the build gives an asset: one path segment of letters, digits, '.', '-' and '_',
/// not hidden (so never '..').
fn asset_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_'))
}

/// The file to send for the asset `name` of `dir` and its encoding: its brotli or gzip twin when
/// the build wrote one and the client accepts it (its best by q-value), else the file itself.
fn asset_file(
    dir: &Path,
    name: &str,
    accepted: Option<&AcceptEncoding>,
) -> (PathBuf, Option<ContentEncoding>) {
    let plain = dir.join(name);
    let twins = [
        (Encoding::brotli(), ContentEncoding::Brotli, "br"),
        (Encoding::gzip(), ContentEncoding::Gzip, "gz"),
    ]
    .map(|(encoding, content, extension)| {
        let path = dir.join(format!("{name}.{extension}"));
        (encoding, content, path)
    });
    let offered: Vec<Encoding> = twins
        .iter()
        .filter(|(_, _, path)| path.is_file())
        .map(|(encoding, _, _)| encoding.clone())
        .chain([Encoding::identity()])
        .collect();
    let chosen = accepted.and_then(|accepted| accepted.negotiate(offered.iter()));
    twins
        .into_iter()
        .find(|(encoding, _, _)| Some(encoding) == chosen.as_ref())
        .map_or((plain, None), |(_, content, path)| (path, Some(content)))
}

/// GET /assets/{name}: the hashed build output, precompressed where the build made it so.
async fn asset(
    req: HttpRequest,
    name: web::Path<String>,
    dir: web::Data<AssetsDir>,
) -> HttpResponse {
    let name = name.into_inner();
    if !asset_name(&name) || !dir.0.join(&name).is_file() {
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Filen findes ikke.");
    }
    let accepted = req.get_header::<AcceptEncoding>();
    let (path, encoding) = asset_file(&dir.0, &name, accepted.as_ref());
    let file = match NamedFile::open_async(&path).await {
        Ok(file) => file,
        Err(_) => {
            return HttpResponse::NotFound()
                .content_type("text/plain; charset=utf-8")
                .body("Filen findes ikke.")
        }
    };
    let extension = Path::new(&name)
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or_default();
    let mut file = file.set_content_type(actix_files::file_extension_to_mime(extension));
    if let Some(encoding) = encoding {
        file = file.set_content_encoding(encoding);
    }
    let mut response = file.into_response(&req);
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        let headers = response.headers_mut();
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(ASSETS_CACHE),
        );
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Where the hashed assets are.
struct AssetsDir(PathBuf);

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
    .service(
        web::scope("/assets")
            .app_data(web::Data::new(AssetsDir(dir.join("assets"))))
            .route("/{name}", web::get().to(asset))
            .default_service(fn_service(not_found)),
    )
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
    fn an_asset_name_is_one_plain_segment() {
        assert!(asset_name("index-Cqv-SWDj.js"));
        assert!(asset_name("inter-latin-wght-normal-Dx4kXJAl.woff2"));
        for name in ["", ".env", "..", "a/b.js", "a%2Fb", "..%2f", "x y.js"] {
            assert!(!asset_name(name), "{name}");
        }
    }

    #[test]
    fn an_asset_goes_as_the_best_twin_the_client_accepts() {
        let dir = tempfile::tempdir().unwrap();
        for file in [
            "app.js",
            "app.js.br",
            "app.js.gz",
            "only.css",
            "only.css.gz",
        ] {
            std::fs::write(dir.path().join(file), file).unwrap();
        }
        let accept = |value: &str| -> AcceptEncoding {
            actix_web::test::TestRequest::default()
                .insert_header((header::ACCEPT_ENCODING, value))
                .to_http_request()
                .get_header::<AcceptEncoding>()
                .unwrap()
        };
        let sent = |name: &str, value: Option<&str>| {
            let accepted = value.map(accept);
            let (path, encoding) = asset_file(dir.path(), name, accepted.as_ref());
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                encoding,
            )
        };
        assert_eq!(
            sent("app.js", Some("gzip, deflate, br")),
            ("app.js.br".into(), Some(ContentEncoding::Brotli))
        );
        assert_eq!(
            sent("app.js", Some("gzip")),
            ("app.js.gz".into(), Some(ContentEncoding::Gzip))
        );
        assert_eq!(
            sent("app.js", Some("br;q=0.5, gzip")),
            ("app.js.gz".into(), Some(ContentEncoding::Gzip))
        );
        assert_eq!(sent("app.js", Some("identity")), ("app.js".into(), None));
        assert_eq!(sent("app.js", None), ("app.js".into(), None));
        assert_eq!(
            sent("only.css", Some("br, gzip")),
            ("only.css.gz".into(), Some(ContentEncoding::Gzip))
        );
        assert_eq!(sent("only.css", Some("br")), ("only.css".into(), None));
    }

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
