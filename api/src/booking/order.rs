//! The booked order as its buyer sees it (spec 2 §2 Order confirmation page, §4 Public order
//! status, §7 `GET {ep}/{id}/order/{orderId}`, `GET {ep}/tickets/{orderId}`,
//! `GET {ep}/ticket/{ticketId}`; issue 15): opened with the token `book` handed out (the order's
//! payment link), paid again after a declined card, settled when the buyer comes back from the
//! provider, and its tickets as PDFs.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderStatus, PaymentStatus};
use tribune_projections::db::{club_tx, system_tx};
use tribune_projections::ticket::queries::{self as tickets, TicketRow};
use uuid::Uuid;

use super::book::{start_request, Booked};
use super::dto::{
    PublicOrder, PublicOrderLine, PublicOrderPayment, PublicOrderStatus, PublicTicket,
};
use crate::envelope::{self, Envelope, EnvelopeWithData};
use crate::error::ApiError;
use crate::integrations::payments::PaymentStart;
use crate::kit::capacity;
use crate::kit::ids::parse_id;
use crate::kit::pdf::pdf_response;
use crate::orders::OrderService;
use crate::payments::ledger::{self as payments, LinkQuery, Purpose};
use crate::sales::plan::SOLD_OUT;
use crate::sales::process::{self, SaleRow};
use crate::sales::service::SaleService;
use crate::state::AppState;

/// Where a ticket's PDF is.
pub fn ticket_url(code: &str) -> String {
    format!("/public/events/ticket/{code}")
}

fn public_ticket(row: &TicketRow) -> PublicTicket {
    PublicTicket {
        ticket_id: row.code.clone(),
        number: row.number,
        product: row.product_title.clone(),
        name: row.name.clone(),
        section: row.section.clone(),
        row: row.row.clone(),
        seat_number: row.seat_number.clone(),
        download: ticket_url(&row.code),
    }
}

/// The order of a booking link: (club, order, booking). Another event's order, or a wrong
/// token, is refused.
async fn opened(
    state: &AppState,
    order_path: &str,
    token: &str,
) -> Result<(Uuid, Order, SaleRow), ApiError> {
    let order_id = parse_id(order_path)?;
    let client_id = payments::open_link(&state.pool, Purpose::Order, order_id, token).await?;
    let (order, _) = OrderService::of(state).load(client_id, order_id).await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let booking = process::of(&mut tx, order_id)
        .await?
        .filter(|sale| sale.event_id.is_some())
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    Ok((client_id, order, booking))
}

fn status_of(order: &Order, booking: &SaleRow) -> PublicOrderStatus {
    match order.status {
        OrderStatus::Cancelled => PublicOrderStatus::Cancelled,
        _ if booking.status == "cancelled" => PublicOrderStatus::Cancelled,
        OrderStatus::Approved if booking.status == "confirmed" => PublicOrderStatus::Approved,
        _ => PublicOrderStatus::Draft,
    }
}

