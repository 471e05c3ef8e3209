//! The table plan (issue 18; spec 2 §2 Table plan tab, §3 Table, §5 table rules, §7 Tables):
//! an event's tables and who sits where. A guest is a ticket of the event that admits someone —
//! of the ticket products the plan seats (`tablePlan.productIds`; all when none are chosen) —
//! named by its holder, else its buyer. A guest sits at one table at most; a table never takes
//! more guests than its seats: placing locks the table's row, so two people placing at once (or
//! 'Placér automatisk' beside them) queue. How 'Placér automatisk' decides is
//! `tribune_domain::table_plan`. The downloads (Oversigt, Deltagerliste, Bordkort) are rendered
//! by `tribune_pdf`.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use tribune_domain::table_plan::{auto_seat, Guest, TableSpace};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::envelope::{self, Ack, Envelope, Page};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::kit::ids::parse_id;
use crate::kit::input::{Json, OptionalJson};
use crate::kit::pdf::{pdf_response, stored_image};
use crate::session::Staff;
use crate::state::AppState;

pub const TABLE_FULL: &str = "Der er ikke flere ledige pladser ved bordet";

/// A guest at a table, or waiting for one.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TableGuest {
    /// The guest's ticket.
    pub ticket_id: Uuid,
    #[ts(type = "number")]
    pub number: i64,
    pub name: Option<String>,
    pub company_id: Option<Uuid>,
    pub company: Option<String>,
}

/// A table of the plan with who sits there (spec 2 §3 Table).
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTable {
    pub id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub seats: i32,
    pub auto_place: bool,
    /// Seats left.
    pub free: i32,
    /// In the order they were placed.
    pub seating: Vec<TableGuest>,
}

/// `POST {ep}/{id}/tables`: a new table (no id) or a table's changes; `seating`, when sent, is
/// everyone who sits there now (moved from another table if they sat there).
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TableInput {
    pub id: Option<Uuid>,
    pub title: Option<String>,
    pub description: Option<String>,
    #[ts(type = "number | null")]
    pub seats: Option<i64>,
    pub auto_place: bool,
    pub seating: Option<Vec<Uuid>>,
}

/// `SELECT … FROM` the event's guests (`$1` club, `$2` event, `$3` the seated products).
const GUESTS: &str = "SELECT t.id AS ticket_id, t.number, \
       coalesce(t.name, (SELECT nullif(trim(o.firstname || ' ' || o.lastname), '') FROM order_rows o WHERE o.id = t.order_id)) AS name, \
       t.company_id, t.company_name AS company \
     FROM ticket_rows t \
     WHERE t.client_id = $1 AND t.event_id = $2 AND t.status = 'issued' \
       AND (cardinality($3::uuid[]) = 0 OR t.product_id = ANY($3))";

/// The event's title, start and the products its plan seats; not found for another club's.
async fn plan_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<(String, DateTime<Utc>, Vec<Uuid>), ApiError> {
    let found: Option<(String, DateTime<Utc>, Option<serde_json::Value>)> = sqlx::query_as(
        "SELECT title, start_date, table_plan->'productIds' FROM club_events WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_optional(conn)
    .await?;
    let (title, start, products) = found.ok_or(ApiError::NotFound)?;
    let products = products
        .and_then(|p| serde_json::from_value::<Vec<Uuid>>(p).ok())
        .unwrap_or_default();
    Ok((title, start, products))
}

/// A guest at a table.
#[derive(sqlx::FromRow)]
struct Seated {
    table_id: Uuid,
    #[sqlx(flatten)]
    guest: TableGuest,
}

async fn tables_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    products: &[Uuid],
) -> Result<Vec<EventTable>, ApiError> {
    let rows: Vec<(Uuid, String, Option<String>, i32, bool)> = sqlx::query_as(
        "SELECT id, title, description, seats, auto_place FROM event_tables \
         WHERE client_id = $1 AND event_id = $2 ORDER BY position, created_at, id",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    let seated: Vec<Seated> = sqlx::query_as(&format!(
        "SELECT s.table_id, g.ticket_id, g.number, g.name, g.company_id, g.company \
             FROM event_table_guests s JOIN ({GUESTS}) g ON g.ticket_id = s.ticket_id \
             WHERE s.client_id = $1 AND s.event_id = $2 ORDER BY s.placed_at, g.number"
    ))
    .bind(client_id)
    .bind(event_id)
    .bind(products)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, title, description, seats, auto_place)| {
            let seating: Vec<TableGuest> = seated
                .iter()
                .filter(|s| s.table_id == id)
                .map(|s| s.guest.clone())
                .collect();
            EventTable {
                id,
                title,
                description,
                seats,
                auto_place,
                free: seats - i32::try_from(seating.len()).unwrap_or(i32::MAX),
                seating,
            }
        })
        .collect())
}

