use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser};

async fn save(browser: &Browser, path: &str, body: Value) -> String {
    let (status, answer) = browser.post_json(path, &body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer["result"].as_str().expect("id").to_string()
}

async fn save_form(browser: &Browser, path: &str, body: Value) -> String {
    let (status, answer) = browser.post_form(path, Some(&body), &[], vec![]).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer["result"].as_str().expect("id").to_string()
}

async fn refused(browser: &Browser, path: &str, body: Value, field: &str, message: &str) {
    let (status, answer) = if path.ends_with("products/update")
        || path.ends_with("categories/update") && path.contains("products")
    {
        browser.post_form(path, Some(&body), &[], vec![]).await
    } else {
        browser.post_json(path, &body).await
    };
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{path} {body}: {answer}"
    );
    assert!(
        answer["errors"][field]
            .as_array()
            .is_some_and(|e| e.contains(&json!(message))),
        "{field} in {answer}"
    );
}

fn product(title: &str) -> Value {
    json!({ "title": title, "type": "product", "price": 10000 })
}

#[tokio::test]
async fn every_reference_data_rule_answers_in_danish() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    refused(
        &staff,
        "/api/orders/categories/update",
        json!({ "price": 100 }),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/categories/update",
        json!({ "title": "A", "price": -1 }),
        "price",
        "Pris skal minimum være 0 eller mere",
    )
    .await;
    refused(
        &staff,
        "/api/orders/seasons/update",
        json!({}),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/seasons/update",
        json!({ "title": "S" }),
        "startDate",
        "Start dato skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/seasons/update",
        json!({ "title": "S" }),
        "endDate",
        "Slut dato skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/seasons/update",
        json!({ "title": "S", "startDate": "2026-08-01", "endDate": "2026-07-01" }),
        "endDate",
        "Slut dato skal være efter start dato",
    )
    .await;
    refused(
        &staff,
        "/api/orders/fields/update",
        json!({ "type": "Text" }),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/fields/update",
        json!({ "title": "F" }),
        "type",
        "Type skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/fields/update",
        json!({ "title": "F", "type": "Number", "defaultValue": "1.5" }),
        "defaultValue",
        "Standardværdi skal være et gyldigt tal.",
    )
    .await;
    refused(
        &staff,
        "/api/orders/fields/update",
        json!({ "title": "F", "type": "Text", "sorting": "først" }),
        "sorting",
        "Sortering skal være et tal",
    )
    .await;
    refused(
        &staff,
        "/api/orders/fields/update",
        json!({ "title": "F", "type": "Dropdown", "values": ["Ja"], "defaultValue": "Nej" }),
        "defaultValue",
        "Standardværdi skal være en af værdierne",
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({}),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "T" }),
        "code",
        "Kode skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "T" }),
        "expires",
        "Udløber skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "T" }),
        "discount",
        "Rabat skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "T", "productIds": [null] }),
        "productIds.0",
        "Vælg et produkt",
    )
    .await;
    refused(
        &staff,
        "/api/products/invoicegroups/update",
        json!({}),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        "/api/products/categories/update",
        json!({}),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    for table in [
        "order_categories",
        "seasons",
        "custom_fields",
        "discount_codes",
        "invoice_groups",
        "product_categories",
    ] {
        assert_eq!(
            app.count(&format!("SELECT count(*) FROM {table}")).await,
            0,
            "{table}"
        );
    }
}

