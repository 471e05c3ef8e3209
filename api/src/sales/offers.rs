//! What is for sale at an event and to whom (spec 2 §4 Customer choice, §5 public quantity,
//! §6; issue 15): the event as the booking reads it, who the buyer is, and what each ticket
//! product offers that buyer — its price, what is left, the buyer's own limit and the free
//! allowance the company's contracts grant. The counts are hints for the page; the booking's
//! transaction takes the places through `kit::capacity`, which alone decides.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::booking::{Buyer, SignUpWindow};
use tribune_domain::money::Money;
use uuid::Uuid;

use crate::error::ApiError;
use crate::events::dto::{EventExtraInfo, EventInvitees};
use crate::identity::sessions::Identity;
use crate::kit::capacity::{self, keys, Claim};

/// The event as the booking reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SaleEvent {
    pub id: Uuid,
    pub client_id: Uuid,
    pub type_id: Option<Uuid>,
    pub title: String,
    pub url: String,
    pub location: Option<String>,
    pub start_date: DateTime<Utc>,
    pub sign_up_start: DateTime<Utc>,
    pub sign_up_public: Option<DateTime<Utc>>,
    pub sign_up_deadline: DateTime<Utc>,
    pub max_signups: Option<i32>,
    pub max_company_signups: Option<i32>,
    pub private: bool,
    pub business_only: bool,
    pub invitees: Json<EventInvitees>,
    pub extra_info: Json<Vec<EventExtraInfo>>,
    /// The event's places taken now (its counter): a hint, read with the event.
    pub taken: i32,
    /// Staff cancelled it (issue 40 §4): nothing is for sale there any more.
    pub cancelled: bool,
}

const EVENT_COLUMNS: &str =
    "e.id, e.client_id, e.type_id, e.title, e.url, e.location, e.start_date, e.sign_up_start, \
     e.sign_up_public, e.sign_up_deadline, e.max_signups, e.max_company_signups, e.private, \
     e.business_only, e.invitees, e.extra_info, coalesce(c.taken, 0) AS taken, \
     e.cancelled_at IS NOT NULL AS cancelled";

impl SaleEvent {
    pub fn window(&self) -> SignUpWindow {
        SignUpWindow {
            start: self.sign_up_start,
            public: self.sign_up_public,
            deadline: self.sign_up_deadline,
        }
    }
}

/// The club's event by id; None when it has no such event.
pub async fn event_by_id(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<SaleEvent>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {EVENT_COLUMNS} FROM club_events e \
         LEFT JOIN capacity_counters c ON c.key = 'event:' || e.id::text \
         WHERE e.client_id = $1 AND e.id = $2"
    ))
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// A ticket product of the event with what the catalogue says of its product.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SaleProduct {
    pub id: Uuid,
    pub product_id: Uuid,
    pub title: String,
    pub price: i64,
    pub public_price: Option<i64>,
    pub public: bool,
    pub make_public_at: Option<DateTime<Utc>>,
    pub max_amount: Option<i32>,
    pub max_company_amount: Option<i32>,
    pub name_required: bool,
    pub disable_additional_tickets: bool,
    pub ticket_description: Option<String>,
    /// The catalogue product's type: ticket or seat-ticket.
    pub kind: String,
    /// The seat categories of the event's chart the catalogue product sells (none named: all).
    pub seat_keys: Vec<String>,
    pub active: bool,
    /// Its places taken now (its counter): a hint, read with the product.
    pub taken: i32,
}

pub async fn products_of(
    conn: &mut PgConnection,
    event: &SaleEvent,
) -> Result<Vec<SaleProduct>, sqlx::Error> {
    sqlx::query_as(
        "SELECT ep.id, ep.product_id, ep.title, ep.price, ep.public_price, ep.public, ep.make_public_at, \
           ep.max_amount, ep.max_company_amount, ep.name_required, ep.disable_additional_tickets, \
           ep.ticket_description, p.type AS kind, p.active, coalesce(c.taken, 0) AS taken, \
           ARRAY(SELECT x.v->>'category' FROM jsonb_array_elements(p.seats) AS x(v), club_events ev \
                 WHERE ev.id = ep.event_id AND x.v->>'chartId' = ev.seating->>'chartId' AND x.v->>'category' IS NOT NULL) AS seat_keys \
         FROM event_products ep JOIN products p ON p.id = ep.product_id \
         LEFT JOIN capacity_counters c ON c.key = 'ticket:' || ep.id::text \
         WHERE ep.client_id = $1 AND ep.event_id = $2 ORDER BY ep.sorting, ep.id",
    )
    .bind(event.client_id)
    .bind(event.id)
    .fetch_all(conn)
    .await
}

