//! The desk's calls (spec 2 §7 Point of sale): what it sells, the cart priced, a seat given
//! back, a sale cancelled, a sale confirmed; and QZ Tray's certificate and signatures.

use actix_web::{web, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use tribune_domain::order::{DeskPayment, Order};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{
    PosCart, PosLine, PosOrder, PosPrice, PosPricedLine, PosPrint, PosProducts, PosResult,
    PosTicket, PrintKind, Released,
};
use super::print::{self, ClubHeading, TicketEvent};
use super::sale::{self, Priced};
use crate::envelope::{self, Ack, Envelope};
use crate::error::ApiError;
use crate::identity::tokens::random_secret;
use crate::kit::actor::Actor;
use crate::kit::club::take_numbers;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::orders::OrderService;
use crate::sales::channel::PaidWith;
use crate::sales::process;
use crate::sales::service::SaleService;
use crate::session::Staff;
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PosProductsQuery {
    /// The company the desk sells to: its agreements' free tickets and its own limits.
    #[serde(default)]
    pub company_id: Option<Uuid>,
}

/// The products the desk sells at the event: its ticket products (every active one, public or
/// not), then the club's goods; with what is left and, for a company, its free tickets.
#[utoipa::path(get, path = "/api/events/{id}/pos/products", tag = "pos",
    params(("id" = String, Path, description = "the event's id"), PosProductsQuery),
    responses((status = 200, body = Envelope<PosProducts>),
              (status = 422, description = "an unknown company"), (status = 404)))]
pub async fn pos_products(
    staff: Staff,
    path: web::Path<String>,
    query: web::Query<PosProductsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let stock = sale::stock(
        &mut tx,
        staff.client_id,
        event,
        query.company_id,
        Utc::now(),
    )
    .await?;
    let products: PosProducts = stock.products(&mut tx).await?;
    tx.commit().await?;
    Ok(envelope::result(products))
}

/// The cart as it would be sold now: each line, the company's free tickets, subtotal, VAT and
/// total (spec 2 §9). Changes nothing.
#[utoipa::path(post, path = "/api/events/{id}/pos/price", tag = "pos",
    params(("id" = String, Path, description = "the event's id")), request_body = PosCart,
    responses((status = 200, body = Envelope<PosPrice>),
              (status = 422, description = "the lines' errors"), (status = 404)))]
pub async fn pos_price(
    staff: Staff,
    path: web::Path<String>,
    body: Json<PosCart>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let priced = sale::price(&mut tx, staff.client_id, event, &body, Utc::now(), false).await?;
    tx.commit().await?;
    Ok(envelope::result(priced.price))
}

/// Gives back a seat the sale's hold session holds (a seat line taken out of the cart).
#[utoipa::path(post, path = "/api/events/{id}/pos/release-seat", tag = "pos",
    params(("id" = String, Path, description = "the event's id")), request_body = PosLine,
    responses((status = 200, body = Ack),
              (status = 422, description = "the session holds no such seat"), (status = 404)))]
pub async fn pos_release_seat(
    staff: Staff,
    path: web::Path<String>,
    body: Json<PosLine>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let seat = body.seat.as_deref().map(str::trim).unwrap_or_default();
    let token = body
        .hold_token
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    if seat.is_empty() || token.is_empty() {
        return Err(ApiError::field("seat", "Vælg en plads"));
    }
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    crate::kit::club::found_in_club(&mut tx, "club_events", staff.client_id, event).await?;
    if !crate::seats::holds::release_seat(&mut tx, staff.client_id, event, token, seat).await? {
        return Err(ApiError::field(
            "seat",
            "Pladsen er ikke holdt af dette salg",
        ));
    }
    tx.commit().await?;
    Ok(envelope::ok())
}

/// 'Annuller': gives back every seat the cart's hold sessions hold at the event; the desk then
/// clears the cart. Nothing else is taken before a sale is confirmed.
#[utoipa::path(post, path = "/api/events/{id}/pos/cancel-order", tag = "pos",
    params(("id" = String, Path, description = "the event's id")), request_body = PosCart,
    responses((status = 200, description = "how many seats were given back", body = Envelope<Released>),
              (status = 404)))]
