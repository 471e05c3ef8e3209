//! The public subscription calls' first paths, under `/api/public/subscriptions/...`: spec 3 §7
//! puts the public calls under `/public/`, where they live now (`public.rs`, `options.rs`).
//! Links and pages of an older build still call these; each answers as its `/public/` twin.

use actix_web::{web, HttpResponse};

use tribune_domain::order::Customer;

use super::dto::{ChosenOptions, PublicSubscription};
use super::options;
use super::public::{self, ConfirmSetup};
use crate::envelope::Envelope;
use crate::error::ApiError;
use crate::integrations::payments::PaymentStart;
use crate::kit::input::Json;
use crate::payments::ledger::LinkQuery;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/public/subscriptions/{id}", tag = "subscriptions", params(LinkQuery),
    responses((status = 200, description = "as GET /public/subscriptions/{id}", body = Envelope<PublicSubscription>), (status = 403), (status = 404)))]
pub async fn old_public_subscription(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    public::public_subscription(path, query, state).await
}

#[utoipa::path(post, path = "/api/public/subscriptions/{id}/update", tag = "subscriptions", params(LinkQuery),
    request_body = ChosenOptions,
    responses((status = 200, description = "as POST /public/subscriptions/{id}/update", body = Envelope<PublicSubscription>), (status = 403), (status = 404), (status = 409), (status = 422)))]
pub async fn old_update_options(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<ChosenOptions>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    options::update_public_subscription_options(path, query, body, state).await
}

#[utoipa::path(post, path = "/api/public/subscriptions/{id}/update-contact", tag = "subscriptions", params(LinkQuery),
    request_body = Customer,
    responses((status = 200, description = "as POST /public/subscriptions/{id}/update-contact", body = Envelope<PublicSubscription>), (status = 403), (status = 404), (status = 422)))]
pub async fn old_update_contact(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<Customer>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    public::update_subscription_contact(path, query, body, state).await
}

#[utoipa::path(post, path = "/api/public/subscriptions/{id}/activate", tag = "subscriptions", params(LinkQuery),
    responses((status = 200, description = "as POST /public/subscriptions/{id}/activate", body = Envelope<PaymentStart>), (status = 403), (status = 404), (status = 422), (status = 503)))]
pub async fn old_start_activation(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    public::start_activation(path, query, state).await
}

#[utoipa::path(post, path = "/api/public/subscriptions/{id}/activate/confirm", tag = "subscriptions", params(LinkQuery),
    request_body = ConfirmSetup,
    responses((status = 200, description = "as POST /public/subscriptions/{id}/activate/confirm", body = Envelope<PublicSubscription>), (status = 403), (status = 404), (status = 422), (status = 503)))]
pub async fn old_confirm_activation(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<ConfirmSetup>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    public::confirm_activation(path, query, body, state).await
}
