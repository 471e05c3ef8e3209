//! The mail and SMS that tell a buyer their event is cancelled (issue 40 §4; spec 2 §3
//! notifications key `cancelled`): the event's chosen template — none or 'Default' is Tribune's
//! own text, another name one of the club's templates with its placeholders filled in — saying
//! what became of the order (refunded, released, or to be settled with the club).

use super::{escape, Mail};

/// What became of a buyer's order when the event was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settlement {
    /// The card payment went back (refunded, or the reservation released).
    Refunded,
    /// Nothing was paid (free tickets, an invitation, an unpaid booking).
    NothingPaid,
    /// Paid in a way Tribune cannot give back by itself: the club settles it.
    ByTheClub,
}

/// What a cancellation mail says.
#[derive(Debug, Clone)]
pub struct CancellationMail<'a> {
    pub to: &'a str,
    pub club: &'a str,
    /// The club's template chosen for 'cancelled', when one is.
    pub template: Option<&'a str>,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub event: &'a str,
    /// As a Danish buyer reads it ('lør. 28. nov. kl. 19:00').
    pub date: &'a str,
    pub location: &'a str,
    /// The buyer's orders at the event ('#1042').
    pub orders: &'a [String],
    pub settlement: Settlement,
    pub sender: &'a str,
    /// Whom the buyer asks (the club's e-mail).
    pub contact: &'a str,
}

fn settlement_text(mail: &CancellationMail) -> String {
    let orders = match mail.orders {
        [] => String::new(),
        [one] => format!(" (ordre {one})"),
        many => format!(" (ordre {})", many.join(", ")),
    };
    match mail.settlement {
        Settlement::Refunded => format!(
            "Dine billetter{orders} er annulleret, og dit betalte beløb bliver tilbageført til dit kort."
        ),
        Settlement::NothingPaid => format!("Dine billetter{orders} er annulleret."),
        Settlement::ByTheClub => format!(
            "Dine billetter{orders} er annulleret. {} kontakter dig om tilbagebetalingen.",
            mail.club
        ),
    }
}

fn paragraphs(mail: &CancellationMail) -> Vec<String> {
    let mut paragraphs = vec![format!("Kære {} {}", mail.firstname, mail.lastname)
        .trim()
        .to_string()];
    let at = if mail.location.trim().is_empty() {
        String::new()
    } else {
        format!(" på {}", mail.location.trim())
    };
    paragraphs.push(format!(
        "Vi må desværre meddele, at {} {}{at} er aflyst.",
        mail.event, mail.date
    ));
    paragraphs.push(settlement_text(mail));
    if !mail.contact.trim().is_empty() {
        paragraphs.push(format!(
            "Har du spørgsmål, så skriv til {}.",
            mail.contact.trim()
        ));
    }
    paragraphs.push(format!("Venlig hilsen\n{}", mail.sender));
    paragraphs
}

/// The placeholders a club's template may use, with their values.
fn placeholders(mail: &CancellationMail) -> [(&'static str, String); 8] {
    [
        ("{firstname}", mail.firstname.to_string()),
        ("{lastname}", mail.lastname.to_string()),
        ("{event}", mail.event.to_string()),
        ("{date}", mail.date.to_string()),
        ("{location}", mail.location.to_string()),
        ("{orders}", mail.orders.join(", ")),
        ("{refund}", settlement_text(mail)),
        ("{sender}", mail.sender.to_string()),
    ]
}

/// The subject of a cancellation.
pub fn subject(event: &str) -> String {
    format!("Aflyst: {event}")
}

/// The cancellation mail to a buyer.
pub fn cancellation(mail: &CancellationMail) -> Mail {
    let (text, body) = match mail.template.filter(|t| !t.trim().is_empty()) {
        Some(template) => {
            let html = placeholders(mail)
                .iter()
                .fold(template.to_string(), |text, (key, value)| {
                    text.replace(key, &escape(value))
                });
            (crate::kit::html::visible_text(&html), html)
        }
        None => {
            let paragraphs = paragraphs(mail);
            let body: String = paragraphs
                .iter()
                .map(|p| format!("<p>{}</p>", escape(p).replace('\n', "<br>")))
                .collect();
            (format!("{}\n", paragraphs.join("\n\n")), body)
        }
    };
    Mail {
        to: mail.to.to_string(),
        subject: subject(mail.event),
        text,
        html: Some(format!(
            "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}</body></html>"
        )),
        ..Default::default()
    }
}

/// The cancellation's SMS: the club's SMS template with its placeholders filled in (plain
/// text), or Tribune's own short text.
pub fn cancellation_sms(mail: &CancellationMail, template: Option<&str>) -> String {
    match template.filter(|t| !t.trim().is_empty()) {
        Some(template) => placeholders(mail).iter().fold(
            crate::kit::html::visible_text(template),
            |text, (key, value)| text.replace(key, value),
        ),
        None => format!(
            "Hej {}. {} {} er aflyst. {}",
            mail.firstname,
            mail.event,
            mail.date,
            settlement_text(mail)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(settlement: Settlement) -> CancellationMail<'static> {
        CancellationMail {
            to: "anna@example.dk",
            club: "Demo FC",
            template: None,
            firstname: "Anna",
            lastname: "Berg",
            event: "Demo FC – Brøndby",
            date: "lør. 28. nov. kl. 19:00",
            location: "Demo Park",
            orders: &[],
            settlement,
            sender: "Demo FC",
            contact: "info@demofc.dk",
        }
    }

    #[test]
    fn the_default_text_says_the_event_is_cancelled_and_what_became_of_the_money() {
        let orders = ["#1042".to_string()];
        let refunded = cancellation(&CancellationMail {
            orders: &orders,
            ..mail(Settlement::Refunded)
        });
        assert_eq!(refunded.subject, "Aflyst: Demo FC – Brøndby");
        assert!(refunded
            .text
            .contains("Demo FC – Brøndby lør. 28. nov. kl. 19:00 på Demo Park er aflyst"));
        assert!(refunded.text.contains("(ordre #1042)"), "{}", refunded.text);
        assert!(refunded.text.contains("tilbageført til dit kort"));
        assert!(cancellation(&mail(Settlement::ByTheClub))
            .text
            .contains("Demo FC kontakter dig om tilbagebetalingen"));
        assert!(!cancellation(&mail(Settlement::NothingPaid))
            .text
            .contains("tilbage"));
    }

    #[test]
    fn a_club_template_fills_its_placeholders_escaped() {
        let template = "<p>Hej {firstname}, {event} er aflyst. {refund}</p>";
        let sent = cancellation(&CancellationMail {
            template: Some(template),
            event: "<Derby>",
            ..mail(Settlement::NothingPaid)
        });
        let html = sent.html.unwrap_or_default();
        assert!(
            html.contains("Hej Anna, &lt;Derby&gt; er aflyst."),
            "{html}"
        );
        let sms = cancellation_sms(&mail(Settlement::Refunded), None);
        assert!(sms.starts_with("Hej Anna. Demo FC – Brøndby"), "{sms}");
    }
}
