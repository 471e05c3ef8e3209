//! The point of sale (issue 19): what the desk sells, the cart priced, seats given back and a
//! sale cancelled, a sale confirmed as an approved point-of-sale order with its tickets and
//! prints, how it was paid, a company's allowance and invoice, the refusals, two desks at once,
//! club isolation; and QZ Tray's certificate and signatures, verified with openssl.

use std::sync::Arc;

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::Barrier;

use crate::helpers::{
    a_discount_code, all_at_once, catalogue_product, first_error, give_handbold_events, open_event,
    spawn_app, spawn_app_with, AppOptions, Browser, TestApp,
};

/// A chart of one section 'A' with a row 'A1' of `seats` seats: its key.
pub async fn a_chart(staff: &Browser, seats: i64) -> String {
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": "Tribunen",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1E88E5" }],
                "sections": [{ "name": "A", "categoryKey": "std", "rows": [{ "label": "A1", "seats": seats }] }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().unwrap();
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{id}")).await;
    chart["result"]["key"].as_str().unwrap().to_string()
}

/// The desk's event: seat tickets at 150 kr on a chart of 8 seats, and 'Ståplads' at 80 kr (not
/// public, at most 3) — with a programme at 30 kr (5 in stock) in the catalogue. Its id and
/// the products the desk lists, by title.
struct Desk {
    event: String,
    seat: String,
    standing: String,
    programme: String,
    programme_price: i64,
}

async fn a_desk(staff: &Browser) -> Desk {
    let key = a_chart(staff, 8).await;
    let seat_product = catalogue_product(
        staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000, "seats": [{ "chartId": key, "category": "std" }] }),
    )
    .await;
    let standing_product = catalogue_product(
        staff,
        json!({ "title": "Ståplads", "type": "ticket", "price": 8000 }),
    )
    .await;
    catalogue_product(
        staff,
        json!({ "title": "Kampprogram", "type": "product", "price": 3000, "saleAmount": 5 }),
    )
    .await;
    let (event, _) = open_event(
        staff,
        "Derby",
        json!([
            { "productId": seat_product, "title": "Pladsbillet", "price": 15000, "public": true },
            { "productId": standing_product, "title": "Ståplads", "price": 8000, "public": false, "maxAmount": 3 },
        ]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Tribunen" } }),
    )
    .await;
    let listed = products(staff, &event, "").await;
    let find = |title: &str| -> Value {
        listed["products"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["title"] == title)
            .cloned()
            .unwrap_or_else(|| panic!("no {title} in {listed}"))
    };
    let programme = find("Kampprogram");
    Desk {
        event,
        seat: find("Pladsbillet")["productId"].as_str().unwrap().into(),
        standing: find("Ståplads")["productId"].as_str().unwrap().into(),
        programme: programme["productId"].as_str().unwrap().into(),
        programme_price: programme["price"].as_i64().unwrap(),
    }
}