#[utoipa::path(get, path = "/api/events/{id}/tables", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<EventTable>>, description = "the plan's tables"), (status = 404)))]
pub async fn list_tables(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (_, _, products) = plan_of(&mut tx, staff.client_id, event_id).await?;
    let tables = tables_of(&mut tx, staff.client_id, event_id, &products).await?;
    tx.commit().await?;
    Ok(envelope::result(tables))
}

/// Saves a table (see `TableInput`); refusals on their fields (spec 2 §5): 'Titel skal
/// udfyldes', the seats, the seats changed while guests sit there, and more guests than seats.
#[utoipa::path(post, path = "/api/events/{id}/tables", tag = "events", params(("id" = String, Path)),
    request_body = TableInput,
    responses((status = 200, body = Envelope<Vec<EventTable>>, description = "the plan's tables"),
              (status = 422), (status = 404)))]
pub async fn save_table(
    staff: Staff,
    path: web::Path<String>,
    body: Json<TableInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut errors = FieldErrors::new();
    let title = body.title.as_deref().map(str::trim).unwrap_or_default();
    if title.is_empty() {
        push_error(&mut errors, "title", "Titel skal udfyldes");
    } else if title.chars().count() > 200 {
        push_error(&mut errors, "title", "Titel må højst være 200 tegn");
    }
    let seats = match body.seats {
        None => {
            push_error(&mut errors, "seats", "Antal pladser skal udfyldes");
            0
        }
        Some(n) if !(1..=1000).contains(&n) => {
            push_error(
                &mut errors,
                "seats",
                "Antal pladser skal være mellem 1 og 1000",
            );
            0
        }
        Some(n) => i32::try_from(n).unwrap_or(0),
    };
    check_errors(errors)?;
    let description = body
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_string);
    let mut tx = club_tx(&state.pool, client_id).await?;
    let (_, _, products) = plan_of(&mut tx, client_id, event_id).await?;
    let id = match body.id {
        Some(id) => {
            // Locked: nobody places at it meanwhile.
            let found: Option<i32> = sqlx::query_scalar(
                "SELECT seats FROM event_tables WHERE client_id = $1 AND event_id = $2 AND id = $3 FOR UPDATE",
            )
            .bind(client_id)
            .bind(event_id)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let was = found.ok_or(ApiError::NotFound)?;
            let seated: i64 =
                sqlx::query_scalar("SELECT count(*) FROM event_table_guests WHERE table_id = $1")
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await?;
            if was != seats && seated > 0 {
                return Err(ApiError::field(
                    "seats",
                    "Antal pladser kan ikke ændres, når der sidder gæster ved bordet",
                ));
            }
            sqlx::query(
                "UPDATE event_tables SET title = $2, description = $3, seats = $4, auto_place = $5, updated_at = now() \
                 WHERE id = $1",
            )
            .bind(id)
            .bind(title)
            .bind(&description)
            .bind(seats)
            .bind(body.auto_place)
            .execute(&mut *tx)
            .await?;
            id
        }
        None => {
            let id = Uuid::new_v4();
            sqlx::query(
                "INSERT INTO event_tables (id, client_id, event_id, title, description, seats, auto_place, position) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, \
                   (SELECT coalesce(max(position), 0) + 1 FROM event_tables WHERE event_id = $3))",
            )
            .bind(id)
            .bind(client_id)
            .bind(event_id)
            .bind(title)
            .bind(&description)
            .bind(seats)
            .bind(body.auto_place)
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    if let Some(seating) = &body.seating {
        let mut wanted: Vec<Uuid> = Vec::with_capacity(seating.len());
        for ticket in seating {
            if !wanted.contains(ticket) {
                wanted.push(*ticket);
            }
        }
        if wanted.len() > usize::try_from(seats).unwrap_or(0) {
            return Err(ApiError::field("seating", TABLE_FULL));
        }
        let guests: i64 = sqlx::query_scalar(&format!(
            "SELECT count(*) FROM ({GUESTS}) g WHERE g.ticket_id = ANY($4)"
        ))
        .bind(client_id)
        .bind(event_id)
        .bind(&products)
        .bind(&wanted)
        .fetch_one(&mut *tx)
        .await?;
        if guests != i64::try_from(wanted.len()).unwrap_or(i64::MAX) {
            return Err(ApiError::field(
                "seating",
                "En gæst findes ikke blandt arrangementets gæster",
            ));
        }
        sqlx::query("DELETE FROM event_table_guests WHERE table_id = $1 AND ticket_id <> ALL($2)")
            .bind(id)
            .bind(&wanted)
            .execute(&mut *tx)
            .await?;
        // In the order given; a guest from another table moves here.
        sqlx::query(
            "INSERT INTO event_table_guests (ticket_id, table_id, client_id, event_id, placed_at) \
             SELECT w.ticket, $2, $3, $4, now() + (w.n * interval '1 microsecond') \
             FROM unnest($1::uuid[]) WITH ORDINALITY AS w(ticket, n) \
             ON CONFLICT (ticket_id) DO UPDATE SET table_id = EXCLUDED.table_id, placed_at = EXCLUDED.placed_at \
             WHERE event_table_guests.table_id <> EXCLUDED.table_id",
        )
        .bind(&wanted)
        .bind(id)
        .bind(client_id)
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    }
    let tables = tables_of(&mut tx, client_id, event_id, &products).await?;
    tx.commit().await?;
    Ok(envelope::result(tables))
}

#[utoipa::path(delete, path = "/api/events/{id}/tables/{tableId}", tag = "events",
    params(("id" = String, Path), ("tableId" = String, Path)),
    responses((status = 200, body = Ack, description = "its guests are unplaced again"), (status = 404)))]
