use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The shortest token an invite link may carry (the caller makes 26 characters of 128 bits).
pub const MIN_TOKEN_LENGTH: usize = 20;

/// The most free tickets of one product an invite may give.
pub const MAX_INVITE_AMOUNT: i32 = 1_000;

/// Whom the invite asks, to which event, and the link's token.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InviteContent {
    pub event_id: Uuid,
    pub contact_id: Uuid,
    /// The company it was made for (its group on the Invitationer tab), if any.
    pub company_id: Option<Uuid>,
    /// The contact list it was made from (its group by list), if any.
    pub list_id: Option<Uuid>,
    pub token: String,
}

/// A free ticket product of the invite (spec 2 §3 Invite product): the catalogue product and
/// how many of it the invitee books at price 0.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InviteProduct {
    pub product_id: Uuid,
    pub amount: i32,
}

/// What a sent message was (spec 2 §7 send-invites `type`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SendKind {
    #[default]
    Invitation,
    Reminder,
    Update,
}

impl SendKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SendKind::Invitation => "invitation",
            SendKind::Reminder => "reminder",
            SendKind::Update => "update",
        }
    }

    pub fn parse(s: &str) -> Option<SendKind> {
        match s {
            "invitation" | "" => Some(SendKind::Invitation),
            "reminder" => Some(SendKind::Reminder),
            "update" => Some(SendKind::Update),
            _ => None,
        }
    }
}
