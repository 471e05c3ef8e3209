//! The invite's public link (spec 2 §2 Invitations tab: /public/events/invite/{token}): it
//! opens the event's booking for the invitee, in the invite's club, and the booking wizard reads
//! what the invite gives. A deleted invite's link still finds its event, whose page then says the
//! invite was deleted.

use actix_web::{web, HttpResponse};
use tribune_projections::db::system_tx;
use tribune_projections::invite::queries::{self as invites, InviteRow};
use uuid::Uuid;

use super::dto::{InviteGone, PublicInvite, PublicInviteProduct};
use super::service::event_products;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::capacity::{self, keys};
use crate::session::club_cookie;
use crate::state::AppState;

/// The answer for an unknown or deleted invite.
pub const INVITE_GONE: &str = "Invitationen findes ikke eller er slettet.";

/// A token as typed into a link: letters and digits, not too long.
fn token_of(raw: &str) -> Option<&str> {
    let token = raw.trim();
    (!token.is_empty() && token.len() <= 64 && token.chars().all(|c| c.is_ascii_alphanumeric()))
        .then_some(token)
}

async fn find(state: &AppState, raw: &str) -> Result<Option<(InviteRow, String)>, ApiError> {
    let Some(token) = token_of(raw) else {
        return Ok(None);
    };
    let mut tx = system_tx(&state.pool).await?;
    let Some(invite) = invites::by_token(&mut tx, token).await? else {
        return Ok(None);
    };
    let url: Option<String> =
        sqlx::query_scalar("SELECT url FROM club_events WHERE client_id = $1 AND id = $2")
            .bind(invite.client_id)
            .bind(invite.event_id)
            .fetch_optional(&mut *tx)
            .await?;
    tx.commit().await?;
    Ok(url.map(|url| (invite, url)))
}

#[utoipa::path(get, path = "/public/events/invite/{token}", tag = "booking", params(("token" = String, Path)),
    responses((status = 303, description = "to the event's page with ?invite=, in the invite's club"),
              (status = 303, description = "to /events when the link names nothing")))]
pub async fn open_invite(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Some((invite, url)) = find(&state, &path).await? else {
        return Ok(HttpResponse::SeeOther()
            .insert_header(("Location", "/events"))
            .finish());
    };
    let to = format!(
        "/events/{}?invite={}",
        form_urlencoded::byte_serialize(url.as_bytes()).collect::<String>(),
        invite.token
    );
    Ok(HttpResponse::SeeOther()
        .cookie(club_cookie(invite.client_id, state.settings.secure_cookies))
        .insert_header(("Location", to))
        .finish())
}

/// How many of each free product the invite has left: its amount less what bookings through it
/// took (the invite's counters, `capacity::keys::invite`).
pub async fn left_of(
    conn: &mut sqlx::PgConnection,
    invite: &InviteRow,
) -> Result<Vec<(Uuid, i32, i32)>, sqlx::Error> {
    let mut all = Vec::new();
    for product in invite.products.iter().filter(|p| p.amount > 0) {
        let taken = capacity::taken(conn, &keys::invite(invite.id, product.product_id)).await?;
        all.push((
            product.product_id,
            product.amount,
            (product.amount - taken).max(0),
        ));
    }
    Ok(all)
}

#[utoipa::path(get, path = "/public/events/invites/{token}", tag = "booking", params(("token" = String, Path)),
    responses((status = 200, body = Envelope<PublicInvite>, description = "what the booking wizard shows of the invite"),
              (status = 404, body = InviteGone, description = "'Invitationen findes ikke eller er slettet.'")))]
pub async fn get_public_invite(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let gone = || {
        HttpResponse::NotFound().json(InviteGone {
            success: false,
            error: INVITE_GONE.to_string(),
        })
    };
    let Some((invite, url)) = find(&state, &path).await? else {
        return Ok(gone());
    };
    if invite.deleted_at.is_some() {
        return Ok(gone());
    }
    let mut tx = system_tx(&state.pool).await?;
    let titles = event_products(&mut tx, invite.client_id, invite.event_id).await?;
    let title: String = sqlx::query_scalar("SELECT title FROM club_events WHERE id = $1")
        .bind(invite.event_id)
        .fetch_one(&mut *tx)
        .await?;
    let left = left_of(&mut tx, &invite).await?;
    tx.commit().await?;
    let products: Vec<PublicInviteProduct> = left
        .into_iter()
        .map(|(product_id, amount, left)| PublicInviteProduct {
            product_id,
            title: titles.get(&product_id).cloned().unwrap_or_default(),
            amount,
            left,
        })
        .collect();
    Ok(envelope::result(PublicInvite {
        event_id: invite.event_id,
        event_url: url,
        event_title: title,
        firstname: invite.firstname,
        lastname: invite.lastname,
        email: invite.email,
        phone: invite.phone,
        company_id: invite.company_id,
        company_name: invite.company_name,
        used_up: !products.is_empty() && products.iter().all(|p| p.left == 0),
        products,
    }))
}