pub async fn pos_cancel_order(
    staff: Staff,
    path: web::Path<String>,
    body: Json<PosCart>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let mut tokens: Vec<String> = body
        .products
        .iter()
        .filter_map(|l| l.hold_token.clone())
        .chain(body.hold_token.clone())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty() && t.len() <= 200 && !t.starts_with("order:"))
        .collect();
    tokens.sort();
    tokens.dedup();
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    crate::kit::club::found_in_club(&mut tx, "club_events", staff.client_id, event).await?;
    let released = sale::release_sessions(&mut tx, staff.client_id, event, &tokens).await?;
    tx.commit().await?;
    Ok(envelope::result(Released { released }))
}

/// The sale's key as its booking keeps it (apart from the public bookings' intents).
fn booking_key(key: &str) -> String {
    format!("pos:{key}")
}

/// Confirms the sale: an approved order of the point of sale (listed as 'Billetsalg'), its
/// places, stock and seats taken for good, its tickets issued (mailed when the customer gave an
/// e-mail), how the customer paid recorded, an invoice made when they pay by invoice; answers
/// the order, its tickets and the prints for the receipt printer ('Ordre gennemført'). The same
/// `saleKey` confirms once.
#[utoipa::path(post, path = "/api/events/{id}/pos/confirm-order", tag = "pos",
    params(("id" = String, Path, description = "the event's id")), request_body = PosCart,
    responses((status = 200, body = Envelope<PosResult>),
              (status = 422, description = "the lines' errors, a seat or the last places taken meanwhile, the payment method"),
              (status = 409, description = "the sale key sold another sale before"),
              (status = 404)))]
pub async fn pos_confirm_order(
    staff: Staff,
    path: web::Path<String>,
    body: Json<PosCart>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let event = parse_id(&path)?;
    let cart = body.into_inner();
    let key = cart
        .sale_key
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .unwrap_or_else(random_secret);
    if key.len() > 100 {
        return Err(ApiError::field("saleKey", "Salgets nøgle er for lang"));
    }
    let key = booking_key(&key);
    let actor = Actor::from(&staff);
    let client_id = staff.client_id;
    let (order_id, order) = match sell(&state, &actor, event, &cart, &key).await? {
        Sold::Now { order_id, order } => {
            if order.desk_payment == Some(DeskPayment::Invoice) {
                // The sale stands whatever happens to its invoice: staff can make it on the order.
                if let Err(err) = crate::invoices::InvoiceService::of(&state)
                    .invoice_order(&actor, order_id)
                    .await
                {
                    tracing::warn!(%order_id, error = %err, "the invoice of a desk sale was not made");
                }
            }
            (order_id, Some(*order))
        }
        Sold::Before(order_id) => (order_id, None),
    };
    let result = result_of(&state, client_id, event, order_id, order).await?;
    Ok(envelope::result(result))
}

enum Sold {
    /// Sold by this call: its order as the sale left it.
    Now {
        order_id: Uuid,
        order: Box<Order>,
    },
    Before(Uuid),
}

/// What the desk's request sells, as its key's sale keeps it (`process::request_digest`): the
/// event, the company, how it is paid and each line's product, amount and seat, in a fixed order
/// (the customer's name and e-mail, the hold session and the totals the desk shows are left out).
fn request_digest(event: Uuid, cart: &PosCart) -> String {
    let lines = process::digest_lines(
        cart.products
            .iter()
            .map(|line| (line.product_id, line.amount, line.seat.as_deref())),
    );
    process::request_digest(&(event, cart.customer.company_id, cart.payment_method, lines))
}

/// The key's sale made before: its order, or refused (409) when it sold another request.
fn sold_before(found: (Uuid, Option<String>), digest: &str) -> Result<Sold, ApiError> {
    let (order_id, recorded) = found;
    if process::same_request(recorded.as_deref(), digest) {
        Ok(Sold::Before(order_id))
    } else {
        Err(ApiError::Conflict(
            process::SALE_KEY_USED_FOR_ANOTHER.to_string(),
        ))
    }
}

