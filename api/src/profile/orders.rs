//! 'Mine ordrer' and 'Mine billetter' (issue 36 point 6): the signed-in buyer's own bookings and
//! shop orders at the club the site belongs to, their tickets to download again, and the
//! confirmation mail sent again. A buyer's orders are those made by their user, and — once the
//! address is confirmed — those with their e-mail made before they had a user or without
//! signing in (the subscriptions of the profile are found by e-mail too).

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Serialize;
use tribune_domain::money::Money;
use tribune_projections::db::club_tx;
use tribune_projections::order::queries::{of_buyer, BuyerOrderRow};
use tribune_projections::ticket::queries::{of_orders, BuyerTicketRow};
use uuid::Uuid;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::session::SignedIn;
use crate::state::AppState;

/// Where a buyer's order comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileOrderKind {
    Booking,
    Shop,
}

/// How far the order got, as the buyer reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileOrderStatus {
    /// Waits for its payment.
    Pending,
    Confirmed,
    Cancelled,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileEvent {
    pub id: Uuid,
    pub title: String,
    pub start: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileOrderLine {
    pub title: String,
    #[ts(type = "number")]
    pub amount: i64,
}

/// A ticket of one of the buyer's orders.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileTicket {
    /// The public code the QR prints; also how the PDF is found.
    pub ticket_id: String,
    #[ts(type = "number")]
    pub number: i64,
    pub order_id: Uuid,
    #[ts(type = "number")]
    pub order_number: i64,
    pub event: Option<ProfileEvent>,
    pub product: String,
    pub name: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// 'issued', 'scanned' (used at the door) or 'voided'.
    pub status: String,
    /// The ticket's PDF (none for a voided ticket).
    pub download: Option<String>,
}

/// One of the buyer's orders.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileOrder {
    pub id: Uuid,
    #[ts(type = "number")]
    pub number: i64,
    pub created_at: DateTime<Utc>,
    pub kind: ProfileOrderKind,
    pub status: ProfileOrderStatus,
    pub total: Money,
    /// The booked event (a shop order has none).
    pub event: Option<ProfileEvent>,
    pub lines: Vec<ProfileOrderLine>,
    /// Its tickets in number order.
    pub tickets: Vec<ProfileTicket>,
    /// Its confirmation can be sent again (a confirmed order).
    pub can_resend: bool,
}

/// What 'Mine ordrer' reads: the orders, newest first; every ticket of them, by event date.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileOrders {
    pub orders: Vec<ProfileOrder>,
    pub tickets: Vec<ProfileTicket>,
}

/// The buyer's club, user and (when confirmed) e-mail.
fn buyer(user: &SignedIn) -> Result<(Uuid, Uuid, Option<String>), ApiError> {
    let club = user.0.client_id.ok_or(ApiError::NotFound)?;
    let email = user
        .0
        .user
        .email_confirmed
        .then(|| user.0.user.email.trim().to_lowercase());
    Ok((club, user.0.user.id, email))
}

fn event_of(
    id: Option<Uuid>,
    title: Option<String>,
    start: Option<DateTime<Utc>>,
) -> Option<ProfileEvent> {
    Some(ProfileEvent {
        id: id?,
        title: title?,
        start: start?,
    })
}

fn status_of(row: &BuyerOrderRow) -> ProfileOrderStatus {
    match (row.status.as_str(), row.sale_status.as_str()) {
        ("cancelled", _) | (_, "cancelled") => ProfileOrderStatus::Cancelled,
        (_, "confirmed") => ProfileOrderStatus::Confirmed,
        _ => ProfileOrderStatus::Pending,
    }
}

fn ticket_of(row: BuyerTicketRow, order_number: i64) -> ProfileTicket {
    let status = match (row.status.as_str(), row.scanned_at) {
        ("voided", _) => "voided",
        (_, Some(_)) => "scanned",
        _ => "issued",
    };
    ProfileTicket {
        download: (status != "voided").then(|| crate::booking::order::ticket_url(&row.code)),
        ticket_id: row.code,
        number: row.number,
        order_id: row.order_id,
        order_number,
        event: event_of(Some(row.event_id), row.event_title, row.event_start),
        product: row.product_title,
        name: row.name,
        section: row.section,
        row: row.row,
        seat_number: row.seat_number,
        status: status.to_string(),
    }
}

