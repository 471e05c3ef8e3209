//! The shop's checkout (issue 17; spec 3 §3 Checkout payload, Confirmed order, §4 Checkout, §5
//! Checkout, §7 create-intent, checkout/complete, order, §8, §9). `create-intent` checks the
//! cart and the form and answers the key `complete` is called with: one key makes one order,
//! however often it is sent. `complete` turns the cart into the order: its lines priced anew
//! from the catalogue, the discount code applied, its stock and the code's use taken on the
//! capacity counters (so neither is ever overrun, whatever the concurrency), its seats held with the order's own token, and — when there is
//! anything to pay — the card payment started; the buyer's next cart is a new one. The payment
//! (`SaleService::on_paid`, from the payment's settlement) keeps the stock and seats for good,
//! books the seats, issues their tickets, sells the season tickets, marks the order for staff
//! ('processing'), starts the subscriptions (the shop's `Fulfil` rule) and mails the
//! confirmation. An order nobody paid gives its stock and seats back by itself when its hold
//! runs out: the counters release expired holds when someone would otherwise be refused.

use actix_web::{web, HttpResponse};
use chrono::{Duration, Utc};
use serde::Deserialize;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{
    order_totals, Delivery, DeliveryAddress, DeliveryMethod, Order, OrderContent,
};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::cart::{cart_view, find_cart, Buyer, CartRow, SEAT_REQUIRED};
use super::catalogue::{products_by_ids, ProductRow};
use super::dto::{CheckoutInput, CheckoutIntent, CheckoutResult, ConfirmedLine, ConfirmedOrder};
use crate::envelope::{self, Envelope};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::identity::sessions::Identity;
use crate::identity::tokens::{digest, random_secret};
use crate::integrations::payments::{Capture, CardUse, PaymentStart, ProviderKind};
use crate::kit::capacity::{self, keys, Claim, NewHold};
use crate::kit::discount_codes::{self, DiscountCode};
use crate::kit::input::Json;
use crate::kit::sales::with_vat;
use crate::kit::seating;
use crate::orders::OrderService;
use crate::payments::ledger::{self as payments, Purpose, StartPayment};
use crate::sales::buyer::{check_buyer, new_user_password_hash};
use crate::sales::channel::PaidWith;
use crate::sales::process::{self, NewCheckout};
use crate::sales::service::SaleService;
use crate::state::AppState;

pub const EMPTY_CART: &str = "Ingen produkter i kurven";

/// A free order's season ticket whose seat was sold at another event of the season meanwhile.
const SEASON_SEAT_TAKEN: &str =
    "En plads på sæsonkortet er allerede solgt til et af sæsonens arrangementer. Vælg en anden plads.";

/// The contact fields and 'Opret bruger', each mistake on its field (spec 3 §5 Checkout).
fn check_contact(input: &CheckoutInput, identity: Option<&Identity>, errors: &mut FieldErrors) {
    check_buyer(input, identity.is_some(), errors);
    if input
        .description
        .as_deref()
        .is_some_and(|d| d.chars().count() > 2000)
    {
        push_error(errors, "description", "Beskrivelse må højst være 2000 tegn");
    }
}

/// The delivery the cart needs, with the address of the form when its products are sent; each
/// missing or wrong field on its own (`deliveryName`, `deliveryStreet`, `deliveryPostcode`,
/// `deliveryCity`).
fn check_delivery(
    needed: Option<DeliveryMethod>,
    input: &CheckoutInput,
    errors: &mut FieldErrors,
) -> Option<Delivery> {
    match needed? {
        DeliveryMethod::Pickup => Some(Delivery {
            method: DeliveryMethod::Pickup,
            address: None,
        }),
        DeliveryMethod::Address => {
            let mut field = |name: &str, value: &Option<String>, missing: &str| {
                let value = value.as_deref().map(str::trim).unwrap_or_default();
                if value.is_empty() {
                    push_error(errors, name, missing);
                } else if value.chars().count() > 200 {
                    push_error(errors, name, "Højst 200 tegn");
                }
                value.to_string()
            };
            let name = field("deliveryName", &input.delivery_name, "Navn skal udfyldes");
            let street = field(
                "deliveryStreet",
                &input.delivery_street,
                "Adresse skal udfyldes",
            );
            let city = field("deliveryCity", &input.delivery_city, "By skal udfyldes");
            let postcode = input
                .delivery_postcode
                .as_deref()
                .map(str::trim)
                .unwrap_or_default()
                .to_string();
            if postcode.is_empty() {
                push_error(errors, "deliveryPostcode", "Postnummer skal udfyldes");
            } else if postcode.len() != 4 || !postcode.chars().all(|c| c.is_ascii_digit()) {
                push_error(errors, "deliveryPostcode", "Postnummer skal være 4 cifre");
            }
            Some(Delivery {
                method: DeliveryMethod::Address,
                address: Some(DeliveryAddress {
                    name,
                    street,
                    postcode,
                    city,
                }),
            })
        }
    }
}

