//! Outgoing mail over SMTP (lettre). Mails are never sent from a request: they are jobs.

use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};

use crate::settings::Settings;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    #[serde(default)]
    pub html: Option<String>,
}

#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    pub fn new(settings: &Settings) -> anyhow::Result<Mailer> {
        let transport =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&settings.smtp_host)
                .port(settings.smtp_port)
                .timeout(Some(std::time::Duration::from_secs(20)))
                .build();
        Ok(Mailer {
            transport,
            from: settings.mail_from.parse()?,
        })
    }

    pub async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        let builder = Message::builder()
            .from(self.from.clone())
            .to(mail.to.parse()?)
            .subject(&mail.subject);
        let text = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(mail.text.clone());
        let message = match &mail.html {
            Some(html) => builder.multipart(
                MultiPart::alternative().singlepart(text).singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(html.clone()),
                ),
            )?,
            None => builder.singlepart(text)?,
        };
        self.transport.send(message).await?;
        Ok(())
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn with_link(to: &str, subject: &str, paragraphs: &[String], link_text: &str, link: &str) -> Mail {
    let text = format!("{}\n\n{link}\n", paragraphs.join("\n\n"));
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>", escape(p)))
        .collect();
    let html = format!(
        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}\
         <p><a href=\"{href}\">{label}</a></p></body></html>",
        href = escape(link),
        label = escape(link_text)
    );
    Mail {
        to: to.to_string(),
        subject: subject.to_string(),
        text,
        html: Some(html),
    }
}

pub fn confirm_email(to: &str, firstname: &str, club: &str, link: &str) -> Mail {
    with_link(
        to,
        "Bekræft din e-mail adresse",
        &[
            format!("Hej {firstname}"),
            format!("Din bruger hos {club} blev oprettet. Før du kan logge ind skal du bekræfte din e-mail adresse ved at klikke på linket herunder."),
        ],
        "Bekræft e-mail adresse",
        link,
    )
}

pub fn reset_password(to: &str, firstname: &str, link: &str) -> Mail {
    with_link(
        to,
        "Genskab din adgangskode",
        &[
            format!("Hej {firstname}"),
            "Vi har modtaget en anmodning om at genskabe adgangskoden til din bruger. Linket herunder virker i 2 timer og kan bruges én gang. Har du ikke bedt om det, kan du se bort fra denne e-mail.".to_string(),
        ],
        "Vælg ny adgangskode",
        link,
    )
}

/// An existing user added to another club: they accept with the link (spec 1 §2 Club users).
pub fn club_invite(to: &str, firstname: &str, club: &str, invited_by: &str, link: &str) -> Mail {
    with_link(
        to,
        &format!("Invitation til {club}"),
        &[
            format!("Hej {firstname}"),
            format!("{invited_by} har inviteret dig som bruger hos {club}. Klik på linket herunder for at tage imod invitationen."),
        ],
        "Tag imod invitationen",
        link,
    )
}

/// A user created by an admin without a password chooses one with the link.
pub fn welcome_user(to: &str, firstname: &str, club: &str, link: &str) -> Mail {
    with_link(
        to,
        &format!("Din bruger hos {club}"),
        &[
            format!("Hej {firstname}"),
            format!("Der er oprettet en bruger til dig hos {club}. Vælg din adgangskode med linket herunder. Linket virker i 2 timer."),
        ],
        "Vælg adgangskode",
        link,
    )
}

/// The payment link of an order (spec 3 §4 'Send betalingslink').
pub fn order_payment_link(to: &str, firstname: &str, club: &str, number: i64, link: &str) -> Mail {
    with_link(
        to,
        &format!("Betaling af ordre #{number} hos {club}"),
        &[
            format!("Hej {firstname}"),
            format!("Her er linket til betaling af din ordre #{number} hos {club}."),
        ],
        "Betal ordren",
        link,
    )
}

/// The order confirmation: the club's subject template with {orderNumber} and {sender}, the
/// lines and the totals.
pub fn order_confirmation(
    to: &str,
    subject: &str,
    greeting: &str,
    lines: &[(String, i64, i64)],
    totals: &[(&str, i64)],
) -> Mail {
    let money = |ore: i64| crate::mail::kroner(ore);
    let mut text = format!("{greeting}\n\n");
    let mut rows = String::new();
    for (title, amount, total) in lines {
        text.push_str(&format!("{amount} × {title}: {}\n", money(*total)));
        rows.push_str(&format!(
            "<tr><td>{amount} × {}</td><td style=\"text-align:right\">{}</td></tr>",
            escape(title),
            money(*total)
        ));
    }
    text.push('\n');
    for (label, value) in totals {
        text.push_str(&format!("{label}: {}\n", money(*value)));
        rows.push_str(&format!(
            "<tr><th style=\"text-align:left\">{label}</th><th style=\"text-align:right\">{}</th></tr>",
            money(*value)
        ));
    }
    let html = format!(
        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\"><p>{}</p>\
         <table style=\"border-collapse:collapse;min-width:320px\">{rows}</table></body></html>",
        escape(greeting)
    );
    Mail {
        to: to.to_string(),
        subject: subject.to_string(),
        text,
        html: Some(html),
    }
}

/// Øre as Danish kroner: 123456 → 'DKK 1.234,56'.
pub fn kroner(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    let ore = ore.unsigned_abs();
    let whole = (ore / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("DKK {sign}{grouped},{:02}", ore % 100)
}
