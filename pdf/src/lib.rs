//! Contract and invoice PDFs, rendered with typst as a library.
//!
//! [`contract_pdf`] renders the contract a sponsor is shown; [`signed_contract_pdf`] renders the
//! same document with the signature and a certificate page; [`invoice_pdf`] renders an invoice
//! or a credit note; [`ticket_pdf`] renders an event ticket with its QR code. Output depends on
//! the input only:
//! fonts are typst's embedded ones (no system fonts), there is no clock (the signed copy's PDF
//! date is the signing time, the unsigned one has none), so the same input gives the same bytes
//! and a recorded SHA-256 can be checked again later.
//!
//! Every value from a user reaches the template as data (a JSON file the template reads), never
//! as typst markup, so text like `#eval("…")`, `*`, `$` or `]` prints as typed. Rich text
//! (Quill HTML) is turned into a tree of such data first (html.rs).
//!
//! ```no_run
//! # fn demo(doc: &tribune_pdf::ContractDocument) -> Result<(), tribune_pdf::PdfError> {
//! let pdf: Vec<u8> = tribune_pdf::contract_pdf(doc)?;
//! # Ok(()) }
//! ```
//!
//! A render takes the CPU for a while (see the timing test); call it from
//! `tokio::task::spawn_blocking` or `actix_web::web::block`, not on the async executor.

mod format;
mod html;
mod invoice;
mod tables;
mod ticket;
mod view;
mod world;

pub use invoice::{invoice_pdf, BankDetails, InvoiceDocument, InvoiceLine};
pub use tables::{
    table_cards_pdf, table_guest_list_pdf, table_overview_pdf, CardPaper, PlanGuest, PlanTable,
    TableCardsDocument, TablePlanDocument,
};
pub use ticket::{ticket_pdf, tickets_pdf, TicketDocument, MAX_TICKETS_PER_PDF};

use typst::foundations::{Datetime, Smart};
use typst_pdf::{PdfOptions, Timestamp};

use crate::view::Prepared;
use crate::world::{DocumentWorld, Template};

/// The contract's template: layout only; it reads everything it prints from `/data.json`.
const TEMPLATE: Template = Template {
    path: "/contract.typ",
    source: include_str!("contract.typ"),
};

/// A PNG or JPEG image as uploaded; the format is sniffed from the bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Image({} bytes)", self.bytes.len())
    }
}

/// How prices appear in the lines table (the client setting `contracts.priceDisplay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceDisplay {
    /// The lines without prices; the figures are in the totals block only.
    Total,
    /// A row per product category with its sum; the lines under it without prices.
    Category,
    /// A row per line with amount, unit price, discount (when any line has one) and total.
    Product,
}

/// A party of the contract: a name and its already formatted lines (address, zip and city, CVR).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Party {
    pub name: String,
    pub lines: Vec<String>,
}

/// A line of the contract; money in øre.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DocLine {
    /// The product category's title ("" when none); groups the lines for
    /// [`PriceDisplay::Category`] (lines without one are grouped as 'Øvrige ydelser').
    pub category: String,
    pub title: String,
    pub variant: Option<String>,
    /// Plain text; line breaks are kept.
    pub description: Option<String>,
    /// Already Danish: "stk", "person", "meter".
    pub unit: String,
    pub amount: i64,
    pub price_ore: i64,
    pub discount_ore: i64,
    pub total_ore: i64,
    /// Option title and price in øre.
    pub options: Vec<(String, i64)>,
}

/// A row of the invoicing plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRow {
    pub date: Option<chrono::NaiveDate>,
    pub label: String,
    pub amount_ore: i64,
}

/// Everything a contract PDF shows. Money in øre; `total_ore` includes VAT.
///
/// What shows where:
/// - the header band (`header_color`) holds the logo (right when `logo_right`) and the club's
///   name and lines; `banner` follows at full width (at most 9 cm high);
/// - headings, the table header and the accents use `color`; a colour that is not `#rrggbb`
///   falls back to the default;
/// - the four descriptions come before the lines table, in the order of the fields, each only
///   when it has text;
/// - prices follow [`PriceDisplay`]; `hide_worth` removes every price column and the
///   subtotal, discount and VAT figures. The totals block then shows only the totals that
///   `show_total_with_vat` / `show_total_excl_vat` ask for (none: no totals block), and the
///   invoicing plan's amounts only when one of those totals is shown. Without `hide_worth` the
///   block shows 'Subtotal', 'Rabat' (when > 0), 'Total ekskl. moms' (when asked for), 'Moms'
///   and 'Total inkl. moms' (when asked for, or when neither total is asked for);
/// - then the invoicing plan, 'Betalingsbetingelser' and 'Generelle betingelser'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractDocument {
    pub title: String,
    pub additional_title: Option<String>,
    pub number: i64,
    pub club: Party,
    pub company: Option<Party>,
    pub contact: Option<Party>,
    pub owner: Option<String>,
    pub color: Option<String>,
    pub header_color: Option<String>,
    pub logo: Option<Image>,
    pub logo_right: bool,
    pub banner: Option<Image>,
    pub company_logo: Option<Image>,
    /// The club setting pdfDescription (Quill HTML).
    pub description_html: Option<String>,
    pub contract_description_html: Option<String>,
    pub supplemental_description_html: Option<String>,
    pub additional_html: Option<String>,
    pub general_terms_html: Option<String>,
    pub payment_terms_html: Option<String>,
    pub start_date: Option<chrono::NaiveDate>,
    pub end_date: Option<chrono::NaiveDate>,
    pub no_end_date: bool,
    pub renew_date: Option<chrono::NaiveDate>,
    pub lines: Vec<DocLine>,
    pub price_display: PriceDisplay,
    pub subtotal_ore: i64,
    pub discount_ore: i64,
    pub vat_ore: i64,
    pub total_ore: i64,
    pub show_total_with_vat: bool,
    pub show_total_excl_vat: bool,
    pub hide_worth: bool,
    pub plan: Vec<PlanRow>,
    /// E.g. "Fakturering: Løbende hver 3. måned"; 'Faktureringsplan' when none.
    pub plan_title: Option<String>,
}

