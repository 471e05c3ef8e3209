//! Events and event types (spec 2 §2–§5, §7, §9; issue 15): the staff's editors and lists, the
//! type as a template, files, the public home's cards, and that another club, or a club without
//! the events module, sees none of it.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{first_error, give_handbold_events, png, spawn_app, visitor_of, Browser};

const TYPES: &str = "/api/events/types/update";
const EVENTS: &str = "/api/events/update";

/// A ticket product of the staff's club (the catalogue's form): its id.
async fn ticket_product(staff: &Browser, title: &str, kind: &str) -> String {
    let data = json!({ "title": title, "type": kind, "price": 12000 });
    let (status, body) = staff
        .post_form("/api/products/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_str().expect("id").to_string()
}

/// Saves through the multipart form the editor sends; the answer's id.
async fn save(
    staff: &Browser,
    path: &str,
    data: &Value,
    files: Vec<(&str, &str, Vec<u8>)>,
) -> String {
    let (status, body) = staff.post_form(path, Some(data), &[], files).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body["result"].as_str().expect("id").to_string()
}

async fn read(staff: &Browser, path: &str) -> Value {
    let (status, body) = staff.get_json(path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body["result"].clone()
}

async fn event(staff: &Browser, id: &str) -> Value {
    read(staff, &format!("/api/events/{id}")).await
}

async fn list(staff: &Browser, path: &str, params: Value) -> Value {
    let (status, body) = staff.post_json(path, &params).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// A type the staff's club can make events from: its id.
async fn a_type(staff: &Browser, title: &str) -> String {
    save(staff, TYPES, &json!({ "title": title }), vec![]).await
}

/// An event with what an event needs (title, type, the four dates in order, a sender), starting
/// `start` (an ISO date-time in UTC) and lasting two hours.
fn an_event(type_id: &str, title: &str, start: &str) -> Value {
    let start: chrono::DateTime<chrono::Utc> = start.parse().expect("start");
    let iso =
        |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    json!({
        "typeId": type_id,
        "title": title,
        "location": "Stadion",
        "startDate": iso(start),
        "endDate": iso(start + chrono::Duration::hours(2)),
        "signUpStart": iso(start - chrono::Duration::days(30)),
        "signUpDeadline": iso(start - chrono::Duration::hours(1)),
        "sender": { "name": "Demo FC", "email": "kontakt@demofc.dk" }
    })
}

async fn refused(
    staff: &Browser,
    path: &str,
    data: &Value,
    files: Vec<(&str, &str, Vec<u8>)>,
    field: &str,
    message: &str,
) {
    let (status, body) = staff.post_form(path, Some(data), &[], files).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {body}");
    assert!(
        body["errors"][field]
            .as_array()
            .is_some_and(|e| e.contains(&json!(message))),
        "{field} '{message}' in {body}"
    );
}

#[tokio::test]
async fn an_event_made_from_a_type_starts_from_the_types_template() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = ticket_product(&staff, "Kampbillet", "ticket").await;
    let seat = ticket_product(&staff, "Pladsbillet", "seat-ticket").await;
    let template = json!({
        "title": "Hjemmekamp",
        "location": "Demo FC Stadion",
        "description": "<p>Kom og <strong>støt</strong> holdet<script>alert(1)</script></p>",
        "hasTickets": true,
        "promote": true,
        "sender": { "name": "Demo FC", "email": "kontakt@demofc.dk" },
        "extraInfo": [{ "title": "Allergier", "alias": "allergier", "values": [], "multiple": false, "type": "Text", "required": false }],
        "notifications": { "emailNotifications": { "invitation": "Default" }, "reminderInterval": 2 },
        "tickets": { "controlType": "Scan", "products": [
            { "productId": ticket, "title": "Voksen", "price": 12000, "maxAmount": 10, "public": true },
            { "productId": seat, "title": "Siddeplads", "price": 18000, "publicPrice": 20000 }
        ] }
    });
    let type_id = save(
        &staff,
        TYPES,
        &template,
        vec![("bannerPictureFile", "banner.png", png())],
    )
    .await;

    // Given the type's template, when the editor makes an event of it …
    let read_back = read(&staff, &format!("/api/events/types/{type_id}")).await;
    assert_eq!(read_back["title"], json!("Hjemmekamp"));
    assert_eq!(read_back["location"], json!("Demo FC Stadion"));
    assert_eq!(
        read_back["description"],
        json!("<p>Kom og <strong>støt</strong> holdet</p>"),
        "rich text is sanitised"
    );
    assert_eq!(read_back["startDate"], Value::Null);
    assert_eq!(read_back["version"], json!(1));
    assert_eq!(read_back["tickets"]["controlType"], json!("Scan"));
    let products = read_back["tickets"]["products"]
        .as_array()
        .expect("products");
    assert_eq!(products.len(), 2);
    assert_eq!(
        products[0]["id"],
        Value::Null,
        "a template's rows have no ids"
    );
    assert_eq!(products[0]["product"]["title"], json!("Kampbillet"));
    assert_eq!(products[1]["product"]["type"], json!("seat-ticket"));
    assert_eq!(products[1]["publicPrice"], json!(20000));
    let type_banner = read_back["bannerPicture"]
        .as_str()
        .expect("banner")
        .to_string();

    let mut made = read_back.clone();
    let dates = an_event(&type_id, "Demo FC – AGF", "2030-08-01T16:00:00Z");
    for key in [
        "title",
        "startDate",
        "endDate",
        "signUpStart",
        "signUpDeadline",
    ] {
        made[key] = dates[key].clone();
    }
    made["id"] = Value::Null;
    made["typeId"] = json!(type_id);
    made["parentId"] = Value::Null;
    made["url"] = json!("");
    let id = save(&staff, EVENTS, &made, vec![]).await;

    // … the event has the template's form, its own ticket product rows and a copy of the banner.
    let saved = event(&staff, &id).await;
    assert_eq!(saved["typeId"], json!(type_id));
    assert_eq!(saved["title"], json!("Demo FC – AGF"));
    assert_eq!(saved["url"], json!("demo-fc-agf"));
    assert_eq!(saved["location"], json!("Demo FC Stadion"));
    assert_eq!(saved["promote"], json!(true));
    assert_eq!(saved["startDate"], json!("2030-08-01T16:00:00Z"));
    assert_eq!(saved["extraInfo"][0]["alias"], json!("allergier"));
    assert_eq!(
        saved["notifications"]["emailNotifications"]["invitation"],
        json!("Default")
    );
    assert_eq!(saved["notifications"]["reminderInterval"], json!(2));
    assert_eq!(saved["subEvents"], json!([]));
    let rows = saved["tickets"]["products"].as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r["id"].is_string()), "{rows:?}");
    assert_eq!(rows[0]["title"], json!("Voksen"));
    assert_eq!(rows[0]["maxAmount"], json!(10));
    assert_eq!(rows[1]["product"]["title"], json!("Pladsbillet"));
    let banner = saved["bannerPicture"].as_str().expect("banner");
    assert_ne!(banner, type_banner, "the event has its own copy");
    let download = staff.get(banner).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(download.bytes().await.expect("bytes").to_vec(), png());

    // The list names its type.
    let page = list(
        &staff,
        "/api/events/v2",
        json!({ "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(page["Result"][0]["Type"], json!("Hjemmekamp"));

    // Saving back what the editor read (read-only parts and all) keeps the rows' ids.
    let mut edit = saved.clone();
    edit.as_object_mut().map(|o| o.remove("subEvents"));
    edit["tickets"]["products"][1]["price"] = json!(19000);
    save(&staff, EVENTS, &edit, vec![]).await;
    let again = event(&staff, &id).await;
    assert_eq!(again["tickets"]["products"][0]["id"], rows[0]["id"]);
    assert_eq!(again["tickets"]["products"][1]["price"], json!(19000));
    assert_eq!(again["bannerPicture"], json!(banner), "a kept file stays");
    assert_eq!(again["version"], json!(2));
}

#[tokio::test]
async fn every_rule_of_an_event_answers_in_danish_on_its_field_and_nothing_is_saved() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let ticket = ticket_product(&staff, "Kampbillet", "ticket").await;
    let shirt = ticket_product(&staff, "Trøje", "product").await;
    let valid = || {
        let mut event = an_event(&type_id, "Kamp", "2030-08-01T16:00:00Z");
        event["tickets"] =
            json!({ "products": [{ "productId": ticket, "title": "Voksen", "price": 12000 }] });
        event
    };
    let with = |path: &str, value: Value| {
        let mut event = valid();
        let mut at = &mut event;
        let keys: Vec<&str> = path.split('.').collect();
        for key in &keys[..keys.len() - 1] {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*key],
            };
        }
        at[keys[keys.len() - 1]] = value;
        event
    };
    let cases: Vec<(Value, &str, &str)> = vec![
        (with("title", json!(" ")), "title", "Titel skal udfyldes"),
        (with("typeId", Value::Null), "typeId", "Type skal vælges"),
        (
            with("typeId", json!(uuid::Uuid::new_v4())),
            "typeId",
            "Typen findes ikke",
        ),
        (
            with("startDate", Value::Null),
            "startDate",
            "Start skal udfyldes",
        ),
        (
            with("endDate", Value::Null),
            "endDate",
            "Slut skal udfyldes",
        ),
        (
            with("signUpStart", Value::Null),
            "signUpStart",
            "Tilmelding åbner skal udfyldes",
        ),
        (
            with("signUpDeadline", Value::Null),
            "signUpDeadline",
            "Tilmeldingsfrist skal udfyldes",
        ),
        (
            with("endDate", json!("2030-08-01T15:00:00Z")),
            "endDate",
            "Slut må ikke være før start",
        ),
        (
            with("signUpDeadline", json!("2030-08-01T19:00:00Z")),
            "signUpDeadline",
            "Tilmeldingsfristen må ikke være efter slut",
        ),
        (
            with("signUpStart", json!("2030-08-01T15:30:00Z")),
            "signUpStart",
            "Tilmelding åbner må ikke være efter tilmeldingsfristen",
        ),
        (
            with("signUpPublic", json!("2030-06-01T00:00:00Z")),
            "signUpPublic",
            "Offentlig tilmelding skal ligge mellem tilmelding åbner og tilmeldingsfristen",
        ),
        (
            with("sender.name", json!("")),
            "sender.name",
            "Afsendernavn skal udfyldes",
        ),
        (
            with("sender.email", json!("")),
            "sender.email",
            "Afsender e-mail skal udfyldes",
        ),
        (
            with("sender.email", json!("ikke en adresse")),
            "sender.email",
            "Afsender e-mail skal være en gyldig e-mail adresse",
        ),
        (
            with("maxSignups", json!(-1)),
            "maxSignups",
            "Maks. tilmeldinger skal minimum være 0 eller mere",
        ),
        (
            with("tickets.products.0.productId", Value::Null),
            "tickets.products.0.productId",
            "Produkt skal vælges",
        ),
        (
            with("tickets.products.0.productId", json!(shirt)),
            "tickets.products.0.productId",
            "Produktet skal være en billet",
        ),
        (
            with("tickets.products.0.title", json!("")),
            "tickets.products.0.title",
            "Titel skal udfyldes",
        ),
        (
            with("tickets.products.0.price", Value::Null),
            "tickets.products.0.price",
            "Pris skal udfyldes",
        ),
        (
            with("tickets.products.0.price", json!(-1)),
            "tickets.products.0.price",
            "Pris skal minimum være 0 eller mere",
        ),
        (
            with("tickets.products.0.maxAmount", json!(-1)),
            "tickets.products.0.maxAmount",
            "Maks. antal skal minimum være 0 eller mere",
        ),
        (
            with("tickets.products.0.maxAmount", json!(1.5)),
            "tickets.products.0.maxAmount",
            "Forkert datatype: forventede et heltal",
        ),
        (
            with("tickets.products.0.maxCompanyAmount", json!(-2)),
            "tickets.products.0.maxCompanyAmount",
            "Maks. antal pr. virksomhed skal minimum være 0 eller mere",
        ),
        (
            with("tickets.products.0.publicPrice", json!(-1)),
            "tickets.products.0.publicPrice",
            "Offentlig pris skal minimum være 0 eller mere",
        ),
    ];
    for (data, field, message) in cases {
        refused(&staff, EVENTS, &data, vec![], field, message).await;
    }
    for part in [
        "bannerPictureFile",
        "bannerBottomFile",
        "ticketLogoFile",
        "ticketPictureFile",
    ] {
        refused(
            &staff,
            EVENTS,
            &valid(),
            vec![(part, "noter.txt", b"ikke et billede".to_vec())],
            part,
            "Filen skal være et billede",
        )
        .await;
    }
    refused(
        &staff,
        EVENTS,
        &valid(),
        vec![(
            "inviteAttachmentFile",
            "stor.txt",
            vec![b'a'; 10000 * 1024 + 1],
        )],
        "inviteAttachmentFile",
        "Vedhæft fil må højst være 10000 KB",
    )
    .await;
    assert_eq!(app.count("SELECT count(*) FROM club_events").await, 0);
    assert_eq!(app.count("SELECT count(*) FROM event_products").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'event'")
            .await,
        0
    );

    // A type needs only its title; the rest of what it holds keeps to the same rules.
    refused(
        &staff,
        TYPES,
        &json!({}),
        vec![],
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        TYPES,
        &json!({ "title": "T", "tickets": { "products": [{ "productId": ticket, "title": "", "price": 1 }] } }),
        vec![],
        "tickets.products.0.title",
        "Titel skal udfyldes",
    )
    .await;
    save(&staff, TYPES, &json!({ "title": "Kun titel" }), vec![]).await;

    // With everything in place the event is saved.
    save(&staff, EVENTS, &valid(), vec![]).await;
    assert_eq!(app.count("SELECT count(*) FROM club_events").await, 1);
}

