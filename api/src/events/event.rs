//! Events (spec 2 §2 Event list, Staff event editor; §3 Event, Event ticket product; §4; §5
//! Event, Ticket product, Sender; §7 Events (staff)).

use std::collections::HashSet;

use actix_web::{web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::types::Json as Jsonb;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use tribune_domain::money::Money;
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, Filter, FilterError, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::cards::{cards_of, CardsQuery};
use super::dto::{
    ControlType, EventContent, EventDto, EventExtraInfo, EventForm, EventInvitees, EventListRow,
    EventNotifications, EventRef, EventSeating, EventSender, EventSponsor, EventTablePlan,
    EventTicketProduct, EventTickets, EventsOrCards,
};
use super::files::SlotIds;
use super::form::{self, unique_url, Kind};
use super::read::describe;
use super::relations::link_type_relations;
use super::save::{Save, Target};
use crate::envelope::{self, Ack, Envelope, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::files::remove;
use crate::kit::ids::parse_id;
use crate::kit::input::{Json, Submitted};
use crate::kit::list_page::list_page;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::reads::Reads;
use crate::kit::text::slug;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const TARGET: Target = Target {
    kind: Kind::Event,
    versioned: Versioned {
        table: "club_events",
        what: "Arrangementet",
    },
    relation_type: "event",
};

/// The tree list counts, pages and sorts main events only; a sub-event rides in its main
/// event's `children`.
fn main_events_only(
    _filter: &Value,
    q: &mut QueryBuilder<'static, Postgres>,
) -> Result<(), FilterError> {
    q.push(" AND t.parent_id IS NULL");
    Ok(())
}

const LIST: ListSpec = ListSpec {
    from: "club_events t LEFT JOIN event_types ty ON ty.id = t.type_id",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.title AS "Title", ty.title AS "Type", t.location AS "Location",
        t.start_date AS "StartDate", t.end_date AS "EndDate", t.sign_up_deadline AS "SignUpDeadline",
        t.promote AS "Promote", t.has_tickets AS "HasTickets", t.has_seating AS "HasSeating",
        t.private AS "Private", t.url AS "Url", t.cancelled_at IS NOT NULL AS "Cancelled",
        (SELECT coalesce(jsonb_agg(jsonb_build_object('Id', c.id, 'Title', c.title, 'Type', ct.title,
                'Location', c.location, 'StartDate', c.start_date, 'EndDate', c.end_date,
                'SignUpDeadline', c.sign_up_deadline, 'Promote', c.promote, 'HasTickets', c.has_tickets,
                'HasSeating', c.has_seating,
                'Private', c.private, 'Url', c.url, 'Cancelled', c.cancelled_at IS NOT NULL)
                ORDER BY c.start_date, c.id), '[]')
         FROM club_events c LEFT JOIN event_types ct ON ct.id = c.type_id
         WHERE c.client_id = t.client_id AND c.parent_id = t.id) AS "children""#,
    key: "t.id",
    filters: &[Filter::Custom(main_events_only)],
    search: Search::Columns(&["t.title", "t.location"]),
    sorts: &[
        SortColumn::of("StartDate", "t.start_date"),
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Type", "lower(ty.title)"),
        SortColumn::nullable("Location", "lower(t.location)"),
    ],
    default_sort: ("StartDate", SortDir::Desc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/events/v2", tag = "events",
    request_body = ListParams,
    responses((status = 200, body = Page<EventListRow>, description = "main events (counted and paged), each with its sub-events in `children`; sorts StartDate (default, desc), Title, Type, Location; `filter.search` finds title and location"),
        (status = 401), (status = 403), (status = 422)))]
pub async fn list_events(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    list_page::<EventListRow>(reads.pool(), &staff, &LIST, &params).await
}

#[utoipa::path(get, path = "/api/events", tag = "events",
    params(CardsQuery),
    responses((status = 200, body = Envelope<EventsOrCards>, description = "the club's events for pickers (EventRef: newest first, at most 200; needs read on 'events'); with `promoted` or `limit`, the public home's cards (EventCard) as GET /public/events answers them"),
        (status = 401), (status = 403)))]
