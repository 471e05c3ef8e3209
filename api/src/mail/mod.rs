//! Outgoing mail over SMTP (lettre), and what each mail says. Mails are never sent from a
//! request: they are jobs. An area's mails are composed here from its aggregate and a typed read
//! of the club's settings (`orders`), never in a handler.

pub mod account;
pub mod calendar;
pub mod contracts;
pub mod events;
pub mod invites;
pub mod invoices;
pub mod job;
pub mod newsletters;
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

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
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
    /// Small files made when the mail was composed (a calendar file), attached as they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<MailFile>,
    /// An order whose tickets go along as one PDF, rendered when the job sends the mail (not
    /// inside the transaction that confirmed the order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tickets_pdf: Option<TicketsPdf>,
    /// Pictures the HTML shows as `cid:{contentId}`, sent inside the mail (no remote images for
    /// a mail program to block).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inline: Vec<InlineImage>,
    /// Whose name the sender has (the club's); none: the installation's address alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_name: Option<String>,
    /// A bulk mail's one-click unsubscribe address (RFC 2369 List-Unsubscribe, RFC 8058
    /// List-Unsubscribe-Post).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_unsubscribe: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InlineImage {
    pub content_id: String,
    pub image: Attachment,
}

/// RFC 2369's List-Unsubscribe: `<address>`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.trim_matches(['<', '>', ' ']).to_string()))
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// RFC 8058: the address above unsubscribes with one POST.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ListUnsubscribePost;

impl lettre::message::header::Header for ListUnsubscribePost {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// A file the mail carries in itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailFile {
    pub file_name: String,
    pub content_type: String,
    pub content: String,
}

/// The tickets of an order, as one PDF attached to its confirmation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TicketsPdf {
    pub client_id: uuid::Uuid,
    pub order_id: uuid::Uuid,
    pub file_name: String,
}

/// A file made for the mail just before it is sent (the tickets' PDF).
pub struct MadeFile {
    pub file_name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
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
    /// The node's counters (`tribune_mails_sent_total`), when it serves.
    metrics: Option<std::sync::Arc<crate::metrics::Metrics>>,
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
            storage: Storage::from_config(&settings.storage)?,
            metrics: None,
        })
    }

    /// The same mailer, counting what it sends in the node's metrics.
    pub fn counted_by(self, metrics: std::sync::Arc<crate::metrics::Metrics>) -> Mailer {
        Mailer {
            metrics: Some(metrics),
            ..self
        }
    }

    pub async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        self.send_with(mail, Vec::new()).await
    }

    /// Sends `mail` with `made` attached after its own files.
    pub async fn send_with(&self, mail: &Mail, made: Vec<MadeFile>) -> anyhow::Result<()> {
        let sent = self.transport.send(self.message(mail, made).await?).await;
        if let Some(metrics) = &self.metrics {
            metrics.mail_sent(sent.is_ok());
        }
        sent?;
        Ok(())
    }

    /// The message as it goes out: text and HTML alternatives (the HTML with its inline
    /// pictures), then the attachments.
    async fn message(&self, mail: &Mail, made: Vec<MadeFile>) -> anyhow::Result<Message> {
        let from = match mail.from_name.as_deref().map(str::trim) {
            Some(name) if !name.is_empty() => {
                Mailbox::new(Some(name.to_string()), self.from.email.clone())
            }
            _ => self.from.clone(),
        };
        let mut builder = Message::builder()
            .from(from)
            .to(mail.to.parse()?)
            .subject(&mail.subject);
        if let Some(address) = &mail.list_unsubscribe {
            builder = builder
                .header(ListUnsubscribe(address.clone()))
                .header(ListUnsubscribePost);
        }
        let text = SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(mail.text.clone());
        let body = match &mail.html {
            Some(html) => {
                let html = SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(html.clone());
                if mail.inline.is_empty() {
                    MultiPart::alternative().singlepart(text).singlepart(html)
                } else {
                    let mut related = MultiPart::related().singlepart(html);
                    for picture in &mail.inline {
                        let bytes = self.file(&picture.image).await?;
                        related = related.singlepart(
                            LettreAttachment::new_inline(picture.content_id.clone())
                                .body(bytes, ContentType::parse(&picture.image.content_type)?),
                        );
                    }
                    MultiPart::alternative().singlepart(text).multipart(related)
                }
            }
            None => MultiPart::mixed().singlepart(text),
        };
        if mail.attachments.is_empty() && mail.files.is_empty() && made.is_empty() {
            return Ok(builder.multipart(body)?);
        }
        let mut mixed = MultiPart::mixed().multipart(body);
        for file in &mail.attachments {
            let bytes = self.file(file).await?;
            mixed = mixed.singlepart(
                LettreAttachment::new(file.file_name.clone())
                    .body(bytes, ContentType::parse(&file.content_type)?),
            );
        }
        for file in &mail.files {
            // Base64 keeps a calendar file's CRLF line endings byte for byte.
            let body = lettre::message::Body::new_with_encoding(
                file.content.clone().into_bytes(),
                lettre::message::header::ContentTransferEncoding::Base64,
            )
            .map_err(|_| anyhow::anyhow!("{}: kan ikke kodes", file.file_name))?;
            mixed = mixed.singlepart(
                LettreAttachment::new(file.file_name.clone())
                    .body(body, ContentType::parse(&file.content_type)?),
            );
        }
        for file in made {
            mixed = mixed.singlepart(
                LettreAttachment::new(file.file_name)
                    .body(file.bytes, ContentType::parse(file.content_type)?),
            );
        }
        Ok(builder.multipart(mixed)?)
    }

    async fn file(&self, file: &Attachment) -> anyhow::Result<Vec<u8>> {
        self.storage
            .get(&file.storage_key)
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e:?}", file.file_name))
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
        ..Default::default()
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
