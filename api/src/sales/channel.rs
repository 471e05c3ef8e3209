//! A sales channel's rules, as data (issue 38 §1). The booking, the desk and the shop each state
//! one `Rules` (`booking::RULES`, `pos::RULES`, `shop::RULES`) and hand it to the `SaleService`,
//! which runs the steps every channel shares with it: price → reserve → create the order → pay or
//! confirm → settle → fulfil. A new channel writes its rules and its input's checks, never a copy
//! of the pipeline.

use futures::future::BoxFuture;
use sqlx::PgConnection;
use tribune_domain::order::{DeskPayment, Order};
use tribune_domain::selling::SaleChannel;
use uuid::Uuid;

use crate::error::ApiError;
use crate::integrations::payments::PaymentOutcome;
use crate::kit::actor::Actor;
use crate::kit::routes::Access;
use crate::state::AppState;

/// The `channel` of a sale's row in `sales`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// The public event booking (spec 2 §4).
    Booking,
    /// The point of sale at the event (spec 2 §6).
    Pos,
    /// The web shop's checkout (spec 3 §7).
    Shop,
}

impl Channel {
    pub const ALL: [Channel; 3] = [Channel::Booking, Channel::Pos, Channel::Shop];

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Booking => "booking",
            Channel::Pos => "pos",
            Channel::Shop => "shop",
        }
    }

    pub fn parse(text: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

/// How the channel's orders are numbered (ARCHITECTURE.md §4a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    /// The club's order series, taken before the sale's transaction (`kit::club::take_numbers`):
    /// unique and rising, not gap-free (a refused booking leaves its number unused).
    OrderSeries,
}

impl Numbering {
    /// The club's counter the numbers are taken from (`kit::club::take_numbers`).
    pub fn series(self) -> &'static str {
        match self {
            Numbering::OrderSeries => "order_numbers",
        }
    }
}

/// A way the channel takes money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payment {
    /// A card online, through the club's provider (Stripe or the payment window).
    Card,
    /// A card the customer saved at the club's Stripe.
    SavedCard,
    /// What the desk takes: cash, a card at the terminal, an invoice to the company.
    Desk(DeskPayment),
}

/// What a confirmed sale makes of its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderStep {
    /// Approved: the booking and the desk (nothing is left to do).
    Approve,
    /// Marked for staff ('processing'): the shop's order has goods to send.
    Process,
}

/// Which confirmation mail a confirmed sale sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmation {
    /// The event, a link per ticket, the tickets as one PDF and the calendar file.
    EventBooking,
    /// The lines with their variants and add-ons, the totals, the delivery, any tickets.
    ShopOrder,
}

/// What the sale's hold of places and stock is scoped to (`kit::capacity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldScope {
    /// The event's counters (its places, its products, its allowances).
    Event,
    /// The club's counters (the shop's stock and discount codes).
    Club,
}

/// How a sale was paid, as its fulfilment needs it.
pub enum PaidWith<'a> {
    /// Free, or paid at the desk.
    Nothing,
    /// A card payment as the provider settled it.
    Card(&'a PaymentOutcome),
}

/// What a channel sells beyond tickets and seats, inside the confirmation's transaction (the
/// shop's season tickets and subscriptions): false, with nothing done, when the sale cannot be
/// fulfilled any more (a season seat sold meanwhile), so it is refused as sold out.
pub type Fulfil = for<'a> fn(
    &'a AppState,
    &'a mut PgConnection,
    &'a Actor,
    Uuid,
    &'a Order,
    &'a PaidWith<'a>,
) -> BoxFuture<'a, Result<bool, ApiError>>;

/// A channel's rules (see the module's comment).
pub struct Rules {
    pub channel: Channel,
    /// Who may sell through it: the access its selling routes are registered with.
    pub sellers: Access,
    pub numbering: Numbering,
    /// Its VAT rule (`VatSettings::for_sale`).
    pub vat: SaleChannel,
    pub payments: &'static [Payment],
    /// How long an unpaid sale keeps its places, stock and seats; None: it never waits for a
    /// payment (the desk is paid on the spot).
    pub hold_minutes: Option<i64>,
    pub hold_scope: HoldScope,
    /// Whether a buyer's free tickets (allowances, invitations) pay for its lines.
    pub allowances: bool,
    /// Whether the buyer names each ticket's holder where its product asks for a name.
    pub named_tickets: bool,
    pub confirmed: OrderStep,
    pub confirmation: Confirmation,
    /// Whether cancelling the order gives its places and seats back and voids its tickets.
    pub release_when_cancelled: bool,
    pub fulfil: Option<Fulfil>,
}

/// What a sale of an event's tickets is unless its channel says otherwise (`..EVENT_SALE`):
/// numbered in the club's order series, holding the event's places, free tickets first, approved
/// when confirmed and mailed with its tickets, its places given back when its order is cancelled.
pub const EVENT_SALE: Rules = Rules {
    channel: Channel::Booking,
    sellers: Access::Public,
    numbering: Numbering::OrderSeries,
    vat: SaleChannel::Booking,
    payments: &[],
    hold_minutes: None,
    hold_scope: HoldScope::Event,
    allowances: true,
    named_tickets: false,
    confirmed: OrderStep::Approve,
    confirmation: Confirmation::EventBooking,
    release_when_cancelled: true,
    fulfil: None,
};

impl Rules {
    pub fn takes(&self, payment: Payment) -> bool {
        self.payments.contains(&payment)
    }

    /// When an unpaid sale made `now` lets go of what it holds.
    pub fn hold_until(&self, now: chrono::DateTime<chrono::Utc>) -> chrono::DateTime<chrono::Utc> {
        now + chrono::Duration::minutes(self.hold_minutes.unwrap_or(0))
    }
}