/// The club's contact of a signed-in user: the contact with the user's e-mail.
pub async fn own_contact(
    conn: &mut PgConnection,
    client_id: Uuid,
    email: &str,
) -> Result<Option<(Uuid, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, trim(firstname || ' ' || lastname) FROM contacts \
         WHERE client_id = $1 AND lower(email) = lower($2) ORDER BY created_at, id LIMIT 1",
    )
    .bind(client_id)
    .bind(email.trim())
    .fetch_optional(conn)
    .await
}

/// The companies the contact is a person of, by name.
pub async fn companies_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    contact: Uuid,
) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.id, c.name FROM company_contacts cc JOIN companies c ON c.id = cc.company_id \
         WHERE cc.client_id = $1 AND cc.contact_id = $2 ORDER BY lower(c.name), c.id",
    )
    .bind(client_id)
    .bind(contact)
    .fetch_all(conn)
    .await
}

/// Whether the buyer is on the event's invitees (its company, or its contact directly or on a
/// contact list).
pub async fn is_invited(
    conn: &mut PgConnection,
    event: &SaleEvent,
    buyer: Buyer,
) -> Result<bool, sqlx::Error> {
    let invitees = &event.invitees.0;
    match buyer {
        Buyer::Guest => Ok(false),
        Buyer::Company(company) => Ok(invitees.company_ids.contains(&company)),
        Buyer::Contact(contact) => {
            if invitees.contact_ids.contains(&contact) {
                return Ok(true);
            }
            if invitees.contact_list_ids.is_empty() {
                return Ok(false);
            }
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM contact_list_members WHERE client_id = $1 \
                   AND contact_id = $2 AND list_id = ANY($3))",
            )
            .bind(event.client_id)
            .bind(contact)
            .bind(&invitees.contact_list_ids)
            .fetch_one(conn)
            .await
        }
    }
}

/// Only invited companies may book a private event; a business-only event with a list of
/// invited companies likewise.
pub fn companies_restricted(event: &SaleEvent) -> bool {
    event.private || (event.business_only && !event.invitees.0.company_ids.is_empty())
}

/// The buyer the booking names: one of the signed-in user's companies, the user's own contact,
/// or a guest. Naming a company or contact that is not the user's is refused.
pub async fn buyer_of(
    conn: &mut PgConnection,
    event: &SaleEvent,
    identity: Option<&Identity>,
    company_id: Option<Uuid>,
    contact_id: Option<Uuid>,
) -> Result<Buyer, ApiError> {
    if company_id.is_none() && contact_id.is_none() {
        return Ok(Buyer::Guest);
    }
    let not_yours = || ApiError::field("companyId", "Du kan ikke bestille som denne kunde.");
    let identity = identity.ok_or_else(not_yours)?;
    let Some((contact, _)) = own_contact(conn, event.client_id, &identity.user.email).await? else {
        return Err(not_yours());
    };
    if let Some(company) = company_id {
        let companies = companies_of(conn, event.client_id, contact).await?;
        if !companies.iter().any(|(id, _)| *id == company) {
            return Err(not_yours());
        }
        if companies_restricted(event) && !event.invitees.0.company_ids.contains(&company) {
            return Err(not_yours());
        }
        return Ok(Buyer::Company(company));
    }
    if contact_id != Some(contact) {
        return Err(not_yours());
    }
    Ok(Buyer::Contact(contact))
}

/// The key the products answer is keyed by: the company id, the contact id, or 'none'.
pub fn buyer_key(buyer: Buyer) -> String {
    match buyer {
        Buyer::Guest => "none".into(),
        Buyer::Company(id) | Buyer::Contact(id) => id.to_string(),
    }
}

/// The free tickets per catalogue product that a company's approved contracts grant it at each
/// event: the contracts whose season holds the event's start (or, without a season, whose term
/// does), their lines of ticket products.
pub async fn granted_allowances(
    conn: &mut PgConnection,
    event: &SaleEvent,
    company: Uuid,
) -> Result<HashMap<Uuid, i32>, sqlx::Error> {
    let rows: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT l.product_id, sum(l.amount)::bigint FROM contract_rows t \
         JOIN contract_lines l ON l.contract_id = t.id \
         JOIN products p ON p.id = l.product_id AND p.type IN ('ticket', 'seat-ticket') \
         LEFT JOIN seasons s ON s.id = t.season_id \
         WHERE t.client_id = $1 AND t.company_id = $2 AND t.status = 'approved' \
           AND CASE WHEN s.id IS NOT NULL \
                 THEN ($3 AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN s.start_date AND s.end_date \
                 ELSE (t.start_date IS NULL OR t.start_date <= ($3 AT TIME ZONE 'Europe/Copenhagen')::date) \
                   AND (t.no_end_date OR t.end_date IS NULL OR t.end_date >= ($3 AT TIME ZONE 'Europe/Copenhagen')::date) END \
         GROUP BY l.product_id",
    )
    .bind(event.client_id)
    .bind(company)
    .bind(event.start_date)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(product, amount)| (product, i32::try_from(amount).unwrap_or(i32::MAX)))
        .collect())
}