/// The sale in one club transaction; a key that sold before answers that order when it is sent
/// with the same sale, and is refused (409) with another.
async fn sell(
    state: &AppState,
    actor: &Actor,
    event: Uuid,
    cart: &PosCart,
    key: &str,
) -> Result<Sold, ApiError> {
    let client_id = actor.client_id;
    // Taken before the transaction, as the bookings do: a rush does not queue on the counter.
    let number = take_numbers(&state.pool, super::RULES.numbering.series(), client_id, 1).await?;
    let digest = request_digest(event, cart);
    let mut tx = club_tx(&state.pool, client_id).await?;
    if let Some(found) = process::sold_with(&mut tx, client_id, key).await? {
        tx.commit().await?;
        return sold_before(found, &digest);
    }
    let now = Utc::now();
    let priced: Priced = sale::price(&mut tx, client_id, event, cart, now, true).await?;
    let method = sale::payment_of(&priced, cart)?;
    let order_id = Uuid::new_v4();
    let hold_id = Uuid::new_v4();
    sale::take_seats(&mut tx, &priced, order_id, now).await?;
    let today = now
        .with_timezone(&chrono_tz::Europe::Copenhagen)
        .date_naive();
    let (content, tickets) = sale::order_content(&priced, cart, method, today);
    OrderService::of(state)
        .create_in(
            &mut tx,
            client_id,
            vec![sale::new_order(
                order_id,
                number,
                now,
                priced.stock.sale_vat(),
                content,
                actor.metadata("order.pos"),
            )],
        )
        .await?;
    if let Err(err) =
        sale::record(&mut tx, &priced, order_id, hold_id, key, &digest, &tickets).await
    {
        if let sqlx::Error::Database(e) = &err {
            if e.constraint() == Some("sales_intent") {
                // The same key sold at the same moment at another click: that sale stands.
                tx.rollback().await?;
                let mut tx = club_tx(&state.pool, client_id).await?;
                let before = process::sold_with(&mut tx, client_id, key)
                    .await?
                    .ok_or(ApiError::NotFound)?;
                tx.commit().await?;
                return sold_before(before, &digest);
            }
        }
        return Err(err.into());
    }
    SaleService::of(state)
        .confirm_in(&mut tx, actor, order_id, &PaidWith::Nothing)
        .await?;
    sale::take_places(&mut tx, &priced, order_id, hold_id, now).await?;
    let order = OrderService::of(state)
        .record_desk_payment_in(&mut tx, actor, order_id, method)
        .await?;
    tx.commit().await?;
    Ok(Sold::Now {
        order_id,
        order: Box::new(order),
    })
}

