//! The one sales service (issue 38 §1): the steps every channel shares once its adapter has
//! checked and priced the sale — start the payment, confirm (the order approved or marked for
//! staff, the seats booked, the tickets issued, the rest fulfilled, the mail queued), settle a
//! card payment that arrives later (keeping, or taking anew, what an expired hold let go), give
//! up an unpaid sale, and give back what a cancelled order held. Each step reads the sale's row
//! in `sales` and its channel's `Rules`; no step is written twice.

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderStatus};
use uuid::Uuid;

use super::channel::{Channel, HoldScope, OrderStep, PaidWith, Rules};
use super::process::{self, SaleRow};
use super::{confirmation, fulfil};
use crate::error::ApiError;
use crate::integrations::payments::{PaymentOutcome, PaymentStart};
use crate::kit::actor::Actor;
use crate::kit::capacity::{self, NewHold};
use crate::kit::seating;
use crate::orders::OrderService;
use crate::payments::ledger::{self as payments, Paid, StartPayment};
use crate::state::AppState;
use crate::tickets::service::TicketService;

/// The channels' rules, as the composition root (`AppState`) registers them.
pub type Channels = &'static [&'static Rules];

pub struct SaleService<'a> {
    state: &'a AppState,
}

impl<'a> SaleService<'a> {
    pub fn of(state: &'a AppState) -> Self {
        SaleService { state }
    }