async fn answer(
    state: &AppState,
    client_id: Uuid,
    order: &Order,
    booking: &SaleRow,
) -> Result<(PublicOrder, PublicOrderPayment), ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let status = status_of(order, booking);
    let tickets = if status == PublicOrderStatus::Approved {
        tickets::of_order(&mut tx, client_id, booking.order_id)
            .await?
            .iter()
            .filter(|t| t.status != "voided")
            .map(public_ticket)
            .collect()
    } else {
        Vec::new()
    };
    let provider = payments::club_provider_kind(&mut tx, client_id).await?;
    let last = payments::latest_for(&mut tx, booking.order_id).await?;
    let expires = match booking.hold_id {
        Some(hold) => capacity::live(&mut tx, hold).await?.flatten(),
        None => None,
    };
    let account_created = process::account_requested(&mut tx, booking.order_id).await?;
    tx.commit().await?;
    let totals = order.totals();
    let customer = &order.content.customer;
    let payable = status == PublicOrderStatus::Draft
        && provider.is_some()
        && totals.total > Money::ZERO
        && matches!(
            order.payment_status,
            PaymentStatus::Pending | PaymentStatus::Cancelled
        );
    Ok((
        PublicOrder {
            id: booking.order_id,
            order_number: order.number,
            status,
            // As the booking showed it: prices include VAT, and Subtotal + Moms = Total.
            subtotal: totals.total - totals.vat,
            vat: totals.vat,
            total: totals.total,
            firstname: customer.firstname.clone(),
            lastname: customer.lastname.clone(),
            email: customer.email.clone(),
            phone: customer.phone.clone(),
            order_lines: order
                .content
                .lines
                .iter()
                .map(|line| PublicOrderLine {
                    id: line.id,
                    title: line.title.clone(),
                    amount: line.amount,
                    price: line.price,
                    total: tribune_domain::selling::totals::line_amounts(line).total,
                    options: line.options.iter().map(|o| o.title.clone()).collect(),
                    extra_info: line.extra_info.clone(),
                })
                .collect(),
            tickets,
            account_created,
        },
        PublicOrderPayment {
            provider,
            payable,
            last_error: last
                .filter(|row| row.status == "failed")
                .and_then(|row| row.error),
            expires,
        },
    ))
}

/// `{id}/order/{orderId}`: the event's id and the order's.
type OrderPath = web::Path<(String, String)>;

#[utoipa::path(get, path = "/public/events/{id}/order/{orderId}", tag = "booking", params(
        ("id" = String, Path, description = "the event's id"),
        ("orderId" = String, Path, description = "the order's id"), LinkQuery),
    responses((status = 200, description = "the order, and how it is paid", body = EnvelopeWithData<PublicOrder, PublicOrderPayment>),
              (status = 403, description = "not this order's token"), (status = 404)))]
pub async fn booked_order(
    path: OrderPath,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (event_path, order_path) = path.into_inner();
    let (client_id, order, booking) = opened(&state, &order_path, &query.token).await?;
    if Some(parse_id(&event_path)?) != booking.event_id {
        return Err(ApiError::NotFound);
    }
    let (order, payment) = answer(&state, client_id, &order, &booking).await?;
    Ok(envelope::result_with_data(order, payment))
}

/// Pays a draft booking again (a declined card): its places are held anew for the payment —
/// when they are gone the order is cancelled and the answer says so.
#[utoipa::path(post, path = "/public/events/{id}/order/{orderId}/pay", tag = "booking", params(
        ("id" = String, Path, description = "the event's id"),
        ("orderId" = String, Path, description = "the order's id"), LinkQuery),
    responses((status = 200, description = "how the payment goes on", body = Envelope<PaymentStart>),
              (status = 403), (status = 404),
              (status = 422, description = "nothing to pay, or the places are gone (the order is then cancelled)")))]
