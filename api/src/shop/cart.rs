//! The shop's cart (issue 17; spec 3 §3 Cart, §7 cart, add, update, check-seat). A cart is an
//! Order in status 'cart'; `shop_carts` finds it for the buyer: by the signed-in user, else by
//! the random token in the browser's `tribune_cart` cookie (kept as its digest). A visitor's cart
//! becomes the user's when they log in (merged into the user's own when they had one). Lines
//! refer to the catalogue: the server prices every line from the product, its variant and its
//! public add-ons, so a price in a request is never read. A seat-ticket line's seat is held with
//! the cart's hold session, extended each time the buyer comes back, and given back when the
//! line goes.

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use chrono::Utc;
use futures::future::LocalBoxFuture;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{Order, OrderContent, OrderLine, OrderStatus};
use tribune_domain::selling::SaleChannel;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::catalogue::{picture, product_on_sale, products_by_ids, public_options};
use super::dto::{
    AddToCart, Cart, CartLine, CartOption, CartProduct, CartProductShop, CheckSeat, UpdateCart,
};
use crate::club::PublicCaller;
use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::identity::client_ip::client_ip;
use crate::identity::tokens::{digest, random_secret};
use crate::kit::actor::Actor;
use crate::kit::club::take_number;
use crate::kit::input::Json;
use crate::kit::sales::with_vat;
use crate::kit::sales::{club_vat, sale_vat};
use crate::kit::seating;
use crate::orders::service::{NewOrder, OrderService};
use crate::seats::holds::{release_seat, TOKEN_MINUTES};
use crate::session::Caller;
use crate::state::AppState;

pub const CART_COOKIE: &str = "tribune_cart";

/// How long a visitor's browser keeps its cart.
const CART_DAYS: i64 = 30;

/// The most of one line.
const MAX_AMOUNT: i64 = 100;

pub const SEAT_REQUIRED: &str = "Plads skal vælges!";

/// A cart as `shop_carts` finds it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CartRow {
    pub id: Uuid,
    pub order_id: Uuid,
    pub hold_token: Option<String>,
    pub user_id: Option<Uuid>,
}

/// Who asks for a cart: the club, the signed-in user, the browser's cart token.
pub struct Buyer {
    pub client_id: Uuid,
    /// Who calls: a signed-in customer, or an anonymous visitor.
    pub caller: Caller,
    pub user_id: Option<Uuid>,
    pub token: Option<String>,
    pub actor: Actor,
}

impl Buyer {
    fn of(client_id: Uuid, req: &HttpRequest, caller: &Caller) -> Buyer {
        let user_id = caller.0.as_ref().map(|identity| identity.user.id);
        let token = req
            .cookie(CART_COOKIE)
            .map(|c| c.value().to_string())
            .filter(|t| !t.is_empty() && t.len() <= 200);
        let actor = match caller.0.as_deref() {
            Some(identity) => Actor::user(
                client_id,
                identity.user.id,
                &format!("{} {}", identity.user.firstname, identity.user.lastname),
            ),
            None => Actor::visitor(client_id, "Webshop", &client_ip(req)),
        };
        Buyer {
            client_id,
            caller: caller.clone(),
            user_id,
            token,
            actor,
        }
    }
}

/// The shop's handlers take the buyer as they take the caller: found before the handler runs.
impl FromRequest for Buyer {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;
    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let public = PublicCaller::from_request(&req, payload);
        Box::pin(async move {
            let PublicCaller { client_id, caller } = public.await?;
            Ok(Buyer::of(client_id, &req, &caller))
        })
    }
}

/// The browser's cart cookie.
fn cart_cookie(token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(CART_COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(time::Duration::days(CART_DAYS))
        .finish()
}

const CART_COLUMNS: &str = "c.id, c.order_id, c.hold_token, c.user_id";

/// A cart row whose order is still a cart, locked for the caller's change.
async fn cart_where(
    conn: &mut PgConnection,
    client_id: Uuid,
    condition: &str,
    value: &str,
) -> Result<Option<CartRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CART_COLUMNS} FROM shop_carts c JOIN order_rows o ON o.id = c.order_id \
         WHERE c.client_id = $1 AND {condition} = $2 AND o.status = 'cart' FOR UPDATE OF c"
    ))
    .bind(client_id)
    .bind(value)
    .fetch_optional(conn)
    .await
}