async fn products(staff: &Browser, event: &str, query: &str) -> Value {
    let (status, body) = staff
        .get_json(&format!("/api/events/{event}/pos/products{query}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

async fn token(staff: &Browser) -> String {
    let (status, body) = staff
        .post_json("/public/seats/hold-tokens", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"]["holdToken"].as_str().unwrap().to_string()
}

async fn hold(staff: &Browser, event: &str, token: &str, seats: &[&str]) {
    let (status, body) = staff
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "seats": seats }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn seat(product: &str, label: &str, token: &str) -> Value {
    json!({ "productId": product, "amount": 1, "seat": label, "holdToken": token })
}

fn line(product: &str, amount: i64) -> Value {
    json!({ "productId": product, "amount": amount })
}

async fn call(staff: &Browser, event: &str, what: &str, cart: &Value) -> (StatusCode, Value) {
    staff
        .post_json(&format!("/api/events/{event}/pos/{what}"), cart)
        .await
}

async fn seat_status(app: &TestApp, event: &str, label: &str) -> String {
    sqlx::query_scalar(
        "SELECT coalesce((SELECT e.status FROM event_seats e JOIN seats s ON s.id = e.seat_id \
           WHERE e.event_id = $1::uuid AND s.label = $2), 'free')",
    )
    .bind(event)
    .bind(label)
    .fetch_one(&app.db.owner)
    .await
    .unwrap()
}

fn printed(print: &Value) -> String {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(print["data"].as_str().unwrap())
        .unwrap();
    oem_cp::decode_string_complete_table(&bytes, &oem_cp::code_table::DECODING_TABLE_CP865)
}

#[tokio::test]
async fn the_desk_sells_two_seats_and_a_programme_as_an_approved_point_of_sale_order_with_tickets_and_prints(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;

    // The desk lists every ticket product, the private one too, then the goods.
    let listed = products(&staff, event, "").await;
    let kinds: Vec<(&str, &str)> = listed["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["title"].as_str().unwrap(), p["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        &kinds[..2],
        &[("Pladsbillet", "seat-ticket"), ("Ståplads", "ticket")]
    );
    assert!(kinds.contains(&("Kampprogram", "product")), "{listed}");
    assert_eq!(listed["seating"], true);
    assert_eq!(listed["products"][0]["seatCategories"][0]["key"], "std");
    assert_eq!(listed["products"][1]["available"], 3);

    let sale = token(&staff).await;
    hold(&staff, event, &sale, &["A1-3", "A1-4"]).await;
    let cart = json!({
        "eventId": event,
        "holdToken": sale,
        "products": [
            seat(&desk.seat, "A1-3", &sale),
            seat(&desk.seat, "A1-4", &sale),
            line(&desk.programme, 1),
            line(&desk.standing, 0),
        ],
    });
    let (status, priced) = call(&staff, event, "price", &cart).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    let total = 2 * 15000 + desk.programme_price;
    assert_eq!(priced["result"]["total"], total);
    assert_eq!(priced["result"]["subtotal"], total);
    assert_eq!(priced["result"]["vat"], total / 5);
    assert_eq!(priced["result"]["discount"], 0);
    assert_eq!(priced["result"]["lines"].as_array().map(Vec::len), Some(3));

    // Something to pay needs how it is paid; nothing is sold meanwhile.
    let (status, body) = call(&staff, event, "confirm-order", &cart).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "paymentMethod"),
        "Vælg hvordan kunden betaler"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );
    assert_eq!(seat_status(&app, event, "A1-3").await, "held");

    let mut paid = cart.clone();
    paid["paymentMethod"] = json!("cash");
    paid["saleKey"] = json!("desk-1-sale-1");
    let (status, body) = call(&staff, event, "confirm-order", &paid).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let result = &body["result"];
    let order_id = result["order"]["id"].as_str().unwrap().to_string();
    let number = result["order"]["orderNumber"].as_i64().unwrap();
    assert_eq!(result["order"]["total"], total);
    assert_eq!(result["order"]["vat"], total / 5);
    assert_eq!(result["order"]["paymentMethod"], "cash");
    assert_eq!(result["order"]["paymentLabel"], "Kontant");
    let tickets = result["tickets"].as_array().unwrap();
    assert_eq!(tickets.len(), 2);
    let mut seats: Vec<&str> = tickets
        .iter()
        .map(|t| t["seatNumber"].as_str().unwrap())
        .collect();
    seats.sort_unstable();
    assert_eq!(seats, ["3", "4"]);
    assert!(tickets[0]["pdf"].as_str().unwrap().ends_with(&format!(
        "/public/events/ticket/{}",
        tickets[0]["ticketId"].as_str().unwrap()
    )));

    // The prints: the receipt, then a ticket each with its code for the QR.
    let prints = result["prints"].as_array().unwrap();
    assert_eq!(prints.len(), 3);
    assert_eq!(prints[0]["kind"], "receipt");
    let receipt = printed(&prints[0]);
    for expected in [
        "Demo FC",
        "KVITTERING",
        &format!("Ordre {number}"),
        "Pladsbillet",
        "Plads A1-3",
        "Kampprogram",
        "Heraf moms",
        "Kontant",
    ] {
        assert!(receipt.contains(expected), "{expected} not in {receipt}");
    }
    assert!(
        receipt.contains(&format!("{},00", total / 100)),
        "{receipt}"
    );
    assert_eq!(prints[1]["kind"], "ticket");
    let ticket = printed(&prints[1]);
    assert!(
        ticket.contains("Derby") && ticket.contains("Række A1"),
        "{ticket}"
    );
    assert!(ticket.contains(tickets[0]["ticketId"].as_str().unwrap()));

    // An approved, paid point-of-sale order, listed as one, its seats booked, its stock taken.
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    assert_eq!(order["result"]["paymentStatus"], "paid");
    assert_eq!(order["result"]["deskPayment"], "cash");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM order_rows WHERE id = '{order_id}' AND is_pos AND status = 'approved'"
        ))
        .await,
        1
    );
    assert_eq!(seat_status(&app, event, "A1-3").await, "booked");
    assert_eq!(seat_status(&app, event, "A1-4").await, "booked");
    let after = products(&staff, event, "").await;
    let programme = after["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["title"] == "Kampprogram")
        .unwrap()
        .clone();
    assert_eq!(programme["available"], 4);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE order_id = '{order_id}' AND status = 'issued'"
        ))
        .await,
        2
    );

    // The same sale again (a double click): the same order, nothing more sold.
    let (status, again) = call(&staff, event, "confirm-order", &paid).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["result"]["order"]["id"], order_id.as_str());
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM order_rows WHERE number = {number}"
        ))
        .await,
        1
    );

    // The order's history names how it was paid.
    let (_, history) = staff
        .get_json(&format!("/api/history/order/{order_id}"))
        .await;
    assert!(
        history.to_string().contains("DeskPaymentRecorded"),
        "{history}"
    );
}

