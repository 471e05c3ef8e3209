//! What a paid shop order sells beyond its tickets and seats (issue 17; the shop's `Fulfil` rule,
//! `shop::RULES`): a subscription product's line becomes a Subscription, approved, its first
//! period paid by the order's payment and — when the payment kept the card — its later periods
//! charged to that card. It runs inside the confirmation's transaction.

use futures::future::BoxFuture;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderLine};
use tribune_domain::subscription::{SavedCard, SubscriptionContent};
use uuid::Uuid;

use super::catalogue::products_by_ids;
use crate::error::ApiError;
use crate::integrations::payments::{PaymentOutcome, ProviderKind};
use crate::kit::actor::Actor;
use crate::kit::dates::today;
use crate::sales::channel::PaidWith;
use crate::state::AppState;
use crate::subscriptions::service::SubscriptionService;

/// `start_subscriptions` as the shop's `Fulfil` rule (`sales::channel::Fulfil`).
pub fn fulfil<'a>(
    state: &'a AppState,
    conn: &'a mut PgConnection,
    actor: &'a Actor,
    _order_id: Uuid,
    order: &'a Order,
    paid: &'a PaidWith<'a>,
) -> BoxFuture<'a, Result<bool, ApiError>> {
    Box::pin(async move {
        let paid = match paid {
            PaidWith::Card(outcome) => PaidBy::card_payment(outcome),
            PaidWith::Nothing => PaidBy::default(),
        };
        start_subscriptions(state, conn, actor, order, &paid).await?;
        Ok(true)
    })
}

/// How the order was paid, as a subscription bought with it keeps it: the card the payment
/// kept (if it kept one) and the payment's reference.
#[derive(Debug, Clone, Default)]
pub struct PaidBy {
    pub card: Option<SavedCard>,
    pub reference: Option<String>,
}

impl PaidBy {
    /// A card payment as it was settled (only Stripe keeps cards).
    pub fn card_payment(outcome: &PaymentOutcome) -> PaidBy {
        let card = match (&outcome.kept, &outcome.card) {
            (Some(kept), Some(card)) => Some(SavedCard {
                provider: ProviderKind::Stripe.as_str().to_string(),
                customer: kept.customer.clone(),
                payment_method: kept.method.clone(),
                brand: card.brand.clone(),
                last4: card.last4.clone(),
                exp_month: card.exp_month,
                exp_year: card.exp_year,
            }),
            _ => None,
        };
        PaidBy {
            card,
            reference: Some(outcome.reference.clone()),
        }
    }
}

/// A Subscription for each of the order's subscription lines (see the module's comment). The
/// subscription is with the club's contact of the buyer's e-mail (made when there is none), and
/// recurs at the product's fee; its first period is the order's. Returns the subscriptions'
/// numbers.
pub async fn start_subscriptions(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order: &Order,
    paid: &PaidBy,
) -> Result<Vec<i64>, ApiError> {
    let client_id = actor.client_id;
    let ids: Vec<Uuid> = order
        .content
        .lines
        .iter()
        .filter_map(|l| l.product_id)
        .collect();
    let products = products_by_ids(conn, client_id, &ids).await?;
    let lines: Vec<(&OrderLine, Money, u32, u32)> = order
        .content
        .lines
        .iter()
        .filter_map(|line| {
            let product = products.get(&line.product_id?)?;
            if !product.is_subscription() {
                return None;
            }
            let variant = line.variant_id.and_then(|v| product.variant(v));
            Some((
                line,
                product.period_price(variant),
                u32::try_from(product.subscription.interval.unwrap_or(1).max(1)).unwrap_or(1),
                u32::try_from(product.subscription.commitment.unwrap_or(0).max(0)).unwrap_or(0),
            ))
        })
        .collect();
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    let customer = &order.content.customer;
    let contact =
        crate::crm::contacts::contact_for_customer(conn, client_id, customer, actor.user_id)
            .await?;
    let reference = paid
        .reference
        .clone()
        .unwrap_or_else(|| format!("ordre-{}", order.number));
    let service = SubscriptionService::of(state);
    let mut numbers = Vec::new();
    for (line, fee, repeats, commitment) in lines {
        let content = SubscriptionContent {
            description: Some(format!("Købt i webshoppen med ordre #{}", order.number)),
            start_date: Some(today()),
            no_end_date: true,
            repeats: Some(repeats),
            commitment: Some(commitment),
            auto_renew: true,
            lines: vec![OrderLine {
                id: Uuid::new_v4(),
                price: fee,
                ..line.clone()
            }],
            contact_id: Some(contact),
            company_id: order.content.company_id,
            customer: customer.clone(),
            ..SubscriptionContent::default()
        };
        let (_, number) = service
            .start_paid_in(
                conn,
                actor,
                order.vat,
                content,
                paid.card.clone(),
                &reference,
            )
            .await?;
        numbers.push(number);
    }
    Ok(numbers)
}
