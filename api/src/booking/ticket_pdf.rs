//! What a ticket's PDF prints (issue 15): the event, its date and place, the holder, the product,
//! the seat when there is one, the order, the club's ticket template chosen on the event's
//! Billetter tab, its ticket logo and picture, and the QR code of the ticket's code.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use tribune_projections::db::club_tx;
use tribune_projections::ticket::queries::TicketRow;

use crate::error::ApiError;
use crate::kit::html::visible_text;
use crate::kit::pdf::{some_text, stored_image};
use crate::state::AppState;

#[derive(sqlx::FromRow)]
struct EventPart {
    title: String,
    location: Option<String>,
    start_date: DateTime<Utc>,
    template: Option<String>,
    logo_key: Option<String>,
    picture_key: Option<String>,
    club: String,
    templates: Option<Json<serde_json::Value>>,
}

pub async fn document(
    state: &AppState,
    ticket: &TicketRow,
) -> Result<tribune_pdf::TicketDocument, ApiError> {
    let mut tx = club_tx(&state.pool, ticket.client_id).await?;
    let event: EventPart = sqlx::query_as(
        "SELECT e.title, e.location, e.start_date, e.ticket_settings->>'template' AS template, \
           lf.storage_key AS logo_key, pf.storage_key AS picture_key, c.name AS club, \
           c.settings->'events'->'ticketTemplates' AS templates \
         FROM club_events e JOIN clients c ON c.id = e.client_id \
         LEFT JOIN files lf ON lf.id = e.ticket_logo \
         LEFT JOIN files pf ON pf.id = e.ticket_picture \
         WHERE e.client_id = $1 AND e.id = $2",
    )
    .bind(ticket.client_id)
    .bind(ticket.event_id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or(ApiError::NotFound)?;
    let order_number: Option<i64> =
        sqlx::query_scalar("SELECT number FROM order_rows WHERE client_id = $1 AND id = $2")
            .bind(ticket.client_id)
            .bind(ticket.order_id)
            .fetch_optional(&mut *tx)
            .await?;
    tx.commit().await?;
    let template = event.template.as_deref().and_then(|name| {
        event
            .templates
            .as_ref()?
            .0
            .as_array()?
            .iter()
            .find_map(|t| {
                let html = t.get("template")?.as_str()?;
                (t.get("name")?.as_str()? == name).then(|| visible_text(html))
            })
    });
    Ok(tribune_pdf::TicketDocument {
        club: event.club,
        event_title: event.title,
        when: tribune_domain::danish::buyer_time(event.start_date, chrono::Utc::now()),
        location: some_text(&event.location),
        product: ticket.product_title.clone(),
        holder: some_text(&ticket.name),
        company: some_text(&ticket.company_name),
        number: ticket.number,
        code: ticket.code.clone(),
        section: some_text(&ticket.section),
        row: some_text(&ticket.row),
        seat_number: some_text(&ticket.seat_number),
        template: template.filter(|t| !t.trim().is_empty()),
        logo: stored_image(&state.storage, event.logo_key).await,
        picture: stored_image(&state.storage, event.picture_key).await,
        order_number,
    })
}

/// The tickets of an order that admit someone, as one PDF for its confirmation mail (a ticket to
/// a page); None when it has none, or more than one PDF holds (the mail links to them instead).
pub async fn order_pdf(
    state: &AppState,
    client_id: uuid::Uuid,
    order_id: uuid::Uuid,
) -> Result<Option<Vec<u8>>, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let tickets =
        tribune_projections::ticket::queries::of_order(&mut tx, client_id, order_id).await?;
    tx.commit().await?;
    let tickets: Vec<TicketRow> = tickets
        .into_iter()
        .filter(|t| t.status != "voided")
        .collect();
    if tickets.is_empty() || tickets.len() > tribune_pdf::MAX_TICKETS_PER_PDF {
        return Ok(None);
    }
    let mut documents = Vec::with_capacity(tickets.len());
    for ticket in &tickets {
        documents.push(document(state, ticket).await?);
    }
    let bytes = tokio::task::spawn_blocking(move || tribune_pdf::tickets_pdf(&documents))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Some(bytes))
}
