//! The table plan (issue 18): tables made, changed and deleted with their refusals; guests placed
//! by hand only while seats are free, never at two tables, and not when the seats are changed
//! under them; 'Placér automatisk' seats every company together where it fits; the downloads
//! (Oversigt, Deltagerliste, Bordkort) read back as text; two people placing at once never
//! over-fill a table; another club sees none of it.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_ticket, first_error, first_offer, give_handbold_events, guest, open_event,
    pdf_text, spawn_app, visitor, Browser, TestApp,
};

/// A gala dinner with free seats-at-table tickets: its id.
async fn dinner(staff: &Browser) -> String {
    let ticket = catalogue_ticket(staff, "Middagsbillet", 0).await;
    let product = json!([{ "productId": ticket, "title": "Middag", "price": 0, "maxAmount": 100, "public": true }]);
    let (id, _) = open_event(
        staff,
        "Gallamiddag",
        product.clone(),
        json!({ "hasTables": true, "tablePlan": { "productIds": [], "cardFormat": "A4 folded", "cardOrientation": "Portrait" } }),
    )
    .await;
    id
}

/// `count` guests of company `company` (a new company of Demo FC), booked by one guest: the
/// tickets' ids.
async fn company_guests(
    app: &TestApp,
    staff: &Browser,
    event: &str,
    company: &str,
    count: i64,
) -> Vec<String> {
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&json!({ "name": company, "status": 0, "cvr": "12345678", "phone": "", "useEAN": false, "vatExcluded": false })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let company_id = body["result"].as_str().unwrap().to_string();
    let buyer = visitor(app).await;
    let product = first_offer(&buyer, event).await;
    let mut booking = guest(event, json!([{ "productId": product, "amount": count }]));
    booking["firstname"] = json!(company.split(' ').next().unwrap());
    let (status, body) = book(&buyer, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = body["data"]["orderId"].as_str().unwrap().to_string();
    // The tickets are the company's (as a sponsor's booking makes them).
    sqlx::query(
        "UPDATE ticket_rows SET company_id = $2::uuid, company_name = $3 WHERE order_id = $1::uuid",
    )
    .bind(&order)
    .bind(&company_id)
    .bind(company)
    .execute(&app.db.owner)
    .await
    .unwrap();
    let mut db = app.db.owner.acquire().await.unwrap();
    sqlx::query_scalar("SELECT id::text FROM ticket_rows WHERE order_id = $1::uuid ORDER BY number")
        .bind(&order)
        .fetch_all(&mut *db)
        .await
        .unwrap()
}

async fn save(staff: &Browser, event: &str, table: Value) -> (StatusCode, Value) {
    staff
        .post_json(&format!("/api/events/{event}/tables"), &table)
        .await
}

async fn tables(staff: &Browser, event: &str) -> Vec<Value> {
    let (status, body) = staff.get_json(&format!("/api/events/{event}/tables")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_array().unwrap().clone()
}

fn table_id(tables: &[Value], title: &str) -> String {
    tables.iter().find(|t| t["title"] == title).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn tables_are_made_changed_and_deleted_and_guests_sit_only_on_free_seats() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = dinner(&staff).await;
    let nordbyg = company_guests(&app, &staff, &event, "Nordbyg A/S", 3).await;

    // The refusals, each on its field; nothing made.
    let (status, body) = save(&staff, &event, json!({ "title": " ", "seats": null })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "title"), "Titel skal udfyldes");
    assert_eq!(first_error(&body, "seats"), "Antal pladser skal udfyldes");
    let (status, body) = save(&staff, &event, json!({ "title": "Bord 1", "seats": 0 })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seats"),
        "Antal pladser skal være mellem 1 og 1000"
    );
    let (status, _) = save(
        &staff,
        &event,
        json!({ "title": "Bord 1", "seats": "mange" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(tables(&staff, &event).await.is_empty());

    let (status, body) = save(
        &staff,
        &event,
        json!({ "title": "Bord 1", "description": "Ved scenen", "seats": 2 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let one = table_id(body["result"].as_array().unwrap(), "Bord 1");
    save(&staff, &event, json!({ "title": "Bord 2", "seats": 4 })).await;

    // Two sit at table 1; a third does not fit.
    let (status, body) = save(
        &staff,
        &event,
        json!({ "id": one, "title": "Bord 1", "seats": 2, "seating": [nordbyg[0], nordbyg[1], nordbyg[2]] }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seating"),
        "Der er ikke flere ledige pladser ved bordet"
    );
    let (status, body) = save(
        &staff,
        &event,
        json!({ "id": one, "title": "Bord 1", "seats": 2, "seating": [nordbyg[0], nordbyg[1]] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let seen = tables(&staff, &event).await;
    assert_eq!(seen[0]["free"], 0);
    assert_eq!(seen[0]["seating"][0]["company"], "Nordbyg A/S");
    assert_eq!(seen[0]["seating"][0]["name"], "Nordbyg Gæst");
    // The seats cannot change under them; a ticket of nobody's is refused.
    let (status, body) = save(
        &staff,
        &event,
        json!({ "id": one, "title": "Bord 1", "seats": 6 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seats"),
        "Antal pladser kan ikke ændres, når der sidder gæster ved bordet"
    );
    let two = table_id(&seen, "Bord 2");
    let (status, body) = save(
        &staff,
        &event,
        json!({ "id": two, "title": "Bord 2", "seats": 4, "seating": [uuid::Uuid::new_v4()] }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "seating"),
        "En gæst findes ikke blandt arrangementets gæster"
    );
    // A guest moved to table 2 leaves table 1: one table each.
    let (status, _) = save(
        &staff,
        &event,
        json!({ "id": two, "title": "Bord 2", "seats": 4, "seating": [nordbyg[1]] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let seen = tables(&staff, &event).await;
    assert_eq!(seen[0]["seating"].as_array().unwrap().len(), 1);
    assert_eq!(seen[1]["seating"].as_array().unwrap().len(), 1);
    let (_, waiting) = staff
        .post_json(&format!("/api/events/{event}/tables/attendees"), &json!({}))
        .await;
    assert_eq!(waiting["Total"], 1, "{waiting}");
    assert_eq!(waiting["Result"][0]["ticketId"], json!(nordbyg[2]));

    // Deleting a table unplaces its guests.
    let (status, _) = staff
        .delete(&format!("/api/events/{event}/tables/{one}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, waiting) = staff
        .post_json(&format!("/api/events/{event}/tables/attendees"), &json!({}))
        .await;
    assert_eq!(waiting["Total"], 2, "{waiting}");

    // Another club sees and changes nothing.
    give_handbold_events(&app).await;
    let handbold = app.admin_in_handbold().await;
    for (status, _) in [
        handbold
            .get_json(&format!("/api/events/{event}/tables"))
            .await,
        save(&handbold, &event, json!({ "title": "Fremmed", "seats": 2 })).await,
        handbold
            .post_json(
                &format!("/api/events/{event}/tables/auto-seating"),
                &json!({}),
            )
            .await,
        handbold
            .delete(&format!("/api/events/{event}/tables/{two}"))
            .await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    assert_eq!(tables(&staff, &event).await.len(), 1);
}

#[tokio::test]
async fn auto_seating_keeps_companies_together_and_the_downloads_hold_the_plan() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let event = dinner(&staff).await;
    let nordbyg = company_guests(&app, &staff, &event, "Nordbyg A/S", 6).await;
    let sydhavn = company_guests(&app, &staff, &event, "Sydhavn ApS", 4).await;
    let vest = company_guests(&app, &staff, &event, "Vestjysk Vin", 3).await;
    for (title, seats, auto) in [
        ("Bord 1", 8, true),
        ("Bord 2", 6, true),
        ("Bord 3", 4, true),
        ("Æresbord", 10, false),
    ] {
        let (status, body) = save(
            &staff,
            &event,
            json!({ "title": title, "seats": seats, "autoPlace": auto }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/tables/auto-seating"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["placed"], 13);
    assert_eq!(body["result"]["unplaced"], 0);
    let seen = tables(&staff, &event).await;
    let at = |ids: &[String]| -> Vec<String> {
        let mut titles: Vec<String> = ids
            .iter()
            .map(|id| {
                seen.iter()
                    .find(|t| {
                        t["seating"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .any(|g| g["ticketId"] == json!(id))
                    })
                    .map(|t| t["title"].as_str().unwrap().to_string())
                    .unwrap_or_default()
            })
            .collect();
        titles.dedup();
        titles
    };
    // 6 fill table 2 exactly, 4 table 3, 3 go to table 1; nobody at the table not auto-placed.
    assert_eq!(at(&nordbyg), vec!["Bord 2"]);
    assert_eq!(at(&sydhavn), vec!["Bord 3"]);
    assert_eq!(at(&vest), vec!["Bord 1"]);
    for t in &seen {
        assert!(t["free"].as_i64().unwrap() >= 0, "{t}");
    }
    assert_eq!(
        seen.iter().find(|t| t["title"] == "Æresbord").unwrap()["seating"],
        json!([])
    );

    // The downloads, read back.
    let download = |kind: &'static str| {
        let staff = &staff;
        let event = event.clone();
        async move {
            let response = staff
                .get(&format!("/api/events/{event}/tables/download/{kind}"))
                .await;
            assert_eq!(response.status(), StatusCode::OK, "{kind}");
            assert_eq!(response.headers()["content-type"], "application/pdf");
            response.bytes().await.unwrap().to_vec()
        }
    };
    let overview = pdf_text(&download("oversigt").await);
    assert!(overview.contains("Bordplan"), "{overview}");
    assert!(overview.contains("Bord 2"), "{overview}");
    assert!(overview.contains("Nordbyg A/S"), "{overview}");
    let guests = pdf_text(&download("deltagerliste").await);
    assert!(guests.contains("Deltagerliste"), "{guests}");
    assert!(guests.contains("Vestjysk"), "{guests}");
    let cards = download("bordkort").await;
    let text = pdf_text(&cards);
    for title in ["Bord 1", "Bord 2", "Bord 3", "Æresbord"] {
        assert!(text.contains(title), "{title}: {text}");
    }
    assert_eq!(pdf_pages(&cards), 4, "one card per table");
    let (status, _) = staff
        .get_json(&format!("/api/events/{event}/tables/download/andet"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The number of pages of a PDF (pdfinfo, as `pdf_text` uses poppler).
fn pdf_pages(bytes: &[u8]) -> usize {
    let path = std::env::temp_dir().join(format!("tribune-{}.pdf", uuid::Uuid::new_v4()));
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdfinfo")
        .arg(&path)
        .output()
        .expect("pdfinfo (poppler-utils)");
    let _ = std::fs::remove_file(&path);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn two_people_placing_at_once_never_overfill_a_table() {
    let app = spawn_app().await;
    let staff = Arc::new(app.signed_in("staff@tribune.test").await);
    let event = dinner(&staff).await;
    let guests = company_guests(&app, &staff, &event, "Nordbyg A/S", 12).await;
    let (_, body) = save(&staff, &event, json!({ "title": "Bord 1", "seats": 4 })).await;
    let table = table_id(body["result"].as_array().unwrap(), "Bord 1");
    // Twelve placings at once, each of three other guests: at most one set of 3 or 4 fits.
    let mut tasks = Vec::new();
    for chunk in guests.chunks(3) {
        let (staff, event, table) = (staff.clone(), event.clone(), table.clone());
        let seating: Vec<String> = chunk.to_vec();
        tasks.push(tokio::spawn(async move {
            save(
                &staff,
                &event,
                json!({ "id": table, "title": "Bord 1", "seats": 4, "seating": seating }),
            )
            .await
            .0
        }));
    }
    for task in tasks {
        let status = task.await.unwrap();
        assert!(
            status == StatusCode::OK || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{status}"
        );
    }
    let seen = tables(&staff, &event).await;
    assert!(
        seen[0]["seating"].as_array().unwrap().len() <= 4,
        "{seen:?}"
    );
    assert!(seen[0]["free"].as_i64().unwrap() >= 0);
    let seated = app.count("SELECT count(*) FROM event_table_guests").await;
    assert!(seated <= 4, "{seated}");
}
