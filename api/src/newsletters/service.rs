//! The recipients of a newsletter (spec 2 §7 create-recipients, send-newsletters,
//! delete-recipients): made from the recipients card's selection, sent in batches by jobs
//! (`send.rs`), and deleted. Each change is one club transaction with the newsletter's row
//! locked, so two 'Opret alle' or two 'Send alle' on one newsletter take turns.

use std::collections::HashSet;

use sqlx::types::Json as Jsonb;
use sqlx::PgConnection;
use uuid::Uuid;

use super::dto::{
    NewsletterRecipient, NewsletterRecipientGroup, NewsletterSelection, NewslettersQueued,
    RecipientCompany, RecipientContact, RecipientCounts, RecipientsCreated, SendProgress, Skipped,
};
use crate::error::ApiError;
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::recipients::{self, OptOut, Scope, Selection};

/// Recipients per job: a batch is sent in a few seconds, well inside a job's lease, and a
/// retried batch has little to pass over.
pub const BATCH: usize = 100;

/// The newsletter's title, its row locked for the change; 404 for another club's.
pub async fn lock(
    conn: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
) -> Result<String, ApiError> {
    sqlx::query_scalar("SELECT title FROM newsletters WHERE client_id = $1 AND id = $2 FOR UPDATE")
        .bind(client_id)
        .bind(newsletter_id)
        .fetch_optional(conn)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The selection's lists that name something not the club's: each list's field and what it
/// says of it. The editor's save and create-recipients both ask.
pub async fn foreign_in_selection(
    conn: &mut PgConnection,
    client_id: Uuid,
    selection: &NewsletterSelection,
) -> Result<Vec<(&'static str, &'static str)>, ApiError> {
    let mut foreign = Vec::new();
    for (table, ids, field, message) in [
        (
            "companies",
            &selection.company_ids,
            "companyIds",
            "Virksomheden findes ikke",
        ),
        (
            "contacts",
            &selection.contact_ids,
            "contactIds",
            "Kontakten findes ikke",
        ),
        (
            "products",
            &selection.product_ids,
            "productIds",
            "Produktet findes ikke",
        ),
        (
            "products",
            &selection.order_product_ids,
            "orderProductIds",
            "Produktet findes ikke",
        ),
    ] {
        if !crate::kit::club::all_in_club(conn, table, client_id, ids).await? {
            foreign.push((field, message));
        }
    }
    Ok(foreign)
}

/// create-recipients: a recipient for each contact the selection reaches that is not one yet;
/// contacts unsubscribed from newsletters are left out and counted. The selection is kept as the
/// newsletter's, for the card.
pub async fn create_recipients(
    tx: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
    scope: Scope,
    selection: &NewsletterSelection,
) -> Result<RecipientsCreated, ApiError> {
    lock(tx, client_id, newsletter_id).await?;
    if let Some((field, _)) = foreign_in_selection(tx, client_id, selection)
        .await?
        .first()
    {
        return Err(ApiError::field(field, "Valget findes ikke i klubben"));
    }
    let chosen = Selection {
        product_ids: &selection.product_ids,
        order_product_ids: &selection.order_product_ids,
        company_ids: &selection.company_ids,
        contact_ids: &selection.contact_ids,
        contact_list_ids: &[],
    };
    let (reached, unsubscribed) =
        recipients::reached(tx, client_id, scope, &chosen, OptOut::Newsletters).await?;
    let contacts: Vec<Uuid> = reached.iter().map(|r| r.contact_id).collect();
    let companies: Vec<Option<Uuid>> = reached.iter().map(|r| r.company_id).collect();
    // The unsubscribe link's token: 244 random bits from two version 4 UUIDs.
    let created = sqlx::query(
        "INSERT INTO newsletter_recipients (id, client_id, newsletter_id, contact_id, company_id, token) \
         SELECT gen_random_uuid(), $1, $2, r.contact_id, r.company_id, \
                replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') \
         FROM unnest($3::uuid[], $4::uuid[]) AS r (contact_id, company_id) \
         ON CONFLICT (newsletter_id, contact_id) DO NOTHING",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .bind(&contacts)
    .bind(&companies)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    sqlx::query("UPDATE newsletters SET recipients = $3 WHERE client_id = $1 AND id = $2")
        .bind(client_id)
        .bind(newsletter_id)
        .bind(Jsonb(selection))
        .execute(&mut *tx)
        .await?;
    let created = i32::try_from(created).unwrap_or(i32::MAX);
    let reached = i32::try_from(reached.len()).unwrap_or(i32::MAX);
    Ok(RecipientsCreated {
        created,
        skipped: unsubscribed + reached - created,
    })
}

/// A recipient as a send looks at it.
#[derive(sqlx::FromRow)]
struct ToSend {
    id: Uuid,
    email: String,
    no_newsletters: bool,
    sent: bool,
}

fn refused_ids() -> ApiError {
    ApiError::field("ids", "Vælg modtagere fra nyhedsbrevet")
}

/// send-newsletters: the recipients of `ids` (all of them for none) that have an e-mail, did not
/// unsubscribe and (without `force`) did not get the newsletter yet, handed to jobs of `BATCH`
/// each. Those passed over are marked with why, and counted.
pub async fn queue_sends(
    tx: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
    ids: &[Uuid],
    force: bool,
    created_by: Option<Uuid>,
) -> Result<NewslettersQueued, ApiError> {
    let title = lock(tx, client_id, newsletter_id).await?;
    let found: Vec<ToSend> = sqlx::query_as(
        "SELECT r.id, c.email, c.no_newsletters, r.sent_at IS NOT NULL AS sent \
         FROM newsletter_recipients r JOIN contacts c ON c.id = r.contact_id \
         WHERE r.client_id = $1 AND r.newsletter_id = $2 AND (cardinality($3::uuid[]) = 0 OR r.id = ANY($3)) \
         ORDER BY r.created_at, r.id",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    if !ids.is_empty() && found.len() != ids.iter().collect::<HashSet<_>>().len() {
        return Err(refused_ids());
    }
    let mut queue = Vec::new();
    let mut passed: Vec<(Uuid, Skipped)> = Vec::new();
    for recipient in &found {
        if recipient.email.trim().is_empty() {
            passed.push((recipient.id, Skipped::Email));
        } else if recipient.no_newsletters {
            passed.push((recipient.id, Skipped::Unsubscribed));
        } else if recipient.sent && !force {
            continue;
        } else {
            queue.push(recipient.id);
        }
    }
    let skipped = i32::try_from(found.len() - queue.len()).unwrap_or(i32::MAX);
    let (passed_ids, reasons): (Vec<Uuid>, Vec<&str>) =
        passed.iter().map(|(id, why)| (*id, why.as_str())).unzip();
    sqlx::query(
        "UPDATE newsletter_recipients r SET skipped = p.why \
         FROM unnest($2::uuid[], $3::text[]) AS p (id, why) WHERE r.client_id = $1 AND r.id = p.id",
    )
    .bind(client_id)
    .bind(&passed_ids)
    .bind(&reasons)
    .execute(&mut *tx)
    .await?;
    if queue.is_empty() {
        return Ok(NewslettersQueued {
            send_id: None,
            queued: 0,
            skipped,
            batches: 0,
        });
    }
    let send_id = Uuid::new_v4();
    let queued = i32::try_from(queue.len()).unwrap_or(i32::MAX);
    sqlx::query(
        "INSERT INTO newsletter_sends (id, client_id, newsletter_id, force, total, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(send_id)
    .bind(client_id)
    .bind(newsletter_id)
    .bind(force)
    .bind(queued)
    .bind(created_by)
    .execute(&mut *tx)
    .await?;
    let batches = queue.len().div_ceil(BATCH);
    for (i, batch) in queue.chunks(BATCH).enumerate() {
        enqueue(
            tx,
            NewJob {
                client_id: Some(client_id),
                description: format!(
                    "Nyhedsbrev '{title}': parti {} af {batches} ({} modtagere){}",
                    i + 1,
                    batch.len(),
                    if force { ", sendes igen" } else { "" }
                ),
                method: JobMethod::SendNewsletter {
                    client_id,
                    newsletter_id,
                    send_id,
                    recipient_ids: batch.to_vec(),
                    force,
                },
                collection: Some("newsletters".into()),
                relation_id: Some(newsletter_id.to_string()),
                created_by,
            },
        )
        .await?;
    }
    Ok(NewslettersQueued {
        send_id: Some(send_id),
        queued,
        skipped,
        batches: i32::try_from(batches).unwrap_or(i32::MAX),
    })
}

/// delete-recipients: the newsletter's recipients of `ids`; others are not found.
pub async fn delete_recipients(
    tx: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
    ids: &[Uuid],
) -> Result<i32, ApiError> {
    lock(tx, client_id, newsletter_id).await?;
    let unique: HashSet<&Uuid> = ids.iter().collect();
    if unique.is_empty() {
        return Err(refused_ids());
    }
    let known: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM newsletter_recipients WHERE client_id = $1 AND newsletter_id = $2 AND id = ANY($3)",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .bind(ids)
    .fetch_one(&mut *tx)
    .await?;
    if known != unique.len() as i64 {
        return Err(refused_ids());
    }
    let deleted = sqlx::query(
        "DELETE FROM newsletter_recipients WHERE client_id = $1 AND newsletter_id = $2 AND id = ANY($3)",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .bind(ids)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    Ok(i32::try_from(deleted).unwrap_or(i32::MAX))
}

#[derive(sqlx::FromRow)]
struct RecipientRow {
    id: Uuid,
    sent_at: Option<chrono::DateTime<chrono::Utc>>,
    sent_to: Option<String>,
    skipped: Option<String>,
    no_newsletters: bool,
    contact_id: Uuid,
    firstname: String,
    lastname: String,
    email: String,
    company_id: Option<Uuid>,
    company_name: Option<String>,
}

/// The recipients grouped by the company they were reached through, companies by name and
/// 'none' (without a company) last; a group's contacts by name.
pub async fn groups(
    conn: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
) -> Result<Vec<NewsletterRecipientGroup>, sqlx::Error> {
    let rows: Vec<RecipientRow> = sqlx::query_as(
        "SELECT r.id, r.sent_at, r.sent_to, r.skipped, c.no_newsletters, c.id AS contact_id, c.firstname, c.lastname, \
           c.email, co.id AS company_id, co.name AS company_name \
         FROM newsletter_recipients r JOIN contacts c ON c.id = r.contact_id \
         LEFT JOIN companies co ON co.id = r.company_id \
         WHERE r.client_id = $1 AND r.newsletter_id = $2 \
         ORDER BY co.id IS NULL, lower(co.name), co.id, lower(c.firstname), lower(c.lastname), c.id",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .fetch_all(conn)
    .await?;
    let mut groups: Vec<NewsletterRecipientGroup> = Vec::new();
    for row in rows {
        let key = row
            .company_id
            .map_or_else(|| "none".to_string(), |id| id.to_string());
        let recipient = NewsletterRecipient {
            id: row.id,
            sent: row.sent_at.is_some(),
            sent_at: row.sent_at,
            sent_to: row.sent_to,
            skipped: row.skipped.as_deref().and_then(Skipped::parse),
            unsubscribed: row.no_newsletters,
            contact: RecipientContact {
                id: row.contact_id,
                firstname: row.firstname,
                lastname: row.lastname,
                email: row.email,
            },
        };
        match groups.last_mut() {
            Some(group) if group.key == key => group.contacts.push(recipient),
            _ => groups.push(NewsletterRecipientGroup {
                key,
                company: row
                    .company_id
                    .zip(row.company_name)
                    .map(|(id, name)| RecipientCompany { id, name }),
                contacts: vec![recipient],
            }),
        }
    }
    Ok(groups)
}

pub async fn counts(
    conn: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
) -> Result<RecipientCounts, sqlx::Error> {
    sqlx::query_as(
        "SELECT count(*) AS total, count(r.sent_at) AS sent, count(*) FILTER (WHERE trim(c.email) = '') AS without_email, \
           count(*) FILTER (WHERE c.no_newsletters) AS unsubscribed \
         FROM newsletter_recipients r JOIN contacts c ON c.id = r.contact_id \
         WHERE r.client_id = $1 AND r.newsletter_id = $2",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .fetch_one(conn)
    .await
}

/// The newsletter's latest send and how far it is.
pub async fn progress(
    conn: &mut PgConnection,
    client_id: Uuid,
    newsletter_id: Uuid,
) -> Result<Option<SendProgress>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.id AS send_id, s.force, s.created_at AS started_at, s.total, \
           (SELECT count(*) FROM newsletter_recipients r WHERE r.send_id = s.id) AS done, \
           (SELECT count(*) FROM newsletter_recipients r WHERE r.send_id = s.id AND r.skipped IS NULL) AS sent, \
           (SELECT count(*) FROM newsletter_recipients r WHERE r.send_id = s.id AND r.skipped IS NOT NULL) AS skipped, \
           j.pending_batches, j.failed_batches, j.error \
         FROM newsletter_sends s, LATERAL ( \
           SELECT count(*) FILTER (WHERE pending) AS pending_batches, \
                  count(*) FILTER (WHERE NOT pending AND NOT succeeded) AS failed_batches, \
                  (array_agg(error ORDER BY updated_at DESC) FILTER (WHERE error IS NOT NULL))[1] AS error \
           FROM jobs WHERE client_id = s.client_id AND collection = 'newsletters' AND relation_id = s.newsletter_id::text \
             AND arguments->>'send_id' = s.id::text) j \
         WHERE s.client_id = $1 AND s.newsletter_id = $2 \
         ORDER BY s.created_at DESC LIMIT 1",
    )
    .bind(client_id)
    .bind(newsletter_id)
    .fetch_optional(conn)
    .await
}
