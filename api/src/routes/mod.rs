//! Every route, in one place: route → handler. Handlers are named `<verb>_<resource>`.

pub mod history;
pub mod public;
pub mod session;

use actix_web::{web, HttpResponse};

use crate::error::ApiError;
use crate::state::AppState;

/// The start-up and session calls exist under both `/api` and `/public` (spec 1 §6).
fn session_calls(cfg: &mut web::ServiceConfig) {
    use session::{account, app, change_client};
    cfg.route("/app", web::get().to(app::get_app))
        .route("/user", web::get().to(app::get_user))
        .route("/app/modules", web::get().to(app::get_modules))
        .route("/app/client", web::get().to(app::get_client))
        .route("/app/users", web::get().to(app::list_app_users))
        .route("/app/clients", web::get().to(app::list_public_clients))
        .route(
            "/app/change-client/{id}",
            web::get().to(change_client::change_client),
        )
        .route("/login", web::post().to(account::login))
        .route("/register", web::post().to(account::register))
        .route("/forgot-password", web::post().to(account::forgot_password))
        .route("/reset-password", web::post().to(account::reset_password));
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz))
        .route("/logout", web::get().to(session::account::logout))
        .route(
            "/confirm-email",
            web::get().to(session::account::confirm_email),
        )
        .route(
            "/api/openapi.json",
            web::get().to(crate::openapi::get_openapi),
        )
        .service(
            web::scope("/api")
                .configure(session_calls)
                .route("/history/{type}/{id}", web::get().to(history::get_history))
                .route(
                    "/history/{type}/{id}/at/{sequence}",
                    web::get().to(history::get_history_at),
                )
                .default_service(web::to(not_found)),
        )
        .service(
            web::scope("/public")
                .configure(session_calls)
                .route("/webshop/terms", web::get().to(public::get_terms))
                .route(
                    "/webshop/subscription-terms",
                    web::get().to(public::get_subscription_terms),
                )
                .route("/events", web::get().to(public::list_event_cards))
                .default_service(web::to(not_found)),
        );
}

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    sqlx::query("SELECT 1").execute(&state.pool).await?;
    Ok(HttpResponse::Ok().content_type("text/plain").body("ok"))
}
