//! The public booking (spec 2 §2 Public event page, Order confirmation page; §4 Public order
//! status; §5; §6; §7 Public booking; issue 15): the event page, what is for sale to whom, a free
//! registration confirmed at once, a card booking confirmed by its payment, a declined card and
//! its retry, the refusals, the company's allowance, places that never oversell under
//! concurrent buyers, tickets as PDFs, the confirmation mail, and club isolation.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    a_discount_code, all_at_once, book, catalogue_product, catalogue_ticket, first_error,
    first_offer, guest, iso, open_event, order_of, pdf_text, products, spawn_app, visitor, Browser,
    TestApp,
};

/// What the browser's Stripe.js does with a card (the fake's relay to localstripe), then the
/// payer's return: the accept-payment answer. `data` is `book`'s data.
async fn pay_and_return(
    buyer: &Browser,
    event: &str,
    data: &Value,
    secret: &str,
    card: &str,
) -> Value {
    let (status, paid) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": card, "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    accept(buyer, event, data, secret).await
}

/// The payer's return from Stripe with the PaymentIntent of `secret`.
async fn accept(buyer: &Browser, event: &str, data: &Value, secret: &str) -> Value {
    let (status, after) = buyer
        .post_json(
            &format!(
                "/public/events/{event}/order/{}/accept-payment?token={}",
                data["orderId"].as_str().unwrap(),
                data["token"].as_str().unwrap()
            ),
            &json!({ "reference": secret.split("_secret_").next().unwrap() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    after
}

#[tokio::test]
async fn the_public_page_shows_the_event_and_a_free_registration_is_confirmed_with_tickets_and_a_mail(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let free = catalogue_ticket(&staff, "Generalforsamling", 0).await;
    let (id, url) = open_event(
        &staff,
        "Generalforsamling 2026",
        json!([{ "productId": free, "title": "Deltager", "price": 0, "maxAmount": 5, "public": true, "nameRequired": true }]),
        json!({ "extraInfo": [{ "title": "Kost", "alias": "kost", "type": "Select", "values": ["Vegetar", "Alt"], "required": true }] }),
    )
    .await;
    let buyer = visitor(&app).await;

    let (status, page) = buyer.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let event = &page["result"];
    assert_eq!(event["title"], "Generalforsamling 2026");
    assert_eq!(event["signUp"], "open");
    assert_eq!(event["location"], "Demo FC Stadion");
    assert!(event.get("privateDescription").is_none());
    assert!(event.get("invitees").is_none());
    assert_eq!(event["customers"], json!([]));

    let answer = products(&buyer, &id, json!({ "products": [] })).await;
    let offered = answer["result"]["none"]
        .as_array()
        .expect("keyed by none")
        .clone();
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0]["available"], 5);
    assert_eq!(offered[0]["price"], 0);
    let product = offered[0]["productId"].as_str().unwrap().to_string();

    // Names are required, as is the question; over the places is refused with the spec's text.
    let (status, body) = book(
        &buyer,
        &guest(&id, json!([{ "productId": product, "amount": 6 }])),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "products.0.amount"),
        "Der er kun 5 tilgængelige pladser"
    );
    let (status, body) = book(
        &buyer,
        &guest(&id, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "products.0.names"),
        "Navn på billetindehaveren skal udfyldes"
    );
    assert_eq!(first_error(&body, "extraInfo.0"), "Kost skal udfyldes");
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );

    let mut booking = guest(
        &id,
        json!([{ "productId": product, "amount": 2, "names": ["Gitte Gæst", "Bo Gæst"] }]),
    );
    booking["extraInfo"] = json!([{ "title": "Kost", "value": "Vegetar" }]);
    let (status, body) = book(&buyer, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], Value::Null, "free: no payment");
    let order = order_of(&buyer, &id, &body["data"]).await;
    assert_eq!(order["result"]["status"], "approved");
    assert_eq!(order["result"]["total"], 0);
    let tickets = order["result"]["tickets"].as_array().unwrap().clone();
    assert_eq!(tickets.len(), 2);
    assert_eq!(tickets[0]["name"], "Gitte Gæst");
    assert_eq!(
        tickets[1]["number"].as_i64(),
        Some(tickets[0]["number"].as_i64().unwrap() + 1)
    );

    // The places are taken: 3 left.
    let answer = products(&buyer, &id, json!({ "products": [] })).await;
    assert_eq!(answer["result"]["none"][0]["available"], 3);

    // The mail lists the tickets with their links; a link downloads the PDF.
    let mail = app.smtp.wait_for("gitte@example.dk").await;
    let code = tickets[0]["ticketId"].as_str().unwrap();
    // It carries both tickets as one PDF, and the event's calendar file (issue 36).
    let attached = mail.attachments();
    let names: Vec<&str> = attached.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(attached.len(), 2, "{names:?}");
    let (name, kind, pdf) = &attached.iter().find(|a| a.0.ends_with(".pdf")).unwrap();
    assert!(name.starts_with("billetter-ordre-"), "{name}");
    assert!(kind.starts_with("application/pdf"), "{kind}");
    assert!(pdf.starts_with(b"%PDF"));
    let text = pdf_text(pdf);
    assert_eq!(text.matches("Billet nr.").count(), 2, "{text}");
    for wanted in ["Gitte Gæst", "Bo Gæst", code] {
        assert!(text.contains(wanted), "{wanted}: {text}");
    }
    let (name, kind, ics) = &attached.iter().find(|a| a.0.ends_with(".ics")).unwrap();
    assert_eq!(name, "generalforsamling-2026.ics");
    assert!(kind.starts_with("text/calendar"), "{kind}");
    let ics = String::from_utf8(ics.clone()).unwrap();
    assert!(
        ics.ends_with("\r\n") && !ics.replace("\r\n", "").contains('\n'),
        "{ics:?}"
    );
    let lines: Vec<&str> = ics.split("\r\n").collect();
    for wanted in [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "SUMMARY:Generalforsamling 2026",
        "LOCATION:Demo FC Stadion",
        "END:VEVENT",
    ] {
        assert!(lines.contains(&wanted), "{wanted}: {ics}");
    }
    for prefix in [
        "UID:",
        "DTSTAMP:",
        "DTSTART:",
        "DTEND:",
        "DESCRIPTION:Ordre #",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(prefix)),
            "{prefix}: {ics}"
        );
    }
    assert!(
        mail.text().contains("Dine billetter er vedhæftet som PDF."),
        "{}",
        mail.text()
    );
    assert_eq!(
        mail.link("http://127.0.0.1/public/events/ticket/"),
        Some(format!("http://127.0.0.1/public/events/ticket/{code}")),
        "{}",
        mail.data
    );
    // Its 'Se din bestilling' opens the confirmation in a browser that never chose the club.
    let door = mail
        .link("http://127.0.0.1/public/app/change-client/")
        .expect("the confirmation's link");
    let fresh = app.browser();
    let opened = fresh.get(door.trim_start_matches("http://127.0.0.1")).await;
    assert_eq!(opened.status(), StatusCode::FOUND);
    let to = opened.headers()["location"].to_str().unwrap().to_string();
    assert!(to.starts_with(&format!("/events/{url}/")), "{to}");
    let (status, page) = fresh.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let pdf = buyer.get(&format!("/public/events/ticket/{code}")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let text = pdf_text(&pdf.bytes().await.unwrap());
    assert!(text.contains("Generalforsamling 2026"), "{text}");
    assert!(text.contains("Gitte Gæst"), "{text}");
    assert!(text.contains(code), "{text}");

    // The staff see the order's tickets.
    let order_id = body["data"]["orderId"].as_str().unwrap();
    let (status, staff_tickets) = staff
        .get_json(&format!("/api/orders/{order_id}/tickets"))
        .await;
    assert_eq!(status, StatusCode::OK, "{staff_tickets}");
    assert_eq!(staff_tickets["result"].as_array().map(Vec::len), Some(2));

    // The same intent books once.
    let secret = "same-intent";
    for _ in 0..2 {
        let mut again = booking.clone();
        again["products"][0]["amount"] = json!(1);
        again["products"][0]["names"] = json!(["En"]);
        let (status, body) = buyer
            .post_json(
                &format!("/public/events/book?intentSecret={secret}"),
                &again,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        2
    );

    // The same intent sent twice at once: one booking, both answered with it.
    let mut once = booking.clone();
    once["products"][0]["amount"] = json!(1);
    once["products"][0]["names"] = json!(["Samtidig"]);
    let calls = (0..6).map(|_| {
        let (buyer, once) = (buyer.clone(), once.clone());
        tokio::spawn(async move {
            buyer
                .post_json("/public/events/book?intentSecret=at-once", &once)
                .await
        })
    });
    let mut orders = std::collections::BTreeSet::new();
    for call in calls.collect::<Vec<_>>() {
        let (status, body) = call.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{body}");
        orders.insert(body["data"]["orderId"].as_str().unwrap().to_string());
    }
    assert_eq!(orders.len(), 1, "one order for one intent");
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        3
    );
}