pub async fn events_or_cards(
    staff: Staff,
    query: web::Query<CardsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    if query.asks_for_cards() {
        return Ok(envelope::result(EventsOrCards::Cards(
            cards_of(&state.pool, staff.client_id, &query).await?,
        )));
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let events: Vec<EventRef> = sqlx::query_as(
        "SELECT id, title, start_date FROM club_events WHERE client_id = $1 ORDER BY start_date DESC, id DESC LIMIT 200",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(EventsOrCards::Events(events)))
}

/// `ticket_settings`: the tickets part without its products and pictures.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct TicketSettings {
    control_type: ControlType,
    template: Option<String>,
}

/// An event's row as stored.
#[derive(sqlx::FromRow)]
struct StoredEvent {
    id: Uuid,
    type_id: Option<Uuid>,
    parent_id: Option<Uuid>,
    owner_id: Option<Uuid>,
    title: String,
    url: String,
    location: Option<String>,
    description: Option<String>,
    private_description: Option<String>,
    ticket_description: Option<String>,
    terms: Option<String>,
    max_signups: Option<i32>,
    max_company_signups: Option<i32>,
    banner_picture: Option<Uuid>,
    banner_bottom: Option<Uuid>,
    invite_attachment: Option<Uuid>,
    ticket_logo: Option<Uuid>,
    ticket_picture: Option<Uuid>,
    card_picture: Option<Uuid>,
    private: bool,
    business_only: bool,
    promote: bool,
    show_participants: bool,
    has_tickets: bool,
    has_seating: bool,
    has_sponsors: bool,
    has_tables: bool,
    active_date: Option<NaiveDate>,
    start_date: DateTime<Utc>,
    end_date: DateTime<Utc>,
    sign_up_start: DateTime<Utc>,
    sign_up_deadline: DateTime<Utc>,
    sign_up_public: Option<DateTime<Utc>>,
    seating: Option<Jsonb<EventSeating>>,
    sponsors: Jsonb<Vec<EventSponsor>>,
    extra_info: Jsonb<Vec<EventExtraInfo>>,
    sender: Jsonb<EventSender>,
    invitees: Jsonb<EventInvitees>,
    table_plan: Jsonb<EventTablePlan>,
    notifications: Jsonb<EventNotifications>,
    ticket_settings: Jsonb<TicketSettings>,
    version: i64,
    cancelled_at: Option<DateTime<Utc>>,
}

/// A ticket product's row as stored.
#[derive(sqlx::FromRow)]
struct StoredTicketProduct {
    id: Uuid,
    product_id: Uuid,
    title: String,
    price: i64,
    release_reserved_at: Option<DateTime<Utc>>,
    max_amount: Option<i32>,
    max_company_amount: Option<i32>,
    name_required: bool,
    public: bool,
    disable_additional_tickets: bool,
    public_price: Option<i64>,
    make_public_at: Option<DateTime<Utc>>,
    alt_start_date: Option<DateTime<Utc>>,
    ticket_description: Option<String>,
}

impl From<StoredTicketProduct> for EventTicketProduct {
    fn from(row: StoredTicketProduct) -> Self {
        EventTicketProduct {
            id: Some(row.id),
            product_id: Some(row.product_id),
            product: None,
            title: row.title,
            price: Money::ore(row.price),
            release_reserved_at: row.release_reserved_at,
            max_amount: row.max_amount,
            max_company_amount: row.max_company_amount,
            name_required: row.name_required,
            public: row.public,
            disable_additional_tickets: row.disable_additional_tickets,
            public_price: row.public_price.map(Money::ore),
            make_public_at: row.make_public_at,
            alt_start_date: row.alt_start_date,
            ticket_description: row.ticket_description,
        }
    }
}

