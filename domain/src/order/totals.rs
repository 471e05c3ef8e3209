//! The money of an order (spec 3 §9), in integer øre, written once: the server's read tables, the
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

use super::model::{Invoicing, InvoicingType, OrderLine};
use crate::money::Money;

/// The club's VAT setting, captured on the order when it is created so that later changes of the
/// setting never rewrite an existing order's totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VatSettings {
    pub prices_with_vat: bool,
    /// Basis points: 2500 = 25 %.
    pub vat_rate: i64,
    pub disable_vat: bool,
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
    pub total: i64,
    /// The share of it that is prepaid.
    pub pre_payment: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Without VAT, after every discount.
    pub subtotal: i64,
    /// All discounts: line discounts × amounts plus the order discount.
    pub discount: i64,
    /// Fees (the rates fee), without VAT.
    pub additional_fee: i64,
    pub vat: i64,
    pub total: i64,
    pub pre_payment_total: i64,
    pub regular_total: i64,
}

/// `value × numerator / denominator`, rounded half away from zero (saturating).
pub fn mul_div_round(value: i64, numerator: i64, denominator: i64) -> i64 {
    Money::ore(value).mul_div(numerator, denominator).as_ore()
}

fn line_money(line: &OrderLine) -> (Money, Money) {
    let options: Money = line.options.iter().map(|o| Money::ore(o.price)).sum();
    let prepaid_options: Money = line
        .options
        .iter()
        .filter(|o| o.pre_payment)
        .map(|o| Money::ore(o.price))
        .sum();
    let base = Money::ore(line.price) - Money::ore(line.discount);
    let prepaid_unit = if line.pre_payment {
        base + prepaid_options
    } else {
        prepaid_options
    };
    (
        (base + options).times(line.amount),
        prepaid_unit.times(line.amount),
    )
}

pub fn line_amounts(line: &OrderLine) -> LineAmounts {
    let (total, pre_payment) = line_money(line);
    LineAmounts {
        total: total.as_ore(),
        pre_payment: pre_payment.as_ore(),
    }
}

pub fn order_totals(
    lines: &[OrderLine],
    order_discount: i64,
    invoicing: &Invoicing,
    vat: VatSettings,
) -> Totals {
    let amounts: Vec<(Money, Money)> = lines.iter().map(line_money).collect();
    let weights: Vec<Money> = amounts
        .iter()
        .map(|(total, _)| (*total).max(Money::ZERO))
        .collect();
    let discounts = Money::ore(order_discount).share(&weights);
    let rate = if vat.disable_vat { 0 } else { vat.vat_rate };

    let mut subtotal = Money::ZERO;
    let mut line_vat = Money::ZERO;
    let mut pre_payment = Money::ZERO;
    for ((line, (total, prepaid)), discount) in lines.iter().zip(&amounts).zip(&discounts) {
        let taxable = *total - *discount;
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
        subtotal += net;
        line_vat += vat_of_line;
        if *total != Money::ZERO {
            pre_payment += (net + vat_of_line).mul_div(prepaid.as_ore(), total.as_ore());
        }
    }

    let additional_fee = match (invoicing.kind, invoicing.rate_fee) {
        (Some(InvoicingType::Rates), Some(fee)) if fee > 0 => subtotal.percent(fee),
        _ => Money::ZERO,
    };
    let fee_vat = additional_fee.vat_on_top(rate);
    let vat_total = line_vat + fee_vat;
    let total = subtotal + additional_fee + vat_total;
    let line_discounts: Money = lines
        .iter()
        .map(|l| Money::ore(l.discount).times(l.amount))
        .sum();
    Totals {
        subtotal: subtotal.as_ore(),
        discount: (line_discounts + Money::ore(order_discount)).as_ore(),
        additional_fee: additional_fee.as_ore(),
        vat: vat_total.as_ore(),
        total: total.as_ore(),
        pre_payment_total: pre_payment.as_ore(),
        regular_total: (total - pre_payment).as_ore(),
    }
}

/// The gross of the lines before the order discount (what "editing the total" is measured from).
pub fn lines_total(lines: &[OrderLine]) -> i64 {
    lines
        .iter()
        .map(|l| line_money(l).0)
        .sum::<Money>()
        .as_ore()
}