/// The buyer's cart, if they have one: the user's (a visitor's cart from before they logged in
/// merged into it, or becoming it), else the browser's.
pub async fn find_cart(
    state: &AppState,
    conn: &mut PgConnection,
    buyer: &Buyer,
) -> Result<Option<CartRow>, ApiError> {
    let browser = match &buyer.token {
        Some(token) => cart_where(conn, buyer.client_id, "c.token_hash", &digest(token)).await?,
        None => None,
    };
    let Some(user) = buyer.user_id else {
        return Ok(browser.filter(|c| c.user_id.is_none()));
    };
    let own = cart_where(conn, buyer.client_id, "c.user_id::text", &user.to_string()).await?;
    match (own, browser.filter(|c| c.user_id.is_none())) {
        (own, None) => Ok(own),
        (None, Some(browser)) => {
            sqlx::query("UPDATE shop_carts SET user_id = $2, updated_at = now() WHERE id = $1")
                .bind(browser.id)
                .bind(user)
                .execute(&mut *conn)
                .await?;
            Ok(Some(CartRow {
                user_id: Some(user),
                ..browser
            }))
        }
        (Some(own), Some(browser)) => {
            merge(state, conn, buyer, &own, &browser).await?;
            Ok(Some(own))
        }
    }
}

/// The visitor's cart's lines join the user's cart; its seats are held with the user's cart's
/// session; the visitor's cart is emptied and forgotten.
async fn merge(
    state: &AppState,
    conn: &mut PgConnection,
    buyer: &Buyer,
    own: &CartRow,
    browser: &CartRow,
) -> Result<(), ApiError> {
    let (from, _) = load(conn, browser.order_id).await?;
    let (mut into, _) = load(conn, own.order_id).await?;
    if let (Some(mine), Some(theirs)) = (&own.hold_token, &browser.hold_token) {
        seating::extend_session(conn, mine, Utc::now(), TOKEN_MINUTES).await?;
        adopt_seats(conn, mine, theirs).await?;
    }
    into.content
        .lines
        .extend(from.content.lines.iter().cloned());
    write(state, conn, buyer, own.order_id, into.content).await?;
    let mut emptied = from.content;
    emptied.lines.clear();
    write(state, conn, buyer, browser.order_id, emptied).await?;
    sqlx::query("DELETE FROM shop_carts WHERE id = $1")
        .bind(browser.id)
        .execute(&mut *conn)
        .await?;
    if own.hold_token.is_none() {
        if let Some(theirs) = &browser.hold_token {
            sqlx::query("UPDATE shop_carts SET hold_token = $2 WHERE id = $1")
                .bind(own.id)
                .bind(theirs)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

/// The seats `other` holds are held with `session` instead (one session per cart).
async fn adopt_seats(
    conn: &mut PgConnection,
    session: &str,
    other: &str,
) -> Result<(), sqlx::Error> {
    if session == other {
        return Ok(());
    }
    sqlx::query(
        "UPDATE event_seats e SET hold_token = $1, held_until = t.expires_at, updated_at = now() \
         FROM seat_hold_tokens t WHERE t.token = $1 AND e.hold_token = $2 AND e.status = 'held' \
           AND e.held_until > now()",
    )
    .bind(session)
    .bind(other)
    .execute(conn)
    .await?;
    Ok(())
}

/// The cart's order as it is inside the caller's transaction.
async fn load(conn: &mut PgConnection, order_id: Uuid) -> Result<(Order, usize), ApiError> {
    tribune_projections::fold::load_in::<Order>(conn, &order_id.to_string())
        .await
        .map_err(ApiError::internal)
}

/// The cart's lines as they are now.
async fn write(
    state: &AppState,
    conn: &mut PgConnection,
    buyer: &Buyer,
    order_id: Uuid,
    content: OrderContent,
) -> Result<(), ApiError> {
    OrderService::of(state)
        .update_in(conn, &buyer.actor, order_id, content, "order.cart")
        .await?;
    Ok(())
}

/// The buyer's cart, made when they have none: a new Order in status 'cart' (its number is
/// taken now, as every order's), and for a visitor a new browser token (`Some`: set the cookie).
async fn find_or_make_cart(
    state: &AppState,
    conn: &mut PgConnection,
    buyer: &Buyer,
) -> Result<(CartRow, Option<String>), ApiError> {
    if let Some(cart) = find_cart(state, conn, buyer).await? {
        return Ok((cart, None));
    }
    let order_id = Uuid::new_v4();
    let number = take_number(
        &state.pool,
        super::RULES.numbering.series(),
        buyer.client_id,
    )
    .await?;
    let vat = sale_vat(conn, buyer.client_id, SaleChannel::Shop).await?;
    OrderService::of(state)
        .create_in(
            conn,
            buyer.client_id,
            vec![NewOrder {
                id: order_id,
                number,
                created_at: Utc::now(),
                vat,
                status: OrderStatus::Cart,
                is_pos: false,
                content: OrderContent::default(),
                metadata: buyer.actor.metadata("order.cart"),
            }],
        )
        .await?;
    let new_token = match buyer.user_id {
        Some(_) => None,
        None => Some(random_secret()),
    };
    let id: Uuid = sqlx::query_scalar(
        "INSERT INTO shop_carts (client_id, token_hash, user_id, order_id) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(buyer.client_id)
    .bind(new_token.as_deref().map(digest))
    .bind(buyer.user_id)
    .bind(order_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok((
        CartRow {
            id,
            order_id,
            hold_token: None,
            user_id: buyer.user_id,
        },
        new_token,
    ))
}

/// The cart as the buyer sees it: each line with its picture, seat and prices with VAT as the
/// club shows them, the totals as the order counts them.
pub async fn cart_view(
    conn: &mut PgConnection,
    client_id: Uuid,
    cart: Option<&CartRow>,
) -> Result<Cart, ApiError> {
    let Some(cart) = cart else {
        return Ok(Cart {
            lines: Vec::new(),
            subtotal: Money::ZERO,
            vat: Money::ZERO,
            total: Money::ZERO,
            hold_token: None,
            has_subscription: false,
            delivery: None,
        });
    };
    let (order, _) = load(conn, cart.order_id).await?;
    let ids: Vec<Uuid> = order
        .content
        .lines
        .iter()
        .filter_map(|l| l.product_id)
        .collect();
    let products = products_by_ids(conn, client_id, &ids).await?;
    // Each seat line's seat: where it is, its colour, and whether the cart holds it now.
    type SeatInfo = (Uuid, String, String, String, String, Option<String>, bool);
    let (events, labels): (Vec<Uuid>, Vec<String>) = order
        .content
        .lines
        .iter()
        .filter_map(|l| Some((l.seat_event_id?, l.seat.clone()?)))
        .unzip();
    let seats: Vec<SeatInfo> = sqlx::query_as(
        "SELECT w.event_id, w.label, s.section, s.row_label, s.number, k.color, \
                coalesce(e.status = 'held' AND e.hold_token = $3 AND e.held_until > now(), false) \
         FROM unnest($1::uuid[], $2::text[]) AS w(event_id, label) \
         JOIN club_events ev ON ev.id = w.event_id \
         JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
         JOIN seats s ON s.chart_id = c.id AND s.label = w.label \
         LEFT JOIN seat_categories k ON k.chart_id = c.id AND k.key = s.category_key \
         LEFT JOIN event_seats e ON e.event_id = w.event_id AND e.seat_id = s.id",
    )
    .bind(&events)
    .bind(&labels)
    .bind(cart.hold_token.as_deref().unwrap_or(""))
    .fetch_all(&mut *conn)
    .await?;
    let mut has_subscription = false;
    let lines = order
        .content
        .lines
        .iter()
        .map(|line| {
            let product = line.product_id.and_then(|id| products.get(&id));
            let subscription = product.is_some_and(|p| p.is_subscription());
            has_subscription |= subscription;
            let unit = line.price - line.discount + line.options.iter().map(|o| o.price).sum();
            let unit = with_vat(unit, order.vat, line.vat_exempt);
            let seat = seats
                .iter()
                .find(|s| Some(s.0) == line.seat_event_id && Some(&s.1) == line.seat.as_ref());
            CartLine {
                id: line.id,
                product_id: line.product_id,
                variant_id: line.variant_id,
                title: line.title.clone(),
                variant: line.variant.clone(),
                image: product.and_then(|p| picture(p.shop_image)),
                product: product.map(|p| CartProduct {
                    title: p.title.clone(),
                    shop: CartProductShop {
                        title: p.shop_title(),
                        image: picture(p.shop_image),
                    },
                }),
                kind: line.kind.clone().unwrap_or_else(|| "product".into()),
                amount: line.amount,
                price: line.price,
                price_with_vat: unit,
                total_with_vat: unit.times(line.amount),
                options: line
                    .options
                    .iter()
                    .map(|o| CartOption {
                        product_id: o.product_id,
                        title: o.title.clone(),
                        price: o.price,
                        price_with_vat: with_vat(o.price, order.vat, line.vat_exempt),
                    })
                    .collect(),
                subscription,
                seat: line.seat.clone(),
                seat_event: line.seat_event.clone(),
                seat_event_id: line.seat_event_id,
                section: seat.map(|s| s.2.clone()),
                row: seat.map(|s| s.3.clone()),
                seat_number: seat.map(|s| s.4.clone()),
                color: seat.and_then(|s| s.5.clone()),
                seat_held: seat.is_some_and(|s| s.6),
            }
        })
        .collect();
    let totals = order.totals();
    Ok(Cart {
        lines,
        subtotal: totals.subtotal,
        vat: totals.vat,
        total: totals.total,
        hold_token: cart.hold_token.clone(),
        has_subscription,
        delivery: super::catalogue::delivery_needed(products.values()),
    })
}

/// The answer of a cart call: the cart, with the browser's new cart cookie when one was made.
fn answer(state: &AppState, cart: Cart, new_token: Option<String>) -> HttpResponse {
    let mut response = envelope::result(cart);
    if let Some(token) = new_token {
        // A cookie that cannot be added leaves the cart in the database; the next add makes another.
        let _ = response.add_cookie(&cart_cookie(&token, state.settings.secure_cookies));
    }
    response
}

/// The buyer's cart; its seats' hold is extended while the buyer is here.
#[utoipa::path(get, path = "/public/orders/webshop/cart", tag = "webshop",
    responses((status = 200, description = "the cart", body = Envelope<Cart>), (status = 404)))]
pub async fn get_cart(buyer: Buyer, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let cart = find_cart(&state, &mut tx, &buyer).await?;
    if let Some(token) = cart.as_ref().and_then(|c| c.hold_token.as_deref()) {
        seating::extend_session(&mut tx, token, Utc::now(), TOKEN_MINUTES).await?;
    }
    let view = cart_view(&mut tx, buyer.client_id, cart.as_ref()).await?;
    tx.commit().await?;
    Ok(answer(&state, view, None))
}

fn parse_uuid(field: &str, value: Option<&str>, message: &str) -> Result<Option<Uuid>, ApiError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| ApiError::field(field, message)),
    }
}

