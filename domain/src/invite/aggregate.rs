use std::collections::HashSet;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::InviteCommand;
use super::error::InviteError;
use super::events::InviteEvent;
use super::model::{InviteContent, InviteProduct, SendKind, MAX_INVITE_AMOUNT, MIN_TOKEN_LENGTH};
use crate::selling::FieldError;
use crate::tenancy::Tenanted;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InviteRecord")]
pub struct Invite {
    pub client_id: Option<Uuid>,
    #[serde(flatten)]
    pub content: InviteContent,
    pub products: Vec<InviteProduct>,
    pub created_at: Option<DateTime<Utc>>,
    /// The invitation went out (invitationSent: yes), first when.
    pub sent_at: Option<DateTime<Utc>>,
    /// The last reminder and update sent.
    pub reminder_sent_at: Option<DateTime<Utc>>,
    pub update_sent_at: Option<DateTime<Utc>>,
    /// Tickets booked through the invite, over all its bookings.
    pub booked: i32,
    pub deleted_at: Option<DateTime<Utc>>,
}

impl Tenanted for Invite {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }
}

/// Spec 2 §5 invite products: a product, and an amount from 0 to the most an invite may give;
/// a product once.
pub fn product_errors(products: &[InviteProduct]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    for (i, product) in products.iter().enumerate() {
        if product.product_id.is_nil() {
            errors.push(FieldError::new(
                format!("products.{i}.productId"),
                "Produkt skal vælges",
            ));
        } else if !seen.insert(product.product_id) {
            errors.push(FieldError::new(
                format!("products.{i}.productId"),
                "Produktet er valgt to gange",
            ));
        }
        if !(0..=MAX_INVITE_AMOUNT).contains(&product.amount) {
            errors.push(FieldError::new(
                format!("products.{i}.amount"),
                format!("Antal skal være mellem 0 og {MAX_INVITE_AMOUNT}"),
            ));
        }
    }
    errors
}

fn valid(errors: Vec<FieldError>) -> Result<(), InviteError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(InviteError::Invalid(errors))
    }
}

impl Aggregate for Invite {
    const TYPE: &'static str = "invite";
    type Command = InviteCommand;
    type Event = InviteEvent;
    type Error = InviteError;
    type Services = ();

    async fn handle(
        &mut self,
        command: InviteCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), InviteError> {
        let events = self.decide(command)?;
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: InviteEvent) {
        match event {
            InviteEvent::Created {
                client_id,
                content,
                products,
                at,
            } => {
                self.client_id = Some(client_id);
                self.content = content;
                self.products = products;
                self.created_at = Some(at);
            }
            InviteEvent::ProductsSet { products } => self.products = products,
            InviteEvent::Sent { kind, at, .. } => match kind {
                SendKind::Invitation => {
                    self.sent_at.get_or_insert(at);
                }
                SendKind::Reminder => self.reminder_sent_at = Some(at),
                SendKind::Update => self.update_sent_at = Some(at),
            },
            InviteEvent::Booked { tickets, .. } => self.booked += tickets,
            InviteEvent::Deleted { at } => self.deleted_at = Some(at),
        }
    }
}

impl Invite {
    /// The state machine (spec 2 §4 Invitation: created, then sent, and can be deleted). A
    /// deleted invite refuses everything.
    pub fn decide(&self, command: InviteCommand) -> Result<Vec<InviteEvent>, InviteError> {
        if let InviteCommand::Create {
            client_id,
            content,
            products,
            at,
        } = command
        {
            if self.client_id.is_some() {
                return Err(InviteError::AlreadyCreated);
            }
            let mut errors = product_errors(&products);
            if content.token.len() < MIN_TOKEN_LENGTH
                || !content.token.chars().all(|c| c.is_ascii_alphanumeric())
            {
                errors.push(FieldError::new(
                    "token",
                    format!("Linkets kode skal være mindst {MIN_TOKEN_LENGTH} bogstaver og tal"),
                ));
            }
            if content.contact_id.is_nil() {
                errors.push(FieldError::new("contactId", "Kontakt skal vælges"));
            }
            valid(errors)?;
            return Ok(vec![InviteEvent::Created {
                client_id,
                content,
                products,
                at,
            }]);
        }
        if self.client_id.is_none() {
            return Err(InviteError::NotFound);
        }
        if self.deleted_at.is_some() {
            return Err(InviteError::Deleted);
        }
        let event = match command {
            InviteCommand::Create { .. } => return Err(InviteError::AlreadyCreated),
            InviteCommand::SetProducts { products } => {
                valid(product_errors(&products))?;
                if products == self.products {
                    return Ok(vec![]);
                }
                InviteEvent::ProductsSet { products }
            }
            InviteCommand::RecordSent { kind, to, at } => {
                let to = to.trim().to_string();
                if to.is_empty() {
                    return Err(InviteError::NoAddress);
                }
                InviteEvent::Sent { kind, to, at }
            }
            InviteCommand::RecordBooked {
                order_id,
                tickets,
                at,
            } => {
                if tickets < 1 {
                    return Ok(vec![]);
                }
                InviteEvent::Booked {
                    order_id,
                    tickets,
                    at,
                }
            }
            InviteCommand::Delete { at } => InviteEvent::Deleted { at },
        };
        Ok(vec![event])
    }

    /// invitationSent (spec 2 §3): the invitation itself went out.
    pub fn invitation_sent(&self) -> bool {
        self.sent_at.is_some()
    }

    /// How many free tickets of `product` the invite gives in all.
    pub fn amount_of(&self, product: Uuid) -> i32 {
        self.products
            .iter()
            .filter(|p| p.product_id == product)
            .map(|p| p.amount)
            .sum()
    }
}
