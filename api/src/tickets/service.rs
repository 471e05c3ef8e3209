//! The Ticket's application service (STYLE.md). A ticket is issued inside the caller's club
//! transaction (the booking that sells it), so the order and its tickets commit together or not
//! at all.

use chrono::Utc;
use rand::RngCore;
use sqlx::PgConnection;
use tribune_domain::order::ExtraInfoValue;
use tribune_domain::ticket::{Ticket, TicketCommand, TicketContent, TicketError, TicketOption};
use tribune_projections::store::{CommandBus, CommandError};
use uuid::Uuid;

use crate::error::{rule_errors, ApiError};
use crate::kit::actor::Actor;
use crate::kit::seating::Voiding;

pub const CONFLICT: &str =
    "Billetten er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

/// Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The length of a ticket code: 128 random bits, five to a character.
pub const CODE_LENGTH: usize = 26;

/// A ticket's public code, the id its QR code prints and its download link names: 128 bits from
/// the operating system's random source as 26 characters of Crockford's base32.
pub fn new_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let bits = u128::from_be_bytes(bytes);
    (0..CODE_LENGTH)
        .rev()
        .map(|i| {
            let digit = (bits >> (i * 5)) & 0b1_1111;
            CROCKFORD
                .get(usize::try_from(digit).unwrap_or(0))
                .map_or('0', |c| char::from(*c))
        })
        .collect()
}

/// One ticket the booking sells: one unit of a ticket line of its order. The service makes the
/// code; `number` is the caller's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TicketToIssue {
    pub event_id: Uuid,
    pub order_id: Uuid,
    pub order_line_id: Uuid,
    pub product_id: Uuid,
    pub product_title: String,
    pub number: i64,
    pub name: Option<String>,
    /// The product asks for the holder's name (refused without one).
    pub name_required: bool,
    pub company_id: Option<Uuid>,
    pub company_name: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    pub options: Vec<TicketOption>,
    pub extra_info: Vec<ExtraInfoValue>,
}

impl TicketToIssue {
    fn content(self, code: String) -> TicketContent {
        TicketContent {
            event_id: self.event_id,
            order_id: self.order_id,
            order_line_id: self.order_line_id,
            product_id: self.product_id,
            product_title: self.product_title,
            code,
            number: self.number,
            name: self.name,
            name_required: self.name_required,
            company_id: self.company_id,
            company_name: self.company_name,
            section: self.section,
            row: self.row,
            seat_number: self.seat_number,
            options: self.options,
            extra_info: self.extra_info,
        }
    }
}