pub async fn delete_table(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (event_id, table_id) = (parse_id(&path.0)?, parse_id(&path.1)?);
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let gone =
        sqlx::query("DELETE FROM event_tables WHERE client_id = $1 AND event_id = $2 AND id = $3")
            .bind(staff.client_id)
            .bind(event_id)
            .bind(table_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    tx.commit().await?;
    if gone == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(envelope::ok())
}

/// The unplaced guests' search and page.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UnplacedQuery {
    pub search: Option<String>,
    #[ts(type = "number | null")]
    pub page: Option<i64>,
    #[ts(type = "number | null")]
    pub per_page: Option<i64>,
}

/// The guests at no table (spec 2 §7 `tables/attendees`): `{Result, Total}`, by company (those
/// without one last) and name, for the plan's list grouped by company.
#[utoipa::path(post, path = "/api/events/{id}/tables/attendees", tag = "events", params(("id" = String, Path)),
    request_body = UnplacedQuery,
    responses((status = 200, body = Page<TableGuest>, description = "a page of the guests at no table"), (status = 404)))]
pub async fn unplaced(
    staff: Staff,
    path: web::Path<String>,
    body: OptionalJson<UnplacedQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let query = body.or_default();
    let per_page = query.per_page.unwrap_or(500).clamp(1, 1000);
    let page = query.page.unwrap_or(1).clamp(1, 1_000_000);
    let search = query
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| tribune_projections::list::like_pattern(&s.to_lowercase()));
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let (_, _, products) = plan_of(&mut tx, staff.client_id, event_id).await?;
    let filter = format!(
        "FROM ({GUESTS}) g WHERE NOT EXISTS (SELECT 1 FROM event_table_guests s WHERE s.ticket_id = g.ticket_id) \
         AND ($4::text IS NULL OR lower(coalesce(g.name, '') || ' ' || coalesce(g.company, '') || ' ' || g.number) LIKE $4)"
    );
    let rows: Vec<TableGuest> = sqlx::query_as(&format!(
        "SELECT g.* {filter} ORDER BY g.company IS NULL, lower(g.company), lower(g.name), g.number \
         LIMIT $5 OFFSET $6"
    ))
    .bind(staff.client_id)
    .bind(event_id)
    .bind(&products)
    .bind(&search)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&mut *tx)
    .await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT count(*) {filter}"))
        .bind(staff.client_id)
        .bind(event_id)
        .bind(&products)
        .bind(&search)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, per_page))
}