/// What the order is once checked: its content with lines priced anew, the stock it takes,
/// the seats it holds, the discount code.
struct Checked {
    content: OrderContent,
    claims: Vec<Claim>,
    /// (event, label) of each seat line.
    seats: Vec<(Uuid, String)>,
    code: Option<DiscountCode>,
    /// The discount as the buyer sees it (with VAT as prices are shown).
    discount_shown: Money,
    /// The order's VAT settings.
    vat: tribune_domain::order::VatSettings,
    /// A subscription is in the order: its card is kept for the recurring charges.
    subscription: bool,
    /// Where the order's products go (None: nothing to deliver).
    delivery: Option<Delivery>,
}

impl Checked {
    fn totals(&self) -> tribune_domain::order::Totals {
        order_totals(
            &self.content.lines,
            self.content.order_discount,
            &self.content.invoicing,
            self.vat,
        )
    }
}

/// Checks the cart and the form, each mistake on its field, and prices the order.
async fn check(
    conn: &mut PgConnection,
    client_id: Uuid,
    identity: Option<&Identity>,
    cart: Option<&CartRow>,
    input: &CheckoutInput,
) -> Result<Checked, ApiError> {
    let mut errors = FieldErrors::new();
    check_contact(input, identity, &mut errors);
    if !input.accept_terms {
        push_error(
            &mut errors,
            "acceptTerms",
            "Handelsbetingelserne skal accepteres",
        );
    }
    let order = match cart {
        Some(cart) => Some(
            tribune_projections::fold::load_in::<Order>(&mut *conn, &cart.order_id.to_string())
                .await
                .map_err(ApiError::internal)?
                .0,
        ),
        None => None,
    };
    // The order's own VAT settings, as its totals (and the payment) count them.
    let vat = order.as_ref().map(|o| o.vat).unwrap_or_default();
    let mut content = order.map(|o| o.content).unwrap_or_default();
    if content.lines.is_empty() {
        push_error(&mut errors, "orderLines", EMPTY_CART);
        return check_errors(errors).and(Err(ApiError::field("orderLines", EMPTY_CART)));
    }
    let ids: Vec<Uuid> = content
        .lines
        .iter()
        .flat_map(|l| {
            l.product_id
                .into_iter()
                .chain(l.options.iter().filter_map(|o| o.product_id))
        })
        .collect();
    let products = products_by_ids(conn, client_id, &ids).await?;
    let token = cart.and_then(|c| c.hold_token.clone()).unwrap_or_default();
    let mut claims = Vec::new();
    let mut seats = Vec::new();
    let mut subscription = false;
    for (i, line) in content.lines.iter_mut().enumerate() {
        let product: Option<&ProductRow> = line.product_id.and_then(|id| products.get(&id));
        let on_sale = product.filter(|p| p.active && p.shop.active);
        let Some(product) = on_sale else {
            push_error(
                &mut errors,
                &format!("orderLines.{i}"),
                format!("{} kan ikke længere købes", line.title),
            );
            continue;
        };
        subscription |= product.is_subscription();
        let variant = line.variant_id.and_then(|v| product.variant(v));
        if line.variant_id.is_some() && variant.is_none() {
            push_error(
                &mut errors,
                &format!("orderLines.{i}"),
                format!("{} findes ikke længere i den valgte variant", line.title),
            );
            continue;
        }
        // The catalogue's price now, whatever the cart said.
        line.price = product.unit_price(variant);
        let amount = i32::try_from(line.amount).unwrap_or(i32::MAX);
        if let Some(limit) = product.sale_amount {
            claims.push(Claim::new(keys::product(product.id), amount, Some(limit)));
        }
        if let (Some(variant), Some(limit)) = (variant, variant.and_then(|v| v.sale_amount)) {
            if let Some(id) = variant.id {
                claims.push(Claim::new(keys::product(id), amount, Some(limit)));
            }
        }
        for option in &line.options {
            if let Some(of) = option.product_id.and_then(|id| products.get(&id)) {
                if let Some(limit) = of.sale_amount {
                    claims.push(Claim::new(keys::product(of.id), amount, Some(limit)));
                }
            }
        }
        if line.is_seat_ticket() {
            match (line.seat_event_id, line.seat.clone()) {
                (Some(event), Some(seat)) => {
                    let held = seating::held_by(
                        &mut *conn,
                        client_id,
                        event,
                        &[(seat.clone(), token.clone())],
                        Utc::now(),
                        true,
                    )
                    .await?;
                    if held.first().is_some_and(Option::is_some) {
                        seats.push((event, seat));
                    } else {
                        push_error(&mut errors, &format!("orderLines.{i}.seat"), SEAT_REQUIRED);
                    }
                }
                _ => push_error(&mut errors, &format!("orderLines.{i}.seat"), SEAT_REQUIRED),
            }
        }
    }
    let delivery = check_delivery(
        super::catalogue::delivery_needed(
            content
                .lines
                .iter()
                .filter_map(|l| l.product_id.and_then(|id| products.get(&id))),
        ),
        input,
        &mut errors,
    );
    if subscription && !input.accept_subscription_terms {
        push_error(
            &mut errors,
            "acceptSubscriptionTerms",
            "Abonnementsbetingelserne skal accepteres",
        );
    }
    let mut code = None;
    content.order_discount = Money::ZERO;
    let mut discount_shown = Money::ZERO;
    if let Some(text) = input
        .discount_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        // The shop's holds share the club as their scope.
        match discount_codes::find(conn, client_id, text, client_id, Utc::now()).await? {
            Err(message) => push_error(&mut errors, discount_codes::FIELD, message),
            Ok(found) => {
                // The lines it applies to: all, or those of its products.
                let applies = |id: Option<Uuid>| {
                    found.product_ids.is_empty()
                        || id.is_some_and(|id| found.product_ids.contains(&id))
                };
                let base: Money = content
                    .lines
                    .iter()
                    .filter(|l| applies(l.product_id))
                    .map(|l| tribune_domain::selling::totals::line_amounts(l).total)
                    .sum();
                let off = if found.percentage {
                    base.percent(found.discount)
                } else {
                    Money::ore(found.discount).min(base)
                };
                if off <= Money::ZERO {
                    push_error(
                        &mut errors,
                        discount_codes::FIELD,
                        "Rabatkoden gælder ikke for varerne i kurven",
                    );
                } else {
                    content.order_discount = off;
                    discount_shown = with_vat(off, vat, false);
                    // Its use is taken with the stock, in the order's hold.
                    claims.push(found.claim());
                    code = Some(found);
                }
            }
        }
    }
    check_errors(errors)?;
    let customer = &mut content.customer;
    customer.firstname = input.firstname.trim().to_string();
    customer.lastname = input.lastname.trim().to_string();
    customer.email = input.email.trim().to_string();
    customer.phone = input.phone.trim().to_string();
    content.description = input
        .description
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_string);
    if let Some(code) = &code {
        content.internal = Some(format!("Rabatkode: {}", code.title));
    }
    Ok(Checked {
        content,
        claims,
        seats,
        code,
        discount_shown,
        vat,
        subscription,
        delivery,
    })
}