#[tokio::test]
async fn an_intent_sent_again_answers_its_booking_and_with_another_booking_is_refused() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let free = catalogue_ticket(&staff, "Klubaften", 0).await;
    let tickets = json!([{ "productId": free, "title": "Deltager", "price": 0, "maxAmount": 10, "public": true }]);
    let (first, _) = open_event(&staff, "Klubaften", tickets.clone(), json!({})).await;
    let (second, _) = open_event(&staff, "Sommerfest", tickets, json!({})).await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &first).await;
    // Given a booking of two tickets with create-intent's key.
    let booking = guest(&first, json!([{ "productId": product, "amount": 2 }]));
    let (status, intent) = buyer
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let path = format!(
        "/public/events/book?intentSecret={}",
        intent["result"]["intentSecret"].as_str().unwrap()
    );
    let (status, body) = buyer.post_json(&path, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order_id = body["data"]["orderId"].as_str().unwrap().to_string();

    // When the same booking is sent again with its key (a retried request): the same order.
    let (status, again) = buyer.post_json(&path, &booking).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["data"]["orderId"], order_id.as_str());

    // When the key comes with other tickets, or for another event: refused, nothing booked.
    let message =
        "Denne betaling er allerede brugt til en anden bestilling. Start bestillingen forfra.";
    let more = guest(&first, json!([{ "productId": product, "amount": 3 }]));
    let elsewhere_product = first_offer(&buyer, &second).await;
    let elsewhere = guest(
        &second,
        json!([{ "productId": elsewhere_product, "amount": 2 }]),
    );
    for other in [&more, &elsewhere] {
        let (status, body) = buyer.post_json(&path, other).await;
        assert_eq!(status, StatusCode::CONFLICT, "{other}: {body}");
        assert_eq!(body["error"], message, "{body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        1
    );
    let answer = products(&buyer, &first, json!({ "products": [] })).await;
    assert_eq!(answer["result"]["none"][0]["available"], 8);
    let answer = products(&buyer, &second, json!({ "products": [] })).await;
    assert_eq!(answer["result"]["none"][0]["available"], 10);
}