/// What 'Placér automatisk' did.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoSeated {
    #[ts(type = "number")]
    pub placed: usize,
    /// Guests still at no table (the auto-place tables are full).
    #[ts(type = "number")]
    pub unplaced: usize,
}

/// 'Placér automatisk': every unplaced guest onto the auto-place tables (see the module's
/// comment and `tribune_domain::table_plan`).
#[utoipa::path(post, path = "/api/events/{id}/tables/auto-seating", tag = "events", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<AutoSeated>), (status = 404)))]
pub async fn auto_seating(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let (_, _, products) = plan_of(&mut tx, client_id, event_id).await?;
    // Every auto-place table locked, in one order, before anything is counted.
    let tables: Vec<(Uuid, i32)> = sqlx::query_as(
        "SELECT id, seats FROM event_tables WHERE client_id = $1 AND event_id = $2 AND auto_place \
         ORDER BY position, created_at, id FOR UPDATE",
    )
    .bind(client_id)
    .bind(event_id)
    .fetch_all(&mut *tx)
    .await?;
    let current = tables_of(&mut tx, client_id, event_id, &products).await?;
    let spaces: Vec<TableSpace> = tables
        .iter()
        .map(|(id, seats)| {
            let at = current.iter().find(|t| t.id == *id);
            let taken = at.map_or(0, |t| t.seating.len());
            let mut companies: Vec<Uuid> = at
                .map(|t| t.seating.iter().filter_map(|g| g.company_id).collect())
                .unwrap_or_default();
            companies.sort();
            companies.dedup();
            TableSpace {
                id: *id,
                free: usize::try_from(*seats).unwrap_or(0).saturating_sub(taken),
                companies,
            }
        })
        .collect();
    let waiting: Vec<(Uuid, Option<Uuid>)> = sqlx::query_as(&format!(
        "SELECT g.ticket_id, g.company_id FROM ({GUESTS}) g \
         WHERE NOT EXISTS (SELECT 1 FROM event_table_guests s WHERE s.ticket_id = g.ticket_id) \
         ORDER BY lower(g.company), g.number"
    ))
    .bind(client_id)
    .bind(event_id)
    .bind(&products)
    .fetch_all(&mut *tx)
    .await?;
    let guests: Vec<Guest> = waiting
        .iter()
        .map(|(id, company)| Guest {
            id: *id,
            company: *company,
        })
        .collect();
    let plan = auto_seat(&guests, &spaces);
    let (tickets, seats_at): (Vec<Uuid>, Vec<Uuid>) = plan.iter().copied().unzip();
    let placed = sqlx::query(
        "INSERT INTO event_table_guests (ticket_id, table_id, client_id, event_id, placed_at) \
         SELECT p.ticket, p.table_id, $3, $4, now() + (p.n * interval '1 microsecond') \
         FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS p(ticket, table_id, n) \
         ON CONFLICT (ticket_id) DO NOTHING",
    )
    .bind(&tickets)
    .bind(&seats_at)
    .bind(client_id)
    .bind(event_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    let placed = usize::try_from(placed).unwrap_or(0);
    Ok(envelope::result(AutoSeated {
        placed,
        unplaced: guests.len().saturating_sub(placed),
    }))
}

/// The plan as the downloads print it, with the card settings.
async fn document(
    state: &AppState,
    client_id: Uuid,
    event_id: Uuid,
) -> Result<(tribune_pdf::TableCardsDocument, String), ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let (title, start, products) = plan_of(&mut tx, client_id, event_id).await?;
    let tables = tables_of(&mut tx, client_id, event_id, &products).await?;
    let waiting: Vec<TableGuest> = sqlx::query_as(&format!(
        "SELECT g.* FROM ({GUESTS}) g \
         WHERE NOT EXISTS (SELECT 1 FROM event_table_guests s WHERE s.ticket_id = g.ticket_id) \
         ORDER BY g.company IS NULL, lower(g.company), lower(g.name), g.number"
    ))
    .bind(client_id)
    .bind(event_id)
    .bind(&products)
    .fetch_all(&mut *tx)
    .await?;
    let (club, format, orientation, picture): (String, Option<String>, Option<String>, Option<String>) =
        sqlx::query_as(
            "SELECT c.name, e.table_plan->>'cardFormat', e.table_plan->>'cardOrientation', f.storage_key \
             FROM club_events e JOIN clients c ON c.id = e.client_id \
             LEFT JOIN files f ON f.id = e.card_picture WHERE e.id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    let guest = |g: &TableGuest| tribune_pdf::PlanGuest {
        name: g
            .name
            .clone()
            .unwrap_or_else(|| format!("Billet nr. {}", g.number)),
        company: g.company.clone(),
    };
    let plan = tribune_pdf::TablePlanDocument {
        club,
        event_title: title.clone(),
        when: tribune_domain::danish::danish_time(start),
        tables: tables
            .iter()
            .map(|t| tribune_pdf::PlanTable {
                title: t.title.clone(),
                description: t.description.clone(),
                seats: u32::try_from(t.seats).unwrap_or(0),
                guests: t.seating.iter().map(guest).collect(),
            })
            .collect(),
        unplaced: waiting.iter().map(guest).collect(),
    };
    let paper = match format.as_deref() {
        Some("A5") => tribune_pdf::CardPaper::A5,
        Some("A4 folded") => tribune_pdf::CardPaper::A4Folded,
        _ => tribune_pdf::CardPaper::A4,
    };
    Ok((
        tribune_pdf::TableCardsDocument {
            plan,
            paper,
            landscape: orientation.as_deref() == Some("Landscape"),
            background: stored_image(&state.storage, picture).await,
        },
        title,
    ))
}