fn parse_amount(text: Option<&str>, least: i64) -> Result<i64, ApiError> {
    let amount = match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => 1,
        Some(text) => text
            .parse::<i64>()
            .map_err(|_| ApiError::field("amount", "Antal skal være et helt tal"))?,
    };
    if !(least..=MAX_AMOUNT).contains(&amount) {
        return Err(ApiError::field(
            "amount",
            format!("Antal skal være mellem {least} og {MAX_AMOUNT}"),
        ));
    }
    Ok(amount)
}

/// A seat held with `token` at the event, as a line names it: (label, category); refused on
/// `seat` when the session does not hold it.
async fn held_seat(
    conn: &mut PgConnection,
    client_id: Uuid,
    event: Uuid,
    token: &str,
    seat: &str,
) -> Result<(String, Option<String>, String), ApiError> {
    let found: Option<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT s.label, s.category_key, ev.title FROM club_events ev \
         JOIN seat_charts c ON c.client_id = ev.client_id AND c.key = ev.seating->>'chartId' \
         JOIN seats s ON s.chart_id = c.id AND s.label = $3 \
         JOIN event_seats e ON e.event_id = ev.id AND e.seat_id = s.id \
         WHERE ev.id = $1 AND ev.client_id = $2 AND ev.has_seating \
           AND e.status = 'held' AND e.hold_token = $4 AND e.held_until > now()",
    )
    .bind(event)
    .bind(client_id)
    .bind(seat.trim())
    .bind(token.trim())
    .fetch_optional(conn)
    .await?;
    found.ok_or_else(|| {
        ApiError::field(
            "seat",
            "Pladsen er ikke reserveret til dig. Vælg pladsen igen.",
        )
    })
}

