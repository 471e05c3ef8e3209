use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::TicketCommand;
use super::error::TicketError;
use super::events::TicketEvent;
use super::model::{danish_time, TicketContent, TicketStatus, MIN_CODE_LENGTH};
use crate::selling::FieldError;
use crate::tenancy::Tenanted;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TicketRecord")]
pub struct Ticket {
    pub client_id: Option<Uuid>,
    pub status: TicketStatus,
    pub issued_at: Option<DateTime<Utc>>,
    /// The first scan at the door, and who scanned it.
    pub scanned_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub scanned_by: Option<String>,
    /// The seat is back on sale (the ticket keeps where it sat).
    pub seat_released: bool,
    pub voided_at: Option<DateTime<Utc>>,
    pub void_reason: Option<String>,
    #[serde(flatten)]
    pub content: TicketContent,
}

impl Tenanted for Ticket {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }
}

impl Ticket {
    /// Whether the ticket occupies its seat: it has one, did not give it back and is not voided.
    pub fn holds_seat(&self) -> bool {
        self.content.has_seat() && !self.seat_released && self.status != TicketStatus::Voided
    }

    fn exists(&self) -> Result<(), TicketError> {
        if self.client_id.is_none() {
            return Err(TicketError::NotFound);
        }
        Ok(())
    }
}

/// A name as typed: trimmed, and blank is none.
fn holder_name(name: Option<String>) -> Option<String> {
    name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty())
}

fn name_errors(name: &Option<String>, required: bool) -> Vec<FieldError> {
    if required && name.is_none() {
        vec![FieldError::new("name", "Navn skal udfyldes")]
    } else {
        Vec::new()
    }
}

/// Spec 2 §3 Ticket: a code long enough not to be guessed, a number, and the holder's name when
/// the product asks for it.
pub fn content_errors(content: &TicketContent) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let code = &content.code;
    if code.len() < MIN_CODE_LENGTH || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
        errors.push(FieldError::new(
            "code",
            format!("Billetkoden skal være mindst {MIN_CODE_LENGTH} bogstaver og tal"),
        ));
    }
    if content.number < 1 {
        errors.push(FieldError::new(
            "number",
            "Billetnummeret skal være mindst 1",
        ));
    }
    errors.extend(name_errors(&content.name, content.name_required));
    errors
}

fn valid(errors: Vec<FieldError>) -> Result<(), TicketError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(TicketError::Invalid(errors))
    }
}

impl Aggregate for Ticket {
    const TYPE: &'static str = "ticket";
    type Command = TicketCommand;
    type Event = TicketEvent;
    type Error = TicketError;
    type Services = ();

    async fn handle(
        &mut self,
        command: TicketCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), TicketError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: TicketEvent) {
        match event {
            TicketEvent::Issued {
                client_id,
                content,
                at,
            } => {
                self.client_id = Some(client_id);
                self.content = *content;
                self.issued_at = Some(at);
            }
            TicketEvent::Scanned { at, by } => {
                self.scanned_at = Some(at);
                self.scanned_by = by;
            }
            TicketEvent::SeatReleased => self.seat_released = true,
            TicketEvent::Renamed { name } => self.content.name = name,
            TicketEvent::Voided { reason, at } => {
                self.status = TicketStatus::Voided;
                self.void_reason = Some(reason);
                self.voided_at = Some(at);
            }
        }
    }
}

impl Ticket {
    /// The state machine (spec 2 §4 Ticket): what a command means, or why not. A voided ticket
    /// refuses everything.
    pub fn decide(&self, command: TicketCommand) -> Result<Vec<TicketEvent>, TicketError> {
        if let TicketCommand::Issue {
            client_id,
            mut content,
            at,
        } = command
        {
            if self.client_id.is_some() {
                return Err(TicketError::AlreadyIssued);
            }
            content.name = holder_name(content.name.take());
            valid(content_errors(&content))?;
            return Ok(vec![TicketEvent::Issued {
                client_id,
                content,
                at,
            }]);
        }
        self.exists()?;
        if self.status == TicketStatus::Voided {
            return Err(TicketError::Voided);
        }
        let event = match command {
            TicketCommand::Issue { .. } => return Err(TicketError::AlreadyIssued),
            TicketCommand::Scan { at, by } => {
                if let Some(first) = self.scanned_at {
                    let when = match &self.scanned_by {
                        Some(who) => format!("{} af {who}", danish_time(first)),
                        None => danish_time(first),
                    };
                    return Err(TicketError::AlreadyScanned(when));
                }
                if self.seat_released {
                    return Err(TicketError::SeatReleased);
                }
                TicketEvent::Scanned {
                    at,
                    by: by.map(|b| b.trim().to_string()).filter(|b| !b.is_empty()),
                }
            }
            TicketCommand::ReleaseSeat => {
                if !self.content.has_seat() {
                    return Err(TicketError::NoSeat);
                }
                if self.seat_released {
                    return Err(TicketError::SeatAlreadyReleased);
                }
                TicketEvent::SeatReleased
            }
            TicketCommand::Rename { name } => {
                let name = holder_name(Some(name));
                valid(name_errors(&name, self.content.name_required))?;
                if name == self.content.name {
                    return Ok(vec![]);
                }
                TicketEvent::Renamed { name }
            }
            TicketCommand::Void { reason, at } => TicketEvent::Voided {
                reason: reason.trim().to_string(),
                at,
            },
        };
        Ok(vec![event])
    }
}
