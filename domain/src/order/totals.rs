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

use serde::{Deserialize, Serialize};

use super::model::{Invoicing, InvoicingType, OrderLine};

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

/// `value × numerator / denominator`, rounded half away from zero.
pub fn mul_div_round(value: i64, numerator: i64, denominator: i64) -> i64 {
    let product = i128::from(value) * i128::from(numerator);
    let denominator = i128::from(denominator);
    let half = denominator / 2;
    let rounded = if product >= 0 {
        (product + half) / denominator
    } else {
        (product - half) / denominator
    };
    rounded as i64
}

pub fn line_amounts(line: &OrderLine) -> LineAmounts {
    let options: i64 = line.options.iter().map(|o| o.price).sum();
    let prepaid_options: i64 = line
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
        total: (base + options) * line.amount,
        pre_payment: prepaid_unit * line.amount,
    }
}

/// Shares `amount` over `weights` in proportion, exactly (the rounding rest goes to the last
/// non-zero weight).
fn share(amount: i64, weights: &[i64]) -> Vec<i64> {
    let sum: i64 = weights.iter().sum();
    if sum == 0 || amount == 0 {
        return vec![0; weights.len()];
    }
    let mut shares: Vec<i64> = weights
        .iter()
        .map(|w| mul_div_round(amount, *w, sum))
        .collect();
    let rest = amount - shares.iter().sum::<i64>();
    if let Some(last) = weights.iter().rposition(|w| *w != 0) {
        shares[last] += rest;
    }
    shares
}

pub fn order_totals(
    lines: &[OrderLine],
    order_discount: i64,
    invoicing: &Invoicing,
    vat: VatSettings,
) -> Totals {
    let amounts: Vec<LineAmounts> = lines.iter().map(line_amounts).collect();
    let weights: Vec<i64> = amounts.iter().map(|a| a.total.max(0)).collect();
    let discounts = share(order_discount, &weights);
    let rate = if vat.disable_vat { 0 } else { vat.vat_rate };

    let mut subtotal = 0;
    let mut line_vat = 0;
    let mut pre_payment = 0;
    for ((line, amount), discount) in lines.iter().zip(&amounts).zip(&discounts) {
        let taxable = amount.total - discount;
        let vat_of_line = if line.vat_exempt || rate == 0 {
            0
        } else if vat.prices_with_vat {
            mul_div_round(taxable, rate, 10_000 + rate)
        } else {
            mul_div_round(taxable, rate, 10_000)
        };
        let net = if vat.prices_with_vat {
            taxable - vat_of_line
        } else {
            taxable
        };
        subtotal += net;
        line_vat += vat_of_line;
        if amount.total != 0 {
            pre_payment += mul_div_round(net + vat_of_line, amount.pre_payment, amount.total);
        }
    }

    let additional_fee = match (invoicing.kind, invoicing.rate_fee) {
        (Some(InvoicingType::Rates), Some(fee)) if fee > 0 => mul_div_round(subtotal, fee, 10_000),
        _ => 0,
    };
    let fee_vat = mul_div_round(additional_fee, rate, 10_000);
    let vat_total = line_vat + fee_vat;
    let total = subtotal + additional_fee + vat_total;
    let line_discounts: i64 = lines.iter().map(|l| l.discount * l.amount).sum();
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
pub fn lines_total(lines: &[OrderLine]) -> i64 {
    lines.iter().map(|l| line_amounts(l).total).sum()
}
