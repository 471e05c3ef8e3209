//! The field rules of a contract (spec 3 §5 Contract and contract invoicing; the order-line rules
//! of the line modal, shared with orders). The aggregate refuses content that breaks them; the API
//! reports them field by field.

use super::model::ContractContent;
use crate::money::MAX_LINES;
use crate::money::TOO_MANY_LINES;
use crate::selling::rules::{discount_errors, line_errors};
use crate::selling::FieldError;

pub const CATEGORY_REQUIRED: &str = "Kategori skal vælges";
pub const COMPANY_REQUIRED: &str = "Virksomhed skal vælges";
pub const CONTACT_REQUIRED: &str = "Kontaktperson skal vælges";

/// Every rule of a contract's content, in the order the form shows the fields. Lines are named
/// `contractLines.{i}.{field}` as the form names them.
pub fn content_errors(content: &ContractContent) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if content.category_id.is_none() {
        errors.push(FieldError::new("categoryId", CATEGORY_REQUIRED));
    }
    if content.company_id.is_none() {
        errors.push(FieldError::new("companyId", COMPANY_REQUIRED));
    }
    if content.contact_id.is_none() {
        errors.push(FieldError::new("contactId", CONTACT_REQUIRED));
    }
    if let (Some(start), Some(end)) = (content.start_date, content.end_date) {
        if end < start {
            errors.push(FieldError::new(
                "endDate",
                "Slutdato kan ikke ligge før startdato",
            ));
        }
    }
    if content.no_end_date && content.end_date.is_some() {
        errors.push(FieldError::new(
            "endDate",
            "En aftale uden slutdato kan ikke have en slutdato",
        ));
    }
    if content.lines.len() > MAX_LINES {
        errors.push(FieldError::new("contractLines", TOO_MANY_LINES));
        return errors;
    }
    let lines = content.order_lines();
    let line_errors: Vec<FieldError> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| line_errors(i, l))
        .map(|e| {
            FieldError::new(
                e.field.replacen("orderLines.", "contractLines.", 1),
                e.message,
            )
        })
        .collect();
    let lines_ok = line_errors.is_empty();
    errors.extend(line_errors);
    if lines_ok {
        errors.extend(
            discount_errors(content.order_discount, &lines)
                .into_iter()
                .map(|e| FieldError::new(e.field, e.message.replace("ordrens", "aftalens"))),
        );
    }
    let end = if content.no_end_date {
        None
    } else {
        content.end_date
    };
    errors.extend(content.invoicing.errors(content.any_prepaid(), end));
    errors
}
