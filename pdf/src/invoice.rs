//! Invoice and credit-note PDFs: the same approach as the contract (see the crate's docs). The
//! template (invoice.typ) is layout only; [`prepare`] turns the document into data for it, every
//! figure and date already in Danish format and every word of the document's kind chosen here.

use serde_json::{json, Value};

use crate::format::{date_with_dashes, kroner, money, percent};
use crate::view::{checked_image, ImageSlot, Prepared};
use crate::world::Template;
use crate::{Image, Party, PdfError};

const TEMPLATE: Template = Template {
    path: "/invoice.typ",
    source: include_str!("invoice.typ"),
};

/// One line of an invoice; money in øre, as the club's prices are (with VAT when
/// [`InvoiceDocument::prices_with_vat`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InvoiceLine {
    pub title: String,
    /// Already formatted extra text under the title (variant, options "Option (+ 100,00)",
    /// seat), or None. Line breaks are kept.
    pub details: Option<String>,
    pub amount: i64,
    pub unit_price_ore: i64,
    /// Per-unit discount.
    pub discount_ore: i64,
    pub total_ore: i64,
    /// Marked '(momsfri)' after the title.
    pub vat_exempt: bool,
}

/// Where the customer pays to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BankDetails {
    pub reg_no: String,
    pub account_no: String,
}

/// Everything an invoice or credit-note PDF shows. Money in øre; a credit note's figures come in
/// already negative and print as given (`-1.234,50 kr.`). Dates print as `dd-mm-yyyy`.
///
/// What shows where:
/// - the header: the logo and the club's name and lines; a draft (no `number`) gets a
///   'KLADDE – ikke bogført' band under it;
/// - the title ('Faktura', 'Kreditnota', 'Fakturakladde', 'Kreditnotakladde'), on a credit note
///   'Krediterer faktura nr. N' under it, and a 'Betalt {date}' stamp when `paid_on`;
/// - the customer ('Faktureres til', on a credit note 'Krediteres til') and beside it
///   'Fakturanr.' / 'Kreditnotanr.', 'Fakturadato' / 'Kreditnotadato', 'Forfaldsdato' (not on a
///   credit note) and 'Reference', each when it has a value;
/// - the description, then the lines (Beskrivelse, Antal, Enhedspris, Rabat only when a line has
///   a discount, Beløb), with a note whether the prices are with or without VAT;
/// - the totals: 'Subtotal ekskl. moms', then 'Rabat', 'Gebyr', 'Momspligtigt beløb' and
///   'Momsfrit beløb' each when not 0, 'Moms 25 %' and 'Total inkl. moms'. With
///   `prices_with_vat` the VAT follows the total as 'Heraf moms 25 %'. With VAT disabled
///   (`vat_rate` 0, and no VAT amount) there is no VAT line and the labels lose 'ekskl./inkl.
///   moms';
/// - an invoice ends in 'Betaling' (terms, the bank account and due date, the number to state, or
///   'Betalt {date}' instead of the instructions once paid); a credit note in 'Kreditering'
///   ('Beløbet godskrives').
/// - every page's footer: the club's name and lines, and 'Side x af y'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceDocument {
    /// true: 'Kreditnota', else 'Faktura'.
    pub credit_note: bool,
    /// None for a draft: the title says 'Fakturakladde' / 'Kreditnotakladde' and a clear
    /// 'KLADDE – ikke bogført' band shows.
    pub number: Option<i64>,
    /// For a credit note: the number of the invoice it credits ('Krediterer faktura nr. N').
    pub credit_of_number: Option<i64>,
    pub invoice_date: Option<chrono::NaiveDate>,
    pub due_date: Option<chrono::NaiveDate>,
    /// The club (seller): name and already formatted lines (address, "zip city",
    /// "CVR-nr. 12345678", phone, e-mail).
    pub club: Party,
    pub logo: Option<Image>,
    /// The customer: name and formatted lines ("Att. Name", address, "zip city", "CVR-nr. …",
    /// "EAN-nr. …").
    pub customer: Party,
    /// E.g. "Ordre #1042" or "Aftale #17"; printed as 'Reference'.
    pub reference: Option<String>,
    /// The club's invoice description (plain text, line breaks kept).
    pub description: Option<String>,
    pub lines: Vec<InvoiceLine>,
    /// The club's prices include VAT (then line prices are shown incl. VAT and the VAT is
    /// 'heraf moms').
    pub prices_with_vat: bool,
    /// Basis points: 2500 = 25 %. 0 when the club has VAT disabled.
    pub vat_rate: i64,
    /// Without VAT, after every discount (what VAT is computed from, plus exempt lines).
    pub subtotal_ore: i64,
    /// All discounts (shown as 'Rabat' when not 0).
    pub discount_ore: i64,
    /// The rates fee ('Gebyr'), without VAT; shown when not 0.
    pub fee_ore: i64,
    /// The part of subtotal+fee VAT is charged on ('Momspligtigt beløb') and the exempt part
    /// ('Momsfrit beløb').
    pub vat_basis_ore: i64,
    pub vat_exempt_ore: i64,
    pub vat_ore: i64,
    pub total_ore: i64,
    /// E.g. "Netto 14 dage".
    pub payment_terms: String,
    pub bank: Option<BankDetails>,
    /// When paid: a 'Betalt {date}' stamp (used for the receipt copy).
    pub paid_on: Option<chrono::NaiveDate>,
}