#[tokio::test]
async fn every_product_rule_answers_in_danish() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let path = "/api/products/update";
    refused(
        &staff,
        path,
        json!({ "type": "product", "price": 1 }),
        "title",
        "Titel skal udfyldes",
    )
    .await;
    refused(
        &staff,
        path,
        json!({ "title": "P", "price": 1 }),
        "type",
        "Type skal udfyldes",
    )
    .await;
    refused(
        &staff,
        path,
        json!({ "title": "P", "type": "product" }),
        "price",
        "Pris skal udfyldes",
    )
    .await;
    refused(
        &staff,
        path,
        json!({ "title": "P", "type": "product", "price": -5 }),
        "price",
        "Pris skal minimum være 0 eller mere",
    )
    .await;
    let mut p = product("P");
    p["variants"] = json!([{ "price": 100 }, { "title": "Stor" }]);
    refused(
        &staff,
        path,
        p.clone(),
        "variants.0.title",
        "Titel skal udfyldes",
    )
    .await;
    refused(&staff, path, p, "variants.1.price", "Pris skal udfyldes").await;
    let mut p = product("P");
    p["options"] = json!([{ "public": true }, { "productId": "00000000-0000-0000-0000-000000000001", "priceOverride": true }]);
    refused(
        &staff,
        path,
        p.clone(),
        "options.0.productId",
        "Produkt skal udfyldes",
    )
    .await;
    refused(&staff, path, p, "options.1.price", "Pris skal udfyldes").await;
    let mut p = product("P");
    p["contractSetup"] = json!({ "hidden": false });
    refused(
        &staff,
        path,
        p.clone(),
        "contractSetup.type",
        "Type skal udfyldes",
    )
    .await;
    p["contractSetup"] = json!({ "type": "number" });
    refused(
        &staff,
        path,
        p.clone(),
        "contractSetup.amountType",
        "Mængdetype skal udfyldes",
    )
    .await;
    p["contractSetup"] = json!({ "type": "number-text", "amountType": "amount-price" });
    refused(&staff, path, p, "contractSetup.unit", "Enhed skal udfyldes").await;
    let (status, answer) = staff
        .post_form(
            "/api/products/update",
            Some(&product("Billede")),
            &[],
            vec![("shopImageFile", "x.png", b"ikke et billede".to_vec())],
        )
        .await;
    assert_eq!(
        (status, answer["errors"]["shopImageFile"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!(["Billede skal være et billede"])
        )
    );
    assert_eq!(app.count("SELECT count(*) FROM products").await, 0);
}

