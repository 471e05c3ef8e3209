//! A booking checked and priced (spec 2 §5, issue 15): who books, that the sign-up window admits
//! them, the customer fields, the questions, the terms, and every line against what its product
//! offers the buyer; then the allowance pays what it can and the rest is charged. `create-intent`
//! answers the plan; `book` makes it an order.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use tribune_domain::booking::{
    booking_totals, max_more, BookingError, BookingTotals, Buyer, Priced,
};
use tribune_domain::money::Money;
use tribune_domain::order::{ExtraInfoValue, LineOption};
use tribune_domain::selling::{SaleChannel, VatSettings};
use uuid::Uuid;

use super::dto::{
    BookingInput, BookingOptionInput, PricedBooking, PricedLine, PricedOption, PricedSeat,
};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::events::dto::ExtraInfoType;
use crate::identity::sessions::Identity;
use crate::kit::add_ons::{public_add_ons, AddOn};
use crate::kit::capacity::{self, keys, Claim, Full};
use crate::kit::sales::{vat_settings, with_vat};
use crate::kit::seating;
use crate::sales::buyer::check_buyer;
use crate::sales::offers::{self as sale, Offer, SaleEvent};
use crate::sales::plan::{
    allowances_of, amount_refusal, seat_line_refusal, seat_not_sold_with, PlannedLine,
    FREE_TICKETS_GONE, SOLD_OUT,
};

/// The booking checked and priced, with the places it must take.
#[derive(Debug, Clone)]
pub struct Plan {
    pub event: SaleEvent,
    pub buyer: Buyer,
    pub lines: Vec<PlannedLine>,
    pub totals: BookingTotals,
    pub claims: Vec<Claim>,
    /// The VAT its order is made with (the totals' own).
    pub vat: VatSettings,
    /// How the club takes cards; None: it takes none.
    pub provider: Option<crate::integrations::payments::ProviderKind>,
}

impl Plan {
    /// The booking's seats: (label, the hold session holding it).
    pub fn seats(&self) -> Vec<(String, String)> {
        self.lines
            .iter()
            .filter_map(|l| l.seat.as_ref())
            .map(|(seat, token)| (seat.label.clone(), token.clone()))
            .collect()
    }

    pub fn tickets(&self) -> i32 {
        self.lines.iter().map(|l| l.amount).sum()
    }

    pub fn priced(&self) -> PricedBooking {
        PricedBooking {
            booking_products: self
                .lines
                .iter()
                .map(|line| PricedLine {
                    product_id: line.offer.product.id,
                    title: line.offer.product.title.clone(),
                    amount: line.amount,
                    free: line.free,
                    price: line.offer.price,
                    options: priced_options(&line.options),
                    total: line.offer.price.times(i64::from(line.amount - line.free))
                        + line.add_ons().times(i64::from(line.amount)),
                    seat: line.seat.as_ref().map(|(seat, _)| PricedSeat {
                        label: seat.label.clone(),
                        section: seat.section.clone(),
                        row: seat.row.clone(),
                        number: seat.number.clone(),
                    }),
                })
                .collect(),
            subtotal: self.totals.subtotal,
            discount: Money::ZERO,
            vat: self.totals.vat,
            total: self.totals.total,
        }
    }

    /// A digest of the booking as `priced` shows it (lines, seats, prices, totals). The last
    /// step's intent carries it, so `book` sells what that step showed or nothing.
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let shown = serde_json::to_vec(&self.priced()).unwrap_or_default();
        hex::encode(&Sha256::digest(&shown)[..16])
    }

    /// Whether `intent` (create-intent's key) was made for the booking as it is planned now. A
    /// key without a digest (the demo's, a test's) names no shown booking.
    pub fn shown_by(&self, intent: &str) -> bool {
        intent
            .rsplit_once('.')
            .is_none_or(|(_, shown)| shown == self.fingerprint())
    }
}

/// A line's add-ons as the buyer reads them.
pub fn priced_options(options: &[LineOption]) -> Vec<PricedOption> {
    options
        .iter()
        .filter_map(|o| {
            Some(PricedOption {
                product_id: o.product_id?,
                title: o.title.clone(),
                price: o.price,
            })
        })
        .collect()
}

/// Why `book` refused a booking that is no longer the one its last step showed.
pub const CHANGED_SINCE_SHOWN: &str =
    "Bookingen har ændret sig, siden den blev vist (pladser, antal eller priser). Se den igen, før du bestiller.";

fn booking_error(err: BookingError) -> ApiError {
    ApiError::invalid(err.to_string())
}

