//! One VAT policy across the sales channels (issue 38 §3): the same seat ticket at 150 kr sold
//! through the staff order editor, the public booking, the web shop and the desk is one order
//! line with the same VAT and the same totals (what its invoice is made from) — the club's VAT
//! settings under each channel's rule, never written by the channel.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_product, guest, open_event, products, spawn_app, visitor, Browser, TestApp,
};
use crate::shop::{add, complete, guest_form, intent};

/// A chart of one row 'A1' of eight standard seats: its key.
async fn a_chart(staff: &Browser) -> String {
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": "Tribunen",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1E88E5" }],
                "sections": [{ "name": "A", "categoryKey": "std", "rows": [{ "label": "A1", "seats": 8 }] }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap();
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{id}")).await;
    chart["result"]["key"].as_str().unwrap().to_string()
}

async fn hold_token(buyer: &Browser, event: &str, seat: &str) -> String {
    let (status, body) = buyer
        .post_json("/public/seats/hold-tokens", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = body["result"]["holdToken"].as_str().unwrap().to_string();
    let (status, body) = buyer
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "seats": [seat] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    token
}

/// The order as its read tables hold it: (subtotal, vat, total) and its lines (title, price,
/// discount, amount, total, VAT exempt).
async fn sold(app: &TestApp, order: &str) -> Value {
    let (subtotal, vat, total): (i64, i64, i64) =
        sqlx::query_as("SELECT subtotal, vat, total FROM order_rows WHERE id = $1::uuid")
            .bind(order)
            .fetch_one(&app.db.owner)
            .await
            .unwrap();
    let lines: Vec<(String, i64, i64, i64, i64, bool)> = sqlx::query_as(
        "SELECT title, price, discount, amount, total, vat_exempt FROM order_lines \
         WHERE order_id = $1::uuid ORDER BY position",
    )
    .bind(order)
    .fetch_all(&app.db.owner)
    .await
    .unwrap();
    json!({ "subtotal": subtotal, "vat": vat, "total": total, "lines": lines })
}

#[tokio::test]
async fn one_ticket_sold_through_every_channel_has_the_same_vat_totals_and_line() {
    let app = spawn_app().await;
    // A rate other than the 25 % a channel could have written in itself: 20 %, prices with VAT.
    sqlx::query(
        "UPDATE clients SET prices_with_vat = true, vat_rate = 2000 WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .unwrap();
    let staff = app.signed_in("staff@tribune.test").await;
    let key = a_chart(&staff).await;
    let product = catalogue_product(
        &staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000,
                "seats": [{ "chartId": key, "category": "std" }], "shop": { "active": true } }),
    )
    .await;
    let (event, _) = open_event(
        &staff,
        "Pokalkamp",
        json!([{ "productId": product, "title": "Pladsbillet", "price": 15000, "public": true }]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Tribunen" } }),
    )
    .await;
    let mut orders = Vec::new();

    // The staff order editor.
    let (status, body) = staff
        .post_json(
            "/api/orders/update",
            &json!({
                "firstname": "Mette", "lastname": "Holm", "email": "mette@example.dk",
                "orderLines": [{
                    "productId": product, "title": "Pladsbillet", "type": "seat-ticket",
                    "price": 15000, "discount": 0, "amount": 1, "seat": "A1-1", "seatEventId": event,
                }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    orders.push(("staff", body["result"].as_str().unwrap().to_string()));

    // The public booking, paid by card.
    let buyer = visitor(&app).await;
    let offered = products(&buyer, &event, json!({ "products": [] })).await;
    let offer = offered["result"]["none"][0]["productId"]
        .as_str()
        .unwrap()
        .to_string();
    let token = hold_token(&buyer, &event, "A1-2").await;
    let (status, booked) = book(
        &buyer,
        &guest(
            &event,
            json!([{ "productId": offer, "amount": 1, "seat": "A1-2", "holdToken": token }]),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let secret = booked["result"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, paid) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let data = &booked["data"];
    let order = data["orderId"].as_str().unwrap().to_string();
    let (status, after) = buyer
        .post_json(
            &format!(
                "/public/events/{event}/order/{order}/accept-payment?token={}",
                data["token"].as_str().unwrap()
            ),
            &json!({ "reference": secret.split("_secret_").next().unwrap() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["result"]["status"], "approved", "{after}");
    orders.push(("booking", order));

    // The web shop, a guest paying by card.
    let shopper = visitor(&app).await;
    let token = hold_token(&shopper, &event, "A1-3").await;
    let (status, body) = add(
        &shopper,
        &format!("productId={product}&seat=A1-3&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let form = guest_form("gitte@example.dk");
    let (status, answer) = intent(&shopper, &form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(&shopper, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let secret = done["result"]["clientSecret"].as_str().unwrap().to_string();
    let (status, paid) = shopper
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let order = done["result"]["orderId"].as_str().unwrap().to_string();
    let link = done["result"]["token"].as_str().unwrap();
    let (status, confirmed) = shopper
        .get_json(&format!("/webshop/order/{order}?token={link}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");
    assert_eq!(confirmed["result"]["status"], "confirmed", "{confirmed}");
    orders.push(("shop", order));

    // The desk, paid in cash.
    let (status, listed) = staff
        .get_json(&format!("/api/events/{event}/pos/products"))
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let at_desk = listed["result"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == "Pladsbillet")
        .unwrap()["productId"]
        .as_str()
        .unwrap()
        .to_string();
    let token = hold_token(&staff, &event, "A1-4").await;
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/pos/confirm-order"),
            &json!({
                "eventId": event, "holdToken": token, "paymentMethod": "cash", "saleKey": "desk-1",
                "products": [{ "productId": at_desk, "amount": 1, "seat": "A1-4", "holdToken": token }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    orders.push((
        "desk",
        body["result"]["order"]["id"].as_str().unwrap().to_string(),
    ));

    // 150 kr. with 20 % VAT: 25 kr. of it is VAT, in every channel, with the same line.
    let mut seen = Vec::new();
    for (channel, order) in &orders {
        seen.push((*channel, sold(&app, order).await));
    }
    let (_, first) = &seen[0];
    assert_eq!(first["total"], 15000, "{first}");
    assert_eq!(first["vat"], 2500, "{first}");
    assert_eq!(first["subtotal"], 12500, "{first}");
    assert_eq!(
        first["lines"],
        json!([["Pladsbillet", 15000, 0, 1, 15000, false]]),
        "{first}"
    );
    for (channel, order) in &seen[1..] {
        assert_eq!(order, first, "{channel}'s order against the staff's");
    }
}
