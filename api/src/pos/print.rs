//! What the desk's receipt printer prints (issue 19): the receipt and each ticket as ESC/POS
//! commands, sent through QZ Tray as raw bytes (base64).
//!
//! Why ESC/POS and not a pixel PDF: a receipt printer is a thermal line printer. Raw ESC/POS is
//! what it speaks: its own fonts print sharp at any model's resolution, the QR code is drawn by
//! the printer itself from the ticket's code (`GS ( k`), a print is a few hundred bytes instead of
//! a rasterised page, it starts at once and cuts the paper where it should. A PDF would have to be
//! rasterised by QZ Tray for the printer's exact width and dots per inch, and prints slowly and
//! greyish on 58/80 mm paper. The text is in code page 865 (Nordic: æ, ø, å), selected on the
//! printer with `ESC t 5`. Lines are 42 columns: Font A on 80 mm paper (48 columns) with a margin,
//! and the common width of most desk printers.

use chrono::{DateTime, Utc};
use chrono_tz::Europe::Copenhagen;
use tribune_domain::money::Money;

use super::dto::{PosOrder, PosTicket};

/// Characters per line.
pub const WIDTH: usize = 42;

const ESC: u8 = 0x1b;
const GS: u8 = 0x1d;

/// An ESC/POS print being written.
pub struct EscPos {
    bytes: Vec<u8>,
}

impl Default for EscPos {
    fn default() -> Self {
        // Initialise, then code page 865 (PC865 Nordic).
        EscPos {
            bytes: vec![ESC, b'@', ESC, b't', 5],
        }
    }
}

#[derive(Clone, Copy)]
pub enum Align {
    Left = 0,
    Center = 1,
}

impl EscPos {
    pub fn align(&mut self, align: Align) -> &mut Self {
        self.bytes.extend([ESC, b'a', align as u8]);
        self
    }

    pub fn bold(&mut self, on: bool) -> &mut Self {
        self.bytes.extend([ESC, b'E', u8::from(on)]);
        self
    }

    /// Double width and height.
    pub fn large(&mut self, on: bool) -> &mut Self {
        self.bytes.extend([GS, b'!', if on { 0x11 } else { 0 }]);
        self
    }

    /// A line of text in CP865 (what the code page lacks prints as '?').
    pub fn line(&mut self, text: &str) -> &mut Self {
        let clean: String = text.chars().filter(|c| !c.is_control()).collect();
        self.bytes.extend(oem_cp::encode_string_lossy(
            &clean,
            &oem_cp::code_table::ENCODING_TABLE_CP865,
        ));
        self.bytes.push(b'\n');
        self
    }

    /// `left` and `right` on one line, `right` flush right (on a line of its own when both do
    /// not fit).
    pub fn columns(&mut self, left: &str, right: &str) -> &mut Self {
        let (l, r) = (left.chars().count(), right.chars().count());
        if l + r < WIDTH {
            let gap = " ".repeat(WIDTH - l - r);
            self.line(&format!("{left}{gap}{right}"))
        } else {
            self.line(left);
            let pad = " ".repeat(WIDTH.saturating_sub(r));
            self.line(&format!("{pad}{right}"))
        }
    }

    pub fn rule(&mut self) -> &mut Self {
        self.line(&"-".repeat(WIDTH))
    }

    /// A QR code of `data`, drawn by the printer (model 2, module size 6, error correction M).
    pub fn qr(&mut self, data: &str) -> &mut Self {
        let data = data.as_bytes();
        let stored = u16::try_from(data.len() + 3).unwrap_or(u16::MAX);
        let [low, high] = stored.to_le_bytes();
        self.bytes.extend([GS, b'(', b'k', 4, 0, 49, 65, 50, 0]);
        self.bytes.extend([GS, b'(', b'k', 3, 0, 49, 67, 6]);
        self.bytes.extend([GS, b'(', b'k', 3, 0, 49, 69, 49]);
        self.bytes.extend([GS, b'(', b'k', low, high, 49, 80, 48]);
        self.bytes.extend(data);
        self.bytes.extend([GS, b'(', b'k', 3, 0, 49, 81, 48]);
        self.bytes.push(b'\n');
        self
    }

    /// Feeds the paper past the cutter and cuts (partially).
    pub fn cut(&mut self) -> Vec<u8> {
        self.bytes.extend([GS, b'V', 66, 3]);
        std::mem::take(&mut self.bytes)
    }
}

/// Danish kroner without the currency: 123456 øre → '1.234,56'.
fn kroner(amount: Money) -> String {
    amount.danish().trim_start_matches("DKK ").to_string()
}

fn local(at: DateTime<Utc>) -> String {
    at.with_timezone(&Copenhagen)
        .format("%d-%m-%Y kl. %H:%M")
        .to_string()
}

/// The club as the receipt heads it.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct ClubHeading {
    pub name: String,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub cvr: Option<String>,
}

