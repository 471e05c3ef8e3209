//! Who comes, on the public event page (spec 2 §3 `showParticipants`; issue 40 §9): nothing while
//! the event does not show its participants; when it does, the companies and people whose
//! tickets admit them (confirmed bookings, not a cancelled one), by name alone.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_ticket, first_offer, guest, open_event, products, spawn_app, visitor, Browser,
    TestApp,
};

/// A guest's booking of `amount` tickets of the event's first offer, in `name`'s name with the
/// ticket holders' `names` (none: the tickets are in the buyer's name): the order's id.
async fn a_guest_booking(
    buyer: &Browser,
    event: &str,
    (firstname, lastname, email): (&str, &str, &str),
    amount: usize,
    names: &[&str],
) -> String {
    let product = first_offer(buyer, event).await;
    let mut line = json!({ "productId": product, "amount": amount });
    if !names.is_empty() {
        line["names"] = json!(names);
    }
    let mut booking = guest(event, json!([line]));
    booking["firstname"] = json!(firstname);
    booking["lastname"] = json!(lastname);
    booking["email"] = json!(email);
    let (status, body) = book(buyer, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["orderId"].as_str().expect("order").to_string()
}

/// Karen (kunde@tribune.test) as the contact of Karens Tømrer ApS: the company's id.
async fn karens_company(app: &TestApp) -> uuid::Uuid {
    let club = app.club_id("Demo FC").await;
    sqlx::query_scalar(
        "WITH co AS (INSERT INTO companies (client_id, name) VALUES ($1, 'Karens Tømrer ApS') RETURNING id), \
              ct AS (INSERT INTO contacts (client_id, firstname, lastname, email) \
                     VALUES ($1, 'Karen', 'Kunde', 'kunde@tribune.test') RETURNING id), \
              link AS (INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, co.id, ct.id FROM co, ct) \
         SELECT co.id FROM co",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .expect("company")
}

/// The public page as a visitor of Demo FC gets it: the event, and the whole body as text.
async fn public_page(app: &TestApp, url: &str) -> (Value, String) {
    let response = visitor(app)
        .await
        .get(&format!("/public/events/{url}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("body");
    let body: Value = serde_json::from_str(&text).expect("json");
    (body["result"].clone(), text)
}

#[tokio::test]
async fn the_public_page_lists_who_comes_by_name_only_when_the_event_shows_its_participants() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Sponsoraften", 0).await;
    let (id, url) = open_event(
        &staff,
        "Sponsoraften 2026",
        json!([{ "productId": ticket, "title": "Deltager", "price": 0, "maxAmount": 20, "public": true }]),
        json!({ "showParticipants": false }),
    )
    .await;

    // Given two named guests of one booking, a guest with an unnamed ticket, a booking that is
    // cancelled, and a company's booking …
    let buyer = visitor(&app).await;
    a_guest_booking(
        &buyer,
        &id,
        ("Gitte", "Gæst", "gitte@example.dk"),
        2,
        &["Gitte Gæst", "Bo Gæst"],
    )
    .await;
    a_guest_booking(&buyer, &id, ("Nina", "Navnløs", "nina@example.dk"), 1, &[]).await;
    let cancelled = a_guest_booking(
        &buyer,
        &id,
        ("Anders", "Afbud", "anders@example.dk"),
        1,
        &[],
    )
    .await;
    let (status, body) = staff
        .post_json("/api/orders/cancel", &json!({ "id": cancelled }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let company = karens_company(&app).await;
    let karen = app.signed_in("kunde@tribune.test").await;
    let offered = products(&karen, &id, json!({ "companyId": company, "products": [] })).await;
    let product = offered["result"][company.to_string()][0]["productId"].clone();
    let mut booking = guest(&id, json!([{ "productId": product, "amount": 3 }]));
    booking["companyId"] = json!(company);
    booking["firstname"] = json!("Karen");
    booking["lastname"] = json!("Kunde");
    booking["email"] = json!("kunde@tribune.test");
    let (status, body) = book(&karen, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let names = [
        "Gitte Gæst",
        "Bo Gæst",
        "Nina Navnløs",
        "Anders Afbud",
        "Karen Kunde",
        "Karens Tømrer ApS",
    ];
    let emails = [
        "gitte@example.dk",
        "nina@example.dk",
        "anders@example.dk",
        "kunde@tribune.test",
    ];

    // … when the event does not show its participants, the page names none of them.
    let (event, text) = public_page(&app, &url).await;
    assert_eq!(event["title"], "Sponsoraften 2026");
    assert_eq!(event["participants"], Value::Null, "{event}");
    for leaked in names.iter().chain(emails.iter()) {
        assert!(!text.contains(leaked), "{leaked} in {text}");
    }

    // When it does, the company once by its name (not Karen's), then each person by name: the
    // holders, else the buyer; the cancelled booking's buyer is not there.
    let (_, saved) = staff.get_json(&format!("/api/events/{id}")).await;
    let mut edit = saved["result"].clone();
    edit.as_object_mut().map(|o| o.remove("subEvents"));
    edit["showParticipants"] = json!(true);
    let (status, body) = staff
        .post_form("/api/events/update", Some(&edit), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (event, text) = public_page(&app, &url).await;
    assert_eq!(
        event["participants"],
        json!({
            "list": [
                { "name": "Karens Tømrer ApS", "company": true },
                { "name": "Bo Gæst", "company": false },
                { "name": "Gitte Gæst", "company": false },
                { "name": "Nina Navnløs", "company": false },
            ],
            "more": 0,
        }),
        "{event}"
    );
    for leaked in ["Anders Afbud", "Karen Kunde"].iter().chain(emails.iter()) {
        assert!(!text.contains(leaked), "{leaked} in {text}");
    }
    // No e-mail anywhere in the answer but the club's own, whom the page says to contact.
    let club_email = event["clubEmail"].as_str().expect("club e-mail");
    assert!(
        !text.replace(club_email, "").contains('@'),
        "an e-mail in {text}"
    );
}
