//! The confirmation mail of a confirmed sale, as its channel's rules choose it
//! (`Rules::confirmation`), queued in the confirmation's transaction; sending it again (the
//! buyer asks from their profile) is queueing it anew. Nothing when the order has no e-mail (a
//! sale at the desk may have none).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tribune_domain::order::Order;

use super::channel::Confirmation;
use super::process::SaleRow;
use crate::error::ApiError;
use crate::integrations::sms::{normalised_number, sender_name, Sms};
use crate::invites::send::event_for_mail;
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::mail::orders::{self as order_mails, OrderMail, OrderMailSettings};
use crate::payments::ledger::{self as payments, Purpose};
use crate::state::AppState;

/// A confirmation composed: the mail, how many live tickets to enclose, the events to put in
/// the calendar.
type Composed = (OrderMail, usize, Vec<uuid::Uuid>);

pub async fn queue(
    state: &AppState,
    conn: &mut PgConnection,
    actor: &Actor,
    kind: Confirmation,
    sale: &SaleRow,
    order: &Order,
) -> Result<(), ApiError> {
    if order.content.customer.email.is_empty() {
        return Ok(());
    }
    let club = OrderMailSettings::load(conn, sale.client_id).await?;
    let (mut mail, tickets, event_ids) = match (kind, sale.event_id) {
        (Confirmation::EventBooking, Some(event_id)) => {
            event_booking(state, conn, sale, event_id, order, &club).await?
        }
        _ => shop_order(conn, sale, order, &club).await?,
    };
    // The tickets as one PDF (or, over 20, the links alone) and a calendar file per event.
    let (client_id, order_id) = (sale.client_id, sale.order_id);
    let events =
        order_mails::calendar_events(conn, client_id, order_id, order.number, &club, &event_ids)
            .await?;
    order_mails::enclose(
        &mut mail.mail,
        order.number,
        &order_mails::Enclosed {
            client_id,
            order_id,
            tickets,
            events: &events,
        },
    );
    enqueue(
        conn,
        NewJob {
            client_id: Some(sale.client_id),
            description: mail.description,
            method: JobMethod::SendMail(mail.mail),
            collection: Some("orders".into()),
            relation_id: Some(sale.order_id.to_string()),
            created_by: actor.user_id,
        },
    )
    .await?;
    Ok(())
}

/// An event's booking: the order, the event, a link per ticket.
async fn event_booking(
    state: &AppState,
    conn: &mut PgConnection,
    sale: &SaleRow,
    event_id: uuid::Uuid,
    order: &Order,
    club: &OrderMailSettings,
) -> Result<Composed, ApiError> {
    let (client_id, order_id) = (sale.client_id, sale.order_id);
    let tickets = tribune_projections::ticket::queries::of_order(conn, client_id, order_id).await?;
    let (event_title, event_url, start): (String, String, DateTime<Utc>) =
        sqlx::query_as("SELECT title, url, start_date FROM club_events WHERE id = $1")
            .bind(event_id)
            .fetch_one(&mut *conn)
            .await?;
    let base = state.settings.public_url.trim_end_matches('/');
    let token = payments::issue_link(conn, client_id, Purpose::Order, order_id).await?;
    // Through the club's door: a browser that never chose the club opens it too.
    let confirmation = format!(
        "{base}/public/app/change-client/{client_id}?to={}",
        form_urlencoded::byte_serialize(
            format!("/events/{event_url}/{order_id}?token={token}").as_bytes()
        )
        .collect::<String>()
    );
    // The receipt the event chose (spec 2 §3 notifications `receipt`): its template opens the
    // mail, and with an SMS template chosen an SMS goes too.
    let receipt = event_for_mail(conn, client_id, event_id, "receipt").await?;
    let booked = order_mails::BookedEvent {
        title: &event_title,
        start,
        confirmation: &confirmation,
        receipt: receipt.as_ref().and_then(|r| r.mail_template()),
    };
    let mail = order_mails::booking_confirmation(
        order,
        club,
        &booked,
        &tickets
            .iter()
            .map(|t| order_mails::MailedTicket {
                number: t.number,
                product: t.product_title.clone(),
                name: t.name.clone(),
                link: format!("{base}/public/events/ticket/{}", t.code),
            })
            .collect::<Vec<_>>(),
    );
    let number = normalised_number(&order.content.customer.phone);
    if let (Some(template), Some(to)) = (receipt.as_ref().and_then(|r| r.sms()), number) {
        let sms = Sms {
            from: sender_name(&club.club),
            text: order_mails::receipt_sms(order, club, &booked, template),
            to,
        };
        enqueue(
            conn,
            NewJob {
                client_id: Some(client_id),
                description: format!("SMS: kvittering for ordre #{} til {}", order.number, sms.to),
                method: JobMethod::SendSms(sms),
                collection: Some("orders".into()),
                relation_id: Some(order_id.to_string()),
                created_by: None,
            },
        )
        .await?;
    }
    let live = tickets.iter().filter(|t| t.status != "voided").count();
    Ok((mail, live, vec![event_id]))
}

/// A shop order: its lines with their variants and add-ons, the totals, the delivery.
async fn shop_order(
    conn: &mut PgConnection,
    sale: &SaleRow,
    order: &Order,
    club: &OrderMailSettings,
) -> Result<Composed, ApiError> {
    let (client_id, order_id) = (sale.client_id, sale.order_id);
    let mail = order_mails::confirmation(order, club);
    let (tickets, event_ids) = order_mails::tickets_of_order(conn, client_id, order_id).await?;
    Ok((mail, tickets, event_ids))
}
