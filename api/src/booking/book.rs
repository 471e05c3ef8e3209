//! Booking (spec 2 §7 Public booking: products, validate-contact, create-intent, book; issue
//! 15). `book` makes the order (an Order, linked to its event by its row in `sales`), holds its
//! places on the capacity counters and, for a booking that costs nothing, approves it and issues
//! its tickets — all in one club transaction that it shares with the other bookings of the same
//! event that came at the same moment (`batch`). A card booking holds its places for
//! `HOLD_MINUTES` while the buyer pays; a Stripe payment is started after the commit.

use std::collections::BTreeMap;

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use tribune_domain::booking::Buyer;
use tribune_domain::money::Money;
use tribune_domain::order::{Customer, OrderContent, OrderStatus};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::batch::Job;
use super::dto::{
    BookedOrder, BookingInput, BookingIntent, PricedLine, PricedLines, PricedOption, PricedSeat,
    PublicOption, PublicOptionVariant, PublicProduct,
};
use super::plan::{club_terms, plan, Plan};
use super::HOLD_MINUTES;
use crate::club::PublicCaller;
use crate::envelope::{self, Ack, Envelope, EnvelopeWithData};
use crate::error::ApiError;
use crate::identity::client_ip::client_ip;
use crate::identity::tokens::random_secret;
use crate::integrations::payments::{Capture, CardUse, PaymentStart};
use crate::kit::add_ons::public_add_ons;
use crate::kit::html::sanitize;
use crate::kit::ids::parse_id;
use crate::kit::input::Json;
use crate::kit::seating;
use crate::payments::ledger::{self as payments, Purpose, StartPayment};
use crate::sales::buyer::{check_buyer, new_user_password_hash};
use crate::sales::offers::{self as sale, buyer_key, seat_categories};
use crate::sales::plan::sold_lines;
use crate::sales::process::{self, StoredTicket};
use crate::sales::service::SaleService;
use crate::session::Caller;
use crate::state::AppState;

/// The products for sale to the chosen customer (`result` keyed by company id, contact id or
/// 'none') and the booking's lines as they would be priced (`data.bookingProducts`).
#[utoipa::path(post, path = "/public/events/{id}/products", tag = "booking",
    params(("id" = String, Path, description = "the event's id")),
    request_body = BookingInput,
    responses((status = 200, description = "the products by buyer key, and the booking's lines priced",
        body = EnvelopeWithData<BTreeMap<String, Vec<PublicProduct>>, PricedLines>),
              (status = 403, description = "not the user's company or contact"), (status = 404)))]
