//! An event on sale for the rush: the bench (`benches/rush.rs`) and the cluster's tests
//! (`tests/cluster.rs`) sell it, each including this file by its path.

use sqlx::PgPool;
use uuid::Uuid;

/// The demo's club 'Demo FC', its cards taken in the payment window (the stand-in: a signed
/// form, no network), so every booking makes its order, holds its places and starts a payment.
pub async fn window_club(owner: &PgPool) -> Uuid {
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(owner)
        .await
        .expect("Demo FC");
    sqlx::query(
        "UPDATE client_modules cm SET features = '{\"payments\": {\"provider\": \"window\"}}' \
         FROM modules m WHERE m.id = cm.module_id AND m.alias = 'orders' AND cm.client_id = $1",
    )
    .bind(club)
    .execute(owner)
    .await
    .expect("window payments");
    club
}

/// An event on sale now with PLACES places and one public ticket product at 250 kr., written
/// straight into the read tables as the owner: (event, ticket product).
pub async fn sale(owner: &PgPool, club: Uuid, title: &str, places: i64) -> (Uuid, Uuid) {
    let places = i32::try_from(places).unwrap_or(i32::MAX);
    let event: Uuid = sqlx::query_scalar(
        "INSERT INTO club_events (client_id, title, url, start_date, end_date, sign_up_start, sign_up_deadline, max_signups, has_tickets) \
         VALUES ($1, $2, lower(replace($2, ' ', '-')), now() + interval '10 days', now() + interval '10 days 2 hours', \
                 now() - interval '1 day', now() + interval '9 days', $3, true) RETURNING id",
    )
    .bind(club)
    .bind(title)
    .bind(places)
    .fetch_one(owner)
    .await
    .expect("event");
    let product: Uuid = sqlx::query_scalar(
        "INSERT INTO products (client_id, title, type, price) VALUES ($1, $2, 'ticket', 25000) RETURNING id",
    )
    .bind(club)
    .bind(title)
    .fetch_one(owner)
    .await
    .expect("product");
    let ticket: Uuid = sqlx::query_scalar(
        "INSERT INTO event_products (client_id, event_id, product_id, title, price, public) \
         VALUES ($1, $2, $3, $4, 25000, true) RETURNING id",
    )
    .bind(club)
    .bind(event)
    .bind(product)
    .bind(title)
    .fetch_one(owner)
    .await
    .expect("ticket");
    (event, ticket)
}