#[tokio::test]
async fn an_image_banner_is_saved_and_downloadable_and_null_removes_a_file() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let id = save(
        &staff,
        EVENTS,
        &an_event(&type_id, "Kamp", "2030-08-01T16:00:00Z"),
        vec![
            ("bannerPictureFile", "banner.png", png()),
            (
                "inviteAttachmentFile",
                "invitation.txt",
                b"Velkommen".to_vec(),
            ),
        ],
    )
    .await;
    let saved = event(&staff, &id).await;
    let banner = saved["bannerPicture"].as_str().expect("banner").to_string();
    let download = staff.get(&banner).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert_eq!(
        download.headers()["content-type"].to_str().expect("type"),
        "image/png"
    );
    assert_eq!(download.bytes().await.expect("bytes").to_vec(), png());
    assert_eq!(saved["inviteAttachmentName"], json!("invitation.txt"));
    assert!(saved["inviteAttachment"].is_string());

    // A new banner replaces the old file; null removes the attachment.
    let mut edit = saved.clone();
    edit["inviteAttachment"] = Value::Null;
    save(
        &staff,
        EVENTS,
        &edit,
        vec![("bannerPictureFile", "ny.png", png())],
    )
    .await;
    let now = event(&staff, &id).await;
    assert_ne!(now["bannerPicture"], json!(banner));
    assert_eq!(now["inviteAttachment"], Value::Null);
    assert_eq!(now["inviteAttachmentName"], Value::Null);
    assert_eq!(staff.get(&banner).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM files WHERE relation_type = 'event' AND relation_id = '{id}'"
        ))
        .await,
        1
    );
}