pub async fn booking_products(
    PublicCaller { client_id, caller }: PublicCaller,
    path: web::Path<String>,
    body: Json<BookingInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let input = body.into_inner();
    let mut tx = club_tx(&state.pool, client_id).await?;
    let event = sale::event_by_id(&mut tx, client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let buyer = sale::buyer_of(
        &mut tx,
        &event,
        caller.0.as_deref(),
        input.company_id,
        input.contact_id,
    )
    .await?;
    let invite = sale::invite_grant(&mut tx, &event, input.invite_token.as_deref()).await?;
    let offers = sale::offers(&mut tx, &event, buyer, Utc::now(), invite.as_ref()).await?;
    let categories = seating::event_categories(&mut tx, client_id, event.id).await?;
    let catalogue: Vec<Uuid> = offers.iter().map(|(o, _)| o.product.product_id).collect();
    let add_ons = public_add_ons(&mut tx, client_id, &catalogue).await?;
    let club = club_terms(&mut tx, client_id).await?;
    tx.commit().await?;
    let offered = |offer: &sale::Offer| {
        add_ons
            .get(&offer.product.product_id)
            .map_or(&[][..], Vec::as_slice)
    };
    let products: Vec<PublicProduct> = offers
        .iter()
        .map(|(offer, _)| PublicProduct {
            product_id: offer.product.id,
            catalogue_product_id: offer.product.product_id,
            title: offer.product.title.clone(),
            // Shown as HTML by the page, which has no sanitiser of its own (see page.rs).
            description: offer.product.ticket_description.as_deref().map(sanitize),
            price: offer.price,
            available: offer.available,
            purchased: offer.purchased,
            max_amount: offer.max_amount,
            allowance: offer.allowance,
            kind: offer.product.kind.clone(),
            is_ticket: true,
            seasonal: false,
            in_contract: offer.granted > 0,
            name_required: offer.product.name_required,
            seat_categories: seat_categories(&categories, &offer.product),
            options: offered(offer)
                .iter()
                .map(|add_on| PublicOption {
                    product_id: add_on.product_id,
                    title: add_on.title.clone(),
                    price: club.add_on_price(add_on),
                    selected: add_on.pre_selected,
                    variant_id: add_on.variant_id,
                    variants: add_on
                        .variant_id
                        .map(|id| PublicOptionVariant {
                            id,
                            title: add_on.variant.clone().unwrap_or_default(),
                        })
                        .into_iter()
                        .collect(),
                })
                .collect(),
            extra_info: Vec::new(),
        })
        .collect();
    // The lines priced as far as they name products on offer: the allowance first.
    let mut left: std::collections::HashMap<Uuid, i32> = offers
        .iter()
        .map(|(o, _)| (o.product.product_id, o.allowance))
        .collect();
    let booking_products: Vec<PricedLine> = input
        .products
        .iter()
        .filter_map(|line| {
            let (offer, _) = offers
                .iter()
                .find(|(o, _)| Some(o.product.id) == line.product_id)?;
            let amount = i32::try_from(line.amount.clamp(0, 100_000)).unwrap_or(0);
            let allowance = left.entry(offer.product.product_id).or_default();
            let free = (*allowance).clamp(0, amount);
            *allowance -= free;
            // Add-ons the product does not offer are left out here; `create-intent` refuses them.
            let options: Vec<PricedOption> = offered(offer)
                .iter()
                .filter(|add_on| {
                    line.options.iter().any(|o| {
                        o.selected != Some(false) && o.product_id == Some(add_on.product_id)
                    })
                })
                .map(|add_on| PricedOption {
                    product_id: add_on.product_id,
                    title: add_on.title.clone(),
                    price: club.add_on_price(add_on),
                })
                .collect();
            let add_ons: Money = options.iter().map(|o| o.price).sum();
            Some(PricedLine {
                product_id: offer.product.id,
                title: offer.product.title.clone(),
                amount,
                free,
                price: offer.price,
                options,
                total: offer.price.times(i64::from(amount - free))
                    + add_ons.times(i64::from(amount)),
                // As picked on the map; the last step shows it as its hold session holds it.
                seat: line
                    .seat
                    .as_deref()
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|label| PricedSeat {
                        label: label.to_string(),
                        section: line.section.clone().unwrap_or_default(),
                        row: line.row.clone().unwrap_or_default(),
                        number: line.seat_number.clone().unwrap_or_default(),
                    }),
            })
        })
        .collect();
    Ok(envelope::result_with_data(
        BTreeMap::from([(buyer_key(buyer), products)]),
        PricedLines { booking_products },
    ))
}

/// The guest's fields checked before the last step: name, e-mail, phone, and that 'Opret
/// bruger' has a password.
#[utoipa::path(post, path = "/public/events/validate-contact", tag = "booking",
    request_body = BookingInput,
    responses((status = 200, body = Ack), (status = 422, description = "the fields' errors")))]
pub async fn validate_contact(
    caller: Caller,
    body: Json<BookingInput>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = crate::error::FieldErrors::new();
    check_buyer(&*body, caller.0.is_some(), &mut errors);
    crate::error::check_errors(errors)?;
    Ok(envelope::ok())
}

/// The buyer goes on through the wizard: the hold sessions of its seat lines live on (as long
/// as a booking's hold), so the seats are not lost on the way to paying.
async fn keep_seat_sessions(
    conn: &mut sqlx::PgConnection,
    body: &BookingInput,
) -> Result<(), sqlx::Error> {
    let mut tokens: Vec<&str> = body
        .products
        .iter()
        .filter_map(|l| l.hold_token.as_deref().map(str::trim))
        .filter(|t| !t.is_empty())
        .collect();
    tokens.sort_unstable();
    tokens.dedup();
    for token in tokens {
        seating::extend_session(conn, token, Utc::now(), HOLD_MINUTES).await?;
    }
    Ok(())
}

