//! The catalogue of Demo FC.

use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

/// (title, type, values, default value, index of its order category)
type DemoField = (
    &'static str,
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
    usize,
);
/// (title, type, category index, invoice group index, price in øre, variants, contract setup, season ticket)
type DemoProduct = (
    &'static str,
    &'static str,
    usize,
    usize,
    i64,
    Value,
    Option<Value>,
    bool,
);

/// A football club's catalogue for Demo FC: season, match and seat tickets, sponsor packages with
/// contract setups of every kind, merchandise with variants and options, invoice groups, order
/// categories, two seasons, custom fields and discount codes.
pub async fn seed_demo_catalogue(pool: &PgPool) -> anyhow::Result<()> {
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(pool)
        .await?;
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM products WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    // The demo club sells sponsorships as contracts and books through e-conomic (the stand-in):
    // the products' contract setup and the 'Regnskab' tabs are on.
    sqlx::query(
        "UPDATE clients SET features = features || '{\"orders\": {\"contracts\": true, \"economic\": true}}'::jsonb WHERE id = $1",
    )
    .bind(club)
    .execute(&mut *tx)
    .await?;
    let insert = |sql: &'static str| sqlx::query_scalar::<_, Uuid>(sql);
    let group = |title: &'static str, sku: &'static str| (title, sku);
    let mut groups = Vec::new();
    for (title, sku) in [
        group("Billetter", "1000"),
        group("Sponsorat", "2000"),
        group("Merchandise", "3000"),
    ] {
        groups.push(
            insert("INSERT INTO invoice_groups (client_id, title, sku, sorting) VALUES ($1, $2, $3, $4) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(sku)
                .bind(groups.len() as i32)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let mut categories = Vec::new();
    for (title, shop) in [
        ("Sæsonkort", true),
        ("Kampbilletter", true),
        ("Sponsorpakker", false),
        ("Merchandise", true),
    ] {
        categories.push(
            insert("INSERT INTO product_categories (client_id, title, sorting, show_on_shop, shop_title) VALUES ($1, $2, $3, $4, $2) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(categories.len() as i32)
                .bind(shop)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let season: Uuid = insert("INSERT INTO seasons (client_id, title, start_date, end_date) VALUES ($1, 'Sæson 2026/27', '2026-07-01', '2027-06-30') RETURNING id")
        .bind(club)
        .fetch_one(&mut *tx)
        .await?;
    insert("INSERT INTO seasons (client_id, title, start_date, end_date, reservations) VALUES ($1, 'Reservation 2027/28', '2027-07-01', '2028-06-30', true) RETURNING id")
        .bind(club)
        .fetch_one(&mut *tx)
        .await?;
    let mut order_categories = Vec::new();
    for (title, sku) in [
        ("Sponsoraftale", "S100"),
        ("Billetsalg", "B100"),
        ("Hospitality", "H100"),
    ] {
        order_categories.push(
            insert("INSERT INTO order_categories (client_id, title, sku, invoice_title) VALUES ($1, $2, $3, $2) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(sku)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let fields: [DemoField; 5] = [
        ("Antal gæster", "Number", &[], Some("2"), 2),
        (
            "Bordønsker",
            "Dropdown",
            &["Vindue", "Midte", "Scene"],
            Some("Midte"),
            2,
        ),
        ("Kontaktperson på dagen", "Text", &[], None, 0),
        ("Leveringsdato for logo", "Date", &[], None, 0),
        ("Logo til skilt", "Upload", &[], None, 0),
    ];
    for (i, (title, kind, values, default, category)) in fields.into_iter().enumerate() {
        insert("INSERT INTO custom_fields (client_id, title, category_ids, type, sorting, \"values\", default_value) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id")
            .bind(club)
            .bind(title)
            .bind(vec![order_categories[category]])
            .bind(kind)
            .bind(i as i32)
            .bind(values.iter().map(|v| v.to_string()).collect::<Vec<_>>())
            .bind(default)
            .fetch_one(&mut *tx)
            .await?;
    }

    let variant = |title: &str, price: i64| json!({ "id": Uuid::new_v4(), "title": title, "sku": Value::Null, "price": price, "saleAmount": Value::Null, "active": true });
    let setup = |kind: &str, amount_type: Option<&str>, unit: Option<&str>, pre: bool| json!({ "hidden": false, "type": kind, "amountType": amount_type, "unit": unit, "preSelected": pre });
    let name_print: Uuid = insert("INSERT INTO products (client_id, title, type, category_id, invoice_group_id, price) VALUES ($1, 'Navnetryk', 'product', $2, $3, 12000) RETURNING id")
        .bind(club)
        .bind(categories[3])
        .bind(groups[2])
        .fetch_one(&mut *tx)
        .await?;
    let products: Vec<DemoProduct> = vec![
        (
            "Sæsonkort",
            "ticket",
            0,
            0,
            225000,
            json!([
                variant("Voksen", 225000),
                variant("Barn", 95000),
                variant("Pensionist", 150000)
            ]),
            None,
            true,
        ),
        (
            "Kampbillet",
            "ticket",
            1,
            0,
            12000,
            json!([variant("Voksen", 12000), variant("Barn", 6000)]),
            None,
            false,
        ),
        (
            "Pladsbillet Tribune",
            "seat-ticket",
            1,
            0,
            18000,
            json!([]),
            None,
            false,
        ),
        (
            "Bandereklame",
            "product",
            2,
            1,
            4000000,
            json!([]),
            Some(setup("checkbox", None, None, true)),
            false,
        ),
        (
            "VIP-billetter",
            "ticket",
            2,
            1,
            150000,
            json!([]),
            Some(setup("number", Some("amount"), Some("stk"), false)),
            false,
        ),
        (
            "Logo på trøje",
            "product",
            2,
            1,
            25000000,
            json!([]),
            Some(setup("text", None, None, false)),
            false,
        ),
        (
            "Skilt ved indgang",
            "product",
            2,
            1,
            500000,
            json!([]),
            Some(setup(
                "number-text",
                Some("amount-price"),
                Some("meter"),
                false,
            )),
            false,
        ),
        (
            "Speakeromtale",
            "product",
            2,
            1,
            250000,
            json!([]),
            Some(setup("number", Some("price"), None, false)),
            false,
        ),
        (
            "Hospitality-pakke",
            "product",
            2,
            1,
            3500000,
            json!([variant("Guld", 5000000), variant("Sølv", 3500000)]),
            Some(setup("checkbox", None, None, false)),
            false,
        ),
        (
            "Hjemmebanetrøje",
            "product",
            3,
            2,
            59900,
            json!([
                variant("S", 59900),
                variant("M", 59900),
                variant("L", 59900),
                variant("XL", 64900)
            ]),
            None,
            false,
        ),
        (
            "Halstørklæde",
            "product",
            3,
            2,
            14900,
            json!([]),
            None,
            false,
        ),
        // Sold at the desk on match days (the point of sale), and in the shop.
        ("Kampprogram", "product", 3, 2, 3000, json!([]), None, false),
    ];
    for (i, (title, kind, category, group, price, variants, contract_setup, season_ticket)) in
        products.into_iter().enumerate()
    {
        let options = if title == "Hjemmebanetrøje" {
            json!([{ "productId": name_print, "variantId": Value::Null, "public": true, "preSelected": false, "priceOverride": true, "price": 9900 }])
        } else {
            json!([])
        };
        let shop = json!({ "active": category != 2, "title": title, "price": Value::Null, "discount": Value::Null, "seasonId": season, "renewalDate": Value::Null, "description": format!("<p>{title} fra Demo FC.</p>") });
        insert(
            "INSERT INTO products (client_id, title, type, category_id, invoice_group_id, price, variants, options, contract_setup, \
               season_ticket, shop, sorting, category_position, pre_payment) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) RETURNING id",
        )
        .bind(club)
        .bind(title)
        .bind(kind)
        .bind(categories[category])
        .bind(groups[group])
        .bind(price)
        .bind(variants)
        .bind(options)
        .bind(contract_setup)
        .bind(season_ticket)
        .bind(shop)
        .bind(i as i32)
        .bind(season_ticket)
        .fetch_one(&mut *tx)
        .await?;
    }
    // A match ticket offers the match programme as an add-on in the event booking (issue 40 §3).
    sqlx::query(
        "UPDATE products SET options = jsonb_build_array(jsonb_build_object( \
           'productId', (SELECT id FROM products WHERE client_id = $1 AND title = 'Kampprogram'), \
           'variantId', NULL, 'public', true, 'preSelected', false, 'priceOverride', false, 'price', NULL)) \
         WHERE client_id = $1 AND title = 'Kampbillet'",
    )
    .bind(club)
    .execute(&mut *tx)
    .await?;
    // The scarf is sent to the buyer: the shop's checkout asks for a delivery address.
    sqlx::query(
        "UPDATE products SET delivery = 'address' WHERE client_id = $1 AND title = 'Halstørklæde'",
    )
    .bind(club)
    .execute(&mut *tx)
    .await?;
    // A membership sold in the shop: a subscription paid each month by the card kept at checkout.
    insert(
        "INSERT INTO products (client_id, title, type, category_id, invoice_group_id, price, subscription, shop, sorting, category_position) \
         VALUES ($1, 'Støttemedlemskab', 'product', $2, $3, 4000, $4, $5, 100, 100) RETURNING id",
    )
    .bind(club)
    .bind(categories[3])
    .bind(groups[2])
    .bind(json!({ "active": true, "fee": 4000, "startFee": 0, "interval": 1, "commitment": 3 }))
    .bind(json!({ "active": true, "title": "Støttemedlemskab", "description": "<p>Støt Demo FC hver måned. Betales med dit kort, 3 måneders binding.</p>" }))
    .fetch_one(&mut *tx)
    .await?;
    let codes: [(&str, &str, i64, bool, bool); 3] = [
        ("Sommerrabat", "SOMMER25", 2500, true, true),
        ("Medlemsrabat", "MEDLEM100", 10000, false, true),
        ("Udløbet forårsrabat", "FORAAR10", 1000, true, false),
    ];
    for (title, code, discount, percentage, active) in codes {
        insert("INSERT INTO discount_codes (client_id, title, code, expires, discount, percentage, active) VALUES ($1, $2, $3, '2027-06-30', $4, $5, $6) RETURNING id")
            .bind(club)
            .bind(title)
            .bind(code)
            .bind(discount)
            .bind(percentage)
            .bind(active)
            .fetch_one(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}
