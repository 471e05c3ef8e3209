//! The built webapp as the server sends it: hashed assets cached for a year, `index.html` and the
//! other unhashed files revalidated, a missing asset a 404, and text compressed with brotli or
//! gzip (files that are packed already go as they are).

use std::path::PathBuf;

use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE};
use reqwest::{Response, StatusCode};

use crate::helpers::{spawn_app_with, AppOptions, TestApp};

const SCRIPT: &str = "export function greet(name) { return 'Hej ' + name; }\n";

/// A built webapp in a temporary directory: index.html, a hashed script and a PDF among the
/// assets, a theme and an icon.
fn webapp() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tribune-webapp-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("themes/lara-light-blue")).unwrap();
    let html = format!(
        "<!doctype html><html><head><title>Tribune</title>{}</head><body><div id=\"root\"></div>\
         <script type=\"module\" src=\"/assets/index-AbC123.js\"></script></body></html>",
        "<meta name=\"description\" content=\"Tribune\">".repeat(20)
    );
    std::fs::write(dir.join("index.html"), html).unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js"), SCRIPT.repeat(200)).unwrap();
    std::fs::write(
        dir.join("assets/logo-Xy9.svg"),
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\">{}</svg>",
            "<g/>".repeat(200)
        ),
    )
    .unwrap();
    std::fs::write(dir.join("assets/terms-Q1.pdf"), b"%PDF-1.7\n".repeat(200)).unwrap();
    std::fs::write(
        dir.join("themes/lara-light-blue/theme.css"),
        ":root { --primary-color: #1d4ed8; }\n".repeat(100),
    )
    .unwrap();
    std::fs::write(
        dir.join("theme-init.js"),
        "document.documentElement.dataset.t = 1;\n",
    )
    .unwrap();
    dir
}

async fn app() -> TestApp {
    spawn_app_with(AppOptions {
        webapp_dir: Some(webapp()),
        ..AppOptions::default()
    })
    .await
}

async fn get(app: &TestApp, path: &str, accept_encoding: Option<&str>) -> Response {
    let mut request = app.browser().client.get(format!("{}{path}", app.address));
    if let Some(accepted) = accept_encoding {
        request = request.header(ACCEPT_ENCODING, accepted);
    }
    request.send().await.unwrap()
}

fn header(response: &Response, name: reqwest::header::HeaderName) -> Option<&str> {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap())
}

#[tokio::test]
async fn hashed_assets_are_kept_a_year_and_the_pages_are_asked_for_again() {
    let app = app().await;

    let script = get(&app, "/assets/index-AbC123.js", None).await;
    assert_eq!(script.status(), StatusCode::OK);
    assert_eq!(
        header(&script, CACHE_CONTROL),
        Some("public, max-age=31536000, immutable")
    );

    for page in ["/", "/events/sommerfest", "/shop"] {
        let html = get(&app, page, None).await;
        assert_eq!(html.status(), StatusCode::OK, "{page}");
        assert_eq!(header(&html, CACHE_CONTROL), Some("no-cache"), "{page}");
        assert!(html.text().await.unwrap().contains("index-AbC123.js"));
    }

    let theme = get(&app, "/themes/lara-light-blue/theme.css", None).await;
    assert_eq!(theme.status(), StatusCode::OK);
    assert_eq!(header(&theme, CACHE_CONTROL), Some("public, max-age=3600"));

    let unhashed = get(&app, "/theme-init.js", None).await;
    assert_eq!(unhashed.status(), StatusCode::OK);
    assert_eq!(header(&unhashed, CACHE_CONTROL), Some("no-cache"));
}

#[tokio::test]
async fn a_missing_asset_is_a_404_and_not_the_page() {
    let app = app().await;

    for path in [
        "/assets/index-OldBuild.js",
        "/themes/lara-light-blue/gone.css",
    ] {
        let missing = get(&app, path, None).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(header(&missing, CACHE_CONTROL), None, "{path}");
        assert!(!missing.text().await.unwrap().contains("<html"), "{path}");
    }
}