/// What a booking needs of its club, in one read: whom a refused buyer is told to contact,
/// whether it shows VAT, and whether it takes cards.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClubTerms {
    pub email: String,
    pub prices_with_vat: bool,
    pub vat_rate: i32,
    pub disable_vat: bool,
    pub provider: Option<String>,
}

impl ClubTerms {
    /// The booking's VAT: the club's under the booking's rule (`VatSettings::for_sale`).
    pub fn vat(&self) -> VatSettings {
        VatSettings::for_sale(self.club_vat(), SaleChannel::Booking)
    }

    /// The club's own VAT setting, as its catalogue's prices are kept.
    fn club_vat(&self) -> VatSettings {
        vat_settings(self.prices_with_vat, self.vat_rate, self.disable_vat)
    }

    /// What an add-on costs per ticket in the booking: its catalogue price with VAT, as the
    /// booking's prices are. Its VAT is the ticket line's (an order line has one VAT rule).
    pub fn add_on_price(&self, add_on: &AddOn) -> Money {
        with_vat(add_on.price, self.club_vat(), add_on.vat_exempt)
    }
}

/// An add-on the line's product does not offer.
pub const NOT_OFFERED: &str = "Tilvalget kan ikke vælges til denne billet";

/// The add-ons chosen on a line, in the product's order, each once, priced per ticket as the
/// booking sells them; one the product does not offer refuses the line.
fn chosen_options(
    chosen: &[BookingOptionInput],
    offered: &[AddOn],
    club: &ClubTerms,
) -> Result<Vec<LineOption>, &'static str> {
    let wanted: Vec<&BookingOptionInput> = chosen
        .iter()
        .filter(|o| o.selected != Some(false))
        .collect();
    let names = |add_on: &AddOn, option: &BookingOptionInput| {
        option.product_id == Some(add_on.product_id)
            && option
                .variant_id
                .is_none_or(|v| add_on.variant_id == Some(v))
    };
    if !wanted
        .iter()
        .all(|option| offered.iter().any(|add_on| names(add_on, option)))
    {
        return Err(NOT_OFFERED);
    }
    Ok(offered
        .iter()
        .filter(|add_on| wanted.iter().any(|option| names(add_on, option)))
        .map(|add_on| add_on.line_option(club.add_on_price(add_on)))
        .collect())
}