/// Checks the cart and the form and answers the key that completes it, with the totals.
#[utoipa::path(post, path = "/webshop/create-intent", tag = "webshop", operation_id = "shop_create_intent", request_body = CheckoutInput,
    responses((status = 200, body = Envelope<CheckoutIntent>),
              (status = 422, description = "each mistake on its field (orderLines: 'Ingen produkter i kurven'; orderLines.{i}.seat: 'Plads skal vælges!')"),
              (status = 404)))]
pub async fn create_intent(
    buyer: Buyer,
    body: Json<CheckoutInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let cart = find_cart(&state, &mut tx, &buyer).await?;
    let checked = check(
        &mut tx,
        buyer.client_id,
        buyer.caller.0.as_deref(),
        cart.as_ref(),
        &body,
    )
    .await?;
    let totals = checked.totals();
    tx.commit().await?;
    Ok(envelope::result(CheckoutIntent {
        intent_secret: random_secret(),
        subtotal: totals.subtotal,
        discount: checked.discount_shown,
        vat: totals.vat,
        total: totals.total,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CompleteQuery {
    /// `create-intent`'s key.
    #[serde(default)]
    intent_secret: String,
}

/// What `complete` made, before its payment is started.
struct Completed {
    order_id: Uuid,
    token: String,
    total: Money,
    customer: Option<String>,
    card: CardUse,
}

const CARD_GONE: &str = "Det valgte kort findes ikke længere. Vælg et andet kort.";

/// The saved card the buyer pays with ('paymentMethod' other than 'card'): one of the signed-in
/// customer's own cards at the club's Stripe, else refused on the field.
async fn saved_card(
    state: &AppState,
    buyer: &Buyer,
    input: &CheckoutInput,
) -> Result<Option<String>, ApiError> {
    let Some(card) = input
        .payment_method
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty() && *m != "card")
    else {
        return Ok(None);
    };
    let gone = || ApiError::field("paymentMethod", CARD_GONE);
    let (Some(user), Some(stripe)) = (buyer.user_id, state.stripe.as_deref()) else {
        return Err(gone());
    };
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    let kind = payments::club_provider_kind(&mut tx, buyer.client_id).await?;
    let customer = payments::customer_of(&mut tx, buyer.client_id, user).await?;
    tx.commit().await?;
    let (Some(ProviderKind::Stripe), Some((customer, _))) = (kind, customer) else {
        return Err(gone());
    };
    if !stripe
        .cards(&customer)
        .await?
        .iter()
        .any(|(id, _)| id == card)
    {
        return Err(gone());
    }
    Ok(Some(card.to_string()))
}

/// The buyer's customer at the club's Stripe for the payment: needed to pay with a saved card
/// or to keep the card (made then, and kept with the buyer's user when there is one; a guest's
/// is the payment's own). Otherwise the user's customer when they have one, so Stripe shows
/// their payments together.
async fn payment_customer(
    state: &AppState,
    client_id: Uuid,
    user_id: Option<Uuid>,
    input: &CheckoutInput,
    order_id: Uuid,
    card: &CardUse,
) -> Result<Option<String>, ApiError> {
    let mut tx = club_tx(&state.pool, client_id).await?;
    let kind = payments::club_provider_kind(&mut tx, client_id).await?;
    let existing = match user_id {
        Some(user) => payments::customer_of(&mut tx, client_id, user).await?,
        None => None,
    };
    tx.commit().await?;
    let needed = card.keep || card.saved.is_some();
    let stripe = state.stripe.as_deref();
    match (kind, stripe, existing, needed) {
        (Some(ProviderKind::Stripe), _, Some((customer, _)), _) => Ok(Some(customer)),
        (Some(ProviderKind::Stripe), Some(stripe), None, true) => {
            let name = format!("{} {}", input.firstname.trim(), input.lastname.trim());
            Ok(Some(match user_id {
                Some(user) => {
                    payments::ensure_customer(
                        state,
                        stripe,
                        client_id,
                        user,
                        input.email.trim(),
                        name.trim(),
                    )
                    .await?
                }
                None => {
                    stripe
                        .create_customer(
                            input.email.trim(),
                            name.trim(),
                            &format!("tribune-shop-customer-{order_id}"),
                        )
                        .await?
                }
            }))
        }
        _ => Ok(None),
    }
}

/// Completes the checkout (see the module's comment). The same key answers the same order.
#[utoipa::path(post, path = "/webshop/checkout/complete", tag = "webshop", params(CompleteQuery),
    request_body = CheckoutInput,
    responses((status = 200, body = Envelope<CheckoutResult>),
              (status = 422, description = "each mistake on its field; sold out"), (status = 404),
              (status = 503, description = "the card provider does not answer")))]
pub async fn complete(
    buyer: Buyer,
    query: web::Query<CompleteQuery>,
    body: Json<CheckoutInput>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let intent = crate::sales::process::intent_of(&query.intent_secret)?;
    let saved = saved_card(&state, &buyer, &body).await?;
    // Hashed before the transaction: the hash takes a while, on purpose.
    let password_hash = new_user_password_hash(&*body, buyer.caller.0.is_some()).await?;
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    // The same key again: the same order (a double click, a retried request).
    if let Some(done) = by_intent(&mut tx, buyer.client_id, intent).await? {
        tx.commit().await?;
        return Ok(envelope::result(done));
    }
    let cart = find_cart(&state, &mut tx, &buyer).await?;
    let checked = check(
        &mut tx,
        buyer.client_id,
        buyer.caller.0.as_deref(),
        cart.as_ref(),
        &body,
    )
    .await?;
    let cart = cart.ok_or_else(|| ApiError::field("orderLines", EMPTY_CART))?;
    let order_id = cart.order_id;
    let total = checked.totals().total;
    // 'Gem kort' is a signed-in customer's; a subscription's card is kept for its charges.
    let card = CardUse {
        saved,
        keep: checked.subscription || (body.save_card && buyer.caller.0.is_some()),
    };
    let free = total <= Money::ZERO;
    let now = Utc::now();
    let until = super::RULES.hold_until(now);
    // The stock, all or none; the shop's holds share the club as their scope.
    let hold = capacity::hold(
        &mut tx,
        buyer.client_id,
        NewHold {
            id: Uuid::new_v4(),
            scope: buyer.client_id,
            owner: order_id,
            expires_at: (!free).then_some(until),
        },
        &checked.claims,
        now,
    )
    .await?;
    let hold_id = match hold {
        Ok(id) => Some(id),
        Err(full) if DiscountCode::is_short(&full.key) => {
            return Err(ApiError::field(
                discount_codes::FIELD,
                discount_codes::USED_UP,
            ));
        }
        Err(full) => {
            let at = checked
                .content
                .lines
                .iter()
                .position(|l| {
                    l.product_id.map(keys::product) == Some(full.key.clone())
                        || l.variant_id.map(keys::product) == Some(full.key.clone())
                        || l.options
                            .iter()
                            .any(|o| o.product_id.map(keys::product) == Some(full.key.clone()))
                })
                .unwrap_or(0);
            let title = &checked.content.lines[at].title;
            let message = match full.left {
                0 => format!("{title} er udsolgt"),
                left => format!("Der er kun {left} tilbage af {title}"),
            };
            return Err(ApiError::field(&format!("orderLines.{at}"), message));
        }
    };
    // The seats become the order's own until the payment comes.
    let token = cart.hold_token.clone().unwrap_or_default();
    let mut events: Vec<Uuid> = checked.seats.iter().map(|(e, _)| *e).collect();
    events.sort();
    events.dedup();
    for event in events {
        let seats: Vec<(Uuid, String, String)> = checked
            .seats
            .iter()
            .filter(|(e, _)| *e == event)
            .map(|(_, label)| (order_id, label.clone(), token.clone()))
            .collect();
        let far = now + Duration::days(1);
        seating::attach(&mut tx, event, &seats, if free { far } else { until }).await?;
    }
    // A visitor's new user ('Opret bruger').
    let mut user_id = buyer.user_id;
    if let Some(hash) = &password_hash {
        let name: String = sqlx::query_scalar("SELECT name FROM clients WHERE id = $1")
            .bind(buyer.client_id)
            .fetch_one(&mut *tx)
            .await?;
        user_id = crate::routes::session::account::register_customer_in(
            &mut tx,
            &state,
            (buyer.client_id, &name),
            crate::routes::session::account::NewCustomer {
                firstname: body.firstname.trim(),
                lastname: body.lastname.trim(),
                email: body.email.trim(),
                password_hash: hash,
                phone: Some(body.phone.as_str()),
            },
        )
        .await?
        .or(user_id);
    }
    let orders = OrderService::of(&state);
    orders
        .update_in(
            &mut tx,
            &buyer.actor,
            order_id,
            checked.content,
            "order.checkout",
        )
        .await?;
    orders
        .set_delivery_in(
            &mut tx,
            &buyer.actor,
            order_id,
            checked.delivery,
            "order.checkout",
        )
        .await?;
    // The buyer's next cart is a new one.
    sqlx::query("DELETE FROM shop_carts WHERE id = $1")
        .bind(cart.id)
        .execute(&mut *tx)
        .await?;
    let link = payments::issue_link(&mut tx, buyer.client_id, Purpose::Order, order_id).await?;
    process::record_checkout(
        &mut tx,
        NewCheckout {
            client_id: buyer.client_id,
            order_id,
            intent: &digest(intent),
            hold: hold_id,
            claims: &checked.claims,
            discount_code_id: checked.code.as_ref().map(|c| c.id),
            user_id,
            save_card: body.save_card && buyer.caller.0.is_some(),
            account_requested: password_hash.is_some(),
        },
    )
    .await?;
    if free {
        let actor = buyer.actor.clone();
        if !SaleService::of(&state)
            .confirm_in(&mut tx, &actor, order_id, &PaidWith::Nothing)
            .await?
        {
            return Err(ApiError::invalid(SEASON_SEAT_TAKEN));
        }
    }
    tx.commit().await?;
    let customer = match free {
        true => None,
        false => payment_customer(&state, buyer.client_id, user_id, &body, order_id, &card).await?,
    };
    let completed = Completed {
        order_id,
        token: link,
        total,
        customer,
        card,
    };
    let result = start_payment(&state, buyer.client_id, &completed).await?;
    let mut tx = club_tx(&state.pool, buyer.client_id).await?;
    process::set_result(&mut tx, order_id, &result).await?;
    tx.commit().await?;
    Ok(envelope::result(result))
}

/// The answer of a checkout completed before with the key `intent`.
async fn by_intent(
    conn: &mut PgConnection,
    client_id: Uuid,
    intent: &str,
) -> Result<Option<CheckoutResult>, ApiError> {
    let found =
        process::checkout_by_intent::<CheckoutResult>(&mut *conn, client_id, &digest(intent))
            .await?;
    let Some((order_id, result)) = found else {
        return Ok(None);
    };
    match result {
        Some(result) => Ok(Some(result)),
        // Its first call is still starting the payment (or failed to): the order and a new link.
        None => Ok(Some(CheckoutResult {
            order_id,
            token: payments::issue_link(conn, client_id, Purpose::Order, order_id).await?,
            client_secret: None,
            publishable_key: None,
            payment_form: None,
        })),
    }
}

/// The payment of a completed checkout that costs something.
async fn start_payment(
    state: &AppState,
    client_id: Uuid,
    completed: &Completed,
) -> Result<CheckoutResult, ApiError> {
    let mut result = CheckoutResult {
        order_id: completed.order_id,
        token: completed.token.clone(),
        client_secret: None,
        publishable_key: None,
        payment_form: None,
    };
    let back = format!(
        "{}/public/orders/webshop/accept-payment?orderId={}&token={}",
        state.settings.public_url.trim_end_matches('/'),
        completed.order_id,
        completed.token
    );
    let started = SaleService::of(state)
        .start_payment(
            client_id,
            StartPayment {
                purpose: Purpose::Order,
                owner_id: completed.order_id,
                amount: completed.total,
                capture: Capture::Automatic,
                customer: completed.customer.clone(),
                accept_url: back.clone(),
                cancel_url: format!("{back}&cancelled=1"),
                period: None,
                card: completed.card.clone(),
            },
        )
        .await?;
    let Some(started) = started else {
        // Nothing to pay.
        return Ok(result);
    };
    match started {
        PaymentStart::Stripe {
            client_secret,
            publishable_key,
        } => {
            result.client_secret = Some(client_secret);
            result.publishable_key = Some(publishable_key);
        }
        form @ PaymentStart::Window { .. } => {
            result.payment_form = Some(serde_json::to_value(form).map_err(ApiError::internal)?);
        }
    }
    Ok(result)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderQuery {
    /// The token `complete` answered (the confirmation page's link).
    #[serde(default)]
    token: String,
}

/// The order as its confirmation page shows it (spec 3 §3 Confirmed order).
#[utoipa::path(get, path = "/webshop/order/{id}", tag = "webshop",
    params(("id" = String, Path, description = "the order's id"), OrderQuery),
    responses((status = 200, body = Envelope<ConfirmedOrder>),
              (status = 403, description = "not the order's link"), (status = 404)))]
