//! The public event page (spec 2 §2 Public event page, §6; §7 `GET {ep}/{url}`): the event by
//! its slug with what a visitor may see — never its private description, invitees or staff
//! settings — where its sign-up stands, whom the signed-in user may book as, and, when the event
//! shows its participants, who comes (names of companies and people, nothing more).

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use tribune_domain::booking::SignUpState;
use tribune_projections::db::club_tx;
use tribune_projections::ticket::queries::participants_of_event;
use uuid::Uuid;

use super::dto::{
    CustomerChoice, PublicCustomer, PublicEvent, PublicParticipant, PublicParticipants,
    PublicSponsor, PublicSponsorGroup, SignUpStatus,
};
use super::plan::club_email;
use crate::club::PublicCaller;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::events::dto::EventSponsor;
use crate::events::MODULE;
use crate::identity::modules;
use crate::kit::html::sanitize;
use crate::kit::reads::Reads;
use crate::payments::ledger as payments;
use crate::sales::offers::{self as sale, companies_restricted, SaleEvent};

#[derive(sqlx::FromRow)]
struct PageRow {
    end_date: DateTime<Utc>,
    description: Option<String>,
    ticket_description: Option<String>,
    terms: Option<String>,
    banner_picture: Option<Uuid>,
    banner_bottom: Option<Uuid>,
    has_tickets: bool,
    has_sponsors: bool,
    show_participants: bool,
    sponsors: Json<Vec<EventSponsor>>,
    club_terms: Option<String>,
    disable_vat: bool,
}

fn picture(file: Option<Uuid>) -> Option<String> {
    file.map(|id| format!("/public/events/pictures/{id}"))
}

/// The sponsors by type, each company with its web logo.
async fn sponsors(
    conn: &mut sqlx::PgConnection,
    client_id: Uuid,
    groups: &[EventSponsor],
) -> Result<Vec<PublicSponsorGroup>, sqlx::Error> {
    let ids: Vec<Uuid> = groups
        .iter()
        .flat_map(|g| g.company_ids.iter().copied())
        .collect();
    let companies: Vec<(Uuid, String, Option<Uuid>)> = sqlx::query_as(
        "SELECT id, name, logo_web FROM companies WHERE client_id = $1 AND id = ANY($2)",
    )
    .bind(client_id)
    .bind(&ids)
    .fetch_all(conn)
    .await?;
    Ok(groups
        .iter()
        .map(|group| PublicSponsorGroup {
            kind: group.kind.clone(),
            companies: group
                .company_ids
                .iter()
                .filter_map(|id| {
                    companies
                        .iter()
                        .find(|(c, _, _)| c == id)
                        .map(|(id, name, logo)| PublicSponsor {
                            id: *id,
                            name: name.clone(),
                            logo: picture(*logo),
                        })
                })
                .collect(),
        })
        .filter(|group| !group.companies.is_empty())
        .collect())
}

/// How many participants the page names at most; the rest it counts.
const MAX_PARTICIPANTS: i64 = 500;

/// Who comes (`participants_of_event`: confirmed tickets that admit someone), by name only.
async fn participants(
    conn: &mut sqlx::PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<PublicParticipants, sqlx::Error> {
    let (listed, more) = participants_of_event(conn, client_id, event_id, MAX_PARTICIPANTS).await?;
    Ok(PublicParticipants {
        list: listed
            .into_iter()
            .map(|p| PublicParticipant {
                name: p.name,
                company: p.company,
            })
            .collect(),
        more,
    })
}

/// Whom the signed-in user may book as: their companies (only invited ones where the event
/// says so), their own contact (not on a business-only event).
async fn customers(
    conn: &mut sqlx::PgConnection,
    event: &SaleEvent,
    email: &str,
) -> Result<Vec<CustomerChoice>, sqlx::Error> {
    let Some((contact, name)) = sale::own_contact(conn, event.client_id, email).await? else {
        return Ok(Vec::new());
    };
    let mut choices: Vec<CustomerChoice> = sale::companies_of(conn, event.client_id, contact)
        .await?
        .into_iter()
        .filter(|(id, _)| !companies_restricted(event) || event.invitees.0.company_ids.contains(id))
        .map(|(id, name)| CustomerChoice {
            key: id.to_string(),
            company_id: Some(id),
            contact_id: None,
            label: name,
        })
        .collect();
    if !event.business_only {
        choices.push(CustomerChoice {
            key: contact.to_string(),
            company_id: None,
            contact_id: Some(contact),
            label: name,
        });
    }
    Ok(choices)
}

#[utoipa::path(get, path = "/public/events/{url}", tag = "booking",
    params(("url" = String, Path, description = "the event's public slug")),
    responses((status = 200, body = Envelope<PublicEvent>),
              (status = 404, description = "no such event in the chosen club, or its events module is off")))]