/// The receipt: the club, the order number and time, each line, the VAT, the total and how it
/// was paid.
pub fn receipt(club: &ClubHeading, event: &str, order: &PosOrder) -> Vec<u8> {
    let mut p = EscPos::default();
    p.align(Align::Center).bold(true).large(true);
    p.line(&club.name).large(false).bold(false);
    if let Some(address) = club.address.as_deref().filter(|a| !a.trim().is_empty()) {
        p.line(address.trim());
    }
    let town = [club.zip_code.as_deref(), club.city.as_deref()]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if !town.is_empty() {
        p.line(&town);
    }
    if let Some(cvr) = club.cvr.as_deref().filter(|c| !c.trim().is_empty()) {
        p.line(&format!("CVR {}", cvr.trim()));
    }
    p.line("");
    p.bold(true).line("KVITTERING").bold(false);
    p.line(event);
    p.align(Align::Left).line("");
    p.columns(
        &format!("Ordre {}", order.order_number),
        &local(order.create_date),
    );
    if let Some(company) = &order.company {
        p.line(&format!("Kunde: {company}"));
    }
    p.rule();
    for line in &order.lines {
        p.columns(
            &format!("{} x {}", line.amount, line.title),
            &kroner(line.total),
        );
        if let Some(seat) = &line.seat {
            p.line(&format!("   Plads {seat}"));
        }
        if line.free > 0 {
            p.line(&format!("   {} fribillet(ter)", line.free));
        } else if line.amount > 1 {
            p.line(&format!("   á {}", kroner(line.price)));
        }
    }
    p.rule();
    p.columns("Subtotal", &kroner(order.subtotal));
    p.columns("Heraf moms", &kroner(order.vat));
    p.bold(true)
        .columns("TOTAL DKK", &kroner(order.total))
        .bold(false);
    p.line("");
    p.columns("Betaling", &order.payment_label);
    p.line("");
    p.align(Align::Center).line("Tak for købet!").line("");
    p.cut()
}

/// The event as a ticket shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TicketEvent {
    pub title: String,
    pub location: Option<String>,
    pub start_date: DateTime<Utc>,
}

/// A ticket: the club, the event, when and where, the product, the seat, the number and the QR
/// code of its code (what the door scans).
pub fn ticket(club: &str, event: &TicketEvent, ticket: &PosTicket) -> Vec<u8> {
    let mut p = EscPos::default();
    p.align(Align::Center).line(club);
    p.bold(true)
        .large(true)
        .line(&event.title)
        .large(false)
        .bold(false);
    p.line(&local(event.start_date));
    if let Some(location) = event.location.as_deref().filter(|l| !l.trim().is_empty()) {
        p.line(location.trim());
    }
    p.line("");
    p.bold(true).line(&ticket.product).bold(false);
    let place: Vec<String> = [
        ticket.section.as_deref().map(|s| format!("Sektion {s}")),
        ticket.row.as_deref().map(|r| format!("Række {r}")),
        ticket.seat_number.as_deref().map(|n| format!("Plads {n}")),
    ]
    .into_iter()
    .flatten()
    .filter(|s| !s.ends_with(' '))
    .collect();
    if !place.is_empty() {
        p.large(true).line(&place.join("  ")).large(false);
    }
    p.line(&format!("Billet nr. {}", ticket.number));
    p.line("");
    p.qr(&ticket.ticket_id);
    p.line(&ticket.ticket_id).line("");
    p.cut()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8]) -> String {
        oem_cp::decode_string_complete_table(bytes, &oem_cp::code_table::DECODING_TABLE_CP865)
    }

    #[test]
    fn a_line_is_in_code_page_865_and_columns_fill_the_width() {
        let mut p = EscPos::default();
        p.columns("2 x Rød øl på Åbo", "1.234,50");
        let bytes = p.cut();
        assert_eq!(&bytes[..5], &[ESC, b'@', ESC, b't', 5]);
        let printed = text(&bytes[5..]);
        let line = printed.lines().next().unwrap_or_default();
        assert_eq!(line.chars().count(), WIDTH);
        assert!(line.starts_with("2 x Rød øl på Åbo"));
        assert!(line.ends_with("1.234,50"));
        // ø is 0x9B and Å 0x8F in CP865.
        assert!(bytes.contains(&0x9b) && bytes.contains(&0x8f));
    }

    #[test]
    fn a_qr_code_stores_the_code_with_its_length() {
        let mut p = EscPos::default();
        p.qr("ABCDEFGH");
        let bytes = p.cut();
        let store = [GS, b'(', b'k', 11, 0, 49, 80, 48];
        let found = bytes.windows(store.len()).position(|w| w == store);
        assert!(found.is_some(), "the store command");
        let at = found.unwrap_or_default();
        assert_eq!(&bytes[at + store.len()..at + store.len() + 8], b"ABCDEFGH");
    }
}
