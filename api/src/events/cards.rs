//! The public home's event cards (spec 2 §2 Public event card grid, §9: 2 promoted and 12
//! upcoming): the club's coming main events (sub-events show on their page) that are not private,
//! soonest first, and their banners, which a visitor without a session may see.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use sqlx::PgPool;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::EventCard;
use super::MODULE;
use crate::club::current_club;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::modules;
use crate::kit::files::public_picture;
use crate::kit::ids::parse_id;
use crate::kit::reads::Reads;
use crate::session::Caller;
use crate::state::AppState;

/// A card's description: at most this many characters of plain text.
const EXCERPT_CHARS: usize = 200;
const DEFAULT_CARDS: i64 = 12;
const MAX_CARDS: i64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CardsQuery {
    /// `true` (or `1`): promoted events only.
    pub promoted: Option<String>,
    /// How many cards (default 12, at most 100).
    pub limit: Option<u32>,
}

impl CardsQuery {
    /// Whether the cards are asked for (the staff's GET /api/events otherwise lists events).
    pub fn asks_for_cards(&self) -> bool {
        self.promoted.is_some() || self.limit.is_some()
    }

    fn promoted_only(&self) -> bool {
        matches!(self.promoted.as_deref().map(str::trim), Some("1" | "true"))
    }

    fn limit(&self) -> i64 {
        self.limit
            .map_or(DEFAULT_CARDS, i64::from)
            .clamp(1, MAX_CARDS)
    }
}

/// Where a visitor sees an event's banner.
fn picture_url(file: Uuid) -> String {
    format!("/public/events/pictures/{file}")
}

/// The cards of a club; none while its events module is off.
pub async fn cards_of(
    pool: &PgPool,
    client_id: Uuid,
    query: &CardsQuery,
) -> Result<Vec<EventCard>, ApiError> {
    if !modules::client_has(pool, client_id, MODULE).await? {
        return Ok(Vec::new());
    }
    type Row = (
        Uuid,
        String,
        Option<String>,
        Option<String>,
        DateTime<Utc>,
        Option<Uuid>,
        String,
        bool,
    );
    let mut tx = club_tx(pool, client_id).await?;
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, title, description, location, start_date, banner_picture, url, \
           cancelled_at IS NOT NULL FROM club_events \
         WHERE client_id = $1 AND parent_id IS NULL AND NOT private AND end_date >= now() AND (NOT $2 OR promote) \
         ORDER BY start_date, id LIMIT $3",
    )
    .bind(client_id)
    .bind(query.promoted_only())
    .bind(query.limit())
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, title, description, location, start_date, banner, url, cancelled)| EventCard {
                id,
                title,
                description: description
                    .as_deref()
                    .and_then(|html| excerpt(html, EXCERPT_CHARS)),
                location,
                start_date,
                banner: banner.map(picture_url),
                url,
                cancelled,
            },
        )
        .collect())
}

#[utoipa::path(get, path = "/public/events", tag = "public",
    params(CardsQuery),
    responses((status = 200, body = Envelope<Vec<EventCard>>, description = "the visitor's club's coming events that are not private, soonest first; none when the club has no events module")))]
pub async fn list_event_cards(
    req: HttpRequest,
    caller: Caller,
    query: web::Query<CardsQuery>,
    state: web::Data<AppState>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let cards = match current_club(&state, &req, &caller).await? {
        Some(client_id) => cards_of(reads.pool(), client_id, &query).await?,
        None => Vec::new(),
    };
    Ok(envelope::result(cards))
}

#[utoipa::path(get, path = "/public/events/pictures/{id}", tag = "public",
    params(("id" = String, Path, description = "the banner's file id")),
    responses((status = 200, content_type = "image/*", body = Vec<u8>, description = "the image"), (status = 404, description = "not a banner of an event of the visitor's club, nor the logo of a sponsor of one")))]
pub async fn event_picture(
    req: HttpRequest,
    caller: Caller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client_id = current_club(&state, &req, &caller)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let is_banner: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM club_events WHERE client_id = $1 AND (banner_picture = $2 OR banner_bottom = $2)) \
           OR EXISTS (SELECT 1 FROM club_events e \
             CROSS JOIN LATERAL jsonb_array_elements(e.sponsors) s \
             CROSS JOIN LATERAL jsonb_array_elements_text(s->'companyIds') cid \
             JOIN companies c ON c.id::text = cid \
             WHERE e.client_id = $1 AND e.has_sponsors AND NOT e.private AND c.logo_web = $2)",
    )
    .bind(client_id)
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let picture = public_picture(&mut tx, &state.storage, client_id, id, is_banner).await;
    tx.commit().await?;
    picture
}

/// The plain text of sanitised rich text, cut at a word to at most `max` characters (with '…'
/// where it was cut); none when there is no text.
pub fn excerpt(html: &str, max: usize) -> Option<String> {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            // A tag parts words, so two paragraphs do not run together.
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return None;
    }
    if text.chars().count() <= max {
        return Some(text);
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    Some(format!("{}…", cut.trim_end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_the_plain_text_cut_at_a_word() {
        assert_eq!(
            excerpt(
                "<h1>Kamp</h1><p>Mod <strong>AGF</strong> &amp; venner</p>",
                200
            )
            .as_deref(),
            Some("Kamp Mod AGF & venner")
        );
        assert_eq!(excerpt("<p><br></p>", 200), None);
        let long = format!("<p>{}</p>", "ord ".repeat(100));
        let cut = excerpt(&long, 200).unwrap_or_default();
        assert!(cut.chars().count() <= 200, "{cut}");
        assert!(cut.ends_with("ord…"), "{cut}");
    }
}
