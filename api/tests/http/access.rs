//! Access is declared where a route is registered (`kit::routes`) and enforced before the
//! handler runs (issue 11 §4). These tests walk the whole route table, so a route registered
//! with the wrong access, or one whose check is skipped, fails here by name.

use reqwest::StatusCode;
use serde_json::json;
use tribune_api::kit::routes::{Access, RouteInfo};

use crate::helpers::{
    save_client_user, seed_demo_contracts, spawn_app, Browser, TestApp, PASSWORD,
};

async fn status_of(browser: &Browser, route: &RouteInfo) -> StatusCode {
    browser.call_route(route).await.status()
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

/// A user of Demo FC whose role links no module rule: a club admin can make one (here with the
/// club's 'customer' role as a system user).
async fn a_club_user_without_module_rights(app: &TestApp) -> Browser {
    let admin = app.signed_in("admin@tribune.test").await;
    let (status, body) = save_client_user(
        &admin,
        json!({ "email": "ingen.moduler@tribune.test", "firstname": "Ingen", "lastname": "Moduler",
                "role": "customer", "password": PASSWORD, "emailConfirmed": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.signed_in("ingen.moduler@tribune.test").await
}

#[tokio::test]
async fn every_route_that_is_not_open_refuses_a_club_user_whose_role_grants_no_module_with_403() {
    let app = spawn_app().await;
    let nobody = a_club_user_without_module_rights(&app).await;
    refused(
        &nobody,
        |access| !matches!(access, Access::Public | Access::SignedIn),
        StatusCode::FORBIDDEN,
    )
    .await;
}

/// What the probe read as such a user, asked for by the real ids of the demo's data.
#[tokio::test]
async fn a_club_user_without_module_rights_reads_no_file_comment_staff_list_season_seat_history_or_signature(
) {
    let app = spawn_app().await;
    let _demo = seed_demo_contracts(&app).await;
    let nobody = a_club_user_without_module_rights(&app).await;
    let fc = app.club_id("Demo FC").await;
    let first = |sql: &'static str| {
        let pool = app.db.owner.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>(sql)
                .bind(fc)
                .fetch_one(&pool)
                .await
                .unwrap_or_else(|e| panic!("{sql}: {e}"))
        }
    };
    let signed_pdf =
        first("SELECT id FROM files WHERE client_id = $1 AND relation_type = 'contract' LIMIT 1")
            .await;
    let company =
        first("SELECT relation_id::uuid FROM files WHERE client_id = $1 AND relation_type = 'company' LIMIT 1")
            .await;
    let contract = first("SELECT id FROM contract_rows WHERE client_id = $1 LIMIT 1").await;
    let comment = first("SELECT id FROM comments WHERE client_id = $1 LIMIT 1").await;
    // The demo's CRM has no stadium: a well-formed id is refused before anything is looked up.
    let chart = "6f1c1a52-4c1b-4b7e-9d1e-000000000000";
    for path in [
        format!("/api/files/download/{signed_pdf}"),
        format!("/api/files/{company}"),
        format!("/api/comments/{company}"),
        format!("/api/history/contract/{contract}"),
        format!("/api/history/contract/{contract}/at/1"),
        format!("/api/history/contract/{contract}/export"),
        format!("/api/seats/charts/{chart}"),
        "/api/seats/charts".to_string(),
        format!("/api/seats/seasons/{chart}/tickets"),
        format!("/api/seats/events/{chart}"),
        "/api/app/users".to_string(),
        "/public/app/users".to_string(),
        "/api/qz/sign-message?request=anything".to_string(),
    ] {
        assert_eq!(
            nobody.get(&path).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    for (path, what) in [
        (format!("/api/comments/{comment}/read"), json!({})),
        (
            format!("/api/comments/{company}"),
            json!({ "text": "<p>Hej</p>", "originType": "company" }),
        ),
    ] {
        assert_eq!(
            nobody.post(&path, &what).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    assert_eq!(
        nobody.delete(&format!("/api/files/{signed_pdf}")).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM files WHERE id = '{signed_pdf}'"
        ))
        .await,
        1
    );
}

/// The module of a comment, a file or a history is the module of what it belongs to, found from
/// the id the path names: reading companies is not reading contracts.
#[tokio::test]
async fn a_role_that_reads_companies_reads_a_companys_comments_and_files_but_not_a_contracts() {
    let app = spawn_app().await;
    let _demo = seed_demo_contracts(&app).await;
    let reader = a_club_user_without_module_rights(&app).await;
    let fc = app.club_id("Demo FC").await;
    // The club links its 'customer' role to the companies module's read rule only.
    sqlx::query(
        "UPDATE client_modules cm SET role_acls = cm.role_acls || '[{\"ruleId\": \"read\", \"role\": \"customer\"}]'::jsonb \
         FROM modules m WHERE m.id = cm.module_id AND cm.client_id = $1 AND m.alias = 'companies'",
    )
    .bind(fc)
    .execute(&app.db.owner)
    .await
    .expect("link");
    let company: uuid::Uuid = sqlx::query_scalar(
        "SELECT relation_id::uuid FROM files WHERE client_id = $1 AND relation_type = 'company' LIMIT 1",
    )
    .bind(fc)
    .fetch_one(&app.db.owner)
    .await
    .expect("company");
    let (contract, signed_pdf): (uuid::Uuid, uuid::Uuid) = sqlx::query_as(
        "SELECT relation_id::uuid, id FROM files WHERE client_id = $1 AND relation_type = 'contract' LIMIT 1",
    )
    .bind(fc)
    .fetch_one(&app.db.owner)
    .await
    .expect("contract");

    let (status, files) = reader.get_json(&format!("/api/files/{company}")).await;
    assert_eq!(status, StatusCode::OK, "{files}");
    assert!(!files["result"].as_array().expect("files").is_empty());
    assert_eq!(
        reader
            .get(&format!("/api/comments/{company}"))
            .await
            .status(),
        StatusCode::OK
    );
    // Reading is not writing.
    assert_eq!(
        reader
            .post(
                &format!("/api/comments/{company}"),
                &json!({ "text": "<p>Hej</p>", "originType": "company" })
            )
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    for path in [
        format!("/api/files/{contract}"),
        format!("/api/comments/{contract}"),
        format!("/api/files/download/{signed_pdf}"),
        format!("/api/history/contract/{contract}"),
    ] {
        assert_eq!(
            reader.get(&path).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    // What names nothing of the club is not found, once the caller may read some such thing.
    let nothing = "6f1c1a52-4c1b-4b7e-9d1e-000000000000";
    assert_eq!(
        reader.get(&format!("/api/files/{nothing}")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        reader
            .get(&format!("/api/history/nothing/{nothing}"))
            .await
            .status(),
        StatusCode::FORBIDDEN,
        "a history type no area registered: the caller reads neither orders nor events"
    );
}

/// The routes anyone may call, and those any signed-in user may: each is open on purpose. Every
/// other route names a module and action, a rule that finds the module from the request, or an
/// admin, all of which the middleware checks before the handler runs; a route registered open by
/// mistake fails here.
const OPEN: &[(&str, &str)] = &[
    ("public", "GET /accept-invite"),
    ("public", "POST /accept-invite"),
    ("public", "GET /public/images/{kind}/{owner}/{id}"),
    ("signed-in", "POST /api/users/return"),
    ("signed-in", "GET /api/profile"),
    ("signed-in", "POST /api/profile/update"),
    ("public", "GET /healthz"),
    ("public", "GET /readyz"),
    ("public", "GET /metrics"),
    ("public", "GET /api/openapi.json"),
    ("public", "GET /api/app"),
    ("signed-in", "GET /api/user"),
    ("public", "GET /api/app/modules"),
    ("public", "GET /api/app/client"),
    ("public", "GET /api/app/clients"),
    ("public", "GET /api/app/change-client/{id}"),
    ("public", "POST /api/login"),
    ("public", "POST /api/register"),
    ("public", "POST /api/forgot-password"),
    ("public", "POST /api/reset-password"),
    ("public", "GET /public/app"),
    ("signed-in", "GET /public/user"),
    ("public", "GET /public/app/modules"),
    ("public", "GET /public/app/client"),
    ("public", "GET /public/app/clients"),
    ("public", "GET /public/app/change-client/{id}"),
    ("public", "POST /public/login"),
    ("public", "POST /public/register"),
    ("public", "POST /public/forgot-password"),
    ("public", "POST /public/reset-password"),
    ("public", "GET /logout"),
    ("public", "POST /logout"),
    ("public", "GET /confirm-email"),
    ("public", "POST /confirm-email"),
    ("public", "GET /api/public/orders/{id}/payment"),
    ("public", "POST /api/public/orders/{id}/payment/start"),
    ("public", "POST /api/public/orders/{id}/payment/confirm"),
    ("public", "POST /api/public/contracts/verify"),
    ("public", "GET /api/contracts/{id}/esign"),
    ("public", "POST /api/contracts/{id}/esign"),
    ("public", "GET /api/contracts/{id}/esign/info"),
    ("public", "GET /public/subscriptions/{id}"),
    ("public", "POST /public/subscriptions/{id}/update"),
    ("public", "POST /public/subscriptions/{id}/update-contact"),
    ("public", "POST /public/subscriptions/{id}/activate"),
    ("public", "POST /public/subscriptions/{id}/activate/confirm"),
    ("public", "GET /api/public/subscriptions/{id}"),
    ("public", "POST /api/public/subscriptions/{id}/update"),
    (
        "public",
        "POST /api/public/subscriptions/{id}/update-contact",
    ),
    ("public", "POST /api/public/subscriptions/{id}/activate"),
    (
        "public",
        "POST /api/public/subscriptions/{id}/activate/confirm",
    ),
    ("signed-in", "GET /api/profile/subscriptions"),
    ("signed-in", "POST /api/profile/cancel-subscription/{id}"),
    ("public", "GET /public/events"),
    ("public", "GET /public/events/pictures/{id}"),
    ("public", "GET /public/events/invite/{token}"),
    ("public", "GET /public/events/invites/{token}"),
    ("public", "GET /public/newsletters/unsubscribe/{token}"),
    ("public", "POST /public/newsletters/unsubscribe/{token}"),
    ("public", "POST /public/events/validate-contact"),
    ("public", "POST /public/events/create-intent"),
    ("public", "POST /public/events/book"),
    ("public", "GET /public/events/tickets/{orderId}"),
    ("public", "GET /public/events/ticket/{ticketId}"),
    ("public", "POST /public/events/{id}/products"),
    ("public", "GET /public/events/{id}/order/{orderId}"),
    ("public", "POST /public/events/{id}/order/{orderId}/pay"),
    (
        "public",
        "POST /public/events/{id}/order/{orderId}/accept-payment",
    ),
    ("public", "GET /public/events/{url}"),
    ("public", "GET /public/events/{id}/seasonal-tickets"),
    (
        "public",
        "POST /public/events/{id}/seasonal-tickets/{ticketId}",
    ),
    ("public", "POST /public/seats/hold-tokens"),
    ("public", "POST /public/seats/hold-tokens/{token}"),
    ("public", "GET /public/events/{id}/seats"),
    ("public", "POST /public/events/{id}/hold-seats"),
    ("public", "POST /public/events/{id}/release-seat"),
    ("public", "GET /webshop/categories"),
    ("public", "GET /webshop/products"),
    ("public", "GET /webshop/product/{id}"),
    ("public", "GET /webshop/season/{seasonId}"),
    ("public", "GET /webshop/pictures/{id}"),
    ("public", "POST /webshop/cart/check-seat"),
    ("public", "POST /webshop/create-intent"),
    ("public", "POST /webshop/checkout/complete"),
    ("public", "GET /webshop/order/{id}"),
    ("public", "GET /public/orders/webshop/accept-payment"),
    ("public", "GET /public/orders/webshop/cart"),
    ("public", "POST /public/orders/webshop/cart/add"),
    ("public", "POST /public/orders/webshop/cart/update"),
    ("signed-in", "GET /api/profile/cards"),
    ("signed-in", "POST /api/profile/create-card"),
    ("signed-in", "GET /api/profile/accept-subscription"),
    ("signed-in", "POST /api/profile/accept-card"),
    ("signed-in", "POST /api/profile/default-card"),
    ("signed-in", "POST /api/profile/delete-card"),
    ("signed-in", "GET /api/profile/orders"),
    (
        "signed-in",
        "POST /api/profile/orders/{id}/resend-confirmation",
    ),
    ("public", "POST /api/public/payments/stripe/webhook"),
    ("public", "GET /api/public/payments/window/callback"),
    ("public", "POST /public/payments/stripe/webhook"),
    ("public", "GET /public/payments/window/callback"),
    ("public", "GET /stand-ins/stripe.js"),
    ("public", "POST /stand-ins/stripe/confirm"),
    ("public", "POST /stand-ins/stripe/confirm-saved"),
    ("public", "POST /stand-ins/stripe/authenticate"),
    ("public", "POST /stand-ins/stripe/confirm-setup"),
    ("public", "POST /stand-ins/stripe/authenticate-setup"),
    ("public", "GET /stand-ins/stripe/payment-intent"),
    ("public", "GET /stand-ins/stripe/setup-intent"),
    ("public", "POST /stand-ins/payment-window"),
    ("public", "POST /stand-ins/payment-window/decide"),
    ("public", "POST /stand-ins/payment-window/remote"),
    ("public", "GET /stand-ins/payment-window/slow"),
    ("public", "GET /api/webshop/terms"),
    ("public", "GET /api/webshop/subscription-terms"),
    ("public", "GET /public/webshop/terms"),
    ("public", "GET /public/webshop/subscription-terms"),
];

#[test]
fn every_open_route_is_open_on_purpose() {
    let open: Vec<String> = tribune_api::routes::table()
        .table()
        .into_iter()
        .filter(|route| matches!(route.access, Access::Public | Access::SignedIn))
        .map(|route| {
            format!(
                "{} {} {}",
                route.access.describe(),
                route.method,
                route.path
            )
        })
        .collect();
    let expected: Vec<String> = OPEN
        .iter()
        .map(|(access, route)| format!("{access} {route}"))
        .collect();
    assert_eq!(open, expected, "\n{}", open.join("\n"));
}