#[tokio::test]
async fn a_product_with_variants_and_an_option_lists_from_its_lowest_price_and_categories_keep_their_order(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let category = save_form(
        &staff,
        "/api/products/categories/update",
        json!({ "title": "Merchandise", "showOnShop": true }),
    )
    .await;
    let group = save(
        &staff,
        "/api/products/invoicegroups/update",
        json!({ "title": "Varer", "sku": "100" }),
    )
    .await;
    let scarf = save_form(&staff, "/api/products/update", json!({ "title": "Halstørklæde", "type": "product", "price": 15000, "categoryId": category })).await;
    let mut shirt = product("Trøje");
    shirt["categoryId"] = json!(category);
    shirt["invoiceGroupId"] = json!(group);
    shirt["variants"] = json!([{ "title": "Voksen", "price": 59900 }, { "title": "Barn", "price": 39900 }, { "title": "Udgået", "price": 100, "active": false }]);
    shirt["options"] =
        json!([{ "productId": scarf, "public": true, "priceOverride": true, "price": 9900 }]);
    shirt["contractSetup"] = json!({ "type": "number", "amountType": "amount", "unit": "stk" });
    let shirt = save_form(&staff, "/api/products/update", shirt).await;

    let (_, got) = staff.get_json(&format!("/api/products/{shirt}")).await;
    let variants = got["result"]["variants"].as_array().expect("variants");
    assert_eq!(variants.len(), 3);
    assert!(
        variants.iter().all(|v| v["id"].is_string()),
        "variants get ids options can point at"
    );
    assert_eq!(got["result"]["options"][0]["price"], json!(9900));
    let (_, list) = staff.post_json("/api/products", &json!({ "filter": {}, "sort": { "field": "Title", "dir": "asc" }, "page": 1, "perPage": 10 })).await;
    let row = list["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["Title"] == json!("Trøje"))
        .expect("row")
        .clone();
    assert_eq!(
        (
            row["Price"].clone(),
            row["HasVariants"].clone(),
            row["Category"].clone()
        ),
        (json!(39900), json!(true), json!("Merchandise"))
    );

    let cap = save_form(
        &staff,
        "/api/products/update",
        json!({ "title": "Kasket", "type": "product", "price": 12000, "categoryId": category }),
    )
    .await;
    let path = format!("/api/products/categories/{category}/products");
    let (_, contract_list) = staff.get_json(&format!("{path}?contract=true")).await;
    assert_eq!(
        contract_list["result"].as_array().expect("list").len(),
        1,
        "the shirt has a contract setup"
    );
    let order = json!({ "productIds": [cap, scarf] });
    assert_eq!(
        staff
            .post_json(&format!("{path}?contract=false"), &order)
            .await
            .0,
        StatusCode::OK
    );
    let (_, others) = staff.get_json(&format!("{path}?contract=false")).await;
    let titles: Vec<&str> = others["result"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["title"].as_str())
        .collect();
    assert_eq!(titles, vec!["Kasket", "Halstørklæde"]);

    let (status, body) = staff
        .delete(&format!("/api/products/categories/{category}"))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Kategorien bruges af produkter og kan ikke slettes")
        )
    );
    let (status, body) = staff
        .delete(&format!("/api/products/invoicegroups/{group}"))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Gruppen bruges af produkter og kan ikke slettes")
        )
    );
    let (status, body) = staff.delete(&format!("/api/products/{scarf}")).await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Produktet er tilvalg på et andet produkt og kan ikke slettes")
        )
    );
    assert_eq!(
        staff.delete(&format!("/api/products/{cap}")).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn seasons_fields_and_discount_codes_follow_their_rules() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let reservation = save(&staff, "/api/orders/seasons/update", json!({ "title": "Reservation 26/27", "startDate": "2026-07-01", "endDate": "2027-06-30", "reservations": true })).await;
    let (_, parents) = staff.get_json("/api/orders/seasons/parents").await;
    assert_eq!(parents["result"][0]["id"], json!(reservation));
    let mut bad = json!({ "title": "X", "startDate": "2026-07-01", "endDate": "2027-06-30", "reservations": true, "parentId": reservation });
    refused(
        &staff,
        "/api/orders/seasons/update",
        bad.clone(),
        "parentId",
        "En reservationssæson kan ikke have en forælder",
    )
    .await;
    bad["reservations"] = json!(false);
    let season = save(&staff, "/api/orders/seasons/update", bad).await;
    let mut child = json!({ "title": "Y", "startDate": "2026-07-01", "endDate": "2027-06-30", "parentId": season });
    refused(
        &staff,
        "/api/orders/seasons/update",
        child.clone(),
        "parentId",
        "Forældersæsonen skal være en reservationssæson",
    )
    .await;
    child["parentId"] = Value::Null;
    save(&staff, "/api/orders/seasons/update", child).await;
    let (_, seasons) = staff
        .post_json(
            "/api/orders/seasons",
            &json!({ "filter": {}, "page": 1, "perPage": 10 }),
        )
        .await;
    let names: Vec<&str> = seasons["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["Name"].as_str())
        .collect();
    assert_eq!(names, vec!["Reservation 26/27", "X", "Y"]);

    let category = save(
        &staff,
        "/api/orders/categories/update",
        json!({ "title": "Sponsorat", "sku": "S1", "price": 100000 }),
    )
    .await;
    let other = save(
        &staff,
        "/api/orders/categories/update",
        json!({ "title": "Billetter" }),
    )
    .await;
    save(&staff, "/api/orders/fields/update", json!({ "title": "Antal gæster", "type": "Number", "defaultValue": "1.234,5", "categoryIds": [category], "sorting": 2 })).await;
    save(&staff, "/api/orders/fields/update", json!({ "title": "Bord", "type": "Dropdown", "values": ["A", "B"], "defaultValue": "A", "categoryIds": [category], "sorting": 1 })).await;
    save(
        &staff,
        "/api/orders/fields/update",
        json!({ "title": "Note", "type": "RichText", "categoryIds": [other] }),
    )
    .await;
    let (_, fields) = staff
        .get_json(&format!("/api/orders/fields?categoryId={category}"))
        .await;
    let titles: Vec<&str> = fields["result"]
        .as_array()
        .expect("fields")
        .iter()
        .filter_map(|f| f["title"].as_str())
        .collect();
    assert_eq!(titles, vec!["Bord", "Antal gæster"]);

    let code =
        json!({ "title": "Sommer", "code": "SOMMER25", "expires": "2026-09-01", "discount": 2500 });
    let id = save(&staff, "/api/orders/discount-codes/update", code.clone()).await;
    let mut duplicate = code.clone();
    duplicate["code"] = json!("sommer25");
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        duplicate,
        "code",
        "Koden er allerede i brug",
    )
    .await;
    let (_, read) = staff
        .get_json(&format!("/api/orders/discount-codes/{id}"))
        .await;
    let mut same = code;
    same["id"] = json!(id);
    same["version"] = read["result"]["version"].clone();
    same["active"] = json!(true);
    save(&staff, "/api/orders/discount-codes/update", same).await;
    let (_, got) = staff
        .get_json(&format!("/api/orders/discount-codes/{id}"))
        .await;
    assert_eq!(
        (
            got["result"]["percentage"].clone(),
            got["result"]["active"].clone()
        ),
        (json!(true), json!(true))
    );
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "Alt", "code": "ALT", "expires": "2026-09-01", "discount": 10001 }),
        "discount",
        "Rabat må maksimalt være 100 eller mindre",
    )
    .await;
}

