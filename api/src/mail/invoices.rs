//! The invoice's mails (spec 3 §4 Invoice: sending and the receipt), composed from the folded
//! invoice with its PDF attached.

use tribune_domain::invoice::{Invoice, InvoiceKind};

use super::{escape, Attachment, Mail};

/// A mail with the line the Jobs screen shows for it.
pub struct InvoiceMail {
    pub description: String,
    pub mail: Mail,
}

fn html(paragraphs: &[String]) -> String {
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
        .collect();
    format!("<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}</body></html>")
}

fn greeting(invoice: &Invoice) -> String {
    let customer = &invoice.content.customer;
    format!(
        "Hej {}",
        customer.attention.as_deref().unwrap_or(&customer.name)
    )
}

fn compose(
    description: String,
    to: &str,
    subject: String,
    paragraphs: Vec<String>,
    pdf: Attachment,
) -> InvoiceMail {
    InvoiceMail {
        description,
        mail: Mail {
            to: to.to_string(),
            subject,
            text: paragraphs.join("\n\n"),
            html: Some(html(&paragraphs)),
            attachments: vec![pdf],
            ..Default::default()
        },
    }
}

/// The invoice (or credit note) with its PDF.
pub fn invoice(invoice: &Invoice, club: &str, to: &str, pdf: Attachment) -> InvoiceMail {
    let word = invoice.kind.label();
    let number = invoice.number.unwrap_or_default();
    let total = invoice.totals().total.danish();
    let body = match (invoice.kind, invoice.due_date()) {
        (InvoiceKind::Invoice, Some(due)) => format!(
            "Hermed faktura nr. {number} fra {club} på {total}. Beløbet forfalder {}.",
            due.format("%d-%m-%Y")
        ),
        (InvoiceKind::Invoice, None) => {
            format!("Hermed faktura nr. {number} fra {club} på {total}.")
        }
        (InvoiceKind::CreditNote, _) => {
            format!("Hermed kreditnota nr. {number} fra {club} på {total}.")
        }
    };
    compose(
        format!("{word} #{number} til {to}"),
        to,
        format!("{word} nr. {number} fra {club}"),
        vec![
            greeting(invoice),
            body,
            "Du finder den vedhæftet som PDF.".to_string(),
            format!("Venlig hilsen\n{club}"),
        ],
        pdf,
    )
}

/// The receipt of a paid invoice, with the PDF marked paid.
pub fn receipt(invoice: &Invoice, club: &str, to: &str, pdf: Attachment) -> InvoiceMail {
    let number = invoice.number.unwrap_or_default();
    let total = invoice.totals().total.danish();
    let paid = invoice
        .paid_on
        .map(|d| format!(", modtaget {}", d.format("%d-%m-%Y")))
        .unwrap_or_default();
    compose(
        format!("Kvittering for faktura #{number} til {to}"),
        to,
        format!("Kvittering for faktura nr. {number} fra {club}"),
        vec![
            greeting(invoice),
            format!("Tak for din betaling af faktura nr. {number} på {total}{paid}."),
            "Fakturaen er vedhæftet, markeret som betalt.".to_string(),
            format!("Venlig hilsen\n{club}"),
        ],
        pdf,
    )
}