/// The cart's hold session becomes `token` when it has none, else `token`'s seats join it.
async fn take_session(
    conn: &mut PgConnection,
    cart: &mut CartRow,
    token: &str,
) -> Result<(), ApiError> {
    let token = token.trim();
    let alive = match &cart.hold_token {
        Some(mine) => seating::extend_session(conn, mine, Utc::now(), TOKEN_MINUTES)
            .await?
            .is_some(),
        None => false,
    };
    match (&cart.hold_token, alive) {
        (Some(mine), true) => adopt_seats(conn, mine, token).await?,
        _ => {
            sqlx::query("UPDATE shop_carts SET hold_token = $2, updated_at = now() WHERE id = $1")
                .bind(cart.id)
                .bind(token)
                .execute(&mut *conn)
                .await?;
            cart.hold_token = Some(token.to_string());
        }
    }
    Ok(())
}

/// Adds a product to the cart: `amount` of it (1 when not given) with the public add-ons
/// named in `options`, of the variant `variantId` when it has variants; a seat-ticket with the
/// seat its buyer holds (`seat`, `seatEventId`, `holdToken`) is one line per seat. The same
/// product, variant and add-ons again raise the line's amount.
#[utoipa::path(post, path = "/public/orders/webshop/cart/add", tag = "webshop", params(AddToCart),
    responses((status = 200, description = "the cart", body = Envelope<Cart>),
              (status = 422, description = "no such product, variant or add-on; sold out; a seat not held"), (status = 404)))]