pub async fn club_terms(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<ClubTerms, sqlx::Error> {
    sqlx::query_as(
        "SELECT coalesce(c.email, '') AS email, c.prices_with_vat, c.vat_rate, c.disable_vat, \
           (SELECT cm.features->'payments'->>'provider' FROM client_modules cm JOIN modules m ON m.id = cm.module_id \
            WHERE cm.client_id = c.id AND m.alias = 'orders' AND cm.active) AS provider \
         FROM clients c WHERE c.id = $1",
    )
    .bind(client_id)
    .fetch_one(conn)
    .await
}

/// The club's e-mail, whom a refused buyer is told to contact.
pub async fn club_email(conn: &mut PgConnection, client_id: Uuid) -> Result<String, sqlx::Error> {
    Ok(
        sqlx::query_scalar::<_, Option<String>>("SELECT email FROM clients WHERE id = $1")
            .bind(client_id)
            .fetch_one(conn)
            .await?
            .unwrap_or_default(),
    )
}

/// Answers to the event's questions: a required Select or Text question must be answered
/// (spec 2 §5); an answer names one of the question's values where it has values.
fn check_questions(event: &SaleEvent, answers: &[ExtraInfoValue], errors: &mut FieldErrors) {
    for (i, question) in event.extra_info.0.iter().enumerate() {
        let answer = answers.iter().find(|a| a.title == question.title);
        let values: Vec<&str> = answer
            .map(|a| {
                a.values
                    .iter()
                    .flatten()
                    .map(String::as_str)
                    .chain(a.value.as_deref())
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let asks = matches!(question.kind, ExtraInfoType::Select | ExtraInfoType::Text);
        if question.required && asks && values.is_empty() {
            push_error(
                errors,
                &format!("extraInfo.{i}"),
                format!("{} skal udfyldes", question.title),
            );
        }
        if question.kind != ExtraInfoType::Text
            && !question.values.is_empty()
            && values
                .iter()
                .any(|v| !question.values.iter().any(|q| q == v))
        {
            push_error(
                errors,
                &format!("extraInfo.{i}"),
                format!("Vælg en af mulighederne for {}", question.title),
            );
        }
    }
}

type Offers = HashMap<Uuid, (Offer, Option<i32>)>;

async fn offers_by_id(
    conn: &mut PgConnection,
    event: &SaleEvent,
    buyer: Buyer,
    now: DateTime<Utc>,
    invite: Option<&sale::InviteGrant>,
) -> Result<Offers, sqlx::Error> {
    Ok(sale::offers(conn, event, buyer, now, invite)
        .await?
        .into_iter()
        .map(|(offer, cap)| (offer.product.id, (offer, cap)))
        .collect())
}

/// Whether the booking wants more of a product than is left of it now.
fn short_of_places(offers: &Offers, input: &BookingInput) -> bool {
    let mut wanted: HashMap<Uuid, i64> = HashMap::new();
    for line in &input.products {
        if let Some(id) = line.product_id {
            *wanted.entry(id).or_default() += line.amount.max(0);
        }
    }
    wanted.iter().any(|(id, amount)| {
        offers
            .get(id)
            .and_then(|(offer, _)| offer.available)
            .is_some_and(|left| i64::from(left) < *amount)
    })
}

/// Checks and prices the booking for `now`; `booking`: it is being booked (the terms must be
/// accepted), not only priced. Refusals: 404 for an unknown event, 422 with the
/// field (or, for the sign-up window, the message) otherwise.
pub async fn plan(
    conn: &mut PgConnection,
    client_id: Uuid,
    identity: Option<&Identity>,
    input: &BookingInput,
    now: DateTime<Utc>,
    booking: bool,
) -> Result<Plan, ApiError> {
    plan_with(
        conn,
        &mut Reads::default(),
        client_id,
        identity,
        input,
        now,
        booking,
    )
    .await
}

/// What the plans of a batch of bookings of one event read once and share: the event, the
/// club's terms, and what is offered to each buyer. What is left of a product is as the batch
/// found it: the places are given out by `capacity::hold_many`, which counts them exactly.
#[derive(Default)]
pub struct Reads {
    event: Option<SaleEvent>,
    club: Option<ClubTerms>,
    offers: HashMap<Buyer, Offers>,
    /// The add-ons of the event's products (by catalogue product), read when a booking
    /// chooses one.
    add_ons: Option<(Uuid, HashMap<Uuid, Vec<AddOn>>)>,
}

impl Reads {
    async fn event(
        &mut self,
        conn: &mut PgConnection,
        client_id: Uuid,
        event_id: Uuid,
    ) -> Result<SaleEvent, ApiError> {
        if let Some(event) = self.event.as_ref().filter(|e| e.id == event_id) {
            return Ok(event.clone());
        }
        let event = sale::event_by_id(conn, client_id, event_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.offers.clear();
        self.event = Some(event.clone());
        Ok(event)
    }

    async fn club(
        &mut self,
        conn: &mut PgConnection,
        client_id: Uuid,
    ) -> Result<ClubTerms, ApiError> {
        if let Some(club) = &self.club {
            return Ok(club.clone());
        }
        let club = club_terms(conn, client_id).await?;
        self.club = Some(club.clone());
        Ok(club)
    }

    /// What `buyer` is offered; with an invite's link, read for that booking alone.
    async fn offers(
        &mut self,
        conn: &mut PgConnection,
        event: &SaleEvent,
        buyer: Buyer,
        now: DateTime<Utc>,
        invite: Option<&sale::InviteGrant>,
    ) -> Result<Offers, ApiError> {
        if invite.is_some() {
            return Ok(offers_by_id(conn, event, buyer, now, invite).await?);
        }
        if let Some(offers) = self.offers.get(&buyer) {
            return Ok(offers.clone());
        }
        let offers = offers_by_id(conn, event, buyer, now, None).await?;
        self.offers.insert(buyer, offers.clone());
        Ok(offers)
    }

    /// The add-ons of the event's products, by catalogue product.
    async fn add_ons(
        &mut self,
        conn: &mut PgConnection,
        event: &SaleEvent,
    ) -> Result<HashMap<Uuid, Vec<AddOn>>, ApiError> {
        if let Some((_, add_ons)) = self.add_ons.as_ref().filter(|(id, _)| *id == event.id) {
            return Ok(add_ons.clone());
        }
        let products: Vec<Uuid> = sale::products_of(conn, event)
            .await?
            .iter()
            .map(|p| p.product_id)
            .collect();
        let add_ons = public_add_ons(conn, event.client_id, &products).await?;
        self.add_ons = Some((event.id, add_ons.clone()));
        Ok(add_ons)
    }

    /// Expired holds were given back: what is left is read anew.
    fn forget_places(&mut self) {
        self.event = None;
        self.offers.clear();
    }
}

/// A booking is never charged for tickets its buyer was shown free (`free` of its lines): when
/// another booking of the company took them between the price and the booking, it is refused
/// on the line, so the wizard prices it again (the batch refuses the same way when two
/// bookings of one batch want the last free tickets: `refusal`).
fn free_tickets_gone(input: &BookingInput, priced: &[Priced]) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    for (i, (line, price)) in input.products.iter().zip(priced).enumerate() {
        if line.free.is_some_and(|shown| price.free < shown) {
            push_error(
                &mut errors,
                &format!("products.{i}.amount"),
                FREE_TICKETS_GONE,
            );
        }
    }
    check_errors(errors)
}

/// `plan` sharing `reads` with the other bookings of its batch.
pub async fn plan_with(
    conn: &mut PgConnection,
    reads: &mut Reads,
    client_id: Uuid,
    identity: Option<&Identity>,
    input: &BookingInput,
    now: DateTime<Utc>,
    booking: bool,
) -> Result<Plan, ApiError> {
    let event_id = input
        .event_id
        .ok_or_else(|| ApiError::field("eventId", "Vælg et arrangement"))?;
    let mut event = reads.event(conn, client_id, event_id).await?;
    let buyer = sale::buyer_of(conn, &event, identity, input.company_id, input.contact_id).await?;
    // An invite's link admits its holder where the invited may book, as a guest too.
    let invite = sale::invite_grant(conn, &event, input.invite_token.as_deref()).await?;
    let invited = invite.is_some() || sale::is_invited(conn, &event, buyer).await?;
    let club = reads.club(conn, client_id).await?;
    if event.cancelled {
        return Err(booking_error(BookingError::Cancelled));
    }
    event
        .window()
        .admits(
            now,
            buyer,
            invited,
            event.business_only && invite.is_none(),
            &club.email,
        )
        .map_err(booking_error)?;

    let mut errors = FieldErrors::new();
    check_buyer(input, identity.is_some(), &mut errors);
    check_questions(&event, &input.extra_info, &mut errors);
    crate::kit::discount_codes::refuse_here(input.discount_code.as_deref(), &mut errors);
    // The terms are accepted on the last step: `create-intent` prices the booking before that.
    if booking && !input.accept_terms {
        push_error(
            &mut errors,
            "acceptTerms",
            "Du skal acceptere handelsbetingelserne",
        );
    }
    let mut offers = reads
        .offers(conn, &event, buyer, now, invite.as_ref())
        .await?;
    // Places of holds that expired are for sale again: given back when they are wanted.
    if short_of_places(&offers, input) && capacity::release_expired(conn, event.id, now).await? > 0
    {
        reads.forget_places();
        event = reads.event(conn, client_id, event.id).await?;
        offers = reads
            .offers(conn, &event, buyer, now, invite.as_ref())
            .await?;
    }
    if input.products.is_empty() {
        push_error(&mut errors, "products", "Vælg mindst én billet");
    }
    let add_ons = match input.products.iter().any(|l| !l.options.is_empty()) {
        true => reads.add_ons(conn, &event).await?,
        false => HashMap::new(),
    };
    let mut lines = Vec::new();
    let mut in_booking: HashMap<Uuid, i32> = HashMap::new();
    // The seat-ticket lines' seats, read together after the loop: (planned line, input line,
    // label, token).
    let mut seat_lines: Vec<(usize, usize, String, String)> = Vec::new();
    for (i, line) in input.products.iter().enumerate() {
        let field = |name: &str| format!("products.{i}.{name}");
        let Some((offer, _)) = line.product_id.and_then(|id| offers.get(&id)) else {
            push_error(
                &mut errors,
                &field("productId"),
                "Billetten kan ikke bestilles her.",
            );
            continue;
        };
        if let Some(refused) = amount_refusal(line.amount, 1) {
            push_error(&mut errors, &field("amount"), refused);
            continue;
        }
        let mut seat_wanted = None;
        if offer.product.kind == "seat-ticket" {
            let seat = line.seat.as_deref().map(str::trim).unwrap_or_default();
            let token = line
                .hold_token
                .as_deref()
                .map(str::trim)
                .unwrap_or_default();
            let chosen = |s: &str| seat_lines.iter().any(|(_, _, l, _)| l == s);
            if let Some((name, message)) = seat_line_refusal(seat, token, line.amount, chosen) {
                push_error(&mut errors, &field(name), message);
                continue;
            }
            seat_wanted = Some((seat.to_string(), token.to_string()));
        }
        let offered = add_ons
            .get(&offer.product.product_id)
            .map_or(&[][..], Vec::as_slice);
        let options = match chosen_options(&line.options, offered, &club) {
            Ok(options) => options,
            Err(refused) => {
                push_error(&mut errors, &field("options"), refused);
                continue;
            }
        };
        let amount = i32::try_from(line.amount).unwrap_or(i32::MAX);
        let before = in_booking.get(&offer.product.id).copied().unwrap_or(0);
        if let Some(max) = max_more(offer.available, before, None, 0) {
            if amount > max {
                let refusal = match offer.max_amount {
                    // The buyer's own limit binds before the places do.
                    Some(cap) if cap - offer.purchased - before <= max => {
                        BookingError::MaxMore(max)
                    }
                    _ => BookingError::OnlyPlacesLeft(max),
                };
                push_error(&mut errors, &field("amount"), refusal.to_string());
                continue;
            }
        }
        *in_booking.entry(offer.product.id).or_default() += amount;
        let mut names: Vec<Option<String>> = line
            .names
            .iter()
            .map(|n| Some(n.trim().to_string()).filter(|n| !n.is_empty()))
            .collect();
        if names.is_empty() {
            if let Some(name) = line
                .name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
            {
                names.push(Some(name.to_string()));
            }
        }
        names.resize(usize::try_from(amount).unwrap_or(0), None);
        if offer.product.name_required && names.iter().any(Option::is_none) {
            push_error(
                &mut errors,
                &field("names"),
                "Navn på billetindehaveren skal udfyldes",
            );
        }
        if names.iter().flatten().any(|n| n.chars().count() > 200) {
            push_error(
                &mut errors,
                &field("names"),
                "Navnet må højst være 200 tegn",
            );
        }
        if let Some((seat, token)) = seat_wanted {
            seat_lines.push((lines.len(), i, seat, token));
        }
        lines.push(PlannedLine {
            offer: offer.clone(),
            amount,
            free: 0,
            names,
            extra_info: line.extra_info.clone(),
            seat: None,
            options,
        });
    }
    // Each seat must be held by its line's hold session, and be of a category its product sells.
    let wanted: Vec<(String, String)> = seat_lines
        .iter()
        .map(|(_, _, label, token)| (label.clone(), token.clone()))
        .collect();
    let held = seating::held_by(conn, client_id, event.id, &wanted, now, false).await?;
    for ((planned, at, _, token), seat) in seat_lines.into_iter().zip(held) {
        let line = &mut lines[planned];
        let field = |name: &str| format!("products.{at}.{name}");
        match seat {
            None => push_error(&mut errors, &field("seat"), SOLD_OUT),
            Some(seat) => match seat_not_sold_with(&line.offer.product, &seat) {
                Some(message) => push_error(&mut errors, &field("seat"), message),
                None => line.seat = Some((seat, token)),
            },
        }
    }
    check_errors(errors)?;

    let priced = allowances_of(&super::RULES, lines.iter());
    if booking {
        free_tickets_gone(input, &priced)?;
    }
    let vat = club.vat();
    let totals = booking_totals(&priced, vat);
    let mut claims = Vec::new();
    for (line, price) in lines.iter_mut().zip(&priced) {
        line.free = price.free;
        let cap = offers.get(&line.offer.product.id).and_then(|(_, cap)| *cap);
        claims.extend(
            line.offer
                .claims(&event, buyer, line.amount, line.free, cap),
        );
    }
    Ok(Plan {
        event,
        buyer,
        lines,
        totals,
        claims,
        vat,
        provider: club
            .provider
            .as_deref()
            .and_then(crate::integrations::payments::ProviderKind::parse),
    })
}

/// A booking refused for want of places: on the line whose product ran short, how many are left.
pub fn refusal(planned: &Plan, full: &Full) -> ApiError {
    let line = planned.lines.iter().position(|line| {
        let product = &line.offer.product;
        full.key == keys::ticket(product.id)
            || full
                .key
                .starts_with(&format!("ticket-company:{}:", product.id))
            || full
                .key
                .starts_with(&format!("allowance:{}:", planned.event.id))
                && full.key.ends_with(&product.product_id.to_string())
    });
    if full.key.starts_with("allowance:") {
        return ApiError::field(
            &format!("products.{}.amount", line.unwrap_or(0)),
            FREE_TICKETS_GONE,
        );
    }
    let message = if full.left == 0 {
        SOLD_OUT.to_string()
    } else {
        format!("Der er kun {} tilgængelige pladser", full.left)
    };
    ApiError::field(&format!("products.{}.amount", line.unwrap_or(0)), message)
}