async fn orders_of(
    state: &AppState,
    club: Uuid,
    user_id: Uuid,
    email: Option<&str>,
) -> Result<ProfileOrders, ApiError> {
    let mut tx = club_tx(&state.pool, club).await?;
    let rows = of_buyer(&mut tx, club, user_id, email).await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let ticket_rows = of_orders(&mut tx, club, &ids).await?;
    tx.commit().await?;
    let numbers: HashMap<Uuid, i64> = rows.iter().map(|r| (r.id, r.number)).collect();
    let mut by_order: HashMap<Uuid, Vec<ProfileTicket>> = HashMap::new();
    for row in ticket_rows {
        let number = numbers.get(&row.order_id).copied().unwrap_or_default();
        let ticket = ticket_of(row, number);
        by_order.entry(ticket.order_id).or_default().push(ticket);
    }
    let orders: Vec<ProfileOrder> = rows
        .into_iter()
        .map(|row| {
            let status = status_of(&row);
            ProfileOrder {
                id: row.id,
                number: row.number,
                created_at: row.created_at,
                kind: if row.kind == "booking" {
                    ProfileOrderKind::Booking
                } else {
                    ProfileOrderKind::Shop
                },
                status,
                total: Money::ore(row.total),
                event: event_of(row.event_id, row.event_title, row.event_start),
                lines: row
                    .lines
                    .0
                    .into_iter()
                    .map(|l| ProfileOrderLine {
                        title: l.title,
                        amount: l.amount,
                    })
                    .collect(),
                tickets: by_order.remove(&row.id).unwrap_or_default(),
                can_resend: status == ProfileOrderStatus::Confirmed,
            }
        })
        .collect();
    let mut tickets: Vec<ProfileTicket> = orders.iter().flat_map(|o| o.tickets.clone()).collect();
    // The coming events first, soonest first; then those gone by, latest first.
    let gone = Utc::now() - chrono::Duration::hours(12);
    let start = |t: &ProfileTicket| t.event.as_ref().map(|e| e.start);
    tickets.sort_by(|a, b| {
        let (a_start, b_start) = (start(a), start(b));
        let (a_gone, b_gone) = (a_start < Some(gone), b_start < Some(gone));
        a_gone
            .cmp(&b_gone)
            .then_with(|| match a_gone {
                false => a_start.cmp(&b_start),
                true => b_start.cmp(&a_start),
            })
            .then_with(|| a.number.cmp(&b.number))
    });
    Ok(ProfileOrders { orders, tickets })
}

#[utoipa::path(get, path = "/api/profile/orders", tag = "profile",
    responses((status = 200, body = Envelope<ProfileOrders>), (status = 401)))]
pub async fn my_orders(
    user: SignedIn,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (club, user_id, email) = buyer(&user)?;
    Ok(envelope::result(
        orders_of(&state, club, user_id, email.as_deref()).await?,
    ))
}

/// Sends the order's confirmation mail again, to the order's e-mail, as when it was confirmed.
#[utoipa::path(post, path = "/api/profile/orders/{id}/resend-confirmation", tag = "profile",
    params(("id" = String, Path, description = "the order's id")),
    responses((status = 200, description = "`result: true`: sent", body = Envelope<bool>), (status = 401),
              (status = 404, description = "not one of the buyer's orders"),
              (status = 422, description = "the order is not confirmed")))]
pub async fn resend_my_confirmation(
    user: SignedIn,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let order_id = parse_id(&path)?;
    let (club, user_id, email) = buyer(&user)?;
    let mut tx = club_tx(&state.pool, club).await?;
    let mine = of_buyer(&mut tx, club, user_id, email.as_deref())
        .await?
        .into_iter()
        .find(|row| row.id == order_id)
        .ok_or(ApiError::NotFound)?;
    if status_of(&mine) != ProfileOrderStatus::Confirmed {
        return Err(ApiError::invalid(
            "Ordren er ikke bekræftet, så der er ingen bekræftelse at sende.",
        ));
    }
    let name = format!("{} {}", user.0.user.firstname, user.0.user.lastname);
    let actor = Actor::user(club, user_id, name.trim());
    let sent = crate::sales::service::SaleService::of(&state)
        .resend_confirmation(&mut tx, &actor, order_id)
        .await?;
    if !sent {
        return Err(ApiError::invalid(
            "Ordren er ikke bekræftet, så der er ingen bekræftelse at sende.",
        ));
    }
    tx.commit().await?;
    Ok(envelope::result(true))
}
