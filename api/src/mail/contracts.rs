//! The contract's mails (spec 1 client settings `contracts.*`; issue 12): the contract PDF
//! ('Send'), the signing link ('Send til underskrift') and the signed copy (to the contact and
//! the owner), composed from the folded contract and a typed read of the club's settings.

use sqlx::PgConnection;
use tribune_domain::contract::Contract;

use super::{escape, with_link, Attachment, Mail};
use crate::error::ApiError;
use crate::kit::html::{sanitize, visible_text};

/// Subjects used when the club has not written its own.
pub const DEFAULT_SUBJECT: &str = "Aftale fra {sender}";
pub const DEFAULT_SIGN_SUBJECT: &str = "Aftale til underskrift – {company}";
pub const DEFAULT_SIGNED_SUBJECT: &str = "Underskrevet aftale – {company}";

/// What a contract mail needs of its club, read typed from the club's row and settings.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ContractMailSettings {
    /// The sender's name: the club.
    pub club: String,
    /// `contracts.emailSubject` with `{name}` (the company, else the contact) and `{sender}`.
    pub email_subject: Option<String>,
    /// `contracts.emailText` (HTML).
    pub email_text: Option<String>,
    /// `contracts.signEmailSubject` and `signedEmailSubject`, with `{company}`.
    pub sign_email_subject: Option<String>,
    pub signed_email_subject: Option<String>,
}

impl ContractMailSettings {
    pub async fn load(
        conn: &mut PgConnection,
        client_id: uuid::Uuid,
    ) -> Result<ContractMailSettings, sqlx::Error> {
        sqlx::query_as(
            "SELECT name AS club, settings->'contracts'->>'emailSubject' AS email_subject, \
               settings->'contracts'->>'emailText' AS email_text, \
               settings->'contracts'->>'signEmailSubject' AS sign_email_subject, \
               settings->'contracts'->>'signedEmailSubject' AS signed_email_subject \
             FROM clients WHERE id = $1",
        )
        .bind(client_id)
        .fetch_one(conn)
        .await
    }
}

fn chosen<'a>(setting: &'a Option<String>, default: &'a str) -> &'a str {
    setting
        .as_deref()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(default)
}

/// Whom a contract mail goes to: its contact person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub name: String,
    pub email: String,
    /// The contract's company, for `{company}` (the contact's name when there is none).
    pub company: String,
}

/// The contract's contact person with an e-mail, and the company's name for the subjects.
pub async fn recipient(
    conn: &mut PgConnection,
    contract: &Contract,
) -> Result<Recipient, ApiError> {
    let contact: Option<(String, String, Option<String>)> = match contract.content.contact_id {
        Some(id) => {
            sqlx::query_as("SELECT firstname, lastname, email FROM contacts WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let Some((firstname, lastname, email)) = contact else {
        return Err(ApiError::invalid("Aftalen har ingen kontaktperson"));
    };
    let email = email.unwrap_or_default().trim().to_string();
    if email.is_empty() {
        return Err(ApiError::invalid("Kontaktpersonen har ingen e-mail"));
    }
    let name = format!("{firstname} {lastname}").trim().to_string();
    let company = company_name(conn, contract).await?;
    Ok(Recipient {
        company: if company.is_empty() {
            name.clone()
        } else {
            company
        },
        name,
        email,
    })
}

async fn company_name(conn: &mut PgConnection, contract: &Contract) -> Result<String, ApiError> {
    let Some(id) = contract.content.company_id else {
        return Ok(String::new());
    };
    Ok(
        sqlx::query_scalar::<_, String>("SELECT name FROM companies WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?
            .unwrap_or_default(),
    )
}

/// A mail with the line the Jobs screen shows for it.
pub struct ContractMail {
    pub description: String,
    pub mail: Mail,
}

/// 'Send': the contract as a PDF, with the club's subject and text.
pub fn contract(
    contract: &Contract,
    club: &ContractMailSettings,
    to: &Recipient,
    pdf: Attachment,
) -> ContractMail {
    let subject = chosen(&club.email_subject, DEFAULT_SUBJECT)
        .replace("{name}", &to.name)
        .replace("{sender}", &club.club);
    let body = club
        .email_text
        .as_deref()
        .filter(|t| !visible_text(t).trim().is_empty())
        .map(sanitize)
        .unwrap_or_else(|| {
            format!(
                "<p>Hej {}</p><p>Hermed aftale #{} fra {}.</p>",
                escape(&to.name),
                contract.number,
                escape(&club.club)
            )
        });
    ContractMail {
        description: format!("Aftale #{} til {}", contract.number, to.email),
        mail: Mail {
            to: to.email.clone(),
            subject,
            text: visible_text(&body),
            html: Some(format!(
                "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{body}</body></html>"
            )),
            attachments: vec![pdf],
            ..Default::default()
        },
    }
}

/// 'Send til underskrift': the link to the signing page.
pub fn signing_link(
    contract: &Contract,
    club: &ContractMailSettings,
    to: &Recipient,
    link: &str,
    valid_days: i64,
) -> ContractMail {
    let number = contract.number;
    ContractMail {
        description: format!("Aftale #{number} til underskrift til {}", to.email),
        mail: with_link(
            &to.email,
            &chosen(&club.sign_email_subject, DEFAULT_SIGN_SUBJECT)
                .replace("{company}", &to.company),
            &[
                format!("Hej {}", to.name),
                format!(
                    "{} har sendt dig aftale #{number} til underskrift. Åbn aftalen, læs den igennem og underskriv den på siden.",
                    club.club
                ),
                format!("Linket virker i {valid_days} dage og kun til denne udgave af aftalen."),
            ],
            "Læs og underskriv aftalen",
            link,
        ),
    }
}

/// The signed copy, to the contact and to the contract's owner ('Ansvarlig') when there is one.
pub async fn signed(
    conn: &mut PgConnection,
    contract: &Contract,
    club: &ContractMailSettings,
    signer: &Recipient,
    pdf: Attachment,
) -> Result<Vec<ContractMail>, ApiError> {
    let subject = chosen(&club.signed_email_subject, DEFAULT_SIGNED_SUBJECT)
        .replace("{company}", &signer.company);
    let owner: Option<(String, String)> = match contract.content.owner_id {
        Some(id) => {
            sqlx::query_as("SELECT firstname, email FROM users WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let number = contract.number;
    let mut to = vec![(signer.name.clone(), signer.email.clone())];
    if let Some((name, email)) = owner {
        if !email.eq_ignore_ascii_case(&signer.email) {
            to.push((name, email));
        }
    }
    Ok(to
        .into_iter()
        .map(|(name, email)| {
            let paragraphs = [
                format!("Hej {name}"),
                format!(
                    "Aftale #{number} er underskrevet af {} ({}). Den underskrevne aftale med underskriftscertifikat er vedhæftet.",
                    signer.name, signer.email
                ),
            ];
            let html: String = paragraphs
                .iter()
                .map(|p| format!("<p>{}</p>", escape(p)))
                .collect();
            ContractMail {
                description: format!("Underskrevet aftale #{number} til {email}"),
                mail: Mail {
                    to: email,
                    subject: subject.clone(),
                    text: paragraphs.join("\n\n"),
                    html: Some(format!(
                        "<!doctype html><html lang=\"da\"><body style=\"font-family:sans-serif\">{html}</body></html>"
                    )),
                    attachments: vec![pdf.clone()],
                    ..Default::default()
                },
            }
        })
        .collect())
}
