//! The Invite's application service (STYLE.md): every change in one club transaction —
//! reference checks, the command, the jobs it causes — committed by the caller.
//!
//! Whom 'Opret …' invites is `kit::recipients`' answer for the selection; contacts that want no
//! invitations (noInvitations) and contacts already invited to the event are left out and
//! counted.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::invite::{
    Invite, InviteCommand, InviteContent, InviteError, InviteProduct, SendKind,
};
use tribune_projections::invite::queries::{self as invites, InviteRow};
use tribune_projections::store::{CommandBus, CommandError};
use uuid::Uuid;

use super::dto::{
    InviteGroupInput, InviteGroupProduct, InviteProductInput, InvitesCreated, InvitesQueued,
};
use crate::error::{check_errors, push_error, rule_errors, ApiError, FieldErrors};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::kit::recipients::Reached;

pub const CONFLICT: &str =
    "Invitationen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

/// A refused invite command as the API answers it.
pub fn refused(err: CommandError<InviteError>) -> ApiError {
    match err {
        CommandError::Domain(InviteError::Invalid(errors)) => {
            rule_errors(errors, "Invitationen er ikke gyldig")
        }
        CommandError::Domain(InviteError::NotFound | InviteError::Deleted) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

/// The one writer of invites (issue 38 §2): create, products, group, delete, and what a booking
/// and a sent mail record on them, each in the caller's club transaction. No other file runs an
/// invite command.
pub struct InviteService<'a> {
    bus: &'a CommandBus<Invite>,
}

impl<'a> InviteService<'a> {
    pub fn of(state: &'a crate::state::AppState) -> Self {
        InviteService {
            bus: &state.invites,
        }
    }

    /// A booking took `tickets` of the invite's free tickets (its claims name the invite): the
    /// invite records the booking — its 'Brugt' count, and no reminder for it. An invite deleted
    /// since the booking was made records nothing; the tickets stand.
    pub async fn record_booked(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        invite_id: Uuid,
        order_id: Uuid,
        tickets: i32,
    ) -> Result<(), ApiError> {
        let command = InviteCommand::RecordBooked {
            order_id,
            tickets,
            at: Utc::now(),
        };
        match actor
            .run(
                self.bus,
                conn,
                invite_id,
                None,
                command,
                "invite.booked",
                refused,
            )
            .await
        {
            Ok(_) | Err(ApiError::NotFound) => Ok(()),
            Err(err) => Err(err),
        }
    }

    /// Invites each of `invitees` not yet invited to the event, with its group's products.
    pub async fn create(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        event_id: Uuid,
        invitees: &[Reached],
        unwilling: i32,
        now: DateTime<Utc>,
    ) -> Result<InvitesCreated, ApiError> {
        lock_event(tx, actor.client_id, event_id).await?;
        let invited: HashSet<Uuid> = invites::invited_contacts(tx, actor.client_id, event_id)
            .await?
            .into_iter()
            .collect();
        let groups = group_products(tx, actor.client_id, event_id).await?;
        let mut created = 0;
        for invitee in invitees.iter().filter(|i| !invited.contains(&i.contact_id)) {
            let products = groups
                .get(&group_key(invitee.company_id, invitee.list_id))
                .map(|p| per_invite(p))
                .unwrap_or_default();
            let command = InviteCommand::Create {
                client_id: actor.client_id,
                content: InviteContent {
                    event_id,
                    contact_id: invitee.contact_id,
                    company_id: invitee.company_id,
                    list_id: invitee.list_id,
                    token: crate::tickets::new_code(),
                },
                products,
                at: now,
            };
            actor
                .run(
                    self.bus,
                    tx,
                    Uuid::new_v4(),
                    Some(0),
                    command,
                    "invite.create",
                    refused,
                )
                .await?;
            created += 1;
        }
        let skipped = unwilling + i32::try_from(invitees.len()).unwrap_or(i32::MAX) - created;
        Ok(InvitesCreated { created, skipped })
    }

    /// save-invite: the invite's products as a whole.
    pub async fn set_products(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        invite_id: Uuid,
        input: &[InviteProductInput],
    ) -> Result<InviteRow, ApiError> {
        let row = invites::one(tx, actor.client_id, invite_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let offered = event_products(tx, actor.client_id, row.event_id).await?;
        let mut errors = FieldErrors::new();
        let products = checked_products(input, &offered, &mut errors);
        check_errors(errors)?;
        actor
            .run(
                self.bus,
                tx,
                invite_id,
                None,
                InviteCommand::SetProducts { products },
                "invite.set-products",
                refused,
            )
            .await?;
        invites::one(tx, actor.client_id, invite_id)
            .await?
            .ok_or(ApiError::NotFound)
    }

    /// invite-group: the group's products, saved for invites made later, and given to each of its
    /// invites now (`amountPerInvite` each). Answers how many invites changed.
    pub async fn set_group(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        event_id: Uuid,
        input: &InviteGroupInput,
    ) -> Result<i32, ApiError> {
        lock_event(tx, actor.client_id, event_id).await?;
        let key = input.key.trim();
        if key.is_empty() || key.len() > 64 {
            return Err(ApiError::field("key", "Gruppen findes ikke"));
        }
        let offered = event_products(tx, actor.client_id, event_id).await?;
        let mut errors = FieldErrors::new();
        let mut products = Vec::new();
        let mut seen = HashSet::new();
        for (i, line) in input.products.iter().enumerate() {
            let field = |name: &str| format!("products.{i}.{name}");
            match line.product_id {
                None => push_error(&mut errors, &field("productId"), "Produkt skal vælges"),
                Some(id) if !offered.contains_key(&id) => push_error(
                    &mut errors,
                    &field("productId"),
                    "Produktet sælges ikke til arrangementet",
                ),
                Some(id) if !seen.insert(id) => push_error(
                    &mut errors,
                    &field("productId"),
                    "Produktet er valgt to gange",
                ),
                Some(_) => {}
            }
            let amount_field =
                |value: Option<i32>, name: &str, errors: &mut FieldErrors| match value {
                    None => push_error(errors, &field(name), "Antal skal udfyldes"),
                    Some(n) if !(0..=tribune_domain::invite::MAX_INVITE_AMOUNT).contains(&n) => {
                        push_error(
                            errors,
                            &field(name),
                            format!(
                                "Antal skal være mellem 0 og {}",
                                tribune_domain::invite::MAX_INVITE_AMOUNT
                            ),
                        )
                    }
                    Some(_) => {}
                };
            amount_field(line.amount, "amount", &mut errors);
            amount_field(line.amount_per_invite, "amountPerInvite", &mut errors);
            if let (Some(product_id), Some(amount), Some(amount_per_invite)) =
                (line.product_id, line.amount, line.amount_per_invite)
            {
                products.push(InviteGroupProduct {
                    product_id,
                    title: String::new(),
                    amount,
                    amount_per_invite,
                });
            }
        }
        check_errors(errors)?;
        sqlx::query(
            "INSERT INTO event_invite_groups (client_id, event_id, key, products) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (event_id, key) DO UPDATE SET products = EXCLUDED.products, updated_at = now()",
        )
        .bind(actor.client_id)
        .bind(event_id)
        .bind(key)
        .bind(Json(&products))
        .execute(&mut *tx)
        .await?;
        let mut updated = 0;
        for invite in invites::of_group(tx, actor.client_id, event_id, key).await? {
            let command = InviteCommand::SetProducts {
                products: per_invite(&products),
            };
            actor
                .run(
                    self.bus,
                    tx,
                    invite.id,
                    None,
                    command,
                    "invite.set-products",
                    refused,
                )
                .await?;
            updated += 1;
        }
        Ok(updated)
    }

    /// delete-invites: the event's invites of `ids`; others are not found.
    pub async fn delete(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        event_id: Uuid,
        ids: &[Uuid],
        now: DateTime<Utc>,
    ) -> Result<i32, ApiError> {
        lock_event(tx, actor.client_id, event_id).await?;
        let found = invites::by_ids(tx, actor.client_id, event_id, ids).await?;
        if ids.is_empty() || found.len() != ids.iter().collect::<HashSet<_>>().len() {
            return Err(ApiError::field(
                "ids",
                "Vælg invitationer fra arrangementet",
            ));
        }
        for invite in &found {
            actor
                .run(
                    self.bus,
                    tx,
                    invite.id,
                    None,
                    InviteCommand::Delete { at: now },
                    "invite.delete",
                    refused,
                )
                .await?;
        }
        Ok(i32::try_from(found.len()).unwrap_or(i32::MAX))
    }

    /// An invitation, reminder or update went to `to`: the invite records it.
    pub async fn record_sent(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        invite_id: Uuid,
        kind: SendKind,
        to: String,
    ) -> Result<Invite, ApiError> {
        actor
            .run(
                self.bus,
                conn,
                invite_id,
                None,
                InviteCommand::RecordSent {
                    kind,
                    to,
                    at: Utc::now(),
                },
                "invite.sent",
                refused,
            )
            .await
    }
}

/// The event, locked for the change (two 'Opret alle' at once take turns); 404 for another club's.
pub async fn lock_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<(), ApiError> {
    let found: Option<i32> =
        sqlx::query_scalar("SELECT 1 FROM club_events WHERE client_id = $1 AND id = $2 FOR UPDATE")
            .bind(client_id)
            .bind(event_id)
            .fetch_optional(conn)
            .await?;
    found.map(|_| ()).ok_or(ApiError::NotFound)
}

/// The group an invite is shown in: its list, its company, or 'none'.
pub fn group_key(company_id: Option<Uuid>, list_id: Option<Uuid>) -> String {
    list_id
        .or(company_id)
        .map_or_else(|| "none".to_string(), |id| id.to_string())
}

/// The products each group's invites get (`amountPerInvite`).
async fn group_products(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<HashMap<String, Vec<InviteGroupProduct>>, sqlx::Error> {
    let rows: Vec<(String, Json<Vec<InviteGroupProduct>>)> = sqlx::query_as(
        "SELECT key, products FROM event_invite_groups WHERE client_id = $1 AND event_id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(k, p)| (k, p.0)).collect())
}

fn per_invite(products: &[InviteGroupProduct]) -> Vec<InviteProduct> {
    products
        .iter()
        .map(|p| InviteProduct {
            product_id: p.product_id,
            amount: p.amount_per_invite,
        })
        .collect()
}

/// The event's ticket products by catalogue product: their titles (the first ticket product's).
pub async fn event_products(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<HashMap<Uuid, String>, sqlx::Error> {
    let rows: Vec<(Uuid, String)> = sqlx::query_as(
        "SELECT DISTINCT ON (product_id) product_id, title FROM event_products \
         WHERE client_id = $1 AND event_id = $2 ORDER BY product_id, sorting, id",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Spec 2 §5 invite products, typed: a product of the event's tickets, an amount.
fn checked_products(
    input: &[InviteProductInput],
    offered: &HashMap<Uuid, String>,
    errors: &mut FieldErrors,
) -> Vec<InviteProduct> {
    let mut products = Vec::new();
    for (i, line) in input.iter().enumerate() {
        match line.product_id {
            None => push_error(
                errors,
                &format!("products.{i}.productId"),
                "Produkt skal vælges",
            ),
            Some(id) if !offered.contains_key(&id) => push_error(
                errors,
                &format!("products.{i}.productId"),
                "Produktet sælges ikke til arrangementet",
            ),
            Some(_) => {}
        }
        if line.amount.is_none() {
            push_error(
                errors,
                &format!("products.{i}.amount"),
                "Antal skal udfyldes",
            );
        }
        if let (Some(product_id), Some(amount)) = (line.product_id, line.amount) {
            products.push(InviteProduct { product_id, amount });
        }
    }
    products
}

/// The products of group `key` as saved, with their titles.
pub async fn group(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    key: &str,
) -> Result<Vec<InviteGroupProduct>, ApiError> {
    let offered = event_products(conn, client_id, event_id).await?;
    let mut products = group_products(conn, client_id, event_id)
        .await?
        .remove(key)
        .unwrap_or_default();
    for product in &mut products {
        product.title = offered
            .get(&product.product_id)
            .cloned()
            .unwrap_or_default();
    }
    Ok(products)
}

/// Whether `invite` got `kind` already (an update may always go again).
pub fn already_sent(invite: &InviteRow, kind: SendKind) -> bool {
    match kind {
        SendKind::Invitation => invite.sent_at.is_some(),
        SendKind::Reminder => invite.reminder_sent_at.is_some(),
        SendKind::Update => false,
    }
}

/// send-invites: one job per invite that has an e-mail and wants invitations and (without
/// `force`) did not get this kind of mail yet; a reminder only to those who booked nothing. The job sends it and records it.
#[allow(clippy::too_many_arguments)]
pub async fn queue_sends(
    tx: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    ids: &[Uuid],
    kind: SendKind,
    force: bool,
    created_by: Option<Uuid>,
) -> Result<InvitesQueued, ApiError> {
    let found = invites::by_ids(tx, client_id, event_id, ids).await?;
    if !ids.is_empty() && found.len() != ids.iter().collect::<HashSet<_>>().len() {
        return Err(ApiError::field(
            "ids",
            "Vælg invitationer fra arrangementet",
        ));
    }
    let unwilling: HashSet<Uuid> = sqlx::query_scalar(
        "SELECT id FROM contacts WHERE client_id = $1 AND id = ANY($2) AND no_invitations",
    )
    .bind(client_id)
    .bind(found.iter().map(|i| i.contact_id).collect::<Vec<_>>())
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .collect();
    let (mut queued, mut skipped) = (0, 0);
    for invite in &found {
        let Some(email) = invite.email.as_deref().filter(|e| !e.trim().is_empty()) else {
            skipped += 1;
            continue;
        };
        // A reminder is for those who have not booked (as the automatic ones are).
        let booked = kind == SendKind::Reminder && invite.booked > 0;
        if unwilling.contains(&invite.contact_id)
            || booked
            || (!force && already_sent(invite, kind))
        {
            skipped += 1;
            continue;
        }
        enqueue(
            tx,
            NewJob {
                client_id: Some(client_id),
                description: format!("{} til {email}", describe(kind)),
                method: JobMethod::SendInvite {
                    client_id,
                    invite_id: invite.id,
                    kind,
                    force,
                },
                collection: Some("invites".into()),
                relation_id: Some(invite.id.to_string()),
                created_by,
            },
        )
        .await?;
        queued += 1;
    }
    Ok(InvitesQueued { queued, skipped })
}

/// How the Jobs screen names a send.
pub fn describe(kind: SendKind) -> &'static str {
    match kind {
        SendKind::Invitation => "Invitation",
        SendKind::Reminder => "Påmindelse om invitation",
        SendKind::Update => "Opdatering af invitation",
    }
}