    /// The rules of a channel; every channel is registered (a unit test of the state holds it).
    pub fn rules(&self, channel: Channel) -> Option<&'static Rules> {
        self.state
            .sale_channels
            .iter()
            .copied()
            .find(|rules| rules.channel == channel)
    }

    fn rules_of(&self, sale: &SaleRow) -> Result<&'static Rules, ApiError> {
        sale.channel()
            .and_then(|channel| self.rules(channel))
            .ok_or_else(|| {
                ApiError::internal(anyhow::anyhow!("a sale of channel {}", sale.channel))
            })
    }

    /// The card payment of a sale that costs something (None when it costs nothing).
    pub async fn start_payment(
        &self,
        client_id: Uuid,
        request: StartPayment,
    ) -> Result<Option<PaymentStart>, ApiError> {
        if request.amount <= Money::ZERO {
            return Ok(None);
        }
        Ok(Some(payments::start(self.state, client_id, request).await?))
    }

    /// Confirms a pending sale inside the caller's transaction (see the module's comment). Its
    /// places and seats must be kept already (a free sale's never expire). False when it can no
    /// longer be fulfilled (a season ticket's seat was sold at another event of its season):
    /// the caller refuses it as sold out — a free checkout rolls its transaction back, a paid
    /// sale is cancelled and its money given back (`on_paid`, `cancel_sold_out`).
    pub async fn confirm_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        order_id: Uuid,
        paid: &PaidWith<'_>,
    ) -> Result<bool, ApiError> {
        let state = self.state;
        let sale = process::for_update(conn, order_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        if sale.status != "pending" {
            return Ok(true);
        }
        let rules = self.rules_of(&sale)?;
        let orders = OrderService::of(state);
        let order = match rules.confirmed {
            OrderStep::Approve => orders.approve_in(conn, actor, order_id).await?,
            OrderStep::Process => orders.process_in(conn, actor, order_id).await?,
        };
        if sale.event_id.is_none() {
            // A sale of order lines (the shop): its season tickets, then a ticket per other seat
            // line.
            if !fulfil::sell_season_tickets(state, conn, actor, order_id, &order).await? {
                return Ok(false);
            }
            let season_lines = fulfil::season_line_ids(conn, sale.client_id, &order).await?;
            seating::book(conn, order_id).await?;
            fulfil::issue_seat_tickets(state, conn, actor, order_id, &order, &season_lines).await?;
        } else {
            seating::book(conn, order_id).await?;
            fulfil::record_invites(state, conn, actor, &sale).await?;
            fulfil::void_released_season_seats(state, conn, actor, order_id).await?;
            fulfil::issue_stored_tickets(state, conn, actor, &sale).await?;
        }
        if let Some(fulfil) = rules.fulfil {
            if !fulfil(state, conn, actor, order_id, &order, paid).await? {
                return Ok(false);
            }
        }
        process::set_confirmed(conn, order_id).await?;
        confirmation::queue(state, conn, actor, rules.confirmation, &sale, &order)
            .await
            .map(|()| true)
    }

    /// A confirmed sale's confirmation mail sent again, as its buyer asks from the profile:
    /// Ok(false) when the order is not a confirmed sale.
    pub async fn resend_confirmation(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        order_id: Uuid,
    ) -> Result<bool, ApiError> {
        let Some(sale) = process::of(conn, order_id).await? else {
            return Ok(false);
        };
        if sale.status != "confirmed" {
            return Ok(false);
        }
        let rules = self.rules_of(&sale)?;
        let (order, _) =
            tribune_projections::fold::load_in::<Order>(&mut *conn, &order_id.to_string())
                .await
                .map_err(ApiError::internal)?;
        confirmation::queue(self.state, conn, actor, rules.confirmation, &sale, &order).await?;
        Ok(true)
    }

    /// A card payment of `order_id` was recorded in the caller's transaction: a pending sale
    /// keeps its places and stock (taking them anew if its hold ran out) and its seats, and is
    /// confirmed; when they are gone it is cancelled (`Paid::SoldOut`: the settlement then
    /// cancels the order and gives the money back).
    pub async fn on_paid(
        &self,
        conn: &mut PgConnection,
        client_id: Uuid,
        order_id: Uuid,
        outcome: &PaymentOutcome,
    ) -> Result<Paid, ApiError> {
        let Some(sale) = process::for_update(conn, order_id).await? else {
            return Ok(Paid::NotItsOrder);
        };
        match sale.status.as_str() {
            "confirmed" => return Ok(Paid::Confirmed),
            "cancelled" => return Ok(Paid::SoldOut),
            _ => {}
        }
        let rules = self.rules_of(&sale)?;
        if let Some(hold) = sale.hold_id {
            let scope = match (rules.hold_scope, sale.event_id) {
                (HoldScope::Event, Some(event)) => event,
                _ => client_id,
            };
            match capacity::keep_or_take_anew(
                conn,
                client_id,
                hold,
                scope,
                order_id,
                &sale.claims.0,
            )
            .await?
            {
                Some(kept) if kept == hold => {}
                Some(kept) => process::set_hold(conn, order_id, kept).await?,
                None => return sold_out(conn, order_id).await,
            }
        }
        // Its seats, unless their hold ran out and someone else took them.
        let seats = if sale.event_id.is_none() {
            let (order, _) =
                tribune_projections::fold::load_in::<Order>(&mut *conn, &order_id.to_string())
                    .await
                    .map_err(ApiError::internal)?;
            order
                .content
                .lines
                .iter()
                .filter(|l| l.is_seat_ticket())
                .count()
        } else {
            sale.seats()
        };
        let far = Utc::now() + chrono::Duration::days(1);
        if !seating::keep(conn, order_id, seats, far).await? {
            return sold_out(conn, order_id).await;
        }
        let actor = Actor::system(client_id, "Kortbetaling");
        if !self
            .confirm_in(conn, &actor, order_id, &PaidWith::Card(outcome))
            .await?
        {
            return sold_out(conn, order_id).await;
        }
        Ok(Paid::Confirmed)
    }

    /// A paid sale whose places were gone: its order to staff ('processing'), then cancelled
    /// with its money given back.
    pub async fn cancel_sold_out(&self, client_id: Uuid, order_id: Uuid) -> Result<(), ApiError> {
        let actor = Actor::system(client_id, "Kortbetaling");
        let service = OrderService::of(self.state);
        let (order, _) = service.load(client_id, order_id).await?;
        // A booking's draft or a shop checkout's cart goes to staff first, then is cancelled.
        if order.status.is_editable() {
            service.process(&actor, order_id).await?;
        }
        if order.status != OrderStatus::Cancelled {
            service.cancel(self.state, &actor, order_id, None).await?;
        }
        Ok(())
    }

    /// A pending card sale whose payment will not come (a retry finds its places gone, or
    /// nobody paid for a day: `booking::sweep`): what it holds given back and the sale
    /// cancelled; its unpaid order is cancelled too. A sale confirmed meanwhile (its payment
    /// came) is left alone.
    pub async fn give_up(&self, client_id: Uuid, order_id: Uuid) -> Result<(), ApiError> {
        let mut tx = tribune_projections::db::club_tx(&self.state.pool, client_id).await?;
        let Some(sale) = process::for_update(&mut tx, order_id).await? else {
            return Ok(());
        };
        match sale.status.as_str() {
            "pending" => {
                if let Some(hold) = sale.hold_id {
                    capacity::release(&mut tx, hold).await?;
                }
                seating::release(&mut tx, order_id).await?;
                process::set_cancelled(&mut tx, order_id).await?;
            }
            // Paid meanwhile: left alone. Given up already (another node's sweep, or a retry that
            // found the places gone, at the same moment): whoever cancelled the sale cancels its
            // order, and a second cancel would only collide with it.
            "confirmed" | "cancelled" => return Ok(()),
            _ => {}
        }
        tx.commit().await?;
        self.cancel_sold_out(client_id, order_id).await
    }

    /// Takes a pending event sale's places anew for a retry of its payment when its hold ran
    /// out, and keeps its seats as long: until when, or None when they are gone.
    pub async fn renew_hold(
        &self,
        client_id: Uuid,
        order_id: Uuid,
    ) -> Result<Option<DateTime<Utc>>, ApiError> {
        let mut tx = tribune_projections::db::club_tx(&self.state.pool, client_id).await?;
        let sale = process::for_update(&mut tx, order_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let rules = self.rules_of(&sale)?;
        let (Some(hold), Some(event)) = (sale.hold_id, sale.event_id) else {
            return Err(ApiError::NotFound);
        };
        let now = Utc::now();
        let expires = rules.hold_until(now);
        match capacity::live(&mut tx, hold).await? {
            Some(_) => capacity::extend(&mut tx, hold, expires).await?,
            None => {
                let retaken = capacity::hold(
                    &mut tx,
                    client_id,
                    NewHold {
                        id: Uuid::new_v4(),
                        scope: event,
                        owner: order_id,
                        expires_at: Some(expires),
                    },
                    &sale.claims.0,
                    now,
                )
                .await?;
                match retaken {
                    Ok(hold) => process::set_hold(&mut tx, order_id, hold).await?,
                    Err(_) => {
                        tx.rollback().await?;
                        return Ok(None);
                    }
                }
            }
        }
        if !seating::keep(&mut tx, order_id, sale.seats(), expires).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(expires))
    }

    /// The order of a sale was cancelled (by staff, or because its places were gone), inside
    /// the caller's transaction: when its channel's rules say so, its places and seats are given
    /// back and its tickets voided.
    pub async fn cancelled_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        order_id: Uuid,
    ) -> Result<(), ApiError> {
        let Some(sale) = process::for_update(conn, order_id).await? else {
            return Ok(());
        };
        if !self.rules_of(&sale)?.release_when_cancelled {
            return Ok(());
        }
        if let Some(hold) = sale.hold_id {
            capacity::release(conn, hold).await?;
        }
        seating::release(conn, order_id).await?;
        process::set_cancelled(conn, order_id).await?;
        let tickets =
            tribune_projections::ticket::queries::of_order(conn, sale.client_id, order_id).await?;
        for ticket in tickets.iter().filter(|t| t.status != "voided") {
            TicketService::of(self.state)
                .void_in(conn, actor, ticket.id, "Ordren er annulleret")
                .await?;
        }
        Ok(())
    }
}

async fn sold_out(conn: &mut PgConnection, order_id: Uuid) -> Result<Paid, ApiError> {
    process::set_cancelled(conn, order_id).await?;
    Ok(Paid::SoldOut)
}

/// `SaleService::on_paid` as the payments' hook (`payments::ledger::OrderPaid`).
pub fn paid_hook<'a>(
    state: &'a AppState,
    conn: &'a mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    outcome: &'a PaymentOutcome,
) -> BoxFuture<'a, Result<Paid, ApiError>> {
    Box::pin(async move {
        SaleService::of(state)
            .on_paid(conn, client_id, order_id, outcome)
            .await
    })
}

/// `SaleService::cancel_sold_out` as the payments' hook (`payments::ledger::SoldOut`).
pub fn sold_out_hook(
    state: &AppState,
    client_id: Uuid,
    order_id: Uuid,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move {
        SaleService::of(state)
            .cancel_sold_out(client_id, order_id)
            .await
    })
}