/// The event for its editor; another club's, or none, is not found.
async fn load(conn: &mut PgConnection, client_id: Uuid, id: Uuid) -> Result<EventDto, ApiError> {
    let row: StoredEvent =
        sqlx::query_as("SELECT * FROM club_events WHERE client_id = $1 AND id = $2")
            .bind(client_id)
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or(ApiError::NotFound)?;
    let products: Vec<StoredTicketProduct> = sqlx::query_as(
        "SELECT * FROM event_products WHERE client_id = $1 AND event_id = $2 ORDER BY sorting, id",
    )
    .bind(client_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let sub_events: Vec<EventRef> = sqlx::query_as(
        "SELECT id, title, start_date FROM club_events WHERE client_id = $1 AND parent_id = $2 ORDER BY start_date, id",
    )
    .bind(client_id)
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let files: SlotIds = [
        row.banner_picture,
        row.banner_bottom,
        row.invite_attachment,
        row.ticket_logo,
        row.ticket_picture,
        row.card_picture,
    ];
    let settings = row.ticket_settings.0;
    let mut content = EventContent {
        owner_id: row.owner_id,
        title: row.title,
        url: row.url,
        location: row.location.unwrap_or_default(),
        description: row.description.unwrap_or_default(),
        private_description: row.private_description.unwrap_or_default(),
        ticket_description: row.ticket_description.unwrap_or_default(),
        terms: row.terms.unwrap_or_default(),
        max_signups: row.max_signups,
        max_company_signups: row.max_company_signups,
        banner_picture: None,
        banner_bottom: None,
        invite_attachment: None,
        invite_attachment_name: None,
        private: row.private,
        business_only: row.business_only,
        promote: row.promote,
        show_participants: row.show_participants,
        has_tickets: row.has_tickets,
        has_seating: row.has_seating,
        has_sponsors: row.has_sponsors,
        has_tables: row.has_tables,
        active_date: row.active_date,
        start_date: Some(row.start_date),
        end_date: Some(row.end_date),
        sign_up_start: Some(row.sign_up_start),
        sign_up_deadline: Some(row.sign_up_deadline),
        sign_up_public: row.sign_up_public,
        seating: row.seating.map(|s| s.0),
        sponsors: row.sponsors.0,
        extra_info: row.extra_info.0,
        sender: row.sender.0,
        invitees: row.invitees.0,
        table_plan: row.table_plan.0,
        notifications: row.notifications.0,
        tickets: EventTickets {
            control_type: settings.control_type,
            template: settings.template,
            ticket_logo: None,
            ticket_picture: None,
            products: products.into_iter().map(Into::into).collect(),
        },
    };
    describe(conn, client_id, &mut content, &files).await?;
    Ok(EventDto {
        id: Some(row.id),
        type_id: row.type_id,
        parent_id: row.parent_id,
        content,
        sub_events,
        version: row.version,
        cancelled_at: row.cancelled_at,
    })
}

#[utoipa::path(get, path = "/api/events/{id}", tag = "events",
    params(("id" = String, Path, description = "the event's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<EventDto>, description = "the event"), (status = 401), (status = 403), (status = 404)))]
pub async fn get_event(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let event = load(&mut tx, staff.client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result(event))
}

/// The files of the event a save edits: none for a new one; an event the club does not have is
/// not found.
async fn stored_files(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Option<Uuid>,
) -> Result<SlotIds, ApiError> {
    type Files = (
        Option<Uuid>,
        Option<Uuid>,
        Option<Uuid>,
        Option<Uuid>,
        Option<Uuid>,
        Option<Uuid>,
    );
    let Some(id) = id else { return Ok([None; 6]) };
    let row: Option<Files> = sqlx::query_as(
        "SELECT banner_picture, banner_bottom, invite_attachment, ticket_logo, ticket_picture, card_picture \
         FROM club_events WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?;
    row.map(|(a, b, c, d, e, f)| [a, b, c, d, e, f])
        .ok_or(ApiError::NotFound)
}

/// A sub-event's main event is a main event of the club (one level: sub-events have none of
/// their own), and an event with sub-events stays a main event.
async fn check_parent(
    conn: &mut PgConnection,
    client_id: Uuid,
    input: &EventForm,
    check: &mut Check,
) -> Result<(), ApiError> {
    let Some(parent) = input.parent_id else {
        return Ok(());
    };
    let parent_of_parent: Option<Option<Uuid>> =
        sqlx::query_scalar("SELECT parent_id FROM club_events WHERE client_id = $1 AND id = $2")
            .bind(client_id)
            .bind(parent)
            .fetch_optional(&mut *conn)
            .await?;
    match parent_of_parent {
        None => check.fail("parentId", "Arrangementet findes ikke"),
        Some(_) if Some(parent) == input.id => check.fail(
            "parentId",
            "Et arrangement kan ikke være sit eget underarrangement",
        ),
        Some(Some(_)) => check.fail(
            "parentId",
            "Et underarrangement kan ikke have underarrangementer",
        ),
        Some(None) => {}
    }
    if let Some(id) = input.id {
        let has_sub_events: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM club_events WHERE client_id = $1 AND parent_id = $2)",
        )
        .bind(client_id)
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
        if has_sub_events {
            check.fail(
                "parentId",
                "Et arrangement med underarrangementer kan ikke være et underarrangement",
            );
        }
    }
    Ok(())
}

/// The columns a save writes, in the order `write` binds them.
const WRITTEN: [&str; 40] = [
    "type_id",
    "parent_id",
    "owner_id",
    "title",
    "url",
    "location",
    "description",
    "private_description",
    "ticket_description",
    "terms",
    "max_signups",
    "max_company_signups",
    "banner_picture",
    "banner_bottom",
    "invite_attachment",
    "ticket_logo",
    "ticket_picture",
    "card_picture",
    "private",
    "business_only",
    "promote",
    "show_participants",
    "has_tickets",
    "has_seating",
    "has_sponsors",
    "has_tables",
    "active_date",
    "start_date",
    "end_date",
    "sign_up_start",
    "sign_up_deadline",
    "sign_up_public",
    "seating",
    "sponsors",
    "extra_info",
    "sender",
    "invitees",
    "table_plan",
    "notifications",
    "ticket_settings",
];

/// Text kept as NULL when empty.
fn some(text: &str) -> Option<&str> {
    Some(text).filter(|t| !t.is_empty())
}

/// Inserts or updates the event's row.
#[allow(clippy::too_many_arguments)] // the row's identity, its parents and its form
async fn write(
    conn: &mut PgConnection,
    client_id: Uuid,
    user_id: Uuid,
    id: Uuid,
    input: &EventForm,
    content: &EventContent,
    url: &str,
    files: &SlotIds,
) -> Result<(), ApiError> {
    let columns = WRITTEN.join(", ");
    let values = (4..4 + WRITTEN.len())
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let updates = WRITTEN
        .iter()
        .map(|c| format!("{c} = EXCLUDED.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO club_events (id, client_id, created_by, updated_by, {columns}) VALUES ($1, $2, $3, $3, {values}) \
         ON CONFLICT (id) DO UPDATE SET {updates}, updated_at = now(), updated_by = EXCLUDED.updated_by"
    );
    let mut table_plan = content.table_plan.clone();
    table_plan.card_picture = None;
    let settings = TicketSettings {
        control_type: content.tickets.control_type,
        template: content.tickets.template.clone(),
    };
    sqlx::query(&sql)
        .bind(id)
        .bind(client_id)
        .bind(user_id)
        .bind(input.type_id)
        .bind(input.parent_id)
        .bind(content.owner_id)
        .bind(&content.title)
        .bind(url)
        .bind(some(&content.location))
        .bind(some(&content.description))
        .bind(some(&content.private_description))
        .bind(some(&content.ticket_description))
        .bind(some(&content.terms))
        .bind(content.max_signups)
        .bind(content.max_company_signups)
        .bind(files[0])
        .bind(files[1])
        .bind(files[2])
        .bind(files[3])
        .bind(files[4])
        .bind(files[5])
        .bind(content.private)
        .bind(content.business_only)
        .bind(content.promote)
        .bind(content.show_participants)
        .bind(content.has_tickets)
        .bind(content.has_seating)
        .bind(content.has_sponsors)
        .bind(content.has_tables)
        .bind(content.active_date)
        .bind(content.start_date)
        .bind(content.end_date)
        .bind(content.sign_up_start)
        .bind(content.sign_up_deadline)
        .bind(content.sign_up_public)
        .bind(content.seating.as_ref().map(Jsonb))
        .bind(Jsonb(&content.sponsors))
        .bind(Jsonb(&content.extra_info))
        .bind(Jsonb(&content.sender))
        .bind(Jsonb(&content.invitees))
        .bind(Jsonb(&table_plan))
        .bind(Jsonb(&content.notifications))
        .bind(Jsonb(&settings))
        .execute(conn)
        .await?;
    Ok(())
}

/// The event's ticket products become `products`, in their order: a row the event has keeps
/// its id (bookings count on it), a new one gets one, and the rows left out go.
async fn save_ticket_products(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    products: &[EventTicketProduct],
) -> Result<(), ApiError> {
    let existing: HashSet<Uuid> =
        sqlx::query_scalar("SELECT id FROM event_products WHERE client_id = $1 AND event_id = $2")
            .bind(client_id)
            .bind(event_id)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect();
    let mut kept: Vec<Uuid> = Vec::new();
    for (sorting, product) in products.iter().enumerate() {
        let id = product
            .id
            .filter(|id| existing.contains(id) && !kept.contains(id))
            .unwrap_or_else(Uuid::new_v4);
        kept.push(id);
        sqlx::query(
            "INSERT INTO event_products (id, client_id, event_id, product_id, sorting, title, price, release_reserved_at, \
               max_amount, max_company_amount, name_required, public, disable_additional_tickets, public_price, \
               make_public_at, alt_start_date, ticket_description) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
             ON CONFLICT (id) DO UPDATE SET product_id = EXCLUDED.product_id, sorting = EXCLUDED.sorting, \
               title = EXCLUDED.title, price = EXCLUDED.price, release_reserved_at = EXCLUDED.release_reserved_at, \
               max_amount = EXCLUDED.max_amount, max_company_amount = EXCLUDED.max_company_amount, \
               name_required = EXCLUDED.name_required, public = EXCLUDED.public, \
               disable_additional_tickets = EXCLUDED.disable_additional_tickets, public_price = EXCLUDED.public_price, \
               make_public_at = EXCLUDED.make_public_at, alt_start_date = EXCLUDED.alt_start_date, \
               ticket_description = EXCLUDED.ticket_description, updated_at = now()",
        )
        .bind(id)
        .bind(client_id)
        .bind(event_id)
        .bind(product.product_id)
        .bind(sorting as i32)
        .bind(&product.title)
        .bind(product.price.as_ore())
        .bind(product.release_reserved_at)
        .bind(product.max_amount)
        .bind(product.max_company_amount)
        .bind(product.name_required)
        .bind(product.public)
        .bind(product.disable_additional_tickets)
        .bind(product.public_price.map(Money::as_ore))
        .bind(product.make_public_at)
        .bind(product.alt_start_date)
        .bind(&product.ticket_description)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(
        "DELETE FROM event_products WHERE client_id = $1 AND event_id = $2 AND NOT (id = ANY($3))",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(&kept)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[utoipa::path(post, path = "/api/events/update", tag = "events",
    request_body(content((EventForm = "application/json"), (MultipartUpdate = "multipart/form-data")),
        description = "The event as JSON (money in øre, times ISO-8601 UTC), or multipart with it in `data` and its files as `bannerPictureFile`, `bannerBottomFile`, `inviteAttachmentFile`, `ticketLogoFile`, `ticketPictureFile` and `cardPictureFile`; a file field set to null removes the file, its URL (or leaving it out) keeps it, another of the club's file URLs (a type's) copies that file. An empty `url` is made from the title; either is made unique in the club."),
    responses((status = 200, body = Envelope<Uuid>, description = "the event's id"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "the event was saved by someone else since `version`"), (status = 422)))]
pub async fn update_event(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(upload) = form;
    let client_id = staff.client_id;
    let mut save = Save::begin(&state, &staff, &upload, &TARGET).await?;
    let current = stored_files(&mut save.tx, client_id, save.input.id).await?;
    check_parent(&mut save.tx, client_id, &save.input, &mut save.check).await?;
    let mut claimed = save.claim(current).await?;
    let created = claimed.input.id.is_none();
    let content = form::content(&claimed.input, [const { None }; 6]);
    let wanted = slug(if content.url.is_empty() {
        &content.title
    } else {
        &content.url
    });
    let url = unique_url(&mut claimed.tx, client_id, claimed.id, &wanted).await?;
    write(
        &mut claimed.tx,
        client_id,
        staff.user_id(),
        claimed.id,
        &claimed.input,
        &content,
        &url,
        &claimed.files,
    )
    .await?;
    save_ticket_products(
        &mut claimed.tx,
        client_id,
        claimed.id,
        &content.tickets.products,
    )
    .await?;
    // A new event starts with its type's Relationer.
    if let (true, Some(type_id)) = (created, claimed.input.type_id) {
        link_type_relations(
            &mut claimed.tx,
            client_id,
            claimed.id,
            type_id,
            staff.user_id(),
        )
        .await?;
    }
    // The season tickets of its seasons reserve their seats here too, until its release time.
    crate::kit::seating::reserve_for_event(&mut claimed.tx, claimed.id).await?;
    Ok(envelope::result(claimed.commit().await?))
}

/// 'Aflys arrangement' (issue 40 §4): the event is cancelled at once — its public page says so
/// and nobody can book it — and a job cancels its sales and tells their buyers
/// (`sales::cancellation`). Pressed again, it answers the event as it is and queues nothing.
#[utoipa::path(post, path = "/api/events/{id}/cancel", tag = "events",
    params(("id" = String, Path, description = "the event's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Envelope<EventDto>, description = "the event, cancelled"), (status = 401), (status = 403), (status = 404)))]
pub async fn cancel_event(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let cancelled: Option<Option<DateTime<Utc>>> = sqlx::query_scalar(
        "SELECT cancelled_at FROM club_events WHERE client_id = $1 AND id = $2 FOR UPDATE",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    match cancelled {
        None => return Err(ApiError::NotFound),
        Some(Some(_)) => {}
        Some(None) => {
            sqlx::query(
                "UPDATE club_events SET cancelled_at = now(), cancelled_by = $3, \
                   version = version + 1, updated_at = now(), updated_by = $3 \
                 WHERE client_id = $1 AND id = $2",
            )
            .bind(client_id)
            .bind(id)
            .bind(staff.user_id())
            .execute(&mut *tx)
            .await?;
            enqueue(
                &mut tx,
                NewJob {
                    client_id: Some(client_id),
                    description:
                        "Aflysning af arrangementet: ordrer annulleres og købere får besked".into(),
                    method: JobMethod::CancelEvent {
                        client_id,
                        event_id: id,
                    },
                    collection: Some("events".into()),
                    relation_id: Some(id.to_string()),
                    created_by: Some(staff.user_id()),
                },
            )
            .await?;
        }
    }
    let event = load(&mut tx, client_id, id).await?;
    tx.commit().await?;
    Ok(envelope::result(event))
}

#[utoipa::path(delete, path = "/api/events/{id}", tag = "events",
    params(("id" = String, Path, description = "the event's id (uuid); malformed or another club's → 404")),
    responses((status = 200, body = Ack, description = "its sub-events, ticket products, files and notes go with it"), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_event(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let going: Vec<String> = sqlx::query_scalar(
        "SELECT id::text FROM club_events WHERE client_id = $1 AND (id = $2 OR parent_id = $2)",
    )
    .bind(client_id)
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM club_events WHERE client_id = $1 AND id = $2")
        .bind(client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(ApiError::NotFound);
    }
    // Their files and notes go too, as a company's do.
    let files: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM files WHERE client_id = $1 AND relation_id = ANY($2)")
            .bind(client_id)
            .bind(&going)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query(
        "DELETE FROM comments WHERE client_id = $1 AND cardinality(relations) = 1 AND relations[1] = ANY($2)",
    )
    .bind(client_id)
    .bind(&going)
    .execute(&mut *tx)
    .await?;
    remove(&mut tx, &state.storage, client_id, &files).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