pub async fn pay_order(
    path: OrderPath,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (event_path, order_path) = path.into_inner();
    let (client_id, order, booking) = opened(&state, &order_path, &query.token).await?;
    if Some(parse_id(&event_path)?) != booking.event_id {
        return Err(ApiError::NotFound);
    }
    let (_, payment) = answer(&state, client_id, &order, &booking).await?;
    if !payment.payable {
        return Err(ApiError::invalid(match status_of(&order, &booking) {
            PublicOrderStatus::Approved => "Ordren er allerede betalt.",
            PublicOrderStatus::Cancelled => SOLD_OUT,
            PublicOrderStatus::Draft if payment.provider.is_none() => {
                "Kortbetaling er ikke sat op for klubben."
            }
            PublicOrderStatus::Draft => "Der er intet at betale.",
        }));
    }
    let sales = SaleService::of(&state);
    let Some(expires) = sales.renew_hold(client_id, booking.order_id).await? else {
        sales.give_up(client_id, booking.order_id).await?;
        return Err(ApiError::invalid(SOLD_OUT));
    };
    let event_url: String = {
        let mut tx = club_tx(&state.pool, client_id).await?;
        let url = sqlx::query_scalar("SELECT url FROM club_events WHERE id = $1")
            .bind(booking.event_id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        url
    };
    let booked = Booked {
        order_id: booking.order_id,
        token: query.token.clone(),
        total: order.totals().total,
        expires: Some(expires),
        event_url,
        fresh: false,
        payment: None,
    };
    let started = payments::start(&state, client_id, start_request(&state, &booked)).await?;
    Ok(envelope::result(started))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptPayment {
    /// The Stripe PaymentIntent the buyer comes back with (`payment_intent` of the return).
    #[serde(default)]
    pub reference: Option<String>,
}

/// The accept-payment return: the payment is read from the provider and settled (a webhook may
/// have done so already), then the order answers as it stands. The window's payments settle by
/// its callback only.
#[utoipa::path(post, path = "/public/events/{id}/order/{orderId}/accept-payment", tag = "booking", params(
        ("id" = String, Path, description = "the event's id"),
        ("orderId" = String, Path, description = "the order's id"), LinkQuery),
    request_body = AcceptPayment,
    responses((status = 200, description = "the order, and how it is paid", body = EnvelopeWithData<PublicOrder, PublicOrderPayment>),
              (status = 403), (status = 404), (status = 503)))]
pub async fn accept_payment(
    path: OrderPath,
    query: web::Query<LinkQuery>,
    body: Option<web::Json<AcceptPayment>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (event_path, order_path) = path.into_inner();
    let (client_id, _, booking) = opened(&state, &order_path, &query.token).await?;
    if Some(parse_id(&event_path)?) != booking.event_id {
        return Err(ApiError::NotFound);
    }
    let reference = body.and_then(|b| b.into_inner().reference);
    payments::settle_from_provider(&state, client_id, booking.order_id, reference.as_deref())
        .await?;
    let (order, _) = OrderService::of(&state)
        .load(client_id, booking.order_id)
        .await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let booking = process::of(&mut tx, booking.order_id)
        .await?
        .filter(|sale| sale.event_id.is_some())
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    let (order, payment) = answer(&state, client_id, &order, &booking).await?;
    Ok(envelope::result_with_data(order, payment))
}

/// The tickets of a booked order, once confirmed.
#[utoipa::path(get, path = "/public/events/tickets/{orderId}", tag = "booking", params(
        ("orderId" = String, Path, description = "the order's id"), LinkQuery),
    responses((status = 200, body = Envelope<Vec<PublicTicket>>), (status = 403), (status = 404)))]
pub async fn booked_tickets(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (client_id, order, booking) = opened(&state, &path, &query.token).await?;
    let (order, _) = answer(&state, client_id, &order, &booking).await?;
    Ok(envelope::result(order.tickets))
}

/// A ticket as a PDF, found by its code alone (the code is the secret: 128 random bits). A voided
/// ticket is not found.
#[utoipa::path(get, path = "/public/events/ticket/{ticketId}", tag = "booking", params(
        ("ticketId" = String, Path, description = "the ticket's code")),
    responses((status = 200, description = "the ticket", content_type = "application/pdf", body = Vec<u8>), (status = 404)))]
pub async fn ticket_pdf(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let code = path.into_inner();
    if code.len() != crate::tickets::service::CODE_LENGTH {
        return Err(ApiError::NotFound);
    }
    let mut tx = system_tx(&state.pool).await?;
    let ticket = tickets::by_code(&mut tx, &code.to_ascii_uppercase())
        .await?
        .filter(|t| t.status != "voided")
        .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    let document = super::ticket_pdf::document(&state, &ticket).await?;
    let bytes = tokio::task::spawn_blocking(move || tribune_pdf::ticket_pdf(&document))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(pdf_response(
        &format!("billet-{}.pdf", ticket.number),
        bytes,
    ))
}
