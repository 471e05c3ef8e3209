//! Outgoing mail over SMTP (lettre), and what each mail says. Mails are never sent from a
//! request: they are jobs. An area's mails are composed here from its aggregate and a typed read
//! of the club's settings (`orders`), never in a handler.

pub mod account;
pub mod contracts;
pub mod invites;
pub mod invoices;
pub mod orders;
pub mod subscriptions;

use lettre::message::{
    header::ContentType, Attachment as LettreAttachment, Mailbox, MultiPart, SinglePart,
};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};

pub(crate) use crate::kit::html::escape;
use crate::settings::Settings;
use crate::storage::Storage;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    #[serde(default)]
    pub html: Option<String>,
    /// Files kept in storage, attached when the job sends the mail (the job holds their keys,
    /// not their bytes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub file_name: String,
    pub content_type: String,
    pub storage_key: String,
}

#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// Where attachments are read from.
    storage: Storage,
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
            storage: Storage::local(&settings.files_dir)?,
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
        let body = match &mail.html {
            Some(html) => MultiPart::alternative().singlepart(text).singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(html.clone()),
            ),
            None => MultiPart::mixed().singlepart(text),
        };
        let message = if mail.attachments.is_empty() {
            builder.multipart(body)?
        } else {
            let mut mixed = MultiPart::mixed().multipart(body);
            for file in &mail.attachments {
                let bytes = self
                    .storage
                    .get(&file.storage_key)
                    .await
                    .map_err(|e| anyhow::anyhow!("{}: {e:?}", file.file_name))?;
                mixed = mixed.singlepart(
                    LettreAttachment::new(file.file_name.clone())
                        .body(bytes, ContentType::parse(&file.content_type)?),
                );
            }
            builder.multipart(mixed)?
        };
        self.transport.send(message).await?;
        Ok(())
    }
}

pub(crate) fn with_link(
    to: &str,
    subject: &str,
    paragraphs: &[String],
    link_text: &str,
    link: &str,
) -> Mail {
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
        attachments: Vec::new(),
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
