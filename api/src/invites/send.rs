//! Sending invitations, outside the request (ARCHITECTURE §8): a job per invite composes its
//! mail from the event, the club's settings and the invite, sends it, and records the send on
//! the Invite. A job that finds the invite deleted, or (without force) the mail already sent by
//! an earlier job, sends nothing. The send is recorded after the mail left, so a runner that
//! dies in between sends again when the job is retried: at least once, never silently lost.
//!
//! Reminders go out by themselves (`queue_due_reminders`, run by one of the servers every few
//! minutes): at the event's reminderInterval days before its start, to invitees who have booked
//! nothing.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tribune_domain::danish::buyer_time;
use tribune_domain::invite::SendKind;
use tribune_projections::db::{club_tx, system_tx};
use tribune_projections::invite::queries::{self as invites, InviteRow};
use uuid::Uuid;

use super::service::{already_sent, describe, event_products};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::mail::invites::{invitation, InvitationMail};
use crate::mail::{Attachment, Mailer};
use crate::state::AppState;

/// What the mail needs of the event and its club.
#[derive(Debug, sqlx::FromRow)]
pub struct EventForMail {
    pub title: String,
    pub start_date: DateTime<Utc>,
    pub location: Option<String>,
    pub sender_name: Option<String>,
    pub club: String,
    pub subject: Option<String>,
    /// The template chosen for this kind ('Default' or none: Tribune's own).
    pub template_name: Option<String>,
    pub template: Option<String>,
    pub attachment_name: Option<String>,
    pub attachment_key: Option<String>,
    pub attachment_type: Option<String>,
    /// The SMS template chosen for this kind (none: no SMS; 'Default': Tribune's text).
    pub sms_name: Option<String>,
    pub sms_template: Option<String>,
}

impl EventForMail {
    /// The club's template chosen for the mail; None: Tribune's own text.
    pub fn mail_template(&self) -> Option<&str> {
        match self.template_name.as_deref() {
            None | Some("" | "Default") => None,
            Some(_) => self.template.as_deref(),
        }
    }

    /// Whether an SMS goes too, and with which of the club's templates (None: Tribune's text).
    pub fn sms(&self) -> Option<Option<&str>> {
        let name = self.sms_name.as_deref()?;
        Some(
            (name != "Default")
                .then_some(self.sms_template.as_deref())
                .flatten(),
        )
    }
}

/// The event as a mail of its notification `key` (spec 2 §3: invitation, reminder, update,
/// cancelled, receipt) needs it.
pub async fn event_for_mail(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    key: &str,
) -> Result<Option<EventForMail>, sqlx::Error> {
    sqlx::query_as(
        "SELECT e.title, e.start_date, e.location, nullif(e.sender->>'name', '') AS sender_name, c.name AS club, \
           c.settings->'events'->>'invitationSubject' AS subject, \
           e.notifications->'emailNotifications'->>$3 AS template_name, \
           (SELECT t->>'template' FROM jsonb_array_elements(coalesce(c.settings->'events'->'emailTemplates', '[]')) t \
            WHERE jsonb_typeof(c.settings->'events'->'emailTemplates') = 'array' \
              AND t->>'name' = e.notifications->'emailNotifications'->>$3 LIMIT 1) AS template, \
           f.file_name AS attachment_name, f.storage_key AS attachment_key, f.content_type AS attachment_type, \
           nullif(e.notifications->'smsNotifications'->>$3, '') AS sms_name, \
           (SELECT t->>'template' FROM jsonb_array_elements(coalesce(c.settings->'events'->'smsTemplates', '[]')) t \
            WHERE jsonb_typeof(c.settings->'events'->'smsTemplates') = 'array' \
              AND t->>'name' = e.notifications->'smsNotifications'->>$3 LIMIT 1) AS sms_template \
         FROM club_events e JOIN clients c ON c.id = e.client_id \
         LEFT JOIN files f ON f.id = e.invite_attachment \
         WHERE e.client_id = $1 AND e.id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(key)
    .fetch_optional(conn)
    .await
}

/// The invite's public link: it opens the event's booking for the invitee.
pub fn invite_link(public_url: &str, token: &str) -> String {
    format!(
        "{}/public/events/invite/{token}",
        public_url.trim_end_matches('/')
    )
}

/// The free tickets as the mail names them ('2 × Middag').
async fn free_tickets(
    conn: &mut PgConnection,
    invite: &InviteRow,
) -> Result<Vec<String>, sqlx::Error> {
    let titles = event_products(conn, invite.client_id, invite.event_id).await?;
    Ok(invite
        .products
        .iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let title = titles.get(&p.product_id).map_or("billet", String::as_str);
            format!("{} × {title}", p.amount)
        })
        .collect())
}