#[tokio::test]
async fn the_url_is_made_from_the_title_and_made_unique_in_the_club() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Stævne").await;
    let mut urls = Vec::new();
    for _ in 0..3 {
        let id = save(
            &staff,
            EVENTS,
            &an_event(&type_id, "Ærø Cup: Åbent hus", "2030-08-01T16:00:00Z"),
            vec![],
        )
        .await;
        urls.push((id.clone(), event(&staff, &id).await["url"].clone()));
    }
    let only_urls: Vec<&Value> = urls.iter().map(|(_, url)| url).collect();
    assert_eq!(
        only_urls,
        vec![
            &json!("aeroe-cup-aabent-hus"),
            &json!("aeroe-cup-aabent-hus-2"),
            &json!("aeroe-cup-aabent-hus-3")
        ]
    );
    // Saving an event again keeps its url; a typed one is made a slug, and unique.
    let first = event(&staff, &urls[0].0).await;
    save(&staff, EVENTS, &first, vec![]).await;
    assert_eq!(
        event(&staff, &urls[0].0).await["url"],
        json!("aeroe-cup-aabent-hus")
    );
    let mut typed = an_event(&type_id, "Noget andet", "2030-08-01T16:00:00Z");
    typed["url"] = json!("Ærø Cup: Åbent hus");
    let id = save(&staff, EVENTS, &typed, vec![]).await;
    assert_eq!(
        event(&staff, &id).await["url"],
        json!("aeroe-cup-aabent-hus-4")
    );
}

