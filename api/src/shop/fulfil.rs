//! What a paid shop order sells beyond its lines (issue 17): a season-ticket product's line
//! becomes a season ticket on its seat (reserved at every event of the season, not only the
//! event the seat was picked at), and a subscription product's line becomes a Subscription,
//! approved, its first period paid by the order's payment and — when the payment kept the card —
//! its later periods charged to that card. Both run inside the settlement's transaction.

use sqlx::{Acquire, PgConnection};
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderLine};
use tribune_domain::subscription::{SavedCard, SubscriptionContent};
use uuid::Uuid;

use super::catalogue::products_by_ids;
use crate::error::ApiError;
use crate::integrations::payments::{PaymentOutcome, ProviderKind};
use crate::kit::actor::Actor;
use crate::kit::dates::today;
use crate::kit::seating::{self, Holder, SeasonLine, Voiding};
use crate::state::AppState;
use crate::subscriptions::service::SubscriptionService;

/// The order's season-ticket lines: (index, line).
async fn season_lines<'o>(
    conn: &mut PgConnection,
    client_id: Uuid,
    order: &'o Order,
) -> Result<Vec<(usize, &'o OrderLine)>, ApiError> {
    let products: Vec<Uuid> = order
        .content
        .lines
        .iter()
        .filter(|l| l.is_seat_ticket())
        .filter_map(|l| l.product_id)
        .collect();
    if products.is_empty() {
        return Ok(Vec::new());
    }
    let season = seating::season_ticket_products(conn, client_id, &products).await?;
    Ok(order
        .content
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.is_seat_ticket() && l.product_id.is_some_and(|p| season.contains(&p)))
        .collect())
}

/// Whether the line sells a season ticket (its product is a season-ticket product).
pub async fn season_line_ids(
    conn: &mut PgConnection,
    client_id: Uuid,
    order: &Order,
) -> Result<Vec<Uuid>, ApiError> {
    Ok(season_lines(conn, client_id, order)
        .await?
        .into_iter()
        .map(|(_, l)| l.id)
        .collect())
}

/// The season tickets of the order's season-ticket lines: each seat held for the order at the
/// event it was picked at becomes a season ticket on that seat. False, with nothing changed,
/// when a seat is no longer free at every event of the season (the order is then cancelled and
/// its money given back, as when its stock ran out).
pub async fn sell_season_tickets(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    order_id: Uuid,
    order: &Order,
) -> Result<bool, ApiError> {
    let client_id = actor.client_id;
    let lines = season_lines(conn, client_id, order).await?;
    if lines.is_empty() {
        return Ok(true);
    }
    // All or nothing: a refusal rolls back to here, the settlement itself stands.
    let mut savepoint = conn.begin().await?;
    let mut wanted = Vec::new();
    for (at, line) in &lines {
        let (Some(event), Some(seat)) = (line.seat_event_id, line.seat.as_deref()) else {
            return Ok(false);
        };
        // The order's own hold at the event becomes the season ticket's reservation.
        sqlx::query(
            "DELETE FROM event_seats es USING seats s \
             WHERE es.seat_id = s.id AND es.order_id = $1 AND es.event_id = $2 AND s.label = $3 \
               AND es.status = 'held'",
        )
        .bind(order_id)
        .bind(event)
        .bind(seat.trim())
        .execute(&mut *savepoint)
        .await?;
        wanted.push(SeasonLine {
            at: *at,
            event,
            seat: seat.trim().to_string(),
            product_id: line.product_id.unwrap_or_default(),
        });
    }
    let customer = &order.content.customer;
    let name = format!("{} {}", customer.firstname.trim(), customer.lastname.trim());
    let refused = seating::sync_order_season_tickets(
        &mut savepoint,
        client_id,
        order_id,
        &wanted,
        &Holder {
            name: name.trim(),
            email: customer.email.trim(),
            company_id: order.content.company_id,
        },
        &Voiding {
            tickets: &state.tickets,
            actor,
            reason: "Sæsonkortet blev ikke solgt",
            void: crate::tickets::service::void_match_tickets,
        },
    )
    .await?;
    if !refused.is_empty() {
        tracing::warn!(order = %order_id, ?refused, "a paid shop order's season seats were taken");
        savepoint.rollback().await?;
        return Ok(false);
    }
    savepoint.commit().await?;
    Ok(true)
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