#[tokio::test]
async fn a_seat_taken_out_of_the_cart_and_a_cancelled_sale_give_their_seats_back() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;
    let sale = token(&staff).await;
    hold(&staff, event, &sale, &["A1-1", "A1-2", "A1-3"]).await;

    let (status, body) = call(
        &staff,
        event,
        "release-seat",
        &seat(&desk.seat, "A1-3", &sale),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(seat_status(&app, event, "A1-3").await, "free");
    // A seat the sale does not hold is refused on the seat.
    let (status, body) = call(
        &staff,
        event,
        "release-seat",
        &seat(&desk.seat, "A1-3", &sale),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seat"),
        "Pladsen er ikke holdt af dette salg"
    );
    let (status, body) = call(
        &staff,
        event,
        "release-seat",
        &json!({ "productId": desk.seat }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // 'Annuller': every seat of the sale is free again, and nothing was sold.
    let cart = json!({
        "eventId": event,
        "holdToken": sale,
        "products": [seat(&desk.seat, "A1-1", &sale), seat(&desk.seat, "A1-2", &sale), line(&desk.programme, 2)],
    });
    let (status, body) = call(&staff, event, "cancel-order", &cart).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["released"], 2);
    assert_eq!(seat_status(&app, event, "A1-1").await, "free");
    assert_eq!(seat_status(&app, event, "A1-2").await, "free");
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );
    // Its seats are gone from the sale: confirming it now is refused on the seat.
    let mut paid = cart.clone();
    paid["paymentMethod"] = json!("card");
    let (status, body) = call(&staff, event, "confirm-order", &paid).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        first_error(&body, "products.0.seat").contains("A1-1"),
        "{body}"
    );
}

