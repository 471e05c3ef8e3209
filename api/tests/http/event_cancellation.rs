//! An event's notices (issue 40 §4). Cancelling it: booking stops at once and the public page
//! says so; the job cancels every order of the event once — a paid card refunded through its
//! provider (localstripe, the payment window's web service), a free and an invited booking
//! released, an unpaid one given up — voids the tickets, gives the places back and tells each
//! buyer once by mail and SMS, however often the button is pressed or the job runs. The
//! receipt: a booking's confirmation opens with the template the event chose, with its SMS.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{book, catalogue_ticket, guest, open_event, products, spawn_app, visitor};
use crate::invites::company_with_contact;

/// The mails to `to` that tell of the cancellation.
fn cancellations_to(app: &crate::helpers::TestApp, to: &str) -> usize {
    app.smtp
        .mails
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m.to.iter().any(|t| t == to) && m.text().contains("er aflyst"))
        .count()
}

#[tokio::test]
async fn a_cancelled_event_refunds_releases_voids_and_tells_every_buyer_once() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let match_ticket = catalogue_ticket(&staff, "Kampbillet", 15000).await;
    let free_ticket = catalogue_ticket(&staff, "Fribillet", 0).await;
    let lines = json!([
        { "productId": match_ticket, "title": "Kampbillet", "price": 15000, "maxAmount": 10, "public": true },
        { "productId": free_ticket, "title": "Fribillet", "price": 0, "maxAmount": 10, "public": true },
    ]);
    let (event, url) = open_event(
        &staff,
        "Demo FC – Brøndby",
        lines,
        json!({ "notifications": { "smsNotifications": { "cancelled": "Default" } } }),
    )
    .await;
    let buyer = visitor(&app).await;
    let offered = products(&buyer, &event, json!({ "products": [] })).await;
    let product_of = |title: &str| {
        offered["result"]["none"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["title"] == title)
            .unwrap()["productId"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (paid_line, free_line) = (product_of("Kampbillet"), product_of("Fribillet"));
    let booking_by = |email: &str, product: &str, amount: i64| {
        let mut booking = guest(&event, json!([{ "productId": product, "amount": amount }]));
        booking["email"] = json!(email);
        booking
    };

    // Paid by card (localstripe), free, invited and unpaid.
    let (status, paid) = book(&buyer, &booking_by("paid@example.dk", &paid_line, 2)).await;
    assert_eq!(status, StatusCode::OK, "{paid}");
    let secret = paid["result"]["clientSecret"].as_str().unwrap().to_string();
    let (status, body) = buyer
        .post_json(
            "/stand-ins/stripe/confirm",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 12, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = buyer
        .post_json(
            &format!(
                "/public/events/{event}/order/{}/accept-payment?token={}",
                paid["data"]["orderId"].as_str().unwrap(),
                paid["data"]["token"].as_str().unwrap()
            ),
            &json!({ "reference": secret.split("_secret_").next().unwrap() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["status"], "approved", "{body}");
    let (status, free) = book(&buyer, &booking_by("free@example.dk", &free_line, 3)).await;
    assert_eq!(status, StatusCode::OK, "{free}");
    let (company, _, invited_email) = company_with_contact(&staff, "Nordbyg", "Anna", false).await;
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/invite-group"),
            &json!({ "key": company, "products": [{ "productId": match_ticket, "amount": 2, "amountPerInvite": 2 }] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/create-invites"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token: String =
        sqlx::query_scalar("SELECT token FROM invite_rows WHERE event_id = $1::uuid")
            .bind(&event)
            .fetch_one(&app.db.owner)
            .await
            .unwrap();
    let mut invited = booking_by(&invited_email, &paid_line, 2);
    invited["inviteToken"] = json!(token);
    let (status, body) = book(&visitor(&app).await, &invited).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, unpaid) = book(&buyer, &booking_by("unpaid@example.dk", &paid_line, 1)).await;
    assert_eq!(status, StatusCode::OK, "{unpaid}");
    let live_tickets = format!(
        "SELECT count(*) FROM ticket_rows WHERE event_id = '{event}' AND status <> 'voided'"
    );
    assert_eq!(
        app.count(&live_tickets).await,
        7,
        "2 paid, 3 free, 2 invited"
    );

    // 'Aflys arrangement', pressed twice at once: one cancellation, one job.
    let cancel = format!("/api/events/{event}/cancel");
    let nothing = json!({});
    let (first, second) = tokio::join!(
        staff.post_json(&cancel, &nothing),
        staff.post_json(&cancel, &nothing)
    );
    for (status, body) in [&first, &second] {
        assert_eq!(*status, StatusCode::OK, "{body}");
        assert!(body["result"]["cancelledAt"].is_string(), "{body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM jobs WHERE method = 'cancel_event'")
            .await,
        1
    );

    // Staff's list marks it.
    let (status, list) = staff
        .post_json(
            "/api/events/v2",
            &json!({ "filter": { "search": "Brøndby" }, "perPage": 100 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let row = list["Result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["Id"] == event.as_str())
        .unwrap_or_else(|| panic!("the event in {list}"));
    assert_eq!(row["Cancelled"], true, "{row}");

    // At once: the public page says so and nobody can book.
    let (_, page) = buyer.get_json(&format!("/public/events/{url}")).await;
    assert_eq!(page["result"]["cancelled"], true, "{page}");
    let (status, body) = book(&buyer, &booking_by("late@example.dk", &free_line, 1)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body.to_string().contains("Arrangementet er aflyst."),
        "{body}"
    );

    // The job: every order cancelled, every ticket void, every place back, each buyer told.
    for email in [
        "paid@example.dk",
        "free@example.dk",
        invited_email.as_str(),
        "unpaid@example.dk",
    ] {
        cancellation_mail(&app, email).await;
    }
    let cancelled_orders = format!(
        "SELECT count(*) FROM order_rows o JOIN sales s ON s.order_id = o.id \
         WHERE s.event_id = '{event}' AND o.status = 'cancelled'"
    );
    wait_for_count(&app, &cancelled_orders, 4).await;
    assert_eq!(app.count(&live_tickets).await, 0);
    assert_eq!(
        app.count(&format!(
            "SELECT coalesce(sum(taken), 0)::bigint FROM capacity_counters \
             WHERE key = 'event:{event}' OR key IN \
               (SELECT 'ticket:' || id::text FROM event_products WHERE event_id = '{event}')"
        ))
        .await,
        0,
        "every place given back"
    );
    let (_, order) = staff
        .get_json(&format!(
            "/api/orders/{}",
            paid["data"]["orderId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(order["result"]["paymentStatus"], "refunded", "{order}");
    let paid_mail = cancellation_mail(&app, "paid@example.dk").await;
    assert!(
        paid_mail.contains("tilbageført til dit kort"),
        "{paid_mail}"
    );
    let free_mail = cancellation_mail(&app, "free@example.dk").await;
    assert!(!free_mail.contains("tilbage"), "{free_mail}");
    wait_for_sms(&app, 4).await;

    // The job again (a retry, a second runner): nothing is cancelled, refunded or told twice.
    let client = app.club_id("Demo FC").await;
    let event_id: uuid::Uuid = event.parse().unwrap();
    let again = tribune_api::sales::cancellation::run(&app.state, client, event_id)
        .await
        .unwrap();
    assert!(
        again.starts_with("0 ordrer annulleret, 0 beskeder"),
        "{again}"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    for email in [
        "paid@example.dk",
        "free@example.dk",
        invited_email.as_str(),
        "unpaid@example.dk",
    ] {
        assert_eq!(cancellations_to(&app, email), 1, "{email}");
    }
    assert_eq!(app.state.sms_stand_in.clone().unwrap().sent().len(), 4);
    let refunds = app
        .count(&format!(
            "SELECT count(*) FROM events WHERE aggregate_type = 'order' \
             AND aggregate_id = '{}' AND event_type = 'PaymentRefunded'",
            paid["data"]["orderId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(refunds, 1);
}

/// The text of the mail that tells `to` of the cancellation, once it came.
async fn cancellation_mail(app: &crate::helpers::TestApp, to: &str) -> String {
    for _ in 0..150 {
        let found = app
            .smtp
            .mails
            .lock()
            .unwrap()
            .iter()
            .find(|m| m.to.iter().any(|t| t == to) && m.text().contains("er aflyst"))
            .map(|m| m.text());
        if let Some(text) = found {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no cancellation mail to {to}");
}

async fn wait_for_count(app: &crate::helpers::TestApp, sql: &str, expected: i64) {
    for _ in 0..150 {
        if app.count(sql).await == expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{sql} never became {expected}: {}", app.count(sql).await);
}

async fn wait_for_sms(app: &crate::helpers::TestApp, expected: usize) {
    let sent = app.sms_sent(expected).await;
    assert_eq!(sent.len(), expected, "{sent:?}");
    assert!(
        sent.iter().all(|s| s.text.contains("er aflyst")),
        "{sent:?}"
    );
}

/// A booking paid in the payment window is refunded through the window's web service when its
/// event is cancelled, once: a refund asked again credits nothing more.
#[tokio::test]
async fn a_window_payment_is_credited_back_through_the_windows_web_service_once() {
    use tribune_api::integrations::payments::window_remote::{answer, envelope};
    use tribune_api::integrations::payments::PaymentProvider;

    let app = spawn_app().await;
    crate::payments::use_window(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Kampbillet", 15000).await;
    let (event, _) = open_event(
        &staff,
        "Vinduet",
        json!([{ "productId": ticket, "title": "Kampbillet", "price": 15000, "public": true }]),
        json!({}),
    )
    .await;
    let buyer = visitor(&app).await;
    let product = crate::helpers::first_offer(&buyer, &event).await;
    let (status, body) = book(
        &buyer,
        &guest(&event, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["kind"], "window", "{body}");

    // The payer approves in the fake window (its callback is sent by hand: the test server's
    // public address is not its own).
    let mut form = crate::helpers::window_fields(&body["result"]);
    form.push(("decision".into(), "approve".into()));
    form.push(("nocallback".into(), "1".into()));
    let decided = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/stand-ins/payment-window/decide", app.address))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(decided.status(), StatusCode::SEE_OTHER);
    let location = decided.headers()["location"].to_str().unwrap().to_string();
    // The signed part, as the callback carries it: from the transaction on.
    let query = &location[location.find("txnid=").unwrap()..];
    let txnid = query["txnid=".len()..]
        .split('&')
        .next()
        .unwrap()
        .to_string();
    let called = reqwest::get(format!(
        "{}/public/payments/window/callback?{query}",
        app.address
    ))
    .await
    .unwrap();
    assert!(called.status().is_success(), "{}", called.status());
    let order_id = body["data"]["orderId"].as_str().unwrap().to_string();
    let (_, order) = staff.get_json(&format!("/api/orders/{order_id}")).await;
    assert_eq!(order["result"]["paymentStatus"], "paid", "{order}");

    let (status, cancelled) = staff
        .post_json(&format!("/api/events/{event}/cancel"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    let refunded = format!(
        "SELECT count(*) FROM order_rows WHERE id = '{order_id}' AND payment_status = 'refunded'"
    );
    wait_for_count(&app, &refunded, 1).await;
    let mail = cancellation_mail(&app, "gitte@example.dk").await;
    assert!(mail.contains("tilbageført til dit kort"), "{mail}");

    // The window's books: 300 kr. credited, and a refund asked again credits nothing more.
    let window = app.state.window.clone().expect("the fake window");
    window
        .refund(&txnid, tribune_domain::money::Money::ore(30000), "again")
        .await
        .unwrap();
    let config = window.config();
    let read = envelope(
        "gettransaction",
        &[
            ("merchantnumber", config.merchant_number.clone()),
            ("transactionid", txnid.clone()),
            ("pwd", config.remote_password.clone()),
        ],
    );
    let books = answer(
        "gettransaction",
        &window
            .stand_in_ledger()
            .answer(&config.merchant_number, &config.remote_password, &read),
    )
    .unwrap();
    assert_eq!(books.amount("creditedamount"), 30000, "{books:?}");
}

/// The receipt notification (spec 2 §3 `receipt`): a booking's confirmation opens with the
/// club's template the event chose, and an SMS goes when it chose an SMS template.
#[tokio::test]
async fn a_booking_gets_the_receipt_the_event_chose_by_mail_and_sms() {
    let app = spawn_app().await;
    sqlx::query(
        "UPDATE clients SET settings = settings || jsonb_build_object('events', \
           coalesce(settings->'events', '{}'::jsonb) || jsonb_build_object('emailTemplates', \
             jsonb_build_array(jsonb_build_object('name', 'Kvittering', \
               'template', '<p>Tak {firstname}! Vi ses til {event}, ordre {orderNumber}.</p>')))) \
         WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .unwrap();
    let staff = app.signed_in("staff@tribune.test").await;
    let free_ticket = catalogue_ticket(&staff, "Fribillet", 0).await;
    let (event, _) = open_event(
        &staff,
        "Sæsonåbning",
        json!([{ "productId": free_ticket, "title": "Fribillet", "price": 0, "maxAmount": 10, "public": true }]),
        json!({ "notifications": {
            "emailNotifications": { "receipt": "Kvittering" },
            "smsNotifications": { "receipt": "Default" },
        } }),
    )
    .await;
    let buyer = visitor(&app).await;
    let product = crate::helpers::first_offer(&buyer, &event).await;
    let (status, body) = book(
        &buyer,
        &guest(&event, json!([{ "productId": product, "amount": 1 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mail = app.smtp.wait_for("gitte@example.dk").await.text();
    assert!(
        mail.contains("Tak Gitte! Vi ses til Sæsonåbning, ordre"),
        "{mail}"
    );
    assert!(
        mail.contains("Dine billetter"),
        "the tickets follow: {mail}"
    );
    let sent = app.sms_sent(1).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].to, "4512345678");
    assert!(
        sent[0].text.starts_with("Tak for din bestilling #")
            && sent[0].text.contains("Sæsonåbning"),
        "{}",
        sent[0].text
    );
}
