//! The door and the attendee list (issue 18; spec 2 §2 Attendees tab, Scanning, §3 Attendee, §4
//! Ticket scanned, controlType, Attendee status filter, §7 Attendees and scanning): a ticket
//! scanned at the event's door — by its number or by the code its QR prints — is an event on the
//! Ticket, once: a second scan, a ticket of another event, a voided ticket or a released season
//! seat is refused with its reason and the ticket's details. Two gates scanning one ticket at once
//! race on the Ticket's next event; the one that loses reads the ticket again and is told when and
//! by whom it was scanned. The list pages through the event's tickets that admit someone, by
//! search, company and scanned or not, and exports them.

use actix_web::{web, HttpResponse};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgConnection;
use tribune_domain::ticket::TicketError;
use tribune_projections::db::club_tx;
use tribune_projections::store::CommandError;
use tribune_projections::ticket::queries::{
    self as tickets, AttendeeFilter, ScanFilter, TicketRow,
};
use uuid::Uuid;

use crate::envelope::{self, Envelope, Page};
use crate::error::ApiError;
use crate::export::{self, Cell, Column};
use crate::kit::actor::Actor;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::session::Staff;
use crate::state::AppState;

/// What the door is told of a ticket (spec 2 §7 scan result).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScannedTicket {
    #[ts(type = "number")]
    pub number: i64,
    pub name: Option<String>,
    pub company: Option<String>,
    pub product: String,
    /// The add-ons' titles.
    pub options: Vec<String>,
    /// Where it sits, as the door reads it ('Tribune A, række 3, plads 12'), if it has a seat.
    pub seat: Option<String>,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    /// When and by whom it was scanned (a refused second scan).
    pub scanned_at: Option<chrono::DateTime<Utc>>,
    pub scanned_by: Option<String>,
}

