//! The newsletters' wire types (spec 2 §3 Newsletter, Newsletter recipient group; §7 Newsletters).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::kit::image_slot::keep_or_remove;

/// Whom the recipients card selects (spec 2 §3 Newsletter `recipients`), saved with the
/// newsletter and sent to create-recipients.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewsletterSelection {
    pub company_ids: Vec<Uuid>,
    pub contact_ids: Vec<Uuid>,
    /// Agreement products: companies whose running contracts hold one.
    pub product_ids: Vec<Uuid>,
    /// Order products: buyers of approved orders holding one.
    pub order_product_ids: Vec<Uuid>,
    /// YYYY-MM-DD: the day contracts must run on ('Opret alle aktive', agreement products).
    pub active_date: Option<NaiveDate>,
}

/// GET /newsletters/{id}: the newsletter as the editor shows it. Files are their download URLs.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Newsletter {
    pub id: Uuid,
    pub name: String,
    pub title: String,
    pub subject: String,
    pub email_template: Option<String>,
    pub description: String,
    pub picture: Option<String>,
    pub picture_bottom: Option<String>,
    pub file_attachment: Option<String>,
    pub attachment_name: Option<String>,
    pub recipients: NewsletterSelection,
    #[ts(type = "number")]
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

/// A chosen product, company or contact, named (the selects' labels).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NamedChoice {
    pub id: Uuid,
    pub label: String,
}

/// GET /newsletters/{id}'s `data`: the names of what the selection holds.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterChoices {
    pub products: Vec<NamedChoice>,
    pub order_products: Vec<NamedChoice>,
    pub companies: Vec<NamedChoice>,
    pub contacts: Vec<NamedChoice>,
}

/// POST /newsletters/update: the newsletter as typed (multipart: this in `data`, the files as
/// `pictureFile`, `pictureBottomFile` and `attachmentFile`). A file field set to null removes the
/// file; leaving it out, or its URL, keeps it.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewsletterForm {
    pub id: Option<Uuid>,
    /// The version the editor read (409 when another save came first).
    #[ts(type = "number | null")]
    pub version: Option<i64>,
    pub name: Option<String>,
    pub title: Option<String>,
    pub subject: Option<String>,
    pub email_template: Option<String>,
    pub description: Option<String>,
    #[serde(deserialize_with = "keep_or_remove")]
    pub picture: Option<Option<String>>,
    #[serde(deserialize_with = "keep_or_remove")]
    pub picture_bottom: Option<Option<String>>,
    #[serde(deserialize_with = "keep_or_remove")]
    pub file_attachment: Option<Option<String>>,
    pub recipients: NewsletterSelection,
}

/// A row of the newsletters list.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
pub struct NewsletterListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Name")]
    pub name: String,
    #[serde(rename = "Title")]
    pub title: String,
    #[serde(rename = "Subject")]
    pub subject: String,
    #[serde(rename = "CreateDate")]
    pub create_date: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientContact {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
}

/// Why the last send passed a recipient over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Skipped {
    /// The contact has no e-mail.
    Email,
    /// The contact unsubscribed.
    Unsubscribed,
    /// It had the newsletter already (a send without force).
    Sent,
}

impl Skipped {
    pub fn as_str(self) -> &'static str {
        match self {
            Skipped::Email => "email",
            Skipped::Unsubscribed => "unsubscribed",
            Skipped::Sent => "sent",
        }
    }

    pub fn parse(text: &str) -> Option<Skipped> {
        [Skipped::Email, Skipped::Unsubscribed, Skipped::Sent]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// One contact of a group.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterRecipient {
    pub id: Uuid,
    /// 'Ja' when the newsletter was mailed to the contact.
    pub sent: bool,
    pub sent_at: Option<DateTime<Utc>>,
    pub sent_to: Option<String>,
    pub skipped: Option<Skipped>,
    /// The contact unsubscribed from the club's newsletters.
    pub unsubscribed: bool,
    pub contact: RecipientContact,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientCompany {
    pub id: Uuid,
    pub name: String,
}

/// Spec 2 §3 Newsletter recipient group: a company's contacts ('none': those without one).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterRecipientGroup {
    pub key: String,
    pub company: Option<RecipientCompany>,
    pub contacts: Vec<NewsletterRecipient>,
}

/// GET /newsletters/{id}/recipients' `data`: the recipients counted.
#[derive(Debug, Clone, Default, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientCounts {
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub sent: i64,
    #[ts(type = "number")]
    pub without_email: i64,
    #[ts(type = "number")]
    pub unsubscribed: i64,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientsCreated {
    pub created: i32,
    /// Left out: recipients already, or unsubscribed from newsletters.
    pub skipped: i32,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewslettersQueued {
    /// The send's id (its progress); none when nobody was queued.
    pub send_id: Option<Uuid>,
    pub queued: i32,
    /// Left out: sent already (without force), no e-mail, or unsubscribed.
    pub skipped: i32,
    /// How many jobs carry the send.
    pub batches: i32,
}

/// GET /newsletters/{id}/progress: the latest send, while it runs and after.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendProgress {
    pub send_id: Uuid,
    pub force: bool,
    pub started_at: DateTime<Utc>,
    /// Recipients the send queued.
    pub total: i32,
    /// Of those, handled: mailed or passed over.
    #[ts(type = "number")]
    pub done: i64,
    #[ts(type = "number")]
    pub sent: i64,
    #[ts(type = "number")]
    pub skipped: i64,
    /// Batches still waiting or being sent.
    #[ts(type = "number")]
    pub pending_batches: i64,
    /// Batches that gave up (after every retry).
    #[ts(type = "number")]
    pub failed_batches: i64,
    /// The last error of a batch that is being retried or gave up.
    pub error: Option<String>,
}

/// GET|POST /public/newsletters/unsubscribe/{token}: what the unsubscribe page says.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscription {
    pub club: String,
    pub newsletter: String,
    /// The address, partly hidden ('a***@example.dk').
    pub email: String,
    pub unsubscribed: bool,
}