/// The invoice or credit note as a PDF. The same input gives the same bytes (no clock, the PDF
/// has no creation date); the PDF's /ID is
/// `tribune-invoice:{club name}:{number, or "kladde"}:{credit_note}`.
///
/// Like [`crate::contract_pdf`], a render takes the CPU for a while: call it off the async
/// executor.
pub fn invoice_pdf(doc: &InvoiceDocument) -> Result<Vec<u8>, PdfError> {
    let number = doc
        .number
        .map_or_else(|| "kladde".to_string(), |number| number.to_string());
    crate::typeset(
        TEMPLATE,
        prepare(doc)?,
        format!(
            "tribune-invoice:{}:{number}:{}",
            doc.club.name, doc.credit_note
        ),
        None,
    )
}

/// The words that differ between an invoice and a credit note.
struct Words {
    title: &'static str,
    draft_title: &'static str,
    number: &'static str,
    date: &'static str,
    customer: &'static str,
}

const INVOICE: Words = Words {
    title: "Faktura",
    draft_title: "Fakturakladde",
    number: "Fakturanr.",
    date: "Fakturadato",
    customer: "Faktureres til",
};

const CREDIT_NOTE: Words = Words {
    title: "Kreditnota",
    draft_title: "Kreditnotakladde",
    number: "Kreditnotanr.",
    date: "Kreditnotadato",
    customer: "Krediteres til",
};

fn prepare(doc: &InvoiceDocument) -> Result<Prepared, PdfError> {
    let mut images = Vec::new();
    let logo = match &doc.logo {
        None => Value::Null,
        Some(image) => {
            let (path, bytes) = checked_image(ImageSlot::Logo, &image.bytes)?;
            images.push((path, bytes));
            Value::String(path.to_string())
        }
    };
    let words = if doc.credit_note {
        &CREDIT_NOTE
    } else {
        &INVOICE
    };
    let title = if doc.number.is_some() {
        words.title
    } else {
        words.draft_title
    };
    let document_title = match doc.number {
        Some(number) => format!("{title} {number}"),
        None => title.to_string(),
    };

    let mut facts = Vec::new();
    let mut fact = |label: &str, value: Option<String>| {
        if let Some(value) = value.filter(|value| !value.trim().is_empty()) {
            facts.push(json!({ "label": label, "value": value }));
        }
    };
    fact(words.number, doc.number.map(|number| number.to_string()));
    fact(words.date, doc.invoice_date.map(date_with_dashes));
    if !doc.credit_note {
        fact("Forfaldsdato", doc.due_date.map(date_with_dashes));
    }
    fact("Reference", doc.reference.clone());

    let footer: Vec<&str> = std::iter::once(doc.club.name.as_str())
        .chain(doc.club.lines.iter().map(String::as_str))
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();

    let data = json!({
        "document_title": document_title,
        "title": title,
        "draft": doc.number.is_none().then_some("KLADDE – ikke bogført"),
        "credits": doc
            .credit_of_number
            .filter(|_| doc.credit_note)
            .map(|number| format!("Krediterer faktura nr. {number}")),
        "paid": doc.paid_on.map(|day| format!("Betalt {}", date_with_dashes(day))),
        "club": { "name": doc.club.name, "lines": doc.club.lines },
        "logo": logo,
        "footer": footer.join(" · "),
        "customer": {
            "label": words.customer,
            "name": doc.customer.name,
            "lines": doc.customer.lines,
        },
        "facts": facts,
        "description": text_lines(doc.description.as_deref()),
        "table": lines_table(doc),
        "totals": totals(doc),
        "closing": closing(doc),
    });
    Ok(Prepared { data, images })
}

/// Plain text as its lines, or None when it has no text.
fn text_lines(text: Option<&str>) -> Option<Vec<&str>> {
    text.filter(|text| !text.trim().is_empty())
        .map(|text| text.lines().collect())
}