pub async fn add_to_cart(
    buyer: Buyer,
    query: web::Query<AddToCart>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let product_id = parse_uuid(
        "productId",
        Some(&query.product_id),
        "Produktet findes ikke",
    )?
    .ok_or_else(|| ApiError::field("productId", "Produktet findes ikke"))?;
    let variant_id = parse_uuid(
        "variantId",
        query.variant_id.as_deref(),
        "Varianten findes ikke",
    )?;
    let mut amount = parse_amount(query.amount.as_deref(), 1)?;
    let mut wanted_options = Vec::new();
    for id in query.options.as_deref().unwrap_or("").split(',') {
        if let Some(id) = parse_uuid("options", Some(id), "Tilvalget findes ikke")? {
            if !wanted_options.contains(&id) {
                wanted_options.push(id);
            }
        }
    }
    let seat_event = parse_uuid(
        "seatEventId",
        query.seat_event_id.as_deref(),
        "Arrangementet findes ikke",
    )?;
    let seat = query
        .seat
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let product = product_on_sale(&mut tx, buyer.client_id, product_id)
        .await?
        .ok_or_else(|| ApiError::field("productId", "Produktet findes ikke i shoppen"))?;
    let has_variants = product.active_variants().next().is_some();
    let variant = match (has_variants, variant_id) {
        (true, None) => return Err(ApiError::field("variantId", "Vælg en variant")),
        (true, Some(id)) => Some(
            product
                .variant(id)
                .ok_or_else(|| ApiError::field("variantId", "Varianten findes ikke"))?,
        ),
        (false, Some(_)) => return Err(ApiError::field("variantId", "Varianten findes ikke")),
        (false, None) => None,
    };
    if product.sold_out() {
        return Err(ApiError::field("productId", "Produktet er udsolgt"));
    }
    let vat = club_vat(&mut tx, buyer.client_id).await?;
    let offered = public_options(&mut tx, buyer.client_id, &product, vat).await?;
    let mut options = Vec::new();
    for id in &wanted_options {
        let (_, price, add_on) = offered
            .iter()
            .find(|(o, ..)| o.product_id == *id)
            .ok_or_else(|| ApiError::field("options", "Tilvalget findes ikke"))?;
        options.push(add_on.line_option(*price));
    }
    let is_seat_ticket = product.kind == "seat-ticket";
    let (mut cart, new_token) = find_or_make_cart(&state, &mut tx, &buyer).await?;
    // A seat-ticket line is one seat, held by the buyer's session at an event the product sells.
    let mut seat_fields = None;
    if is_seat_ticket {
        amount = 1;
        if let Some(seat) = seat {
            let event =
                seat_event.ok_or_else(|| ApiError::field("seatEventId", "Vælg et arrangement"))?;
            let token = query
                .hold_token
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .ok_or_else(|| ApiError::field("holdToken", crate::seats::holds::TOKEN_GONE))?;
            let (label, category, title) =
                held_seat(&mut tx, buyer.client_id, event, token, seat).await?;
            let sells: Vec<&str> = product
                .seats
                .iter()
                .filter_map(|s| s.category.as_deref())
                .collect();
            if !sells.is_empty() && !category.as_deref().is_some_and(|c| sells.contains(&c)) {
                return Err(ApiError::field(
                    "seat",
                    "Pladsen sælges ikke med dette produkt",
                ));
            }
            take_session(&mut tx, &mut cart, token).await?;
            seat_fields = Some((label, category, title, event));
        }
    }
    let (order, _) = load(&mut tx, cart.order_id).await?;
    let mut content = order.content;
    if let Some((label, ..)) = &seat_fields {
        if content.lines.iter().any(|l| {
            l.seat.as_deref() == Some(label.as_str())
                && l.seat_event_id == seat_fields.as_ref().map(|f| f.3)
        }) {
            return Err(ApiError::field("seat", "Pladsen er allerede i kurven"));
        }
    }
    let unit = product.unit_price(variant);
    let same = content.lines.iter_mut().find(|l| {
        !is_seat_ticket
            && l.product_id == Some(product.id)
            && l.variant_id == variant.and_then(|v| v.id)
            && l.options.iter().map(|o| o.product_id).collect::<Vec<_>>()
                == options.iter().map(|o| o.product_id).collect::<Vec<_>>()
    });
    match same {
        Some(line) => {
            line.amount = (line.amount + amount).min(MAX_AMOUNT);
            line.price = unit;
        }
        None => content.lines.push(OrderLine {
            id: Uuid::new_v4(),
            product_id: Some(product.id),
            variant_id: variant.and_then(|v| v.id),
            title: product.shop_title(),
            variant: variant.and_then(|v| v.title.clone()),
            sku: product.sku.clone(),
            kind: Some(product.kind.clone()),
            price: unit,
            discount: Money::ZERO,
            amount,
            options,
            pre_payment: product.pre_payment,
            vat_exempt: product.vat_exempt,
            seat: seat_fields.as_ref().map(|f| f.0.clone()),
            seat_category_id: seat_fields.as_ref().and_then(|f| f.1.clone()),
            seat_event: seat_fields.as_ref().map(|f| f.2.clone()),
            seat_event_id: seat_fields.as_ref().map(|f| f.3),
            ..OrderLine::default()
        }),
    }
    write(&state, &mut tx, &buyer, cart.order_id, content).await?;
    let view = cart_view(&mut tx, buyer.client_id, Some(&cart)).await?;
    tx.commit().await?;
    Ok(answer(&state, view, new_token))
}