/// The sale as the desk shows and prints it, from its order and tickets.
async fn result_of(
    state: &AppState,
    client_id: Uuid,
    event_id: Uuid,
    order_id: Uuid,
    sold: Option<Order>,
) -> Result<PosResult, ApiError> {
    let order = match sold {
        Some(order) => order,
        None => OrderService::of(state).load(client_id, order_id).await?.0,
    };
    let mut tx = club_tx(&state.pool, client_id).await?;
    let tickets =
        tribune_projections::ticket::queries::of_order(&mut tx, client_id, order_id).await?;
    #[derive(sqlx::FromRow)]
    struct Heading {
        #[sqlx(flatten)]
        club: ClubHeading,
        #[sqlx(flatten)]
        event: TicketEvent,
        company: Option<String>,
    }
    let Heading {
        club,
        event,
        company,
    } = sqlx::query_as(
        "SELECT c.name, c.address, c.zip_code, c.city, c.cvr, e.title, e.location, e.start_date, \
           (SELECT name FROM companies WHERE client_id = c.id AND id = $3) AS company \
         FROM clients c JOIN club_events e ON e.client_id = c.id WHERE c.id = $1 AND e.id = $2",
    )
    .bind(client_id)
    .bind(event_id)
    .bind(order.content.company_id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or(ApiError::NotFound)?;
    tx.commit().await?;
    let totals = order.totals();
    let method = order.desk_payment.unwrap_or(DeskPayment::Free);
    // The free and the paid tickets of a product are two order lines; the receipt shows them
    // as one.
    let mut lines: Vec<PosPricedLine> = Vec::new();
    for line in &order.content.lines {
        let total = line.price.times(line.amount);
        let free = if line.price == tribune_domain::money::Money::ZERO
            && line.kind.as_deref() != Some("product")
        {
            line.amount
        } else {
            0
        };
        let product_id = line.product_id.unwrap_or_default();
        match lines
            .iter_mut()
            .find(|l| l.product_id == product_id && l.seat == line.seat && l.title == line.title)
        {
            Some(same) => {
                same.amount += line.amount;
                same.free += free;
                same.total += total;
                same.price = same.price.max(line.price);
            }
            None => lines.push(PosPricedLine {
                product_id,
                title: line.title.clone(),
                seat: line.seat.clone(),
                amount: line.amount,
                free,
                price: line.price,
                total,
            }),
        }
    }
    let pos_order = PosOrder {
        id: order_id,
        order_number: order.number,
        create_date: order.created_at.unwrap_or_else(Utc::now),
        lines,
        subtotal: totals.total,
        vat: totals.vat,
        total: totals.total,
        payment_method: method,
        payment_label: method.label().to_string(),
        company,
    };
    let base = state.settings.public_url.trim_end_matches('/');
    let tickets: Vec<PosTicket> = tickets
        .iter()
        .filter(|t| t.status != "voided")
        .map(|t| PosTicket {
            ticket_id: t.code.clone(),
            number: t.number,
            name: t.name.clone().unwrap_or_default(),
            product: t.product_title.clone(),
            section: t.section.clone().filter(|s| !s.is_empty()),
            row: t.row.clone().filter(|s| !s.is_empty()),
            seat_number: t.seat_number.clone().filter(|s| !s.is_empty()),
            pdf: format!("{base}/public/events/ticket/{}", t.code),
        })
        .collect();
    use base64::Engine;
    let encode = |bytes: Vec<u8>| base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut prints = vec![PosPrint {
        kind: PrintKind::Receipt,
        title: format!("Kvittering {}", order.number),
        data: encode(print::receipt(&club, &event.title, &pos_order)),
    }];
    prints.extend(tickets.iter().map(|t| PosPrint {
        kind: PrintKind::Ticket,
        title: format!("Billet {}", t.number),
        data: encode(print::ticket(&club.name, &event, t)),
    }));
    Ok(PosResult {
        order: pos_order,
        tickets,
        prints,
    })
}

/// QZ Tray's certificate for this installation, PEM.
#[utoipa::path(get, path = "/api/qz/cert", tag = "pos",
    responses((status = 200, description = "the PEM certificate", content_type = "text/plain", body = String),
              (status = 503, description = "QZ Tray is not set up on the server")))]
pub async fn qz_cert(_staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let signer = state.qz.as_ref().ok_or_else(qz_missing)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(signer.certificate().to_string()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignQuery {
    /// What QZ Tray asks to have signed.
    #[serde(default)]
    pub request: String,
}

/// The most a request to sign may be: QZ Tray signs a message's hash and timestamp, short
/// strings; a print's data is sent beside it, not signed here.
const MAX_REQUEST: usize = 64 * 1024;

/// The base64 RSA PKCS#1 v1.5 SHA-512 signature of QZ Tray's `request` (staff only).
#[utoipa::path(get, path = "/api/qz/sign-message", tag = "pos", params(SignQuery),
    responses((status = 200, description = "the base64 signature", content_type = "text/plain", body = String),
              (status = 422, description = "no request, or one too long"),
              (status = 503, description = "QZ Tray is not set up on the server")))]
pub async fn qz_sign_message(
    _staff: Staff,
    query: web::Query<SignQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let signer = state.qz.as_ref().ok_or_else(qz_missing)?;
    if query.request.is_empty() {
        return Err(ApiError::field("request", "Der er intet at signere"));
    }
    if query.request.len() > MAX_REQUEST {
        return Err(ApiError::field("request", "Beskeden er for lang"));
    }
    let signature = signer.sign(&query.request).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(signature))
}

fn qz_missing() -> ApiError {
    ApiError::Unavailable(
        "Udskrivning via QZ Tray er ikke sat op på serveren. Hent billetterne som PDF.".into(),
    )
}