/// Checks and prices the booking and answers the key `book` is called with: the same key books
/// once, so a second click or a retried request makes no second order.
#[utoipa::path(post, path = "/public/events/create-intent", tag = "booking",
    request_body = BookingInput,
    responses((status = 200, body = Envelope<BookingIntent>),
              (status = 422, description = "the booking's errors, or the sign-up window's message"), (status = 404)))]
pub async fn create_intent(
    PublicCaller { client_id, caller }: PublicCaller,
    body: Json<BookingInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let planned = plan(
        &mut tx,
        client_id,
        caller.0.as_deref(),
        &body,
        Utc::now(),
        false,
    )
    .await?;
    keep_seat_sessions(&mut tx, &body).await?;
    tx.commit().await?;
    // The key names the booking as this step shows it: `book` sells that or nothing.
    Ok(envelope::result(BookingIntent {
        intent_secret: format!("{}.{}", random_secret(), planned.fingerprint()),
        booking: planned.priced(),
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct BookQuery {
    /// `create-intent`'s key.
    #[serde(default)]
    pub intent_secret: String,
}

/// What `book` made.
pub struct Booked {
    pub order_id: Uuid,
    pub token: String,
    pub total: Money,
    pub expires: Option<chrono::DateTime<Utc>>,
    pub event_url: String,
    /// Booked by this call (not an earlier call's booking of the same intent).
    pub fresh: bool,
    /// The payment, when it was started with the booking (the window's form).
    pub payment: Option<PaymentStart>,
}

/// The order content of a planned booking: a line per product and price (the allowance's
/// tickets at 0, the rest at the product's price), the customer, the answers.
pub(super) fn order_content(
    planned: &Plan,
    input: &BookingInput,
) -> (OrderContent, Vec<StoredTicket>) {
    let (lines, tickets) = sold_lines(&super::RULES, &planned.event, planned.lines.iter());
    let (company_id, contact_id) = match planned.buyer {
        Buyer::Company(id) => (Some(id), None),
        Buyer::Contact(id) => (None, Some(id)),
        Buyer::Guest => (None, None),
    };
    let content = OrderContent {
        customer: Customer {
            firstname: input.firstname.trim().to_string(),
            lastname: input.lastname.trim().to_string(),
            email: input.email.trim().to_string(),
            phone: input.phone.trim().to_string(),
        },
        description: Some(planned.event.title.clone()),
        extra_info: input.extra_info.clone(),
        lines,
        company_id,
        contact_id,
        ..OrderContent::default()
    };
    (content, tickets)
}

/// What a booking request sells, as its key's sale keeps it (`process::request_digest`): the
/// event, the buyer and each line's product, amount and seat, in a fixed order. The names,
/// answers and contact fields are left out: the same booking sent again with a name corrected is
/// still that booking.
pub(super) fn request_digest(event_id: Uuid, input: &BookingInput) -> String {
    let lines = process::digest_lines(
        input
            .products
            .iter()
            .map(|line| (line.product_id, line.amount, line.seat.as_deref())),
    );
    process::request_digest(&(event_id, input.company_id, input.contact_id, lines))
}

/// Books: see the module's comment. An intent that booked before answers that booking, when it
/// is sent with the same booking; with another it is refused (409).
pub async fn book_in(
    state: &AppState,
    client_id: Uuid,
    caller: &Caller,
    ip: &str,
    intent: &str,
    input: &BookingInput,
) -> Result<Booked, ApiError> {
    book_in_at(state, client_id, caller, ip, intent, input, Utc::now()).await
}

/// `book_in` as if it were `now` (the demo seed books its past matches while they were open).
/// The booking joins the others of its event in a batch (`batch`).
pub async fn book_in_at(
    state: &AppState,
    client_id: Uuid,
    caller: &Caller,
    ip: &str,
    intent: &str,
    input: &BookingInput,
    now: chrono::DateTime<Utc>,
) -> Result<Booked, ApiError> {
    let event_id = input
        .event_id
        .ok_or_else(|| ApiError::field("eventId", "Vælg et arrangement"))?;
    // Hashed before the booking queues: the hash takes a while, on purpose.
    let password_hash = new_user_password_hash(input, caller.0.is_some()).await?;
    let job = Job {
        client_id,
        caller: caller.clone(),
        ip: ip.to_string(),
        intent: intent.to_string(),
        digest: request_digest(event_id, input),
        input: input.clone(),
        now,
        password_hash,
    };
    state.bookings.book(state, event_id, job).await
}

/// Books the event: free → confirmed at once (no payment result); by card → the places held for
/// `HOLD_MINUTES` and the payment started (`result`: the Stripe client secret or the window's
/// form). `data`: the order and its token.
#[utoipa::path(post, path = "/public/events/book", tag = "booking", params(BookQuery),
    request_body = BookingInput,
    responses((status = 200, description = "how the payment goes on (null when confirmed at once), and the order made",
        body = EnvelopeWithData<Option<PaymentStart>, BookedOrder>),
              (status = 422, description = "the booking's errors; places no longer there"), (status = 404),
              (status = 409, description = "the intent booked another booking before"),
              (status = 503, description = "the card provider does not answer")))]
pub async fn book_event(
    req: HttpRequest,
    PublicCaller { client_id, caller }: PublicCaller,
    query: web::Query<BookQuery>,
    body: Json<BookingInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let intent = process::intent_of(&query.intent_secret)?;
    let ip = client_ip(&req);
    let booked = book_in(&state, client_id, &caller, &ip, intent, &body).await?;
    let payment = start_payment(&state, client_id, &booked).await?;
    Ok(envelope::result_with_data(
        payment,
        BookedOrder {
            order_id: booked.order_id,
            token: booked.token,
            expires: booked.expires,
        },
    ))
}

/// The return address of a card payment: the event's confirmation route.
pub fn return_url(state: &AppState, booked: &Booked) -> String {
    format!(
        "{}/events/{}/{}?token={}",
        state.settings.public_url.trim_end_matches('/'),
        booked.event_url,
        booked.order_id,
        booked.token
    )
}

/// Starts the card payment of a booking that costs something.
pub fn start_request(state: &AppState, booked: &Booked) -> StartPayment {
    let back = return_url(state, booked);
    StartPayment {
        purpose: Purpose::Order,
        owner_id: booked.order_id,
        amount: booked.total,
        capture: Capture::Automatic,
        customer: None,
        accept_url: format!("{back}&accept=1"),
        cancel_url: format!("{back}&cancelled=1"),
        period: None,
        card: CardUse::default(),
    }
}

/// The booking an intent made before, with a new token for its pages; refused (409) when that
/// booking was made with another request than `digest`'s (`request_digest`).
pub async fn by_intent(
    state: &AppState,
    client_id: Uuid,
    intent: &str,
    digest: &str,
) -> Result<Option<Booked>, ApiError> {
    let mut tx = tribune_projections::db::club_tx(&state.pool, client_id).await?;
    let found = process::event_sale_by_intent(&mut tx, client_id, intent).await?;
    let Some(sale) = found else {
        return Ok(None);
    };
    if !process::same_request(sale.request_digest.as_deref(), digest) {
        return Err(ApiError::Conflict(
            process::INTENT_USED_FOR_ANOTHER.to_string(),
        ));
    }
    let token = payments::issue_link(&mut tx, client_id, Purpose::Order, sale.order_id).await?;
    tx.commit().await?;
    let (order, _) = crate::orders::OrderService::of(state)
        .load(client_id, sale.order_id)
        .await?;
    Ok(Some(Booked {
        order_id: sale.order_id,
        token,
        total: order.totals().total,
        expires: sale.expires_at,
        event_url: sale.url,
        fresh: false,
        payment: None,
    }))
}

/// The card payment of a booking that costs something and is not yet paid (None otherwise).
pub async fn start_payment(
    state: &AppState,
    client_id: Uuid,
    booked: &Booked,
) -> Result<Option<PaymentStart>, ApiError> {
    if booked.total <= Money::ZERO {
        return Ok(None);
    }
    if let Some(started) = &booked.payment {
        return Ok(Some(started.clone()));
    }
    // Booked just now: a draft nobody has paid. Booked before: only while it is one.
    if !booked.fresh {
        let (order, _) = crate::orders::OrderService::of(state)
            .load(client_id, booked.order_id)
            .await?;
        if order.status != OrderStatus::Draft || order.card_payment.is_some() {
            return Ok(None);
        }
    }
    SaleService::of(state)
        .start_payment(client_id, start_request(state, booked))
        .await
}
