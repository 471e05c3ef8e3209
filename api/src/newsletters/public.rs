//! Unsubscribing (beyond the spec, as the law and every recipient expect): each newsletter mail
//! links to the unsubscribe page (`/newsletter/unsubscribe/{token}` in the webapp), which reads
//! what it unsubscribes with GET and unsubscribes with POST; a mail program's one-click
//! unsubscribe (RFC 8058, the List-Unsubscribe header) posts to the same address. The contact
//! is marked (`no_newsletters`): later sends of any of the club's newsletters pass it over.
//! Invitations to events are not newsletters and are left as they were.

use actix_web::{web, HttpResponse};
use tribune_projections::db::system_tx;
use uuid::Uuid;

use super::dto::Unsubscription;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::state::AppState;

/// A token as it comes in a link: 64 hexadecimal digits.
fn token_of(raw: &str) -> Option<&str> {
    let token = raw.trim();
    (token.len() == 64 && token.chars().all(|c| c.is_ascii_hexdigit())).then_some(token)
}

/// 'anna@example.dk' → 'a***@example.dk': the page shows whose it is without showing it whole
/// to whoever holds the link.
fn hidden(email: &str) -> String {
    match email.trim().split_once('@') {
        Some((name, domain)) => {
            let first: String = name.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => String::new(),
    }
}

#[derive(sqlx::FromRow)]
struct Found {
    recipient_id: Uuid,
    contact_id: Uuid,
    client_id: Uuid,
    club: String,
    newsletter: String,
    email: String,
    no_newsletters: bool,
}

const GONE: &str = "Linket findes ikke længere.";

async fn find(conn: &mut sqlx::PgConnection, raw: &str) -> Result<Found, ApiError> {
    let token = token_of(raw).ok_or_else(|| ApiError::field("token", GONE))?;
    sqlx::query_as(
        "SELECT r.id AS recipient_id, c.id AS contact_id, r.client_id, cl.name AS club, n.title AS newsletter, \
           c.email, c.no_newsletters \
         FROM newsletter_recipients r JOIN contacts c ON c.id = r.contact_id \
         JOIN newsletters n ON n.id = r.newsletter_id JOIN clients cl ON cl.id = r.client_id \
         WHERE r.token = $1",
    )
    .bind(token)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

fn answer(found: &Found, unsubscribed: bool) -> Unsubscription {
    Unsubscription {
        club: found.club.clone(),
        newsletter: found.newsletter.clone(),
        email: hidden(&found.email),
        unsubscribed,
    }
}

#[utoipa::path(get, path = "/public/newsletters/unsubscribe/{token}", tag = "newsletters", params(("token" = String, Path)),
    responses((status = 200, description = "what the link unsubscribes, and whether it has", body = Envelope<Unsubscription>),
              (status = 404, description = "no recipient has the token (the newsletter or the recipient was deleted)"), (status = 422)))]
pub async fn unsubscription(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let found = find(&mut tx, &path).await?;
    tx.commit().await?;
    Ok(envelope::result(answer(&found, found.no_newsletters)))
}

#[utoipa::path(post, path = "/public/newsletters/unsubscribe/{token}", tag = "newsletters", params(("token" = String, Path)),
    request_body(content = String, description = "anything (a mail program's one-click sends 'List-Unsubscribe=One-Click')"),
    responses((status = 200, description = "the contact gets no more of the club's newsletters (again: the same)", body = Envelope<Unsubscription>),
              (status = 404), (status = 422)))]
pub async fn unsubscribe(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let found = find(&mut tx, &path).await?;
    sqlx::query(
        "UPDATE contacts SET no_newsletters = true, updated_at = now(), version = version + 1 \
         WHERE client_id = $1 AND id = $2 AND NOT no_newsletters",
    )
    .bind(found.client_id)
    .bind(found.contact_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE newsletter_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE id = $1",
    )
    .bind(found.recipient_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(client = %found.client_id, contact = %found.contact_id, "unsubscribed from newsletters");
    Ok(envelope::result(answer(&found, true)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_64_hexadecimal_digits() {
        let token = "a".repeat(64);
        assert_eq!(token_of(&format!(" {token} ")), Some(token.as_str()));
        assert_eq!(token_of(&"a".repeat(63)), None);
        assert_eq!(token_of(&"g".repeat(64)), None);
        assert_eq!(token_of("../../etc"), None);
    }

    #[test]
    fn the_page_shows_the_address_partly_hidden() {
        assert_eq!(hidden("anna@example.dk"), "a***@example.dk");
        assert_eq!(hidden(""), "");
    }
}
