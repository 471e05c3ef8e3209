//! The document as data for the template: every user value becomes a JSON string or number here,
//! already formatted (money, dates), and the template only lays it out. Nothing a user typed is
//! ever part of typst markup.

use serde_json::{json, Value};
use typst::foundations::Bytes;
use typst::visualize::{ExchangeFormat, RasterImage};

use crate::format::{copenhagen_time, copenhagen_time_with_offset, date, money, period};
use crate::{html, ContractDocument, DocLine, Image, PdfError, PriceDisplay, SigningRecord};

const DEFAULT_COLOR: &str = "#1f3a5f";
const DEFAULT_HEADER_COLOR: &str = "#eef1f5";
const DARK_TEXT: &str = "#1a1a1a";
const LIGHT_TEXT: &str = "#ffffff";
/// The heading of lines whose product has no category, in PriceDisplay::Category.
const NO_CATEGORY: &str = "Øvrige ydelser";

/// What the template reads: `/data.json`, and the images it names, each at a fixed path.
pub struct Prepared {
    pub data: Value,
    pub images: Vec<(&'static str, Bytes)>,
}

/// The places an image can go; each has a fixed file name (typst interns file ids for good).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageSlot {
    Logo,
    Banner,
    CompanyLogo,
    Signature,
    CardBackground,
}

impl ImageSlot {
    /// The Danish name of the slot, for an error a person reads.
    pub fn label(self) -> &'static str {
        match self {
            ImageSlot::Logo => "klubbens logo",
            ImageSlot::Banner => "banneret",
            ImageSlot::CompanyLogo => "sponsorens logo",
            ImageSlot::Signature => "underskriften",
            ImageSlot::CardBackground => "bordkortets baggrund",
        }
    }

    fn path(self, format: ExchangeFormat) -> &'static str {
        let png = format == ExchangeFormat::Png;
        match (self, png) {
            (ImageSlot::Logo, true) => "/img/logo.png",
            (ImageSlot::Logo, false) => "/img/logo.jpg",
            (ImageSlot::Banner, true) => "/img/banner.png",
            (ImageSlot::Banner, false) => "/img/banner.jpg",
            (ImageSlot::CompanyLogo, true) => "/img/company-logo.png",
            (ImageSlot::CompanyLogo, false) => "/img/company-logo.jpg",
            (ImageSlot::Signature, true) => "/img/signature.png",
            (ImageSlot::Signature, false) => "/img/signature.jpg",
            (ImageSlot::CardBackground, true) => "/img/card.png",
            (ImageSlot::CardBackground, false) => "/img/card.jpg",
        }
    }
}

