//! Demo FC's sold tickets (issue 15): contacts of the club book match tickets — and on the
//! stadium two seats each (issue 16) — for the match that
//! was played and for the promoted coming one through the public booking itself (`book_in`, as
//! if it were a few days before the match for the played one), and pay at the desk: staff mark
//! the orders paid and confirm them as a card payment would (places kept, tickets issued, the
//! confirmation queued). Runs once.

use chrono::{DateTime, Duration, Utc};
use tribune_domain::order::PaymentStatus;
use uuid::Uuid;

use crate::booking::book::book_in_at;
use crate::booking::dto::{BookingInput, BookingLineInput};
use crate::kit::actor::Actor;
use crate::session::Caller;
use crate::state::AppState;

fn fail(what: &'static str) -> impl Fn(crate::error::ApiError) -> anyhow::Error {
    move |e| anyhow::anyhow!("demo bookings, {what}: {e:?}")
}

pub async fn seed_demo_bookings(state: &AppState) -> anyhow::Result<()> {
    let pool = &state.pool;
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    // Read in the club's transaction: the app's pool sees a club's rows only there.
    let mut tx = tribune_projections::db::club_tx(pool, club).await?;
    let booked: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sales WHERE client_id = $1 AND channel <> 'shop')",
    )
    .bind(club)
    .fetch_one(&mut *tx)
    .await?;
    if booked {
        return Ok(());
    }
    // The played match and the promoted coming one, with their match ticket.
    let events: Vec<(Uuid, DateTime<Utc>, Uuid, Option<Uuid>)> = sqlx::query_as(
        "SELECT e.id, e.start_date, ep.id, \
           (SELECT s.id FROM event_products s WHERE s.event_id = e.id AND s.title = 'Pladsbillet Tribune' AND e.has_seating) \
         FROM club_events e \
         JOIN event_products ep ON ep.event_id = e.id AND ep.title = 'Kampbillet' \
         WHERE e.client_id = $1 AND (e.start_date < now() OR e.promote) ORDER BY e.start_date",
    )
    .bind(club)
    .fetch_all(&mut *tx)
    .await?;
    let buyers: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT firstname, lastname, email, coalesce(nullif(mobile, ''), phone, '') FROM contacts \
         WHERE client_id = $1 AND coalesce(email, '') <> '' ORDER BY lastname, firstname LIMIT 8",
    )
    .bind(club)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let (staff_id, staff_name): (Uuid, String) = sqlx::query_as(
        "SELECT id, firstname || ' ' || lastname FROM users WHERE email = 'staff@tribune.test'",
    )
    .fetch_one(pool)
    .await?;
    let staff = Actor::user(club, staff_id, &staff_name);
    for (event, start, ticket, seat_ticket) in events {
        // While its sign-up was open: a played match is booked as if three days before it.
        let now = if start < Utc::now() {
            start - Duration::days(3)
        } else {
            Utc::now()
        };
        for (i, (firstname, lastname, email, phone)) in buyers.iter().enumerate() {
            let mut products = vec![BookingLineInput {
                product_id: Some(ticket),
                amount: 1 + (i as i64 % 3),
                ..BookingLineInput::default()
            }];
            // On the stadium: two seats side by side in Syd, held as the picker holds them.
            if let Some(seat_ticket) = seat_ticket {
                let seats = [format!("S{}-10", 6 + i), format!("S{}-11", 6 + i)];
                let mut tx = tribune_projections::db::club_tx(pool, club).await?;
                let token = crate::seats::holds::new_token(&mut tx, club, now, None).await?;
                crate::seats::holds::hold_seats(
                    &mut tx,
                    club,
                    event,
                    &token.hold_token,
                    &seats,
                    &[],
                    now,
                )
                .await
                .map_err(fail("hold seats"))?;
                tx.commit().await?;
                products.extend(seats.iter().map(|seat| BookingLineInput {
                    product_id: Some(seat_ticket),
                    amount: 1,
                    seat: Some(seat.clone()),
                    hold_token: Some(token.hold_token.clone()),
                    ..BookingLineInput::default()
                }));
            }
            let input = BookingInput {
                event_id: Some(event),
                products,
                firstname: firstname.clone(),
                lastname: lastname.clone(),
                email: email.clone(),
                phone: if phone.is_empty() {
                    "12345678".into()
                } else {
                    phone.clone()
                },
                accept_terms: true,
                ..BookingInput::default()
            };
            let booked = book_in_at(
                state,
                club,
                &Caller(None),
                "127.0.0.1",
                &format!("demo-{event}-{i}"),
                &input,
                now,
            )
            .await
            .map_err(fail("book"))?;
            // Paid at the desk.
            let mut tx = tribune_projections::db::club_tx(pool, club).await?;
            crate::orders::OrderService::of(state)
                .set_payment_status_in(&mut tx, &staff, booked.order_id, PaymentStatus::Paid)
                .await
                .map_err(fail("paid"))?;
            let sale = crate::sales::process::of(&mut tx, booked.order_id)
                .await?
                .and_then(|sale| sale.hold_id)
                .ok_or_else(|| anyhow::anyhow!("demo bookings: the booking is gone"))?;
            crate::kit::capacity::keep(&mut tx, sale).await?;
            crate::sales::service::SaleService::of(state)
                .confirm_in(
                    &mut tx,
                    &staff,
                    booked.order_id,
                    &crate::sales::channel::PaidWith::Nothing,
                )
                .await
                .map_err(fail("confirm"))?;
            tx.commit().await?;
        }
    }
    Ok(())
}