pub async fn confirmed_order(
    path: web::Path<String>,
    query: web::Query<OrderQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let order_id = crate::kit::ids::parse_id(&path)?;
    let client_id =
        payments::open_link(&state.pool, Purpose::Order, order_id, query.token.trim()).await?;
    // Back from paying: the payment is read from the provider while the order waits for it.
    let mut tx = club_tx(&state.pool, client_id).await?;
    let pending = process::checkout_status(&mut tx, order_id).await?;
    tx.commit().await?;
    if pending
        .as_ref()
        .is_some_and(|(status, _)| status == "pending")
    {
        payments::settle_from_provider(&state, client_id, order_id, None).await?;
    }
    let mut tx = club_tx(&state.pool, client_id).await?;
    let checkout = process::checkout_status(&mut tx, order_id).await?;
    let (status, account_created) = checkout.ok_or(ApiError::NotFound)?;
    let (order, _) = tribune_projections::fold::load_in::<Order>(&mut tx, &order_id.to_string())
        .await
        .map_err(ApiError::internal)?;
    let message: Option<String> = sqlx::query_scalar(
        "SELECT settings->'orders'->>'confirmationMessage' FROM clients WHERE id = $1",
    )
    .bind(client_id)
    .fetch_one(&mut *tx)
    .await?;
    let cart = cart_view_of_order(&mut tx, client_id, order_id).await?;
    tx.commit().await?;
    let totals = order.totals();
    let card = order.card_payment.as_ref().and_then(|p| p.card.clone());
    // Each line as the cart shows it (prices with VAT, add-ons, the seat's place).
    let lines = cart
        .into_iter()
        .map(|line| ConfirmedLine {
            title: line.title,
            variant: line.variant,
            amount: line.amount,
            price_with_vat: line.price_with_vat,
            total_with_vat: line.total_with_vat,
            options: line.options,
            seat: line.seat,
            seat_event: line.seat_event,
            section: line.section,
            row: line.row,
            seat_number: line.seat_number,
        })
        .collect();
    let customer = order.content.customer.clone();
    Ok(envelope::result(ConfirmedOrder {
        id: order_id,
        number: order.number,
        status,
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        phone: customer.phone,
        description: order.content.description.clone(),
        card_type: card.as_ref().map(|c| c.brand.clone()),
        card_number: card.as_ref().map(|c| c.last4.clone()),
        exp_month: card.as_ref().map(|c| c.exp_month),
        exp_year: card.as_ref().map(|c| c.exp_year),
        lines,
        subtotal: totals.subtotal,
        discount: with_vat(order.content.order_discount, order.vat, false),
        additional_fee: totals.additional_fee,
        vat: totals.vat,
        total: totals.total,
        confirmation_message: message.map(|m| crate::kit::html::sanitize(&m)),
        account_created,
        delivery: order.delivery.clone(),
    }))
}

