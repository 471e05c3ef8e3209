//! The field rules of a sale's lines (spec 3 §5: the order-line modal, seat text, invoicing and
//! the order discount), shared by orders, contracts, invoices and subscriptions. The aggregates
//! refuse content that breaks them; the API reports them field by field.

use super::error::FieldError;
use super::lines::{Invoicing, OrderLine};
use super::totals::{line_amounts, lines_total};
use crate::money::{
    Money, LINE_TOTAL_TOO_LARGE, MAX_LINE_TOTAL, MAX_OPTIONS_PER_LINE, MAX_QUANTITY,
    MAX_UNIT_PRICE, QUANTITY_TOO_LARGE, TOO_MANY_OPTIONS, UNIT_PRICE_TOO_LARGE,
};

fn too_large(amount: Money) -> bool {
    amount > MAX_UNIT_PRICE
}

pub const SEAT_FORMAT: &str = "Plads skal være i formatet X-Y";

/// Empty, or two parts of letters, digits, æ, ø, å joined by exactly one hyphen.
pub fn seat_is_valid(seat: &str) -> bool {
    if seat.is_empty() {
        return true;
    }
    let part_ok = |p: &str| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || "æøåÆØÅ".contains(c))
    };
    match seat.split_once('-') {
        Some((a, b)) => part_ok(a) && part_ok(b),
        None => false,
    }
}

pub fn line_errors(index: usize, line: &OrderLine) -> Vec<FieldError> {
    let at = |field: &str| format!("orderLines.{index}.{field}");
    let mut errors = Vec::new();
    if line.title.trim().is_empty() {
        errors.push(FieldError::new(at("title"), "Titel skal udfyldes"));
    }
    if line.price.is_negative() {
        errors.push(FieldError::new(at("price"), "Prisen kan ikke være negativ"));
    }
    if line.amount <= 0 {
        errors.push(FieldError::new(
            at("amount"),
            "Antal skal være et tal større end 0",
        ));
    }
    if line.discount.is_negative() {
        errors.push(FieldError::new(
            at("discount"),
            "Rabatten kan ikke være negativ",
        ));
    }
    for (i, option) in line.options.iter().enumerate() {
        if option.price.is_negative() {
            errors.push(FieldError::new(
                at(&format!("options.{i}.price")),
                "Prisen kan ikke være negativ",
            ));
        }
    }
    if too_large(line.price) {
        errors.push(FieldError::new(at("price"), UNIT_PRICE_TOO_LARGE));
    }
    if too_large(line.discount) {
        errors.push(FieldError::new(at("discount"), UNIT_PRICE_TOO_LARGE));
    }
    if line.amount > MAX_QUANTITY {
        errors.push(FieldError::new(at("amount"), QUANTITY_TOO_LARGE));
    }
    if line.options.len() > MAX_OPTIONS_PER_LINE {
        errors.push(FieldError::new(at("options"), TOO_MANY_OPTIONS));
    }
    for (i, option) in line.options.iter().enumerate() {
        if too_large(option.price) {
            errors.push(FieldError::new(
                at(&format!("options.{i}.price")),
                UNIT_PRICE_TOO_LARGE,
            ));
        }
    }
    if !errors.is_empty() {
        // The figures below are only meaningful for amounts within the bounds.
        return errors;
    }
    if line_amounts(line).total > MAX_LINE_TOTAL {
        errors.push(FieldError::new(at("amount"), LINE_TOTAL_TOO_LARGE));
    }
    let options: Money = line.options.iter().map(|o| o.price.max(Money::ZERO)).sum();
    if line.discount > line.price.max(Money::ZERO) + options {
        errors.push(FieldError::new(
            at("discount"),
            "Rabatten kan ikke være større end prisen",
        ));
    }
    if let Some(seat) = &line.seat {
        if !seat_is_valid(seat) {
            errors.push(FieldError::new(at("seat"), SEAT_FORMAT));
        }
    }
    errors
}

pub fn invoicing_errors(invoicing: &Invoicing, lines: &[OrderLine]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if invoicing.kind.is_none() {
        return errors;
    }
    let prepaid = lines
        .iter()
        .any(|l| l.pre_payment || l.options.iter().any(|o| o.pre_payment));
    if prepaid && invoicing.pre_payment_date.is_none() {
        errors.push(FieldError::new(
            "invoicing.prePaymentDate",
            "Forudbetalingsdato skal udfyldes",
        ));
    }
    if invoicing.invoice_date.is_none() {
        errors.push(FieldError::new(
            "invoicing.invoiceDate",
            "Fakturadato skal udfyldes",
        ));
    }
    if invoicing
        .rate_fee
        .is_some_and(|f| !(0..=10_000).contains(&f))
    {
        errors.push(FieldError::new(
            "invoicing.rateFee",
            "Rategebyret skal være mellem 0 og 100 %",
        ));
    }
    errors
}

pub fn discount_errors(order_discount: Money, lines: &[OrderLine]) -> Vec<FieldError> {
    if order_discount.is_negative() {
        return vec![FieldError::new(
            "orderDiscount",
            "Rabatten kan ikke være negativ",
        )];
    }
    if order_discount > lines_total(lines).max(Money::ZERO) {
        return vec![FieldError::new(
            "orderDiscount",
            "Rabatten kan ikke være større end ordrens beløb",
        )];
    }
    Vec::new()
}