pub fn prepare(
    doc: &ContractDocument,
    signing: Option<&SigningRecord>,
) -> Result<Prepared, PdfError> {
    let mut images = Vec::new();
    let mut add_image = |slot: ImageSlot, bytes: Option<&[u8]>| -> Result<Value, PdfError> {
        match bytes {
            None => Ok(Value::Null),
            Some(bytes) => {
                let (path, bytes) = checked_image(slot, bytes)?;
                images.push((path, bytes));
                Ok(Value::String(path.to_string()))
            }
        }
    };

    let logo = add_image(ImageSlot::Logo, image_bytes(&doc.logo))?;
    let banner = add_image(ImageSlot::Banner, image_bytes(&doc.banner))?;
    let company_logo = add_image(ImageSlot::CompanyLogo, image_bytes(&doc.company_logo))?;
    let signing = match signing {
        None => Value::Null,
        Some(signing) => {
            let signature = add_image(ImageSlot::Signature, Some(&signing.signature_png))?;
            signing_data(doc, signing, signature)
        }
    };

    let color = valid_color(doc.color.as_deref()).unwrap_or(DEFAULT_COLOR);
    let header_color = valid_color(doc.header_color.as_deref()).unwrap_or(DEFAULT_HEADER_COLOR);

    let mut left = Vec::new();
    if let Some(company) = &doc.company {
        left.push(party("Sponsor", company, company_logo));
    }
    if let Some(contact) = &doc.contact {
        left.push(party("Kontaktperson", contact, Value::Null));
    }
    let mut right = vec![party("Klub", &doc.club, Value::Null)];
    if let Some(owner) = doc
        .owner
        .as_deref()
        .filter(|owner| !owner.trim().is_empty())
    {
        right.push(json!({ "label": "Ansvarlig", "name": owner, "lines": [], "logo": null }));
    }

    let descriptions: Vec<Value> = [
        &doc.description_html,
        &doc.contract_description_html,
        &doc.supplemental_description_html,
        &doc.additional_html,
    ]
    .into_iter()
    .filter_map(|text| rich(text.as_deref()))
    .collect();

    let totals = totals(doc);
    let show_plan_amounts = !doc.hide_worth || !totals.is_empty();
    let plan = if doc.plan.is_empty() {
        Value::Null
    } else {
        json!({
            "title": doc.plan_title.as_deref().filter(|t| !t.trim().is_empty()).unwrap_or("Faktureringsplan"),
            "amounts": show_plan_amounts,
            "rows": doc.plan.iter().map(|row| json!({
                "date": row.date.map(date).unwrap_or_default(),
                "label": row.label,
                "amount": money(row.amount_ore),
            })).collect::<Vec<_>>(),
        })
    };

    let data = json!({
        "title": doc.title,
        "additional_title": doc.additional_title.as_deref().filter(|t| !t.trim().is_empty()),
        "number": doc.number.to_string(),
        "color": color,
        "color_text": readable_text_on(color),
        "header_color": header_color,
        "header_text": readable_text_on(header_color),
        "logo": logo,
        "logo_right": doc.logo_right,
        "banner": banner,
        "club": { "name": doc.club.name, "lines": doc.club.lines },
        "left": left,
        "right": right,
        "period": period(doc.start_date, doc.end_date, doc.no_end_date),
        "renew": doc.renew_date.map(date),
        "descriptions": descriptions,
        "table": lines_table(doc),
        "totals": totals,
        "plan": plan,
        "payment_terms": rich(doc.payment_terms_html.as_deref()),
        "general_terms": rich(doc.general_terms_html.as_deref()),
        "signing": signing,
    });
    Ok(Prepared { data, images })
}

fn image_bytes(image: &Option<Image>) -> Option<&[u8]> {
    image.as_ref().map(|image| image.bytes.as_slice())
}

fn party(label: &str, party: &crate::Party, logo: Value) -> Value {
    json!({ "label": label, "name": party.name, "lines": party.lines, "logo": logo })
}

fn rich(html: Option<&str>) -> Option<Value> {
    html.filter(|html| html::has_text(html)).map(html::to_nodes)
}

/// A PNG or JPEG that decodes, else a clear error: a document with a picture missing would be
/// signed as if it were complete, so the caller must decide, not this crate.
pub fn checked_image(slot: ImageSlot, bytes: &[u8]) -> Result<(&'static str, Bytes), PdfError> {
    let format = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        ExchangeFormat::Png
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        ExchangeFormat::Jpg
    } else {
        return Err(PdfError::Image {
            image: slot.label(),
            reason: if bytes.is_empty() {
                "filen er tom".to_string()
            } else {
                "filen er hverken PNG eller JPEG".to_string()
            },
        });
    };
    let bytes = Bytes::new(bytes.to_vec());
    // The same call typst makes when it lays the image out (memoised), so decoding is paid once.
    RasterImage::plain(bytes.clone(), format).map_err(|reason| PdfError::Image {
        image: slot.label(),
        reason: format!("billedet kan ikke læses ({reason})"),
    })?;
    Ok((slot.path(format), bytes))
}

/// `#rrggbb` (any case), or None for anything else.
fn valid_color(color: Option<&str>) -> Option<&str> {
    color.map(str::trim).filter(|c| {
        c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|d| d.is_ascii_hexdigit())
    })
}

