//! 'Betalingskort': the signed-in user's cards at the club's provider. The provider holds the
//! cards; Tribune keeps the user's customer id there and which card is the default. A card is
//! added by confirming a SetupIntent in the browser; the server then reads the SetupIntent (it
//! must be this user's customer's and succeeded) before it counts.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::integrations::payments::{PaymentError, PaymentStart, ProviderKind, StripeClient};
use crate::kit::input::Json;
use crate::payments::ledger::{
    cards_of, club_provider_kind, customer_of, detach_card, ensure_customer, keep_once,
    SavedPaymentCard,
};
use crate::session::SignedIn;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CardRef {
    pub card_id: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema, utoipa::IntoParams)]
pub struct AcceptCard {
    /// The confirmed SetupIntent (`seti_…`); the redirect names it `setup_intent`.
    #[serde(alias = "setupIntent")]
    pub setup_intent: String,
}

struct Owner {
    client_id: Uuid,
    user_id: Uuid,
    email: String,
    name: String,
}

fn owner(user: &SignedIn) -> Result<Owner, ApiError> {
    Ok(Owner {
        client_id: user.0.client_id.ok_or(ApiError::NotFound)?,
        user_id: user.0.user.id,
        email: user.0.user.email.clone(),
        name: format!("{} {}", user.0.user.firstname, user.0.user.lastname)
            .trim()
            .to_string(),
    })
}

/// The club's Stripe, when the club takes cards through it.
async fn stripe<'s>(
    state: &'s AppState,
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<&'s StripeClient, ApiError> {
    if club_provider_kind(conn, client_id).await? != Some(ProviderKind::Stripe) {
        return Err(ApiError::invalid(
            "Klubben gemmer ikke betalingskort (kortbetaling via Stripe er ikke sat op).",
        ));
    }
    state
        .stripe
        .as_deref()
        .ok_or_else(|| PaymentError::NotConfigured.into())
}

#[utoipa::path(get, path = "/api/profile/cards", tag = "profile",
    responses((status = 200, description = "the saved cards", body = Envelope<Vec<SavedPaymentCard>>), (status = 401), (status = 422)))]
pub async fn list_my_cards(
    user: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    let mut tx = club_tx(&state.pool, owner.client_id).await?;
    let stripe = stripe(&state, &mut tx, owner.client_id).await?;
    let customer = customer_of(&mut tx, owner.client_id, owner.user_id).await?;
    tx.commit().await?;
    Ok(envelope::result(cards_of(stripe, customer).await?))
}

/// A SetupIntent for a new card: the user's customer at Stripe is made the first time.
#[utoipa::path(post, path = "/api/profile/create-card", tag = "profile",
    responses((status = 200, description = "a SetupIntent's client secret", body = Envelope<PaymentStart>),
              (status = 401), (status = 422), (status = 503)))]
pub async fn create_my_card(
    user: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    let mut tx = club_tx(&state.pool, owner.client_id).await?;
    let stripe = stripe(&state, &mut tx, owner.client_id).await?;
    tx.commit().await?;
    let customer = ensure_customer(
        &state,
        stripe,
        owner.client_id,
        owner.user_id,
        &owner.email,
        &owner.name,
    )
    .await?;
    let secret = stripe
        .create_setup_intent(
            &customer,
            &[("tribune_user".to_string(), owner.user_id.to_string())],
            &format!("tribune-card-setup-{}", Uuid::new_v4()),
        )
        .await?;
    Ok(envelope::result(PaymentStart::Stripe {
        client_secret: secret,
        publishable_key: stripe.config().publishable_key.clone(),
    }))
}

/// The confirmed SetupIntent's card put on the user's customer (once: a card saved already is
/// not saved again); the first card is the default.
async fn accept(state: &AppState, owner: &Owner, setup_intent: &str) -> Result<(), ApiError> {
    let wanted = setup_intent.trim();
    if !wanted.starts_with("seti_") || wanted.len() > 100 {
        return Err(ApiError::field("setupIntent", "Ukendt kortopsætning."));
    }
    let mut tx = club_tx(&state.pool, owner.client_id).await?;
    let stripe = stripe(state, &mut tx, owner.client_id).await?;
    let customer = customer_of(&mut tx, owner.client_id, owner.user_id).await?;
    tx.commit().await?;
    let Some((customer, default)) = customer else {
        return Err(ApiError::invalid("Kortet blev ikke gemt. Prøv igen."));
    };
    let intent = stripe.setup_intent(wanted).await?;
    let ours = intent.customer.as_deref() == Some(customer.as_str())
        && intent.metadata.get("tribune_user").and_then(Value::as_str)
            == Some(owner.user_id.to_string().as_str());
    let (Some(method), true, true) = (intent.payment_method, intent.succeeded, ours) else {
        return Err(ApiError::invalid("Kortet blev ikke gemt. Prøv igen."));
    };
    // The same card saved again stays one card.
    let method = keep_once(stripe, &customer, &method).await?;
    if default.is_none() {
        let mut tx = club_tx(&state.pool, owner.client_id).await?;
        sqlx::query(
            "UPDATE payment_customers SET default_method = $3 \
             WHERE client_id = $1 AND user_id = $2 AND provider = 'stripe' AND default_method IS NULL",
        )
        .bind(owner.client_id)
        .bind(owner.user_id)
        .bind(&method)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
    }
    Ok(())
}

