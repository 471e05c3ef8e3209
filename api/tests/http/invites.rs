//! Invitations (issue 18): invites made for a selection (noInvitations and the already invited
//! left out), given products per group and one by one, sent by jobs as mails with the link,
//! booked through the link at price 0 where only the invited may book, reminded to those who did
//! not book, deleted (the link then says so); refusals on their fields; another club sees none;
//! an invite's free tickets are never given twice under concurrency.

use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_product, first_error, give_handbold_events, iso, open_event, spawn_app,
    visitor, Browser, TestApp,
};

/// A company of Demo FC with one contact person: (company id, contact id, e-mail).
pub(crate) async fn company_with_contact(
    staff: &Browser,
    company: &str,
    firstname: &str,
    no_invitations: bool,
) -> (String, String, String) {
    let email = format!("{}@{}.dk", firstname.to_lowercase(), company.to_lowercase());
    let (status, body) = staff
        .post_form(
            "/api/contacts/update",
            Some(&json!({ "firstname": firstname, "lastname": "Holm", "email": email, "noInvitations": no_invitations })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let contact = body["data"]["id"].as_str().unwrap().to_string();
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&json!({ "name": company, "status": 1, "cvr": "12345678", "phone": "", "useEAN": false,
                          "vatExcluded": false, "contactIds": [contact] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (body["result"].as_str().unwrap().to_string(), contact, email)
}

/// A gala dinner open to the invited only (the public from next month), its dinner sold at
/// 500 kr. and not to the public, reminders 7 days before: (event, dinner's catalogue product).
async fn gala(staff: &Browser, extra_product: Value) -> (String, String) {
    let mut product = json!({ "title": "Middag", "type": "ticket", "price": 50_000 });
    if let Some(price) = extra_product.get("price") {
        product["price"] = price.clone();
    }
    let dinner = catalogue_product(staff, product).await;
    let mut line = json!({ "productId": dinner, "title": "Middag", "price": 50_000, "maxAmount": 100, "public": false });
    for (k, v) in extra_product.as_object().cloned().unwrap_or_default() {
        line[k] = v;
    }
    let (event, _) = open_event(
        staff,
        "Gallamiddag",
        json!([line.clone()]),
        json!({
            "signUpPublic": iso(chrono::Utc::now() + chrono::Duration::days(9)),
            "notifications": { "reminderInterval": 7 },
            "tickets": { "controlType": "Scan", "products": [line] },
        }),
    )
    .await;
    (event, dinner)
}

async fn invites(staff: &Browser, event: &str) -> Value {
    let (status, body) = staff
        .get_json(&format!("/api/events/{event}/invites"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

/// The invite of the contact with `email` in the event's company groups.
fn invite_of(all: &Value, email: &str) -> Value {
    all["companies"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["invites"].as_array().unwrap().iter())
        .find(|i| i["contact"]["email"] == email)
        .cloned()
        .unwrap_or_else(|| panic!("no invite to {email} in {all}"))
}

fn invite_booking(event: &str, token: &str, amount: i64, email: &str) -> Value {
    json!({
        "eventId": event, "inviteToken": token,
        "products": [{ "productId": null, "amount": amount }],
        "firstname": "Anna", "lastname": "Holm", "email": email, "phone": "12345678",
        "acceptTerms": true,
    })
}

/// The event's ticket product as the invite's holder is offered it.
async fn offered(buyer: &Browser, event: &str, token: Option<&str>) -> Value {
    let mut body = json!({ "products": [] });
    if let Some(token) = token {
        body["inviteToken"] = json!(token);
    }
    let (status, answer) = buyer
        .post_json(&format!("/public/events/{event}/products"), &body)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"]["none"].clone()
}

async fn wait_until(app: &TestApp, sql: &str, expected: i64) {
    for _ in 0..150 {
        if app.count(sql).await == expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{sql} never became {expected}: {}", app.count(sql).await);
}

#[tokio::test]
async fn invites_are_made_sent_booked_through_their_link_reminded_and_deleted() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (event, dinner) = gala(&staff, json!({})).await;
    let (nordbyg, _, anna) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    let (sydhavn, _, bo) = company_with_contact(&staff, "Sydhavn", "Bo", false).await;
    let (vestjysk, _, carl) = company_with_contact(&staff, "Vestjysk", "Carl", false).await;
    let (_, _, dorte) = company_with_contact(&staff, "Østjysk", "Dorte", true).await;
    let east: String = sqlx::query_scalar("SELECT id::text FROM companies WHERE name = 'Østjysk'")
        .fetch_one(&app.db.owner)
        .await
        .unwrap();

    // Given: the three companies' groups give two dinners per invite, four in all.
    for company in [&nordbyg, &sydhavn, &vestjysk] {
        let (status, body) = staff
            .post_json(
                &format!("/api/events/{event}/invite-group"),
                &json!({ "key": company, "products": [{ "productId": dinner, "amount": 4, "amountPerInvite": 2 }] }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["result"]["updated"], 0, "no invites yet");
    }
    let (_, group) = staff
        .get_json(&format!("/api/events/{event}/invite-group/{nordbyg}"))
        .await;
    assert_eq!(group["result"]["products"][0]["title"], "Middag");
    assert_eq!(group["result"]["products"][0]["amountPerInvite"], 2);

    // When: 'Opret valgte' for the four companies; Dorte wants no invitations.
    let selection = json!({ "companyIds": [nordbyg, sydhavn, vestjysk, east] });
    let (status, body) = staff
        .post_json(&format!("/api/events/{event}/create-invites"), &selection)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], json!({ "created": 3, "skipped": 1 }));
    // Again: nobody is invited twice.
    let (_, body) = staff
        .post_json(&format!("/api/events/{event}/create-invites"), &selection)
        .await;
    assert_eq!(body["result"], json!({ "created": 0, "skipped": 4 }));

    let all = invites(&staff, &event).await;
    assert_eq!(all["companies"].as_array().unwrap().len(), 3, "{all}");
    assert_eq!(all["companies"][0]["title"], "Nordbyg");
    let annas = invite_of(&all, &anna);
    assert_eq!(
        annas["products"],
        json!([{ "productId": dinner, "title": "Middag", "amount": 2 }])
    );
    assert_eq!(annas["invitationSent"], "no");
    assert!(all.to_string().find(&dorte).is_none());

    // Sent: a job per invite, a mail each with the link; then invitationSent is yes.
    let (status, body) = staff
        .post_json(&format!("/api/events/{event}/send-invites"), &json!([]))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], json!({ "queued": 3, "skipped": 0 }));
    let mail = app.smtp.wait_for(&anna).await;
    assert!(mail.data.contains("Gallamiddag"), "{}", mail.data);
    let link = mail
        .link("http://127.0.0.1/public/events/invite/")
        .expect("the invite's link");
    let token = link.rsplit('/').next().unwrap().to_string();
    assert_eq!(token, annas["token"]);
    app.smtp.wait_for(&bo).await;
    app.smtp.wait_for(&carl).await;
    wait_until(
        &app,
        "SELECT count(*) FROM invite_rows WHERE sent_at IS NOT NULL",
        3,
    )
    .await;
    assert_eq!(
        invite_of(&invites(&staff, &event).await, &anna)["invitationSent"],
        "yes"
    );
    // Sent again without force: nobody; with force: the one chosen.
    let (_, body) = staff
        .post_json(&format!("/api/events/{event}/send-invites"), &json!([]))
        .await;
    assert_eq!(body["result"], json!({ "queued": 0, "skipped": 3 }));
    let (_, body) = staff
        .post_json(
            &format!("/api/events/{event}/send-invites?force=true"),
            &json!([annas["id"]]),
        )
        .await;
    assert_eq!(body["result"], json!({ "queued": 1, "skipped": 0 }));

    // The link: to the event's page in the club, where the wizard reads what it gives.
    let guest = app.browser();
    let opened = guest.get(&format!("/public/events/invite/{token}")).await;
    assert_eq!(opened.status(), StatusCode::SEE_OTHER);
    let location = opened.headers()["location"].to_str().unwrap().to_string();
    assert!(
        location.ends_with(&format!("?invite={token}")),
        "{location}"
    );
    let (status, body) = guest
        .get_json(&format!("/public/events/invites/{token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["firstname"], "Anna");
    assert_eq!(body["result"]["companyName"], "Nordbyg");
    assert_eq!(body["result"]["products"][0]["left"], 2);

    // Only the invited may book yet: without the link the guest is refused, and is not even
    // offered the dinner (not public); with it, two dinners cost nothing.
    assert_eq!(offered(&guest, &event, None).await, json!([]));
    let product = offered(&guest, &event, Some(&token)).await[0]["productId"].clone();
    let mut booking = invite_booking(&event, &token, 2, &anna);
    booking["products"][0]["productId"] = product.clone();
    let mut without = booking.clone();
    without.as_object_mut().unwrap().remove("inviteToken");
    let (status, body) = book(&guest, &without).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Tilmeldingen er kun åben for inviterede"),
        "{body}"
    );
    let (status, intent) = guest
        .post_json("/public/events/create-intent", &booking)
        .await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    assert_eq!(intent["result"]["booking"]["total"], 0, "{intent}");
    let (status, body) = book(&guest, &booking).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_until(
        &app,
        "SELECT coalesce(sum(booked), 0)::bigint FROM invite_rows",
        2,
    )
    .await;
    let (_, body) = guest
        .get_json(&format!("/public/events/invites/{token}"))
        .await;
    assert_eq!(body["result"]["products"][0]["left"], 0);
    assert_eq!(body["result"]["usedUp"], true);
    assert_eq!(
        invite_of(&invites(&staff, &event).await, &anna)["booked"],
        2
    );

    // A reminder sent by hand leaves out who booked.
    let (_, body) = staff
        .post_json(
            &format!("/api/events/{event}/send-invites?type=reminder"),
            &json!([annas["id"]]),
        )
        .await;
    assert_eq!(body["result"], json!({ "queued": 0, "skipped": 1 }));

    // The reminder, seven days before: to Bo and Carl, who booked nothing; never twice.
    let later = chrono::Utc::now() + chrono::Duration::days(4);
    let queued = tribune_api::invites::send::queue_due_reminders(&app.state, later, 100)
        .await
        .unwrap();
    assert_eq!(queued, 2);
    assert_eq!(
        tribune_api::invites::send::queue_due_reminders(&app.state, later, 100)
            .await
            .unwrap(),
        0,
        "the waiting jobs are not queued again"
    );
    wait_until(
        &app,
        "SELECT count(*) FROM invite_rows WHERE reminder_sent_at IS NOT NULL",
        2,
    )
    .await;
    let reminded = app.smtp.wait_for(&bo).await;
    assert!(
        reminded.data.contains("Vi minder om invitationen"),
        "{}",
        reminded.data
    );
    assert_eq!(
        tribune_api::invites::send::queue_due_reminders(&app.state, later, 100)
            .await
            .unwrap(),
        0
    );
    app.smtp.wait_for(&carl).await;
    let annas_mails: Vec<String> = app
        .smtp
        .mails
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m.to.contains(&anna))
        .map(|m| m.data.clone())
        .collect();
    assert!(
        annas_mails.iter().all(|m| !m.contains("Vi minder om")),
        "Anna booked: no reminder"
    );

    // Deleted: Carl's link says so, and books nothing.
    let carls = invite_of(&invites(&staff, &event).await, &carl);
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/delete-invites"),
            &json!([carls["id"]]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["deleted"], 1);
    let carls_token = carls["token"].as_str().unwrap();
    let (status, body) = guest
        .get_json(&format!("/public/events/invites/{carls_token}"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "Invitationen findes ikke eller er slettet.");
    let (status, body) = book(&guest, &invite_booking(&event, carls_token, 1, &carl)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "inviteToken"),
        "Invitationen findes ikke eller er slettet."
    );
    // The history of an invite is its events.
    let (status, body) = staff
        .get_json(&format!(
            "/api/history/invite/{}",
            annas["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.to_string().contains("Booked"), "{body}");
}

#[tokio::test]
async fn invite_products_are_refused_on_their_fields_and_another_club_sees_no_invites() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (event, dinner) = gala(&staff, json!({})).await;
    let (company, _, email) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    let (_, body) = staff
        .post_json(
            &format!("/api/events/{event}/create-invites"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    assert_eq!(body["result"]["created"], 1, "{body}");
    let invite = invite_of(&invites(&staff, &event).await, &email);
    let id = invite["id"].as_str().unwrap();
    let other = crate::helpers::catalogue_ticket(&staff, "Andet", 0).await;

    for (products, field, message) in [
        (
            json!([{ "productId": null, "amount": 1 }]),
            "products.0.productId",
            "Produkt skal vælges",
        ),
        (
            json!([{ "productId": other, "amount": 1 }]),
            "products.0.productId",
            "Produktet sælges ikke til arrangementet",
        ),
        (
            json!([{ "productId": dinner, "amount": null }]),
            "products.0.amount",
            "Antal skal udfyldes",
        ),
        (
            json!([{ "productId": dinner, "amount": -1 }]),
            "products.0.amount",
            "Antal skal være mellem 0 og 1000",
        ),
        (
            json!([{ "productId": dinner, "amount": 1 }, { "productId": dinner, "amount": 1 }]),
            "products.1.productId",
            "Produktet er valgt to gange",
        ),
    ] {
        let (status, body) = staff
            .post_json(&format!("/api/events/save-invite/{id}"), &products)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(first_error(&body, field), message, "{body}");
    }
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/invite-group"),
            &json!({ "key": company, "products": [{ "productId": dinner, "amount": 2, "amountPerInvite": null }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "products.0.amountPerInvite"),
        "Antal skal udfyldes"
    );
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/send-invites?type=fest"),
            &json!([]),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        invite_of(&invites(&staff, &event).await, &email)["products"],
        json!([]),
        "nothing changed"
    );
    let (status, body) = staff
        .post_json(
            &format!("/api/events/save-invite/{id}"),
            &json!([{ "productId": dinner, "amount": 3 }]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["products"][0]["amount"], 3);

    // Another club: its staff find neither the event's invites nor the invite.
    give_handbold_events(&app).await;
    let other_club = app.admin_in_handbold().await;
    for (status, body) in [
        other_club
            .get_json(&format!("/api/events/{event}/invites"))
            .await,
        other_club
            .post_json(
                &format!("/api/events/{event}/create-invites?allCompanies=true"),
                &json!({}),
            )
            .await,
        other_club
            .post_json(&format!("/api/events/save-invite/{id}"), &json!([]))
            .await,
        other_club
            .post_json(&format!("/api/events/{event}/delete-invites"), &json!([id]))
            .await,
        other_club
            .post_json(&format!("/api/events/{event}/send-invites"), &json!([id]))
            .await,
    ] {
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM jobs WHERE method = 'send_invite'")
            .await,
        0
    );
    // A customer may not manage invitations.
    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, _) = customer
        .get_json(&format!("/api/events/{event}/invites"))
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::UNAUTHORIZED,
        "{status}"
    );
}

#[tokio::test]
async fn an_invites_free_tickets_are_never_given_twice_by_bookings_at_once() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    // Sold only against allowances: the invite is the only way to a ticket.
    let (event, dinner) = gala(
        &staff,
        json!({ "disableAdditionalTickets": true, "price": 0 }),
    )
    .await;
    let (company, _, email) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    staff
        .post_json(
            &format!("/api/events/{event}/invite-group"),
            &json!({ "key": company, "products": [{ "productId": dinner, "amount": 2, "amountPerInvite": 2 }] }),
        )
        .await;
    staff
        .post_json(
            &format!("/api/events/{event}/create-invites"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    let token = invite_of(&invites(&staff, &event).await, &email)["token"]
        .as_str()
        .unwrap()
        .to_string();
    let buyer = visitor(&app).await;
    let product = offered(&buyer, &event, Some(&token)).await[0]["productId"].clone();
    assert!(product.is_string());

    let barrier = Arc::new(tokio::sync::Barrier::new(8));
    let mut buyers = Vec::new();
    for n in 0..8 {
        let buyer = visitor(&app).await;
        let mut booking = invite_booking(&event, &token, 1, &format!("gaest{n}@example.dk"));
        booking["products"][0]["productId"] = product.clone();
        let barrier = barrier.clone();
        buyers.push(tokio::spawn(async move {
            barrier.wait().await;
            book(&buyer, &booking).await
        }));
    }
    let mut booked = 0;
    for buyer in buyers {
        let (status, body) = buyer.await.unwrap();
        match status {
            StatusCode::OK => booked += 1,
            StatusCode::UNPROCESSABLE_ENTITY | StatusCode::CONFLICT => {}
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(booked, 2, "two free dinners, two bookings");
    let tickets = app
        .count(&format!(
            "SELECT count(*) FROM ticket_rows WHERE event_id = '{event}'"
        ))
        .await;
    assert_eq!(tickets, 2);
}

#[tokio::test]
async fn the_pickers_name_saved_choices_by_their_ids_within_the_club() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, contact, _) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    let product = crate::helpers::catalogue_ticket(&staff, "Middag", 0).await;
    give_handbold_events(&app).await;
    let handbold = app.admin_in_handbold().await;
    let (theirs, their_contact, _) =
        company_with_contact(&handbold, "Fremmed", "Frede", false).await;

    let (status, body) = staff
        .get_json(&format!("/api/companies?ids={company},{theirs}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"].as_array().unwrap().len(), 1, "{body}");
    assert_eq!(body["result"][0]["name"], "Nordbyg");
    let (_, body) = staff
        .get_json(&format!("/api/contacts?ids={contact}"))
        .await;
    assert_eq!(body["result"][0]["firstname"], "Anna");
    let (_, body) = staff
        .get_json(&format!("/api/contacts?ids={their_contact}"))
        .await;
    assert_eq!(body["result"], json!([]), "another club's contact");
    let (_, body) = staff
        .get_json(&format!("/api/products?ids={product}"))
        .await;
    assert_eq!(body["result"][0]["title"], "Middag");
    let (status, body) = staff.get_json("/api/companies?ids=nej").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "ids"), "Ugyldigt id");
}

#[tokio::test]
async fn an_invitation_goes_by_sms_too_when_the_event_chose_an_sms_template() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let dinner = crate::helpers::catalogue_ticket(&staff, "Middag", 0).await;
    let line = json!({ "productId": dinner, "title": "Middag", "price": 0, "maxAmount": 10, "public": true });
    let (event, _) = open_event(
        &staff,
        "Sponsoraften",
        json!([line.clone()]),
        json!({ "notifications": { "smsNotifications": { "invitation": "Default" } } }),
    )
    .await;
    let (status, body) = staff
        .post_form(
            "/api/contacts/update",
            Some(&json!({ "firstname": "Sofie", "lastname": "Holm", "email": "sofie@holm.dk", "phone": "12 34 56 78" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let contact = body["data"]["id"].as_str().unwrap().to_string();
    staff
        .post_json(
            &format!("/api/events/{event}/create-invites"),
            &json!({ "contactIds": [contact] }),
        )
        .await;
    let (_, body) = staff
        .post_json(&format!("/api/events/{event}/send-invites"), &json!([]))
        .await;
    assert_eq!(body["result"]["queued"], 1, "{body}");
    app.smtp.wait_for("sofie@holm.dk").await;
    let sent = app.sms_sent(1).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].to, "4512345678");
    assert_eq!(sent[0].from, "Demo FC");
    assert!(sent[0].text.contains("Sponsoraften"), "{}", sent[0].text);
    assert!(
        sent[0].text.contains("/public/events/invite/"),
        "{}",
        sent[0].text
    );
}

/// Issue 35 §8: a body create-invites cannot read was taken for "no selection" and answered 200
/// (with `allCompanies`, inviting every company). Now a selection of the wrong shape, an id that
/// is no id, or a key it does not know is a 422 on that field, an unreadable body a 400, and
/// nobody is invited; a call with no body at all still invites what the query names.
#[tokio::test]
async fn a_malformed_selection_is_refused_on_its_field_and_invites_nobody() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (event, _) = gala(&staff, json!({})).await;
    let (nordbyg, _, _) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    let create = format!("/api/events/{event}/create-invites?allCompanies=true");

    for (body, field) in [
        (json!({ "companyIds": nordbyg }), "companyIds"),
        (json!({ "companyIds": ["nordbyg"] }), "companyIds.0"),
        (json!({ "companies": [nordbyg] }), "companies"),
        (json!(["nordbyg"]), ""),
    ] {
        let (status, answer) = staff.post_json(&create, &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        if !field.is_empty() {
            assert!(!first_error(&answer, field).is_empty(), "{field}: {answer}");
        }
    }
    let (status, answer) = staff.post_raw(&create, "{\"companyIds\": [").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        app.count("SELECT count(*) FROM invite_rows").await,
        0,
        "nobody is invited"
    );

    // Sending and deleting read their ids the same way: a list of something else is refused.
    for action in ["send-invites", "delete-invites"] {
        let (status, answer) = staff
            .post_json(
                &format!("/api/events/{event}/{action}"),
                &json!({ "ids": [] }),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{action}: {answer}"
        );
    }

    // No body at all: the query's selection (every company) is invited.
    let (status, answer) = staff.post_raw(&create, "").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["created"], 1, "{answer}");
}
