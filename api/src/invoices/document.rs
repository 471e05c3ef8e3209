//! The invoice as a PDF (spec 3 §7 `GET /invoices/{id}/pdf`; issue 13): what `tribune_pdf`
//! prints, gathered from the folded invoice (its customer, lines and VAT were copied at
//! creation, so the PDF of a booked invoice never changes), the club's row (name, address, CVR,
//! bank, logo) and the number of the order or contract it came from.

use sqlx::PgConnection;
use tribune_domain::invoice::printing::RowKind;
use tribune_domain::invoice::{Invoice, InvoiceKind, InvoiceRow, InvoiceSource};
use tribune_domain::money::Money;
use tribune_domain::order::OrderLine;
use tribune_domain::selling::totals::line_nets;
use tribune_pdf::{BankDetails, InvoiceDocument, InvoiceLine, Party};
use uuid::Uuid;

use crate::error::ApiError;
use crate::kit::pdf::{public_image_key, some_text, stored_image, zip_city};
use crate::storage::Storage;

#[derive(sqlx::FromRow)]
struct Club {
    name: String,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    cvr: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    bank_reg: Option<String>,
    bank_account: Option<String>,
    logo: Option<String>,
}

/// The file name a PDF of `invoice` is offered and mailed under.
pub fn file_name(invoice: &Invoice) -> String {
    let kind = invoice.kind.label();
    match invoice.number {
        Some(number) => format!("{kind}-{number}.pdf"),
        None => format!("{kind}-kladde.pdf"),
    }
}

/// "Netto 14 dage".
pub fn payment_terms(days: u32) -> String {
    if days == 0 {
        "Netto kontant".to_string()
    } else {
        format!("Netto {days} dage")
    }
}

/// The text under a row's title: its sku, then a line's variant, options, seat and
/// description, or the parts of a group.
fn row_details(row: &InvoiceRow, lines: &[OrderLine]) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if let Some(sku) = &row.sku {
        parts.push(format!("Varenr. {sku}"));
    }
    let line = match row.kind {
        RowKind::Line => row
            .lines
            .first()
            .and_then(|id| lines.iter().find(|line| line.id == *id)),
        RowKind::Group | RowKind::Other => None,
    };
    if let Some(line) = line {
        if let Some(variant) = some_text(&line.variant) {
            parts.push(variant);
        }
        for option in &line.options {
            if option.price == Money::ZERO {
                parts.push(option.title.clone());
            } else {
                parts.push(format!("{} (+ {})", option.title, option.price.danish()));
            }
        }
        if let Some(seat) = some_text(&line.seat) {
            parts.push(format!("Plads {seat}"));
        }
        if let Some(description) = some_text(&line.description) {
            parts.push(description);
        }
    }
    parts.extend(row.parts.iter().cloned());
    (!parts.is_empty()).then(|| parts.join("\n"))
}

