//! The field rules of an order (spec 3 §5: the order-line modal, seat text, order invoicing).
//! The aggregate refuses content that breaks them; the API reports them field by field.

use crate::money::{Money, MAX_LINES, TOO_MANY_LINES};
use crate::selling::rules::{discount_errors, invoicing_errors, line_errors};
use crate::selling::{FieldError, Invoicing, OrderLine};

pub const ORDER_NEEDS_SOMEONE_OR_SOMETHING: &str =
    "Ordren skal have en kunde, en virksomhed eller mindst én linje";

/// A staff order says whom it is for (a name, an e-mail, a company) or what it holds (a line):
/// an empty form does not make an order. A web-shop cart may start empty.
pub fn says_who_or_what(content: &super::commands::OrderContent) -> bool {
    let c = &content.customer;
    [&c.firstname, &c.lastname, &c.email]
        .iter()
        .any(|t| !t.trim().is_empty())
        || content.company_id.is_some()
        || !content.lines.is_empty()
}

/// Every rule of an order's content, in the order the form shows the fields.
pub fn content_errors(
    lines: &[OrderLine],
    order_discount: Money,
    invoicing: &Invoicing,
) -> Vec<FieldError> {
    if lines.len() > MAX_LINES {
        return vec![FieldError::new("orderLines", TOO_MANY_LINES)];
    }
    let mut errors: Vec<FieldError> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| line_errors(i, l))
        .collect();
    if errors.is_empty() {
        errors.extend(discount_errors(order_discount, lines));
    }
    errors.extend(invoicing_errors(invoicing, lines));
    errors
}
