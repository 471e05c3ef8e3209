//! One sales core (issue 38): the same seat ticket at 150 kr sold through the staff order editor,
//! the public booking, the web shop and the desk is one order line with the same VAT and the same
//! totals (what its invoice is made from) — the club's VAT settings under each channel's rule,
//! never written by the channel; and the sales in progress that the old process tables kept still
//! confirm after migration 0058 moved them into `sales`.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_product, guest, open_event, products, spawn_app, visitor, Browser, TestApp,
};
use crate::pos::a_chart;
use crate::shop::{add, complete, guest_form, holding, intent};

/// A seated match whose seat ticket at 150 kr is sold by the booking, the shop and the desk: the
/// event and the catalogue product.
async fn a_seated_match(staff: &Browser) -> (String, String) {
    let key = a_chart(staff, 8).await;
    let product = catalogue_product(
        staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000,
                "seats": [{ "chartId": key, "category": "std" }], "shop": { "active": true } }),
    )
    .await;
    let (event, _) = open_event(
        staff,
        "Pokalkamp",
        json!([{ "productId": product, "title": "Pladsbillet", "price": 15000, "public": true }]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Tribunen" } }),
    )
    .await;
    (event, product)
}

/// A guest's card booking of `seat`, not yet paid: the book answer.
async fn booked(buyer: &Browser, event: &str, seat: &str) -> Value {
    let offered = products(buyer, event, json!({ "products": [] })).await;
    let offer = offered["result"]["none"][0]["productId"]
        .as_str()
        .unwrap()
        .to_string();
    let token = holding(buyer, event, &[seat]).await;
    let (status, booked) = book(
        buyer,
        &guest(
            event,
            json!([{ "productId": offer, "amount": 1, "seat": seat, "holdToken": token }]),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    booked
}

/// The booking paid by card and its payer back: the order as the booking shows it.
async fn paid_booking(buyer: &Browser, event: &str, booked: &Value) -> Value {
    let secret = booked["result"]["clientSecret"].as_str().unwrap();
    pay_by_card(buyer, secret).await;
    let data = &booked["data"];
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
    assert_eq!(after["result"]["status"], "approved", "{after}");
    after
}

/// A guest's shop checkout of `seat`, completed and not yet paid: (what the checkout charges,
/// the complete answer).
async fn checked_out(shopper: &Browser, event: &str, product: &str, seat: &str) -> (Value, Value) {
    let token = holding(shopper, event, &[seat]).await;
    let (status, body) = add(
        shopper,
        &format!("productId={product}&seat={seat}&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let form = guest_form("gitte@example.dk");
    let (status, answer) = intent(shopper, &form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(shopper, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    (answer, done)
}

/// The checkout paid by card and its confirmation page read: the order's id.
async fn paid_checkout(shopper: &Browser, done: &Value) -> String {
    pay_by_card(shopper, done["result"]["clientSecret"].as_str().unwrap()).await;
    let order = done["result"]["orderId"].as_str().unwrap();
    let link = done["result"]["token"].as_str().unwrap();
    let (status, confirmed) = shopper
        .get_json(&format!("/webshop/order/{order}?token={link}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");
    assert_eq!(confirmed["result"]["status"], "confirmed", "{confirmed}");
    order.to_string()
}

/// A cash sale of `seat` at the desk: the confirm answer.
async fn sold_at_the_desk(staff: &Browser, event: &str, seat: &str, key: &str) -> Value {
    let (status, listed) = staff
        .get_json(&format!("/api/events/{event}/pos/products"))
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let product = listed["result"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == "Pladsbillet")
        .unwrap()["productId"]
        .as_str()
        .unwrap()
        .to_string();
    let token = holding(staff, event, &[seat]).await;
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/pos/confirm-order"),
            &json!({
                "eventId": event, "holdToken": token, "paymentMethod": "cash", "saleKey": key,
                "products": [{ "productId": product, "amount": 1, "seat": seat, "holdToken": token }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn pay_by_card(buyer: &Browser, secret: &str) {
    let (status, paid) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
}

/// The order as its read tables hold it: (subtotal, vat, total) and its lines (title, price,
/// discount, amount, total, VAT exempt).
async fn sold_rows(app: &TestApp, order: &str) -> Value {
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

/// The order invoiced by staff (a company that wants an invoice for what it bought): reopened
/// when it is no longer a draft, given an invoicing method, approved and invoiced. The invoice's
/// totals and lines (title, price, amount, VAT exempt).
async fn invoiced(staff: &Browser, order: &str) -> Value {
    let (status, mut dto) = staff.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(status, StatusCode::OK, "{dto}");
    if dto["result"]["status"] != "draft" {
        let (status, body) = staff
            .post_json(
                "/api/orders/edit",
                &json!({ "id": order, "version": dto["result"]["version"] }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "reopen {order}: {body}");
        (_, dto) = staff.get_json(&format!("/api/orders/{order}")).await;
    }
    let mut input = dto["result"].clone();
    input["invoicing"] = json!({ "type": "single", "invoiceDate": "2026-12-01" });
    let (status, body) = staff.post_json("/api/orders/update", &input).await;
    assert_eq!(status, StatusCode::OK, "invoicing {order}: {body}");
    let (_, dto) = staff.get_json(&format!("/api/orders/{order}")).await;
    let (status, body) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": order, "version": dto["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "approve {order}: {body}");
    let (status, made) = staff
        .post_json("/api/orders/invoice", &json!({ "id": order }))
        .await;
    assert_eq!(status, StatusCode::OK, "invoice {order}: {made}");
    let invoice = made["result"][0].as_str().expect("one invoice");
    let (status, detail) = staff
        .get_json(&format!("/api/invoices/{invoice}/detail"))
        .await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    let detail = &detail["result"];
    let lines: Vec<Value> = detail["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| json!([l["title"], l["price"], l["amount"], l["vatExempt"]]))
        .collect();
    json!({
        "subtotal": detail["subtotal"], "vat": detail["vat"], "total": detail["total"],
        "lines": lines,
    })
}

#[tokio::test]
async fn one_ticket_sold_through_every_channel_has_the_same_vat_totals_lines_and_invoice() {
    let app = spawn_app().await;
    // A rate other than the 25 % a channel could have written in itself: 20 %, prices with VAT.
    sqlx::query(
        "UPDATE clients SET prices_with_vat = true, vat_rate = 2000 WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .unwrap();
    let staff = app.signed_in("staff@tribune.test").await;
    let (event, product) = a_seated_match(&staff).await;
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
    let booking = booked(&buyer, &event, "A1-2").await;
    let after = paid_booking(&buyer, &event, &booking).await;
    assert_eq!(
        after["result"]["total"], 15000,
        "what the booking charges: {after}"
    );
    orders.push((
        "booking",
        booking["data"]["orderId"].as_str().unwrap().to_string(),
    ));

    // The web shop, a guest paying by card.
    let shopper = visitor(&app).await;
    let (charged, done) = checked_out(&shopper, &event, &product, "A1-3").await;
    assert_eq!(
        charged["result"]["total"], 15000,
        "what the shop charges: {charged}"
    );
    orders.push(("shop", paid_checkout(&shopper, &done).await));

    // The desk, paid in cash.
    let sold = sold_at_the_desk(&staff, &event, "A1-4", "desk-1").await;
    assert_eq!(
        (
            &sold["result"]["order"]["total"],
            &sold["result"]["order"]["vat"]
        ),
        (&json!(15000), &json!(2500)),
        "what the desk charges and prints: {sold}"
    );
    orders.push((
        "desk",
        sold["result"]["order"]["id"].as_str().unwrap().to_string(),
    ));

    // 150 kr. with 20 % VAT: 25 kr. of it is VAT, in every channel, with the same line.
    let mut seen = Vec::new();
    for (channel, order) in &orders {
        seen.push((*channel, sold_rows(&app, order).await));
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

    // Invoiced, each gives the same invoice: 150 kr. of which 25 kr. VAT, one line.
    let mut invoices = Vec::new();
    for (channel, order) in &orders {
        invoices.push((*channel, invoiced(&staff, order).await));
    }
    let (_, first) = &invoices[0];
    assert_eq!(
        (&first["total"], &first["vat"]),
        (&json!(15000), &json!(2500)),
        "{first}"
    );
    assert_eq!(
        first["lines"],
        json!([["Pladsbillet", 15000, 1, false]]),
        "{first}"
    );
    for (channel, invoice) in &invoices[1..] {
        assert_eq!(invoice, first, "{channel}'s invoice against the staff's");
    }
}

/// The tables migration 0058 moved into `sales`, as they were (0034, 0044, 0053).
const LEGACY_TABLES: &str = "
CREATE TABLE event_bookings (
  order_id uuid PRIMARY KEY, client_id uuid NOT NULL, event_id uuid NOT NULL, hold_id uuid NOT NULL,
  intent text NOT NULL, user_id uuid, company_id uuid, contact_id uuid,
  status text NOT NULL DEFAULT 'pending', lines jsonb NOT NULL DEFAULT '[]',
  claims jsonb NOT NULL DEFAULT '[]', created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz, account_requested boolean NOT NULL DEFAULT false);
CREATE TABLE shop_checkouts (
  order_id uuid PRIMARY KEY, client_id uuid NOT NULL, intent text NOT NULL, status text NOT NULL,
  hold_id uuid, claims jsonb NOT NULL DEFAULT '[]', discount_code_id uuid, user_id uuid,
  save_card boolean NOT NULL DEFAULT false, result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(), confirmed_at timestamptz,
  account_requested boolean NOT NULL DEFAULT false);
INSERT INTO event_bookings (order_id, client_id, event_id, hold_id, intent, user_id, company_id,
    contact_id, status, lines, claims, created_at, confirmed_at, account_requested)
  SELECT order_id, client_id, event_id, hold_id, intent, user_id, company_id, contact_id, status,
    lines, claims, created_at, confirmed_at, account_requested FROM sales WHERE channel <> 'shop';
INSERT INTO shop_checkouts (order_id, client_id, intent, status, hold_id, claims, discount_code_id,
    user_id, save_card, result, created_at, confirmed_at, account_requested)
  SELECT order_id, client_id, intent, status, hold_id, claims, discount_code_id, user_id,
    save_card, result, created_at, confirmed_at, account_requested FROM sales WHERE channel = 'shop';
DELETE FROM sales;
";

#[tokio::test]
async fn a_booking_and_a_checkout_pending_before_the_sales_table_still_confirm_after_it() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (event, product) = a_seated_match(&staff).await;
    // Given a booking and a checkout waiting for their card payments (and a sale at the desk),
    let buyer = visitor(&app).await;
    let booking = booked(&buyer, &event, "A1-1").await;
    let shopper = visitor(&app).await;
    let (_, done) = checked_out(&shopper, &event, &product, "A1-2").await;
    sold_at_the_desk(&staff, &event, "A1-3", "desk-1").await;

    // kept in the old tables, as the code before migration 0058 kept them,
    sqlx::raw_sql(LEGACY_TABLES)
        .execute(&app.db.owner)
        .await
        .unwrap();
    assert_eq!(app.count("SELECT count(*) FROM sales").await, 0);
    // when the migration's move runs,
    sqlx::query("SELECT tribune_move_legacy_sales()")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let moved: Vec<(String, String)> =
        sqlx::query_as("SELECT channel, status FROM sales ORDER BY channel")
            .fetch_all(&app.db.owner)
            .await
            .unwrap();
    assert_eq!(
        moved,
        [
            ("booking".into(), "pending".into()),
            ("pos".into(), "confirmed".into()),
            ("shop".into(), "pending".into())
        ]
    );
    let left: Option<String> = sqlx::query_scalar(
        "SELECT coalesce(to_regclass('event_bookings'), to_regclass('shop_checkouts'))::text",
    )
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    assert_eq!(left, None, "the old tables are gone");

    // then both are paid and confirmed, the booking with its ticket.
    let after = paid_booking(&buyer, &event, &booking).await;
    assert_eq!(after["result"]["tickets"].as_array().map(Vec::len), Some(1));
    paid_checkout(&shopper, &done).await;
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE status = 'confirmed'")
            .await,
        3
    );
}