#[tokio::test]
async fn a_card_booking_holds_its_places_until_the_payment_confirms_it() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Kampbillet", 15000).await;
    let (id, _) = open_event(
        &staff,
        "Demo FC – Brøndby",
        json!([{ "productId": ticket, "title": "Kampbillet", "price": 15000, "maxAmount": 10, "public": true }]),
        json!({}),
    )
    .await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &id).await;

    let booking = guest(&id, json!([{ "productId": product, "amount": 3 }]));
    let (status, intent) = buyer
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    assert_eq!(intent["result"]["booking"]["total"], 45000);
    assert_eq!(
        intent["result"]["booking"]["vat"], 9000,
        "20 % of the total"
    );
    // Prices include VAT: Subtotal + Moms = Total, in every step, the confirmation and the mail.
    assert_eq!(intent["result"]["booking"]["subtotal"], 36000, "{intent}");
    assert_eq!(
        intent["result"]["booking"]["bookingProducts"][0]["price"], 15000,
        "per ticket"
    );
    assert_eq!(
        intent["result"]["booking"]["bookingProducts"][0]["total"],
        45000
    );
    let (status, body) = book(&buyer, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["kind"], "stripe", "{body}");
    assert!(body["data"]["expires"].is_string());
    // Held: 7 left while it is paid.
    let offered = products(&buyer, &id, json!({ "products": [] })).await;
    assert_eq!(offered["result"]["none"][0]["available"], 7);
    let order = order_of(&buyer, &id, &body["data"]).await;
    assert_eq!(order["result"]["status"], "draft");
    assert_eq!(order["result"]["tickets"], json!([]));

    // A declined card: still a draft, with the reason; a retry with a good card confirms it.
    let secret = body["result"]["clientSecret"].as_str().unwrap().to_string();
    let data = &body["data"];
    let path = format!(
        "/public/events/{id}/order/{}",
        data["orderId"].as_str().unwrap()
    );
    let token = data["token"].as_str().unwrap();
    let after = pay_and_return(&buyer, &id, data, &secret, "4000000000000341").await;
    assert_eq!(after["result"]["status"], "draft");
    assert!(after["data"]["lastError"].is_string(), "{after}");
    assert_eq!(after["data"]["payable"], true);

    let (status, retry) = buyer
        .post_json(&format!("{path}/pay?token={token}"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{retry}");
    let secret = retry["result"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let after = pay_and_return(&buyer, &id, data, &secret, "4242424242424242").await;
    assert_eq!(after["result"]["status"], "approved", "{after}");
    assert_eq!(after["result"]["tickets"].as_array().map(Vec::len), Some(3));
    assert_eq!(after["result"]["total"], 45000);
    assert_eq!(
        (&after["result"]["subtotal"], &after["result"]["vat"]),
        (&json!(36000), &json!(9000)),
        "the confirmation as the last step showed it"
    );
    let mail = app.smtp.wait_for("gitte@example.dk").await;
    let body = mail.data.replace("=\r\n", "");
    for shown in [
        "Subtotal: DKK 360,00",
        "Moms: DKK 90,00",
        "Total: DKK 450,00",
    ] {
        assert!(body.contains(shown), "{shown} in {body}");
    }
    // Each ticket's link, in the text part and the HTML part.
    assert_eq!(body.matches("/public/events/ticket/").count(), 6, "{body}");
    // Kept for good: still 7 left, and a second accept changes nothing.
    let offered = products(&buyer, &id, json!({ "products": [] })).await;
    assert_eq!(offered["result"]["none"][0]["available"], 7);
    let again = accept(&buyer, &id, data, &secret).await;
    assert_eq!(again["result"]["tickets"].as_array().map(Vec::len), Some(3));

    // Another token, or another club's visitor, sees nothing.
    let (status, _) = buyer.get_json(&format!("{path}?token=not-the-token")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_payment_after_the_hold_expired_and_the_places_went_to_others_cancels_and_refunds() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Kampbillet", 10000).await;
    let (id, _) = open_event(
        &staff,
        "Udsolgt kamp",
        json!([{ "productId": ticket, "title": "Kampbillet", "price": 10000, "maxAmount": 2, "public": true }]),
        json!({}),
    )
    .await;
    let first = visitor(&app).await;
    let product = first_offer(&first, &id).await;
    let (status, body) = book(
        &first,
        &guest(&id, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Sold out while held.
    let second = visitor(&app).await;
    let (status, refused) = book(
        &second,
        &guest(&id, json!([{ "productId": product, "amount": 1 }])),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(
        first_error(&refused, "products.0.amount"),
        "Der er kun 0 tilgængelige pladser"
    );

    // The hold expires; the places go to the second buyer (free of charge here: the window
    // is not needed, the booking takes them and waits for its own payment).
    sqlx::query("UPDATE capacity_holds SET expires_at = now() - interval '1 minute'")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let (status, taken) = book(
        &second,
        &guest(&id, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{taken}");

    // The first buyer pays late: the order is cancelled and the money given back.
    let secret = body["result"]["clientSecret"].as_str().unwrap().to_string();
    let data = &body["data"];
    let after = pay_and_return(&first, &id, data, &secret, "4242424242424242").await;
    assert_eq!(after["result"]["status"], "cancelled", "{after}");
    assert_eq!(after["result"]["tickets"], json!([]));
    let (_, order) = staff
        .get_json(&format!(
            "/api/orders/{}",
            data["orderId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(order["result"]["paymentStatus"], "refunded", "{order}");
    assert_eq!(
        app.count(
            "SELECT coalesce(sum(taken), 0) FROM capacity_counters WHERE key LIKE 'ticket:%'"
        )
        .await,
        2,
        "never more than the 2 places"
    );
}

#[tokio::test]
async fn the_sign_up_window_business_only_events_and_missing_fields_refuse_a_booking() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Sponsoraften", 0).await;
    let products_json =
        json!([{ "productId": ticket, "title": "Deltager", "price": 0, "public": true }]);
    let later = Utc::now() + Duration::days(3);
    let (not_yet, _) = open_event(
        &staff,
        "Senere",
        products_json.clone(),
        json!({ "signUpStart": iso(later) }),
    )
    .await;
    let (closed, url) = open_event(
        &staff,
        "Lukket",
        products_json.clone(),
        json!({ "signUpStart": iso(Utc::now() - Duration::days(5)), "signUpDeadline": iso(Utc::now() - Duration::days(1)) }),
    )
    .await;
    let (business, _) = open_event(
        &staff,
        "Sponsoraften",
        products_json,
        json!({ "businessOnly": true }),
    )
    .await;
    let buyer = visitor(&app).await;

    let (_, page) = buyer.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(page["result"]["signUp"], "closed");
    for (event, message) in [
        (&not_yet, "Tilmeldingen åbner"),
        (&closed, "Tilmeldingen er lukket."),
        (
            &business,
            "Din bruger er ikke tilkoblet nogen virksomhed. Kontakt",
        ),
    ] {
        let offered = products(&buyer, event, json!({ "products": [] })).await;
        let product = offered["result"]["none"]
            .get(0)
            .and_then(|p| p["productId"].as_str())
            .map(str::to_string);
        let (status, body) = book(
            &buyer,
            &guest(event, json!([{ "productId": product, "amount": 1 }])),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap_or_default()
                .starts_with(message),
            "{body}"
        );
    }

    // Missing customer fields and terms: each on its field, nothing booked.
    let (open, _) = open_event(
        &staff,
        "Åben",
        json!([{ "productId": ticket, "title": "Deltager", "price": 0, "public": true }]),
        json!({}),
    )
    .await;
    let product = first_offer(&buyer, &open).await;
    let (status, body) = buyer
        .post_json(
            "/public/events/book?intentSecret=fields",
            &json!({ "eventId": open, "products": [{ "productId": product, "amount": 1 }], "email": "ikke-en-mail", "createUser": true }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(first_error(&body, "phone"), "Telefon skal udfyldes");
    assert_eq!(
        first_error(&body, "email"),
        "E-mail skal være en gyldig e-mail adresse"
    );
    assert_eq!(first_error(&body, "password"), "Adgangskode skal udfyldes");
    assert_eq!(
        first_error(&body, "acceptTerms"),
        "Du skal acceptere handelsbetingelserne"
    );
    let (status, body) = buyer
        .post_json(
            "/public/events/validate-contact",
            &json!({ "firstname": "A" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "lastname"), "Efternavn skal udfyldes");
    // Garbage is a clear refusal, never a 500.
    let (status, _) = buyer
        .post_json(
            "/public/events/create-intent",
            &json!({ "eventId": "x", "products": "y" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );

    // Another club's visitor finds none of Demo FC's events.
    let other = app.browser();
    let handbold = app.club_id("Demo Håndbold").await;
    other
        .get(&format!("/public/app/change-client/{handbold}"))
        .await;
    let (status, _) = other.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = other
        .post_json(&format!("/public/events/{open}/products"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_company_user_books_its_allowance_free_and_pays_for_the_rest() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Sponsorbillet", 20000).await;
    let (id, url) = open_event(
        &staff,
        "Sponsorkamp",
        json!([{ "productId": ticket, "title": "Sponsorbillet", "price": 20000, "public": true, "maxCompanyAmount": 4 }]),
        json!({}),
    )
    .await;
    // Karen (kunde@tribune.test) is a contact of a company whose approved contract of this
    // season holds 2 of the ticket product.
    let (company, contact) = karens_company(&app).await;
    contract_granting(&app, company, &ticket, 2).await;

    let karen = app.signed_in("kunde@tribune.test").await;
    let (_, page) = karen.get_json(&format!("/public/events/{url}")).await;
    let customers = page["result"]["customers"].as_array().unwrap().clone();
    assert_eq!(customers[0]["label"], "Karens Tømrer ApS", "{page}");
    assert_eq!(customers[1]["contactId"], json!(contact.to_string()));

    let choice = json!({ "companyId": company, "products": [] });
    let answer = products(&karen, &id, choice).await;
    let offered = &answer["result"][company.to_string()][0];
    assert_eq!(offered["allowance"], 2, "{answer}");
    assert_eq!(offered["maxAmount"], 4);
    assert_eq!(offered["inContract"], true);
    let product = offered["productId"].as_str().unwrap().to_string();

    let mut booking = guest(&id, json!([{ "productId": product, "amount": 5 }]));
    booking["companyId"] = json!(company);
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "products.0.amount"),
        "Max. 4 mere til dette arrangement"
    );

    booking["products"][0]["amount"] = json!(3);
    let (status, intent) = karen
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let priced = &intent["result"]["booking"];
    assert_eq!(priced["bookingProducts"][0]["free"], 2);
    assert_eq!(priced["total"], 20000, "two free, one at full price");
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["kind"], "stripe");
    let order_id = body["data"]["orderId"].as_str().unwrap();
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    let lines = order["result"]["orderLines"].as_array().unwrap().clone();
    assert_eq!(lines.len(), 2, "{order}");
    assert_eq!(
        (lines[0]["amount"].clone(), lines[0]["price"].clone()),
        (json!(2), json!(0))
    );
    assert_eq!(
        (lines[1]["amount"].clone(), lines[1]["price"].clone()),
        (json!(1), json!(20000))
    );
    assert_eq!(order["result"]["companyId"], json!(company.to_string()));

    // The allowance is used: the next booking pays in full.
    let answer = products(&karen, &id, json!({ "companyId": company, "products": [] })).await;
    assert_eq!(answer["result"][company.to_string()][0]["allowance"], 0);
    assert_eq!(answer["result"][company.to_string()][0]["purchased"], 3);

    // Naming a company that is not Karen's is refused.
    let mut foreign = booking.clone();
    foreign["companyId"] = json!(uuid::Uuid::new_v4());
    let (status, _) = book(&karen, &foreign).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn concurrent_buyers_never_take_more_places_than_there_are() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Rush", 0).await;
    let (id, _) = open_event(
        &staff,
        "Rush",
        json!([{ "productId": ticket, "title": "Rush", "price": 0, "maxAmount": 50, "public": true }]),
        json!({}),
    )
    .await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &id).await;
    let mut tasks = Vec::new();
    for i in 0..60 {
        let buyer = buyer.clone();
        let mut booking = guest(&id, json!([{ "productId": product, "amount": 2 }]));
        booking["email"] = json!(format!("rush-{i}@example.dk"));
        tasks.push(tokio::spawn(async move {
            buyer
                .post_json(
                    &format!("/public/events/book?intentSecret=rush-{i}"),
                    &booking,
                )
                .await
                .0
        }));
    }
    let mut booked = 0;
    let mut refused = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::OK => booked += 1,
            other => refused.push(other),
        }
    }
    assert!(
        refused
            .iter()
            .all(|s| *s == StatusCode::UNPROCESSABLE_ENTITY),
        "a full event refuses, never fails: {refused:?}"
    );
    assert_eq!(booked, 25, "50 places, 2 each");
    assert_eq!(
        app.count("SELECT count(*) FROM ticket_rows WHERE status <> 'voided'")
            .await,
        50
    );
}

/// Karen (kunde@tribune.test) as the contact of a company of Demo FC: (company, contact).
/// An approved contract of `company` running now that holds `amount` of the catalogue product
/// `ticket`: its free tickets at the club's events.
async fn contract_granting(app: &TestApp, company: uuid::Uuid, ticket: &str, amount: i64) {
    let fc = app.club_id("Demo FC").await;
    let owner = &app.db.owner;
    let contract = uuid::Uuid::new_v4();
    sqlx::query(
        "INSERT INTO contract_rows (id, client_id, number, status, agreement_status, company_id, start_date, no_end_date, created_at, updated_at, version) \
         VALUES ($1, $2, 990001, 'approved', 'signed', $3, current_date - 30, true, now(), now(), 1)",
    )
    .bind(contract)
    .bind(fc)
    .bind(company)
    .execute(owner)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO contract_lines (contract_id, line_id, client_id, position, product_id, title, unit, price, amount, total) \
         VALUES ($1, gen_random_uuid(), $2, 0, $3::uuid, 'Sponsorbillet', 'stk', 0, $4, 0)",
    )
    .bind(contract)
    .bind(fc)
    .bind(ticket)
    .bind(amount)
    .execute(owner)
    .await
    .unwrap();
}

/// Demo FC's 'Sponsorkamp' selling the catalogue product `ticket` at 200 kr. to the public, and
/// Karen's company with `granted` of it free by contract: (event, company, Karen signed in).
async fn sponsor_match(
    app: &TestApp,
    staff: &Browser,
    ticket: &str,
    granted: i64,
) -> (String, uuid::Uuid, Browser) {
    let (id, _) = open_event(
        staff,
        "Sponsorkamp",
        json!([{ "productId": ticket, "title": "Sponsorbillet", "price": 20000, "public": true }]),
        json!({}),
    )
    .await;
    let (company, _) = karens_company(app).await;
    contract_granting(app, company, ticket, granted).await;
    (id, company, app.signed_in("kunde@tribune.test").await)
}

async fn karens_company(app: &TestApp) -> (uuid::Uuid, uuid::Uuid) {
    let fc = app.club_id("Demo FC").await;
    let owner = &app.db.owner;
    let company: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO companies (client_id, name) VALUES ($1, 'Karens Tømrer ApS') RETURNING id",
    )
    .bind(fc)
    .fetch_one(owner)
    .await
    .unwrap();
    let contact: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Karen', 'Kunde', 'kunde@tribune.test') RETURNING id",
    )
    .bind(fc)
    .fetch_one(owner)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO company_contacts (client_id, company_id, contact_id) VALUES ($1, $2, $3)",
    )
    .bind(fc)
    .bind(company)
    .bind(contact)
    .execute(owner)
    .await
    .unwrap();
    (company, contact)
}

#[tokio::test]
async fn the_company_page_counts_the_tickets_it_used_this_season_against_its_limits() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Sponsormøde", 0).await;
    let (id, _) = open_event(
        &staff,
        "Sponsormøde",
        json!([{ "productId": ticket, "title": "Deltager", "price": 0, "public": true }]),
        json!({}),
    )
    .await;
    let (_, event) = staff.get_json(&format!("/api/events/{id}")).await;
    let type_id = event["result"]["typeId"].as_str().unwrap().to_string();
    let (company, _) = karens_company(&app).await;
    // The club's current season holds the event.
    sqlx::query("INSERT INTO seasons (client_id, title, start_date, end_date) VALUES ($1, 'Sæson', current_date - 60, current_date + 60)")
        .bind(app.club_id("Demo FC").await)
        .execute(&app.db.owner)
        .await
        .unwrap();
    // At most 4 tickets per event of this type.
    sqlx::query("UPDATE companies SET ticket_limits = jsonb_build_object($2::text, jsonb_build_array(jsonb_build_object('productId', $3::text, 'maxAmount', 4))) WHERE id = $1")
        .bind(company)
        .bind(&type_id)
        .bind(&ticket)
        .execute(&app.db.owner)
        .await
        .unwrap();
    let karen = app.signed_in("kunde@tribune.test").await;
    let answer = products(&karen, &id, json!({ "companyId": company })).await;
    let offered = &answer["result"][company.to_string()][0];
    assert_eq!(offered["maxAmount"], 4, "{answer}");
    let product = offered["productId"].as_str().unwrap().to_string();
    let mut booking = guest(&id, json!([{ "productId": product, "amount": 3 }]));
    booking["companyId"] = json!(company);
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, card) = staff
        .get_json(&format!("/api/companies/{company}/ticket-utilization"))
        .await;
    assert_eq!(status, StatusCode::OK, "{card}");
    let row = &card["result"][0];
    assert_eq!(
        (row["used"].clone(), row["total"].clone()),
        (json!(3), json!(4)),
        "{card}"
    );
    assert_eq!(row["utilization"], 75);
    let (_, list) = staff
        .post_json("/api/companies", &json!({ "filter": {}, "sort": { "field": "Utilization", "dir": "desc" }, "page": 1, "perPage": 50 }))
        .await;
    let listed = list["Result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["Id"] == json!(company.to_string()))
        .cloned()
        .unwrap_or_default();
    assert_eq!(listed["Utilization"], 75, "{list}");

    // Booking a fourth would pass the limit: 'Max. 1 mere…'.
    booking["products"][0]["amount"] = json!(2);
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "products.0.amount"),
        "Max. 1 mere til dette arrangement"
    );
}

#[tokio::test]
async fn the_demo_sells_tickets_for_the_played_match_and_the_promoted_one_once() {
    let app = spawn_app().await;
    let _demo = crate::helpers::seed_demo_contracts(&app).await;
    tribune_api::seed::seed_demo_events(&app.db.owner)
        .await
        .expect("events");
    for _ in 0..2 {
        tribune_api::seed::seed_demo_stadium(&app.state)
            .await
            .expect("stadium, once");
        tribune_api::seed::seed_demo_bookings(&app.state)
            .await
            .expect("bookings, once");
    }
    // Two matches, eight buyers each, 1–3 tickets each: 2 × (3 × 1 + 3 × 2 + 2 × 3) = 30, and
    // two seats each on the stadium: 32 more.
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop' AND status = 'confirmed'")
            .await,
        16
    );
    assert_eq!(
        app.count("SELECT count(*) FROM ticket_rows WHERE status = 'issued'")
            .await,
        62
    );
    assert_eq!(
        app.count("SELECT count(*) FROM ticket_rows WHERE seat_number IS NOT NULL")
            .await,
        32
    );
    // The stadium: about 2,000 seats; 48 season tickets reserved at each of the five matches;
    // the seats sold are booked.
    let seats = app.count("SELECT count(*) FROM seats").await;
    assert!((1_900..=2_200).contains(&seats), "{seats} seats");
    assert_eq!(app.count("SELECT count(*) FROM season_tickets").await, 48);
    assert_eq!(
        app.count("SELECT count(*) FROM event_seats WHERE status = 'reserved'")
            .await,
        5 * 48
    );
    assert_eq!(
        app.count("SELECT count(*) FROM event_seats WHERE status = 'booked'")
            .await,
        32
    );
    assert_eq!(
        app.count("SELECT count(*) FROM seat_channel_seats").await,
        20
    );
    assert_eq!(
        app.count(
            "SELECT count(*) FROM order_rows WHERE status = 'approved' AND payment_status = 'paid'"
        )
        .await,
        16
    );
    assert_eq!(
        app.count("SELECT count(DISTINCT event_id) FROM ticket_rows")
            .await,
        2,
        "the played match and the promoted one"
    );

    // The demo's customer books the promoted match as her company: its contracts' VIP tickets
    // are her allowance there, and the public is not offered them.
    let karen = app.signed_in("kunde@tribune.test").await;
    let url: String = sqlx::query_scalar("SELECT url FROM club_events WHERE promote")
        .fetch_one(&app.db.owner)
        .await
        .unwrap();
    let (_, page) = karen.get_json(&format!("/public/events/{url}")).await;
    let company = page["result"]["customers"][0]["companyId"].clone();
    assert!(company.is_string(), "{page}");
    let event = page["result"]["id"].as_str().unwrap().to_string();
    // She holds a season ticket on the stadium.
    let (_, tickets) = karen
        .get_json(&format!("/public/events/{event}/seasonal-tickets"))
        .await;
    assert_eq!(tickets["result"][0]["row"], "N5", "{tickets}");
    assert_eq!(tickets["result"][0]["seatNumber"], "20");
    let answer = products(
        &karen,
        &event,
        json!({ "companyId": company, "products": [] }),
    )
    .await;
    let key = company.as_str().unwrap();
    let vip = answer["result"][key]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == "VIP-billetter")
        .cloned()
        .unwrap_or_else(|| panic!("VIP tickets for the company: {answer}"));
    assert!(vip["allowance"].as_i64().unwrap() > 0, "{vip}");
    assert_eq!(vip["inContract"], true);
    let guest = products(&visitor(&app).await, &event, json!({ "products": [] })).await;
    assert!(
        guest["result"]["none"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["title"] != "VIP-billetter"),
        "{guest}"
    );
}

/// A club taking cards in the payment window, an open event of `title` selling 'Kampbillet' at
/// 150,00 kr. (`extra`: more of the event's fields), and a visitor: (app, visitor, event, product
/// offered).
async fn window_sale(title: &str, extra: Value) -> (TestApp, Browser, String, String) {
    let app = spawn_app().await;
    crate::payments::use_window(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Kampbillet", 15000).await;
    let (id, _) = open_event(
        &staff,
        title,
        json!([{ "productId": ticket, "title": "Kampbillet", "price": 15000, "public": true }]),
        extra,
    )
    .await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &id).await;
    (app, buyer, id, product)
}

#[tokio::test]
async fn a_booking_paid_in_the_window_is_confirmed_by_the_windows_callback() {
    let (app, buyer, id, product) = window_sale("Vinduet", json!({})).await;
    let (status, body) = book(
        &buyer,
        &guest(&id, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let started = &body["result"];
    assert_eq!(started["kind"], "window", "{body}");
    let fields = crate::helpers::window_fields(started);
    assert!(app.window().form_is_genuine(&fields));
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).unwrap().1.clone();
    assert_eq!(field("amount"), "30000");
    assert!(field("accepturl").contains("accept=1"), "{fields:?}");
    assert_eq!(
        order_of(&buyer, &id, &body["data"]).await["result"]["status"],
        "draft"
    );

    let query = app.window_callback(&field("orderid"), "30000", "700001");
    let answer = reqwest::get(format!(
        "{}/public/payments/window/callback?{query}",
        app.address
    ))
    .await
    .unwrap();
    assert!(answer.status().is_success(), "{}", answer.status());
    let order = order_of(&buyer, &id, &body["data"]).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    assert_eq!(order["result"]["tickets"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn a_card_booking_nobody_paid_for_a_day_is_given_up_and_a_fresh_one_is_not() {
    let (app, buyer, id, product) = window_sale("Glemt", json!({ "maxSignups": 10 })).await;
    let mut orders = Vec::new();
    for amount in [2, 3] {
        let (status, body) = book(
            &buyer,
            &guest(&id, json!([{ "productId": product, "amount": amount }])),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        orders.push(body["data"].clone());
    }
    let order_id = |data: &Value| {
        data["orderId"]
            .as_str()
            .unwrap()
            .parse::<uuid::Uuid>()
            .unwrap()
    };
    // The first was booked two days ago and its hold ran out 15 minutes later.
    sqlx::query("UPDATE sales SET created_at = now() - interval '2 days' WHERE order_id = $1")
        .bind(order_id(&orders[0]))
        .execute(&app.db.owner)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE capacity_holds SET expires_at = now() - interval '2 days' + interval '15 minutes' \
         WHERE owner_id = $1",
    )
    .bind(order_id(&orders[0]))
    .execute(&app.db.owner)
    .await
    .unwrap();

    let swept = tribune_api::booking::sweep::sweep(&app.state, Utc::now())
        .await
        .unwrap();
    assert_eq!(swept, 1);
    let first = order_of(&buyer, &id, &orders[0]).await;
    assert_eq!(first["result"]["status"], "cancelled", "{first}");
    let second = order_of(&buyer, &id, &orders[1]).await;
    assert_eq!(second["result"]["status"], "draft", "{second}");
    assert_eq!(
        app.count("SELECT count(*) FROM order_rows WHERE status = 'cancelled'")
            .await,
        1
    );
    // The second still holds its three places; the first's two are for sale.
    let taken: i32 = sqlx::query_scalar("SELECT taken FROM capacity_counters WHERE key = $1")
        .bind(format!("event:{id}"))
        .fetch_one(&app.db.owner)
        .await
        .unwrap();
    assert_eq!(taken, 3);
    // Once is enough.
    assert_eq!(
        tribune_api::booking::sweep::sweep(&app.state, Utc::now())
            .await
            .unwrap(),
        0
    );
}

#[tokio::test]
async fn sixteen_bookings_at_once_with_a_discount_code_are_each_refused_on_it_and_book_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Ståplads", 8000).await;
    let (id, _) = open_event(
        &staff,
        "Pokalkamp",
        json!([{ "productId": ticket, "title": "Ståplads", "price": 8000, "public": true }]),
        json!({}),
    )
    .await;
    let code = a_discount_code(&staff, "ENGANG", 10000, 1).await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &id).await;
    // The public booking prices without a discount (spec 2 §9): a code is refused, never
    // ignored, so nobody pays full price believing the code was taken.
    let mut booking = guest(&id, json!([{ "productId": product, "amount": 1 }]));
    booking["discountCode"] = json!("ENGANG");
    let mut buyers: Vec<Browser> = Vec::new();
    for _ in 0..16 {
        buyers.push(visitor(&app).await);
    }
    let answers = all_at_once(16, |i| {
        let booking = booking.clone();
        let buyer = &buyers[i];
        async move {
            buyer
                .post_json(
                    &format!("/public/events/book?intentSecret=rabat-{i}"),
                    &booking,
                )
                .await
        }
    })
    .await;
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            first_error(body, "discountCode"),
            "Rabatkoder kan kun bruges i webshoppen. Fjern rabatkoden for at fortsætte."
        );
    }
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );
    let uses = app
        .count(&format!(
            "SELECT coalesce(sum(taken), 0) FROM capacity_counters WHERE key = 'discount-code:{code}'"
        ))
        .await;
    assert_eq!(uses, 0);
    // Without the code the same booking is priced as before.
    booking["discountCode"] = Value::Null;
    let (status, body) = buyer
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["booking"]["total"], 8000);
}