/// The document of `invoice` as it is now.
pub async fn document(
    conn: &mut PgConnection,
    storage: &Storage,
    invoice: &Invoice,
) -> Result<InvoiceDocument, ApiError> {
    let client_id = invoice.client_id.ok_or(ApiError::NotFound)?;
    let club: Club = sqlx::query_as(
        "SELECT name, address, zip_code, city, cvr, email, phone, bank_reg, bank_account, logo \
         FROM clients WHERE id = $1",
    )
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    let reference = match &invoice.source {
        Some(InvoiceSource::Order { order_id, .. }) => {
            sqlx::query_scalar::<_, i64>("SELECT number FROM order_rows WHERE id = $1")
                .bind(order_id)
                .fetch_optional(&mut *conn)
                .await?
                .map(|n| format!("Ordre #{n}"))
        }
        Some(InvoiceSource::Contract { contract_id, .. }) => {
            sqlx::query_scalar::<_, i64>("SELECT number FROM contract_rows WHERE id = $1")
                .bind(contract_id)
                .fetch_optional(&mut *conn)
                .await?
                .map(|n| format!("Aftale #{n}"))
        }
        _ => None,
    };
    let credit_of_number: Option<i64> = match invoice.credit_of {
        Some(original) => {
            sqlx::query_scalar::<_, Option<i64>>("SELECT number FROM invoice_rows WHERE id = $1")
                .bind(original)
                .fetch_optional(&mut *conn)
                .await?
                .flatten()
        }
        None => None,
    };

    let c = &invoice.content;
    let customer = &c.customer;
    let sign = if invoice.kind == InvoiceKind::CreditNote {
        -1
    } else {
        1
    };
    let lines = c
        .rows()
        .iter()
        .map(|row| InvoiceLine {
            title: row.title.clone(),
            details: row_details(row, &c.lines),
            amount: row.amount,
            unit_price_ore: row.unit_price.as_ore() * sign,
            discount_ore: row.discount.as_ore() * sign,
            total_ore: row.total.as_ore() * sign,
            vat_exempt: row.vat_exempt,
        })
        .collect();
    let totals = invoice.totals();
    let rate = if invoice.vat.disable_vat {
        0
    } else {
        invoice.vat.vat_rate
    };
    // What VAT is charged on, and what not: the lines' nets by their exemption, the fee taxed.
    let (mut basis, mut exempt) = (Money::ZERO, Money::ZERO);
    for (line, (net, _)) in c
        .lines
        .iter()
        .zip(line_nets(&c.lines, c.order_discount, invoice.vat))
    {
        if line.vat_exempt || rate == 0 {
            exempt += net;
        } else {
            basis += net;
        }
    }
    if rate == 0 {
        exempt += totals.additional_fee.times(sign);
    } else {
        basis += totals.additional_fee.times(sign);
    }
    let bank = match (some_text(&club.bank_reg), some_text(&club.bank_account)) {
        (Some(reg_no), Some(account_no)) => Some(BankDetails { reg_no, account_no }),
        _ => None,
    };
    Ok(InvoiceDocument {
        credit_note: invoice.kind == InvoiceKind::CreditNote,
        number: invoice.number,
        credit_of_number,
        invoice_date: invoice.invoice_date,
        due_date: invoice.due_date(),
        club: Party {
            name: club.name.clone(),
            lines: [
                some_text(&club.address),
                zip_city(&club.zip_code, &club.city),
                some_text(&club.cvr).map(|cvr| format!("CVR-nr. {cvr}")),
                some_text(&club.phone).map(|phone| format!("Tlf. {phone}")),
                some_text(&club.email),
            ]
            .into_iter()
            .flatten()
            .collect(),
        },
        logo: stored_image(storage, public_image_key(club.logo.as_deref())).await,
        customer: Party {
            name: customer.name.clone(),
            lines: [
                customer.attention.as_ref().map(|a| format!("Att. {a}")),
                some_text(&customer.address),
                zip_city(&customer.zip_code, &customer.city),
                some_text(&customer.cvr).map(|cvr| format!("CVR-nr. {cvr}")),
                some_text(&customer.ean).map(|ean| format!("EAN-nr. {ean}")),
            ]
            .into_iter()
            .flatten()
            .collect(),
        },
        reference,
        description: some_text(&c.description),
        lines,
        prices_with_vat: invoice.vat.prices_with_vat,
        vat_rate: rate,
        subtotal_ore: totals.subtotal.as_ore(),
        discount_ore: totals.discount.as_ore(),
        fee_ore: totals.additional_fee.as_ore(),
        vat_basis_ore: basis.times(sign).as_ore(),
        vat_exempt_ore: exempt.times(sign).as_ore(),
        vat_ore: totals.vat.as_ore(),
        total_ore: totals.total.as_ore(),
        payment_terms: payment_terms(c.payment_terms_days),
        bank,
        paid_on: invoice.paid_on,
    })
}

/// The PDF of `invoice` as it is now (rendered off the async executor).
pub async fn render(
    conn: &mut PgConnection,
    storage: &Storage,
    invoice: &Invoice,
) -> Result<Vec<u8>, ApiError> {
    let document = document(conn, storage, invoice).await?;
    tokio::task::spawn_blocking(move || tribune_pdf::invoice_pdf(&document))
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::invalid(e.to_string()))
}

/// Where a sent PDF is kept (the mail job attaches it from there).
pub fn storage_key(client_id: Uuid, id: Uuid, invoice: &Invoice, what: &str) -> String {
    format!(
        "invoices/{client_id}/{id}/{what}-{}",
        file_name(invoice).to_lowercase()
    )
}