/// The job: sends `kind` to the invite's contact and records it. Ok says what happened.
pub async fn send(
    state: &AppState,
    mailer: &Mailer,
    client_id: Uuid,
    invite_id: Uuid,
    kind: SendKind,
    force: bool,
) -> Result<String, String> {
    let failed = |e: sqlx::Error| format!("Databasefejl: {e}");
    let mut tx = club_tx(&state.pool, client_id).await.map_err(failed)?;
    let Some(invite) = invites::one(&mut tx, client_id, invite_id)
        .await
        .map_err(failed)?
    else {
        return Ok("Invitationen er slettet".into());
    };
    if !force && already_sent(&invite, kind) {
        return Ok("Allerede sendt".into());
    }
    let Some(to) = invite.email.clone().filter(|e| !e.trim().is_empty()) else {
        return Ok("Kontakten har ingen e-mail".into());
    };
    let Some(event) = event_for_mail(&mut tx, client_id, invite.event_id, kind.as_str())
        .await
        .map_err(failed)?
    else {
        return Ok("Arrangementet er slettet".into());
    };
    let tickets = free_tickets(&mut tx, &invite).await.map_err(failed)?;
    tx.commit().await.map_err(failed)?;

    let date = buyer_time(event.start_date, chrono::Utc::now());
    let link = invite_link(&state.settings.public_url, &invite.token);
    let template = event.mail_template().map(str::to_string);
    let sms_choice = event.sms().map(|t| t.map(str::to_string));
    let composed = InvitationMail {
        to: &to,
        kind,
        club: &event.club,
        subject: event.subject.as_deref(),
        template: template.as_deref(),
        firstname: &invite.firstname,
        lastname: &invite.lastname,
        company: invite.company_name.as_deref(),
        event: &event.title,
        date: &date,
        location: event.location.as_deref().unwrap_or(""),
        tickets: &tickets,
        link: &link,
        sender: event.sender_name.as_deref().unwrap_or(&event.club),
        attachment: match (
            event.attachment_name,
            event.attachment_key,
            event.attachment_type,
        ) {
            (Some(file_name), Some(storage_key), Some(content_type)) => Some(Attachment {
                file_name,
                content_type,
                storage_key,
            }),
            _ => None,
        },
    };
    let mail = invitation(&composed);
    // With an SMS template chosen for this kind and a number to send to, an SMS too (its own job:
    // retried by itself).
    let sms = sms_choice.and_then(|template| {
        let to = crate::integrations::sms::normalised_number(invite.phone.as_deref()?)?;
        Some(crate::integrations::sms::Sms {
            to,
            from: crate::integrations::sms::sender_name(&event.club),
            text: crate::mail::invites::invitation_sms(&composed, template.as_deref()),
        })
    });
    mailer
        .send(&mail)
        .await
        .map_err(|e| format!("Mail kunne ikke sendes: {e}"))?;

    let mut tx = club_tx(&state.pool, client_id).await.map_err(failed)?;
    let actor = Actor::system(client_id, "Tribune");
    let recorded = super::service::InviteService::of(state)
        .record_sent(&mut tx, &actor, invite_id, kind, to.clone())
        .await;
    match recorded {
        Ok(_) => {
            if let Some(sms) = sms {
                enqueue(
                    &mut tx,
                    NewJob {
                        client_id: Some(client_id),
                        description: format!("SMS: {} til {}", describe(kind), sms.to),
                        method: JobMethod::SendSms(sms),
                        collection: Some("invites".into()),
                        relation_id: Some(invite_id.to_string()),
                        created_by: None,
                    },
                )
                .await
                .map_err(failed)?;
            }
            tx.commit().await.map_err(failed)?
        }
        // Deleted while the mail went: it went, and there is nothing left to mark.
        Err(crate::error::ApiError::NotFound) => {}
        Err(err) => return Err(format!("Sendt, men ikke registreret: {err:?}")),
    }
    Ok(format!("{} sendt til {to}", describe(kind)))
}

/// Queues the reminders that are due now (see the module's comment), at most `limit`; answers
/// how many. Each invite's reminder is queued once: the job records it, and an invite with a
/// reminder job still waiting is not queued again.
pub async fn queue_due_reminders(
    state: &AppState,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<usize, sqlx::Error> {
    let mut tx = system_tx(&state.pool).await?;
    // One run at a time (two nodes' runs, or a run and a by-hand one): the check for a waiting
    // reminder job and its insert below must be one step, or both runs queue one. Held until the
    // transaction ends, so a lost connection lets go of it.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('invites.reminders', 0))")
        .execute(&mut *tx)
        .await?;
    let due = invites::due_reminders(&mut tx, now, limit).await?;
    let mut queued = 0;
    for (client_id, _, invite_id) in due {
        let waiting: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM jobs WHERE pending AND collection = 'invites' \
               AND relation_id = $1 AND method = 'send_invite' AND arguments->>'kind' = 'reminder')",
        )
        .bind(invite_id.to_string())
        .fetch_one(&mut *tx)
        .await?;
        if waiting {
            continue;
        }
        enqueue(
            &mut tx,
            NewJob {
                client_id: Some(client_id),
                description: describe(SendKind::Reminder).to_string(),
                method: JobMethod::SendInvite {
                    client_id,
                    invite_id,
                    kind: SendKind::Reminder,
                    force: false,
                },
                collection: Some("invites".into()),
                relation_id: Some(invite_id.to_string()),
                created_by: None,
            },
        )
        .await?;
        queued += 1;
    }
    tx.commit().await?;
    Ok(queued)
}

/// How often one of the servers looks for due reminders.
pub const REMINDERS_EVERY: std::time::Duration = std::time::Duration::from_secs(5 * 60);
/// At most this many per run; the next run takes the rest.
const REMINDER_BATCH: i64 = 1_000;

pub async fn run_reminders_until_stopped(
    state: actix_web::web::Data<AppState>,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    let node = state.settings.node.clone();
    crate::jobs::every_once(
        "invites.reminders",
        REMINDERS_EVERY,
        &state.pool,
        &node,
        stop,
        |_| {
            let state = state.clone();
            async move {
                match queue_due_reminders(&state, Utc::now(), REMINDER_BATCH).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(reminders = n, "invitation reminders queued"),
                    Err(err) => tracing::error!(error = ?err, "invitation reminders"),
                }
            }
        },
    )
    .await
}
