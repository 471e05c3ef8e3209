//! The money of a sale (spec 3 §9: an order's, and a contract's, invoice's and subscription's alike), in integer øre, written once: the server's read tables, the
//! exports and the API all take their numbers from here.
//!
//! - Line total = (price − discount + Σ option prices) × amount.
//! - The order discount comes off at order level, shared over the lines in proportion to their
//!   totals (so a VAT-exempt line carries its share of it).
//! - VAT per line at the club's rate: on top of the price when prices are without VAT, backed out
//!   of it when prices include VAT, nothing for a VAT-exempt line or when the club disabled VAT.
//! - Rate invoicing adds a fee of `rate_fee` percent of the subtotal (with VAT on the fee).
//! - Prepayment vs regular follows each line's and each option's prePayment flag.

//!
//! Every figure is computed with `crate::money::Money`, which never wraps; the order's rules keep
//! each amount within the money module's bounds, so a valid order never comes near its limits.

use serde::{Deserialize, Serialize};

use super::lines::{Invoicing, InvoicingType, OrderLine};
use crate::money::Money;

/// The club's VAT setting, captured on the order when it is created so that later changes of the
/// setting never rewrite an existing order's totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VatSettings {
    pub prices_with_vat: bool,
    /// Basis points: 2500 = 25 %.
    #[ts(type = "number")]
    pub vat_rate: i64,
    pub disable_vat: bool,
}

/// Who sells an order: each channel's rule for whether its prices include VAT (issue 38 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaleChannel {
    /// The staff order editor (spec 3 §4).
    Staff,
    /// The web shop's cart and checkout (spec 3 §7).
    Shop,
    /// The public event booking, and an invite's free tickets booked through it (spec 2 §4).
    Booking,
    /// The point of sale at the event (spec 2 §6).
    Desk,
}

impl VatSettings {
    /// The one VAT policy: the VAT an order of `channel` is made with, from the club's
    /// settings. The club's rate and its 'no VAT' switch hold for every channel. Whether the
    /// prices include VAT is the club's choice in the staff editor and the web shop (spec 3 §9:
    /// "the shop and checkout use the client's vatRate"); the public booking and the desk sell
    /// at the event's posted price, VAT included (spec 2 §9: "VAT is 20 percent of the subtotal
    /// in the public booking and point of sale").
    pub fn for_sale(club: VatSettings, channel: SaleChannel) -> VatSettings {
        match channel {
            SaleChannel::Staff | SaleChannel::Shop => club,
            SaleChannel::Booking | SaleChannel::Desk => VatSettings {
                prices_with_vat: true,
                ..club
            },
        }
    }

    /// The VAT included in `gross` (a price with VAT): none when VAT is off.
    pub fn included_in(&self, gross: Money) -> Money {
        if self.disable_vat {
            Money::ZERO
        } else {
            gross.vat_included(self.vat_rate)
        }
    }
}

impl Default for VatSettings {
    fn default() -> Self {
        VatSettings {
            prices_with_vat: false,
            vat_rate: 2500,
            disable_vat: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineAmounts {
    /// (price − discount + Σ option prices) × amount, as entered (VAT as the club's prices are).
    pub total: Money,
    /// The share of it that is prepaid.
    pub pre_payment: Money,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Without VAT, after every discount.
    pub subtotal: Money,
    /// All discounts: line discounts × amounts plus the order discount.
    pub discount: Money,
    /// Fees (the rates fee), without VAT.
    pub additional_fee: Money,
    pub vat: Money,
    pub total: Money,
    pub pre_payment_total: Money,
    pub regular_total: Money,
}

fn line_money(line: &OrderLine) -> LineAmounts {
    let options: Money = line.options.iter().map(|o| o.price).sum();
    let prepaid_options: Money = line
        .options
        .iter()
        .filter(|o| o.pre_payment)
        .map(|o| o.price)
        .sum();
    let base = line.price - line.discount;
    let prepaid_unit = if line.pre_payment {
        base + prepaid_options
    } else {
        prepaid_options
    };
    LineAmounts {
        total: (base + options).times(line.amount),
        pre_payment: prepaid_unit.times(line.amount),
    }
}

pub fn line_amounts(line: &OrderLine) -> LineAmounts {
    line_money(line)
}

/// Each line's net (without VAT, after its share of the order discount) and VAT, as
/// `order_totals` sums them; the revenue charts read a line's net from here.
pub fn line_nets(
    lines: &[OrderLine],
    order_discount: Money,
    vat: VatSettings,
) -> Vec<(Money, Money)> {
    let amounts: Vec<LineAmounts> = lines.iter().map(line_money).collect();
    let weights: Vec<Money> = amounts.iter().map(|a| a.total.max(Money::ZERO)).collect();
    let discounts = order_discount.share(&weights);
    let rate = if vat.disable_vat { 0 } else { vat.vat_rate };
    lines
        .iter()
        .zip(&amounts)
        .zip(&discounts)
        .map(|((line, amounts), discount)| {
            let taxable = amounts.total - *discount;
            let vat_of_line = if line.vat_exempt || rate == 0 {
                Money::ZERO
            } else if vat.prices_with_vat {
                taxable.vat_included(rate)
            } else {
                taxable.vat_on_top(rate)
            };
            let net = if vat.prices_with_vat {
                taxable - vat_of_line
            } else {
                taxable
            };
            (net, vat_of_line)
        })
        .collect()
}

pub fn order_totals(
    lines: &[OrderLine],
    order_discount: Money,
    invoicing: &Invoicing,
    vat: VatSettings,
) -> Totals {
    let rate = if vat.disable_vat { 0 } else { vat.vat_rate };
    let mut subtotal = Money::ZERO;
    let mut line_vat = Money::ZERO;
    let mut pre_payment = Money::ZERO;
    for (line, (net, vat_of_line)) in lines.iter().zip(line_nets(lines, order_discount, vat)) {
        let amounts = line_money(line);
        subtotal += net;
        line_vat += vat_of_line;
        if amounts.total != Money::ZERO {
            pre_payment +=
                (net + vat_of_line).mul_div(amounts.pre_payment.as_ore(), amounts.total.as_ore());
        }
    }

    let additional_fee = match (invoicing.kind, invoicing.rate_fee) {
        (Some(InvoicingType::Rates), Some(fee)) if fee > 0 => subtotal.percent(fee),
        _ => Money::ZERO,
    };
    let fee_vat = additional_fee.vat_on_top(rate);
    let vat_total = line_vat + fee_vat;
    let total = subtotal + additional_fee + vat_total;
    let line_discounts: Money = lines.iter().map(|l| l.discount.times(l.amount)).sum();
    Totals {
        subtotal,
        discount: line_discounts + order_discount,
        additional_fee,
        vat: vat_total,
        total,
        pre_payment_total: pre_payment,
        regular_total: total - pre_payment,
    }
}

/// The gross of the lines before the order discount (what "editing the total" is measured from).
pub fn lines_total(lines: &[OrderLine]) -> Money {
    lines.iter().map(|l| line_money(l).total).sum()
}