#[tokio::test]
async fn every_bad_cart_is_refused_on_its_field_in_danish_and_sells_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;
    let other = token(&staff).await;
    hold(&staff, event, &other, &["A1-8"]).await;
    let sale = token(&staff).await;

    let cases = [
        (
            json!([line(&desk.standing, -1)]),
            "products.0.amount",
            "Antal skal være mindst 0",
        ),
        (
            json!([line(&desk.standing, 4)]),
            "products.0.amount",
            "Der er kun 3 tilbage",
        ),
        (
            json!([line(&desk.programme, 6)]),
            "products.0.amount",
            "Der er kun 5 tilbage af Kampprogram",
        ),
        (
            json!([line(&uuid::Uuid::new_v4().to_string(), 1)]),
            "products.0.productId",
            "Varen kan ikke sælges her",
        ),
        (
            json!([line(&desk.standing, 0)]),
            "products",
            "Kurven er tom",
        ),
        (json!([]), "products", "Kurven er tom"),
        (
            json!([line(&desk.seat, 1)]),
            "products.0.seat",
            "Plads skal vælges!",
        ),
        (
            json!([seat(&desk.seat, "A1-8", &sale)]),
            "products.0.seat",
            "Pladsen A1-8 er ikke længere reserveret til salget. Vælg den igen.",
        ),
        (
            json!([{ "productId": desk.seat, "amount": 2, "seat": "A1-8", "holdToken": other }]),
            "products.0.amount",
            "En pladsbillet gælder én plads",
        ),
    ];
    for (lines, field, message) in cases {
        let cart = json!({ "eventId": event, "products": lines, "paymentMethod": "cash" });
        for what in ["price", "confirm-order"] {
            let (status, body) = call(&staff, event, what, &cart).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{what} {lines}: {body}"
            );
            assert_eq!(first_error(&body, field), message, "{what} {lines}: {body}");
        }
    }
    // An invoice needs a company; a company must be the club's.
    let cart = json!({ "eventId": event, "products": [line(&desk.standing, 1)], "paymentMethod": "invoice" });
    let (status, body) = call(&staff, event, "confirm-order", &cart).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "paymentMethod"),
        "Vælg en virksomhed for at sende en faktura"
    );
    let mut stranger = cart.clone();
    stranger["customer"] = json!({ "companyId": uuid::Uuid::new_v4() });
    let (status, body) = call(&staff, event, "confirm-order", &stranger).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "customer.companyId"),
        "Virksomheden findes ikke"
    );
    // Garbage is a clear refusal, never a 500; an unknown event is not found.
    for garbage in [
        json!({ "products": "x" }),
        json!({ "paymentMethod": "bitcoin" }),
        json!([1]),
    ] {
        let (status, body) = call(&staff, event, "confirm-order", &garbage).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{garbage}: {body}"
        );
    }
    let (status, _) = call(&staff, &uuid::Uuid::new_v4().to_string(), "price", &cart).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&staff, "nope", "confirm-order", &cart).await;
    assert!(status == StatusCode::NOT_FOUND || status == StatusCode::UNPROCESSABLE_ENTITY);

    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );
    assert_eq!(app.count("SELECT count(*) FROM order_rows WHERE is_pos AND created_at > now() - interval '1 hour'").await, 0);
    assert_eq!(seat_status(&app, event, "A1-8").await, "held");
}

/// A company of Demo FC whose approved contract grants 2 of the standing tickets' product.
async fn a_sponsor(app: &TestApp, ticket_product: &str) -> uuid::Uuid {
    let fc = app.club_id("Demo FC").await;
    let owner = &app.db.owner;
    let company: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO companies (client_id, name) VALUES ($1, 'Skrænten Auto ApS') RETURNING id",
    )
    .bind(fc)
    .fetch_one(owner)
    .await
    .unwrap();
    let contract = uuid::Uuid::new_v4();
    sqlx::query(
        "INSERT INTO contract_rows (id, client_id, number, status, agreement_status, company_id, start_date, no_end_date, created_at, updated_at, version) \
         VALUES ($1, $2, (SELECT coalesce(max(number), 990000) + 1 FROM contract_rows WHERE client_id = $2), 'approved', 'signed', $3, current_date - 30, true, now(), now(), 1)",
    )
    .bind(contract)
    .bind(fc)
    .bind(company)
    .execute(owner)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO contract_lines (contract_id, line_id, client_id, position, product_id, title, unit, price, amount, total) \
         VALUES ($1, gen_random_uuid(), $2, 0, $3::uuid, 'Ståplads', 'stk', 0, 2, 0)",
    )
    .bind(contract)
    .bind(fc)
    .bind(ticket_product)
    .execute(owner)
    .await
    .unwrap();
    company
}