/// A line's amount changed; 0 removes it (a seat line's seat is given back).
#[utoipa::path(post, path = "/public/orders/webshop/cart/update", tag = "webshop", params(UpdateCart),
    responses((status = 200, description = "the cart", body = Envelope<Cart>),
              (status = 422, description = "no such line; an amount out of range"), (status = 404)))]
pub async fn update_cart(
    buyer: Buyer,
    query: web::Query<UpdateCart>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let line_id = parse_uuid("id", Some(&query.id), "Linjen findes ikke i kurven")?
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    let amount = parse_amount(Some(&query.amount), 0)?;
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let cart = find_cart(&state, &mut tx, &buyer)
        .await?
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    let (order, _) = load(&mut tx, cart.order_id).await?;
    let mut content = order.content;
    let at = content
        .lines
        .iter()
        .position(|l| l.id == line_id)
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    let line = &mut content.lines[at];
    if line.is_seat_ticket() && amount > 1 {
        return Err(ApiError::field(
            "amount",
            "En pladsbillet er én plads: vælg flere pladser på produktet",
        ));
    }
    if amount == 0 {
        let gone = content.lines.remove(at);
        release_line_seat(&mut tx, buyer.client_id, &cart, &gone).await?;
    } else {
        line.amount = amount;
    }
    write(&state, &mut tx, &buyer, cart.order_id, content).await?;
    let view = cart_view(&mut tx, buyer.client_id, Some(&cart)).await?;
    tx.commit().await?;
    Ok(answer(&state, view, None))
}