#[tokio::test]
async fn the_catalogue_of_one_club_is_invisible_to_another_and_needs_its_modules() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let category = save(
        &staff,
        "/api/orders/categories/update",
        json!({ "title": "Hemmelig" }),
    )
    .await;
    let secret = save_form(&staff, "/api/products/update", product("Hemmelig vare")).await;
    // Demo Håndbold has neither the orders nor the products module.
    let other = app.admin_in_handbold().await;
    assert_eq!(
        other
            .get_json(&format!("/api/orders/categories/{category}"))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        other.get_json(&format!("/api/products/{secret}")).await.0,
        StatusCode::FORBIDDEN
    );
    // Give Demo Håndbold both modules: the other club's rows are still not there.
    sqlx::query(
        "INSERT INTO client_modules (client_id, module_id) SELECT c.id, m.id FROM clients c, modules m \
         WHERE c.name = 'Demo Håndbold' AND m.alias IN ('orders', 'products')",
    )
    .execute(&app.db.owner)
    .await
    .expect("modules");
    assert_eq!(
        other
            .get_json(&format!("/api/orders/categories/{category}"))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other.get_json(&format!("/api/products/{secret}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other.delete(&format!("/api/products/{secret}")).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, list) = other
        .post_json(
            "/api/products",
            &json!({ "filter": {}, "page": 1, "perPage": 10 }),
        )
        .await;
    assert_eq!(list["Total"], json!(0));
    let mut takeover = json!({ "id": category, "title": "Overtaget" });
    assert_eq!(
        other
            .post_json("/api/orders/categories/update", &takeover)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    takeover = product("Overtaget");
    takeover["id"] = json!(secret);
    assert_eq!(
        other
            .post_form("/api/products/update", Some(&takeover), &[], vec![])
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let mut steal = json!({ "title": "Rabat", "code": "R", "expires": "2026-09-01", "discount": 100, "productIds": [secret] });
    refused(
        &other,
        "/api/orders/discount-codes/update",
        steal.clone(),
        "productIds",
        "Vælg et produkt",
    )
    .await;
    steal = json!({ "title": "F", "type": "Text", "categoryIds": [category] });
    refused(
        &other,
        "/api/orders/fields/update",
        steal,
        "categoryIds",
        "En kategori findes ikke",
    )
    .await;
    assert_eq!(
        app.count("SELECT count(*) FROM products WHERE title = 'Hemmelig vare'")
            .await,
        1
    );
}

#[tokio::test]
async fn the_demo_catalogue_is_a_football_clubs() {
    let app = spawn_app().await;
    tribune_api::seed::seed_demo_catalogue(&app.db.owner)
        .await
        .expect("seed");
    tribune_api::seed::seed_demo_catalogue(&app.db.owner)
        .await
        .expect("seeding twice adds nothing");
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, products) = staff
        .post_json(
            "/api/products",
            &json!({ "filter": {}, "page": 1, "perPage": 100 }),
        )
        .await;
    assert_eq!(
        products["Total"],
        json!(14),
        "13 and the monthly Støttemedlemskab"
    );
    let rows = products["Result"].as_array().expect("rows");
    let shirt = rows
        .iter()
        .find(|r| r["Title"] == json!("Hjemmebanetrøje"))
        .expect("shirt");
    assert_eq!(shirt["HasVariants"], json!(true));
    let (_, setups) = staff
        .get_json(&format!(
            "/api/products/{}",
            rows.iter()
                .find(|r| r["Title"] == json!("Skilt ved indgang"))
                .expect("sign")["Id"]
                .as_str()
                .expect("id")
        ))
        .await;
    assert_eq!(setups["result"]["contractSetup"]["unit"], json!("meter"));
    for (path, expected) in [
        ("/api/orders/seasons", 2),
        ("/api/orders/categories", 3),
        ("/api/orders/fields", 5),
        ("/api/orders/discount-codes", 3),
        ("/api/products/invoicegroups", 3),
        ("/api/products/categories", 4),
    ] {
        let (_, list) = staff
            .post_json(path, &json!({ "filter": {}, "page": 1, "perPage": 10 }))
            .await;
        assert_eq!(list["Total"], json!(expected), "{path}");
    }
}

/// Issue 35 §8: a catalogue price above what a unit price may be (100,000,000.00 kr.) is refused
/// on its field, so the desk's price preview and the orders never meet a price that saturates.
#[tokio::test]
async fn a_catalogue_price_above_the_unit_price_bound_is_refused_on_its_field() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let too_much = 10_000_000_001_i64;
    let message = "Beløbet må højst være 100.000.000,00 kr.";
    let wrap = save_form(&staff, "/api/products/update", product("Gaveindpakning")).await;
    for (body, field) in [
        (
            json!({ "title": "Guldbillet", "type": "product", "price": too_much }),
            "price",
        ),
        (
            json!({ "title": "Trøje", "type": "product", "price": 100,
                    "variants": [{ "title": "XL", "price": too_much }] }),
            "variants.0.price",
        ),
        (
            json!({ "title": "Trøje", "type": "product", "price": 100,
                    "options": [{ "productId": wrap, "priceOverride": true, "price": too_much }] }),
            "options.0.price",
        ),
        (
            json!({ "title": "Fitness", "type": "product", "price": 100,
                    "subscription": { "active": true, "fee": too_much, "startFee": 0 } }),
            "subscription.fee",
        ),
        (
            json!({ "title": "Halstørklæde", "type": "product", "price": 100,
                    "shop": { "price": too_much } }),
            "shop.price",
        ),
        (
            json!({ "title": "Halstørklæde", "type": "product", "price": 100,
                    "shop": { "discount": too_much } }),
            "shop.discount",
        ),
    ] {
        refused(&staff, "/api/products/update", body, field, message).await;
    }
    refused(
        &staff,
        "/api/orders/categories/update",
        json!({ "title": "Sponsorat", "price": too_much }),
        "price",
        message,
    )
    .await;
    refused(
        &staff,
        "/api/orders/discount-codes/update",
        json!({ "title": "Stor", "code": "STOR", "expires": "2030-01-01", "percentage": false,
                "discount": too_much }),
        "discount",
        message,
    )
    .await;
    assert_eq!(app.count("SELECT count(*) FROM products").await, 1);
    assert_eq!(app.count("SELECT count(*) FROM order_categories").await, 0);
    assert_eq!(app.count("SELECT count(*) FROM discount_codes").await, 0);

    // The bound itself is a price.
    save_form(
        &staff,
        "/api/products/update",
        json!({ "title": "Guldbillet", "type": "product", "price": too_much - 1 }),
    )
    .await;
}

#[tokio::test]
async fn the_seasons_lookup_takes_a_window_and_names_each_seasons_main_events_by_danish_days() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let season = |title: &str, start: &str, end: &str| json!({ "title": title, "startDate": start, "endDate": end });
    let old = save(
        &staff,
        "/api/orders/seasons/update",
        season("Sæson 23/24", "2023-07-01", "2024-06-30"),
    )
    .await;
    let new = save(
        &staff,
        "/api/orders/seasons/update",
        season("Sæson 24/25", "2024-07-01", "2025-06-30"),
    )
    .await;
    let club = app.club_id("Demo FC").await;
    let event = |title: &'static str, start: &'static str, parent: Option<uuid::Uuid>| {
        let owner = app.db.owner.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>(
                "INSERT INTO club_events (client_id, parent_id, title, url, start_date, end_date, sign_up_start, sign_up_deadline) \
                 VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz + interval '2 hours', $5::timestamptz - interval '30 days', $5::timestamptz) RETURNING id",
            )
            .bind(club)
            .bind(parent)
            .bind(title)
            .bind(format!("e-{}", uuid::Uuid::new_v4()))
            .bind(start)
            .fetch_one(&owner)
            .await
            .expect("event")
        }
    };
    // The last evening of 23/24 and the first night of 24/25, in Danish summer time.
    let last = event("Sæsonafslutning", "2024-06-30T23:30:00+02:00", None).await;
    let first = event("Sæsonstart", "2024-07-01T00:30:00+02:00", None).await;
    event("Pausearrangement", "2024-07-01T01:00:00+02:00", Some(first)).await;
    let derby = event("Derby", "2024-09-15T15:00:00+02:00", None).await;

    let titles = |answer: &Value| -> Vec<String> {
        answer["result"]
            .as_array()
            .expect("seasons")
            .iter()
            .map(|s| s["title"].as_str().expect("title").to_string())
            .collect()
    };
    let (status, all) = staff.get_json("/api/orders/seasons?events=true").await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let of = |id: &str| {
        all["result"]
            .as_array()
            .expect("seasons")
            .iter()
            .find(|s| s["id"] == id)
            .expect("the season")["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| e["id"].as_str().expect("id").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(of(&old), [last.to_string()]);
    assert_eq!(
        of(&new),
        [first.to_string(), derby.to_string()],
        "main events only, by start"
    );

    // A window: the seasons running in it.
    let (_, window) = staff
        .get_json("/api/orders/seasons?start=2024-08-01&end=2024-12-31")
        .await;
    assert_eq!(titles(&window), ["Sæson 24/25"]);
    assert_eq!(
        window["result"][0]["events"],
        json!([]),
        "events only when asked"
    );
    let (_, both) = staff
        .get_json("/api/orders/seasons?start=2024-06-30&end=2024-07-01")
        .await;
    assert_eq!(titles(&both), ["Sæson 23/24", "Sæson 24/25"]);
    let (status, answer) = staff
        .get_json("/api/orders/seasons?start=2024-08-01&end=2024-07-01")
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["errors"]["end"][0],
        "Slutdatoen skal være efter startdatoen"
    );
    let (status, _) = staff.get_json("/api/orders/seasons?start=igår").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
