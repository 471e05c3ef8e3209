use actix_web::HttpResponse;
use utoipa::OpenApi;

use crate::routes::{history, public, session};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tribune API",
        description = "Back office and public booking site for Danish sports clubs"
    ),
    paths(
        session::app::get_app,
        session::app::get_user,
        session::app::get_modules,
        session::app::get_client,
        session::app::list_app_users,
        session::app::list_public_clients,
        session::change_client::change_client,
        session::account::login,
        session::account::logout,
        session::account::register,
        session::account::confirm_email,
        session::account::forgot_password,
        session::account::reset_password,
        history::get_history,
        history::get_history_at,
        public::get_terms,
        public::get_subscription_terms,
        public::list_event_cards,
    ),
    components(schemas(crate::envelope::ListParams, crate::identity::acl::AclItem))
)]
pub struct ApiDoc;

pub async fn get_openapi() -> HttpResponse {
    HttpResponse::Ok().json(ApiDoc::openapi())
}
