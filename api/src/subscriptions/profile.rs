//! The customer's own subscriptions (spec 3 §2 Customer profile #subscriptions, §3
//! customer-profile subscription, §4; §7 `GET /api/profile/subscriptions`,
//! `POST /api/profile/cancel-subscription/{id}`): those of the current club whose customer
//! e-mail is the signed-in user's. Cancelling is the customer's own only once the commitment
//! has run out.

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::Serialize;
use tribune_domain::money::Money;
use tribune_domain::subscription::{SubscriptionCommand, SubscriptionStatus};
use tribune_projections::db::club_tx;
use tribune_projections::subscription::queries::ids_by_email;
use uuid::Uuid;

use super::dto::PublicLine;
use super::service::SubscriptionService;
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::session::SignedIn;
use crate::state::AppState;

/// One of the customer's subscriptions as the profile lists it.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileSubscription {
    pub id: Uuid,
    #[ts(type = "number")]
    pub subscription_number: i64,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// None ('–') once past the end date.
    pub next_payment: Option<NaiveDate>,
    pub commitment_date: Option<NaiveDate>,
    /// 'approved' shows as Aktiv, anything else as Annulleret.
    pub status: SubscriptionStatus,
    /// The customer may cancel it now (active, and the commitment has run out).
    pub can_cancel: bool,
    pub total: Money,
    pub order_lines: Vec<PublicLine>,
}

use crate::kit::dates::today;

/// The club and e-mail of the signed-in customer.
fn whose(user: &SignedIn) -> Result<(Uuid, String), ApiError> {
    let club = user.0.client_id.ok_or(ApiError::NotFound)?;
    Ok((club, user.0.user.email.trim().to_lowercase()))
}

#[utoipa::path(get, path = "/api/profile/subscriptions", tag = "profile",
    responses((status = 200, description = "the signed-in customer's subscriptions", body = Envelope<Vec<ProfileSubscription>>), (status = 401)))]
pub async fn my_subscriptions(
    user: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (club, email) = whose(&user)?;
    let mut tx = club_tx(&state.pool, club).await?;
    let ids = ids_by_email(&mut tx, club, &email).await?;
    tx.commit().await?;
    let service = SubscriptionService::of(&state);
    let today = today();
    let mut rows = Vec::new();
    for id in ids {
        let (s, _) = service.load(club, id).await?;
        rows.push(ProfileSubscription {
            id,
            subscription_number: s.number,
            start_date: s.content.start_date,
            end_date: if s.content.no_end_date {
                None
            } else {
                s.content.end_date
            },
            next_payment: s.next_payment(),
            commitment_date: s.commitment_date(),
            status: s.status,
            can_cancel: s.status == SubscriptionStatus::Approved
                && s.commitment_date().is_none_or(|d| d <= today),
            total: s.totals().total,
            order_lines: s.content.lines.iter().map(PublicLine::of).collect(),
        });
    }
    Ok(envelope::result(rows))
}

#[utoipa::path(post, path = "/api/profile/cancel-subscription/{id}", tag = "profile",
    responses((status = 200, body = Ack), (status = 401), (status = 404), (status = 422, description = "inside the commitment")))]
pub async fn cancel_my_subscription(
    user: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (club, email) = whose(&user)?;
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, club).await?;
    let mine = ids_by_email(&mut tx, club, &email).await?.contains(&id);
    tx.commit().await?;
    if !mine {
        return Err(ApiError::NotFound);
    }
    let name = format!("{} {}", user.0.user.firstname, user.0.user.lastname);
    let actor = Actor::user(club, user.0.user.id, name.trim());
    SubscriptionService::of(&state)
        .execute(
            &actor,
            id,
            None,
            SubscriptionCommand::Cancel {
                by_customer: true,
                today: today(),
            },
            "subscription.cancel-by-customer",
        )
        .await?;
    Ok(envelope::ok())
}