#[tokio::test]
async fn a_company_at_the_desk_gets_its_free_tickets_first_and_is_invoiced_for_the_rest() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;
    let catalogue: String =
        sqlx::query_scalar("SELECT product_id::text FROM event_products WHERE id = $1::uuid")
            .bind(&desk.standing)
            .fetch_one(&app.db.owner)
            .await
            .unwrap();
    let company = a_sponsor(&app, &catalogue).await;
    // Room for both sales below.
    sqlx::query("UPDATE event_products SET max_amount = 10 WHERE id = $1::uuid")
        .bind(&desk.standing)
        .execute(&app.db.owner)
        .await
        .unwrap();

    let listed = products(&staff, event, &format!("?companyId={company}")).await;
    assert_eq!(listed["products"][1]["allowance"], 2, "{listed}");
    let cart = json!({
        "eventId": event,
        "products": [line(&desk.standing, 3)],
        "customer": { "companyId": company, "firstname": "Per", "lastname": "Sponsor", "email": "per@skraenten.dk" },
        "paymentMethod": "invoice",
        "saleKey": "sponsor-sale",
    });
    let (status, priced) = call(&staff, event, "price", &cart).await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    assert_eq!(priced["result"]["lines"][0]["free"], 2);
    assert_eq!(priced["result"]["total"], 8000);

    let (status, body) = call(&staff, event, "confirm-order", &cart).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let result = &body["result"];
    assert_eq!(result["order"]["paymentLabel"], "Faktura");
    assert_eq!(result["order"]["company"], "Skrænten Auto ApS");
    assert_eq!(result["tickets"].as_array().map(Vec::len), Some(3));
    let order_id = result["order"]["id"].as_str().unwrap();
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    assert_eq!(order["result"]["status"], "approved", "{order}");
    assert_eq!(order["result"]["paymentStatus"], "pending");
    assert_eq!(order["result"]["deskPayment"], "invoice");
    assert_eq!(order["result"]["companyId"], company.to_string());
    // The invoice is made for the company.
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM invoice_rows WHERE order_id = '{order_id}'"
        ))
        .await,
        1
    );
    // The tickets are mailed to the e-mail given.
    let mail = app.smtp.wait_for("per@skraenten.dk").await;
    assert!(mail.data.contains("Derby"), "{}", mail.data);
    // The allowance is used: the next sale to the company pays for all.
    let listed = products(&staff, event, &format!("?companyId={company}")).await;
    assert_eq!(listed["products"][1]["allowance"], 0);

    // Everything free: no payment method needed, recorded as 'Fribilletter' and paid.
    let other = a_sponsor(&app, &catalogue).await;
    let free = json!({ "eventId": event, "products": [line(&desk.standing, 2)], "customer": { "companyId": other } });
    let (status, body) = call(&staff, event, "confirm-order", &free).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["order"]["total"], 0);
    assert_eq!(body["result"]["order"]["paymentLabel"], "Fribilletter");
    let order_id = body["result"]["order"]["id"].as_str().unwrap();
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    assert_eq!(order["result"]["paymentStatus"], "paid", "{order}");
}

#[tokio::test]
async fn a_sale_key_sent_again_answers_its_sale_and_with_another_sale_is_refused() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;
    // Given a sale of a standing ticket with the key 'desk-2-sale-7'.
    let cart = json!({
        "eventId": event,
        "products": [line(&desk.standing, 1)],
        "paymentMethod": "cash",
        "saleKey": "desk-2-sale-7",
    });
    let (status, body) = call(&staff, event, "confirm-order", &cart).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order_id = body["result"]["order"]["id"].as_str().unwrap().to_string();

    // When the same sale is sent again (a retried request): the same order answers.
    let (status, again) = call(&staff, event, "confirm-order", &cart).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["result"]["order"]["id"], order_id.as_str());

    // When the key comes with other products, another way to pay or another event: refused.
    let message = "Salget er allerede gennemført med et andet indhold. Start et nyt salg.";
    let mut more = cart.clone();
    more["products"] = json!([line(&desk.standing, 1), line(&desk.programme, 1)]);
    let mut by_card = cart.clone();
    by_card["paymentMethod"] = json!("card");
    let other = a_desk(&staff).await;
    let mut elsewhere = cart.clone();
    elsewhere["eventId"] = json!(other.event);
    elsewhere["products"] = json!([line(&other.standing, 1)]);
    for (at, cart) in [
        (event, &more),
        (event, &by_card),
        (&other.event, &elsewhere),
    ] {
        let (status, body) = call(&staff, at, "confirm-order", cart).await;
        assert_eq!(status, StatusCode::CONFLICT, "{cart}: {body}");
        assert_eq!(body["error"], message, "{body}");
    }

    // Then one sale was made, of one ticket, and nothing of the others.
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE order_id = '{order_id}'"
        ))
        .await,
        1
    );
    let listed = products(&staff, event, "").await;
    let programme = listed["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["productId"] == json!(desk.programme))
        .cloned()
        .unwrap();
    assert_eq!(programme["available"], 5, "no programme sold");
}

