//! Sending a newsletter, outside the request (ARCHITECTURE §8): a job per batch of recipients.
//!
//! Each recipient is sent in its own short transaction that holds its row: the row is read and
//! locked, the mail goes, and the row records it before the commit. So:
//! - a recipient the send handled already (`send_id`) is passed over: a batch retried after the
//!   mail server went away resumes with the first recipient it had not sent, and nobody gets the
//!   newsletter twice;
//! - two sends at once (a 'Send alle' and a contact's own send) take turns on the row, and the
//!   second, without force, finds it sent;
//! - a mail the server refuses rolls its row back and fails the job, which is tried again later
//!   (`jobs`: backoff up to an hour, for about a day); the mails sent beside it are recorded.
//!
//! The one gap left is the process dying between the mail server's 'accepted' and the commit:
//! that recipient is sent again when the batch is retried (at least once, never silently lost).

use futures::{FutureExt, StreamExt};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::Skipped;
use crate::mail::newsletters::{newsletter, NewsletterMail};
use crate::mail::{Attachment, Mailer};
use crate::state::AppState;

/// Mails of a batch on their way at once. An SMTP client waits ~40 ms per mail for the
/// server's delayed TCP acknowledgement of the message's end (lettre writes it separately), so
/// mails are sent side by side over the mailer's pooled connections; each holds a database
/// connection while it goes, so this stays well under the pool (4 per core) staff need too.
const AT_ONCE: usize = 4;

/// Which send a batch belongs to.
#[derive(Debug, Clone, Copy)]
pub struct Batch {
    pub client_id: Uuid,
    pub newsletter_id: Uuid,
    pub send_id: Uuid,
    pub force: bool,
}

/// What the mail needs of the newsletter and its club.
#[derive(Debug, sqlx::FromRow)]
struct Content {
    club: String,
    subject: String,
    title: String,
    description: String,
    template: Option<String>,
    picture_name: Option<String>,
    picture_key: Option<String>,
    picture_type: Option<String>,
    bottom_name: Option<String>,
    bottom_key: Option<String>,
    bottom_type: Option<String>,
    attachment_name: Option<String>,
    attachment_key: Option<String>,
    attachment_type: Option<String>,
}

async fn content(
    conn: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
) -> Result<Option<Content>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.name AS club, n.subject, n.title, n.description, \
           (SELECT t->>'template' FROM jsonb_array_elements(c.settings->'newsletter'->'emailTemplates') t \
            WHERE jsonb_typeof(c.settings->'newsletter'->'emailTemplates') = 'array' AND t->>'name' = n.email_template \
            LIMIT 1) AS template, \
           p.file_name AS picture_name, p.storage_key AS picture_key, p.content_type AS picture_type, \
           b.file_name AS bottom_name, b.storage_key AS bottom_key, b.content_type AS bottom_type, \
           a.file_name AS attachment_name, a.storage_key AS attachment_key, a.content_type AS attachment_type \
         FROM newsletters n JOIN clients c ON c.id = n.client_id \
         LEFT JOIN files p ON p.id = n.picture LEFT JOIN files b ON b.id = n.picture_bottom \
         LEFT JOIN files a ON a.id = n.attachment \
         WHERE n.client_id = $1 AND n.id = $2",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .fetch_optional(conn)
    .await
}

fn attachment(
    name: &Option<String>,
    key: &Option<String>,
    kind: &Option<String>,
) -> Option<Attachment> {
    match (name, key, kind) {
        (Some(file_name), Some(storage_key), Some(content_type)) => Some(Attachment {
            file_name: file_name.clone(),
            storage_key: storage_key.clone(),
            content_type: content_type.clone(),
        }),
        _ => None,
    }
}

/// One recipient, its row locked.
#[derive(Debug, sqlx::FromRow)]
struct Recipient {
    token: String,
    sent: bool,
    send_id: Option<Uuid>,
    firstname: String,
    lastname: String,
    email: String,
    no_newsletters: bool,
    company: Option<String>,
}

/// The unsubscribe page of a recipient's token, and where a mail program posts to.
pub fn unsubscribe_links(public_url: &str, token: &str) -> (String, String) {
    let base = public_url.trim_end_matches('/');
    (
        format!("{base}/newsletter/unsubscribe/{token}"),
        format!("{base}/public/newsletters/unsubscribe/{token}"),
    )
}

/// What happened to one recipient.
enum Outcome {
    Sent,
    Passed,
    Gone,
}

