//! The public payment page of an order (`/shop/payment/{id}?token=`, the link 'Send
//! betalingslink' mails; issue 14): what the customer pays for, a payment started with the
//! club's provider, and the customer's return, which the server settles by reading the payment
//! from the provider (the browser's word is never taken).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderStatus, PaidCard, PaymentStatus};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::integrations::payments::{Capture, CardUse, PaymentStart, ProviderKind};
use crate::kit::ids::parse_id;
use crate::orders::OrderService;
use crate::payments::ledger::{self as payments, LinkQuery, Purpose, StartPayment};
use crate::state::AppState;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PaymentPageLine {
    pub title: String,
    pub variant: Option<String>,
    #[ts(type = "number")]
    pub amount: i64,
    pub total: Money,
}

/// What the payment page shows.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OrderPaymentPage {
    #[ts(type = "number")]
    pub order_number: i64,
    pub club_name: String,
    pub customer_name: String,
    pub email: String,
    pub lines: Vec<PaymentPageLine>,
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
    /// The club shows prices with VAT.
    pub prices_with_vat: bool,
    pub payment_status: PaymentStatus,
    /// The club's provider; None: the club takes no cards.
    #[schema(value_type = Option<String>)]
    #[ts(type = "'stripe' | 'window' | null")]
    pub provider: Option<ProviderKind>,
    /// The card that paid, once paid.
    pub card: Option<PaidCard>,
    /// The customer can pay now: something to pay, not paid, not cancelled, a provider.
    pub payable: bool,
    /// Why the last try failed, for the customer.
    pub last_error: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmPayment {
    /// The Stripe PaymentIntent the payer comes back with (`payment_intent` of the return).
    #[serde(default)]
    pub reference: Option<String>,
}

async fn opened(
    state: &AppState,
    path: &str,
    token: &str,
) -> Result<(Uuid, Uuid, Order), ApiError> {
    let id = parse_id(path)?;
    let client_id = payments::open_link(&state.pool, Purpose::Order, id, token).await?;
    let (order, _) = OrderService::of(state).load(client_id, id).await?;
    Ok((client_id, id, order))
}

async fn page(
    state: &AppState,
    client_id: Uuid,
    id: Uuid,
    order: &Order,
) -> Result<OrderPaymentPage, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let club_name: String = crate::kit::club::club_name(&mut tx, client_id).await?;
    let provider = payments::club_provider_kind(&mut tx, client_id).await?;
    let last = payments::latest_for(&mut tx, id).await?;
    let last_error = last
        .filter(|row| row.status == "failed")
        .and_then(|row| row.error);
    tx.commit().await?;
    let totals = order.totals();
    let customer = &order.content.customer;
    let lines = order
        .content
        .lines
        .iter()
        .map(|line| PaymentPageLine {
            title: line.title.clone(),
            variant: line.variant.clone(),
            amount: line.amount,
            total: tribune_domain::selling::totals::line_amounts(line).total,
        })
        .collect();
    let payable = provider.is_some()
        && totals.total > Money::ZERO
        && order.status != OrderStatus::Cancelled
        && matches!(
            order.payment_status,
            PaymentStatus::Pending | PaymentStatus::Cancelled
        );
    Ok(OrderPaymentPage {
        order_number: order.number,
        club_name,
        customer_name: format!("{} {}", customer.firstname, customer.lastname)
            .trim()
            .to_string(),
        email: customer.email.clone(),
        lines,
        subtotal: totals.subtotal,
        vat: totals.vat,
        total: totals.total,
        prices_with_vat: order.vat.prices_with_vat,
        payment_status: order.payment_status,
        provider,
        card: order.card_payment.as_ref().and_then(|p| p.card.clone()),
        payable,
        last_error,
    })
}

#[utoipa::path(get, path = "/api/public/orders/{id}/payment", tag = "payments", params(LinkQuery),
    responses((status = 200, description = "what the payment page shows", body = Envelope<OrderPaymentPage>),
              (status = 403, description = "not a link of this order"), (status = 404)))]
pub async fn payment_page(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, order) = opened(&state, &path, &query.token).await?;
    Ok(envelope::result(page(&state, client_id, id, &order).await?))
}

/// Starts a payment of the order's total with the club's provider: a Stripe client secret for
/// the payment element, or the window's form. Stripe reserves the amount (staff capture it with
/// 'Hæv betaling'); the window takes it at once.
#[utoipa::path(post, path = "/api/public/orders/{id}/payment/start", tag = "payments", params(LinkQuery),
    responses((status = 200, description = "how the payment goes on", body = Envelope<PaymentStart>),
              (status = 403), (status = 404), (status = 422, description = "nothing to pay, already paid, or no provider"),
              (status = 503, description = "the provider does not answer")))]
pub async fn start_payment(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, order) = opened(&state, &path, &query.token).await?;
    let current = page(&state, client_id, id, &order).await?;
    if !current.payable {
        return Err(ApiError::invalid(match current.payment_status {
            PaymentStatus::Paid | PaymentStatus::Authorized => "Ordren er allerede betalt.",
            _ if order.status == OrderStatus::Cancelled => "Ordren er annulleret.",
            _ if current.provider.is_none() => "Kortbetaling er ikke sat op for klubben.",
            _ => "Der er intet at betale.",
        }));
    }
    let base = state.settings.public_url.trim_end_matches('/');
    let back = format!(
        "{base}/shop/payment/{id}?token={}",
        form_urlencoded::byte_serialize(query.token.as_bytes()).collect::<String>()
    );
    let started = payments::start(
        &state,
        client_id,
        StartPayment {
            purpose: Purpose::Order,
            owner_id: id,
            amount: current.total,
            capture: match current.provider {
                Some(ProviderKind::Window) => Capture::Automatic,
                _ => Capture::Manual,
            },
            customer: None,
            accept_url: format!("{back}&window=accept"),
            cancel_url: format!("{back}&window=cancel"),
            period: None,
            card: CardUse::default(),
        },
    )
    .await?;
    Ok(envelope::result(started))
}

/// The payer is back: the payment is read from the provider and settled (a webhook may have
/// done so already; settling twice changes nothing). The window's payments settle only by its
/// callback, so this just shows where the order stands.
#[utoipa::path(post, path = "/api/public/orders/{id}/payment/confirm", tag = "payments", params(LinkQuery),
    request_body = ConfirmPayment,
    responses((status = 200, description = "where the order stands now", body = Envelope<OrderPaymentPage>),
              (status = 403), (status = 404), (status = 503)))]
pub async fn confirm_payment(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Option<web::Json<ConfirmPayment>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, id, _) = opened(&state, &path, &query.token).await?;
    let reference = body.and_then(|b| b.into_inner().reference);
    let mut tx = club_tx(&state.pool, client_id).await?;
    let row = match reference
        .as_deref()
        .filter(|r| !r.is_empty() && r.len() <= 255)
    {
        Some(reference) => payments::of_owner(&mut tx, id, reference).await?,
        None => payments::latest_for(&mut tx, id).await?,
    };
    tx.commit().await?;
    if let Some(row) = row.filter(|r| r.provider == ProviderKind::Stripe.as_str()) {
        let provider = payments::provider(&state, ProviderKind::Stripe)?;
        if let Some(outcome) = provider
            .read(row.reference.as_deref().unwrap_or_default())
            .await?
        {
            payments::settle(&state, &row, &outcome, None).await?;
        }
    }
    let (order, _) = OrderService::of(&state).load(client_id, id).await?;
    Ok(envelope::result(page(&state, client_id, id, &order).await?))
}