#[tokio::test]
async fn two_desks_at_once_never_sell_the_same_seat_or_the_last_place_twice() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = desk.event.clone();

    // The race, without the guard: each desk reads what is sold of the last 3 places, then
    // writes its sale.
    sqlx::query("CREATE TABLE naive_sales (desk integer)")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let gate = Arc::new(Barrier::new(8));
    let mut naive = Vec::new();
    for n in 0..8 {
        let (options, gate) = (app.db.owner_options.clone(), gate.clone());
        naive.push(tokio::spawn(async move {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect_with(&options).await.unwrap();
            let mut tx = conn.begin().await.unwrap();
            let sold: i64 = sqlx::query_scalar("SELECT count(*) FROM naive_sales")
                .fetch_one(&mut *tx)
                .await
                .unwrap();
            gate.wait().await;
            if sold < 3 {
                sqlx::query("INSERT INTO naive_sales (desk) VALUES ($1)")
                    .bind(n)
                    .execute(&mut *tx)
                    .await
                    .unwrap();
            }
            tx.commit().await.unwrap();
        }));
    }
    for task in naive {
        task.await.unwrap();
    }
    let oversold = app.count("SELECT count(*) FROM naive_sales").await;
    assert!(oversold > 3, "the race did not show: {oversold}");

    // The guard: 8 desks at once each sell one of the last 3 standing places.
    let desks: Vec<Browser> = {
        let mut all = Vec::new();
        for _ in 0..8 {
            all.push(app.signed_in("staff@tribune.test").await);
        }
        all
    };
    let gate = Arc::new(Barrier::new(desks.len()));
    let mut tasks = Vec::new();
    for (n, staff) in desks.iter().cloned().enumerate() {
        let (gate, event, standing) = (gate.clone(), event.clone(), desk.standing.clone());
        tasks.push(tokio::spawn(async move {
            let cart = json!({ "eventId": event, "products": [line(&standing, 1)], "paymentMethod": "cash", "saleKey": format!("standing-{n}") });
            gate.wait().await;
            call(&staff, &event, "confirm-order", &cart).await
        }));
    }
    let mut sold = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::OK => sold += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {
                assert_eq!(first_error(&body, "products.0.amount"), "Udsolgt", "{body}")
            }
            other => panic!("confirm answered {other}: {body}"),
        }
    }
    assert_eq!(sold, 3);

    // The same seat, held by one sale's session, confirmed by 6 desks at once: one sells it.
    let sale = token(&staff).await;
    hold(&staff, &event, &sale, &["A1-5"]).await;
    let gate = Arc::new(Barrier::new(6));
    let mut tasks = Vec::new();
    for (n, staff) in desks.iter().take(6).cloned().enumerate() {
        let (gate, event, product, sale) =
            (gate.clone(), event.clone(), desk.seat.clone(), sale.clone());
        tasks.push(tokio::spawn(async move {
            let cart = json!({ "eventId": event, "products": [seat(&product, "A1-5", &sale)], "paymentMethod": "card", "saleKey": format!("seat-{n}") });
            gate.wait().await;
            call(&staff, &event, "confirm-order", &cart).await
        }));
    }
    let mut sold = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            StatusCode::OK => sold += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {}
            other => panic!("confirm answered {other}: {body}"),
        }
    }
    assert_eq!(sold, 1);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE event_id = '{event}' AND seat_number = '5' AND status = 'issued'"
        ))
        .await,
        1
    );
    assert_eq!(seat_status(&app, &event, "A1-5").await, "booked");
}

#[tokio::test]
async fn another_clubs_staff_customers_and_visitors_reach_nothing_of_a_clubs_desk() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let event = &desk.event;
    give_handbold_events(&app).await;
    let handbold = app.admin_in_handbold().await;
    let cart =
        json!({ "eventId": event, "products": [line(&desk.standing, 1)], "paymentMethod": "cash" });
    let (status, _) = handbold
        .get_json(&format!("/api/events/{event}/pos/products"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for what in ["price", "confirm-order", "cancel-order", "release-seat"] {
        let (status, body) = call(&handbold, event, what, &cart).await;
        assert!(
            status == StatusCode::NOT_FOUND
                || (what == "release-seat" && status == StatusCode::UNPROCESSABLE_ENTITY),
            "{what}: {status} {body}"
        );
    }
    let customer = app.signed_in("kunde@tribune.test").await;
    let visitor = app.browser();
    for (who, expected) in [
        (&customer, StatusCode::FORBIDDEN),
        (&visitor, StatusCode::UNAUTHORIZED),
    ] {
        let (status, _) = who
            .get_json(&format!("/api/events/{event}/pos/products"))
            .await;
        assert_eq!(status, expected);
        let (status, _) = call(who, event, "confirm-order", &cart).await;
        assert_eq!(status, expected);
    }
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel <> 'shop'")
            .await,
        0
    );
}

