//! The order's mails (spec 3 §4 'Send betalingslink', 'Send ordrebekræftelse'), composed from the
//! folded order and what they need of the club's settings.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{Delivery, DeliveryMethod, Order, OrderLine};
use tribune_domain::selling::totals::line_amounts;
use tribune_pdf::MAX_TICKETS_PER_PDF;
use uuid::Uuid;

use super::calendar::{self, CalendarEvent};
use super::{escape, with_link, Mail, MailFile, TicketsPdf};

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

/// The calendar entries of the events an order has tickets to, read from the club's events.
pub async fn calendar_events(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
    order_number: i64,
    club: &OrderMailSettings,
    event_ids: &[Uuid],
) -> Result<Vec<CalendarEvent>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: Uuid,
        title: String,
        location: Option<String>,
        start_date: DateTime<Utc>,
        end_date: DateTime<Utc>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, title, location, start_date, end_date FROM club_events \
         WHERE client_id = $1 AND id = ANY($2) ORDER BY start_date, id",
    )
    .bind(client_id)
    .bind(event_ids)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| CalendarEvent {
            event_id: row.id,
            order_id,
            order_number,
            title: row.title,
            location: row.location,
            start: row.start_date,
            end: row.end_date,
            club: club.club.clone(),
        })
        .collect())
}