/// A refused ticket command as the API answers it.
pub fn refused(err: CommandError<TicketError>) -> ApiError {
    match err {
        CommandError::Domain(TicketError::Invalid(errors)) => {
            rule_errors(errors, "Billetten er ikke gyldig")
        }
        CommandError::Domain(TicketError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

/// The one writer of tickets (issue 38 §2): issue, void, scan and release a season seat's match,
/// each inside the caller's club transaction (the sale, the door, the season), which the caller
/// commits. No other file runs a ticket command.
pub struct TicketService<'a> {
    bus: &'a CommandBus<Ticket>,
}

impl<'a> TicketService<'a> {
    pub fn new(bus: &'a CommandBus<Ticket>) -> Self {
        TicketService { bus }
    }

    pub fn of(state: &'a crate::state::AppState) -> Self {
        TicketService::new(&state.tickets)
    }

    /// Issues one ticket: a new ticket with a new code, in `actor`'s club. Returns its id.
    pub async fn issue_in(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        ticket: TicketToIssue,
    ) -> Result<Uuid, ApiError> {
        let id = Uuid::new_v4();
        let command = TicketCommand::Issue {
            client_id: actor.client_id,
            content: Box::new(ticket.content(new_code())),
            at: Utc::now(),
        };
        actor
            .run(self.bus, tx, id, Some(0), command, "ticket.issue", refused)
            .await?;
        Ok(id)
    }

    /// Issues one ticket with its event's next number (`ticket.number` is set here).
    pub async fn issue_next_in(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        ticket: TicketToIssue,
    ) -> Result<Uuid, ApiError> {
        let number = take_ticket_numbers(tx, actor.client_id, ticket.event_id, 1).await?;
        self.issue_in(tx, actor, TicketToIssue { number, ..ticket })
            .await
    }

    /// Voids a ticket: it admits no one, for `reason`.
    pub async fn void_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        reason: &str,
    ) -> Result<(), ApiError> {
        let command = TicketCommand::Void {
            reason: reason.into(),
            at: Utc::now(),
        };
        actor
            .run(self.bus, conn, id, None, command, "ticket.void", refused)
            .await?;
        Ok(())
    }

    /// A season ticket holder's match ticket whose seat they released for the match.
    pub async fn release_seat_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
    ) -> Result<(), ApiError> {
        actor
            .run(
                self.bus,
                conn,
                id,
                None,
                TicketCommand::ReleaseSeat,
                "ticket.release_seat",
                refused,
            )
            .await?;
        Ok(())
    }

    /// Scans a ticket at the door by `by`; the refusal as the aggregate said it (the door tells
    /// a ticket scanned before from one changed meanwhile).
    pub async fn scan_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        by: Option<String>,
    ) -> Result<Ticket, CommandError<TicketError>> {
        let command = TicketCommand::Scan { at: Utc::now(), by };
        self.bus
            .execute_in(
                conn,
                actor.client_id,
                &id.to_string(),
                command,
                actor.metadata("ticket.scan"),
                None,
            )
            .await
            .map(|(ticket, _)| ticket)
    }
}

/// The ticket numbers `count` tickets of the event take: the first of a block, unique and
/// increasing per event, taken in the confirming transaction. Its row stays locked until that
/// commits, which queues nobody new: the booking already holds the event's place counter, and a
/// second connection here could starve the pool under a rush.
pub async fn take_ticket_numbers(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    count: i64,
) -> Result<i64, ApiError> {
    let last: i64 = sqlx::query_scalar(
        "INSERT INTO event_ticket_numbers (event_id, client_id, last_number) VALUES ($1, $2, $3) \
         ON CONFLICT (event_id) DO UPDATE SET last_number = event_ticket_numbers.last_number + $3 \
         RETURNING last_number",
    )
    .bind(event_id)
    .bind(client_id)
    .bind(count)
    .fetch_one(conn)
    .await?;
    Ok(last - count + 1)
}

/// Voids the holders' match tickets of the season tickets `ids` (a match ticket's order line is
/// its season ticket), before those go; `kit::seating::Voiding::void` for the order, the shop
/// and the seasons.
pub fn void_match_tickets<'a>(
    conn: &'a mut PgConnection,
    voiding: &'a Voiding<'a>,
    ids: &'a [Uuid],
) -> futures::future::BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(void_issued(conn, voiding, ids))
}

async fn void_issued(
    conn: &mut PgConnection,
    voiding: &Voiding<'_>,
    ids: &[Uuid],
) -> Result<(), ApiError> {
    if ids.is_empty() {
        return Ok(());
    }
    let issued: Vec<Uuid> = sqlx::query_scalar(
        "SELECT id FROM ticket_rows WHERE order_line_id = ANY($1) AND status <> 'voided' ORDER BY id",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await?;
    let service = TicketService::new(voiding.tickets);
    for id in issued {
        service
            .void_in(&mut *conn, voiding.actor, id, voiding.reason)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_26_characters_of_crockford_base32_and_never_the_same_twice() {
        let codes: std::collections::BTreeSet<String> = (0..1000).map(|_| new_code()).collect();
        assert_eq!(codes.len(), 1000);
        for code in &codes {
            assert_eq!(code.len(), CODE_LENGTH);
            assert!(code.bytes().all(|c| CROCKFORD.contains(&c)), "{code}");
            // 130 bits of room for 128: the first character holds three bits.
            assert!(code.as_bytes()[0] <= b'7', "{code}");
        }
    }
}
