//! The buyer's own pages (issue 36 point 6): their orders and tickets in the profile — their
//! own only, of the club the site belongs to — a ticket downloaded again, the confirmation sent
//! again; the confirmation page of a sale that made a user says so; the same card saved again
//! stays one card.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_product, catalogue_ticket, first_offer, guest, open_event, order_of, spawn_app,
    visitor, Browser, TestApp,
};
use crate::shop::{add, checkout, confirmed, customer_form, guest_form, the_shop};

async fn my_orders(buyer: &Browser) -> Value {
    let (status, body) = buyer.get_json("/api/profile/orders").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

fn orders(seen: &Value) -> Vec<Value> {
    seen["orders"].as_array().unwrap().clone()
}

/// Waits until `to` has had `n` mails, then a moment more so that a mail too many shows.
async fn mails_to(app: &TestApp, to: &str, n: usize) -> usize {
    for _ in 0..150 {
        if app.smtp.count_to(to) >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    app.smtp.count_to(to)
}

/// A free event of Demo FC with a ticket for anyone: its id.
async fn a_free_event(staff: &Browser) -> String {
    let free = catalogue_ticket(staff, "Generalforsamling", 0).await;
    let (event, _) = open_event(
        staff,
        "Generalforsamling 2026",
        json!([{ "productId": free, "title": "Deltager", "price": 0, "maxAmount": 10, "public": true }]),
        json!({}),
    )
    .await;
    event
}

#[tokio::test]
async fn a_buyer_sees_only_their_own_orders_and_tickets_downloads_a_ticket_and_has_the_confirmation_sent_again(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = a_free_event(&staff).await;
    let offer = first_offer(&visitor(&app).await, &event).await;

    // Given: Karen books signed in, under another e-mail (hers by her user); a visitor books
    // with Karen's confirmed e-mail (hers by the address); someone else books too; and Karen
    // buys a free pin in the shop.
    let karen = app.signed_in("kunde@tribune.test").await;
    let mut hers = guest(&event, json!([{ "productId": offer, "amount": 2 }]));
    hers["email"] = json!("karen.privat@example.dk");
    let (status, booked) = book(&karen, &hers).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let booked_order = booked["data"]["orderId"].as_str().unwrap().to_string();
    let mut by_mail = guest(&event, json!([{ "productId": offer, "amount": 1 }]));
    by_mail["email"] = json!("kunde@tribune.test");
    let (status, body) = book(&visitor(&app).await, &by_mail).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = book(
        &visitor(&app).await,
        &guest(&event, json!([{ "productId": offer, "amount": 3 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let pin = catalogue_product(
        &staff,
        json!({ "title": "Klubnål", "type": "product", "price": 0, "shop": { "active": true } }),
    )
    .await;
    let (status, body) = add(&karen, &format!("productId={pin}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let done = checkout(&karen, &customer_form("card", false)).await;
    assert_eq!(confirmed(&karen, &done).await["status"], "confirmed");
    let shop_order = done["orderId"].as_str().unwrap().to_string();

    // When: Karen opens her profile.
    let seen = my_orders(&karen).await;

    // Then: her three orders, newest first, with their event or products and tickets.
    let mine = orders(&seen);
    assert_eq!(mine.len(), 3, "{seen}");
    assert_eq!(mine[0]["id"], json!(shop_order));
    assert_eq!(mine[0]["kind"], "shop");
    assert_eq!(mine[0]["status"], "confirmed");
    assert_eq!(mine[0]["lines"][0]["title"], "Klubnål");
    assert_eq!(mine[0]["event"], Value::Null);
    assert_eq!(mine[1]["kind"], "booking");
    assert_eq!(mine[1]["tickets"].as_array().unwrap().len(), 1);
    assert_eq!(mine[2]["id"], json!(booked_order));
    assert_eq!(mine[2]["event"]["title"], "Generalforsamling 2026");
    assert_eq!(mine[2]["status"], "confirmed");
    assert_eq!(mine[2]["canResend"], true);
    assert_eq!(mine[2]["total"], 0);
    assert!(mine[2]["number"].as_i64().unwrap() > 0);
    let tickets = seen["tickets"].as_array().unwrap();
    assert_eq!(tickets.len(), 3, "{seen}");
    assert!(tickets.iter().all(|t| t["status"] == "issued"
        && t["event"]["title"] == "Generalforsamling 2026"
        && t["seatNumber"].is_null()));

    // A ticket downloads again as its PDF.
    let download = tickets[0]["download"].as_str().unwrap();
    let response = karen.get(download).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "application/pdf"
    );

    // Nobody else sees them: another user of the club, nor Karen at another club.
    let others = my_orders(&staff).await;
    assert_eq!(others["orders"], json!([]), "{others}");
    assert_eq!(others["tickets"], json!([]));
    let handbold = app.club_id("Demo Håndbold").await;
    sqlx::query(
        "INSERT INTO memberships (user_id, client_id, role, system_user, accepted) \
         SELECT id, $1, 'customer', false, true FROM users WHERE email = 'kunde@tribune.test'",
    )
    .bind(handbold)
    .execute(&app.db.owner)
    .await
    .unwrap();
    let karen_elsewhere = app.signed_in("kunde@tribune.test").await;
    let response = karen_elsewhere
        .get(&format!("/public/app/change-client/{handbold}"))
        .await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let elsewhere = my_orders(&karen_elsewhere).await;
    assert_eq!(elsewhere["orders"], json!([]), "{elsewhere}");

    // Resend: one more mail of the booking's confirmation, with its ticket links; another user
    // cannot have it sent.
    assert_eq!(mails_to(&app, "karen.privat@example.dk", 1).await, 1);
    let path = format!("/api/profile/orders/{booked_order}/resend-confirmation");
    let (status, body) = staff.post_json(&path, &json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = karen.post_json(&path, &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], true);
    assert_eq!(mails_to(&app, "karen.privat@example.dk", 2).await, 2);
    let mail = app.smtp.wait_for("karen.privat@example.dk").await;
    let link = mail
        .link("http://127.0.0.1/public/events/ticket/")
        .expect("a ticket link");
    let codes: Vec<String> = mine[2]["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["ticketId"].as_str().unwrap().to_string())
        .collect();
    assert!(
        codes.iter().any(|code| link.ends_with(code.as_str())),
        "{link} {codes:?}"
    );
    // And the shop order's.
    let before = mails_to(&app, "kunde@tribune.test", 2).await;
    let (status, body) = karen
        .post_json(
            &format!("/api/profile/orders/{shop_order}/resend-confirmation"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        mails_to(&app, "kunde@tribune.test", before + 1).await,
        before + 1
    );

    // An address not confirmed finds only the orders of the user.
    sqlx::query("UPDATE users SET email_confirmed = false WHERE email = 'kunde@tribune.test'")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let seen = my_orders(&karen).await;
    let ids: Vec<Value> = orders(&seen).iter().map(|o| o["id"].clone()).collect();
    assert_eq!(ids, vec![json!(shop_order), json!(booked_order)], "{seen}");
}

#[tokio::test]
async fn the_confirmation_of_a_booking_or_checkout_that_made_a_user_says_so() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = a_free_event(&staff).await;
    let offer = first_offer(&visitor(&app).await, &event).await;

    let mut with_user = guest(&event, json!([{ "productId": offer, "amount": 1 }]));
    with_user["email"] = json!("ny@example.dk");
    with_user["createUser"] = json!(true);
    with_user["password"] = json!("et-godt-kodeord-2026");
    let (status, booked) = book(&visitor(&app).await, &with_user).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let order = order_of(&visitor(&app).await, &event, &booked["data"]).await;
    assert_eq!(order["result"]["accountCreated"], true, "{order}");
    assert_eq!(
        app.count(
            "SELECT count(*) FROM users WHERE email = 'ny@example.dk' AND NOT email_confirmed"
        )
        .await,
        1
    );

    let (status, plain) = book(
        &visitor(&app).await,
        &guest(&event, json!([{ "productId": offer, "amount": 1 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{plain}");
    let order = order_of(&visitor(&app).await, &event, &plain["data"]).await;
    assert_eq!(order["result"]["accountCreated"], false);

    // The shop's checkout.
    let pin = catalogue_product(
        &staff,
        json!({ "title": "Klubnål", "type": "product", "price": 0, "shop": { "active": true } }),
    )
    .await;
    let buyer = visitor(&app).await;
    add(&buyer, &format!("productId={pin}")).await;
    let mut form = guest_form("butik@example.dk");
    form["createUser"] = json!(true);
    form["password"] = json!("et-godt-kodeord-2026");
    let done = checkout(&buyer, &form).await;
    assert_eq!(confirmed(&buyer, &done).await["accountCreated"], true);
    let buyer = visitor(&app).await;
    add(&buyer, &format!("productId={pin}")).await;
    let done = checkout(&buyer, &guest_form("gitte@example.dk")).await;
    assert_eq!(confirmed(&buyer, &done).await["accountCreated"], false);
}

#[tokio::test]
async fn the_same_card_paid_with_three_times_and_saved_is_one_saved_card() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    let customer = app.signed_in("kunde@tribune.test").await;

    for _ in 0..3 {
        let (status, body) = add(&customer, &format!("productId={scarf}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let done = checkout(&customer, &customer_form("card", true)).await;
        let (status, paid) = customer
            .post_json(
                "/stand-ins/stripe/confirm",
                &json!({ "clientSecret": done["clientSecret"], "number": "5555555555554444",
                         "expMonth": 10, "expYear": 2032, "cvc": "123" }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{paid}");
        assert_eq!(confirmed(&customer, &done).await["status"], "confirmed");
    }
    let (_, cards) = customer.get_json("/api/profile/cards").await;
    let cards = cards["result"].as_array().unwrap().clone();
    assert_eq!(cards.len(), 1, "{cards:?}");
    assert_eq!(cards[0]["cardNumber"], "•••• 4444");
    assert_eq!(cards[0]["isDefault"], true);

    // Added again in the profile: still one; another card is a second.
    let cards = crate::profile_cards::add_card(&customer, "5555555555554444").await;
    assert_eq!(cards.as_array().unwrap().len(), 1, "{cards}");
    let cards = crate::profile_cards::add_card(&customer, "4242424242424242").await;
    assert_eq!(cards.as_array().unwrap().len(), 2, "{cards}");
}