/// The lines of an order with their seats' places, as the cart shows them.
async fn cart_view_of_order(
    conn: &mut PgConnection,
    client_id: Uuid,
    order_id: Uuid,
) -> Result<Vec<super::dto::CartLine>, ApiError> {
    let row = CartRow {
        id: Uuid::nil(),
        order_id,
        hold_token: None,
        user_id: None,
    };
    Ok(cart_view(conn, client_id, Some(&row)).await?.lines)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AcceptQuery {
    #[serde(default)]
    order_id: String,
    #[serde(default)]
    token: String,
    #[serde(default)]
    cancelled: Option<String>,
}

/// Where the card payment sends the payer back: on to the order's confirmation page, or back
/// to the checkout when they cancelled.
#[utoipa::path(get, path = "/public/orders/webshop/accept-payment", tag = "webshop", operation_id = "shop_accept_payment", params(AcceptQuery),
    responses((status = 303, description = "to /shop/confirmation/{id}?token= (or /shop/checkout when cancelled)")))]
pub async fn accept_payment(query: web::Query<AcceptQuery>) -> Result<HttpResponse, ApiError> {
    let order = crate::kit::ids::parse_id(&query.order_id)?;
    let to = if query.cancelled.is_some() {
        "/shop/checkout?cancelled=1".to_string()
    } else {
        format!(
            "/shop/confirmation/{order}?token={}",
            form_urlencoded::byte_serialize(query.token.trim().as_bytes()).collect::<String>()
        )
    };
    Ok(HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, to))
        .finish())
}
