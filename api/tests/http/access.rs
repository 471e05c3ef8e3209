//! Access is declared where a route is registered (`kit::routes`) and enforced before the
//! handler runs (issue 11 §4). These tests walk the whole route table, so a route registered
//! with the wrong access, or one whose check is skipped, fails here by name.

use reqwest::{Method, StatusCode};
use tribune_api::kit::routes::{Access, RouteInfo};

use crate::helpers::{spawn_app, Browser};

/// The path with every `{param}` filled in: a well-formed id that names nothing.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "6f1c1a52-4c1b-4b7e-9d1e-000000000000"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

async fn status_of(browser: &Browser, route: &RouteInfo) -> StatusCode {
    let method = Method::from_bytes(route.method.as_str().as_bytes()).expect("method");
    browser
        .client
        .request(method, browser.url(&concrete(&route.path)))
        .header("X-CSRF-Token", browser.csrf())
        .json(&serde_json::json!({}))
        .send()
        .await
        .expect("request")
        .status()
}

/// Every route of the table whose access matches `which`, with the status `expected` answers.
async fn refused(browser: &Browser, which: impl Fn(Access) -> bool, expected: StatusCode) {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for route in tribune_api::routes::table().table() {
        if !which(route.access) {
            continue;
        }
        checked += 1;
        let status = status_of(browser, &route).await;
        if status != expected {
            wrong.push(format!("{} {} → {status}", route.method, route.path));
        }
    }
    assert!(checked > 0, "no route matched");
    assert!(
        wrong.is_empty(),
        "expected {expected}:\n{}",
        wrong.join("\n")
    );
}

#[tokio::test]
async fn every_route_that_is_not_public_refuses_an_anonymous_caller_with_401() {
    let app = spawn_app().await;
    refused(
        &app.browser(),
        |access| access != Access::Public,
        StatusCode::UNAUTHORIZED,
    )
    .await;
}

#[tokio::test]
async fn every_staff_route_refuses_a_signed_in_customer_with_403() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    refused(
        &customer,
        |access| !matches!(access, Access::Public | Access::SignedIn),
        StatusCode::FORBIDDEN,
    )
    .await;
}

#[tokio::test]
async fn every_club_admin_and_system_admin_route_refuses_plain_staff_with_403() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    refused(
        &staff,
        |access| matches!(access, Access::ClubAdmin | Access::SystemAdmin),
        StatusCode::FORBIDDEN,
    )
    .await;
}

#[tokio::test]
async fn every_route_of_a_module_the_club_lacks_is_refused_with_403_even_for_its_admin() {
    let app = spawn_app().await;
    // Demo Håndbold has companies and contacts, not orders or products.
    let admin = app.admin_in_handbold().await;
    refused(
        &admin,
        |access| matches!(access, Access::Module("orders" | "products", _)),
        StatusCode::FORBIDDEN,
    )
    .await;
}