/// Where Stripe returns the browser after the card form (spec 3 §7): the card is accepted and
/// the browser sent to the profile's cards.
#[utoipa::path(get, path = "/api/profile/accept-subscription", tag = "profile", params(AcceptCard),
    responses((status = 303, description = "to /profile#cards"), (status = 401), (status = 422)))]
pub async fn accept_my_card_redirect(
    user: SignedIn,
    query: web::Query<AcceptCard>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    let target = match accept(&state, &owner, &query.setup_intent).await {
        Ok(()) => "/profile?card=saved#cards",
        Err(_) => "/profile?card=failed#cards",
    };
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, target))
        .finish())
}

/// The same for the page that confirmed without leaving it: the cards as they are now.
#[utoipa::path(post, path = "/api/profile/accept-card", tag = "profile", request_body = AcceptCard,
    responses((status = 200, description = "the saved cards", body = Envelope<Vec<SavedPaymentCard>>), (status = 401), (status = 422)))]
pub async fn accept_my_card(
    user: SignedIn,
    body: Json<AcceptCard>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    accept(&state, &owner, &body.setup_intent).await?;
    list_my_cards(user, state).await
}

/// The user's customer and default card, when `card_id` is one of the customer's cards;
/// otherwise not found (another user's card is not found either).
async fn owning(
    stripe: &StripeClient,
    conn: &mut PgConnection,
    owner: &Owner,
    card_id: &str,
) -> Result<(String, Option<String>), ApiError> {
    let Some((customer, default)) = customer_of(conn, owner.client_id, owner.user_id).await? else {
        return Err(ApiError::NotFound);
    };
    if !stripe
        .cards(&customer)
        .await?
        .iter()
        .any(|(id, _)| id == card_id)
    {
        return Err(ApiError::NotFound);
    }
    Ok((customer, default))
}

#[utoipa::path(post, path = "/api/profile/default-card", tag = "profile", params(CardRef),
    responses((status = 200, description = "the saved cards", body = Envelope<Vec<SavedPaymentCard>>), (status = 401), (status = 404)))]
pub async fn default_my_card(
    user: SignedIn,
    query: web::Query<CardRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    let mut tx = club_tx(&state.pool, owner.client_id).await?;
    let stripe = stripe(&state, &mut tx, owner.client_id).await?;
    owning(stripe, &mut tx, &owner, &query.card_id).await?;
    sqlx::query(
        "UPDATE payment_customers SET default_method = $3 \
         WHERE client_id = $1 AND user_id = $2 AND provider = 'stripe'",
    )
    .bind(owner.client_id)
    .bind(owner.user_id)
    .bind(&query.card_id)
    .execute(&mut *tx)
    .await?;
    let customer = customer_of(&mut tx, owner.client_id, owner.user_id).await?;
    tx.commit().await?;
    Ok(envelope::result(cards_of(stripe, customer).await?))
}

#[utoipa::path(post, path = "/api/profile/delete-card", tag = "profile", request_body = CardRef,
    responses((status = 200, description = "the saved cards", body = Envelope<Vec<SavedPaymentCard>>), (status = 401), (status = 404)))]
pub async fn delete_my_card(
    user: SignedIn,
    body: Json<CardRef>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = owner(&user)?;
    let mut tx = club_tx(&state.pool, owner.client_id).await?;
    let stripe = stripe(&state, &mut tx, owner.client_id).await?;
    let (_, default) = owning(stripe, &mut tx, &owner, &body.card_id).await?;
    detach_card(&state, &body.card_id).await?;
    if default.as_deref() == Some(body.card_id.as_str()) {
        sqlx::query(
            "UPDATE payment_customers SET default_method = NULL \
             WHERE client_id = $1 AND user_id = $2 AND provider = 'stripe'",
        )
        .bind(owner.client_id)
        .bind(owner.user_id)
        .execute(&mut *tx)
        .await?;
    }
    let customer = customer_of(&mut tx, owner.client_id, owner.user_id).await?;
    tx.commit().await?;
    Ok(envelope::result(cards_of(stripe, customer).await?))
}
