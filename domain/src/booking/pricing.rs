//! What a booking costs (spec 2 §1, §9; issue 15): a company's free allowances are used first —
//! a line gets price 0 up to the allowance left for its product, the rest at the product's
//! price — and VAT is the included share of the total (20 % of it at the Danish 25 % rate), or
//! none when the club has disabled VAT. There is no discount in the public booking.

use std::collections::HashMap;

use uuid::Uuid;

use crate::money::Money;
use crate::selling::VatSettings;

/// One product the buyer wants, in the booking's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    /// The ticket product of the event.
    pub event_product: Uuid,
    /// The catalogue product (allowances are per product).
    pub product: Uuid,
    pub unit_price: Money,
    /// The add-ons chosen, per ticket: charged on every ticket, the free ones too (the
    /// allowance pays the ticket, not what the buyer adds to it).
    pub add_ons: Money,
    pub amount: i32,
}

/// A wanted product split into what the allowance pays (`free`) and what is charged (`paid`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priced {
    pub event_product: Uuid,
    pub product: Uuid,
    pub unit_price: Money,
    pub add_ons: Money,
    pub free: i32,
    pub paid: i32,
}

impl Priced {
    pub fn total(&self) -> Money {
        self.unit_price.times(i64::from(self.paid))
            + self.add_ons.times(i64::from(self.free + self.paid))
    }
}

/// Splits the wanted products over the allowances left per product (what the company's
/// contracts grant at this event, less what it has used), in the booking's order: earlier lines
/// take the allowance first.
pub fn apply_allowances(wanted: &[Wanted], allowance_left: &HashMap<Uuid, i32>) -> Vec<Priced> {
    let mut left = allowance_left.clone();
    wanted
        .iter()
        .map(|w| {
            let amount = w.amount.max(0);
            let free = left
                .get_mut(&w.product)
                .map(|n| {
                    let free = (*n).clamp(0, amount);
                    *n -= free;
                    free
                })
                .unwrap_or(0);
            Priced {
                event_product: w.event_product,
                product: w.product,
                unit_price: w.unit_price,
                add_ons: w.add_ons,
                free,
                paid: amount - free,
            }
        })
        .collect()
}

/// A booking's totals: prices include VAT, as consumer prices do. The subtotal is what is left
/// of the total without its VAT, so Subtotal + Moms = Total on every screen, mail and PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BookingTotals {
    pub subtotal: Money,
    pub vat: Money,
    pub total: Money,
}

impl BookingTotals {
    /// The totals of `total`, of which `vat` is VAT.
    pub fn vat_included(total: Money, vat: Money) -> Self {
        BookingTotals {
            subtotal: total - vat,
            vat,
            total,
        }
    }
}

/// The booking's totals: its prices include VAT (`vat` is the booking's, `VatSettings::for_sale`).
pub fn booking_totals(lines: &[Priced], vat: VatSettings) -> BookingTotals {
    let total: Money = lines.iter().map(Priced::total).sum();
    BookingTotals::vat_included(total, vat.included_in(total))
}

/// The point of sale's totals (spec 2 §9): each line's total (VAT included) and whether it is
/// exempt from VAT; the VAT is 20 % of what is not exempt (25 % on top), 0 when the club has
/// disabled VAT. Discount is always 0 there.
pub fn desk_totals(lines: &[(Money, bool)], vat: VatSettings) -> BookingTotals {
    let total: Money = lines.iter().map(|(total, _)| *total).sum();
    let taxable: Money = lines
        .iter()
        .filter(|(_, exempt)| !exempt)
        .map(|(total, _)| *total)
        .sum();
    BookingTotals {
        subtotal: total,
        vat: vat.included_in(taxable),
        total,
    }
}