#[tokio::test]
async fn of_bookings_at_once_for_the_last_free_tickets_one_gets_them_and_the_rest_are_told_not_charged(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Sponsorbillet", 20000).await;
    // Karen's company has 2 free tickets; 16 of its bookings were each shown them free.
    let (id, company, karen) = sponsor_match(&app, &staff, &ticket, 2).await;
    let answer = products(&karen, &id, json!({ "companyId": company, "products": [] })).await;
    let product = answer["result"][company.to_string()][0]["productId"]
        .as_str()
        .unwrap()
        .to_string();
    let mut booking = guest(&id, json!([{ "productId": product, "amount": 2 }]));
    booking["companyId"] = json!(company);
    let mut intents = Vec::new();
    for _ in 0..16 {
        let (status, intent) = karen
            .post_json("/public/events/create-intent", &booking)
            .await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        let priced = &intent["result"]["booking"];
        assert_eq!(priced["bookingProducts"][0]["free"], 2, "{intent}");
        assert_eq!(priced["total"], 0);
        let mut shown = booking.clone();
        shown["products"][0]["free"] = priced["bookingProducts"][0]["free"].clone();
        intents.push((
            intent["result"]["intentSecret"]
                .as_str()
                .unwrap()
                .to_string(),
            shown,
        ));
    }

    let answers = all_at_once(16, |i| {
        let (secret, shown) = &intents[i];
        let karen = &karen;
        async move {
            karen
                .post_json(&format!("/public/events/book?intentSecret={secret}"), shown)
                .await
        }
    })
    .await;

    let booked = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(booked, 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
        assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            first_error(body, "products.0.amount"),
            "Fribilletterne er brugt i mellemtiden. Gå tilbage og se prisen igen."
        );
    }
    // Nobody was charged for a ticket they were shown free.
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM order_lines WHERE product_id = '{ticket}' AND price > 0"
        ))
        .await,
        0
    );
    // Priced again, the buyer sees the full price, and books it knowingly.
    let (status, intent) = karen
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    assert_eq!(intent["result"]["booking"]["bookingProducts"][0]["free"], 0);
    assert_eq!(intent["result"]["booking"]["total"], 40000);
}