#[tokio::test]
async fn qz_trays_signature_verifies_with_openssl_against_the_served_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = (dir.path().join("qz.crt"), dir.path().join("qz.key"));
    let made = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "30",
            "-subj",
            "/CN=Tribune test",
        ])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let app = spawn_app_with(AppOptions {
        qz: Some(tribune_api::settings::QzFiles {
            certificate: cert.clone(),
            key: key.clone(),
        }),
        ..AppOptions::default()
    })
    .await;
    let staff = app.signed_in("staff@tribune.test").await;

    let served = staff.get("/api/qz/cert").await;
    assert_eq!(served.status(), StatusCode::OK);
    let served = served.text().await.unwrap();
    assert_eq!(
        served.trim(),
        std::fs::read_to_string(&cert).unwrap().trim()
    );

    let request = r#"{"call":"printers.find","params":{},"timestamp":1764329000000,"uid":"abc"}"#;
    let signed = staff
        .get(&format!(
            "/api/qz/sign-message?request={}",
            form_urlencoded::byte_serialize(request.as_bytes()).collect::<String>()
        ))
        .await;
    assert_eq!(signed.status(), StatusCode::OK);
    let signature = base64::engine::general_purpose::STANDARD
        .decode(signed.text().await.unwrap().trim())
        .expect("base64");
    let (message, sig, public) = (
        dir.path().join("message"),
        dir.path().join("signature"),
        dir.path().join("public.pem"),
    );
    std::fs::write(&message, request).unwrap();
    std::fs::write(&sig, &signature).unwrap();
    std::fs::write(dir.path().join("served.crt"), &served).unwrap();
    let pubkey = std::process::Command::new("openssl")
        .args(["x509", "-pubkey", "-noout", "-in"])
        .arg(dir.path().join("served.crt"))
        .output()
        .unwrap();
    assert!(pubkey.status.success());
    std::fs::write(&public, &pubkey.stdout).unwrap();
    let verified = std::process::Command::new("openssl")
        .args(["dgst", "-sha512", "-verify"])
        .arg(&public)
        .arg("-signature")
        .arg(&sig)
        .arg(&message)
        .output()
        .unwrap();
    assert!(
        verified.status.success(),
        "{}{}",
        String::from_utf8_lossy(&verified.stdout),
        String::from_utf8_lossy(&verified.stderr)
    );
    assert!(String::from_utf8_lossy(&verified.stdout).contains("Verified OK"));
    // Another message does not verify with that signature.
    std::fs::write(&message, format!("{request} ")).unwrap();
    let tampered = std::process::Command::new("openssl")
        .args(["dgst", "-sha512", "-verify"])
        .arg(&public)
        .arg("-signature")
        .arg(&sig)
        .arg(&message)
        .output()
        .unwrap();
    assert!(!tampered.status.success());

    // Nothing to sign is refused; customers and visitors may not sign.
    let (status, body) = staff.get_json("/api/qz/sign-message").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "request"), "Der er intet at signere");
    let customer = app.signed_in("kunde@tribune.test").await;
    assert_eq!(
        customer
            .get("/api/qz/sign-message?request=x")
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.browser()
            .get("/api/qz/sign-message?request=x")
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.browser().get("/api/qz/cert").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn without_a_qz_key_the_server_says_printing_is_not_set_up() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/qz/cert").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body.to_string().contains("QZ Tray er ikke sat op"),
        "{body}"
    );
    let (status, _) = staff.get_json("/api/qz/sign-message?request=x").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn sixteen_desk_sales_at_once_with_a_discount_code_are_each_refused_on_it_and_sell_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let desk = a_desk(&staff).await;
    let code = a_discount_code(&staff, "ENGANG", 10000, 1).await;
    // The desk prices without a discount (spec 2 §9): a code is refused, never ignored.
    let answers = all_at_once(16, |i| {
        let cart = json!({
            "eventId": desk.event,
            "products": [line(&desk.programme, 1)],
            "discountCode": "ENGANG",
            "paymentMethod": "cash",
            "saleKey": format!("desk-sale-{i}"),
        });
        let staff = &staff;
        let event = &desk.event;
        async move { call(staff, event, "confirm-order", &cart).await }
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
            .await
            + app
                .count("SELECT count(*) FROM order_rows WHERE is_pos")
                .await,
        0
    );
    let uses = app
        .count(&format!(
            "SELECT coalesce(sum(taken), 0) FROM capacity_counters WHERE key = 'discount-code:{code}'"
        ))
        .await;
    assert_eq!(uses, 0);
}
