//! The staff's subscription calls (spec 3 §7 Subscriptions): the list, one subscription, the
//! form, the state changes and the payment link.

use actix_web::{web, HttpResponse};
use tribune_domain::subscription::SubscriptionCommand;
use tribune_projections::db::club_tx;
use tribune_projections::subscription::queries::{SubscriptionListRow, SUBSCRIPTIONS};

use super::dto::{SubscriptionDto, SubscriptionInput, SubscriptionRef};
use super::service::SubscriptionService;
use crate::envelope::{self, Ack, Envelope, ListParams, Page};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::list_page::{ListQuery, ListQueryParams};
use crate::session::Staff;
use crate::state::AppState;

#[utoipa::path(post, path = "/api/subscriptions", tag = "subscriptions", request_body = ListParams,
    responses((status = 200, description = "one page of subscriptions; amounts in øre", body = Page<SubscriptionListRow>)))]
pub async fn list_subscriptions(
    staff: Staff,
    params: Json<ListParams>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    page(&staff, &params, &state).await
}

/// The same list by GET (spec 3 §7 `GET /subscriptions`: status, search, paging): the filters as
/// query parameters.
#[utoipa::path(get, path = "/api/subscriptions", tag = "subscriptions", params(ListQueryParams),
    responses((status = 200, description = "one page of subscriptions; amounts in øre", body = Page<SubscriptionListRow>), (status = 422)))]
pub async fn get_subscriptions(
    staff: Staff,
    query: web::Query<ListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    page(&staff, &query.params()?, &state).await
}

async fn page(
    staff: &Staff,
    params: &ListParams,
    state: &AppState,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (rows, total) = SUBSCRIPTIONS
        .page::<SubscriptionListRow>(&mut tx, Some(staff.client_id), params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

#[utoipa::path(get, path = "/api/subscriptions/new", tag = "subscriptions",
    responses((status = 200, description = "the empty form", body = Envelope<SubscriptionDto>)))]
pub async fn new_subscription(
    staff: Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let template = SubscriptionService::of(&state)
        .template(staff.client_id)
        .await?;
    Ok(envelope::result(SubscriptionDto::from_subscription(
        None, 0, &template,
    )))
}

#[utoipa::path(get, path = "/api/subscriptions/{id}", tag = "subscriptions",
    responses((status = 200, description = "the subscription", body = Envelope<SubscriptionDto>), (status = 404)))]
pub async fn get_subscription(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let (subscription, version) = SubscriptionService::of(&state)
        .load(staff.client_id, id)
        .await?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let dto = SubscriptionDto::from_subscription(Some(id), version, &subscription)
        .with_links(&mut tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::result(dto))
}

#[utoipa::path(post, path = "/api/subscriptions/update", tag = "subscriptions", request_body = SubscriptionInput,
    responses((status = 200, description = "the subscription's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn update_subscription(
    staff: Staff,
    body: Json<SubscriptionInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = SubscriptionService::of(&state)
        .save(&Actor::from(&staff), body.id, body.version, body.content())
        .await?;
    Ok(envelope::result(id))
}

async fn state_change(
    staff: Staff,
    body: Json<SubscriptionRef>,
    state: web::Data<AppState>,
    command: SubscriptionCommand,
    name: &str,
) -> Result<HttpResponse, ApiError> {
    SubscriptionService::of(&state)
        .execute(&Actor::from(&staff), body.id, body.version, command, name)
        .await?;
    Ok(envelope::result(body.id))
}

#[utoipa::path(post, path = "/api/subscriptions/approve", tag = "subscriptions", request_body = SubscriptionRef,
    responses((status = 200, description = "the subscription's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn approve_subscription(
    staff: Staff,
    body: Json<SubscriptionRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(
        staff,
        body,
        state,
        SubscriptionCommand::Approve,
        "subscription.approve",
    )
    .await
}

#[utoipa::path(post, path = "/api/subscriptions/edit", tag = "subscriptions", request_body = SubscriptionRef,
    responses((status = 200, description = "the subscription's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn reopen_subscription(
    staff: Staff,
    body: Json<SubscriptionRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state_change(
        staff,
        body,
        state,
        SubscriptionCommand::Reopen,
        "subscription.edit",
    )
    .await
}

#[utoipa::path(post, path = "/api/subscriptions/cancel", tag = "subscriptions", request_body = SubscriptionRef,
    responses((status = 200, description = "the subscription's id", body = Envelope<Uuid>), (status = 409), (status = 422)))]
pub async fn cancel_subscription(
    staff: Staff,
    body: Json<SubscriptionRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let today = crate::kit::dates::today();
    state_change(
        staff,
        body,
        state,
        SubscriptionCommand::Cancel {
            by_customer: false,
            today,
        },
        "subscription.cancel",
    )
    .await
}

#[utoipa::path(delete, path = "/api/subscriptions/{id}", tag = "subscriptions",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn delete_subscription(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    SubscriptionService::of(&state)
        .execute(
            &Actor::from(&staff),
            id,
            None,
            SubscriptionCommand::Delete,
            "subscription.delete",
        )
        .await?;
    Ok(envelope::ok())
}

#[utoipa::path(post, path = "/api/subscriptions/{id}/send-paymentlink", tag = "subscriptions",
    responses((status = 200, body = Ack), (status = 404), (status = 422)))]
pub async fn send_subscription_payment_link(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    SubscriptionService::of(&state)
        .send_payment_link(&Actor::from(&staff), id)
        .await?;
    Ok(envelope::ok())
}