impl ScannedTicket {
    fn of(t: &TicketRow) -> ScannedTicket {
        let mut place = Vec::new();
        if let Some(section) = t.section.as_deref().filter(|s| !s.is_empty()) {
            place.push(section.to_string());
        }
        if let Some(row) = t.row.as_deref().filter(|s| !s.is_empty()) {
            place.push(format!("række {row}"));
        }
        if let Some(seat) = t.seat_number.as_deref().filter(|s| !s.is_empty()) {
            place.push(format!("plads {seat}"));
        }
        ScannedTicket {
            number: t.number,
            name: t.name.clone().or_else(|| t.buyer_name.clone()),
            company: t.company_name.clone(),
            product: t.product_title.clone(),
            options: t.options.iter().map(|o| o.title.clone()).collect(),
            seat: (!place.is_empty()).then(|| place.join(", ")),
            section: t.section.clone(),
            row: t.row.clone(),
            seat_number: t.seat_number.clone(),
            scanned_at: t.scanned_at,
            scanned_by: t.scanned_by.clone(),
        }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScanQuery {
    /// The ticket's number at the event, or the code its QR prints (or its download link).
    #[serde(default)]
    ticket_id: String,
}

/// 'Billet ikke bekræftet': why, and the ticket's details when it was found (spec 2 §7: error,
/// data).
fn not_confirmed(reason: impl Into<String>, ticket: Option<&TicketRow>) -> HttpResponse {
    HttpResponse::UnprocessableEntity().json(json!({
        "success": false,
        "error": reason.into(),
        "code": "not_confirmed",
        "data": ticket.map(ScannedTicket::of),
    }))
}

/// How the event controls its door (the Billetter tab's controlType): None lets no ticket in
/// by scanning; Manual (numbers typed or ticked off the list) and Scan (a scanner) both do.
async fn door_control(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<(String, String), ApiError> {
    let found: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT title, ticket_settings->>'controlType' FROM club_events WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_optional(conn)
    .await?;
    let (title, control) = found.ok_or(ApiError::NotFound)?;
    Ok((title, control.unwrap_or_else(|| "None".into())))
}

/// How many times a scan reads the ticket again after losing a race to another gate.
const RACES: usize = 3;

/// Scans a ticket at the event's door (see the module's comment).
#[utoipa::path(post, path = "/api/events/{id}/scan", tag = "events", params(("id" = String, Path), ScanQuery),
    responses((status = 200, description = "the ticket, scanned ('Bekræftet')", body = Envelope<ScannedTicket>),
              (status = 422, description = "{success: false, error, code: 'not_confirmed', data: ScannedTicket | null}"),
              (status = 404, description = "not the club's event")))]
pub async fn scan(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<ScanQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let input = query.ticket_id.trim();
    if input.is_empty() || input.len() > 300 {
        return Err(ApiError::field("ticketId", "Billetnummer skal udfyldes"));
    }
    let actor = Actor::from(&staff);
    let by = staff.metadata("").user_name;
    for _ in 0..RACES {
        let mut tx = club_tx(&state.pool, staff.client_id).await?;
        let (_, control) = door_control(&mut tx, staff.client_id, event_id).await?;
        if control == "None" {
            return Ok(not_confirmed(
                "Arrangementet har ingen adgangskontrol (Billetter → Kontroltype)",
                None,
            ));
        }
        let Some(ticket) = tickets::for_door(&mut tx, staff.client_id, event_id, input).await?
        else {
            return Ok(not_confirmed("Billetten findes ikke", None));
        };
        if ticket.event_id != event_id {
            let (other, _) = door_control(&mut tx, staff.client_id, ticket.event_id).await?;
            return Ok(not_confirmed(
                format!("Billetten gælder til et andet arrangement: {other}"),
                Some(&ticket),
            ));
        }
        if ticket.status == "voided" {
            let reason = ticket
                .void_reason
                .as_deref()
                .filter(|r| !r.is_empty())
                .map(|r| format!("Billetten er annulleret: {r}"))
                .unwrap_or_else(|| "Billetten er annulleret".into());
            return Ok(not_confirmed(reason, Some(&ticket)));
        }
        let scanned = crate::tickets::service::TicketService::of(&state)
            .scan_in(&mut tx, &actor, ticket.id, by.clone())
            .await;
        match scanned {
            Ok(_) => {
                tx.commit().await?;
                return Ok(envelope::result(ScannedTicket::of(&ticket)));
            }
            // Another gate scanned it (or it changed) since it was read: read it again.
            Err(CommandError::Conflict) => {
                tx.rollback().await?;
                continue;
            }
            Err(CommandError::Domain(
                err @ (TicketError::AlreadyScanned(_)
                | TicketError::SeatReleased
                | TicketError::Voided),
            )) => return Ok(not_confirmed(err.to_string(), Some(&ticket))),
            Err(err) => return Err(crate::tickets::service::refused(err)),
        }
    }
    Err(ApiError::Conflict(
        "Billetten blev scannet flere steder på én gang. Scan igen.".into(),
    ))
}

/// The attendee list's filter (spec 2 §7: search, company, status).
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AttendeeQuery {
    pub search: Option<String>,
    pub company: Option<Uuid>,
    /// all, scanned or notScanned (Alle, Scannet, Ikke scannet).
    #[schema(value_type = Option<String>)]
    pub status: Option<ScanFilter>,
    #[ts(type = "number | null")]
    pub page: Option<i64>,
    #[ts(type = "number | null")]
    pub per_page: Option<i64>,
}

impl AttendeeQuery {
    fn filter(&self) -> AttendeeFilter {
        AttendeeFilter {
            search: self.search.clone(),
            company_id: self.company,
            scan: self.status.unwrap_or_default(),
            for_export: false,
        }
    }
}

/// An attendee as the list shows it (spec 2 §3 Attendee).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attendee {
    pub id: Uuid,
    #[ts(type = "number")]
    pub number: i64,
    /// The holder's name, else the buyer's.
    pub name: Option<String>,
    pub company: Option<String>,
    pub company_id: Option<Uuid>,
    pub product: String,
    pub section: Option<String>,
    pub row: Option<String>,
    pub seat_number: Option<String>,
    pub options: Vec<String>,
    #[schema(value_type = Vec<Object>)]
    pub extra_info: Vec<tribune_domain::order::ExtraInfoValue>,
    pub scanned: bool,
    pub scanned_at: Option<chrono::DateTime<Utc>>,
    /// The code the ticket's QR prints (scan from the list).
    pub ticket_id: String,
}