#[tokio::test]
async fn text_is_sent_with_brotli_or_gzip_as_the_client_prefers() {
    let app = app().await;

    for path in [
        "/",
        "/assets/index-AbC123.js",
        "/assets/logo-Xy9.svg",
        "/themes/lara-light-blue/theme.css",
        "/healthz",
    ] {
        let brotli = get(&app, path, Some("gzip, deflate, br")).await;
        assert_eq!(brotli.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&brotli, CONTENT_ENCODING), Some("br"), "{path}");
        assert!(header(&brotli, reqwest::header::VARY)
            .is_some_and(|vary| vary.to_ascii_lowercase().contains("accept-encoding")));

        let gzip = get(&app, path, Some("gzip")).await;
        assert_eq!(header(&gzip, CONTENT_ENCODING), Some("gzip"), "{path}");
        assert_eq!(gzip.bytes().await.unwrap()[..2], [0x1f, 0x8b], "{path}");
    }

    let script = get(&app, "/assets/index-AbC123.js", Some("br")).await;
    let sent = script.bytes().await.unwrap().len();
    assert!(sent * 10 < SCRIPT.len() * 200, "{sent} bytes");
}

#[tokio::test]
async fn packed_files_and_clients_without_a_shared_encoding_get_the_plain_file() {
    let app = app().await;

    let pdf = get(&app, "/assets/terms-Q1.pdf", Some("gzip, br")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(header(&pdf, CONTENT_TYPE), Some("application/pdf"));
    assert_eq!(header(&pdf, CONTENT_ENCODING), None);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));

    for accepted in [
        None,
        Some("identity"),
        Some("zstd;q=1, identity;q=0, *;q=0"),
    ] {
        let script = get(&app, "/assets/index-AbC123.js", accepted).await;
        assert_eq!(script.status(), StatusCode::OK, "{accepted:?}");
        assert_eq!(header(&script, CONTENT_ENCODING), None, "{accepted:?}");
        assert_eq!(script.text().await.unwrap(), SCRIPT.repeat(200));
    }
}

#[tokio::test]
async fn an_asset_the_build_precompressed_is_sent_as_its_twin() {
    let dir = webapp();
    let script = SCRIPT.repeat(50);
    std::fs::write(dir.join("assets/app-Pre1.js"), &script).unwrap();
    // Not real brotli and gzip: what the build wrote is sent byte for byte, not compressed again.
    std::fs::write(dir.join("assets/app-Pre1.js.br"), b"brotli twin").unwrap();
    std::fs::write(dir.join("assets/app-Pre1.js.gz"), b"gzip twin").unwrap();
    let app = spawn_app_with(AppOptions {
        webapp_dir: Some(dir),
        ..AppOptions::default()
    })
    .await;

    for (accepted, encoding, body) in [
        ("gzip, deflate, br", "br", &b"brotli twin"[..]),
        ("gzip", "gzip", &b"gzip twin"[..]),
        ("br;q=0.2, gzip;q=0.9", "gzip", &b"gzip twin"[..]),
    ] {
        let sent = get(&app, "/assets/app-Pre1.js", Some(accepted)).await;
        assert_eq!(sent.status(), StatusCode::OK, "{accepted}");
        assert_eq!(
            header(&sent, CONTENT_ENCODING),
            Some(encoding),
            "{accepted}"
        );
        assert!(
            header(&sent, CONTENT_TYPE).is_some_and(|kind| kind.contains("javascript")),
            "{accepted}"
        );
        assert_eq!(
            header(&sent, CACHE_CONTROL),
            Some("public, max-age=31536000, immutable")
        );
        assert!(header(&sent, reqwest::header::VARY)
            .is_some_and(|vary| vary.to_ascii_lowercase().contains("accept-encoding")));
        assert_eq!(sent.bytes().await.unwrap(), body, "{accepted}");
    }

    let plain = get(&app, "/assets/app-Pre1.js", Some("identity")).await;
    assert_eq!(header(&plain, CONTENT_ENCODING), None);
    assert_eq!(plain.text().await.unwrap(), script);

    // A name that is not one of the build's stays a 404, whatever its twins.
    for path in [
        "/assets/..%2Findex.html",
        "/assets/.hidden.js",
        "/assets/app-Pre1.js/x",
    ] {
        let refused = get(&app, path, Some("br")).await;
        assert_eq!(refused.status(), StatusCode::NOT_FOUND, "{path}");
    }
}
