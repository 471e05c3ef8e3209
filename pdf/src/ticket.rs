//! Ticket PDFs: the same approach as the contract and the invoice (see the crate's docs). The
//! template (ticket.typ) is layout only; [`prepare`] turns the ticket into data for it, with every
//! label chosen here, and draws the QR code of the ticket's code as an SVG file the template
//! places.

use qrcode::render::svg;
use qrcode::QrCode;
use serde_json::{json, Value};
use typst::foundations::Bytes;

use crate::view::{checked_image, ImageSlot, Prepared};
use crate::world::Template;
use crate::{Image, PdfError};

const TEMPLATE: Template = Template {
    path: "/ticket.typ",
    source: include_str!("ticket.typ"),
};

/// Where the template finds the QR code (a fixed path: typst interns file ids for good).
const QR_PATH: &str = "/qr.svg";

/// The QR code's smallest size in SVG units, quiet zone included. The template scales it to its
/// printed width; this only keeps the modules whole numbers.
const QR_MIN_SIZE: u32 = 256;

/// Everything a ticket PDF shows: one page, A5 landscape (taller only when the club's text needs
/// the room). Text fields that are `None` or blank are left out with their label.
///
/// What shows where:
/// - the top: the club's name, small, and the logo on the right; then `picture` across the
///   ticket (at most 4 cm high, never cropped);
/// - on the left: the event's title, `when` and `location`, the product, then 'Navn' and
///   'Virksomhed'; 'Sektion', 'Række' and 'Sæde' as boxes, each only when it has a value;
/// - on the right: 'Billet nr. N', the QR code of `code` (4.5 cm wide), `code` printed under it
///   and 'Ordre #N';
/// - at the bottom, under a dashed line: the club's ticket text (`template`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketDocument {
    /// The club's name, printed small at the top.
    pub club: String,
    pub event_title: String,
    /// Already formatted, e.g. "12-12-2026 kl. 19:00".
    pub when: String,
    pub location: Option<String>,
    /// E.g. "Pladsbillet Tribune".
    pub product: String,
    /// The ticket holder's name ('Navn').
    pub holder: Option<String>,
    /// 'Virksomhed'.
    pub company: Option<String>,
    /// The human number, printed 'Billet nr. 17'.
    pub number: i64,
    /// The ticket's id (26 characters of Crockford base32): printed under the QR code and the
    /// QR code's content.
    pub code: String,
    /// 'Sektion'.
    pub section: Option<String>,
    /// 'Række'.
    pub row: Option<String>,
    /// 'Sæde'.
    pub seat_number: Option<String>,
    /// The club's ticket text (plain text, line breaks kept), printed at the bottom.
    pub template: Option<String>,
    /// The club's logo, top right.
    pub logo: Option<Image>,
    /// A wide picture across the ticket, under the top line.
    pub picture: Option<Image>,
    /// Printed 'Ordre #1042'.
    pub order_number: Option<i64>,
}

/// The ticket as a PDF. The same input gives the same bytes (no clock, the PDF has no creation
/// date); the PDF's /ID is `tribune-ticket:{code}`.
///
/// Fails with [`PdfError::Image`] when the logo or the picture cannot be used (the picture is
/// named 'banneret'), and with [`PdfError::Render`] when `code` is too long for a QR code (a
/// ticket id never is).
///
/// Like [`crate::contract_pdf`], a render takes the CPU for a while: call it off the async
/// executor.
pub fn ticket_pdf(doc: &TicketDocument) -> Result<Vec<u8>, PdfError> {
    crate::typeset(
        TEMPLATE,
        prepare(doc)?,
        format!("tribune-ticket:{}", doc.code),
        None,
    )
}

fn prepare(doc: &TicketDocument) -> Result<Prepared, PdfError> {
    let mut images = Vec::new();
    let mut add_image = |slot: ImageSlot, image: &Option<Image>| -> Result<Value, PdfError> {
        match image {
            None => Ok(Value::Null),
            Some(image) => {
                let (path, bytes) = checked_image(slot, &image.bytes)?;
                images.push((path, bytes));
                Ok(Value::String(path.to_string()))
            }
        }
    };
    let logo = add_image(ImageSlot::Logo, &doc.logo)?;
    let picture = add_image(ImageSlot::Banner, &doc.picture)?;
    images.push((QR_PATH, Bytes::new(qr_svg(&doc.code)?.into_bytes())));

    let people = facts(&[("Navn", &doc.holder), ("Virksomhed", &doc.company)]);
    let seat = facts(&[
        ("Sektion", &doc.section),
        ("Række", &doc.row),
        ("Sæde", &doc.seat_number),
    ]);

    let data = json!({
        "document_title": format!("Billet nr. {} – {}", doc.number, doc.event_title),
        "club": doc.club,
        "logo": logo,
        "picture": picture,
        "event_title": doc.event_title,
        "when": doc.when,
        "location": present(&doc.location),
        "product": doc.product,
        "people": people,
        "seat": seat,
        "number": format!("Billet nr. {}", doc.number),
        "qr": QR_PATH,
        "code": doc.code,
        "order": doc.order_number.map(|number| format!("Ordre #{number}")),
        "text": doc
            .template
            .as_deref()
            .filter(|text| !text.trim().is_empty())
            .map(|text| text.lines().collect::<Vec<_>>()),
    });
    Ok(Prepared { data, images })
}

/// The labelled values that have text, in the order given.
fn facts(fields: &[(&str, &Option<String>)]) -> Vec<Value> {
    fields
        .iter()
        .filter_map(|(label, value)| {
            present(value).map(|value| json!({ "label": label, "value": value }))
        })
        .collect()
}

/// The value of an optional text field, or None when it has no text.
fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|value| !value.trim().is_empty())
}

/// The QR code of `code` as SVG: black on white with the standard quiet zone (4 modules), which
/// scanners need around it.
fn qr_svg(code: &str) -> Result<String, PdfError> {
    let qr = QrCode::new(code.as_bytes())
        .map_err(|err| PdfError::Render(format!("QR-koden kan ikke laves: {err}")))?;
    Ok(qr
        .render::<svg::Color>()
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .quiet_zone(true)
        .min_dimensions(QR_MIN_SIZE, QR_MIN_SIZE)
        .build())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    #[test]
    fn the_qr_code_is_an_svg_with_a_quiet_zone() {
        let svg = qr_svg("01JDQ7ZK3V8N4M2P6R9T5W7X0Y").unwrap();
        assert!(svg.contains("<svg"), "{svg}");
        assert!(svg.contains(r##"fill="#ffffff""##), "{svg}");
        // Too much for any QR code: an error, not a panic.
        let err = qr_svg(&"x".repeat(10_000)).unwrap_err();
        assert!(err.to_string().contains("QR-koden"), "{err}");
    }
}
