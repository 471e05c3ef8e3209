//! The recipients card's calls (spec 2 §7 Newsletters): the recipients grouped by company, making
//! them from the selection, sending, the latest send's progress, and deleting. Thin handlers
//! over `service`.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{
    NewsletterRecipientGroup, NewsletterSelection, NewslettersQueued, RecipientCounts,
    RecipientsCreated, SendProgress,
};
use super::service;
use crate::envelope::{self, Envelope, EnvelopeWithData};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::club::found_in_club;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::reads::Reads;
use crate::kit::recipients::Scope;
use crate::session::Staff;
use crate::state::AppState;

#[utoipa::path(get, path = "/api/newsletters/{id}/recipients", tag = "newsletters", params(("id" = String, Path)),
    responses((status = 200, description = "the recipients by company ('none' last), and in `data` their counts", body = EnvelopeWithData<Vec<NewsletterRecipientGroup>, RecipientCounts>),
              (status = 401), (status = 403), (status = 404)))]
pub async fn list_recipients(
    staff: Staff,
    path: web::Path<String>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    found_in_club(&mut tx, "newsletters", staff.client_id, id).await?;
    let groups = service::groups(&mut tx, staff.client_id, id).await?;
    let counts = service::counts(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result_with_data(groups, counts))
}

#[utoipa::path(get, path = "/api/newsletters/{id}/progress", tag = "newsletters", params(("id" = String, Path)),
    responses((status = 200, description = "the latest send (null before the first)", body = Envelope<Option<SendProgress>>),
              (status = 401), (status = 403), (status = 404)))]
pub async fn send_progress(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    found_in_club(&mut tx, "newsletters", staff.client_id, id).await?;
    let progress = service::progress(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result(progress))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct CreateRecipientsQuery {
    /// 'Opret alle aktive': companies with a running contract on the selection's activeDate.
    all_active: Option<bool>,
    /// 'Opret alle': every company that is not terminated.
    all_companies: Option<bool>,
}

#[utoipa::path(post, path = "/api/newsletters/{id}/create-recipients", tag = "newsletters",
    params(("id" = String, Path), CreateRecipientsQuery), request_body = NewsletterSelection,
    responses((status = 200, body = Envelope<RecipientsCreated>),
              (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_recipients(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<CreateRecipientsQuery>,
    body: Json<NewsletterSelection>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let selection = body.into_inner();
    let date = selection
        .active_date
        .unwrap_or_else(crate::kit::dates::today);
    let scope = Scope::of_query(
        query.all_companies == Some(true),
        query.all_active == Some(true),
        date,
    );
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let created =
        service::create_recipients(&mut tx, staff.client_id, id, scope, &selection).await?;
    tx.commit().await?;
    Ok(envelope::result(created))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct SendQuery {
    /// 'Send alle igen': also to those who got it.
    force: Option<bool>,
}

#[utoipa::path(post, path = "/api/newsletters/{id}/send-newsletters", tag = "newsletters",
    params(("id" = String, Path), SendQuery), request_body = Vec<String>,
    responses((status = 200, description = "queued as jobs of 100 recipients; [] sends to all", body = Envelope<NewslettersQueued>),
              (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn send_newsletters(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<SendQuery>,
    body: Json<Vec<Uuid>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let ids = body.into_inner();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let queued = service::queue_sends(
        &mut tx,
        staff.client_id,
        id,
        &ids,
        query.force == Some(true),
        Actor::from(&staff).user_id,
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::result(queued))
}

/// What `delete-recipients` did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecipientsDeleted {
    pub deleted: i32,
}

#[utoipa::path(post, path = "/api/newsletters/{id}/delete-recipients", tag = "newsletters",
    params(("id" = String, Path)), request_body = Vec<String>,
    responses((status = 200, description = "how many recipients were deleted", body = Envelope<RecipientsDeleted>),
              (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn delete_recipients(
    staff: Staff,
    path: web::Path<String>,
    body: Json<Vec<Uuid>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let ids = body.into_inner();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let deleted = service::delete_recipients(&mut tx, staff.client_id, id, &ids).await?;
    tx.commit().await?;
    Ok(envelope::result(RecipientsDeleted { deleted }))
}
