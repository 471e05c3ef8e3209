//! The public subscription page (`/subscriptions/{id}?token=`, spec 3 §2, §4, §5, §7): what the
//! customer subscribes to, the contact form (a draft only), and activation. With Stripe, a card
//! is saved through a SetupIntent: the server reads the confirmed SetupIntent, keeps the card on
//! the subscription (approving a draft) and charges the periods due at once, by a job. With the
//! hosted payment window, which keeps no card, the customer pays the first period in the window
//! (its callback approves the draft) and each later period from a mailed link.

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::Value;
use tribune_domain::order::Customer;
use tribune_domain::subscription::{
    SavedCard, Subscription, SubscriptionCommand, SubscriptionStatus,
};
use tribune_projections::db::club_tx;
use tribune_projections::store::CommandError;
use uuid::Uuid;

use super::dto::{ChargeProblem, PublicSubscription, SubscriptionCard};
use super::service::{refused, SubscriptionService};
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::integrations::payments::{Capture, CardUse, PaymentError, PaymentStart, ProviderKind};
use crate::kit::actor::Actor;
use crate::kit::dates::today;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::payments::ledger::{self as payments, LinkQuery, Purpose, StartPayment};
use crate::state::AppState;

/// The subscription a link opens, with its club and the version read.
pub(super) async fn opened(
    state: &AppState,
    path: &str,
    token: &str,
) -> Result<(Uuid, Uuid, Subscription, usize), ApiError> {
    let id = parse_id(path)?;
    let client_id = payments::open_link(&state.pool, Purpose::Subscription, id, token).await?;
    let (subscription, version) = SubscriptionService::of(state).load(client_id, id).await?;
    Ok((client_id, id, subscription, version))
}

pub(super) async fn page(
    state: &AppState,
    client_id: Uuid,
    s: &Subscription,
) -> Result<PublicSubscription, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let club_name: String = crate::kit::club::club_name(&mut tx, client_id).await?;
    let provider = payments::club_provider_kind(&mut tx, client_id).await?;
    let lines = super::options::public_lines(&mut tx, s).await?;
    tx.commit().await?;
    let totals = s.totals();
    Ok(PublicSubscription {
        subscription_number: s.number,
        club_name,
        status: s.status,
        repeats: s.repeats(),
        commitment: s.content.commitment.unwrap_or(0),
        start_date: s.content.start_date,
        end_date: if s.content.no_end_date {
            None
        } else {
            s.content.end_date
        },
        customer: s.content.customer.clone(),
        lines,
        subtotal: totals.subtotal,
        vat: totals.vat,
        total: totals.total,
        prices_with_vat: s.vat.prices_with_vat,
        card: s.card.as_ref().map(SubscriptionCard::of),
        next_payment: s.next_payment(),
        can_pay: match provider {
            Some(ProviderKind::Stripe) => {
                s.status != SubscriptionStatus::Cancelled && state.stripe.is_some()
            }
            Some(ProviderKind::Window) => window_period(s, today()).is_some(),
            None => false,
        },
        pay_with: provider.map(ProviderKind::as_str).map(str::to_string),
        amount_due: window_period(s, today()).map(|_| totals.total),
        charge_problem: s.failed.as_ref().map(ChargeProblem::of),
    })
}

#[utoipa::path(get, path = "/public/subscriptions/{id}", tag = "subscriptions", params(LinkQuery),
    responses((status = 200, description = "the public subscription page", body = Envelope<PublicSubscription>), (status = 403), (status = 404)))]
pub async fn public_subscription(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, _, subscription, _) = opened(&state, &path, &query.token).await?;
    Ok(envelope::result(
        page(&state, client_id, &subscription).await?,
    ))
}

#[utoipa::path(post, path = "/public/subscriptions/{id}/update-contact", tag = "subscriptions",
    params(LinkQuery), request_body = Customer,
    responses((status = 200, description = "the page with the new contact", body = Envelope<PublicSubscription>), (status = 403), (status = 404), (status = 422)))]
pub async fn update_subscription_contact(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<Customer>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, _, _) = opened(&state, &path, &query.token).await?;
    let customer = Customer {
        firstname: body.firstname.trim().to_string(),
        lastname: body.lastname.trim().to_string(),
        email: body.email.trim().to_string(),
        phone: body.phone.trim().to_string(),
    };
    let actor = Actor::system(
        client_id,
        &format!("{} {}", customer.firstname, customer.lastname),
    );
    let subscription = SubscriptionService::of(&state)
        .change_contact(&actor, id, customer)
        .await?;
    Ok(envelope::result(
        page(&state, client_id, &subscription).await?,
    ))
}

/// The period a payment in the window pays now: a draft's first (the activation pays it at
/// once), or an approved subscription's oldest unpaid period once it has fallen due. The window
/// keeps no card, so such a subscription is paid period by period.
fn window_period(s: &Subscription, today: NaiveDate) -> Option<NaiveDate> {
    match s.status {
        SubscriptionStatus::Draft => s.next_payment(),
        SubscriptionStatus::Approved if s.card.is_none() => {
            s.next_payment().filter(|day| *day <= today)
        }
        _ => None,
    }
}

