//! Start-up and session calls (spec 1 §7). Every one is mounted under `/api` and `/public`.

pub mod account;
pub mod app;
pub mod change_client;
pub mod user;

use utoipa::OpenApi;

use crate::identity::acl::Action;
use crate::kit::openapi::mirror;
use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "session",
    configure,
    doc,
    history: &[],
};

/// The calls are documented once each and mounted under both prefixes.
fn doc() -> utoipa::openapi::OpenApi {
    let mut doc = SessionDoc::openapi();
    mirror(&mut doc, ("/api", "_api"), ("/public", "_public"));
    doc
}

pub fn configure(routes: &mut Routes) {
    for prefix in ["/api", "/public"] {
        routes.scope(prefix, session_calls);
    }
    // A link opens a page; only its button (a POST) logs out or uses the mail's token up.
    routes
        .get("/logout", Access::Public, account::logout_page)
        .post("/logout", Access::Public, account::logout)
        .get(
            "/confirm-email",
            Access::Public,
            account::confirm_email_page,
        )
        .post("/confirm-email", Access::Public, account::confirm_email);
}

/// The club's staff (names and e-mails) are for the screens that pick one: a company's owner,
/// the pipeline's and the contracts', subscriptions' and events' editors.
const STAFF_PICKERS: Access = Access::AnyModule(&["companies", "orders", "events"], Action::Read);

/// The start-up and session calls exist under both `/api` and `/public` (spec 1 §6).
fn session_calls(routes: &mut Routes) {
    use Access::{Public, SignedIn};
    routes
        .get("/app", Public, app::get_app)
        .get("/user", SignedIn, app::get_user)
        .get("/app/modules", Public, app::get_modules)
        .get("/app/client", Public, app::get_client)
        .get("/app/users", STAFF_PICKERS, app::list_app_users)
        .get("/app/clients", Public, app::list_public_clients)
        .get(
            "/app/change-client/{id}",
            Public,
            change_client::change_client,
        )
        .post("/login", Public, account::login)
        .post("/register", Public, account::register)
        .post("/forgot-password", Public, account::forgot_password)
        .post("/reset-password", Public, account::reset_password);
}

#[derive(OpenApi)]
#[openapi(paths(
    app::get_app,
    app::get_user,
    app::get_modules,
    app::get_client,
    app::list_app_users,
    app::list_public_clients,
    change_client::change_client,
    account::login,
    account::logout_page,
    account::logout,
    account::register,
    account::confirm_email,
    account::confirm_email_page,
    account::forgot_password,
    account::reset_password,
))]
pub struct SessionDoc;