impl Attendee {
    fn of(t: TicketRow) -> Attendee {
        Attendee {
            id: t.id,
            number: t.number,
            name: t.name.or(t.buyer_name),
            company: t.company_name,
            company_id: t.company_id,
            product: t.product_title,
            section: t.section,
            row: t.row,
            seat_number: t.seat_number,
            options: t.options.0.into_iter().map(|o| o.title).collect(),
            extra_info: t.extra_info.0,
            scanned: t.scanned_at.is_some(),
            scanned_at: t.scanned_at,
            ticket_id: t.code,
        }
    }
}

/// The event of the club, or not found.
async fn the_event(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<String, ApiError> {
    Ok(door_control(conn, client_id, event_id).await?.0)
}

/// A page of the event's attendees (`{Result, Total}`).
#[utoipa::path(post, path = "/api/events/{id}/attendees", tag = "events", params(("id" = String, Path)),
    request_body = AttendeeQuery,
    responses((status = 200, body = Page<Attendee>, description = "a page of the attendees"), (status = 404)))]
pub async fn attendees(
    staff: Staff,
    path: web::Path<String>,
    body: Json<AttendeeQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let filter = body.filter();
    let per_page = body.per_page.unwrap_or(50).clamp(1, 1000);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    the_event(&mut tx, staff.client_id, event_id).await?;
    let rows = tickets::of_event(
        &mut tx,
        staff.client_id,
        event_id,
        &filter,
        body.page.unwrap_or(1),
        per_page,
    )
    .await?;
    let total = tickets::count_of_event(&mut tx, staff.client_id, event_id, &filter).await?;
    tx.commit().await?;
    Ok(envelope::page(
        rows.into_iter().map(Attendee::of).collect(),
        total,
        per_page,
    ))
}

/// A section's seats at the event (the overview).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionSeats {
    pub section: String,
    /// Sold, reserved for season tickets or held by a buyer now.
    #[ts(type = "number")]
    pub booked_seats: i64,
    #[ts(type = "number")]
    pub available_seats: i64,
}

/// The attendee tab's figures (spec 2 §3 Overview figures): the tickets' sales (in the club's
/// prices, with VAT or without as it shows prices), how many admit someone, of how many, and
/// how many are scanned; for a seated event each section's seats.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendeeOverview {
    pub tickets_sold: tribune_domain::money::Money,
    pub online_tickets_sold: tribune_domain::money::Money,
    pub pos_tickets_sold: tribune_domain::money::Money,
    #[ts(type = "number")]
    pub booked_tickets: i64,
    /// The event's 'Maks. tilmeldinger', when it has one.
    #[ts(type = "number | null")]
    pub total_tickets: Option<i64>,
    #[ts(type = "number")]
    pub scanned: i64,
    pub sections: Vec<SectionSeats>,
    /// Whether the sums include VAT (the club's prices do).
    pub prices_with_vat: bool,
}

