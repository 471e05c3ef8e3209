//! A sale at the desk (spec 2 §2 tab 90, §3 Point-of-sale cart, §4 Seat holds, §9; issue 19):
//! what the desk sells at the event (its ticket products, every active one, and the club's
//! simple goods such as a programme), the cart checked and priced, and the sale made — an
//! approved order marked as the point of sale's, its tickets issued, its places, stock and
//! seats taken for good, and how the customer paid recorded — in one club transaction.
//!
//! The places and stock are the same capacity counters the public booking and the shop take
//! (`kit::capacity`), and a seat is sold only while the sale's hold session holds it (its row
//! locked until the sale commits), so two desks and the web never sell the same seat or the last
//! place twice. A sale is kept as a booking of its event (its row in `sales`, channel `pos`), so cancelling its
//! order later gives everything back as it does for a booking.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tribune_domain::booking::{desk_totals, Buyer};
use tribune_domain::money::Money;
use tribune_domain::order::{
    Customer, DeskPayment, Invoicing, InvoicingType, OrderContent, OrderLine, OrderStatus,
};
use tribune_domain::selling::{SaleChannel, VatSettings};
use tribune_projections::store::Metadata;
use uuid::Uuid;

use super::dto::{PosCart, PosKind, PosPrice, PosPricedLine, PosProduct, PosProducts};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::kit::capacity::{self, keys, Claim, Full, NewHold};
use crate::kit::sales::with_vat;
use crate::kit::seating;
use crate::orders::service::NewOrder;
use crate::sales::channel::{Channel, Payment};
use crate::sales::offers::{self as sale, seat_categories, Offer, SaleEvent};
use crate::sales::plan::{
    allowances_of, amount_refusal, seat_line_refusal, seat_not_sold_with, sold_lines, PlannedLine,
    SOLD_OUT,
};
use crate::sales::process::{self, NewSale, StoredTicket};

/// The refusal of a cart with nothing in it.
pub const EMPTY_CART: &str = "Kurven er tom";

/// A good the desk sells that is not a ticket: an active catalogue product of type 'product'
/// without variants, not a subscription, a season ticket or a sponsorship (a product with a
/// contract setup is sold on contracts).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Good {
    pub id: Uuid,
    pub title: String,
    pub price: i64,
    pub sku: Option<String>,
    pub vat_exempt: bool,
    pub sale_amount: Option<i32>,
    pub taken: i32,
}

impl Good {
    fn available(&self) -> Option<i32> {
        self.sale_amount.map(|limit| (limit - self.taken).max(0))
    }
}

async fn goods(conn: &mut PgConnection, client_id: Uuid) -> Result<Vec<Good>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.id, p.title, p.price, p.sku, p.vat_exempt, p.sale_amount, coalesce(c.taken, 0) AS taken \
         FROM products p LEFT JOIN capacity_counters c ON c.key = 'product:' || p.id::text \
         WHERE p.client_id = $1 AND p.type = 'product' AND p.active AND NOT p.season_ticket \
           AND (p.contract_setup IS NULL OR jsonb_typeof(p.contract_setup) = 'null') \
           AND NOT coalesce((p.subscription->>'active')::boolean, false) \
           AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.variants) v \
                           WHERE coalesce((v->>'active')::boolean, false)) \
         ORDER BY p.sorting, lower(p.title), p.id",
    )
    .bind(client_id)
    .fetch_all(conn)
    .await
}

/// Whom the desk sells to: a company of the club, or a walk-in.
async fn buyer_of(
    conn: &mut PgConnection,
    client_id: Uuid,
    cart_company: Option<Uuid>,
) -> Result<Buyer, ApiError> {
    match cart_company {
        None => Ok(Buyer::Guest),
        Some(company) => {
            if crate::kit::club::exists_in_club(conn, "companies", client_id, Some(company)).await?
            {
                Ok(Buyer::Company(company))
            } else {
                Err(ApiError::field(
                    "customer.companyId",
                    "Virksomheden findes ikke",
                ))
            }
        }
    }
}

/// What the desk sells at the event now, to `buyer`.
pub struct Stock {
    pub event: SaleEvent,
    pub buyer: Buyer,
    pub offers: Vec<(Offer, Option<i32>)>,
    pub goods: Vec<Good>,
    pub vat: VatSettings,
}