/// How and by whom a contract was signed, for the signed copy and its certificate page.
#[derive(Clone, PartialEq, Eq)]
pub struct SigningRecord {
    /// PNG (or JPEG) of the drawn signature.
    pub signature_png: Vec<u8>,
    pub signer_name: String,
    pub signer_email: String,
    /// Printed in Danish time (Europe/Copenhagen); also the signed PDF's creation date.
    pub signed_at: chrono::DateTime<chrono::Utc>,
    pub ip: String,
    pub user_agent: String,
    /// Hex of the SHA-256 of the unsigned PDF the signer saw.
    pub document_sha256: String,
    /// Hex of the signing event's audit-chain hash.
    pub chain_hash: String,
    pub event_sequence: i64,
    pub contract_id: uuid::Uuid,
    /// Where anyone can check a signed copy.
    pub verify_url: String,
}

impl std::fmt::Debug for SigningRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningRecord")
            .field(
                "signature_png",
                &format_args!("{} bytes", self.signature_png.len()),
            )
            .field("signer_name", &self.signer_name)
            .field("signer_email", &self.signer_email)
            .field("signed_at", &self.signed_at)
            .field("ip", &self.ip)
            .field("user_agent", &self.user_agent)
            .field("document_sha256", &self.document_sha256)
            .field("chain_hash", &self.chain_hash)
            .field("event_sequence", &self.event_sequence)
            .field("contract_id", &self.contract_id)
            .field("verify_url", &self.verify_url)
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// An image that is empty, not PNG or JPEG, or does not decode. The document is not
    /// rendered without it: a contract missing a picture must not pass for complete.
    #[error("PDF'en kan ikke laves: {image} kan ikke bruges, {reason}")]
    Image { image: &'static str, reason: String },
    /// Typst could not compile or export the document (a fault of this crate, not of the input).
    #[error("PDF'en kan ikke laves: {0}")]
    Render(String),
}

/// The contract as the sponsor sees it before signing.
pub fn contract_pdf(doc: &ContractDocument) -> Result<Vec<u8>, PdfError> {
    render(doc, None)
}

/// The same document with the signature (image, name, date) under the lines/terms on the last
/// content page, plus a final page 'Underskriftscertifikat' listing: contract number and id,
/// signer name and e-mail, time, IP, user agent, the SHA-256 of the document shown, the event's
/// chain hash and sequence, and the verify URL — a certificate of completion in the spirit of
/// Odoo Sign.
pub fn signed_contract_pdf(
    doc: &ContractDocument,
    signing: &SigningRecord,
) -> Result<Vec<u8>, PdfError> {
    render(doc, Some(signing))
}

fn render(doc: &ContractDocument, signing: Option<&SigningRecord>) -> Result<Vec<u8>, PdfError> {
    typeset(
        TEMPLATE,
        view::prepare(doc, signing)?,
        // A stable document id (PDF /ID): the same contract keeps it across versions and signing.
        format!("tribune-contract:{}:{}", doc.club.name, doc.number),
        signing.and_then(|signing| signing_timestamp(signing.signed_at)),
    )
}

/// Every document's last step: the prepared data through its template into PDF bytes. `ident`
/// is the PDF's stable /ID; `timestamp` its creation date (none: the PDF has no date, as no
/// clock is read).
fn typeset(
    template: Template,
    prepared: Prepared,
    ident: String,
    timestamp: Option<Timestamp>,
) -> Result<Vec<u8>, PdfError> {
    let data = serde_json::to_vec(&prepared.data)
        .map_err(|err| PdfError::Render(format!("data: {err}")))?;
    let world = DocumentWorld::new(template, data, prepared.images)?;
    let document = world.compile()?;
    let options = PdfOptions {
        ident: Smart::Custom(ident),
        creator: Smart::Custom(Some("Tribune".to_string())),
        timestamp,
        ..PdfOptions::default()
    };
    let pdf = typst_pdf::pdf(&document, &options)
        .map_err(|errors| PdfError::Render(world::describe(&errors)));
    // Typst memoises across renders; drop what no render has used for a while so a long-running
    // server does not grow.
    typst::comemo::evict(10);
    pdf
}

fn signing_timestamp(at: chrono::DateTime<chrono::Utc>) -> Option<Timestamp> {
    use chrono::{Datelike, Timelike};
    let datetime = Datetime::from_ymd_hms(
        at.year(),
        u8::try_from(at.month()).ok()?,
        u8::try_from(at.day()).ok()?,
        u8::try_from(at.hour()).ok()?,
        u8::try_from(at.minute()).ok()?,
        u8::try_from(at.second()).ok()?,
    )?;
    Some(Timestamp::new_utc(datetime))
}
