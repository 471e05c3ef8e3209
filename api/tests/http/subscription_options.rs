//! The options ('Tilvalg') on the public subscription page: a draft's lines offer their
//! product's public options, the customer ticks them and the totals follow; an option that is
//! not offered, a line of another subscription, an approved subscription and a wrong link are
//! refused without changing anything, and another club's products never show.

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{a_contact, first_error, spawn_app, Browser, TestApp};

const NOT_OFFERED: &str = "Tilvalget kan ikke vælges til Trøje.";
const UNKNOWN_LINE: &str = "Linjen findes ikke på abonnementet.";
const NOT_DRAFT: &str = "Tilvalg kan kun vælges, før abonnementet er aktiveret.";

async fn a_product(staff: &Browser, product: Value) -> String {
    let (status, answer) = staff
        .post_form("/api/products/update", Some(&product), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().expect("id").to_string()
}

/// Demo FC's shirt of 599,00 with three options: 'Navnetryk' (public, 99,00 instead of its own
/// 120,00), 'Ærmemærke' in its variant 'Guld' (public, the variant's 75,00) and 'Gavepapir'
/// (not public).
struct Shirt {
    id: String,
    name_print: String,
    badge: String,
    gold: Uuid,
    gift_wrap: String,
}

async fn a_shirt(staff: &Browser) -> Shirt {
    let name_print = a_product(
        staff,
        json!({ "title": "Navnetryk", "type": "product", "price": 12_000, "sku": "NT-1" }),
    )
    .await;
    let gold = Uuid::new_v4();
    let badge = a_product(
        staff,
        json!({ "title": "Ærmemærke", "type": "product", "price": 5_000, "variants": [
            { "id": gold, "title": "Guld", "price": 7_500, "sku": "AE-G" },
            { "title": "Sølv", "price": 6_000 },
        ] }),
    )
    .await;
    let gift_wrap = a_product(
        staff,
        json!({ "title": "Gavepapir", "type": "product", "price": 2_500 }),
    )
    .await;
    let id = a_product(
        staff,
        json!({ "title": "Trøje", "type": "product", "price": 59_900, "options": [
            { "productId": name_print, "variantId": null, "public": true, "priceOverride": true, "price": 9_900 },
            { "productId": badge, "variantId": gold, "public": true, "priceOverride": false },
            { "productId": gift_wrap, "variantId": null, "public": false, "priceOverride": false },
        ] }),
    )
    .await;
    Shirt {
        id,
        name_print,
        badge,
        gold,
        gift_wrap,
    }
}

/// A draft of two shirts (599,00 each) and 'Fitness' (299,00, no product); Demo FC's prices
/// include VAT.
async fn a_draft(staff: &Browser, contact: Uuid, shirt: &Shirt) -> String {
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/update",
            &json!({
                "contactId": contact, "repeats": 1, "commitment": 0, "noEndDate": true,
                "startDate": Utc::now().date_naive(),
                "orderLines": [
                    { "productId": shirt.id, "type": "product", "title": "Trøje", "price": 59_900, "amount": 2 },
                    { "title": "Fitness", "price": 29_900, "amount": 1 },
                ],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().unwrap().to_string()
}

async fn staff_view(staff: &Browser, id: &str) -> Value {
    let (status, answer) = staff.get_json(&format!("/api/subscriptions/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

async fn link_token(app: &TestApp, staff: &Browser, id: &str, email: &str) -> String {
    let (status, answer) = staff
        .post_json(
            &format!("/api/subscriptions/{id}/send-paymentlink"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let link = app
        .smtp
        .wait_for(email)
        .await
        .link(&format!("http://127.0.0.1/subscriptions/{id}?token="))
        .expect("the link with its token");
    link.split("token=").nth(1).unwrap().to_string()
}

/// Demo FC's draft with its shirt, as the customer opens it from the mailed link.
struct Given {
    app: TestApp,
    staff: Browser,
    customer: Browser,
    shirt: Shirt,
    id: String,
    token: String,
}

async fn a_customer_with_the_link() -> Given {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let shirt = a_shirt(&staff).await;
    let (contact, email) = a_contact(&staff).await;
    let id = a_draft(&staff, contact, &shirt).await;
    let token = link_token(&app, &staff, &id, &email).await;
    let customer = app.browser();
    Given {
        app,
        staff,
        customer,
        shirt,
        id,
        token,
    }
}

impl Given {
    async fn page(&self) -> Value {
        let (status, answer) = self
            .customer
            .get_json(&format!(
                "/public/subscriptions/{}?token={}",
                self.id, self.token
            ))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer["result"].clone()
    }

    async fn choose(&self, order_lines: Value) -> (StatusCode, Value) {
        self.customer
            .post_json(
                &format!(
                    "/public/subscriptions/{}/update?token={}",
                    self.id, self.token
                ),
                &json!({ "orderLines": order_lines }),
            )
            .await
    }

    /// The shirt line's id.
    async fn shirt_line(&self) -> String {
        self.page().await["lines"][0]["id"]
            .as_str()
            .unwrap()
            .to_string()
    }

    async fn options_as_staff_see_them(&self) -> Vec<Value> {
        staff_view(&self.staff, &self.id).await["orderLines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["options"].clone())
            .collect()
    }
}

#[tokio::test]
async fn a_draft_offers_the_public_options_of_its_lines_priced_as_configured() {
    let given = a_customer_with_the_link().await;
    let page = given.page().await;
    let staff_lines = staff_view(&given.staff, &given.id).await["orderLines"].clone();
    assert_eq!(page["lines"][0]["id"], staff_lines[0]["id"]);
    assert_eq!(
        page["lines"][0]["offered"],
        json!([
            { "productId": given.shirt.name_print, "variantId": null, "title": "Navnetryk", "price": 9_900, "chosen": false },
            { "productId": given.shirt.badge, "variantId": given.shirt.gold, "title": "Ærmemærke (Guld)", "price": 7_500, "chosen": false },
        ]),
        "Gavepapir is not public: {page}"
    );
    assert_eq!(page["lines"][0]["options"], json!([]));
    assert_eq!(
        page["lines"][1]["offered"],
        json!([]),
        "no product, no options"
    );
    assert_eq!(page["total"], 149_700);
}

#[tokio::test]
async fn ticked_options_go_on_the_line_and_into_the_totals_and_unticked_ones_come_off() {
    let given = a_customer_with_the_link().await;
    let line = given.shirt_line().await;

    let (status, answer) = given
        .choose(json!([{ "id": line, "options": [
            { "productId": given.shirt.name_print, "variantId": null },
            { "productId": given.shirt.badge, "variantId": given.shirt.gold },
        ] }]))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let page = &answer["result"];
    assert_eq!(
        page["lines"][0]["options"],
        json!([
            { "productId": given.shirt.name_print, "variantId": null, "title": "Navnetryk", "price": 9_900 },
            { "productId": given.shirt.badge, "variantId": given.shirt.gold, "title": "Ærmemærke (Guld)", "price": 7_500 },
        ])
    );
    assert!(page["lines"][0]["offered"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["chosen"] == true));
    // (599,00 + 99,00 + 75,00) × 2 + 299,00; VAT included: a fifth of each line.
    assert_eq!(page["lines"][0]["total"], 154_600);
    assert_eq!(page["total"], 184_500);
    assert_eq!(page["vat"], 30_920 + 5_980);
    assert_eq!(page["subtotal"], 184_500 - 36_900);
    assert_eq!(given.page().await["total"], 184_500);
    // The staff see them as options they would have chosen themselves.
    let staff = staff_view(&given.staff, &given.id).await;
    assert_eq!(staff["total"], 184_500);
    assert_eq!(
        staff["orderLines"][0]["options"],
        json!([
            { "productId": given.shirt.name_print, "variantId": null, "title": "Navnetryk", "variant": null,
              "sku": "NT-1", "type": "product", "price": 9_900, "prePayment": false },
            { "productId": given.shirt.badge, "variantId": given.shirt.gold, "title": "Ærmemærke", "variant": "Guld",
              "sku": "AE-G", "type": "product", "price": 7_500, "prePayment": false },
        ])
    );

    // A line not named keeps its options.
    let fitness = answer["result"]["lines"][1]["id"].clone();
    let (status, answer) = given
        .choose(json!([{ "id": fitness, "options": [] }]))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["total"], 184_500);

    // Unticking one takes it off again.
    let (status, answer) = given
        .choose(json!([{ "id": line, "options": [{ "productId": given.shirt.badge, "variantId": given.shirt.gold }] }]))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["result"]["lines"][0]["options"],
        json!([{ "productId": given.shirt.badge, "variantId": given.shirt.gold, "title": "Ærmemærke (Guld)", "price": 7_500 }])
    );
    assert_eq!(answer["result"]["total"], (59_900 + 7_500) * 2 + 29_900);
    let (status, answer) = given.choose(json!([{ "id": line, "options": [] }])).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["total"], 149_700);
    assert_eq!(
        given.options_as_staff_see_them().await,
        [json!([]), json!([])]
    );
}

#[tokio::test]
async fn an_option_the_club_put_on_the_line_stays_whatever_the_customer_ticks() {
    let given = a_customer_with_the_link().await;
    let mut form = staff_view(&given.staff, &given.id).await;
    form["orderLines"][0]["options"] = json!([
        { "productId": given.shirt.gift_wrap, "variantId": null, "title": "Gavepapir", "type": "product", "price": 2_000 },
    ]);
    let (status, answer) = given
        .staff
        .post_json("/api/subscriptions/update", &form)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let line = given.shirt_line().await;

    let (status, answer) = given
        .choose(json!([{ "id": line, "options": [{ "productId": given.shirt.name_print, "variantId": null }] }]))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let titles: Vec<&str> = answer["result"]["lines"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Gavepapir", "Navnetryk"]);
    assert_eq!(
        answer["result"]["total"],
        (59_900 + 2_000 + 9_900) * 2 + 29_900
    );
    let (status, answer) = given.choose(json!([{ "id": line, "options": [] }])).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["result"]["lines"][0]["options"],
        json!([{ "productId": given.shirt.gift_wrap, "variantId": null, "title": "Gavepapir", "price": 2_000 }])
    );
}

#[tokio::test]
async fn an_option_that_is_not_offered_is_refused_and_nothing_changes() {
    let given = a_customer_with_the_link().await;
    let line = given.shirt_line().await;
    let before = staff_view(&given.staff, &given.id).await;

    for refused in [
        // Not public.
        json!({ "productId": given.shirt.gift_wrap, "variantId": null }),
        // Public, but not in this variant.
        json!({ "productId": given.shirt.badge, "variantId": null }),
        // Not an option of the shirt at all.
        json!({ "productId": given.shirt.id, "variantId": null }),
    ] {
        let (status, answer) = given
            .choose(json!([{ "id": line, "options": [
                { "productId": given.shirt.name_print, "variantId": null },
                refused,
            ] }]))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(first_error(&answer, "orderLines"), NOT_OFFERED);
        assert_eq!(answer["error"], NOT_OFFERED);
    }
    let after = staff_view(&given.staff, &given.id).await;
    assert_eq!(after["version"], before["version"], "no event");
    assert_eq!(after["orderLines"], before["orderLines"]);
}

#[tokio::test]
async fn a_line_of_another_subscription_is_refused_and_nothing_changes() {
    let given = a_customer_with_the_link().await;
    let (contact, _) = a_contact(&given.staff).await;
    let other = a_draft(&given.staff, contact, &given.shirt).await;
    let others_line = staff_view(&given.staff, &other).await["orderLines"][0]["id"].clone();
    let before = staff_view(&given.staff, &given.id).await;

    let (status, answer) = given
        .choose(json!([{ "id": others_line, "options": [{ "productId": given.shirt.name_print, "variantId": null }] }]))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "orderLines"), UNKNOWN_LINE);

    // One wrong line refuses the right one with it.
    let line = given.shirt_line().await;
    let (status, answer) = given
        .choose(json!([
            { "id": line, "options": [{ "productId": given.shirt.name_print, "variantId": null }] },
            { "id": Uuid::new_v4(), "options": [] },
        ]))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "orderLines"), UNKNOWN_LINE);

    let after = staff_view(&given.staff, &given.id).await;
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["orderLines"], before["orderLines"]);
    assert_eq!(
        staff_view(&given.staff, &other).await["orderLines"][0]["options"],
        json!([])
    );
}

#[tokio::test]
async fn an_approved_subscription_shows_its_options_and_refuses_changes() {
    let given = a_customer_with_the_link().await;
    let line = given.shirt_line().await;
    let (status, answer) = given
        .choose(json!([{ "id": line, "options": [{ "productId": given.shirt.name_print, "variantId": null }] }]))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let version = staff_view(&given.staff, &given.id).await["version"].clone();
    let (status, answer) = given
        .staff
        .post_json(
            "/api/subscriptions/approve",
            &json!({ "id": given.id, "version": version }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let page = given.page().await;
    assert_eq!(page["status"], "approved");
    assert_eq!(
        page["lines"][0]["options"],
        json!([{ "productId": given.shirt.name_print, "variantId": null, "title": "Navnetryk", "price": 9_900 }])
    );
    assert_eq!(page["lines"][0]["offered"], json!([]), "nothing to choose");
    let (status, answer) = given.choose(json!([{ "id": line, "options": [] }])).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], NOT_DRAFT);
    assert_eq!(
        given.page().await["lines"][0]["options"],
        json!([{ "productId": given.shirt.name_print, "variantId": null, "title": "Navnetryk", "price": 9_900 }])
    );
}

#[tokio::test]
async fn a_link_that_is_not_the_subscriptions_is_refused() {
    let given = a_customer_with_the_link().await;
    let line = given.shirt_line().await;
    let body = json!({ "orderLines": [{ "id": line, "options": [{ "productId": given.shirt.name_print, "variantId": null }] }] });
    let (status, _) = given
        .customer
        .post_json(
            &format!("/public/subscriptions/{}/update?token=wrong", given.id),
            &body,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The token of one subscription opens no other.
    let (contact, _) = a_contact(&given.staff).await;
    let other = a_draft(&given.staff, contact, &given.shirt).await;
    let (status, _) = given
        .customer
        .post_json(
            &format!("/public/subscriptions/{other}/update?token={}", given.token),
            &body,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        given.options_as_staff_see_them().await,
        [json!([]), json!([])]
    );
    assert_eq!(
        staff_view(&given.staff, &other).await["orderLines"][0]["options"],
        json!([])
    );
}

#[tokio::test]
async fn another_clubs_products_are_never_offered_nor_taken() {
    let given = a_customer_with_the_link().await;
    let handbold = given.app.club_id("Demo Håndbold").await;
    let foreign: Uuid = sqlx::query_scalar(
        "INSERT INTO products (client_id, title, type, price) VALUES ($1, 'Håndboldens hemmelighed', 'product', 100) RETURNING id",
    )
    .bind(handbold)
    .fetch_one(&given.app.db.owner)
    .await
    .unwrap();
    // A shirt whose options name the other club's product (the product form refuses that; the
    // page must not trust it either).
    sqlx::query(
        "UPDATE products SET options = options || jsonb_build_array(jsonb_build_object('productId', $1::uuid, 'variantId', NULL, 'public', true, 'priceOverride', false)) WHERE id = $2::uuid",
    )
    .bind(foreign)
    .bind(&given.shirt.id)
    .execute(&given.app.db.owner)
    .await
    .unwrap();

    let page = given.page().await;
    let offered: Vec<&str> = page["lines"][0]["offered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["title"].as_str().unwrap())
        .collect();
    assert_eq!(offered, ["Navnetryk", "Ærmemærke (Guld)"]);
    assert!(!page.to_string().contains("Håndboldens"), "{page}");

    let line = given.shirt_line().await;
    let (status, answer) = given
        .choose(json!([{ "id": line, "options": [{ "productId": foreign, "variantId": null }] }]))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(first_error(&answer, "orderLines"), NOT_OFFERED);
    assert_eq!(
        given.options_as_staff_see_them().await,
        [json!([]), json!([])]
    );

    // And the other club's staff do not see Demo FC's subscription.
    let other = given.app.admin_in_handbold().await;
    let (status, _) = other
        .get_json(&format!("/api/subscriptions/{}", given.id))
        .await;
    assert!(
        status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN,
        "{status}"
    );
}
