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

/// The most tickets one PDF holds (an order with more gets a link instead: see the mails).
pub const MAX_TICKETS_PER_PDF: usize = 20;

/// Where the template finds each ticket's QR code (fixed paths: typst interns file ids for good).
const QR_PATHS: [&str; MAX_TICKETS_PER_PDF] = [
    "/qr/1.svg",
    "/qr/2.svg",
    "/qr/3.svg",
    "/qr/4.svg",
    "/qr/5.svg",
    "/qr/6.svg",
    "/qr/7.svg",
    "/qr/8.svg",
    "/qr/9.svg",
    "/qr/10.svg",
    "/qr/11.svg",
    "/qr/12.svg",
    "/qr/13.svg",
    "/qr/14.svg",
    "/qr/15.svg",
    "/qr/16.svg",
    "/qr/17.svg",
    "/qr/18.svg",
    "/qr/19.svg",
    "/qr/20.svg",
];

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
    /// Already formatted, e.g. "lør. 12. dec. kl. 19:00".
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
        prepare(std::slice::from_ref(doc))?,
        format!("tribune-ticket:{}", doc.code),
        None,
    )
}

/// The tickets of one order as one PDF, a ticket to a page, in the order given: what a buyer's
/// confirmation mail carries. At most [`MAX_TICKETS_PER_PDF`] tickets (more is a
/// [`PdfError::Render`]); the PDF's /ID is `tribune-tickets:{first code}`. Fails as
/// [`ticket_pdf`] does.
pub fn tickets_pdf(docs: &[TicketDocument]) -> Result<Vec<u8>, PdfError> {
    let first = docs
        .first()
        .ok_or_else(|| PdfError::Render("ingen billetter".to_string()))?;
    if docs.len() > MAX_TICKETS_PER_PDF {
        return Err(PdfError::Render(format!(
            "højst {MAX_TICKETS_PER_PDF} billetter i én PDF"
        )));
    }
    crate::typeset(
        TEMPLATE,
        prepare(docs)?,
        format!("tribune-tickets:{}", first.code),
        None,
    )
}

fn prepare(docs: &[TicketDocument]) -> Result<Prepared, PdfError> {
    let mut images: Vec<(&'static str, Bytes)> = Vec::new();
    // One file per distinct image: the tickets of one event share their logo and picture.
    let mut add_image = |slot: ImageSlot, image: &Option<Image>| -> Result<Value, PdfError> {
        match image {
            None => Ok(Value::Null),
            Some(image) => {
                let (path, bytes) = checked_image(slot, &image.bytes)?;
                if let Some((known, _)) = images.iter().find(|(_, b)| *b == bytes) {
                    return Ok(Value::String(known.to_string()));
                }
                let path = numbered_image_path(path, images.len())
                    .ok_or_else(|| PdfError::Render("for mange billeder".to_string()))?;
                images.push((path, bytes));
                Ok(Value::String(path.to_string()))
            }
        }
    };
    let mut tickets = Vec::with_capacity(docs.len());
    for (doc, qr_path) in docs.iter().zip(QR_PATHS) {
        let logo = add_image(ImageSlot::Logo, &doc.logo)?;
        let picture = add_image(ImageSlot::Banner, &doc.picture)?;
        tickets.push((doc, logo, picture, qr_path));
    }
    for (doc, _, _, qr_path) in &tickets {
        images.push((qr_path, Bytes::new(qr_svg(&doc.code)?.into_bytes())));
    }
    let tickets: Vec<Value> = tickets
        .into_iter()
        .map(|(doc, logo, picture, qr_path)| ticket_data(doc, logo, picture, qr_path))
        .collect();
    let first = docs.first();
    let data = json!({
        "document_title": match docs {
            [doc] => format!("Billet nr. {} – {}", doc.number, doc.event_title),
            _ => format!(
                "Billetter{}",
                first
                    .and_then(|d| d.order_number)
                    .map(|n| format!(" – ordre #{n}"))
                    .unwrap_or_default()
            ),
        },
        "club": first.map(|d| d.club.as_str()).unwrap_or_default(),
        "tickets": tickets,
    });
    Ok(Prepared { data, images })
}

/// The fixed path of the `index`th distinct image of a PDF, PNG or JPEG as the slot's path says
/// (a PDF of tickets to several events may hold several logos and pictures).
fn numbered_image_path(slot_path: &'static str, index: usize) -> Option<&'static str> {
    const PNG: [&str; 8] = [
        "/img/t1.png",
        "/img/t2.png",
        "/img/t3.png",
        "/img/t4.png",
        "/img/t5.png",
        "/img/t6.png",
        "/img/t7.png",
        "/img/t8.png",
    ];
    const JPG: [&str; 8] = [
        "/img/t1.jpg",
        "/img/t2.jpg",
        "/img/t3.jpg",
        "/img/t4.jpg",
        "/img/t5.jpg",
        "/img/t6.jpg",
        "/img/t7.jpg",
        "/img/t8.jpg",
    ];
    if slot_path.ends_with(".png") {
        PNG.get(index).copied()
    } else {
        JPG.get(index).copied()
    }
}

fn ticket_data(doc: &TicketDocument, logo: Value, picture: Value, qr_path: &str) -> Value {
    let people = facts(&[("Navn", &doc.holder), ("Virksomhed", &doc.company)]);
    let seat = facts(&[
        ("Sektion", &doc.section),
        ("Række", &doc.row),
        ("Sæde", &doc.seat_number),
    ]);
    json!({
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
        "qr": qr_path,
        "code": doc.code,
        "order": doc.order_number.map(|number| format!("Ordre #{number}")),
        "text": doc
            .template
            .as_deref()
            .filter(|text| !text.trim().is_empty())
            .map(|text| text.lines().collect::<Vec<_>>()),
    })
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