#[tokio::test]
async fn a_second_tab_with_an_old_version_gets_a_conflict_and_nothing_is_lost() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let id = save(
        &staff,
        EVENTS,
        &an_event(&type_id, "Kamp", "2030-08-01T16:00:00Z"),
        vec![],
    )
    .await;
    let tab_one = event(&staff, &id).await;
    let mut first = tab_one.clone();
    first["location"] = json!("Parken");
    save(&staff, EVENTS, &first, vec![]).await;
    let mut second = tab_one.clone();
    second["location"] = json!("Brøndby Stadion");
    let (status, answer) = staff
        .post_form(
            EVENTS,
            Some(&second),
            &[],
            vec![("bannerPictureFile", "b.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["error"],
        json!("Arrangementet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.")
    );
    let now = event(&staff, &id).await;
    assert_eq!(now["location"], json!("Parken"));
    assert_eq!(now["bannerPicture"], Value::Null);
    assert_eq!(now["version"], json!(2));
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'event'")
            .await,
        0
    );

    // The same for a type.
    let type_one = read(&staff, &format!("/api/events/types/{type_id}")).await;
    let mut first = type_one.clone();
    first["title"] = json!("Udekamp");
    save(&staff, TYPES, &first, vec![]).await;
    let (status, answer) = staff.post_form(TYPES, Some(&type_one), &[], vec![]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["error"],
        json!("Typen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.")
    );
    assert_eq!(
        read(&staff, &format!("/api/events/types/{type_id}")).await["title"],
        json!("Udekamp")
    );
}

