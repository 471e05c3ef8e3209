//! What every channel that sells an event's tickets shares when it checks and prices a line
//! (issue 38 §1, the "price" step): the line as checked, a seat-ticket line's seat, the
//! buyer's free tickets first, and the refusals the booking and the desk both give.

use std::collections::HashMap;

use tribune_domain::booking::{apply_allowances, Priced, Wanted};
use tribune_domain::money::Money;
use tribune_domain::order::{ExtraInfoValue, LineOption, OrderLine};
use tribune_domain::ticket::TicketOption;
use uuid::Uuid;

use super::channel::Rules;
use super::offers::{Offer, SaleEvent, SaleProduct};
use super::process::StoredTicket;
use crate::kit::seating::LineSeat;

/// The places asked for are gone (spec 2 §5).
pub const SOLD_OUT: &str = "De valgte pladser er ikke længere tilgængelig!";

/// The most tickets one line may ask for.
pub const MAX_TICKETS_PER_LINE: i64 = 1_000;

/// One ticket line of a sale, checked.
#[derive(Debug, Clone)]
pub struct PlannedLine {
    pub offer: Offer,
    pub amount: i32,
    /// Paid by the allowance.
    pub free: i32,
    /// One per ticket when the product wants names.
    pub names: Vec<Option<String>>,
    pub extra_info: Vec<ExtraInfoValue>,
    /// A seat-ticket line's seat (one seat per line) and the hold session that holds it.
    pub seat: Option<(LineSeat, String)>,
    /// The add-ons chosen for each of its tickets, at their price per ticket (as the line's).
    pub options: Vec<LineOption>,
}

impl PlannedLine {
    /// What the add-ons cost per ticket.
    pub fn add_ons(&self) -> Money {
        self.options.iter().map(|o| o.price).sum()
    }
}

/// A seat-ticket line without its seat (spec 3 §8).
pub const SEAT_MISSING: &str = "Plads skal vælges!";

/// A seat-ticket line checked: its seat and hold session given, one seat a line, the seat not
/// already on another line (`chosen`). What is wrong: the line's field ('seat' or 'amount') and
/// the message.
pub fn seat_line_refusal(
    seat: &str,
    token: &str,
    amount: i64,
    chosen: impl Fn(&str) -> bool,
) -> Option<(&'static str, String)> {
    if seat.is_empty() || token.is_empty() {
        return Some(("seat", SEAT_MISSING.to_string()));
    }
    if amount != 1 {
        return Some(("amount", "En pladsbillet gælder én plads".to_string()));
    }
    if chosen(seat) {
        return Some(("seat", format!("Pladsen {seat} er valgt to gange")));
    }
    None
}

/// Why a held seat cannot go with the product: its category is not one the product sells.
pub fn seat_not_sold_with(product: &SaleProduct, seat: &LineSeat) -> Option<String> {
    let sells = product.seat_keys.is_empty()
        || seat
            .category_key
            .as_ref()
            .is_some_and(|k| product.seat_keys.contains(k));
    (!sells).then(|| format!("Pladsen {} sælges ikke med {}", seat.label, product.title))
}

/// The lines priced with the buyer's free tickets first: the allowance left is per catalogue
/// product (two ticket products of one product share it), when the channel's rules take
/// free tickets.
pub fn allowances_of<'a>(
    rules: &Rules,
    lines: impl Iterator<Item = &'a PlannedLine> + Clone,
) -> Vec<Priced> {
    // A channel without free tickets charges every ticket.
    let allowance_left: HashMap<Uuid, i32> = match rules.allowances {
        true => lines
            .clone()
            .map(|l| (l.offer.product.product_id, l.offer.allowance))
            .collect(),
        false => HashMap::new(),
    };
    let wanted: Vec<Wanted> = lines
        .map(|l| Wanted {
            event_product: l.offer.product.id,
            product: l.offer.product.product_id,
            unit_price: l.offer.price,
            add_ons: l.add_ons(),
            amount: l.amount,
        })
        .collect();
    apply_allowances(&wanted, &allowance_left)
}

/// The free tickets are gone meanwhile: the buyer is sent back to see the price again.
pub const FREE_TICKETS_GONE: &str =
    "Fribilletterne er brugt i mellemtiden. Gå tilbage og se prisen igen.";

/// The order lines of checked ticket lines (the "create the order" step): a line per product
/// and price — the free tickets at 0, the rest at the offer's price, both with the add-ons
/// chosen at theirs — with its seat, and the
/// tickets the sale will issue once confirmed, named as the buyer named them where the
/// channel's rules name tickets.
pub fn sold_lines<'a>(
    rules: &Rules,
    event: &SaleEvent,
    planned: impl Iterator<Item = &'a PlannedLine>,
) -> (Vec<OrderLine>, Vec<StoredTicket>) {
    let mut lines = Vec::new();
    let mut tickets = Vec::new();
    for line in planned {
        let product = &line.offer.product;
        let seat = line.seat.as_ref().map(|(seat, _)| seat);
        let mut names = line.names.iter();
        for (amount, price) in [
            (line.free, Money::ZERO),
            (line.amount - line.free, line.offer.price),
        ] {
            if amount <= 0 {
                continue;
            }
            let id = Uuid::new_v4();
            for _ in 0..amount {
                tickets.push(StoredTicket {
                    event_product_id: product.id,
                    product_id: product.product_id,
                    title: product.title.clone(),
                    order_line_id: id,
                    name: names.next().cloned().flatten(),
                    name_required: rules.named_tickets && product.name_required,
                    extra_info: line.extra_info.clone(),
                    seat: seat.cloned(),
                    options: line.options.iter().map(TicketOption::from).collect(),
                });
            }
            lines.push(OrderLine {
                id,
                product_id: Some(product.product_id),
                title: product.title.clone(),
                kind: Some(product.kind.clone()),
                price,
                amount: i64::from(amount),
                options: line.options.clone(),
                extra_info: line.extra_info.clone(),
                seat: seat.map(|s| s.label.clone()),
                seat_event: seat.map(|_| event.title.clone()),
                seat_event_id: Some(event.id),
                seat_category_id: seat.and_then(|s| s.category_key.clone()),
                ..OrderLine::default()
            });
        }
    }
    (lines, tickets)
}

/// A line's amount out of bounds: below `least`, or above `MAX_TICKETS_PER_LINE`.
pub fn amount_refusal(amount: i64, least: i64) -> Option<String> {
    if amount < least {
        return Some(format!("Antal skal være mindst {least}"));
    }
    (amount > MAX_TICKETS_PER_LINE).then(|| format!("Antal må højst være {MAX_TICKETS_PER_LINE}"))
}