/// The company's ticket limits at events of `type_id`, per catalogue product (the company's
/// Events tab: ticketLimits by event type, a list of {productId, maxAmount}).
pub async fn ticket_limits(
    conn: &mut PgConnection,
    client_id: Uuid,
    company: Uuid,
    type_id: Option<Uuid>,
) -> Result<HashMap<Uuid, i32>, sqlx::Error> {
    let Some(type_id) = type_id else {
        return Ok(HashMap::new());
    };
    let rows: Vec<(Option<String>, Option<i64>)> = sqlx::query_as(
        "SELECT l->>'productId', (l->>'maxAmount')::bigint FROM companies c, \
           jsonb_array_elements(coalesce(c.ticket_limits->$3, '[]')) l \
         WHERE c.client_id = $1 AND c.id = $2 AND jsonb_typeof(coalesce(c.ticket_limits->$3, '[]')) = 'array'",
    )
    .bind(client_id)
    .bind(company)
    .bind(type_id.to_string())
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(product, max)| {
            Some((
                product?.parse().ok()?,
                i32::try_from(max?.max(0)).unwrap_or(i32::MAX),
            ))
        })
        .collect())
}

/// What an invite link gives a booking (issue 18): per catalogue product, the invite's amount
/// of free tickets and how many of them are left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteGrant {
    pub invite_id: Uuid,
    pub products: HashMap<Uuid, (i32, i32)>,
}

/// The live invite of the event whose link carries `token` (none given: none), with what it has
/// left; refused on `inviteToken` when there is none such.
pub async fn invite_grant(
    conn: &mut PgConnection,
    event: &SaleEvent,
    token: Option<&str>,
) -> Result<Option<InviteGrant>, ApiError> {
    let Some(token) = token.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let gone = || ApiError::field("inviteToken", crate::invites::public::INVITE_GONE);
    if token.len() > 64 {
        return Err(gone());
    }
    let invite = tribune_projections::invite::queries::by_token(conn, token)
        .await?
        .filter(|i| {
            i.client_id == event.client_id && i.event_id == event.id && i.deleted_at.is_none()
        })
        .ok_or_else(gone)?;
    let products = crate::invites::public::left_of(conn, &invite)
        .await?
        .into_iter()
        .map(|(product, amount, left)| (product, (amount, left)))
        .collect();
    Ok(Some(InviteGrant {
        invite_id: invite.id,
        products,
    }))
}

/// What one ticket product offers the buyer now.
#[derive(Debug, Clone)]
pub struct Offer {
    pub product: SaleProduct,
    /// Per ticket, for this buyer.
    pub price: Money,
    /// Left for this buyer; None: no limit.
    pub available: Option<i32>,
    pub purchased: i32,
    /// The buyer's own limit (a company's share); None: none.
    pub max_amount: Option<i32>,
    /// What the company's contracts grant here; what is left of it and of the invite's.
    pub granted: i32,
    pub allowance: i32,
    /// The invite's free tickets of it (the invite, its amount) and what of them is left.
    pub invite: Option<(Uuid, i32)>,
    pub invite_left: i32,
}

impl Offer {
    /// The claims `amount` tickets of it make, `free` of them paid by the allowance: the event's
    /// places, the product's quota and, for a company, its shares and its allowance.
    pub fn claims(
        &self,
        event: &SaleEvent,
        buyer: Buyer,
        amount: i32,
        free: i32,
        company_cap: Option<i32>,
    ) -> Vec<Claim> {
        // The invite's free tickets go first, then the company's allowance.
        let invite_free = free.min(self.invite_left).max(0);
        let company_free = free - invite_free;
        let mut claims = vec![
            Claim::new(keys::event(event.id), amount, event.max_signups),
            Claim::new(
                keys::ticket(self.product.id),
                amount,
                self.product.max_amount,
            ),
        ];
        if let Buyer::Company(company) = buyer {
            claims.push(Claim::new(
                keys::event_company(event.id, company),
                amount,
                event.max_company_signups,
            ));
            claims.push(Claim::new(
                keys::ticket_company(self.product.id, company),
                amount,
                company_cap,
            ));
            if company_free > 0 {
                claims.push(Claim::new(
                    keys::allowance(event.id, company, self.product.product_id),
                    company_free,
                    Some(self.granted),
                ));
            }
        }
        if let Some((invite, invited)) = self.invite.filter(|_| invite_free > 0) {
            claims.push(Claim::new(
                keys::invite(invite, self.product.product_id),
                invite_free,
                Some(invited),
            ));
        }
        claims
    }
}