/// How many tickets of an order admit someone, and the events they are for.
pub async fn tickets_of_order(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<(usize, Vec<Uuid>), sqlx::Error> {
    let rows: Vec<Uuid> = sqlx::query_scalar(
        "SELECT event_id FROM ticket_rows WHERE client_id = $1 AND order_id = $2 AND status <> 'voided'",
    )
    .bind(client_id)
    .bind(order_id)
    .fetch_all(conn)
    .await?;
    let count = rows.len();
    let mut events = rows;
    events.sort();
    events.dedup();
    Ok((count, events))
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

/// A line as a buyer's mail names it: the title with its variant ('Hjemmebanetrøje, L'), a seat
/// line with its seat and where ('Pladsbillet (Pokalkamp, plads A1-4)').
fn line_title(line: &OrderLine) -> String {
    let title = match line.variant.as_deref().map(str::trim) {
        Some(variant) if !variant.is_empty() => format!("{}, {variant}", line.title),
        _ => line.title.clone(),
    };
    match (&line.seat, &line.seat_event) {
        (Some(seat), Some(event)) => format!("{title} ({event}, plads {seat})"),
        (Some(seat), None) => format!("{title} (plads {seat})"),
        _ => title,
    }
}

/// What goes under a line: each add-on with its variant and price per unit ('+ Navnetryk:
/// 100,00'), then each text the buyer gave it ('Navn på trøjen: HANSEN').
fn line_details(line: &OrderLine) -> Vec<String> {
    let mut details: Vec<String> = line
        .options
        .iter()
        .map(|option| {
            let variant = option
                .variant
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(|v| format!(", {v}"))
                .unwrap_or_default();
            if option.price == Money::ZERO {
                format!("+ {}{variant}", option.title)
            } else {
                format!("+ {}{variant}: {}", option.title, option.price.danish())
            }
        })
        .collect();
    for info in &line.extra_info {
        let value = match (&info.value, &info.values) {
            (Some(value), _) if !value.trim().is_empty() => value.trim().to_string(),
            (_, Some(values)) if !values.is_empty() => values.join(", "),
            _ => continue,
        };
        details.push(format!("{}: {value}", info.title));
    }
    details
}

/// The delivery of an order in a few lines: the address it goes to, or pick-up at the club.
pub fn delivery_lines(delivery: &Delivery) -> Vec<String> {
    match (&delivery.method, &delivery.address) {
        (DeliveryMethod::Address, Some(address)) => vec![
            address.name.clone(),
            address.street.clone(),
            format!("{} {}", address.postcode, address.city),
        ],
        (DeliveryMethod::Address, None) => Vec::new(),
        (DeliveryMethod::Pickup, _) => vec![PICKUP.to_string()],
    }
}

/// What a buyer reads where the order is picked up.
pub const PICKUP: &str = "Afhentes i klubben";

/// The order confirmation: the club's subject, the lines with their variants and add-ons, the
/// totals and the delivery.
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
        let title = line_title(line);
        text.push_str(&format!("{} × {title}: {total}\n", line.amount));
        rows.push_str(&format!(
            "<tr><td>{} × {}</td><td style=\"text-align:right\">{total}</td></tr>",
            line.amount,
            escape(&title)
        ));
        for detail in line_details(line) {
            text.push_str(&format!("    {detail}\n"));
            rows.push_str(&format!(
                "<tr><td style=\"padding-left:1.5em;color:#555\">{}</td><td></td></tr>",
                escape(&detail)
            ));
        }
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
    let mut delivery_html = String::new();
    if let Some(delivery) = &order.delivery {
        let lines = delivery_lines(delivery);
        if !lines.is_empty() {
            let heading = match delivery.method {
                DeliveryMethod::Address => "Leveringsadresse",
                DeliveryMethod::Pickup => "Levering",
            };
            text.push_str(&format!("\n{heading}:\n{}\n", lines.join("\n")));
            delivery_html = format!(
                "<h3>{heading}</h3><p>{}</p>",
                lines
                    .iter()
                    .map(|l| escape(l))
                    .collect::<Vec<_>>()
                    .join("<br>")
            );
        }
    }
    let html = format!(
        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\"><p>{}</p>\
         <table style=\"border-collapse:collapse;min-width:320px\">{rows}</table>{delivery_html}</body></html>",
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
    /// The club's template the event chose for its receipt (spec 2 §3 notifications key
    /// `receipt`): its text opens the mail, placeholders filled in. None: Tribune's own.
    pub receipt: Option<&'a str>,
}

/// The placeholders of a booking's receipt, with their values.
fn receipt_placeholders(
    order: &Order,
    event: &BookedEvent<'_>,
    when: &str,
) -> [(&'static str, String); 6] {
    let customer = &order.content.customer;
    [
        ("{firstname}", customer.firstname.clone()),
        ("{lastname}", customer.lastname.clone()),
        ("{event}", event.title.to_string()),
        ("{date}", when.to_string()),
        ("{orderNumber}", order.number.to_string()),
        ("{link}", event.confirmation.to_string()),
    ]
}

/// The receipt's SMS (the event chose an SMS template for `receipt`): the club's template with
/// its placeholders filled in (plain text), or Tribune's own short text; with the link.
pub fn receipt_sms(
    order: &Order,
    club: &OrderMailSettings,
    event: &BookedEvent<'_>,
    template: Option<&str>,
) -> String {
    let when = tribune_domain::danish::buyer_time(event.start, chrono::Utc::now());
    match template.filter(|t| !t.trim().is_empty()) {
        Some(template) => {
            let text = receipt_placeholders(order, event, &when).iter().fold(
                crate::kit::html::visible_text(template),
                |text, (key, value)| text.replace(key, value),
            );
            if template.contains("{link}") {
                text
            } else {
                format!("{text} {}", event.confirmation)
            }
        }
        None => format!(
            "Tak for din bestilling #{} hos {}: {} {}. Se dine billetter: {}",
            order.number, club.club, event.title, when, event.confirmation
        ),
    }
}

/// A ticket as the booking's confirmation lists it, with its download link.
pub struct MailedTicket {
    pub number: i64,
    pub product: String,
    pub name: Option<String>,
    pub link: String,
}

/// The tickets a confirmation carries: one PDF of all the order's tickets (rendered when the
/// mail is sent), or — over [`MAX_TICKETS_PER_PDF`] — the links alone; and a calendar file per
/// event.
pub struct Enclosed<'a> {
    pub client_id: Uuid,
    pub order_id: Uuid,
    /// How many tickets the order has.
    pub tickets: usize,
    pub events: &'a [CalendarEvent],
}

/// Attaches what `enclosed` names to `mail`, and says in its text what was attached.
pub fn enclose(mail: &mut Mail, order_number: i64, enclosed: &Enclosed<'_>) {
    let mut notes = Vec::new();
    if enclosed.tickets > 0 && enclosed.tickets <= MAX_TICKETS_PER_PDF {
        mail.tickets_pdf = Some(TicketsPdf {
            client_id: enclosed.client_id,
            order_id: enclosed.order_id,
            file_name: format!("billetter-ordre-{order_number}.pdf"),
        });
        notes.push("Dine billetter er vedhæftet som PDF.".to_string());
    } else if enclosed.tickets > MAX_TICKETS_PER_PDF {
        notes.push(format!(
            "Ordren har {} billetter, flere end vi vedhæfter: hent dem med linkene i mailen.",
            enclosed.tickets
        ));
    }
    let now = chrono::Utc::now();
    for event in enclosed.events {
        mail.files.push(MailFile {
            file_name: event.file_name(),
            content_type: "text/calendar; charset=utf-8; method=PUBLISH".into(),
            content: calendar::ics(event, now),
        });
    }
    if !enclosed.events.is_empty() {
        notes.push("Tilføj arrangementet til din kalender med den vedhæftede kalenderfil.".into());
    }
    if notes.is_empty() {
        return;
    }
    mail.text = format!("{}\n\n{}", mail.text.trim_end(), notes.join("\n"));
    mail.text.push('\n');
    let block: String = notes
        .iter()
        .map(|n| format!("<p>{}</p>", escape(n)))
        .collect();
    mail.html = mail
        .html
        .take()
        .map(|html| html.replacen("</body>", &format!("{block}</body>"), 1));
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
    let when = tribune_domain::danish::buyer_time(event.start, chrono::Utc::now());
    let heading = format!("{} – {when}", event.title);
    // The club's receipt text, when the event chose one, opens the mail.
    let receipt = event
        .receipt
        .filter(|t| !t.trim().is_empty())
        .map(|template| {
            receipt_placeholders(order, event, &when)
                .iter()
                .fold(template.to_string(), |html, (key, value)| {
                    html.replace(key, &escape(value))
                })
        });
    let mut text = match &receipt {
        Some(html) => format!("{}\n\n", crate::kit::html::visible_text(html)),
        None => String::new(),
    };
    text.push_str(&format!("{heading}\n\nDine billetter:\n"));
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
        "{}<h2>{}</h2><p>Dine billetter:</p><ul>{items}</ul><p><a href=\"{}\">Se din bestilling</a></p>",
        receipt.unwrap_or_default(),
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