pub async fn public_event(
    PublicCaller { client_id, caller }: PublicCaller,
    path: web::Path<String>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    if !modules::client_has(reads.pool(), client_id, MODULE).await? {
        return Err(ApiError::NotFound);
    }
    let url = path.into_inner();
    let mut tx = club_tx(reads.pool(), client_id).await?;
    let id: Option<Uuid> =
        sqlx::query_scalar("SELECT id FROM club_events WHERE client_id = $1 AND url = $2")
            .bind(client_id)
            .bind(url.trim())
            .fetch_optional(&mut *tx)
            .await?;
    let event = match id {
        Some(id) => sale::event_by_id(&mut tx, client_id, id).await?,
        None => None,
    }
    .ok_or(ApiError::NotFound)?;
    let row: PageRow = sqlx::query_as(
        "SELECT e.end_date, e.description, e.ticket_description, e.terms, e.banner_picture, \
           e.banner_bottom, e.has_tickets, e.has_sponsors, e.show_participants, e.sponsors, \
           c.settings->'webshop'->>'terms' AS club_terms, c.disable_vat \
         FROM club_events e JOIN clients c ON c.id = e.client_id WHERE e.id = $1",
    )
    .bind(event.id)
    .fetch_one(&mut *tx)
    .await?;
    let sponsors = if row.has_sponsors {
        sponsors(&mut tx, client_id, &row.sponsors.0).await?
    } else {
        Vec::new()
    };
    let participants = if row.show_participants {
        Some(participants(&mut tx, client_id, event.id).await?)
    } else {
        None
    };
    let identity = caller.0.as_deref();
    let customers = match identity {
        Some(identity) => customers(&mut tx, &event, &identity.user.email).await?,
        None => Vec::new(),
    };
    let club_email = club_email(&mut tx, client_id).await?;
    let provider = payments::club_provider_kind(&mut tx, client_id).await?;
    tx.commit().await?;
    let terms = row
        .terms
        .filter(|t| !t.trim().is_empty())
        .or(row.club_terms)
        .unwrap_or_default();
    Ok(envelope::result(PublicEvent {
        id: event.id,
        sign_up: match event.window().state(Utc::now()) {
            SignUpState::NotOpenYet => SignUpStatus::NotOpenYet,
            SignUpState::InvitedOnly => SignUpStatus::InvitedOnly,
            SignUpState::Open => SignUpStatus::Open,
            SignUpState::Closed => SignUpStatus::Closed,
        },
        cancelled: event.cancelled,
        title: event.title.clone(),
        url: event.url.clone(),
        location: event.location.clone().unwrap_or_default(),
        start_date: event.start_date,
        end_date: row.end_date,
        // Cleaned on the way in, and again on the way out: the page shows these as HTML without a
        // sanitiser of its own (issue 36's page weight), so a row written before the cleaning
        // or by hand is made safe here too.
        description: sanitize(&row.description.unwrap_or_default()),
        ticket_description: sanitize(&row.ticket_description.unwrap_or_default()),
        terms: sanitize(&terms),
        banner_picture: picture(row.banner_picture),
        banner_bottom: picture(row.banner_bottom),
        sign_up_start: event.sign_up_start,
        sign_up_public: event.sign_up_public,
        sign_up_deadline: event.sign_up_deadline,
        business_only: event.business_only,
        private: event.private,
        has_tickets: row.has_tickets,
        extra_info: event.extra_info.0.clone(),
        sponsors,
        participants,
        customers,
        guests_allowed: !event.business_only,
        user: identity.map(|i| PublicCustomer {
            firstname: i.user.firstname.clone(),
            lastname: i.user.lastname.clone(),
            email: i.user.email.clone(),
            phone: i
                .user
                .mobile
                .clone()
                .or_else(|| i.user.phone.clone())
                .unwrap_or_default(),
        }),
        club_email,
        provider,
        vat_disabled: row.disable_vat,
    }))
}