#[tokio::test]
async fn add_ons_are_chosen_per_ticket_charged_on_the_free_ones_too_and_reach_the_order_and_tickets(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let product =
        |title: &str, price: i64| json!({ "title": title, "type": "product", "price": price });
    let programme = catalogue_product(&staff, product("Program", 3000)).await;
    let parking = catalogue_product(&staff, product("Parkering", 5000)).await;
    let internal = catalogue_product(&staff, product("Intern", 100)).await;
    let ticket = catalogue_product(
        &staff,
        json!({ "title": "Sponsorbillet", "type": "ticket", "price": 20000, "options": [
            { "productId": programme, "public": true, "preSelected": true },
            { "productId": parking, "public": true, "priceOverride": true, "price": 4000 },
            { "productId": internal, "public": false },
        ] }),
    )
    .await;
    let (id, company, karen) = sponsor_match(&app, &staff, &ticket, 1).await;

    // The public add-ons, in the product's order, at their price per ticket.
    let answer = products(&karen, &id, json!({ "companyId": company, "products": [] })).await;
    let offered = &answer["result"][company.to_string()][0];
    let options = offered["options"].as_array().unwrap();
    let shown: Vec<_> = options
        .iter()
        .map(|o| {
            (
                o["title"].clone(),
                o["price"].clone(),
                o["selected"].clone(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        vec![
            (json!("Program"), json!(3000), json!(true)),
            (json!("Parkering"), json!(4000), json!(false)),
        ],
        "an add-on not public is not offered: {answer}"
    );
    let line_product = offered["productId"].as_str().unwrap();

    // An add-on the ticket does not offer refuses the line, and books nothing.
    let mut booking = guest(
        &id,
        json!([{ "productId": line_product, "amount": 2, "options": [{ "productId": internal }] }]),
    );
    booking["companyId"] = json!(company);
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "products.0.options"),
        "Tilvalget kan ikke vælges til denne billet"
    );

    // Both chosen (one sent twice, one taken off): the allowance pays one ticket, the add-ons
    // (70 kr.) are charged on both: 200 + 2 × 70 = 340 kr.
    booking["products"][0]["options"] = json!([
        { "productId": parking },
        { "productId": programme },
        { "productId": parking },
        { "productId": internal, "selected": false },
    ]);
    let (status, intent) = karen
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let priced = &intent["result"]["booking"];
    assert_eq!(priced["total"], 34000, "{intent}");
    assert_eq!(priced["vat"], 6800);
    let line = &priced["bookingProducts"][0];
    assert_eq!(
        (line["free"].clone(), line["total"].clone()),
        (json!(1), json!(34000))
    );
    let titles: Vec<_> = line["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["title"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        titles,
        ["Program", "Parkering"],
        "in the product's order, each once"
    );
    // The products answer prices the same lines the same way.
    let again = products(&karen, &id, booking.clone()).await;
    assert_eq!(
        again["data"]["bookingProducts"][0]["total"], 34000,
        "{again}"
    );

    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order_id = body["data"]["orderId"].as_str().unwrap();
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    let lines = order["result"]["orderLines"].as_array().unwrap().clone();
    assert_eq!(lines.len(), 2, "{order}");
    for (line, price) in lines.iter().zip([0, 20000]) {
        assert_eq!(line["price"], price);
        let options: Vec<_> = line["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| (o["title"].clone(), o["price"].clone()))
            .collect();
        assert_eq!(
            options,
            vec![
                (json!("Program"), json!(3000)),
                (json!("Parkering"), json!(4000))
            ]
        );
    }
    assert_eq!(order["result"]["total"], 34000, "{order}");

    // Paid: both tickets carry the add-ons, in the attendee list and the buyer's confirmation.
    let secret = body["result"]["clientSecret"].as_str().unwrap().to_string();
    let after = pay_and_return(&karen, &id, &body["data"], &secret, "4242424242424242").await;
    assert_eq!(after["result"]["status"], "approved", "{after}");
    let confirmation = order_of(&karen, &id, &body["data"]).await;
    assert_eq!(
        confirmation["result"]["orderLines"][1]["options"],
        json!(["Program", "Parkering"])
    );
    assert_eq!(confirmation["result"]["orderLines"][1]["total"], 27000);
    let (status, attendees) = staff
        .post_json(&format!("/api/events/{id}/attendees"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{attendees}");
    assert_eq!(attendees["Total"], 2, "{attendees}");
    for attendee in attendees["Result"].as_array().unwrap() {
        assert_eq!(attendee["options"], json!(["Program", "Parkering"]));
    }
}