/// The job: sends the newsletter to each of `recipient_ids` the send has not handled.
pub async fn send_batch(
    state: &AppState,
    mailer: &Mailer,
    batch: &Batch,
    recipient_ids: &[Uuid],
) -> Result<String, String> {
    let failed = |e: sqlx::Error| format!("Databasefejl: {e}");
    let mut tx = club_tx(&state.pool, batch.client_id)
        .await
        .map_err(failed)?;
    let Some(content) = content(&mut tx, batch.client_id, batch.newsletter_id)
        .await
        .map_err(failed)?
    else {
        return Ok("Nyhedsbrevet er slettet".into());
    };
    tx.commit().await.map_err(failed)?;
    // Each send owns what it borrows from the batch, and is boxed: the job runner's future must
    // be Send, which a closure over borrowed ids cannot promise the compiler.
    let content = std::sync::Arc::new(content);
    let batch = *batch;
    let sends = recipient_ids.iter().copied().map(|id| {
        let content = content.clone();
        async move { send_one(state, mailer, &batch, &content, id).await }.boxed()
    });
    let outcomes: Vec<Result<Outcome, String>> = futures::stream::iter(sends)
        .buffer_unordered(AT_ONCE)
        .collect()
        .await;
    let (mut sent, mut passed) = (0, 0);
    let mut first_error = None;
    for outcome in outcomes {
        match outcome {
            Ok(Outcome::Sent) => sent += 1,
            Ok(Outcome::Passed) => passed += 1,
            Ok(Outcome::Gone) => {}
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    // A failed mail fails the batch (it is tried again later); those that went are recorded.
    match first_error {
        Some(error) => Err(error),
        None => Ok(format!("{sent} sendt, {passed} sprunget over")),
    }
}

async fn send_one(
    state: &AppState,
    mailer: &Mailer,
    batch: &Batch,
    content: &Content,
    id: Uuid,
) -> Result<Outcome, String> {
    let failed = |e: sqlx::Error| format!("Databasefejl: {e}");
    let mut tx = club_tx(&state.pool, batch.client_id)
        .await
        .map_err(failed)?;
    let found: Option<Recipient> = sqlx::query_as(
        "SELECT r.token, r.sent_at IS NOT NULL AS sent, r.send_id, c.firstname, c.lastname, c.email, c.no_newsletters, \
           co.name AS company \
         FROM newsletter_recipients r JOIN contacts c ON c.id = r.contact_id \
         LEFT JOIN companies co ON co.id = r.company_id \
         WHERE r.client_id = $1 AND r.newsletter_id = $2 AND r.id = $3 FOR UPDATE OF r",
    )
    .bind(batch.client_id)
    .bind(batch.newsletter_id)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await
    .map_err(failed)?;
    // Deleted since it was queued: nothing to send.
    let Some(recipient) = found else {
        return Ok(Outcome::Gone);
    };
    if recipient.send_id == Some(batch.send_id) {
        return Ok(Outcome::Passed);
    }
    let email = recipient.email.trim();
    let skip = if email.is_empty() {
        Some(Skipped::Email)
    } else if recipient.no_newsletters {
        Some(Skipped::Unsubscribed)
    } else if recipient.sent && !batch.force {
        Some(Skipped::Sent)
    } else {
        None
    };
    if let Some(why) = skip {
        sqlx::query("UPDATE newsletter_recipients SET send_id = $2, skipped = $3 WHERE id = $1")
            .bind(id)
            .bind(batch.send_id)
            .bind(why.as_str())
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        return Ok(Outcome::Passed);
    }
    let (page, post) = unsubscribe_links(&state.settings.public_url, &recipient.token);
    let mail = newsletter(&NewsletterMail {
        to: email,
        club: &content.club,
        subject: &content.subject,
        title: &content.title,
        description: &content.description,
        template: content.template.as_deref(),
        firstname: &recipient.firstname,
        lastname: &recipient.lastname,
        company: recipient.company.as_deref(),
        picture: attachment(
            &content.picture_name,
            &content.picture_key,
            &content.picture_type,
        ),
        picture_bottom: attachment(
            &content.bottom_name,
            &content.bottom_key,
            &content.bottom_type,
        ),
        attachment: attachment(
            &content.attachment_name,
            &content.attachment_key,
            &content.attachment_type,
        ),
        unsubscribe_page: &page,
        unsubscribe_post: &post,
    });
    // The row stays locked while the mail goes; a refused mail rolls it back (dropping `tx`).
    mailer
        .send(&mail)
        .await
        .map_err(|e| format!("Mail kunne ikke sendes til {email}: {e}"))?;
    sqlx::query(
        "UPDATE newsletter_recipients SET send_id = $2, sent_at = now(), sent_to = $3, skipped = NULL WHERE id = $1",
    )
    .bind(id)
    .bind(batch.send_id)
    .bind(email)
    .execute(&mut *tx)
    .await
    .map_err(failed)?;
    tx.commit().await.map_err(failed)?;
    Ok(Outcome::Sent)
}