/// Dark text on a light colour, white on a dark one (WCAG relative luminance).
fn readable_text_on(color: &str) -> &'static str {
    let channel = |i: usize| {
        let value = u8::from_str_radix(color.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
        let c = f64::from(value) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    // Where black and white give the same contrast ratio.
    if luminance > 0.179 {
        DARK_TEXT
    } else {
        LIGHT_TEXT
    }
}

/// The lines table: which columns, and one row per line (or per category and its lines).
///
/// - `Product`: item, amount, unit price, discount (only when a line has one) and total.
/// - `Category`: a row per category (in the order the lines first name it) with the category's
///   sum; its lines under it without prices.
/// - `Total`: the lines without prices; the figures are in the totals block only.
/// - `hide_worth`: no price column in any display (categories still group the lines).
fn lines_table(doc: &ContractDocument) -> Value {
    let show_prices = !doc.hide_worth;
    let mut rows = Vec::new();
    let cols: Vec<&str> = match doc.price_display {
        PriceDisplay::Product => {
            rows.extend(
                doc.lines
                    .iter()
                    .map(|line| line_row(line, show_prices, false)),
            );
            if !show_prices {
                vec!["item", "amount"]
            } else if doc.lines.iter().any(|line| line.discount_ore != 0) {
                vec!["item", "amount", "price", "discount", "total"]
            } else {
                vec!["item", "amount", "price", "total"]
            }
        }
        PriceDisplay::Category => {
            let mut categories: Vec<(&str, Vec<&DocLine>)> = Vec::new();
            for line in &doc.lines {
                let category = line.category.trim();
                match categories.iter_mut().find(|(name, _)| *name == category) {
                    Some((_, lines)) => lines.push(line),
                    None => categories.push((category, vec![line])),
                }
            }
            for (category, lines) in categories {
                // Saturating: absurd figures must print, not panic.
                let sum = lines
                    .iter()
                    .fold(0i64, |sum, line| sum.saturating_add(line.total_ore));
                rows.push(json!({
                    "kind": "group",
                    "title": if category.is_empty() { NO_CATEGORY } else { category },
                    "variant": null, "description": null, "options": [], "indent": false,
                    "amount": "", "price": "", "discount": "",
                    "total": if show_prices { money(sum) } else { String::new() },
                }));
                rows.extend(lines.into_iter().map(|line| line_row(line, false, true)));
            }
            if show_prices {
                vec!["item", "amount", "total"]
            } else {
                vec!["item", "amount"]
            }
        }
        PriceDisplay::Total => {
            rows.extend(doc.lines.iter().map(|line| line_row(line, false, false)));
            vec!["item", "amount"]
        }
    };
    json!({ "cols": cols, "rows": rows })
}

fn line_row(line: &DocLine, with_prices: bool, indent: bool) -> Value {
    let options: Vec<String> = line
        .options
        .iter()
        .map(|(title, price)| {
            if with_prices && *price != 0 {
                format!("+ {title} ({})", money(*price))
            } else {
                format!("+ {title}")
            }
        })
        .collect();
    let amount = if line.unit.trim().is_empty() {
        line.amount.to_string()
    } else {
        format!("{} {}", line.amount, line.unit.trim())
    };
    let price = |ore: i64| {
        if with_prices {
            money(ore)
        } else {
            String::new()
        }
    };
    json!({
        "kind": "item",
        "title": line.title,
        "variant": line.variant.as_deref().filter(|v| !v.trim().is_empty()),
        "description": line
            .description
            .as_deref()
            .filter(|v| !v.trim().is_empty())
            .map(|v| v.lines().collect::<Vec<_>>()),
        "options": options,
        "indent": indent,
        "amount": amount,
        "price": price(line.price_ore),
        "discount": if line.discount_ore != 0 { price(line.discount_ore) } else { String::new() },
        "total": price(line.total_ore),
    })
}

/// The totals block. `total_ore` includes VAT; the total without VAT is `total_ore - vat_ore`.
///
/// - Prices shown (`hide_worth` false): 'Subtotal', 'Rabat' (when > 0, as a negative figure),
///   'Total ekskl. moms' (when `show_total_excl_vat`), 'Moms', 'Total inkl. moms' (when
///   `show_total_with_vat`, and also when neither flag is set: a priced document always ends in
///   what is owed).
/// - `hide_worth`: only the totals the flags ask for; subtotal, discount and VAT are worth
///   figures and stay hidden. Neither flag: no totals block at all.
fn totals(doc: &ContractDocument) -> Vec<Value> {
    let row = |label: &str, ore: i64, strong: bool| json!({ "label": label, "value": money(ore), "strong": strong });
    let excl_vat = doc.total_ore.saturating_sub(doc.vat_ore);
    let mut rows = Vec::new();
    if doc.hide_worth {
        if doc.show_total_excl_vat {
            rows.push(row("Total ekskl. moms", excl_vat, !doc.show_total_with_vat));
        }
        if doc.show_total_with_vat {
            rows.push(row("Total inkl. moms", doc.total_ore, true));
        }
        return rows;
    }
    rows.push(row("Subtotal", doc.subtotal_ore, false));
    if doc.discount_ore > 0 {
        rows.push(row("Rabat", doc.discount_ore.saturating_neg(), false));
    }
    let with_vat = doc.show_total_with_vat || !doc.show_total_excl_vat;
    if doc.show_total_excl_vat {
        rows.push(row("Total ekskl. moms", excl_vat, !with_vat));
    }
    rows.push(row("Moms", doc.vat_ore, false));
    if with_vat {
        rows.push(row("Total inkl. moms", doc.total_ore, true));
    }
    rows
}

fn signing_data(doc: &ContractDocument, signing: &SigningRecord, signature: Value) -> Value {
    let row = |label: &str, value: String, mono: bool| json!({ "label": label, "value": value, "mono": mono });
    let rows = vec![
        row(
            "Aftale",
            format!("{} (Aftale nr. {})", doc.title, doc.number),
            false,
        ),
        row("Aftale-id", signing.contract_id.to_string(), true),
        row("Underskriver", signing.signer_name.clone(), false),
        row("E-mail", signing.signer_email.clone(), false),
        row(
            "Tidspunkt",
            copenhagen_time_with_offset(signing.signed_at),
            false,
        ),
        row(
            "Tidspunkt (UTC)",
            signing.signed_at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            true,
        ),
        row("IP-adresse", signing.ip.clone(), true),
        row("Browser", signing.user_agent.clone(), false),
        row("Dokumentets SHA-256", signing.document_sha256.clone(), true),
        row("Kædehash", signing.chain_hash.clone(), true),
        row("Hændelse nr.", signing.event_sequence.to_string(), true),
        row("Kontrollér", signing.verify_url.clone(), true),
    ];
    json!({
        "signature": signature,
        "name": signing.signer_name,
        "email": signing.signer_email,
        "time": copenhagen_time(signing.signed_at),
        "verify_url": signing.verify_url,
        "rows": rows,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    #[test]
    fn colours_are_checked_and_text_on_them_stays_readable() {
        assert_eq!(valid_color(Some("#A1b2C3")), Some("#A1b2C3"));
        assert_eq!(valid_color(Some("red")), None);
        assert_eq!(valid_color(Some("#12345")), None);
        assert_eq!(valid_color(Some("#1234567")), None);
        assert_eq!(valid_color(Some("#gggggg")), None);
        assert_eq!(valid_color(Some("#æææ")), None);
        assert_eq!(readable_text_on("#ffffff"), DARK_TEXT);
        assert_eq!(readable_text_on("#1f3a5f"), LIGHT_TEXT);
        assert_eq!(readable_text_on("#ffd700"), DARK_TEXT);
    }

    #[test]
    fn images_are_sniffed_and_refused_when_broken() {
        let err = checked_image(ImageSlot::Logo, b"").unwrap_err();
        assert!(err.to_string().contains("klubbens logo"), "{err}");
        let err = checked_image(ImageSlot::Banner, b"GIF89a....").unwrap_err();
        assert!(err.to_string().contains("hverken PNG eller JPEG"), "{err}");
        let err = checked_image(ImageSlot::Signature, b"\x89PNG\r\n\x1a\nbroken").unwrap_err();
        assert!(err.to_string().contains("kan ikke læses"), "{err}");
    }
}