pub async fn stock(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    company: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<Stock, ApiError> {
    let event = sale::event_by_id(conn, client_id, event_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let buyer = buyer_of(conn, client_id, company).await?;
    let offers = sale::offers_for(conn, &event, buyer, now, None, true).await?;
    let goods = goods(conn, client_id).await?;
    let vat = crate::kit::sales::club_vat(conn, client_id).await?;
    Ok(Stock {
        event,
        buyer,
        offers,
        goods,
        vat,
    })
}

impl Stock {
    /// The desk's VAT: the club's under the desk's rule (`VatSettings::for_sale`).
    pub fn sale_vat(&self) -> VatSettings {
        VatSettings::for_sale(self.vat, SaleChannel::Desk)
    }

    fn good_price(&self, good: &Good) -> Money {
        with_vat(Money::ore(good.price.max(0)), self.vat, good.vat_exempt)
    }

    /// The products as the desk lists them: the event's tickets, then the goods.
    pub async fn products(&self, conn: &mut PgConnection) -> Result<PosProducts, ApiError> {
        let categories =
            seating::event_categories(conn, self.event.client_id, self.event.id).await?;
        let mut products: Vec<PosProduct> = self
            .offers
            .iter()
            .map(|(offer, _)| {
                let seated = offer.product.kind == "seat-ticket";
                PosProduct {
                    product_id: offer.product.id,
                    kind: if seated {
                        PosKind::SeatTicket
                    } else {
                        PosKind::Ticket
                    },
                    title: offer.product.title.clone(),
                    price: offer.price,
                    available: offer.available,
                    allowance: offer.allowance,
                    seat_categories: seat_categories(&categories, &offer.product),
                }
            })
            .collect();
        products.extend(self.goods.iter().map(|good| PosProduct {
            product_id: good.id,
            kind: PosKind::Product,
            title: good.title.clone(),
            price: self.good_price(good),
            available: good.available(),
            allowance: 0,
            seat_categories: Vec::new(),
        }));
        Ok(PosProducts {
            products,
            vat_disabled: self.vat.disable_vat,
            seating: !categories.is_empty()
                || seating::chart_of(conn, self.event.client_id, self.event.id)
                    .await?
                    .is_some(),
        })
    }
}

/// A line of the cart, checked.
#[derive(Debug, Clone)]
pub enum Line {
    Ticket(Box<PlannedLine>),
    Good {
        good: Good,
        price: Money,
        amount: i32,
    },
}

/// The cart checked and priced, with the places, stock and seats it takes.
pub struct Priced {
    pub stock: Stock,
    /// With the cart's line each came from.
    pub lines: Vec<(usize, Line)>,
    pub claims: Vec<Claim>,
    pub price: PosPrice,
}

impl Priced {
    pub fn seats(&self) -> Vec<(String, String)> {
        self.lines
            .iter()
            .filter_map(|(_, line)| match line {
                Line::Ticket(l) => l.seat.as_ref(),
                Line::Good { .. } => None,
            })
            .map(|(seat, token)| (seat.label.clone(), token.clone()))
            .collect()
    }

    /// The cart's line whose claim on `key` ran short.
    fn line_of(&self, full: &Full) -> usize {
        self.lines
            .iter()
            .find(|(_, line)| match line {
                Line::Ticket(l) => {
                    full.key == keys::ticket(l.offer.product.id)
                        || full
                            .key
                            .starts_with(&format!("ticket-company:{}:", l.offer.product.id))
                        || full.key.ends_with(&l.offer.product.product_id.to_string())
                }
                Line::Good { good, .. } => full.key == keys::product(good.id),
            })
            .or_else(|| {
                // The event's own places: the first ticket line.
                self.lines
                    .iter()
                    .find(|(_, line)| matches!(line, Line::Ticket(_)))
            })
            .map_or(0, |(at, _)| *at)
    }

    /// A sale refused for want of places or stock, on the line that ran short.
    pub fn refusal(&self, full: &Full) -> ApiError {
        let at = self.line_of(full);
        let message = if full.key.starts_with("allowance:") {
            "Fribilletterne er brugt i mellemtiden. Prøv igen.".to_string()
        } else if full.left == 0 {
            "Udsolgt".to_string()
        } else {
            format!("Der er kun {} tilbage", full.left)
        };
        ApiError::field(&format!("products.{at}.amount"), message)
    }
}

/// Checks and prices the cart for `now`: every line names a product the desk sells, with an
/// amount from 0 (a line of 0 sells nothing), a seat ticket's line one seat its hold session
/// holds (`lock`: the seats' rows stay locked to the caller's transaction). 422 on the fields
/// otherwise; 404 for an unknown event.
pub async fn price(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    cart: &PosCart,
    now: DateTime<Utc>,
    lock: bool,
) -> Result<Priced, ApiError> {
    let stock = stock(conn, client_id, event_id, cart.customer.company_id, now).await?;
    let offers: HashMap<Uuid, &(Offer, Option<i32>)> =
        stock.offers.iter().map(|o| (o.0.product.id, o)).collect();
    let goods: HashMap<Uuid, &Good> = stock.goods.iter().map(|g| (g.id, g)).collect();
    let mut errors = FieldErrors::new();
    crate::kit::discount_codes::refuse_here(cart.discount_code.as_deref(), &mut errors);
    let mut lines: Vec<(usize, Line)> = Vec::new();
    let mut wanted_seats: Vec<(usize, usize, String, String)> = Vec::new();
    let mut in_cart: HashMap<Uuid, i64> = HashMap::new();
    for (i, line) in cart.products.iter().enumerate() {
        let field = |name: &str| format!("products.{i}.{name}");
        if let Some(refused) = amount_refusal(line.amount, 0) {
            push_error(&mut errors, &field("amount"), refused);
            continue;
        }
        let Some(id) = line.product_id else {
            push_error(&mut errors, &field("productId"), "Vælg en vare");
            continue;
        };
        let amount = i32::try_from(line.amount).unwrap_or(0);
        let left_of = |available: Option<i32>, so_far: i64| {
            available.map(|left| (i64::from(left) - so_far).max(0))
        };
        if let Some((offer, _)) = offers.get(&id).copied() {
            let seated = offer.product.kind == "seat-ticket";
            let seat = line.seat.as_deref().map(str::trim).unwrap_or_default();
            let token = line
                .hold_token
                .as_deref()
                .map(str::trim)
                .unwrap_or_default();
            if seated && amount > 0 {
                let chosen = |s: &str| wanted_seats.iter().any(|(_, _, l, _)| l == s);
                if let Some((name, message)) = seat_line_refusal(seat, token, line.amount, chosen) {
                    push_error(&mut errors, &field(name), message);
                    continue;
                }
            }
            if amount == 0 {
                continue;
            }
            let so_far = in_cart.entry(offer.product.id).or_default();
            if let Some(left) = left_of(offer.available, *so_far) {
                if i64::from(amount) > left {
                    push_error(
                        &mut errors,
                        &field("amount"),
                        if left == 0 {
                            "Udsolgt".to_string()
                        } else {
                            format!("Der er kun {left} tilbage")
                        },
                    );
                    continue;
                }
            }
            *so_far += i64::from(amount);
            if seated {
                wanted_seats.push((lines.len(), i, seat.to_string(), token.to_string()));
            }
            lines.push((
                i,
                Line::Ticket(Box::new(PlannedLine {
                    offer: offer.clone(),
                    amount,
                    free: 0,
                    names: vec![None; usize::try_from(amount).unwrap_or(0)],
                    extra_info: Vec::new(),
                    seat: None,
                    // The desk sells tickets without add-ons (its screen has none).
                    options: Vec::new(),
                })),
            ));
        } else if let Some(good) = goods.get(&id).copied() {
            if amount == 0 {
                continue;
            }
            let so_far = in_cart.entry(good.id).or_default();
            if let Some(left) = left_of(good.available(), *so_far) {
                if i64::from(amount) > left {
                    push_error(
                        &mut errors,
                        &field("amount"),
                        if left == 0 {
                            format!("{} er udsolgt", good.title)
                        } else {
                            format!("Der er kun {left} tilbage af {}", good.title)
                        },
                    );
                    continue;
                }
            }
            *so_far += i64::from(amount);
            lines.push((
                i,
                Line::Good {
                    price: stock.good_price(good),
                    good: (*good).clone(),
                    amount,
                },
            ));
        } else {
            push_error(
                &mut errors,
                &field("productId"),
                "Varen kan ikke sælges her",
            );
        }
    }
    // Each seat must be held by its line's hold session, and be of a category its product sells.
    let wanted: Vec<(String, String)> = wanted_seats
        .iter()
        .map(|(_, _, label, token)| (label.clone(), token.clone()))
        .collect();
    let held = seating::held_by(conn, client_id, event_id, &wanted, now, lock).await?;
    for ((at, i, label, token), seat) in wanted_seats.into_iter().zip(held) {
        let field = format!("products.{i}.seat");
        let Line::Ticket(line) = &mut lines[at].1 else {
            continue;
        };
        match seat {
            None => push_error(
                &mut errors,
                &field,
                format!("Pladsen {label} er ikke længere reserveret til salget. Vælg den igen."),
            ),
            Some(seat) => match seat_not_sold_with(&line.offer.product, &seat) {
                Some(message) => push_error(&mut errors, &field, message),
                None => line.seat = Some((seat, token)),
            },
        }
    }
    if errors.is_empty() && lines.is_empty() {
        push_error(&mut errors, "products", EMPTY_CART);
    }
    check_errors(errors)?;

    // A company's free tickets first (per catalogue product), then the price.
    let tickets = lines.iter().filter_map(|(_, l)| match l {
        Line::Ticket(t) => Some(&**t),
        Line::Good { .. } => None,
    });
    let mut frees = allowances_of(&super::RULES, tickets)
        .into_iter()
        .map(|p| p.free);
    let mut claims = Vec::new();
    let mut priced = Vec::new();
    let mut totals = Vec::new();
    for (_, line) in &mut lines {
        match line {
            Line::Ticket(t) => {
                t.free = frees.next().unwrap_or(0);
                let cap = stock
                    .offers
                    .iter()
                    .find(|(o, _)| o.product.id == t.offer.product.id)
                    .and_then(|(_, cap)| *cap);
                claims.extend(
                    t.offer
                        .claims(&stock.event, stock.buyer, t.amount, t.free, cap),
                );
                let total = t.offer.price.times(i64::from(t.amount - t.free));
                totals.push((total, false));
                priced.push(PosPricedLine {
                    product_id: t.offer.product.id,
                    title: t.offer.product.title.clone(),
                    seat: t.seat.as_ref().map(|(s, _)| s.label.clone()),
                    amount: i64::from(t.amount),
                    free: i64::from(t.free),
                    price: t.offer.price,
                    total,
                });
            }
            Line::Good {
                good,
                price,
                amount,
            } => {
                claims.push(Claim::new(
                    keys::product(good.id),
                    *amount,
                    good.sale_amount,
                ));
                let total = price.times(i64::from(*amount));
                totals.push((total, good.vat_exempt));
                priced.push(PosPricedLine {
                    product_id: good.id,
                    title: good.title.clone(),
                    seat: None,
                    amount: i64::from(*amount),
                    free: 0,
                    price: *price,
                    total,
                });
            }
        }
    }
    let sums = desk_totals(&totals, stock.sale_vat());
    Ok(Priced {
        stock,
        lines,
        claims,
        price: PosPrice {
            lines: priced,
            subtotal: sums.subtotal,
            discount: Money::ZERO,
            vat: sums.vat,
            total: sums.total,
        },
    })
}

/// How the sale is paid: what the desk chose, checked against what there is to pay.
pub fn payment_of(priced: &Priced, cart: &PosCart) -> Result<DeskPayment, ApiError> {
    if priced.price.total == Money::ZERO {
        return Ok(DeskPayment::Free);
    }
    match cart.payment_method {
        None | Some(DeskPayment::Free) => Err(ApiError::field(
            "paymentMethod",
            "Vælg hvordan kunden betaler",
        )),
        Some(method) if !super::RULES.takes(Payment::Desk(method)) => Err(ApiError::field(
            "paymentMethod",
            "Vælg hvordan kunden betaler",
        )),
        Some(DeskPayment::Invoice) if !matches!(priced.stock.buyer, Buyer::Company(_)) => {
            Err(ApiError::field(
                "paymentMethod",
                "Vælg en virksomhed for at sende en faktura",
            ))
        }
        Some(method) => Ok(method),
    }
}

/// The order of the sale: a line per ticket product, price and seat (the free tickets at 0),
/// a line per good; the tickets it issues once approved.
pub fn order_content(
    priced: &Priced,
    cart: &PosCart,
    method: DeskPayment,
    today: chrono::NaiveDate,
) -> (OrderContent, Vec<StoredTicket>) {
    let mut lines = Vec::new();
    let mut tickets = Vec::new();
    let event = &priced.stock.event;
    for (_, line) in &priced.lines {
        match line {
            Line::Ticket(t) => {
                let (sold, issued) = sold_lines(&super::RULES, event, std::iter::once(&**t));
                lines.extend(sold);
                tickets.extend(issued);
            }
            Line::Good {
                good,
                price,
                amount,
            } => lines.push(OrderLine {
                id: Uuid::new_v4(),
                product_id: Some(good.id),
                title: good.title.clone(),
                sku: good.sku.clone(),
                kind: Some("product".into()),
                price: *price,
                amount: i64::from(*amount),
                vat_exempt: good.vat_exempt,
                ..OrderLine::default()
            }),
        }
    }
    let (company_id, contact_id) = match priced.stock.buyer {
        Buyer::Company(id) => (Some(id), None),
        Buyer::Contact(id) => (None, Some(id)),
        Buyer::Guest => (None, None),
    };
    let customer = &cart.customer;
    let content = OrderContent {
        customer: Customer {
            firstname: customer.firstname.trim().to_string(),
            lastname: customer.lastname.trim().to_string(),
            email: customer.email.trim().to_string(),
            phone: customer.phone.trim().to_string(),
        },
        description: Some(event.title.clone()),
        lines,
        company_id,
        contact_id,
        invoicing: match method {
            DeskPayment::Invoice => Invoicing {
                kind: Some(InvoicingType::Single),
                invoice_date: Some(today),
                ..Invoicing::default()
            },
            _ => Invoicing::default(),
        },
        ..OrderContent::default()
    };
    (content, tickets)
}

/// The sale's new order: a draft of the point of sale (approved by the confirmation).
pub fn new_order(
    id: Uuid,
    number: i64,
    now: DateTime<Utc>,
    vat: VatSettings,
    content: OrderContent,
    metadata: Metadata,
) -> NewOrder {
    NewOrder {
        id,
        number,
        created_at: now,
        vat,
        status: OrderStatus::Draft,
        is_pos: true,
        content,
        metadata,
    }
}

/// The sale's seats become its order's, from its hold session (their rows were locked by
/// `price`); refused when one is no longer the session's.
pub async fn take_seats(
    conn: &mut PgConnection,
    priced: &Priced,
    order_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let seats: Vec<(Uuid, String, String)> = priced
        .seats()
        .into_iter()
        .map(|(label, token)| (order_id, label, token))
        .collect();
    let far = now + chrono::Duration::days(1);
    let attached = seating::attach(conn, priced.stock.event.id, &seats, far).await?;
    if usize::try_from(attached).unwrap_or(0) != seats.len() {
        return Err(ApiError::field("products", SOLD_OUT));
    }
    Ok(())
}

/// Takes the sale's places and stock for good; refused on the line that ran short. The event's
/// counters stay locked until the sale commits, so the sale takes them last: two desks queue
/// only for the end of each other's sale.
pub async fn take_places(
    conn: &mut PgConnection,
    priced: &Priced,
    order_id: Uuid,
    hold_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let held = capacity::hold(
        conn,
        priced.stock.event.client_id,
        NewHold {
            id: hold_id,
            scope: priced.stock.event.id,
            owner: order_id,
            expires_at: None,
        },
        &priced.claims,
        now,
    )
    .await?;
    held.map(|_| ()).map_err(|full| priced.refusal(&full))
}

/// Records the sale in `sales` (channel `pos`), so its order's later cancellation gives its
/// places, stock and seats back.
pub async fn record(
    conn: &mut PgConnection,
    priced: &Priced,
    order_id: Uuid,
    hold_id: Uuid,
    key: &str,
    digest: &str,
    tickets: &[StoredTicket],
) -> Result<(), sqlx::Error> {
    process::record_many(
        conn,
        &[NewSale {
            channel: Channel::Pos,
            client_id: priced.stock.event.client_id,
            event_id: priced.stock.event.id,
            buyer: priced.stock.buyer,
            order_id,
            hold: hold_id,
            claims: &priced.claims,
            intent: key,
            digest,
            user_id: None,
            tickets,
        }],
    )
    .await
}

/// Gives back the seats the hold sessions hold at the event (a cancelled sale); how many.
pub async fn release_sessions(
    conn: &mut PgConnection,
    client_id: Uuid,
    event_id: Uuid,
    tokens: &[String],
) -> Result<u64, sqlx::Error> {
    if tokens.is_empty() {
        return Ok(0);
    }
    Ok(sqlx::query(
        "DELETE FROM event_seats WHERE event_id = $1 AND client_id = $2 AND status = 'held' \
           AND hold_token = ANY($3)",
    )
    .bind(event_id)
    .bind(client_id)
    .bind(tokens)
    .execute(conn)
    .await?
    .rows_affected())
}