#[utoipa::path(get, path = "/api/events/{id}/attendees/overview", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<AttendeeOverview>), (status = 404)))]
pub async fn attendee_overview(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    use tribune_domain::money::Money;
    let event_id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let (max_signups, seated): (Option<i32>, bool) = sqlx::query_as(
        "SELECT max_signups, has_seating AND seating->>'chartId' IS NOT NULL FROM club_events \
         WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or(ApiError::NotFound)?;
    let (booked, scanned): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(scanned_at) FROM ticket_rows \
         WHERE client_id = $1 AND event_id = $2 AND status = 'issued'",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    // Each order line that sold a ticket here once, at its total as the order counts it.
    let (online, pos): (i64, i64) = sqlx::query_as(
        "SELECT coalesce(sum(l.total) FILTER (WHERE NOT o.is_pos), 0)::bigint, \
                coalesce(sum(l.total) FILTER (WHERE o.is_pos), 0)::bigint \
         FROM order_lines l JOIN order_rows o ON o.id = l.order_id \
         WHERE l.client_id = $1 AND o.status <> 'cancelled' AND (l.order_id, l.line_id) IN \
           (SELECT DISTINCT order_id, order_line_id FROM ticket_rows \
            WHERE client_id = $1 AND event_id = $2 AND status = 'issued')",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    let prices_with_vat: bool =
        sqlx::query_scalar("SELECT prices_with_vat FROM clients WHERE id = $1")
            .bind(client_id)
            .fetch_one(&mut *tx)
            .await?;
    let sections = match seated {
        true => crate::seats::seasons::overview(&mut tx, client_id, event_id)
            .await
            .map(|o| o.sections)
            .unwrap_or_default(),
        false => Vec::new(),
    };
    tx.commit().await?;
    Ok(envelope::result(AttendeeOverview {
        tickets_sold: Money::ore(online + pos),
        online_tickets_sold: Money::ore(online),
        pos_tickets_sold: Money::ore(pos),
        booked_tickets: booked,
        total_tickets: max_signups.map(i64::from),
        scanned,
        sections: sections
            .into_iter()
            .map(|c| SectionSeats {
                section: c.section,
                booked_seats: c.booked + c.reserved + c.held,
                available_seats: c.free + c.released,
            })
            .collect(),
        prices_with_vat,
    }))
}

/// A company of the attendee list's filter.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendeeCompany {
    pub id: Uuid,
    pub name: String,
}

#[utoipa::path(get, path = "/api/events/{id}/attendees/companies", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<AttendeeCompany>>, description = "the companies of the event's attendees"), (status = 404)))]
pub async fn attendee_companies(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    the_event(&mut tx, staff.client_id, event_id).await?;
    let companies = tickets::companies_of_event(&mut tx, staff.client_id, event_id).await?;
    tx.commit().await?;
    Ok(envelope::result(
        companies
            .into_iter()
            .map(|(id, name)| AttendeeCompany { id, name })
            .collect::<Vec<_>>(),
    ))
}

const EXPORT: &[Column<Attendee>] = &[
    Column {
        header: "Billetnr.",
        cell: |a| Cell::Number(a.number as f64),
    },
    Column {
        header: "Navn",
        cell: |a| Cell::text(&a.name),
    },
    Column {
        header: "Virksomhed",
        cell: |a| Cell::text(&a.company),
    },
    Column {
        header: "Produkt",
        cell: |a| Cell::Text(a.product.clone()),
    },
    Column {
        header: "Sektion",
        cell: |a| Cell::text(&a.section),
    },
    Column {
        header: "Række",
        cell: |a| Cell::text(&a.row),
    },
    Column {
        header: "Plads",
        cell: |a| Cell::text(&a.seat_number),
    },
    Column {
        header: "Tilvalg",
        cell: |a| Cell::Text(a.options.join(", ")),
    },
    Column {
        header: "Scannet",
        cell: |a| match a.scanned_at {
            Some(at) => Cell::Time(at),
            None => Cell::Text(String::new()),
        },
    },
];

/// Every attendee the filter finds, as a spreadsheet named for the event's attendee list.
#[utoipa::path(post, path = "/api/events/{id}/attendees/export", tag = "events", params(("id" = String, Path)),
    request_body = AttendeeQuery,
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>, description = "the attendees as a spreadsheet"),
              (status = 404)))]
pub async fn export_attendees(
    staff: Staff,
    path: web::Path<String>,
    body: Json<AttendeeQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    // Tickets of products marked 'Skjul i eksport' are left out (spec 3 §3 Product hideExport).
    let filter = AttendeeFilter {
        for_export: true,
        ..body.filter()
    };
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let title = the_event(&mut tx, staff.client_id, event_id).await?;
    let mut rows = Vec::new();
    for page in 1..=tribune_projections::list::MAX_PAGE {
        let batch =
            tickets::of_event(&mut tx, staff.client_id, event_id, &filter, page, 1000).await?;
        let done = batch.len() < 1000;
        rows.extend(batch.into_iter().map(Attendee::of));
        if done {
            break;
        }
    }
    tx.commit().await?;
    let bytes = export::workbook("Tilmeldte", EXPORT, &rows).map_err(ApiError::internal)?;
    Ok(export::xlsx(&format!("Tilmeldte - {title}.xlsx"), bytes))
}