/// Which download: 'oversigt', 'deltagerliste' or 'bordkort'.
#[utoipa::path(get, path = "/api/events/{id}/tables/download/{kind}", tag = "events",
    params(("id" = String, Path), ("kind" = String, Path, description = "oversigt, deltagerliste or bordkort")),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>, description = "the download"), (status = 404)))]
pub async fn download(
    staff: Staff,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event_id = parse_id(&path.0)?;
    let kind = path.1.clone();
    if !matches!(kind.as_str(), "oversigt" | "deltagerliste" | "bordkort") {
        return Err(ApiError::NotFound);
    }
    let (doc, title) = document(&state, staff.client_id, event_id).await?;
    let bytes = web::block(move || match kind.as_str() {
        "oversigt" => tribune_pdf::table_overview_pdf(&doc.plan),
        "deltagerliste" => tribune_pdf::table_guest_list_pdf(&doc.plan),
        _ => tribune_pdf::table_cards_pdf(&doc),
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|err| match err {
        err @ tribune_pdf::PdfError::Image { .. } => ApiError::invalid(err.to_string()),
        err => ApiError::internal(err),
    })?;
    let name: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == ' ' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Ok(pdf_response(
        &format!("{} - {}.pdf", path.1, name.trim()),
        bytes,
    ))
}