fn min_limit(a: Option<i32>, b: Option<i32>) -> Option<i32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Everything the buyer is offered at the event, in the event's order, with the company's cap
/// per ticket product (its share, its ticket limit, and for products sold only against an
/// allowance the allowance). A product nobody may buy is left out. An invite's products are
/// offered to whoever holds its link, its free tickets on top of any allowance.
pub async fn offers(
    conn: &mut PgConnection,
    event: &SaleEvent,
    buyer: Buyer,
    now: DateTime<Utc>,
    invite: Option<&InviteGrant>,
) -> Result<Vec<(Offer, Option<i32>)>, sqlx::Error> {
    offers_for(conn, event, buyer, now, invite, false).await
}

/// `offers`; `desk`: as the point of sale sells them, where staff sell every active product,
/// public or not (the places, shares and allowances are the same).
pub async fn offers_for(
    conn: &mut PgConnection,
    event: &SaleEvent,
    buyer: Buyer,
    now: DateTime<Utc>,
    invite: Option<&InviteGrant>,
    desk: bool,
) -> Result<Vec<(Offer, Option<i32>)>, sqlx::Error> {
    if event.cancelled {
        return Ok(Vec::new());
    }
    let products = products_of(conn, event).await?;
    let left = |limit: Option<i32>, taken: i32| limit.map(|limit| (limit - taken).max(0));
    let event_left = left(event.max_signups, event.taken);
    let (company_left, granted, limits) = match buyer {
        Buyer::Company(company) => (
            capacity::left(
                conn,
                &keys::event_company(event.id, company),
                event.max_company_signups,
            )
            .await?,
            granted_allowances(conn, event, company).await?,
            ticket_limits(conn, event.client_id, company, event.type_id).await?,
        ),
        _ => (None, HashMap::new(), HashMap::new()),
    };
    let mut all = Vec::new();
    for product in products {
        let company = match buyer {
            Buyer::Company(company) => Some(company),
            _ => None,
        };
        let invited = invite.and_then(|g| {
            g.products
                .get(&product.product_id)
                .map(|&(amount, left)| (g.invite_id, amount, left))
        });
        let invite_left = invited.map_or(0, |(_, _, left)| left);
        let public = desk
            || product.public
            || product.make_public_at.is_some_and(|at| at <= now)
            || invited.is_some();
        if !product.active || (company.is_none() && !public) {
            continue;
        }
        let price = match company {
            Some(_) => product.price,
            None => product.public_price.unwrap_or(product.price),
        };
        let product_left = left(product.max_amount, product.taken);
        let granted_here = granted.get(&product.product_id).copied().unwrap_or(0);
        let (purchased, allowance, cap) = match company {
            Some(company) => {
                let mut cap = min_limit(
                    product.max_company_amount,
                    limits.get(&product.product_id).copied(),
                );
                let used = capacity::taken(
                    conn,
                    &keys::allowance(event.id, company, product.product_id),
                )
                .await?;
                let allowance = (granted_here - used).max(0);
                let purchased =
                    capacity::taken(conn, &keys::ticket_company(product.id, company)).await?;
                if product.disable_additional_tickets {
                    cap = min_limit(cap, Some(purchased + allowance + invite_left));
                }
                (purchased, allowance, cap)
            }
            // Only the invite's free tickets of a product sold against allowances.
            None if product.disable_additional_tickets && invited.is_some() => {
                (0, 0, Some(invite_left))
            }
            None => (0, 0, None),
        };
        if company.is_none() && product.disable_additional_tickets && invited.is_none() {
            continue;
        }
        let own_left = cap.map(|cap| (cap - purchased).max(0));
        let available = [event_left, company_left, product_left, own_left]
            .into_iter()
            .fold(None, min_limit);
        all.push((
            Offer {
                price: Money::ore(price),
                available,
                purchased,
                max_amount: cap,
                granted: granted_here,
                allowance: allowance + invite_left,
                invite: invited.map(|(id, amount, _)| (id, amount)),
                invite_left,
                product,
            },
            cap,
        ));
    }
    Ok(all)
}

/// One seat category a seat-ticket product sells on the event's chart.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SaleSeatCategory)]
pub struct SeatCategory {
    pub key: String,
    pub color: String,
    pub label: String,
    pub accessible: bool,
}

/// The categories a seat-ticket product sells on the event's chart (`categories`: key, label,
/// colour, accessible): those its product names, or all when it names none; none for another
/// product.
pub fn seat_categories(
    categories: &[(String, String, String, bool)],
    product: &SaleProduct,
) -> Vec<SeatCategory> {
    if product.kind != "seat-ticket" {
        return Vec::new();
    }
    categories
        .iter()
        .filter(|(key, ..)| product.seat_keys.is_empty() || product.seat_keys.contains(key))
        .map(|(key, label, color, accessible)| SeatCategory {
            key: key.clone(),
            color: color.clone(),
            label: label.clone(),
            accessible: *accessible,
        })
        .collect()
}
