//! The web shop's catalogue and cart (issue 17): what the buyer sees and pays (the club's VAT
//! applied by the server), the cart on the server that survives reloads and takes its prices
//! from the catalogue alone, seat-ticket lines on seats the buyer holds, a visitor's cart
//! becoming the customer's at login, and one club's shop never showing another's products.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    a_discount_code, all_at_once, catalogue_product, first_error, open_event, season_on_chart,
    spawn_app, visitor, visitor_of, Browser, TestApp,
};

/// Demo FC's prices are without VAT, at 25 %.
async fn prices_without_vat(app: &TestApp) {
    let club = app.club_id("Demo FC").await;
    sqlx::query("UPDATE clients SET prices_with_vat = false, vat_rate = 2500, disable_vat = false WHERE id = $1")
        .bind(club)
        .execute(&app.db.owner)
        .await
        .unwrap();
}

async fn shop_category(staff: &Browser, title: &str, shown: bool) -> String {
    let (status, body) = staff
        .post_form(
            "/api/products/categories/update",
            Some(&json!({ "title": title, "showOnShop": shown, "shop": { "title": format!("{title} i shoppen") } })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_str().unwrap().to_string()
}

/// The scarf (100 kr. without VAT, in the shop's category) with two add-ons — a public
/// gift wrap at its own price and a hidden one — and a hidden product: their ids.
pub async fn the_shop(staff: &Browser) -> (String, String, String, String) {
    let category = shop_category(staff, "Merchandise", true).await;
    let wrap = catalogue_product(
        staff,
        json!({ "title": "Gaveindpakning", "type": "product", "price": 2000 }),
    )
    .await;
    let secret = catalogue_product(
        staff,
        json!({ "title": "Personalerabat", "type": "product", "price": 0 }),
    )
    .await;
    let scarf = catalogue_product(
        staff,
        json!({
            "title": "Halstørklæde 2026", "type": "product", "price": 10000, "categoryId": category,
            "options": [
                { "productId": wrap, "public": true, "preSelected": true },
                { "productId": secret, "public": false },
            ],
            "shop": { "active": true, "title": "Halstørklæde", "description": "<p>Varmt og blåt</p>" },
        }),
    )
    .await;
    let hidden = catalogue_product(
        staff,
        json!({ "title": "Lagervare", "type": "product", "price": 5000, "categoryId": category }),
    )
    .await;
    (category, scarf, wrap, hidden)
}

/// A chart 'Stadion' of one row A1 of six seats, a match on it, and a seat-ticket product in the
/// shop that sells its seats: (chart key, event id, product id).
async fn seated_shop(staff: &Browser) -> (String, String, String) {
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": "Stadion",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
                "sections": [{ "name": "A", "categoryKey": "std", "rows": [{ "label": "A1", "seats": 6 }] }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let chart = body["result"].as_str().unwrap().to_string();
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{chart}")).await;
    let key = chart["result"]["key"].as_str().unwrap().to_string();
    let (event, _) = open_event(
        staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let ticket = catalogue_product(
        staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 15000,
                "seats": [{ "chartId": key, "category": "std" }], "shop": { "active": true } }),
    )
    .await;
    (key, event, ticket)
}

/// A hold session of the buyer's holding `seats` at the event.
pub async fn holding(buyer: &Browser, event: &str, seats: &[&str]) -> String {
    let (_, token) = buyer
        .post_json("/public/seats/hold-tokens", &json!({}))
        .await;
    let token = token["result"]["holdToken"].as_str().unwrap().to_string();
    let (status, body) = buyer
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "seats": seats }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    token
}

/// The checkout form of a guest who accepts the terms.
pub fn guest_form(email: &str) -> Value {
    json!({ "firstname": "Gitte", "lastname": "Gæst", "email": email, "phone": "20 30 40 50",
            "paymentMethod": "card", "acceptTerms": true })
}

pub async fn intent(buyer: &Browser, form: &Value) -> (StatusCode, Value) {
    buyer.post_json("/webshop/create-intent", form).await
}

pub async fn complete(buyer: &Browser, key: &str, form: &Value) -> (StatusCode, Value) {
    buyer
        .post_json(
            &format!("/webshop/checkout/complete?intentSecret={key}"),
            form,
        )
        .await
}

/// The seat's state at the event as a visitor without a session sees it.
async fn seat_state(buyer: &Browser, event: &str, label: &str) -> String {
    let (_, map) = buyer
        .get_json(&format!("/public/events/{event}/seats"))
        .await;
    map["result"]["states"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["label"] == label)
        .map(|s| s["state"].as_str().unwrap().to_string())
        .unwrap_or_else(|| "free".into())
}

async fn cart(buyer: &Browser) -> Value {
    let (status, body) = buyer.get_json("/public/orders/webshop/cart").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

pub async fn add(buyer: &Browser, query: &str) -> (StatusCode, Value) {
    buyer
        .post_json(
            &format!("/public/orders/webshop/cart/add?{query}"),
            &json!({}),
        )
        .await
}

#[tokio::test]
async fn the_shop_shows_its_categories_and_products_at_the_prices_the_buyer_pays() {
    let app = spawn_app().await;
    prices_without_vat(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (category, scarf, wrap, hidden) = the_shop(&staff).await;
    let other = shop_category(&staff, "Intern", false).await;
    let shirt = catalogue_product(
        &staff,
        json!({
            "title": "Trøje", "type": "product", "price": 40000,
            "variants": [
                { "title": "S", "price": 40000 },
                { "title": "XL", "price": 44000 },
            ],
            "shop": { "active": true, "discount": 4000 },
        }),
    )
    .await;
    let buyer = visitor(&app).await;

    let (status, body) = buyer.get_json("/webshop/categories").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let categories = body["result"].as_array().unwrap();
    assert_eq!(categories.len(), 1, "{body}");
    assert_eq!(categories[0]["id"], json!(category));
    assert_eq!(categories[0]["title"], "Merchandise i shoppen");
    assert!(!body.to_string().contains(&other));

    let (status, body) = buyer.get_json("/webshop/products").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let products = body["result"].as_array().unwrap();
    let ids: Vec<&str> = products.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert!(
        ids.contains(&scarf.as_str()) && ids.contains(&shirt.as_str()),
        "{body}"
    );
    assert!(!ids.contains(&hidden.as_str()) && !ids.contains(&wrap.as_str()));
    let of = |id: &str| products.iter().find(|p| p["id"] == id).unwrap().clone();
    assert_eq!(of(&scarf)["title"], "Halstørklæde");
    assert_eq!(of(&scarf)["priceWithVat"], 12500);
    assert_eq!(of(&scarf)["fromPrice"], false);
    // The shirt's variants differ: 'Fra:' the lowest, after the shop's 40 kr. off.
    assert_eq!(of(&shirt)["priceWithVat"], 45000);
    assert_eq!(of(&shirt)["fromPrice"], true);
    assert_eq!(of(&shirt)["originalPriceWithVat"], 50000);

    let (_, filtered) = buyer
        .get_json(&format!("/webshop/products?categoryIds={category}"))
        .await;
    let ids: Vec<&str> = filtered["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [scarf.as_str()]);
    let (status, none) = buyer
        .get_json("/webshop/products?categoryIds=nonsense")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["result"], json!([]));

    // The product page: the public add-on only, at its own price with VAT, pre-selected.
    let (status, page) = buyer.get_json(&format!("/webshop/product/{scarf}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let page = &page["result"];
    assert_eq!(page["description"], "<p>Varmt og blåt</p>");
    assert_eq!(page["priceWithVat"], 12500);
    assert_eq!(page["options"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["options"][0]["productId"], json!(wrap));
    assert_eq!(page["options"][0]["priceWithVat"], 2500);
    assert_eq!(page["options"][0]["preSelected"], true);
    assert_eq!(page["subscription"], Value::Null);
    let (_, shirt_page) = buyer.get_json(&format!("/webshop/product/{shirt}")).await;
    let variants = shirt_page["result"]["variants"].as_array().unwrap();
    assert_eq!(variants[1]["title"], "XL");
    assert_eq!(variants[1]["priceWithVat"], 50000);
    // Not in the shop, or not a product at all: not found.
    for id in [hidden.as_str(), wrap.as_str(), "nonsense"] {
        let (status, _) = buyer.get_json(&format!("/webshop/product/{id}")).await;
        assert!(
            status == StatusCode::NOT_FOUND || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{id}: {status}"
        );
    }
    // Another club's visitor finds none of it.
    let stranger = visitor_of(&app, "Demo Håndbold").await;
    let (_, theirs) = stranger.get_json("/webshop/products").await;
    assert!(!theirs.to_string().contains(&scarf), "{theirs}");
    let (status, _) = stranger
        .get_json(&format!("/webshop/product/{scarf}"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_visitors_cart_is_on_the_server_priced_from_the_catalogue_and_its_lines_change_and_go() {
    let app = spawn_app().await;
    prices_without_vat(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, wrap, hidden) = the_shop(&staff).await;
    let buyer = visitor(&app).await;
    assert_eq!(cart(&buyer).await["orderLines"], json!([]));

    // Two scarves with the gift wrap; a price in the request is never read.
    let (status, body) = add(
        &buyer,
        &format!("productId={scarf}&amount=2&options={wrap}&price=1"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = &body["result"]["orderLines"][0];
    assert_eq!(line["title"], "Halstørklæde");
    assert_eq!(line["amount"], 2);
    assert_eq!(line["priceWithVat"], 15000);
    assert_eq!(line["options"][0]["title"], "Gaveindpakning");
    // Spec 3 §3 Cart: the product with its shop title, the unit price and the options' prices
    // as the order keeps them (this club's prices are without VAT).
    assert_eq!(line["product"]["title"], "Halstørklæde 2026");
    assert_eq!(line["product"]["shop"]["title"], "Halstørklæde");
    assert_eq!(line["price"], 10000);
    assert_eq!(line["options"][0]["productId"], json!(wrap));
    assert_eq!(line["options"][0]["price"], 2000);
    assert_eq!(body["result"]["subtotal"], 24000);
    assert_eq!(body["result"]["vat"], 6000);
    assert_eq!(body["result"]["total"], 30000);
    // The cart is the browser's: a reload finds it, another visitor has none.
    assert_eq!(cart(&buyer).await["total"], 30000);
    assert_eq!(cart(&visitor(&app).await).await["orderLines"], json!([]));
    // The same again raises the line; without the add-on it is a line of its own.
    add(&buyer, &format!("productId={scarf}&options={wrap}")).await;
    let (_, body) = add(&buyer, &format!("productId={scarf}")).await;
    let lines = body["result"]["orderLines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{body}");
    assert_eq!(lines[0]["amount"], 3);
    assert_eq!(lines[1]["priceWithVat"], 12500);

    // Refused, each on its field, and nothing changes.
    for (query, field, message) in [
        (
            format!("productId={hidden}"),
            "productId",
            "Produktet findes ikke i shoppen",
        ),
        (
            "productId=nonsense".to_string(),
            "productId",
            "Produktet findes ikke",
        ),
        (
            format!("productId={scarf}&options={hidden}"),
            "options",
            "Tilvalget findes ikke",
        ),
        (
            format!("productId={scarf}&amount=0"),
            "amount",
            "Antal skal være mellem 1 og 100",
        ),
        (
            format!("productId={scarf}&amount=tre"),
            "amount",
            "Antal skal være et helt tal",
        ),
        (
            format!("productId={scarf}&variantId={wrap}"),
            "variantId",
            "Varianten findes ikke",
        ),
    ] {
        let (status, body) = add(&buyer, &query).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}: {body}");
        assert_eq!(first_error(&body, field), message, "{query}");
    }
    assert_eq!(
        cart(&buyer).await["orderLines"].as_array().unwrap().len(),
        2
    );

    // A line's amount changes; 0 removes it; a line not in this cart is not found.
    let id = lines[0]["id"].as_str().unwrap().to_string();
    let update = |id: &str, amount: &str| {
        format!("/public/orders/webshop/cart/update?id={id}&amount={amount}")
    };
    let (status, body) = buyer.post_json(&update(&id, "1"), &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["orderLines"][0]["amount"], 1);
    let (status, body) = buyer.post_json(&update(&id, "101"), &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let stranger = visitor(&app).await;
    let (status, _) = stranger.post_json(&update(&id, "5"), &json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = buyer.post_json(&update(&id, "0"), &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["orderLines"].as_array().unwrap().len(), 1);
    assert_eq!(body["result"]["total"], 12500);
    // The cart is an order in status 'cart'.
    let carts = app
        .count("SELECT count(*) FROM order_rows WHERE status = 'cart'")
        .await;
    assert_eq!(carts, 1);
}

#[tokio::test]
async fn a_visitors_cart_becomes_the_customers_at_login_and_joins_the_one_they_had() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, wrap, _) = the_shop(&staff).await;
    // Karen's own cart from another day: one scarf.
    let karen = visitor(&app).await;
    let response = karen
        .login("kunde@tribune.test", crate::helpers::PASSWORD)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (status, body) = add(&karen, &format!("productId={scarf}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // On another browser she shops as a visitor, then logs in: the carts are one.
    let browser = visitor(&app).await;
    add(
        &browser,
        &format!("productId={scarf}&options={wrap}&amount=2"),
    )
    .await;
    let response = browser
        .login("kunde@tribune.test", crate::helpers::PASSWORD)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let merged = cart(&browser).await;
    let amounts: Vec<i64> = merged["orderLines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(amounts, [1, 2], "{merged}");
    assert_eq!(cart(&karen).await["orderLines"], merged["orderLines"]);
}

#[tokio::test]
async fn a_carts_seat_ticket_takes_a_seat_its_buyer_holds_and_gives_it_back_when_it_goes() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (key, event, ticket) = seated_shop(&staff).await;
    let buyer = visitor(&app).await;
    let (_, page) = buyer.get_json(&format!("/webshop/product/{ticket}")).await;
    assert_eq!(
        page["result"]["seatEvents"][0]["id"],
        json!(event),
        "{page}"
    );

    // The buyer holds A1-2 and A1-3 with a session of their own and adds A1-2.
    let (_, token) = buyer
        .post_json("/public/seats/hold-tokens", &json!({}))
        .await;
    let token = token["result"]["holdToken"].as_str().unwrap().to_string();
    let (status, body) = buyer
        .post_json(
            &format!("/public/events/{event}/hold-seats"),
            &json!({ "holdToken": token, "seats": ["A1-2", "A1-3"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = add(
        &buyer,
        &format!("productId={ticket}&seat=A1-2&seatEventId={event}&holdToken={token}&amount=4"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = body["result"]["orderLines"][0].clone();
    assert_eq!(line["amount"], 1);
    assert_eq!(line["seat"], "A1-2");
    assert_eq!(line["section"], "A");
    assert_eq!(line["seatEvent"], "Pokalkamp");
    assert_eq!(line["seatHeld"], true);
    assert_eq!(body["result"]["holdToken"], json!(token));
    // A seat it does not hold, or one already in the cart, is refused on the seat.
    let (status, body) = add(
        &buyer,
        &format!("productId={ticket}&seat=A1-5&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seat"),
        "Pladsen er ikke reserveret til dig. Vælg pladsen igen."
    );
    let (status, body) = add(
        &buyer,
        &format!("productId={ticket}&seat=A1-2&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "seat"), "Pladsen er allerede i kurven");
    // A seat line is one seat.
    let id = line["id"].as_str().unwrap().to_string();
    let (status, _) = buyer
        .post_json(
            &format!("/public/orders/webshop/cart/update?id={id}&amount=2"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // check-seat moves the line to A1-3: A1-2 is free again.
    let (status, body) = buyer
        .post_json(
            "/webshop/cart/check-seat",
            &json!({ "id": id, "seat": "A1-3", "chartId": key, "seatEventId": event }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["orderLines"][0]["seat"], "A1-3");
    let state = |label: &'static str| {
        let buyer = &buyer;
        let event = &event;
        async move {
            let (_, map) = buyer
                .get_json(&format!("/public/events/{event}/seats"))
                .await;
            map["result"]["states"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["label"] == label)
                .map(|s| s["state"].as_str().unwrap().to_string())
                .unwrap_or_else(|| "free".into())
        }
    };
    assert_eq!(state("A1-2").await, "free");
    assert_eq!(state("A1-3").await, "held");
    let (status, body) = buyer
        .post_json(
            "/webshop/cart/check-seat",
            &json!({ "id": id, "seat": "", "seatEventId": event }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "seat"), "Plads skal vælges!");

    // Removed: its seat is free for the next buyer.
    let (status, _) = buyer
        .post_json(
            &format!("/public/orders/webshop/cart/update?id={id}&amount=0"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state("A1-3").await, "free");
}

#[tokio::test]
async fn a_cart_of_one_club_never_holds_or_shows_another_clubs_products() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    let buyer = visitor(&app).await;
    let (status, _) = add(&buyer, &format!("productId={scarf}")).await;
    assert_eq!(status, StatusCode::OK);
    // The same browser at the other club: an empty cart, and Demo FC's scarf is not for sale.
    let club = app.club_id("Demo Håndbold").await;
    buyer
        .get(&format!("/public/app/change-client/{club}"))
        .await;
    assert_eq!(cart(&buyer).await["orderLines"], json!([]));
    let (status, body) = add(&buyer, &format!("productId={scarf}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "productId"),
        "Produktet findes ikke i shoppen"
    );
}

#[tokio::test]
async fn a_guest_checks_out_pays_by_card_and_the_confirmation_shows_the_lines_and_the_seat() {
    let app = spawn_app().await;
    prices_without_vat(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, wrap, _) = the_shop(&staff).await;
    let (_, event, ticket) = seated_shop(&staff).await;
    let buyer = visitor(&app).await;
    add(&buyer, &format!("productId={scarf}&options={wrap}")).await;
    let token = holding(&buyer, &event, &["A1-4"]).await;
    let (status, body) = add(
        &buyer,
        &format!("productId={ticket}&seat=A1-4&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The scarf costs more by now: the order takes the catalogue's price at checkout.
    sqlx::query("UPDATE products SET price = 12000 WHERE id = $1::uuid")
        .bind(&scarf)
        .execute(&app.db.owner)
        .await
        .unwrap();

    let form = guest_form("gitte@example.dk");
    let (status, answer) = intent(&buyer, &form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // 120 + 20 + 150 = 290 kr. without VAT, 362.50 with it.
    assert_eq!(answer["result"]["subtotal"], 29000);
    assert_eq!(answer["result"]["total"], 36250);
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(&buyer, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let order = done["result"]["orderId"].as_str().unwrap().to_string();
    let link = done["result"]["token"].as_str().unwrap().to_string();
    let secret = done["result"]["clientSecret"].as_str().unwrap().to_string();
    // A second click: the same order and payment; the buyer's cart is a new, empty one.
    let (status, again) = complete(&buyer, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["result"]["orderId"], json!(order));
    assert_eq!(again["result"]["clientSecret"], json!(secret));
    assert_eq!(cart(&buyer).await["orderLines"], json!([]));
    assert_eq!(
        app.count("SELECT count(*) FROM payments").await,
        1,
        "one payment"
    );
    // Waiting for the payment: the seat is the order's.
    let path = format!("/webshop/order/{order}?token={link}");
    let (status, waiting) = buyer.get_json(&path).await;
    assert_eq!(status, StatusCode::OK, "{waiting}");
    assert_eq!(waiting["result"]["status"], "pending");
    assert_eq!(seat_state(&buyer, &event, "A1-4").await, "held");

    // Paid (the fake Stripe.js): confirmed with the card, the seat booked, a ticket issued.
    let (status, paid) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let (status, confirmed) = buyer.get_json(&path).await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");
    let confirmed = &confirmed["result"];
    assert_eq!(confirmed["status"], "confirmed", "{confirmed}");
    assert_eq!(confirmed["cardType"], "visa");
    assert_eq!(confirmed["cardNumber"], "4242");
    assert_eq!(confirmed["firstname"], "Gitte");
    assert_eq!(confirmed["total"], 36250);
    let lines = confirmed["lines"].as_array().unwrap();
    assert_eq!(lines[0]["title"], "Halstørklæde");
    assert_eq!(lines[0]["options"][0]["title"], "Gaveindpakning");
    assert_eq!(lines[1]["seat"], "A1-4");
    assert_eq!(lines[1]["section"], "A");
    assert_eq!(lines[1]["seatEvent"], "Pokalkamp");
    assert_eq!(seat_state(&buyer, &event, "A1-4").await, "booked");
    let (_, staff_order) = staff.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(
        staff_order["result"]["status"], "processing",
        "{staff_order}"
    );
    let tickets = app
        .count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE order_id = '{order}' AND event_id = '{event}'"
        ))
        .await;
    assert_eq!(tickets, 1);
    let mail = app.smtp.wait_for("gitte@example.dk").await;
    let text = mail.data.replace("=\r\n", "");
    assert!(text.contains("Halst"), "{text}");
    assert!(text.contains("Pokalkamp, plads A1-4"), "{text}");
    // A wrong token opens nothing.
    let (status, _) = buyer
        .get_json(&format!("/webshop/order/{order}?token=nope"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The back office's Webshop (issue 37 §6): the order the shop took, and only the products
    // it sells; another club's Webshop shows neither.
    let (status, orders) = staff
        .post_json("/api/shop/orders", &json!({ "filter": {} }))
        .await;
    assert_eq!(status, StatusCode::OK, "{orders}");
    assert_eq!(orders["Total"], 1, "{orders}");
    assert_eq!(orders["Result"][0]["Id"], json!(order));
    assert_eq!(orders["Result"][0]["Total"], 36250);
    let (_, products) = staff
        .post_json(
            "/api/shop/products",
            &json!({ "filter": {}, "perPage": 100 }),
        )
        .await;
    let titles: Vec<&str> = products["Result"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["Title"].as_str())
        .collect();
    assert!(titles.contains(&"Halstørklæde"), "{titles:?}");
    assert!(!titles.contains(&"Lagervare"), "{titles:?}");
    assert!(!titles.contains(&"Gaveindpakning"), "{titles:?}");
    let other = app.admin_in_handbold().await;
    for path in ["/api/shop/orders", "/api/shop/products"] {
        let (status, theirs) = other
            .post_json(path, &json!({ "filter": {}, "perPage": 100 }))
            .await;
        assert!(
            matches!(status, StatusCode::OK | StatusCode::FORBIDDEN),
            "{path}: {status}"
        );
        let text = theirs.to_string();
        assert!(
            !text.contains(&order) && !text.contains("Halstørklæde"),
            "{path}: {text}"
        );
    }
}

#[tokio::test]
async fn a_checkout_is_refused_on_its_fields_for_an_empty_cart_a_missing_seat_unticked_terms_and_a_bad_code(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    let (_, _, ticket) = seated_shop(&staff).await;
    let buyer = visitor(&app).await;
    let (status, body) = intent(&buyer, &guest_form("gitte@example.dk")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "orderLines"), "Ingen produkter i kurven");

    add(&buyer, &format!("productId={scarf}")).await;
    add(&buyer, &format!("productId={ticket}")).await;
    let mut form = guest_form("not-an-email");
    form["acceptTerms"] = json!(false);
    form["phone"] = json!("");
    form["createUser"] = json!(true);
    form["discountCode"] = json!("FINDESIKKE");
    let (status, body) = intent(&buyer, &form).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    for (field, message) in [
        ("orderLines.1.seat", "Plads skal vælges!"),
        ("acceptTerms", "Handelsbetingelserne skal accepteres"),
        ("email", "E-mail skal være en gyldig e-mail adresse"),
        ("phone", "Telefon skal udfyldes"),
        ("password", "Adgangskode skal udfyldes"),
        ("discountCode", "Rabatkoden findes ikke eller er udløbet"),
    ] {
        assert_eq!(first_error(&body, field), message, "{field}: {body}");
    }
    let (status, body) = complete(&buyer, "a-key", &form).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel = 'shop'")
            .await,
        0
    );
    assert_eq!(
        cart(&buyer).await["orderLines"].as_array().unwrap().len(),
        2
    );
}

#[tokio::test]
async fn a_discount_code_lowers_the_total_and_is_used_up_after_its_uses() {
    let app = spawn_app().await;
    prices_without_vat(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    let club = app.club_id("Demo FC").await;
    sqlx::query(
        "INSERT INTO discount_codes (client_id, title, code, expires, amount, discount, percentage, active) \
         VALUES ($1, 'Sommerrabat', 'SOMMER25', '2099-12-31', 1, 2500, true, true)",
    )
    .bind(club)
    .execute(&app.db.owner)
    .await
    .unwrap();
    let buyer = visitor(&app).await;
    add(&buyer, &format!("productId={scarf}&amount=2")).await;
    let mut form = guest_form("gitte@example.dk");
    form["discountCode"] = json!("sommer25");
    let (status, answer) = intent(&buyer, &form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // 200 kr. less 25 % = 150 kr. without VAT, 187.50 with it; the discount shown with VAT.
    assert_eq!(answer["result"]["subtotal"], 15000);
    assert_eq!(answer["result"]["discount"], 6250);
    assert_eq!(answer["result"]["total"], 18750);
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(&buyer, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    // Its one use is taken: the next buyer is told.
    let next = visitor(&app).await;
    add(&next, &format!("productId={scarf}")).await;
    let (status, body) = intent(&next, &form).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "discountCode"), "Rabatkoden er brugt op");
}

/// `buyers` visitors with the scarf in their carts complete their checkouts at once with `code`:
/// the answers.
async fn checkouts_at_once_with(
    app: &TestApp,
    scarf: &str,
    code: &str,
    buyers: usize,
) -> Vec<(StatusCode, Value)> {
    let mut ready = Vec::new();
    for _ in 0..buyers {
        let buyer = visitor(app).await;
        add(&buyer, &format!("productId={scarf}")).await;
        ready.push(buyer);
    }
    all_at_once(buyers, |i| {
        let buyer = &ready[i];
        async move {
            let mut form = guest_form(&format!("koeber{i}@example.dk"));
            form["discountCode"] = json!(code);
            complete(buyer, &format!("{code}-{i}"), &form).await
        }
    })
    .await
}

#[tokio::test]
async fn sixteen_buyers_at_once_use_a_one_use_code_once_and_a_three_use_code_three_times() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    // 100 % off: the orders cost nothing and are confirmed at once.
    for (code, uses) in [("ENGANG", 1), ("TREGANGE", 3)] {
        let id = a_discount_code(&staff, code, 10000, uses).await;

        let answers = checkouts_at_once_with(&app, &scarf, code, 16).await;

        let used = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(used, usize::try_from(uses).unwrap(), "{code}: {answers:?}");
        for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::OK) {
            assert_eq!(*status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(first_error(body, "discountCode"), "Rabatkoden er brugt op");
        }
        let orders = app
            .count(&format!(
                "SELECT count(*) FROM sales WHERE channel = 'shop' AND discount_code_id = '{id}' AND status = 'confirmed'"
            ))
            .await;
        assert_eq!(orders, uses, "{code}");
        // The next buyer is told before they pay.
        let next = visitor(&app).await;
        add(&next, &format!("productId={scarf}")).await;
        let mut form = guest_form("naeste@example.dk");
        form["discountCode"] = json!(code);
        let (status, body) = intent(&next, &form).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(first_error(&body, "discountCode"), "Rabatkoden er brugt op");
    }
}

#[tokio::test]
async fn two_hundred_buyers_at_once_for_the_last_twenty_shirts_buy_exactly_twenty() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let shirt = catalogue_product(
        &staff,
        json!({ "title": "Jubilæumstrøje", "type": "product", "price": 0, "saleAmount": 20,
                "shop": { "active": true } }),
    )
    .await;
    let mut buyers = Vec::new();
    for i in 0..200 {
        let buyer = visitor(&app).await;
        let (status, body) = add(&buyer, &format!("productId={shirt}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        buyers.push((i, buyer));
    }
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(buyers.len()));
    let mut runs = Vec::new();
    for (i, buyer) in buyers {
        let barrier = barrier.clone();
        runs.push(tokio::spawn(async move {
            let form = guest_form(&format!("koeber{i}@example.dk"));
            barrier.wait().await;
            complete(&buyer, &format!("key-{i}"), &form).await
        }));
    }
    let mut sold = 0;
    let mut refused = 0;
    for run in runs {
        let (status, body) = run.await.unwrap();
        match status {
            StatusCode::OK => sold += 1,
            StatusCode::UNPROCESSABLE_ENTITY => {
                assert_eq!(
                    first_error(&body, "orderLines.0"),
                    "Jubilæumstrøje er udsolgt"
                );
                refused += 1;
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!((sold, refused), (20, 180));
    let taken = app
        .count(&format!(
            "SELECT coalesce(sum(taken), 0) FROM capacity_counters WHERE key = 'product:{shirt}'"
        ))
        .await;
    assert_eq!(taken, 20);
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel = 'shop' AND status = 'confirmed'")
            .await,
        20
    );
}

#[tokio::test]
async fn a_seasons_products_a_shop_picture_and_the_payment_return_each_answer_as_the_shop_needs() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let today = chrono::Utc::now().date_naive();
    let (status, body) = staff
        .post_json(
            "/api/orders/seasons/update",
            &json!({
                "title": "Sæson 2027",
                "startDate": today.to_string(),
                "endDate": (today + chrono::Duration::days(300)).to_string(),
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let season = body["result"].as_str().unwrap().to_string();
    let card = catalogue_product(
        &staff,
        json!({ "title": "Sæsonkort 2027", "type": "product", "price": 120000,
                "shop": { "active": true, "seasonId": season } }),
    )
    .await;
    let other = catalogue_product(
        &staff,
        json!({ "title": "Halstørklæde", "type": "product", "price": 14900, "shop": { "active": true } }),
    )
    .await;
    let buyer = visitor(&app).await;

    // The season's products: only those whose shop names the season.
    let (status, page) = buyer.get_json(&format!("/webshop/season/{season}")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["result"]["title"], "Sæson 2027");
    let ids: Vec<&str> = page["result"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [card.as_str()]);
    assert!(!page.to_string().contains(&other));
    let (status, _) = buyer
        .get_json(&format!("/webshop/season/{}", uuid::Uuid::new_v4()))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A product's shop image is served while the product is in the shop, and not after.
    let (_, read) = staff.get_json(&format!("/api/products/{other}")).await;
    let (status, body) = staff
        .post_form(
            "/api/products/update",
            Some(
                &json!({ "id": other, "title": "Halstørklæde", "type": "product", "price": 14900,
                          "shop": { "active": true }, "version": read["result"]["version"] }),
            ),
            &[],
            vec![("shopImageFile", "halstoerklaede.png", crate::helpers::png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, product) = buyer.get_json(&format!("/webshop/product/{other}")).await;
    let picture = product["result"]["image"].as_str().unwrap().to_string();
    assert!(picture.starts_with("/webshop/pictures/"), "{product}");
    let response = buyer.get(&picture).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "image/png"
    );
    let (_, read) = staff.get_json(&format!("/api/products/{other}")).await;
    let (status, body) = staff
        .post_form(
            "/api/products/update",
            Some(
                &json!({ "id": other, "title": "Halstørklæde", "type": "product", "price": 14900,
                          "shop": { "active": false }, "version": read["result"]["version"] }),
            ),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(buyer.get(&picture).await.status(), StatusCode::NOT_FOUND);

    // The payment's return goes on to the confirmation page, or back to the checkout.
    let order = uuid::Uuid::new_v4();
    let response = buyer
        .get(&format!(
            "/public/orders/webshop/accept-payment?orderId={order}&token=abc"
        ))
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        response.headers()["location"].to_str().unwrap(),
        format!("/shop/confirmation/{order}?token=abc")
    );
    let response = buyer
        .get(&format!(
            "/public/orders/webshop/accept-payment?orderId={order}&token=abc&cancelled=1"
        ))
        .await;
    assert_eq!(
        response.headers()["location"].to_str().unwrap(),
        "/shop/checkout?cancelled=1"
    );
}

/// A subscription product in the shop: 100 kr. a month (without VAT), a start fee of 50 kr., six
/// months' commitment.
async fn membership(staff: &Browser) -> String {
    catalogue_product(
        staff,
        json!({ "title": "Klubmedlemskab", "type": "product", "price": 10000,
                "subscription": { "active": true, "fee": 10000, "startFee": 5000, "interval": 1, "commitment": 6 },
                "shop": { "active": true } }),
    )
    .await
}

/// The customer's own subscriptions as the profile lists them.
async fn my_subscriptions(customer: &Browser) -> Vec<Value> {
    let (status, body) = customer.get_json("/api/profile/subscriptions").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_array().unwrap().clone()
}

/// The checkout form of the signed-in demo customer, who accepts both terms and pays with
/// `method` ('card' or a saved card's id).
pub fn customer_form(method: &str, save_card: bool) -> Value {
    json!({ "firstname": "Karen", "lastname": "Kunde", "email": "kunde@tribune.test", "phone": "20 30 40 50",
            "paymentMethod": method, "saveCard": save_card, "acceptTerms": true, "acceptSubscriptionTerms": true })
}

pub async fn checkout(buyer: &Browser, form: &Value) -> Value {
    let (status, answer) = intent(buyer, form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(buyer, &key, form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    done["result"].clone()
}

pub async fn confirmed(buyer: &Browser, done: &Value) -> Value {
    let (status, body) = buyer
        .get_json(&format!(
            "/webshop/order/{}?token={}",
            done["orderId"].as_str().unwrap(),
            done["token"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

#[tokio::test]
async fn a_customer_pays_with_a_saved_card_and_the_subscription_bought_is_active_and_charged_to_it_later(
) {
    let app = spawn_app().await;
    prices_without_vat(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let product = membership(&staff).await;
    let customer = app.signed_in("kunde@tribune.test").await;
    let cards = crate::profile_cards::add_card(&customer, "4242424242424242").await;
    let card = cards[0]["cardId"].as_str().unwrap().to_string();

    // The first payment is the fee and the start fee: 150 kr., 187.50 with VAT.
    let (status, body) = add(&customer, &format!("productId={product}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let seen = cart(&customer).await;
    assert_eq!(seen["hasSubscription"], true, "{seen}");
    assert_eq!(seen["total"], 18750, "{seen}");

    // The subscription terms are required; a card that is not the customer's is refused.
    let mut form = customer_form(&card, false);
    form["acceptSubscriptionTerms"] = json!(false);
    let (status, body) = intent(&customer, &form).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "acceptSubscriptionTerms"),
        "Abonnementsbetingelserne skal accepteres"
    );
    let (_, answer) = intent(&customer, &customer_form("pm_someone_elses", false)).await;
    let key = answer["result"]["intentSecret"].as_str().unwrap();
    let (status, body) = complete(&customer, key, &customer_form("pm_someone_elses", false)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "paymentMethod"),
        "Det valgte kort findes ikke længere. Vælg et andet kort."
    );
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel = 'shop'")
            .await,
        0,
        "nothing made"
    );

    // The saved card pays (the fake Stripe.js's confirmCardPayment with the card's id).
    let done = checkout(&customer, &customer_form(&card, false)).await;
    let secret = done["clientSecret"].as_str().unwrap();
    // Another customer's card cannot pay it, as at Stripe.
    let (_, refused) = visitor(&app)
        .await
        .post_json(
            "/stand-ins/stripe/confirm-saved",
            &json!({ "clientSecret": secret, "paymentMethod": "pm_nobody" }),
        )
        .await;
    assert!(refused["error"].is_object(), "{refused}");
    let (status, paid) = customer
        .post_json(
            "/stand-ins/stripe/confirm-saved",
            &json!({ "clientSecret": secret, "paymentMethod": card }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    assert_eq!(paid["paymentIntent"]["status"], "succeeded", "{paid}");
    let order = confirmed(&customer, &done).await;
    assert_eq!(order["status"], "confirmed", "{order}");
    assert_eq!(order["cardNumber"], "4242");
    assert_eq!(order["total"], 18750);

    // The subscription: active, at the fee without the start fee, its first period the order's,
    // the next one a month on, charged to the card kept on it.
    let mine = my_subscriptions(&customer).await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0]["status"], "approved");
    assert_eq!(mine[0]["orderLines"][0]["title"], "Klubmedlemskab");
    assert_eq!(mine[0]["total"], 12500, "100 kr. + VAT a month");
    let today = crate::subscriptions::today();
    let next_month = today.checked_add_months(chrono::Months::new(1)).unwrap();
    assert_eq!(mine[0]["nextPayment"], json!(next_month.to_string()));
    assert_eq!(
        mine[0]["commitmentDate"],
        json!(today
            .checked_add_months(chrono::Months::new(6))
            .unwrap()
            .to_string())
    );
    let id = mine[0]["id"].as_str().unwrap().to_string();
    let seen = crate::subscriptions::subscription(&staff, &id).await;
    assert_eq!(seen["card"]["last4"], "4242", "{seen}");
    assert_eq!(seen["contact"]["email"], "kunde@tribune.test", "{seen}");
    let report = tribune_api::invoices::recurring::charge_due(&app.state, today)
        .await
        .unwrap();
    assert_eq!(
        report.paid, 0,
        "the first period is the order's: {report:?}"
    );
    let report = tribune_api::invoices::recurring::charge_due(&app.state, next_month)
        .await
        .unwrap();
    assert_eq!(report.paid, 1, "{report:?}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM subscription_charges WHERE subscription_id = '{id}' AND status = 'succeeded'"
        ))
        .await,
        1
    );
}

#[tokio::test]
async fn gem_kort_keeps_a_new_card_for_the_customer_and_a_guests_subscription_keeps_its_own() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, scarf, _, _) = the_shop(&staff).await;
    let product = membership(&staff).await;

    // 'Gem kort': the customer's new card is among their cards after the payment.
    let customer = app.signed_in("kunde@tribune.test").await;
    add(&customer, &format!("productId={scarf}")).await;
    let done = checkout(&customer, &customer_form("card", true)).await;
    let secret = done["clientSecret"].as_str().unwrap();
    let (status, paid) = customer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "5555555555554444", "expMonth": 10, "expYear": 2032, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    assert_eq!(confirmed(&customer, &done).await["status"], "confirmed");
    let (_, cards) = customer.get_json("/api/profile/cards").await;
    let cards = cards["result"].as_array().unwrap();
    assert_eq!(cards.len(), 1, "{cards:?}");
    assert_eq!(cards[0]["cardNumber"], "•••• 4444");
    assert_eq!(cards[0]["isDefault"], true);

    // Without 'Gem kort' nothing more is kept.
    add(&customer, &format!("productId={scarf}")).await;
    let done = checkout(&customer, &customer_form("card", false)).await;
    customer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": done["clientSecret"], "number": "4242424242424242", "expMonth": 10, "expYear": 2032, "cvc": "123" }),
        )
        .await;
    assert_eq!(confirmed(&customer, &done).await["status"], "confirmed");
    let (_, cards) = customer.get_json("/api/profile/cards").await;
    assert_eq!(cards["result"].as_array().unwrap().len(), 1, "{cards}");

    // A guest's subscription keeps the card it was paid with, on a customer of its own, and a
    // contact is made for the guest.
    let guest = visitor(&app).await;
    add(&guest, &format!("productId={product}")).await;
    let mut form = guest_form("gustav@example.dk");
    form["acceptSubscriptionTerms"] = json!(true);
    let done = checkout(&guest, &form).await;
    guest
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": done["clientSecret"], "number": "4242424242424242", "expMonth": 9, "expYear": 2031, "cvc": "123" }),
        )
        .await;
    assert_eq!(confirmed(&guest, &done).await["status"], "confirmed");
    let (status, list) = staff
        .post_json("/api/subscriptions", &json!({ "page": 1, "perPage": 10 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["Total"], 1, "{list}");
    let id = list["Result"][0]["id"].as_str().unwrap();
    let seen = crate::subscriptions::subscription(&staff, id).await;
    assert_eq!(seen["status"], "approved", "{seen}");
    assert_eq!(seen["card"]["last4"], "4242", "{seen}");
    assert_eq!(
        app.count("SELECT count(*) FROM contacts WHERE lower(email) = 'gustav@example.dk'")
            .await,
        1
    );
}

#[tokio::test]
async fn a_season_ticket_product_bought_in_the_shop_sells_a_season_ticket_reserved_at_every_match()
{
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (key, first, _) = seated_shop(&staff).await;
    let season = season_on_chart(&staff, &key, "Sæson 2026/27", (-30, 200)).await;
    let (second, _) = open_event(
        &staff,
        "Ligakamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let product = catalogue_product(
        &staff,
        json!({ "title": "Sæsonkort", "type": "seat-ticket", "price": 120000, "seasonTicket": true,
                "seats": [{ "chartId": key, "category": "std" }],
                "shop": { "active": true, "seasonId": season } }),
    )
    .await;

    let buyer = visitor(&app).await;
    let token = holding(&buyer, &first, &["A1-2"]).await;
    let (status, body) = add(
        &buyer,
        &format!("productId={product}&seat=A1-2&seatEventId={first}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let done = checkout(&buyer, &guest_form("sofie@example.dk")).await;
    buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": done["clientSecret"], "number": "4242424242424242", "expMonth": 9, "expYear": 2031, "cvc": "123" }),
        )
        .await;
    assert_eq!(confirmed(&buyer, &done).await["status"], "confirmed");

    let (status, tickets) = staff
        .get_json(&format!("/api/seats/seasons/{season}/tickets"))
        .await;
    assert_eq!(status, StatusCode::OK, "{tickets}");
    let tickets = tickets["result"].as_array().unwrap();
    assert_eq!(tickets.len(), 1, "{tickets:?}");
    assert_eq!(tickets[0]["seat"], "A1-2");
    assert_eq!(tickets[0]["email"], "sofie@example.dk");
    assert_eq!(seat_state(&buyer, &first, "A1-2").await, "reserved");
    assert_eq!(seat_state(&buyer, &second, "A1-2").await, "reserved");
    // The season ticket is the ticket: no single match ticket was issued for the line.
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE order_id = '{}'",
            done["orderId"].as_str().unwrap()
        ))
        .await,
        0
    );
}

/// A free shop (issue 36): a jersey sent to the buyer, in size L with a name print, a seat
/// ticket to a match, and a programme picked up at the club: (jersey, its L variant, the name
/// print, the programme, the ticket product, the match).
async fn delivered_shop(staff: &Browser) -> (String, String, String, String, String, String) {
    let print = catalogue_product(
        staff,
        json!({ "title": "Navnetryk", "type": "product", "price": 0 }),
    )
    .await;
    let jersey = catalogue_product(
        staff,
        json!({
            "title": "Hjemmebanetrøje", "type": "product", "price": 0, "delivery": "address",
            "variants": [{ "title": "M", "price": 0 }, { "title": "L", "price": 0 }],
            "options": [{ "productId": print, "public": true }],
            "shop": { "active": true },
        }),
    )
    .await;
    let (_, product) = staff.get_json(&format!("/api/products/{jersey}")).await;
    assert_eq!(product["result"]["delivery"], "address", "{product}");
    let large = product["result"]["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["title"] == "L")
        .map(|v| v["id"].as_str().unwrap().to_string())
        .unwrap();
    let programme = catalogue_product(
        staff,
        json!({ "title": "Kampprogram", "type": "product", "price": 0, "delivery": "pickup",
                "shop": { "active": true } }),
    )
    .await;
    let (status, body) = staff
        .post_json(
            "/api/seats/charts",
            &json!({
                "name": "Stadion",
                "categories": [{ "key": "std", "label": "Standard", "color": "#1e88e5" }],
                "sections": [{ "name": "A", "categoryKey": "std", "rows": [{ "label": "A1", "seats": 6 }] }],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let chart = body["result"].as_str().unwrap().to_string();
    let (_, chart) = staff.get_json(&format!("/api/seats/charts/{chart}")).await;
    let key = chart["result"]["key"].as_str().unwrap().to_string();
    let (event, _) = open_event(
        staff,
        "Pokalkamp",
        json!([]),
        json!({ "hasSeating": true, "seating": { "chartId": key, "name": "Stadion" } }),
    )
    .await;
    let ticket = catalogue_product(
        staff,
        json!({ "title": "Pladsbillet", "type": "seat-ticket", "price": 0,
                "seats": [{ "chartId": key, "category": "std" }], "shop": { "active": true } }),
    )
    .await;
    (jersey, large, print, programme, ticket, event)
}

fn with_address(mut form: Value, name: &str, street: &str, postcode: &str, city: &str) -> Value {
    form["deliveryName"] = json!(name);
    form["deliveryStreet"] = json!(street);
    form["deliveryPostcode"] = json!(postcode);
    form["deliveryCity"] = json!(city);
    form
}

#[tokio::test]
async fn a_jersey_sent_to_the_buyer_asks_for_an_address_and_it_reaches_the_order_the_mail_and_the_confirmation(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (jersey, large, print, programme, ticket, event) = delivered_shop(&staff).await;
    let buyer = visitor(&app).await;
    let (status, body) = add(
        &buyer,
        &format!("productId={jersey}&variantId={large}&options={print}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    add(&buyer, &format!("productId={programme}")).await;
    let token = holding(&buyer, &event, &["A1-2"]).await;
    let (status, body) = add(
        &buyer,
        &format!("productId={ticket}&seat=A1-2&seatEventId={event}&holdToken={token}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The jersey is sent: the checkout asks for an address.
    assert_eq!(cart(&buyer).await["delivery"], "address");

    // No address, or a postcode that is not four digits: each field says why, nothing is saved.
    let form = guest_form("gitte@example.dk");
    let (status, body) = intent(&buyer, &form).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    for (field, message) in [
        ("deliveryName", "Navn skal udfyldes"),
        ("deliveryStreet", "Adresse skal udfyldes"),
        ("deliveryPostcode", "Postnummer skal udfyldes"),
        ("deliveryCity", "By skal udfyldes"),
    ] {
        assert_eq!(first_error(&body, field), message, "{field}: {body}");
    }
    let bad = with_address(
        form.clone(),
        "Gitte Gæst",
        "Vestergade 12",
        "50OO",
        "Odense C",
    );
    let (status, body) = complete(&buyer, "a-key", &bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "deliveryPostcode"),
        "Postnummer skal være 4 cifre"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM sales WHERE channel = 'shop'")
            .await,
        0
    );
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE event_type = 'DeliveryChosen'")
            .await,
        0
    );
    assert_eq!(
        cart(&buyer).await["orderLines"].as_array().unwrap().len(),
        3
    );

    // With the address: free, so confirmed at once.
    let form = with_address(form, "Gitte Gæst", "Vestergade 12", "5000", "Odense C");
    let (status, answer) = intent(&buyer, &form).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let key = answer["result"]["intentSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, done) = complete(&buyer, &key, &form).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    let order = done["result"]["orderId"].as_str().unwrap().to_string();
    let link = done["result"]["token"].as_str().unwrap().to_string();

    // The confirmation page and the staff's order show the address; the history has it.
    let (status, confirmed) = buyer
        .get_json(&format!("/webshop/order/{order}?token={link}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");
    let address = json!({ "name": "Gitte Gæst", "street": "Vestergade 12", "postcode": "5000", "city": "Odense C" });
    assert_eq!(confirmed["result"]["status"], "confirmed", "{confirmed}");
    assert_eq!(confirmed["result"]["delivery"]["method"], "address");
    assert_eq!(confirmed["result"]["delivery"]["address"], address);
    let (_, staff_order) = staff.get_json(&format!("/api/orders/{order}")).await;
    assert_eq!(
        staff_order["result"]["delivery"]["address"], address,
        "{staff_order}"
    );
    let (status, history) = staff.get_json(&format!("/api/history/order/{order}")).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert!(history.to_string().contains("DeliveryChosen"), "{history}");

    // The mail: each line with its variant and add-on, the address, the ticket and the match.
    let mail = app.smtp.wait_for("gitte@example.dk").await;
    let text = mail.text().replace("\r\n", "\n");
    for wanted in [
        "1 × Hjemmebanetrøje, L: DKK 0,00",
        "+ Navnetryk",
        "1 × Kampprogram: DKK 0,00",
        "Pladsbillet (Pokalkamp, plads A1-2)",
        "Leveringsadresse:\nGitte Gæst\nVestergade 12\n5000 Odense C",
        "Dine billetter er vedhæftet som PDF.",
    ] {
        assert!(text.contains(wanted), "{wanted}: {text}");
    }
    let attached = mail.attachments();
    let pdf = attached
        .iter()
        .find(|a| a.1.starts_with("application/pdf"))
        .map(|a| a.2.clone())
        .expect("the tickets' PDF");
    let pdf = crate::helpers::pdf_text(&pdf);
    assert_eq!(pdf.matches("Billet nr.").count(), 1, "{pdf}");
    assert!(pdf.contains("Pokalkamp"), "{pdf}");
    let ics = attached
        .iter()
        .find(|a| a.0 == "pokalkamp.ics")
        .map(|a| String::from_utf8(a.2.clone()).unwrap())
        .expect("the match's calendar file");
    assert!(ics.contains("\r\nSUMMARY:Pokalkamp\r\n"), "{ics}");
}
