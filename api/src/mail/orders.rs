//! The order's mails (spec 3 §4 'Send betalingslink', 'Send ordrebekræftelse'), composed from the
//! folded order and what they need of the club's settings.

use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::totals::line_amounts;
use tribune_domain::order::Order;
use uuid::Uuid;

use super::{escape, with_link, Mail};

/// The subject used when the club has not written its own (`orders.confirmationSubject`).
pub const DEFAULT_CONFIRMATION_SUBJECT: &str = "Ordrebekræftelse #{orderNumber} fra {sender}";

/// What an order mail needs of its club, read typed from the club's row and settings.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrderMailSettings {
    /// The sender's name: the club.
    pub club: String,
    /// `orders.confirmationSubject` with `{orderNumber}` and `{sender}`; blank means the default.
    pub confirmation_subject: Option<String>,
}

impl OrderMailSettings {
    pub async fn load(
        conn: &mut PgConnection,
        client_id: Uuid,
    ) -> Result<OrderMailSettings, sqlx::Error> {
        sqlx::query_as(
            "SELECT name AS club, settings->'orders'->>'confirmationSubject' AS confirmation_subject \
             FROM clients WHERE id = $1",
        )
        .bind(client_id)
        .fetch_one(conn)
        .await
    }

    fn subject(&self, number: i64) -> String {
        self.confirmation_subject
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(DEFAULT_CONFIRMATION_SUBJECT)
            .replace("{orderNumber}", &number.to_string())
            .replace("{sender}", &self.club)
    }
}

/// A mail with the line the Jobs screen shows for it.
pub struct OrderMail {
    pub description: String,
    pub mail: Mail,
}

/// The payment link of an order: the customer pays at `link`.
pub fn payment_link(order: &Order, club: &OrderMailSettings, link: &str) -> OrderMail {
    let customer = &order.content.customer;
    let (number, name) = (order.number, &club.club);
    OrderMail {
        description: format!("Betalingslink for ordre #{number} til {}", customer.email),
        mail: with_link(
            &customer.email,
            &format!("Betaling af ordre #{number} hos {name}"),
            &[
                format!("Hej {}", customer.firstname),
                format!("Her er linket til betaling af din ordre #{number} hos {name}."),
            ],
            "Betal ordren",
            link,
        ),
    }
}

/// The order confirmation: the club's subject, the lines and the totals.
pub fn confirmation(order: &Order, club: &OrderMailSettings) -> OrderMail {
    let customer = &order.content.customer;
    let totals = order.totals();
    let greeting = format!(
        "Hej {}. Tak for din ordre #{} hos {}.",
        customer.firstname, order.number, club.club
    );
    let mut text = format!("{greeting}\n\n");
    let mut rows = String::new();
    for line in &order.content.lines {
        let total = line_amounts(line).total.danish();
        // A seat line names its seat and where ('Pladsbillet (Pokalkamp, plads A1-4)').
        let title = match (&line.seat, &line.seat_event) {
            (Some(seat), Some(event)) => format!("{} ({event}, plads {seat})", line.title),
            (Some(seat), None) => format!("{} (plads {seat})", line.title),
            _ => line.title.clone(),
        };
        text.push_str(&format!("{} × {title}: {total}\n", line.amount));
        rows.push_str(&format!(
            "<tr><td>{} × {}</td><td style=\"text-align:right\">{total}</td></tr>",
            line.amount,
            escape(&title)
        ));
    }
    text.push('\n');
    let mut sums: Vec<(&str, Money)> = vec![("Subtotal", totals.subtotal)];
    if totals.additional_fee > Money::ZERO {
        sums.push(("Gebyr", totals.additional_fee));
    }
    sums.extend([("Moms", totals.vat), ("Total", totals.total)]);
    for (label, value) in sums {
        text.push_str(&format!("{label}: {}\n", value.danish()));
        rows.push_str(&format!(
            "<tr><th style=\"text-align:left\">{label}</th><th style=\"text-align:right\">{}</th></tr>",
            value.danish()
        ));
    }
    let html = format!(
        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\"><p>{}</p>\
         <table style=\"border-collapse:collapse;min-width:320px\">{rows}</table></body></html>",
        escape(&greeting)
    );
    OrderMail {
        description: format!("Ordrebekræftelse #{} til {}", order.number, customer.email),
        mail: Mail {
            to: customer.email.clone(),
            subject: club.subject(order.number),
            text,
            html: Some(html),
            attachments: Vec::new(),
            ..Default::default()
        },
    }
}

/// The event a booking is for, as its confirmation names it.
pub struct BookedEvent<'a> {
    pub title: &'a str,
    pub start: chrono::DateTime<chrono::Utc>,
    /// The confirmation page of the booking.
    pub confirmation: &'a str,
}

/// A ticket as the booking's confirmation lists it, with its download link.
pub struct MailedTicket {
    pub number: i64,
    pub product: String,
    pub name: Option<String>,
    pub link: String,
}

/// The confirmation of a public booking (issue 15): the order's confirmation with the event and
/// a download link per ticket.
pub fn booking_confirmation(
    order: &Order,
    club: &OrderMailSettings,
    event: &BookedEvent<'_>,
    tickets: &[MailedTicket],
) -> OrderMail {
    let OrderMail {
        description,
        mut mail,
    } = confirmation(order, club);
    let when = tribune_domain::danish::danish_time(event.start);
    let heading = format!("{} – {when}", event.title);
    let mut text = format!("{heading}\n\nDine billetter:\n");
    let mut items = String::new();
    for ticket in tickets {
        let holder = ticket
            .name
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        text.push_str(&format!(
            "Billet {} – {}{holder}: {}\n",
            ticket.number, ticket.product, ticket.link
        ));
        items.push_str(&format!(
            "<li><a href=\"{}\">Billet {} – {}{}</a></li>",
            escape(&ticket.link),
            ticket.number,
            escape(&ticket.product),
            escape(&holder)
        ));
    }
    text.push_str(&format!("\nSe din bestilling: {}\n\n", event.confirmation));
    mail.text = format!("{text}{}", mail.text);
    let block = format!(
        "<h2>{}</h2><p>Dine billetter:</p><ul>{items}</ul><p><a href=\"{}\">Se din bestilling</a></p>",
        escape(&heading),
        escape(event.confirmation)
    );
    mail.html = mail.html.map(|html| {
        html.replacen(
            "<body style=\"font-family:sans-serif\">",
            &format!("<body style=\"font-family:sans-serif\">{block}"),
            1,
        )
    });
    mail.subject = format!("{} – {}", mail.subject, event.title);
    OrderMail {
        description: format!("Billetter: {description}"),
        mail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn club(subject: Option<&str>) -> OrderMailSettings {
        OrderMailSettings {
            club: "Demo FC".into(),
            confirmation_subject: subject.map(str::to_string),
        }
    }

    #[test]
    fn the_subject_is_the_clubs_template_or_the_default() {
        assert_eq!(club(None).subject(7), "Ordrebekræftelse #7 fra Demo FC");
        assert_eq!(
            club(Some("  ")).subject(7),
            "Ordrebekræftelse #7 fra Demo FC"
        );
        assert_eq!(
            club(Some("Ordre {orderNumber} – {sender}")).subject(12),
            "Ordre 12 – Demo FC"
        );
    }
}