/// Activation (or the next period) in the club's payment window: the form for the period's
/// payment, which comes back to the page with `success=1` or `error=1`; the window's callback
/// books it (`invoices::recurring::record_window_payment`).
async fn start_in_window(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    token: &str,
    subscription: &Subscription,
) -> Result<PaymentStart, ApiError> {
    let Some(day) = window_period(subscription, today()) else {
        return Err(ApiError::invalid("Der er intet at betale."));
    };
    if subscription.status == SubscriptionStatus::Draft {
        // What the callback will approve must approve: checked before the money is taken.
        subscription
            .decide(SubscriptionCommand::Approve)
            .map_err(|err| refused(CommandError::Domain(err)))?;
    }
    let back = format!(
        "{}/subscriptions/{id}?token={}",
        state.settings.public_url.trim_end_matches('/'),
        form_urlencoded::byte_serialize(token.as_bytes()).collect::<String>()
    );
    payments::start(
        state,
        client_id,
        StartPayment {
            purpose: Purpose::Subscription,
            owner_id: id,
            amount: subscription.totals().total,
            capture: Capture::Automatic,
            customer: None,
            accept_url: format!("{back}&success=1"),
            cancel_url: format!("{back}&error=1"),
            period: Some(day.format("%Y-%m-%d").to_string()),
            card: CardUse::default(),
        },
    )
    .await
}

fn stripe_for(state: &AppState) -> Result<&crate::integrations::payments::StripeClient, ApiError> {
    state
        .stripe
        .as_deref()
        .ok_or_else(|| PaymentError::NotConfigured.into())
}

/// Starts saving a card: a Stripe customer for the subscription and a SetupIntent whose client
/// secret the page's card form confirms.
#[utoipa::path(post, path = "/public/subscriptions/{id}/activate", tag = "subscriptions", params(LinkQuery),
    responses((status = 200, description = "how the activation goes on (kind 'stripe': a SetupIntent's secret)", body = Envelope<PaymentStart>),
              (status = 403), (status = 404), (status = 422), (status = 503)))]
pub async fn start_activation(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, subscription, _) = opened(&state, &path, &query.token).await?;
    let current = page(&state, client_id, &subscription).await?;
    if !current.can_pay {
        return Err(ApiError::invalid(
            if subscription.status == SubscriptionStatus::Cancelled {
                "Abonnementet er ikke længere aktivt!"
            } else if current.pay_with.is_some() {
                "Der er intet at betale."
            } else {
                "Kortbetaling er ikke sat op for klubben."
            },
        ));
    }
    if current.pay_with.as_deref() == Some(ProviderKind::Window.as_str()) {
        let started = start_in_window(&state, client_id, id, &query.token, &subscription).await?;
        return Ok(envelope::result(started));
    }
    let stripe = stripe_for(&state)?;
    let customer = match &subscription.card {
        Some(card) => card.customer.clone(),
        None => {
            let c = &subscription.content.customer;
            stripe
                .create_customer(
                    &c.email,
                    format!("{} {}", c.firstname, c.lastname).trim(),
                    &format!("tribune-subscription-customer-{id}"),
                )
                .await?
        }
    };
    let secret = stripe
        .create_setup_intent(
            &customer,
            &[
                ("tribune_subscription".to_string(), id.to_string()),
                ("tribune_client".to_string(), client_id.to_string()),
            ],
            &format!("tribune-subscription-setup-{}", Uuid::new_v4()),
        )
        .await?;
    Ok(envelope::result(PaymentStart::Stripe {
        client_secret: secret,
        publishable_key: stripe.config().publishable_key.clone(),
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmSetup {
    /// The SetupIntent the page confirmed (`seti_…`).
    pub setup_intent: String,
}

/// The card form was confirmed: the SetupIntent is read from Stripe (it must be this
/// subscription's and succeeded), its card put on the customer and kept on the subscription.
#[utoipa::path(post, path = "/public/subscriptions/{id}/activate/confirm", tag = "subscriptions",
    params(LinkQuery), request_body = ConfirmSetup,
    responses((status = 200, description = "the page with the card saved", body = Envelope<PublicSubscription>), (status = 403), (status = 404),
              (status = 422), (status = 503)))]
pub async fn confirm_activation(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<ConfirmSetup>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, _, _) = opened(&state, &path, &query.token).await?;
    let stripe = stripe_for(&state)?;
    let wanted = body.setup_intent.trim();
    if !wanted.starts_with("seti_") || wanted.len() > 100 {
        return Err(ApiError::field("setupIntent", "Ukendt kortopsætning."));
    }
    let intent = stripe.setup_intent(wanted).await?;
    let ours = intent
        .metadata
        .get("tribune_subscription")
        .and_then(Value::as_str)
        == Some(id.to_string().as_str());
    let (Some(customer), Some(method), true, true) = (
        intent.customer.clone(),
        intent.payment_method.clone(),
        intent.succeeded,
        ours,
    ) else {
        return Err(ApiError::invalid("Kortet blev ikke gemt. Prøv igen."));
    };
    stripe
        .attach(&method, &customer, &format!("tribune-attach-{method}"))
        .await?;
    let card = stripe
        .card(&method)
        .await?
        .ok_or_else(|| ApiError::invalid("Kortet blev ikke gemt. Prøv igen."))?;
    let saved = SavedCard {
        provider: ProviderKind::Stripe.as_str().to_string(),
        customer,
        payment_method: method,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
    };
    let actor = Actor::system(client_id, "Kunden");
    let subscription = SubscriptionService::of(&state)
        .activate(&actor, id, saved)
        .await?;
    Ok(envelope::result(
        page(&state, client_id, &subscription).await?,
    ))
}