/// The line's seat, held by the cart, is given back.
async fn release_line_seat(
    conn: &mut PgConnection,
    client_id: Uuid,
    cart: &CartRow,
    line: &OrderLine,
) -> Result<(), sqlx::Error> {
    if let (Some(token), Some(event), Some(seat)) =
        (&cart.hold_token, line.seat_event_id, &line.seat)
    {
        release_seat(conn, client_id, event, token, seat).await?;
    }
    Ok(())
}

/// A seat-ticket line takes the seat the buyer holds (`holdToken`, else the cart's session) at
/// `seatEventId`; the seat it had before is given back.
#[utoipa::path(post, path = "/webshop/cart/check-seat", tag = "webshop", request_body = CheckSeat,
    responses((status = 200, description = "the cart", body = Envelope<Cart>),
              (status = 422, description = "no such line; the seat is not held for the buyer"), (status = 404)))]
pub async fn check_seat(
    buyer: Buyer,
    body: Json<CheckSeat>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let line_id = body
        .id
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    if body.seat.trim().is_empty() {
        return Err(ApiError::field("seat", SEAT_REQUIRED));
    }
    let event = body
        .seat_event_id
        .ok_or_else(|| ApiError::field("seatEventId", "Vælg et arrangement"))?;
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let mut cart = find_cart(&state, &mut tx, &buyer)
        .await?
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    let token = body
        .hold_token
        .clone()
        .filter(|t| !t.trim().is_empty())
        .or_else(|| cart.hold_token.clone())
        .ok_or_else(|| ApiError::field("holdToken", crate::seats::holds::TOKEN_GONE))?;
    let (label, category, title) =
        held_seat(&mut tx, buyer.client_id, event, &token, &body.seat).await?;
    let (order, _) = load(&mut tx, cart.order_id).await?;
    let mut content = order.content;
    let at = content
        .lines
        .iter()
        .position(|l| l.id == line_id && l.is_seat_ticket())
        .ok_or_else(|| ApiError::field("id", "Linjen findes ikke i kurven"))?;
    if content.lines.iter().any(|l| {
        l.id != line_id && l.seat_event_id == Some(event) && l.seat.as_deref() == Some(&label)
    }) {
        return Err(ApiError::field("seat", "Pladsen er allerede i kurven"));
    }
    let product = match content.lines[at].product_id {
        Some(id) => products_by_ids(&mut tx, buyer.client_id, &[id])
            .await?
            .remove(&id),
        None => None,
    };
    let sells: Vec<String> = product
        .map(|p| p.seats.iter().filter_map(|s| s.category.clone()).collect())
        .unwrap_or_default();
    if !sells.is_empty() && !category.as_ref().is_some_and(|c| sells.contains(c)) {
        return Err(ApiError::field(
            "seat",
            "Pladsen sælges ikke med dette produkt",
        ));
    }
    let before = content.lines[at].clone();
    take_session(&mut tx, &mut cart, &token).await?;
    if before.seat.as_deref() != Some(label.as_str()) || before.seat_event_id != Some(event) {
        release_line_seat(&mut tx, buyer.client_id, &cart, &before).await?;
    }
    let line = &mut content.lines[at];
    line.seat = Some(label);
    line.seat_category_id = category;
    line.seat_event = Some(title);
    line.seat_event_id = Some(event);
    write(&state, &mut tx, &buyer, cart.order_id, content).await?;
    let view = cart_view(&mut tx, buyer.client_id, Some(&cart)).await?;
    tx.commit().await?;
    Ok(answer(&state, view, None))
}
