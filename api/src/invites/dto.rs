//! The invitations' wire types (spec 2 §3 Invite, Invite product; §7 Invitations).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Whom an invite asks.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteContact {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: Option<String>,
    pub phone: Option<String>,
}

/// A free ticket product of an invite, with the product's title.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteProduct {
    pub product_id: Uuid,
    pub title: String,
    pub amount: i32,
}

/// Spec 2 §3: invitationSent is yes or no.
#[derive(Debug, Clone, Copy, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationSent {
    Yes,
    No,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invite {
    pub id: Uuid,
    pub token: String,
    /// The invite's public link, as the mail gives it.
    pub link: String,
    pub contact: InviteContact,
    pub company_id: Option<Uuid>,
    pub company_name: Option<String>,
    pub list_id: Option<Uuid>,
    pub products: Vec<InviteProduct>,
    pub invitation_sent: InvitationSent,
    pub sent_at: Option<DateTime<Utc>>,
    pub reminder_sent_at: Option<DateTime<Utc>>,
    /// Tickets booked through the invite's link.
    pub booked: i32,
}

/// Invites of one company, one contact list, or ('none') of neither.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteGroup {
    pub key: String,
    pub title: String,
    pub invites: Vec<Invite>,
}

/// GET {ep}/{id}/invites: the invites grouped by company and by contact list.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInvites {
    pub companies: Vec<InviteGroup>,
    pub lists: Vec<InviteGroup>,
}

/// Whom to invite (spec 2 §3 Event invitees): contacts of companies with contracts holding the
/// agreement products, buyers of the order products, companies, contacts and contact lists.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
// A key it does not know is refused (a misspelt one would otherwise invite nobody, silently).
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct InviteSelection {
    pub product_ids: Vec<Uuid>,
    pub order_product_ids: Vec<Uuid>,
    pub company_ids: Vec<Uuid>,
    pub contact_ids: Vec<Uuid>,
    pub contact_list_ids: Vec<Uuid>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitesCreated {
    pub created: i32,
    /// Contacts left out: already invited, or not wanting invitations (noInvitations).
    pub skipped: i32,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitesQueued {
    pub queued: i32,
    /// Left out: no e-mail, noInvitations, or already sent (without force).
    pub skipped: i32,
}

/// delete-invites: how many invites were deleted.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitesDeleted {
    pub deleted: i32,
}

/// invite-group: how many of the group's invites were given its products.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteGroupUpdated {
    pub updated: i32,
}

/// A product of an invite as typed: empty fields are refused on their field.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteProductInput {
    pub product_id: Option<Uuid>,
    pub amount: Option<i32>,
}

/// A product of a group: the group's total and each invite's share.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteGroupProduct {
    pub product_id: Uuid,
    #[serde(default)]
    pub title: String,
    pub amount: i32,
    pub amount_per_invite: i32,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteGroupProducts {
    pub key: String,
    pub products: Vec<InviteGroupProduct>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteGroupProductInput {
    pub product_id: Option<Uuid>,
    pub amount: Option<i32>,
    pub amount_per_invite: Option<i32>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteGroupInput {
    pub key: String,
    pub products: Vec<InviteGroupProductInput>,
}

/// A free product of the invite the link opens, and how many of it are left to book.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicInviteProduct {
    pub product_id: Uuid,
    pub title: String,
    pub amount: i32,
    pub left: i32,
}

/// GET /public/events/invites/{token} of an unknown or deleted invite: `{success: false,
/// error}` (the booking page shows `error`; no `code`, unlike `Refusal`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InviteGone {
    pub success: bool,
    pub error: String,
}

/// GET /public/events/invites/{token}: what the booking wizard shows of the invite.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicInvite {
    pub event_id: Uuid,
    pub event_url: String,
    pub event_title: String,
    pub firstname: String,
    pub lastname: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company_id: Option<Uuid>,
    pub company_name: Option<String>,
    pub products: Vec<PublicInviteProduct>,
    /// Every free ticket was booked.
    pub used_up: bool,
}
