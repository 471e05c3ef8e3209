use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::model::{InviteContent, InviteProduct, SendKind};

#[derive(Debug, Clone, PartialEq)]
pub enum InviteCommand {
    /// The contact is invited; the token is the caller's (128 random bits).
    Create {
        client_id: Uuid,
        content: InviteContent,
        products: Vec<InviteProduct>,
        at: DateTime<Utc>,
    },
    /// The invite's free products as a whole (spec 2 §7 save-invite, invite-group).
    SetProducts {
        products: Vec<InviteProduct>,
    },
    /// A mail or SMS of `kind` went to `to` (invitationSent becomes yes).
    RecordSent {
        kind: SendKind,
        to: String,
        at: DateTime<Utc>,
    },
    /// The invitee booked `tickets` tickets through the invite's link.
    RecordBooked {
        order_id: Uuid,
        tickets: i32,
        at: DateTime<Utc>,
    },
    Delete {
        at: DateTime<Utc>,
    },
}