/// Whether VAT figures belong on the document: the club charges VAT, or (never hide money) an
/// amount of VAT came in anyway.
fn shows_vat(doc: &InvoiceDocument) -> bool {
    doc.vat_rate != 0 || doc.vat_ore != 0
}

/// The lines table. Figures in it are without 'kr.' (the totals carry the unit); the Rabat
/// column only when a line has a discount; '(momsfri)' only when the document shows VAT.
fn lines_table(doc: &InvoiceDocument) -> Value {
    // Without VAT on the document, marking a line as exempt would only puzzle.
    let vat = shows_vat(doc);
    let rows: Vec<Value> = doc
        .lines
        .iter()
        .map(|line| {
            json!({
                "title": line.title,
                "details": text_lines(line.details.as_deref()),
                "exempt": vat && line.vat_exempt,
                "amount": line.amount.to_string(),
                "price": kroner(line.unit_price_ore),
                "discount": if line.discount_ore != 0 { kroner(line.discount_ore) } else { String::new() },
                "total": kroner(line.total_ore),
            })
        })
        .collect();
    let note = match (vat, doc.prices_with_vat) {
        (false, _) => Value::Null,
        (true, true) => json!("Priserne er i kr. inkl. moms."),
        (true, false) => json!("Priserne er i kr. ekskl. moms."),
    };
    json!({
        "discount": doc.lines.iter().any(|line| line.discount_ore != 0),
        "rows": rows,
        "note": note,
    })
}

/// The totals block, in this order: 'Subtotal ekskl. moms', 'Rabat', 'Gebyr', 'Momspligtigt
/// beløb', 'Momsfrit beløb' (those four only when not 0), 'Moms 25 %', 'Total inkl. moms'; with
/// prices incl. VAT the VAT comes after the total as 'Heraf moms 25 %'. Without VAT: 'Subtotal',
/// the same optional rows, 'Total'.
fn totals(doc: &InvoiceDocument) -> Vec<Value> {
    let row = |label: &str, ore: i64, strong: bool| json!({ "label": label, "value": money(ore), "strong": strong });
    let vat = shows_vat(doc);
    let mut rows = vec![row(
        if vat {
            "Subtotal ekskl. moms"
        } else {
            "Subtotal"
        },
        doc.subtotal_ore,
        false,
    )];
    for (label, ore) in [
        ("Rabat", doc.discount_ore),
        ("Gebyr", doc.fee_ore),
        ("Momspligtigt beløb", doc.vat_basis_ore),
        ("Momsfrit beløb", doc.vat_exempt_ore),
    ] {
        if ore != 0 {
            rows.push(row(label, ore, false));
        }
    }
    let rate = percent(doc.vat_rate);
    if vat && !doc.prices_with_vat {
        rows.push(row(&format!("Moms {rate}"), doc.vat_ore, false));
    }
    rows.push(row(
        if vat { "Total inkl. moms" } else { "Total" },
        doc.total_ore,
        true,
    ));
    if vat && doc.prices_with_vat {
        rows.push(row(&format!("Heraf moms {rate}"), doc.vat_ore, false));
    }
    rows
}

/// An invoice ends in how to pay it (or that it is paid); a credit note in that the amount is
/// credited.
fn closing(doc: &InvoiceDocument) -> Value {
    if doc.credit_note {
        return json!({ "title": "Kreditering", "lines": ["Beløbet godskrives."] });
    }
    let mut lines = Vec::new();
    if !doc.payment_terms.trim().is_empty() {
        lines.push(format!(
            "Betalingsbetingelser: {}",
            doc.payment_terms.trim()
        ));
    }
    if let Some(paid_on) = doc.paid_on {
        lines.push(format!(
            "Betalt {}. Tak for betalingen.",
            date_with_dashes(paid_on)
        ));
    } else {
        let by = doc
            .due_date
            .map(|due| format!(" senest {}", date_with_dashes(due)))
            .unwrap_or_default();
        match &doc.bank {
            Some(bank) => lines.push(format!(
                "Beløbet indbetales på reg.nr. {} kontonr. {}{by}.",
                bank.reg_no.trim(),
                bank.account_no.trim()
            )),
            None if !by.is_empty() => lines.push(format!("Beløbet betales{by}.")),
            None => {}
        }
        if let Some(number) = doc.number {
            lines.push(format!("Angiv fakturanr. {number} ved betaling."));
        }
    }
    if lines.is_empty() {
        return Value::Null;
    }
    json!({ "title": "Betaling", "lines": lines })
}