#[tokio::test]
async fn deleting_an_event_takes_its_sub_events_ticket_products_files_and_notes_with_it() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let ticket = ticket_product(&staff, "Kampbillet", "ticket").await;
    let mut main = an_event(&type_id, "Kamp", "2030-08-01T16:00:00Z");
    main["tickets"] =
        json!({ "products": [{ "productId": ticket, "title": "Voksen", "price": 100 }] });
    let id = save(
        &staff,
        EVENTS,
        &main,
        vec![("bannerPictureFile", "b.png", png())],
    )
    .await;
    let mut lunch = an_event(&type_id, "VIP-frokost", "2030-08-01T14:00:00Z");
    lunch["parentId"] = json!(id);
    let lunch_id = save(
        &staff,
        EVENTS,
        &lunch,
        vec![("bannerPictureFile", "f.png", png())],
    )
    .await;
    let subs = event(&staff, &id).await["subEvents"].clone();
    assert_eq!(subs[0]["id"], json!(lunch_id));
    assert_eq!(subs[0]["title"], json!("VIP-frokost"));
    assert_eq!(event(&staff, &lunch_id).await["parentId"], json!(id));

    // A sub-event has no sub-events of its own, and a main event with some stays a main event.
    let mut deeper = an_event(&type_id, "Dybere", "2030-08-01T14:00:00Z");
    deeper["parentId"] = json!(lunch_id);
    refused(
        &staff,
        EVENTS,
        &deeper,
        vec![],
        "parentId",
        "Et underarrangement kan ikke have underarrangementer",
    )
    .await;
    let other = save(
        &staff,
        EVENTS,
        &an_event(&type_id, "Anden kamp", "2030-09-01T16:00:00Z"),
        vec![],
    )
    .await;
    let mut moved = event(&staff, &id).await;
    moved["parentId"] = json!(other);
    refused(
        &staff,
        EVENTS,
        &moved,
        vec![],
        "parentId",
        "Et arrangement med underarrangementer kan ikke være et underarrangement",
    )
    .await;

    for on in [&id, &lunch_id] {
        let (status, body) = staff
            .post_form(
                &format!("/api/comments/{on}"),
                None,
                &[("text", "<p>Husk flagene</p>"), ("originType", "event")],
                vec![],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    let (status, _) = staff.delete(&format!("/api/events/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.count("SELECT count(*) FROM comments").await, 0);
    assert_eq!(
        staff.get_json(&format!("/api/events/{id}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        staff.get_json(&format!("/api/events/{lunch_id}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.count("SELECT count(*) FROM club_events").await, 1);
    assert_eq!(app.count("SELECT count(*) FROM event_products").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'event'")
            .await,
        0
    );
    assert_eq!(
        staff.delete(&format!("/api/events/{id}")).await.0,
        StatusCode::NOT_FOUND
    );
    // The catalogue's product is free to go again.
    assert_eq!(
        staff.delete(&format!("/api/products/{ticket}")).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_event_list_is_a_tree_of_main_events_paged_sorted_and_searched() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let mut ids = Vec::new();
    for day in 1..=12 {
        let mut main = an_event(
            &type_id,
            &format!("Kamp {day:02}"),
            &format!("2030-08-{day:02}T16:00:00Z"),
        );
        if day == 3 {
            main["location"] = json!("Parken");
        }
        ids.push(save(&staff, EVENTS, &main, vec![]).await);
    }
    for (title, hour) in [("Eftermiddag", 13), ("Formiddag", 10)] {
        let mut sub = an_event(&type_id, title, &format!("2030-08-12T{hour}:00:00Z"));
        sub["parentId"] = json!(ids[11]);
        save(&staff, EVENTS, &sub, vec![]).await;
    }

    // Ten main events a page, newest first; sub-events under theirs, not counted.
    let page = list(
        &staff,
        "/api/events/v2",
        json!({ "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(page["Total"], json!(12));
    assert_eq!(page["TotalPages"], json!(2));
    let rows = page["Result"].as_array().expect("rows");
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0]["Title"], json!("Kamp 12"));
    assert_eq!(rows[0]["StartDate"], json!("2030-08-12T16:00:00Z"));
    assert_eq!(rows[0]["Type"], json!("Hjemmekamp"));
    assert_eq!(rows[0]["Url"], json!("kamp-12"));
    let children: Vec<&Value> = rows[0]["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| &c["Title"])
        .collect();
    assert_eq!(children, vec![&json!("Formiddag"), &json!("Eftermiddag")]);
    assert!(rows[0]["children"][0].get("children").is_none());
    assert_eq!(rows[1]["children"], json!([]));
    let second = list(
        &staff,
        "/api/events/v2",
        json!({ "page": 2, "perPage": 10 }),
    )
    .await;
    assert_eq!(second["Result"].as_array().expect("rows").len(), 2);
    assert_eq!(second["Result"][1]["Title"], json!("Kamp 01"));

    let by_title = list(
        &staff,
        "/api/events/v2",
        json!({ "sort": { "field": "Title", "dir": "asc" }, "page": 1, "perPage": 3 }),
    )
    .await;
    let titles: Vec<&Value> = by_title["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| &r["Title"])
        .collect();
    assert_eq!(
        titles,
        vec![&json!("Kamp 01"), &json!("Kamp 02"), &json!("Kamp 03")]
    );

    let searched = list(
        &staff,
        "/api/events/v2",
        json!({ "filter": { "search": "parken" }, "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(searched["Total"], json!(1));
    assert_eq!(searched["Result"][0]["Title"], json!("Kamp 03"));
    let searched = list(
        &staff,
        "/api/events/v2",
        json!({ "filter": { "search": "kamp 1" }, "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(searched["Total"], json!(3));

    // The pickers' list: every event, newest first.
    let all = read(&staff, "/api/events").await;
    let all = all.as_array().expect("events");
    assert_eq!(all.len(), 14);
    assert_eq!(all[0]["title"], json!("Kamp 12"));
    assert_eq!(all[0]["startDate"], json!("2030-08-12T16:00:00Z"));
}

#[tokio::test]
async fn event_types_are_listed_read_saved_and_deleted() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    for title in ["Udekamp", "Hjemmekamp", "Stævne"] {
        a_type(&staff, title).await;
    }
    let page = list(
        &staff,
        "/api/events/types/v2",
        json!({ "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(page["Total"], json!(3));
    let titles: Vec<&Value> = page["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| &r["Title"])
        .collect();
    assert_eq!(
        titles,
        vec![&json!("Hjemmekamp"), &json!("Stævne"), &json!("Udekamp")]
    );
    let searched = list(
        &staff,
        "/api/events/types/v2",
        json!({ "filter": { "search": "kamp" }, "sort": { "field": "Title", "dir": "desc" }, "page": 1, "perPage": 10 }),
    )
    .await;
    assert_eq!(searched["Total"], json!(2));
    assert_eq!(searched["Result"][0]["Title"], json!("Udekamp"));
    let choices = read(&staff, "/api/events/types").await;
    assert_eq!(choices[0]["title"], json!("Hjemmekamp"));
    assert_eq!(choices.as_array().expect("choices").len(), 3);
    let type_id = choices[0]["id"].as_str().expect("id").to_string();

    // Edited with the version read; an event made from it keeps its form when the type goes.
    let mut edit = read(&staff, &format!("/api/events/types/{type_id}")).await;
    edit["location"] = json!("Stadion");
    save(&staff, TYPES, &edit, vec![]).await;
    let edited = read(&staff, &format!("/api/events/types/{type_id}")).await;
    assert_eq!(edited["location"], json!("Stadion"));
    assert_eq!(edited["version"], json!(2));
    let event_id = save(
        &staff,
        EVENTS,
        &an_event(&type_id, "Kamp", "2030-08-01T16:00:00Z"),
        vec![],
    )
    .await;
    let (status, _) = staff.delete(&format!("/api/events/types/{type_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        staff
            .get_json(&format!("/api/events/types/{type_id}"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let kept = event(&staff, &event_id).await;
    assert_eq!(kept["typeId"], Value::Null);
    assert_eq!(kept["title"], json!("Kamp"));
    assert_eq!(
        staff
            .delete(&format!("/api/events/types/{type_id}"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        read(&staff, "/api/events/types")
            .await
            .as_array()
            .expect("choices")
            .len(),
        2
    );
}

#[tokio::test]
async fn the_public_home_shows_coming_public_events_soonest_first_promoted_when_asked() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let soon = |days: i64| {
        (chrono::Utc::now() + chrono::Duration::days(days))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let mut past = an_event(&type_id, "Spillet", &soon(-10));
    past["signUpStart"] = json!(soon(-40));
    save(&staff, EVENTS, &past, vec![]).await;
    let mut private = an_event(&type_id, "Lukket", &soon(3));
    private["private"] = json!(true);
    save(&staff, EVENTS, &private, vec![]).await;
    let mut promoted = an_event(&type_id, "Derby", &soon(20));
    promoted["promote"] = json!(true);
    promoted["description"] = json!(format!(
        "<h1>Derby</h1><p>{}</p>",
        "Kom og se kampen. ".repeat(20)
    ));
    save(
        &staff,
        EVENTS,
        &promoted,
        vec![("bannerPictureFile", "derby.png", png())],
    )
    .await;
    for (title, days) in [("Pokalkamp", 5), ("Træningskamp", 10)] {
        save(
            &staff,
            EVENTS,
            &an_event(&type_id, title, &soon(days)),
            vec![],
        )
        .await;
    }

    let visitor = visitor_of(&app, "Demo FC").await;
    let (status, cards) = visitor.get_json("/public/events?limit=12").await;
    assert_eq!(status, StatusCode::OK);
    let titles: Vec<&Value> = cards["result"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|c| &c["title"])
        .collect();
    assert_eq!(
        titles,
        vec![&json!("Pokalkamp"), &json!("Træningskamp"), &json!("Derby")]
    );
    let derby = &cards["result"][2];
    assert_eq!(derby["url"], json!("derby"));
    assert_eq!(derby["location"], json!("Stadion"));
    let description = derby["description"].as_str().expect("text");
    assert!(
        description.starts_with("Derby Kom og se kampen."),
        "{description}"
    );
    assert!(description.chars().count() <= 200 && !description.contains('<'));
    let banner = derby["banner"].as_str().expect("banner");
    let picture = visitor.get(banner).await;
    assert_eq!(
        picture.status(),
        StatusCode::OK,
        "a visitor sees the banner"
    );
    assert_eq!(picture.bytes().await.expect("bytes").to_vec(), png());
    assert_eq!(cards["result"][0]["banner"], Value::Null);

    let (_, promoted) = visitor.get_json("/public/events?promoted=1&limit=2").await;
    assert_eq!(promoted["result"].as_array().expect("cards").len(), 1);
    assert_eq!(promoted["result"][0]["title"], json!("Derby"));
    let (_, promoted) = visitor
        .get_json("/public/events?promoted=true&limit=2")
        .await;
    assert_eq!(promoted["result"][0]["title"], json!("Derby"));
    let (_, two) = visitor.get_json("/public/events?limit=2").await;
    assert_eq!(two["result"].as_array().expect("cards").len(), 2);

    // The back office asks the same under /api.
    let (status, staff_cards) = staff.get_json("/api/events?limit=12").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(staff_cards["result"], cards["result"]);

    // Another club's visitors see none of it, not even the banner.
    let other = visitor_of(&app, "Demo Håndbold").await;
    give_handbold_events(&app).await;
    let (_, none) = other.get_json("/public/events?limit=12").await;
    assert_eq!(none["result"], json!([]));
    assert_eq!(other.get(banner).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_clubs_staff_find_nothing_of_a_clubs_events() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let id = save(
        &staff,
        EVENTS,
        &an_event(&type_id, "Hemmelig kamp", "2030-08-01T16:00:00Z"),
        vec![("bannerPictureFile", "b.png", png())],
    )
    .await;
    let banner = event(&staff, &id).await["bannerPicture"]
        .as_str()
        .expect("banner")
        .to_string();
    give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    for path in [
        format!("/api/events/{id}"),
        format!("/api/events/types/{type_id}"),
        banner,
    ] {
        assert_eq!(
            other.get_json(&path).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    assert_eq!(
        other.delete(&format!("/api/events/{id}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other
            .delete(&format!("/api/events/types/{type_id}"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let mut takeover = an_event(&type_id, "Overtaget", "2030-08-01T16:00:00Z");
    takeover["id"] = json!(id);
    assert_eq!(
        other
            .post_form(EVENTS, Some(&takeover), &[], vec![])
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other
            .post_form(
                TYPES,
                Some(&json!({ "id": type_id, "title": "Overtaget" })),
                &[],
                vec![]
            )
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    // Its own event may not name the first club's type, or be a sub-event of its event.
    let mut borrowed = an_event(&type_id, "Lånt", "2030-08-01T16:00:00Z");
    borrowed["parentId"] = json!(id);
    let (status, body) = other.post_form(EVENTS, Some(&borrowed), &[], vec![]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "typeId"), "Typen findes ikke");
    assert_eq!(first_error(&body, "parentId"), "Arrangementet findes ikke");
    for path in ["/api/events/v2", "/api/events/types/v2"] {
        assert_eq!(
            list(&other, path, json!({ "page": 1, "perPage": 10 })).await["Total"],
            json!(0)
        );
    }
    assert_eq!(read(&other, "/api/events").await, json!([]));
    assert_eq!(read(&other, "/api/events/types").await, json!([]));
    assert_eq!(
        app.count("SELECT count(*) FROM club_events WHERE title = 'Hemmelig kamp'")
            .await,
        1
    );
}

#[tokio::test]
async fn a_club_without_the_events_module_is_refused_and_shows_no_cards() {
    let app = spawn_app().await;
    // Demo Håndbold has no events module.
    let other = app.admin_in_handbold().await;
    for (method, path) in [
        ("POST", "/api/events/v2"),
        ("GET", "/api/events"),
        ("POST", EVENTS),
        ("GET", "/api/events/6f1c1a52-4c1b-4b7e-9d1e-000000000000"),
        ("DELETE", "/api/events/6f1c1a52-4c1b-4b7e-9d1e-000000000000"),
        ("POST", "/api/events/types/v2"),
        ("GET", "/api/events/types"),
        ("POST", TYPES),
        (
            "GET",
            "/api/events/types/6f1c1a52-4c1b-4b7e-9d1e-000000000000",
        ),
    ] {
        let status = match method {
            "GET" => other.get_json(path).await.0,
            "DELETE" => other.delete(path).await.0,
            _ => other.post_json(path, &json!({ "title": "X" })).await.0,
        };
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    // The staff's cards are the events module's too (the public site asks /public/events).
    assert_eq!(
        other.get_json("/api/events?limit=12").await.0,
        StatusCode::FORBIDDEN
    );

    // Demo FC's home shows no cards once its events module is switched off.
    let staff = app.signed_in("staff@tribune.test").await;
    let type_id = a_type(&staff, "Hjemmekamp").await;
    let start = (chrono::Utc::now() + chrono::Duration::days(5))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    save(&staff, EVENTS, &an_event(&type_id, "Kamp", &start), vec![]).await;
    let visitor = visitor_of(&app, "Demo FC").await;
    let (_, cards) = visitor.get_json("/public/events?limit=12").await;
    assert_eq!(cards["result"].as_array().expect("cards").len(), 1);
    sqlx::query(
        "UPDATE client_modules SET active = false FROM modules m, clients c \
         WHERE m.id = client_modules.module_id AND c.id = client_modules.client_id AND m.alias = 'events' AND c.name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .expect("switch off");
    let (_, cards) = visitor.get_json("/public/events?limit=12").await;
    assert_eq!(cards["result"], json!([]));

    // The staff's list is for staff: a visitor is asked to sign in, a customer refused.
    assert_eq!(
        app.browser().get_json("/api/events").await.0,
        StatusCode::UNAUTHORIZED
    );
    let customer = app.signed_in("kunde@tribune.test").await;
    assert_eq!(
        customer.get_json("/api/events").await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_demo_seed_gives_demo_fc_home_matches_of_its_type() {
    let app = spawn_app().await;
    tribune_api::seed::seed_demo_catalogue(&app.db.owner)
        .await
        .expect("catalogue");
    tribune_api::seed::seed_demo_events(&app.db.owner)
        .await
        .expect("events");
    tribune_api::seed::seed_demo_events(&app.db.owner)
        .await
        .expect("seeding twice adds nothing");
    let staff = app.signed_in("staff@tribune.test").await;
    let page = list(
        &staff,
        "/api/events/v2",
        json!({ "page": 1, "perPage": 10 }),
    )
    .await;
    // Five home matches, the sponsor evening and the members' meeting.
    assert_eq!(page["Total"], json!(7));
    let types = read(&staff, "/api/events/types").await;
    assert_eq!(types[0]["title"], json!("Hjemmekamp"));
    let template = read(
        &staff,
        &format!("/api/events/types/{}", types[0]["id"].as_str().expect("id")),
    )
    .await;
    let products = template["tickets"]["products"]
        .as_array()
        .expect("products");
    assert_eq!(products.len(), 2);
    assert!(products.iter().all(|p| p["product"]["id"].is_string()));
    let first = page["Result"][0]["Id"].as_str().expect("id").to_string();
    let first = event(&staff, &first).await;
    // The template's two, and the sponsors' VIP tickets, sold to companies only.
    let rows = first["tickets"]["products"].as_array().expect("rows");
    assert_eq!(rows.len(), 3);
    let vip = rows
        .iter()
        .find(|p| p["title"] == json!("VIP-billetter"))
        .expect("VIP tickets");
    assert_eq!(vip["public"], json!(false));
    assert_eq!(first["typeId"], types[0]["id"]);
    // Saving a seeded match as it reads is accepted.
    let mut edit = first.clone();
    edit.as_object_mut().map(|o| o.remove("subEvents"));
    save(&staff, EVENTS, &edit, vec![]).await;

    let visitor = visitor_of(&app, "Demo FC").await;
    let (_, cards) = visitor.get_json("/public/events?limit=12").await;
    assert_eq!(cards["result"].as_array().expect("cards").len(), 6);
    let (_, promoted) = visitor.get_json("/public/events?promoted=1&limit=2").await;
    assert_eq!(promoted["result"].as_array().expect("cards").len(), 1);
    assert_eq!(
        app.count("SELECT count(*) FROM products WHERE type IN ('ticket', 'seat-ticket')")
            .await,
        6,
        "the catalogue's match tickets are used, not made again; the sponsor evening and the meeting have a free ticket each"
    );
}
