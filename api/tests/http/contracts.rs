//! Contracts over HTTP (issue 12): the life of a contract with every transition of §4 and its
//! refusals, the §5 rules with their Danish messages, renewal, sending, e-signing end to end
//! (the link from the mail, the PDF it opens, signing, the signed copy read back, verifying it)
//! and every misuse of a signing link, the pipeline boards, the dashboard widgets, the export,
//! club isolation and a read-only role.

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{pdf_text, spawn_app, Browser, TestApp};

struct Refs {
    category: Uuid,
    company: Uuid,
    contact: Uuid,
    email: String,
}

/// A category, and a company with its contact person, of the club `name` (the test database
/// holds the demo clubs and users only).
async fn refs_in(app: &TestApp, name: &str) -> Refs {
    let club = app.club_id(name).await;
    let one = |sql: &'static str| {
        let pool = app.db.owner.clone();
        async move {
            sqlx::query_scalar::<_, Uuid>(sql)
                .bind(club)
                .fetch_one(&pool)
                .await
                .expect(sql)
        }
    };
    let category = one(
        "INSERT INTO order_categories (client_id, title) VALUES ($1, 'Sponsorat') RETURNING id",
    )
    .await;
    let company = one("INSERT INTO companies (client_id, name, address, zip_code, city, cvr) \
         VALUES ($1, 'Bageriet Ærø ApS', 'Havnegade 1', '5970', 'Ærøskøbing', '12345678') RETURNING id")
    .await;
    let email = format!("mette.{}@bageriet.dk", &club.simple().to_string()[..6]);
    let contact: Uuid = sqlx::query_scalar(
        "INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Mette', 'Holm', $2) RETURNING id",
    )
    .bind(club)
    .bind(&email)
    .fetch_one(&app.db.owner)
    .await
    .expect("contact");
    sqlx::query(
        "INSERT INTO company_contacts (client_id, company_id, contact_id) VALUES ($1, $2, $3)",
    )
    .bind(club)
    .bind(company)
    .bind(contact)
    .execute(&app.db.owner)
    .await
    .expect("link");
    Refs {
        category,
        company,
        contact,
        email,
    }
}

async fn refs(app: &TestApp) -> Refs {
    refs_in(app, "Demo FC").await
}

fn line(title: &str, price: i64, amount: i64) -> Value {
    json!({ "title": title, "price": price, "discount": 0, "amount": amount, "type": "product", "unit": "stk" })
}

fn draft(r: &Refs, lines: Vec<Value>) -> Value {
    json!({
        "categoryId": r.category, "companyId": r.company, "contactId": r.contact,
        "startDate": "2027-01-01", "endDate": "2027-12-31", "renewDate": "2027-10-01",
        "contractLines": lines,
        "invoicing": { "type": "single", "invoiceDate": "2027-01-15" },
    })
}

async fn create(browser: &Browser, body: &Value) -> String {
    let (status, answer) = browser.post_json("/api/contracts/update", body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].as_str().expect("id").to_string()
}

async fn contract(browser: &Browser, id: &str) -> Value {
    let (status, answer) = browser.get_json(&format!("/api/contracts/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

async fn act(browser: &Browser, action: &str, c: &Value) -> (StatusCode, Value) {
    browser
        .post_json(
            &format!("/api/contracts/{action}"),
            &json!({ "id": c["id"], "version": c["version"] }),
        )
        .await
}

async fn refused(browser: &Browser, action: &str, c: &Value, message: &str) {
    let (status, answer) = act(browser, action, c).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{action}: {answer}"
    );
    assert_eq!(answer["error"], message, "{action}: {answer}");
}

async fn field_refused(browser: &Browser, body: Value, field: &str, message: &str) {
    let (status, answer) = browser.post_json("/api/contracts/update", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
    assert!(
        answer["errors"][field]
            .as_array()
            .is_some_and(|e| e.contains(&json!(message))),
        "{field}: {message} in {answer}"
    );
}

/// A save the caller's field rules refuse on `field`: they may not change it.
async fn locked_refused(browser: &Browser, body: Value, field: &str) {
    field_refused(
        browser,
        body,
        field,
        "Du har ikke adgang til at ændre dette felt.",
    )
    .await;
}

fn encode_png(image: image::RgbaImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    image
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("png");
    bytes
}

/// A pen stroke on a transparent pad, as the signature canvas sends it.
fn drawn_signature() -> Vec<u8> {
    let mut pad = image::RgbaImage::new(300, 100);
    for x in 20..280u32 {
        let y = 50 + ((x as f64 / 15.0).sin() * 20.0) as u32;
        for dy in 0..3 {
            pad.put_pixel(x, y + dy, image::Rgba([0, 0, 0, 255]));
        }
    }
    encode_png(pad)
}

fn blank_pad() -> Vec<u8> {
    encode_png(image::RgbaImage::new(300, 100))
}

#[tokio::test]
async fn a_contract_lives_through_every_transition_of_its_status() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let first = create(&staff, &draft(&r, vec![line("Bandereklame", 1_000_000, 2)])).await;
    let second = create(&staff, &draft(&r, vec![line("Logo", 250_000, 1)])).await;
    let c = contract(&staff, &first).await;
    assert_eq!(c["status"], "draft");
    assert_eq!(c["agreementStatus"], "unsent");
    assert_eq!(
        contract(&staff, &second).await["contractNumber"],
        c["contractNumber"].as_i64().unwrap() + 1,
        "numbers are consecutive"
    );
    // Demo FC's prices include VAT: the total is the gross, VAT backed out.
    assert_eq!(c["total"], 2_000_000);
    assert_eq!(c["vat"], 400_000);
    assert_eq!(c["contractLines"][0]["total"], 2_000_000);
    assert_eq!(c["contractLines"][0]["unit"], "stk");

    refused(&staff, "edit", &c, "Kun en godkendt aftale kan redigeres").await;
    refused(
        &staff,
        "cancel",
        &c,
        "Kun en godkendt aftale kan annulleres",
    )
    .await;
    refused(&staff, "renew", &c, "Kun en godkendt aftale kan fornyes").await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let c = contract(&staff, &first).await;
    assert_eq!(c["status"], "approved");
    refused(
        &staff,
        "approve",
        &c,
        "Kun en kladde eller en gentegning kan godkendes",
    )
    .await;
    let (status, answer) = staff.delete(&format!("/api/contracts/{first}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"],
        "Kun en kladde eller en annulleret aftale kan slettes"
    );

    // Approved: lines, dates and total are locked; notes, owner and the plan are not.
    let mut more = draft(&r, vec![line("Bandereklame", 1_000_000, 3)]);
    more["id"] = c["id"].clone();
    more["version"] = c["version"].clone();
    more["contractLines"][0]["id"] = c["contractLines"][0]["id"].clone();
    let (status, answer) = staff.post_json("/api/contracts/update", &more).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["error"],
        "Aftalen kan kun ændres som kladde eller gentegning. Vælg \"Rediger\" først."
    );
    let mut notes = more.clone();
    notes["contractLines"] = json!([c["contractLines"][0].clone()]);
    notes["internal"] = json!("Ring i januar");
    assert_eq!(
        staff.post_json("/api/contracts/update", &notes).await.0,
        StatusCode::OK
    );

    // Reopen, and the lines change again; approve; cancel; reactivate.
    let c = contract(&staff, &first).await;
    assert_eq!(act(&staff, "edit", &c).await.0, StatusCode::OK);
    assert_eq!(contract(&staff, &first).await["status"], "draft");
    let c = contract(&staff, &first).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let c = contract(&staff, &first).await;
    assert_eq!(act(&staff, "cancel", &c).await.0, StatusCode::OK);
    let c = contract(&staff, &first).await;
    assert_eq!(c["status"], "cancelled");
    let (status, _) = staff
        .post_json(
            &format!("/api/contracts/{first}/reactivate"),
            &json!({ "id": c["id"], "version": c["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(contract(&staff, &first).await["status"], "approved");

    // 'Forny': a new contract in renewal, linked both ways, dates a period on.
    let c = contract(&staff, &first).await;
    let (status, answer) = act(&staff, "renew", &c).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let renewal_id = answer["result"].as_str().unwrap().to_string();
    let renewal = contract(&staff, &renewal_id).await;
    assert_eq!(renewal["status"], "renewal");
    assert_eq!(renewal["agreementStatus"], "renegotiation");
    assert_eq!(renewal["startDate"], "2028-01-01");
    assert_eq!(renewal["endDate"], "2028-12-31");
    assert_eq!(renewal["renewalOf"]["id"], json!(first));
    assert_eq!(renewal["contractLines"][0]["title"], "Bandereklame");
    assert_ne!(
        renewal["contractLines"][0]["id"],
        c["contractLines"][0]["id"]
    );
    let old = contract(&staff, &first).await;
    assert_eq!(old["renewedBy"]["id"], json!(renewal_id));
    refused(&staff, "renew", &old, "Aftalen er allerede fornyet").await;

    // A saved draft is deleted; it is gone from the list.
    let (status, _) = staff.delete(&format!("/api/contracts/{second}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff.get_json(&format!("/api/contracts/{second}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The history names each step, with who.
    let (_, history) = staff
        .get_json(&format!("/api/history/contract/{first}"))
        .await;
    let text = history.to_string();
    for event in [
        "Created",
        "Approved",
        "Reopened",
        "Cancelled",
        "Reactivated",
        "Renewed",
    ] {
        assert!(text.contains(event), "{event} in history");
    }
}

#[tokio::test]
async fn the_form_rules_answer_in_danish_on_their_fields() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let mut empty = draft(&r, vec![]);
    empty["categoryId"] = Value::Null;
    empty["companyId"] = Value::Null;
    empty["contactId"] = Value::Null;
    field_refused(&staff, empty.clone(), "categoryId", "Kategori skal vælges").await;
    field_refused(&staff, empty.clone(), "companyId", "Virksomhed skal vælges").await;
    field_refused(&staff, empty, "contactId", "Kontaktperson skal vælges").await;
    let mut no_date = draft(&r, vec![line("A", 100, 1)]);
    no_date["invoicing"] = json!({ "type": "single" });
    field_refused(
        &staff,
        no_date,
        "invoicing.invoiceDate",
        "Fakturadato skal udfyldes",
    )
    .await;
    let mut recurring = draft(&r, vec![line("A", 100, 1)]);
    recurring["invoicing"] = json!({ "type": "recurring" });
    field_refused(
        &staff,
        recurring.clone(),
        "invoicing.startDate",
        "Startdato skal udfyldes",
    )
    .await;
    field_refused(
        &staff,
        recurring,
        "invoicing.intervals",
        "Interval skal være et antal måneder mellem 1 og 120",
    )
    .await;
    let mut prepaid = draft(&r, vec![line("A", 100, 1)]);
    prepaid["contractLines"][0]["prePayment"] = json!(true);
    field_refused(
        &staff,
        prepaid,
        "invoicing.prePaymentDate",
        "Forudbetalingsdato skal udfyldes",
    )
    .await;
    let mut periods = draft(&r, vec![line("A", 100, 1)]);
    periods["invoicing"] =
        json!({ "type": "customPeriod", "customPeriods": [{ "date": null, "amount": 100 }] });
    field_refused(
        &staff,
        periods,
        "invoicing.customPeriods.0.date",
        "Dato skal udfyldes",
    )
    .await;
    let mut backwards = draft(&r, vec![line("A", 100, 1)]);
    backwards["endDate"] = json!("2026-01-01");
    field_refused(
        &staff,
        backwards,
        "endDate",
        "Slutdato kan ikke ligge før startdato",
    )
    .await;
    let mut untitled = draft(&r, vec![line(" ", 100, 1)]);
    untitled["contractLines"][0]["amount"] = json!(0);
    field_refused(
        &staff,
        untitled,
        "contractLines.0.title",
        "Titel skal udfyldes",
    )
    .await;
    // Another club's company is not this club's.
    let theirs = refs_in(&app, "Demo Håndbold").await.company;
    let mut foreign = draft(&r, vec![line("A", 100, 1)]);
    foreign["companyId"] = json!(theirs);
    field_refused(&staff, foreign, "companyId", "Virksomheden findes ikke").await;
    // Malformed input is a 4xx with a Danish message, never a 500.
    let (status, _) = staff
        .post_json(
            "/api/contracts/update",
            &json!({ "contractLines": "nej", "startDate": "i går" }),
        )
        .await;
    assert!(status.is_client_error(), "{status}");
    assert_eq!(
        app.count(
            "SELECT count(*) FROM contract_rows WHERE number > 0 AND search_text LIKE '%nej%'"
        )
        .await,
        0
    );
}

#[tokio::test]
async fn a_contract_is_signed_from_the_mailed_link_and_the_signed_copy_verifies() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&staff, &draft(&r, vec![line("Bandereklame", 1_250_000, 1)])).await;
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let (status, answer) = staff
        .post_json(&format!("/api/contracts/{id}/send-signing"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let c = contract(&staff, &id).await;
    assert_eq!(c["agreementStatus"], "sent");
    assert_eq!(c["awaitingSignature"], true);

    let mail = app.smtp.wait_for(&r.email).await;
    let link = mail
        .link("http://127.0.0.1/contracts/esign/")
        .expect("signing link");
    let token = link.split("token=").nth(1).expect("token").to_string();
    let visitor = app.browser();
    let pdf_path = format!("/api/contracts/{id}/esign?token={token}");
    let response = visitor.get(&pdf_path).await;
    assert_eq!(response.status(), StatusCode::OK);
    let sent = response.bytes().await.expect("pdf").to_vec();
    assert!(sent.starts_with(b"%PDF"));
    let text = pdf_text(&sent);
    assert!(
        text.contains(&format!("Aftale nr. {}", c["contractNumber"])),
        "{text}"
    );
    assert!(text.contains("12.500,00"), "{text}");

    let (_, info) = visitor
        .get_json(&format!("/api/contracts/{id}/esign/info?token={token}"))
        .await;
    assert_eq!(info["result"]["signed"], false);
    assert_eq!(info["result"]["clubName"], "Demo FC");

    // An empty signature is refused and spends nothing.
    let (status, answer) = visitor
        .post_json(
            &format!("/api/contracts/{id}/esign?token={token}"),
            &json!({ "signature": "" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer.to_string().contains("Underskrift er påkrævet!"),
        "{answer}"
    );

    let signature = format!(
        "data:image/png;base64,{}",
        base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            drawn_signature()
        )
    );
    // A blank pad (every pixel transparent) is no signature either.
    let blank = format!(
        "data:image/png;base64,{}",
        base64::Engine::encode(&base64::engine::general_purpose::STANDARD, blank_pad())
    );
    let (status, answer) = visitor
        .post_json(
            &format!("/api/contracts/{id}/esign?token={token}"),
            &json!({ "signature": blank }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer.to_string().contains("Underskrift er påkrævet!"),
        "{answer}"
    );
    let (status, answer) = visitor
        .post_json(
            &format!("/api/contracts/{id}/esign?token={token}"),
            &json!({ "signature": signature }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let view = answer["result"].as_str().expect("new token").to_string();
    assert_ne!(view, token);

    // The old token is spent: it neither signs again nor opens anything.
    let (status, answer) = visitor
        .post_json(
            &format!("/api/contracts/{id}/esign?token={token}"),
            &json!({ "signature": signature }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        answer["error"],
        "Aftalen er allerede underskrevet med dette link."
    );

    // The new one opens the signed copy: the document, the signature and the certificate.
    let signed = visitor
        .get(&format!("/api/contracts/{id}/esign?token={view}"))
        .await
        .bytes()
        .await
        .expect("signed")
        .to_vec();
    let text = pdf_text(&signed);
    assert!(text.contains("Underskriftscertifikat"), "{text}");
    let sent_hash = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&sent));
    let squeezed: String = text.split_whitespace().collect();
    assert!(
        squeezed.contains(&sent_hash),
        "the shown document's hash is on the certificate"
    );
    assert!(text.contains(&r.email), "{text}");
    let c = contract(&staff, &id).await;
    assert_eq!(c["agreementStatus"], "signed");
    assert_eq!(c["signing"]["documentSha256"], json!(sent_hash));
    assert!(c["signedFileId"].is_string());
    // The event's chain hash is on the certificate.
    let chain: Vec<u8> = sqlx::query_scalar(
        "SELECT hash FROM events WHERE aggregate_type = 'contract' AND aggregate_id = $1 AND event_type = 'Signed'",
    )
    .bind(&id)
    .fetch_one(&app.db.owner)
    .await
    .expect("signed event");
    assert!(squeezed.contains(&hex::encode(chain)));

    // Anyone can check the copy: genuine as it is, not once a byte changed.
    let check = |bytes: Vec<u8>| {
        let visitor = app.browser();
        async move {
            let (_, answer) = visitor
                .post_form(
                    "/api/public/contracts/verify",
                    None,
                    &[],
                    vec![("file", "kopi.pdf", bytes)],
                )
                .await;
            answer["result"].clone()
        }
    };
    let verdict = check(signed.clone()).await;
    assert_eq!(verdict["genuine"], true, "{verdict}");
    assert_eq!(verdict["kind"], "signed");
    let mut tampered = signed.clone();
    let at = tampered.len() / 2;
    tampered[at] ^= 1;
    assert_eq!(check(tampered).await["genuine"], false);

    // The signed copy is mailed to the contact, and kept among the contract's files.
    for _ in 0..150 {
        if app.smtp.count_to(&r.email) >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(app.smtp.count_to(&r.email) >= 2, "signed copy mailed");
    let (_, files) = staff.get_json(&format!("/api/files/{id}")).await;
    assert!(files.to_string().contains("underskrevet.pdf"), "{files}");
    let (_, history) = staff.get_json(&format!("/api/history/contract/{id}")).await;
    assert!(history.to_string().contains("Signed"));
}

#[tokio::test]
async fn a_signing_link_that_is_wrong_old_expired_or_for_another_contract_opens_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let one = create(&staff, &draft(&r, vec![line("A", 100_000, 1)])).await;
    let other = create(&staff, &draft(&r, vec![line("B", 100_000, 1)])).await;
    for id in [&one, &other] {
        let (status, answer) = staff
            .post_json(&format!("/api/contracts/{id}/send-signing"), &json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let token_of = |mail: &crate::helpers::ReceivedMail, id: &str| {
        mail.link(&format!("http://127.0.0.1/contracts/esign/{id}?token="))
            .map(|l| l.split("token=").nth(1).unwrap_or_default().to_string())
    };
    let mut tokens = (None, None);
    for _ in 0..150 {
        let mails = app.smtp.mails.lock().expect("lock").clone();
        for mail in &mails {
            tokens.0 = tokens.0.clone().or_else(|| token_of(mail, &one));
            tokens.1 = tokens.1.clone().or_else(|| token_of(mail, &other));
        }
        if tokens.0.is_some() && tokens.1.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (token, other_token) = (tokens.0.expect("token"), tokens.1.expect("other token"));
    let visitor = app.browser();
    let open = |id: &str, token: &str| {
        let path = format!("/api/contracts/{id}/esign?token={token}");
        let visitor = visitor.clone();
        async move { visitor.get_json(&path).await }
    };
    let invalid = "Linket til aftalen er ikke gyldigt. Bed om at få tilsendt et nyt link.";
    assert_eq!(open(&one, &token).await.0, StatusCode::OK);
    assert_eq!(open(&one, "forkert").await.1["error"], invalid);
    assert_eq!(open(&one, "").await.1["error"], invalid);
    assert_eq!(
        open(&one, &other_token).await.1["error"],
        invalid,
        "another contract's token"
    );
    // Expired.
    sqlx::query("UPDATE contract_sign_tokens SET expires_at = now() - interval '1 minute' WHERE contract_id = $1")
        .bind(Uuid::parse_str(&other).expect("id"))
        .execute(&app.db.owner)
        .await
        .expect("expire");
    let (status, answer) = open(&other, &other_token).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        answer["error"],
        "Linket til aftalen er udløbet. Bed om at få tilsendt et nyt link."
    );
    // A change of the contract spends its link.
    let c = contract(&staff, &one).await;
    let mut changed = draft(&r, vec![line("A", 200_000, 1)]);
    changed["id"] = c["id"].clone();
    changed["version"] = c["version"].clone();
    changed["contractLines"][0]["id"] = c["contractLines"][0]["id"].clone();
    assert_eq!(
        staff.post_json("/api/contracts/update", &changed).await.0,
        StatusCode::OK
    );
    assert_eq!(open(&one, &token).await.1["error"], invalid);
    let (status, _) = visitor
        .post_json(
            &format!("/api/contracts/{one}/esign?token={token}"),
            &json!({ "signature": "data:image/png;base64,AAAA" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE aggregate_type = 'contract' AND event_type = 'Signed'")
            .await,
        0
    );
}

#[tokio::test]
async fn sending_mails_the_pdf_and_marks_the_agreement_sent() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(
        &staff,
        &draft(&r, vec![line("Logo på trøje", 2_500_000, 1)]),
    )
    .await;
    let (status, answer) = staff
        .post_json(&format!("/api/contracts/{id}/send"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mail = app.smtp.wait_for(&r.email).await;
    assert!(mail.data.contains("application/pdf"), "PDF attached");
    assert!(mail.data.contains(&format!(
        "Aftale-{}.pdf",
        contract(&staff, &id).await["contractNumber"]
    )));
    assert_eq!(contract(&staff, &id).await["agreementStatus"], "sent");
    // The staff PDF reads back with the lines and the Danish money.
    let pdf = staff
        .get(&format!("/api/contracts/{id}/pdf"))
        .await
        .bytes()
        .await
        .expect("pdf");
    let text = pdf_text(&pdf);
    assert!(text.contains("Logo på trøje"), "{text}");
    assert!(text.contains("25.000,00"), "{text}");
}

#[tokio::test]
async fn the_pipeline_and_the_dashboard_show_contracts_where_they_stand() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&staff, &draft(&r, vec![line("Pakke", 800_000, 1)])).await;
    let board = |path: &'static str| {
        let staff = staff.clone();
        async move { staff.post_json(path, &json!({})).await.1["result"].clone() }
    };
    let sales = board("/api/contracts/pipeline/sales").await;
    for alias in ["draft", "scheduled", "negotiation", "sent", "approved"] {
        assert!(sales[alias]["contracts"].is_array(), "{alias}");
    }
    let in_column = |board: &Value, alias: &str| {
        board[alias]["contracts"]
            .as_array()
            .is_some_and(|cards| cards.iter().any(|c| c["id"] == json!(id)))
    };
    assert!(in_column(&sales, "draft"));
    let draft_total = sales["draft"]["total"].as_i64().unwrap();
    let c = contract(&staff, &id).await;
    let (status, _) = staff
        .post_json(
            "/api/contracts/agreement-status",
            &json!({ "id": id, "version": c["version"], "agreementStatus": "negotiation" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let sales = board("/api/contracts/pipeline/sales").await;
    assert!(in_column(&sales, "negotiation"));
    assert_eq!(
        sales["draft"]["total"].as_i64().unwrap(),
        draft_total - 800_000
    );
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let sales = board("/api/contracts/pipeline/sales").await;
    assert!(in_column(&sales, "approved"));
    // Renewal 2027-10-01 lies more than six months ahead of today: on no renegotiation column
    // until its date comes near; move it to next month.
    let today = chrono::Utc::now().date_naive();
    let soon = today + chrono::Duration::days(20);
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "edit", &c).await.0, StatusCode::OK);
    let c = contract(&staff, &id).await;
    let mut body = draft(&r, vec![]);
    body["id"] = c["id"].clone();
    body["version"] = c["version"].clone();
    body["contractLines"] = c["contractLines"].clone();
    body["renewDate"] = json!(soon.to_string());
    assert_eq!(
        staff.post_json("/api/contracts/update", &body).await.0,
        StatusCode::OK
    );
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let renegotiation = board("/api/contracts/pipeline/renegotiation").await;
    assert!(in_column(&renegotiation, "oneMonth"), "{renegotiation}");
    let (_, widget) = staff
        .post_json(
            "/api/dashboard/renegotiations",
            &json!({ "page": 1, "perPage": 10 }),
        )
        .await;
    assert!(widget["Result"].to_string().contains(&id), "{widget}");
    // A user filter that names nobody's contracts empties the board.
    let (_, empty) = staff
        .post_json(
            &format!("/api/contracts/pipeline/sales?userId={}", Uuid::new_v4()),
            &json!({}),
        )
        .await;
    assert_eq!(empty["result"]["approved"]["count"], 0);
    let (status, _) = staff
        .post_json("/api/contracts/pipeline/sales?userId=nej", &json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Leads to follow up.
    sqlx::query("UPDATE companies SET follow_up_date = current_date + 3 WHERE id = $1")
        .bind(r.company)
        .execute(&app.db.owner)
        .await
        .expect("follow up");
    let (_, leads) = staff
        .post_json(
            "/api/dashboard/leads-followup",
            &json!({ "page": 1, "perPage": 10 }),
        )
        .await;
    assert!(
        leads["Result"].to_string().contains(&r.company.to_string()),
        "{leads}"
    );
}

/// The list row and the Salg board's card of contract `id`: (Invoices, InvoicesPaid) of each.
async fn invoice_status(staff: &Browser, id: &str) -> ((Value, Value), (Value, Value)) {
    let (status, list) = staff
        .post_json("/api/contracts", &json!({ "page": 1, "perPage": 10 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let row = list["Result"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["Id"] == json!(id)))
        .unwrap_or_else(|| panic!("{id} in {list}"))
        .clone();
    let (status, board) = staff
        .post_json("/api/contracts/pipeline/sales", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{board}");
    let card = board["result"]["approved"]["contracts"]
        .as_array()
        .and_then(|cards| cards.iter().find(|c| c["id"] == json!(id)))
        .unwrap_or_else(|| panic!("{id} on {board}"))
        .clone();
    (
        (row["Invoices"].clone(), row["InvoicesPaid"].clone()),
        (card["invoices"].clone(), card["invoicesPaid"].clone()),
    )
}

#[tokio::test]
async fn the_list_and_the_board_count_a_contracts_booked_invoices_and_the_paid_ones() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    // Given two approved contracts, one of them on a quarterly plan (four invoices to make).
    let mut body = draft(&r, vec![line("Bandereklame", 1_200_000, 1)]);
    body["invoicing"] = json!({ "type": "recurring", "intervals": 3, "startDate": "2027-01-01" });
    let invoiced = create(&staff, &body).await;
    let other = create(&staff, &draft(&r, vec![line("Logo", 250_000, 1)])).await;
    for id in [&invoiced, &other] {
        let c = contract(&staff, id).await;
        assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    }
    let none = ((json!(0), json!(0)), (json!(0), json!(0)));
    assert_eq!(invoice_status(&staff, &invoiced).await, none);

    // When its four invoices are made: three booked, one of them paid, one credited, one left a
    // draft.
    for _ in 0..4 {
        let (status, answer) = staff
            .post_json("/api/contracts/invoice", &json!({ "id": invoiced }))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let (_, table) = staff.get_json(&format!("/api/invoices/{invoiced}")).await;
    let mut ids: Vec<(String, String)> = table["result"]
        .as_array()
        .expect("its invoices")
        .iter()
        .map(|r| {
            (
                r["InvoiceDate"].to_string(),
                r["Id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    ids.sort();
    assert_eq!(ids.len(), 4, "{table}");
    // A draft counts as nothing yet.
    assert_eq!(invoice_status(&staff, &invoiced).await, none);
    let step = |path: String| {
        let staff = staff.clone();
        async move {
            let (status, answer) = staff.post_json(&path, &json!({})).await;
            assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        }
    };
    for (_, id) in &ids[..3] {
        step(format!("/api/invoices/{id}/book")).await;
    }
    step(format!("/api/invoices/{}/paid", ids[0].1)).await;
    step(format!("/api/invoices/{}/credit", ids[2].1)).await;

    // Then the list's 'Faktura' and the card's labels read two invoices, one of them paid (the
    // credited one, its credit note and the draft are not counted); the other contract none.
    let two_one = ((json!(2), json!(1)), (json!(2), json!(1)));
    assert_eq!(invoice_status(&staff, &invoiced).await, two_one);
    assert_eq!(invoice_status(&staff, &other).await, none);
    // Paying the second makes them both paid.
    step(format!("/api/invoices/{}/paid", ids[1].1)).await;
    let two_two = ((json!(2), json!(2)), (json!(2), json!(2)));
    assert_eq!(invoice_status(&staff, &invoiced).await, two_two);
}

#[tokio::test]
async fn the_export_reads_back_with_the_lists_rows() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    create(&staff, &draft(&r, vec![line("Eksportlinje", 333_300, 1)])).await;
    let (_, list) = staff
        .post_json("/api/contracts", &json!({ "page": 1, "perPage": 10 }))
        .await;
    let total = list["Total"].as_i64().unwrap_or_else(|| panic!("{list}"));
    assert!(total >= 1);
    // Search finds by company, contact person and number, literally, in this club only.
    let found = |search: &str| {
        let staff = staff.clone();
        let body = json!({ "filter": { "search": search }, "page": 1, "perPage": 10 });
        async move { staff.post_json("/api/contracts", &body).await.1["Total"].clone() }
    };
    assert_eq!(found("bageriet ærø").await, json!(total));
    assert_eq!(found("METTE HOLM").await, json!(total));
    assert_eq!(found("%").await, json!(0));
    assert_eq!(found("ingen-sådan").await, json!(0));
    let other = app.admin_in_handbold().await;
    let (status, theirs) = other
        .post_json(
            "/api/contracts",
            &json!({ "filter": { "search": "bageriet" }, "page": 1 }),
        )
        .await;
    // Demo Håndbold has no orders module; were it to, it would find none of Demo FC's.
    assert!(
        status == StatusCode::FORBIDDEN || theirs["Total"] == json!(0),
        "{status} {theirs}"
    );
    let response = staff
        .post("/api/contracts/export", &json!({ "filter": {} }))
        .await;
    assert!(response
        .headers()
        .get("content-disposition")
        .is_some_and(|v| v.to_str().unwrap_or("").contains("Aftaler.xlsx")));
    let bytes = response.bytes().await.expect("xlsx");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).expect("xlsx");
    let sheet = book.worksheet_range_at(0).expect("sheet").expect("range");
    assert_eq!(sheet.height() as i64, total + 1, "a header and every row");
    let header: Vec<String> = sheet
        .rows()
        .next()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        header,
        [
            "Status",
            "Forhandling",
            "Nummer",
            "Faktura",
            "Virksomhed",
            "Kontaktperson",
            "Subtotal",
            "Pris",
            "Filer"
        ]
    );
}

#[tokio::test]
async fn another_club_and_a_read_only_role_cannot_touch_a_contract() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&staff, &draft(&r, vec![line("A", 100_000, 1)])).await;
    let c = contract(&staff, &id).await;

    // Another club (its admin, switched in) sees nothing of it.
    let other = app.admin_in_handbold().await;
    let (status, _) = other.get_json(&format!("/api/contracts/{id}")).await;
    assert!(
        matches!(status, StatusCode::NOT_FOUND | StatusCode::FORBIDDEN),
        "{status}"
    );

    // A role with only read rights on orders lists and reads, and is refused every write.
    sqlx::query(
        "UPDATE client_modules SET role_acls = '[{\"ruleId\": \"read\", \"role\": \"staff\"}]' \
         WHERE client_id = (SELECT id FROM clients WHERE name = 'Demo FC') \
           AND module_id = (SELECT id FROM modules WHERE alias = 'orders')",
    )
    .execute(&app.db.owner)
    .await
    .expect("rules");
    let reader = app.signed_in("staff@tribune.test").await;
    assert_eq!(
        reader.get_json(&format!("/api/contracts/{id}")).await.0,
        StatusCode::OK
    );
    let (status, _) = reader
        .post_json("/api/contracts", &json!({ "page": 1 }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let body = json!({ "id": c["id"], "version": c["version"], "agreementStatus": "scheduled" });
    for path in [
        "/api/contracts/update".to_string(),
        "/api/contracts/approve".into(),
        "/api/contracts/edit".into(),
        "/api/contracts/cancel".into(),
        "/api/contracts/renew".into(),
        "/api/contracts/agreement-status".into(),
        format!("/api/contracts/{id}/reactivate"),
        format!("/api/contracts/{id}/send"),
        format!("/api/contracts/{id}/send-signing"),
    ] {
        let (status, _) = reader.post_json(&path, &body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(
        reader.delete(&format!("/api/contracts/{id}")).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        contract(&staff, &id).await["version"],
        c["version"],
        "nothing changed"
    );
}

#[tokio::test]
async fn an_auditor_exports_every_event_of_a_contract_with_its_hash() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&staff, &draft(&r, vec![line("A", 100_000, 1)])).await;
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let response = staff
        .get(&format!("/api/history/contract/{id}/export"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.bytes().await.expect("xlsx");
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).expect("xlsx");
    let sheet = book.worksheet_range_at(0).expect("sheet").expect("range");
    let rows: Vec<Vec<String>> = sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(rows.len(), 3, "a header and two events");
    assert_eq!(rows[1][2], "Created");
    assert_eq!(rows[2][2], "Approved");
    assert_eq!(rows[2][7], "contract.approve");
    let hashes: Vec<Vec<u8>> = sqlx::query_scalar(
        "SELECT hash FROM events WHERE aggregate_type = 'contract' AND aggregate_id = $1 ORDER BY sequence",
    )
    .bind(&id)
    .fetch_all(&app.db.owner)
    .await
    .expect("hashes");
    assert_eq!(rows[1][10], hex::encode(&hashes[0]));
    assert_eq!(rows[2][10], hex::encode(&hashes[1]));
    // Another club gets nothing.
    let other = app.admin_in_handbold().await;
    assert_ne!(
        other
            .get(&format!("/api/history/contract/{id}/export"))
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_demo_has_contracts_in_every_status_one_of_them_signed_for_real() {
    let app = spawn_app().await;
    let (_dir, storage) = crate::helpers::seed_demo_contracts(&app).await;
    tribune_api::seed::seed_demo_contracts(&app.db.owner, &storage, "http://127.0.0.1")
        .await
        .expect("runs once");
    let count = |sql: &'static str| app.count(sql);
    assert_eq!(
        count("SELECT count(*) FROM contract_rows").await,
        31,
        "30 and a renewal"
    );
    for status in ["draft", "renewal", "approved", "cancelled"] {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM contract_rows WHERE status = $1")
            .bind(status)
            .fetch_one(&app.db.owner)
            .await
            .expect("count");
        assert!(n > 0, "{status}");
    }
    for agreement in [
        "unsent",
        "scheduled",
        "sent",
        "negotiation",
        "signed",
        "renegotiation",
    ] {
        let n: i64 =
            sqlx::query_scalar("SELECT count(*) FROM contract_rows WHERE agreement_status = $1")
                .bind(agreement)
                .fetch_one(&app.db.owner)
                .await
                .expect("count");
        assert!(n > 0, "{agreement}");
    }
    assert_eq!(
        count("SELECT count(*) FROM events WHERE aggregate_type = 'contract' AND event_type = 'Signed'").await,
        1
    );
    assert_eq!(
        count("SELECT count(*) FROM events WHERE aggregate_type = 'contract' AND event_type = 'Reactivated'").await,
        1
    );
    assert_eq!(
        count("SELECT count(*) FROM files WHERE relation_type = 'contract'").await,
        1,
        "the signed copy"
    );
    // Every renegotiation bucket has a card.
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, board) = staff
        .post_json("/api/contracts/pipeline/renegotiation", &json!({}))
        .await;
    for alias in [
        "sixMonths",
        "threeMonths",
        "oneMonth",
        "overdue",
        "overdueMore",
    ] {
        assert!(
            board["result"][alias]["count"].as_i64().unwrap_or(0) > 0,
            "{alias}: {board}"
        );
    }
}

#[tokio::test]
async fn audit_verify_checks_the_contract_chains_and_names_a_tampered_event() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&staff, &draft(&r, vec![line("A", 100_000, 1)])).await;
    let c = contract(&staff, &id).await;
    assert_eq!(act(&staff, "approve", &c).await.0, StatusCode::OK);
    let report = tribune_projections::audit::verify(&app.db.owner)
        .await
        .expect("verify");
    assert!(report.first_broken.is_none(), "{:?}", report.first_broken);
    // Someone with database rights lowers the price in the stored Created event.
    sqlx::query(
        "UPDATE events SET payload = jsonb_set(payload, '{Created,content,lines,0,price}', '1') \
         WHERE aggregate_type = 'contract' AND aggregate_id = $1 AND sequence = 1",
    )
    .bind(&id)
    .execute(&app.db.owner)
    .await
    .expect("tamper");
    let report = tribune_projections::audit::verify(&app.db.owner)
        .await
        .expect("verify");
    let broken = report.first_broken.expect("a broken link");
    assert_eq!(
        (
            broken.aggregate_type.as_str(),
            broken.aggregate_id.as_str(),
            broken.sequence
        ),
        ("contract", id.as_str(), 1)
    );
}

#[tokio::test]
async fn replay_rebuilds_the_contract_tables_exactly_from_the_events() {
    use tribune_projections::registry;
    use tribune_projections::replay::{replay, ReplayMode};
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let mut ids = Vec::new();
    for i in 0..4 {
        ids.push(create(&staff, &draft(&r, vec![line("Pakke", 100_000 + i, 1 + i)])).await);
    }
    let c = contract(&staff, &ids[0]).await;
    act(&staff, "approve", &c).await;
    let c = contract(&staff, &ids[0]).await;
    act(&staff, "renew", &c).await;
    staff.delete(&format!("/api/contracts/{}", ids[1])).await;
    let (projection, kind) = registry::find("contract_rows").expect("contract_rows");
    let check = replay(
        &app.db.owner,
        projection.as_ref(),
        kind,
        ReplayMode::CheckOnly,
    )
    .await
    .expect("replay");
    assert!(check.identical(), "{check:?}");
    // Rows lost from the read tables come back with one replay.
    sqlx::query("DELETE FROM contract_lines")
        .execute(&app.db.owner)
        .await
        .expect("damage");
    sqlx::query("DELETE FROM contract_rows WHERE id = $1")
        .bind(Uuid::parse_str(&ids[2]).expect("id"))
        .execute(&app.db.owner)
        .await
        .expect("damage");
    replay(&app.db.owner, projection.as_ref(), kind, ReplayMode::Swap)
        .await
        .expect("swap");
    assert_eq!(
        app.count("SELECT count(*) FROM contract_rows").await,
        4,
        "3 live and a renewal"
    );
    assert!(app.count("SELECT count(*) FROM contract_lines").await >= 4);
    let again = replay(
        &app.db.owner,
        projection.as_ref(),
        kind,
        ReplayMode::CheckOnly,
    )
    .await
    .expect("replay");
    assert!(again.identical(), "{again:?}");
    assert_eq!(contract(&staff, &ids[2]).await["total"], 300_006);
}

#[tokio::test]
async fn concurrent_creates_take_consecutive_numbers_and_one_link_signs_once_however_raced() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    let body = draft(&r, vec![line("A", 100_000, 1)]);
    let creates = (0..12).map(|_| {
        let (staff, body) = (staff.clone(), body.clone());
        async move { staff.post_json("/api/contracts/update", &body).await }
    });
    let answers = futures::future::join_all(creates).await;
    assert!(
        answers.iter().all(|(s, _)| *s == StatusCode::OK),
        "{answers:?}"
    );
    let numbers: Vec<i64> = sqlx::query_scalar("SELECT number FROM contract_rows ORDER BY number")
        .fetch_all(&app.db.owner)
        .await
        .expect("numbers");
    let first = numbers[0];
    assert_eq!(
        numbers,
        (first..first + 12).collect::<Vec<_>>(),
        "gap-free, none twice"
    );

    // Two tabs sign with the same link at the same moment: one signature, one refusal.
    let id = answers[0].1["result"].as_str().expect("id").to_string();
    let (status, answer) = staff
        .post_json(&format!("/api/contracts/{id}/send-signing"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mail = app.smtp.wait_for(&r.email).await;
    let link = mail
        .link(&format!("http://127.0.0.1/contracts/esign/{id}?token="))
        .expect("link");
    let token = link.split("token=").nth(1).expect("token").to_string();
    let signature = format!(
        "data:image/png;base64,{}",
        base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            drawn_signature()
        )
    );
    let signs = (0..4).map(|_| {
        let visitor = app.browser();
        let path = format!("/api/contracts/{id}/esign?token={token}");
        let body = json!({ "signature": signature });
        async move { visitor.post_json(&path, &body).await.0 }
    });
    let statuses = futures::future::join_all(signs).await;
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE aggregate_type = 'contract' AND event_type = 'Signed'")
            .await,
        1
    );
}

#[tokio::test]
async fn the_offered_groups_hold_each_setup_type_and_a_new_contract_starts_with_the_preselected() {
    let app = spawn_app().await;
    tribune_api::seed::seed_demo_catalogue(&app.db.owner)
        .await
        .expect("catalogue");
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, answer) = staff.get_json("/api/contracts/products").await;
    assert_eq!(status, StatusCode::OK);
    let groups = answer["result"].as_array().expect("groups");
    let products: Vec<&Value> = groups
        .iter()
        .flat_map(|g| g["products"].as_array().into_iter().flatten())
        .collect();
    let setup_of = |title: &str| {
        products
            .iter()
            .find(|p| p["title"] == json!(title))
            .map(|p| p["contractSetup"].clone())
            .unwrap_or_else(|| panic!("{title} offered"))
    };
    assert_eq!(setup_of("Bandereklame")["type"], "checkbox");
    assert_eq!(setup_of("VIP-billetter")["amountType"], "amount");
    assert_eq!(setup_of("Speakeromtale")["amountType"], "price");
    assert_eq!(setup_of("Logo på trøje")["type"], "text");
    assert_eq!(setup_of("Skilt ved indgang")["type"], "number-text");
    let hospitality = products
        .iter()
        .find(|p| p["title"] == "Hospitality-pakke")
        .expect("variants");
    assert_eq!(hospitality["variants"].as_array().map(Vec::len), Some(2));
    assert!(
        !products.iter().any(|p| p["title"] == "Halstørklæde"),
        "a product without a contract setup is not offered"
    );
    for group in groups {
        assert!(group["category"]["title"].is_string());
        assert!(group["isHidden"].is_boolean());
    }
    // A new contract starts with the pre-selected checkbox product, at its price, amount 1.
    let (_, template) = staff.get_json("/api/contracts/new").await;
    let lines = template["result"]["contractLines"]
        .as_array()
        .expect("lines");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["title"], "Bandereklame");
    assert_eq!(lines[0]["amount"], 1);
    assert_eq!(lines[0]["price"], 4_000_000);
    assert_eq!(template["result"]["id"], Value::Null);
    assert_eq!(template["result"]["pricesWithVat"], true);
}

#[tokio::test]
async fn the_remaining_refusals_of_section_4_answer_in_danish() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let r = refs(&app).await;
    // Approving a contract without lines.
    let empty = create(&staff, &draft(&r, vec![])).await;
    let c = contract(&staff, &empty).await;
    refused(
        &staff,
        "approve",
        &c,
        "Aftalen skal have mindst én linje for at kunne godkendes",
    )
    .await;
    // Reactivating what is not cancelled.
    let (status, answer) = staff
        .post_json(
            &format!("/api/contracts/{empty}/reactivate"),
            &json!({ "id": c["id"], "version": c["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "Kun en annulleret aftale kan genaktiveres");
    // A cancelled contract is not saved, sent or signed.
    let id = create(&staff, &draft(&r, vec![line("A", 100_000, 1)])).await;
    let c = contract(&staff, &id).await;
    act(&staff, "approve", &c).await;
    let c = contract(&staff, &id).await;
    act(&staff, "cancel", &c).await;
    let c = contract(&staff, &id).await;
    let mut body = draft(&r, vec![]);
    body["id"] = c["id"].clone();
    body["version"] = c["version"].clone();
    body["contractLines"] = c["contractLines"].clone();
    body["internal"] = json!("Efter annullering");
    let (status, answer) = staff.post_json("/api/contracts/update", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "Aftalen er annulleret");
    for path in ["send", "send-signing"] {
        let (status, answer) = staff
            .post_json(&format!("/api/contracts/{id}/{path}"), &json!({}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert_eq!(answer["error"], "Aftalen er annulleret", "{path}");
    }
    // A stale version is a conflict, and changes nothing.
    let (status, answer) = staff
        .post_json(
            &format!("/api/contracts/{id}/reactivate"),
            &json!({ "id": id, "version": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["error"],
        "Aftalen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen."
    );
    // A contact person without an e-mail gets no mail.
    sqlx::query("UPDATE contacts SET email = '' WHERE id = $1")
        .bind(r.contact)
        .execute(&app.db.owner)
        .await
        .expect("no e-mail");
    let other = create(&staff, &draft(&r, vec![line("B", 100_000, 1)])).await;
    let (status, answer) = staff
        .post_json(&format!("/api/contracts/{other}/send"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "Kontaktpersonen har ingen e-mail");
    assert_eq!(contract(&staff, &other).await["agreementStatus"], "unsent");
}

/// Gives the role `staff` of Demo FC the orders module's manage rule and one more rule that
/// denies `manage` (and so `read`, as in CASL) on `fields`, or, `read_only`, grants `read` back
/// (spec 1 §6 field rules).
async fn deny_fields(app: &TestApp, fields: &[&str], read_only: bool) {
    let mut items = vec![
        json!({ "subject": ["orders"], "action": ["manage"], "inverted": true, "fields": fields }),
    ];
    if read_only {
        items.push(json!({ "subject": ["orders"], "action": ["read"], "fields": fields }));
    }
    let rule = json!([{ "id": "no-prices", "name": "Ingen priser", "userACL": items }]);
    sqlx::query("UPDATE modules SET acl_rules = acl_rules || $1 WHERE alias = 'orders'")
        .bind(rule)
        .execute(&app.db.owner)
        .await
        .expect("rule");
    sqlx::query(
        "UPDATE client_modules SET role_acls = \
           '[{\"ruleId\": \"manage\", \"role\": \"staff\"}, {\"ruleId\": \"no-prices\", \"role\": \"staff\"}]' \
         WHERE client_id = (SELECT id FROM clients WHERE name = 'Demo FC') \
           AND module_id = (SELECT id FROM modules WHERE alias = 'orders')",
    )
    .execute(&app.db.owner)
    .await
    .expect("links");
}

/// A product of the club at `price`, for a line the catalogue prices.
async fn product(app: &TestApp, price: i64) -> Uuid {
    sqlx::query_scalar(
        "INSERT INTO products (client_id, title, type, price) \
         VALUES ((SELECT id FROM clients WHERE name = 'Demo FC'), 'Bandereklame', 'product', $1) RETURNING id",
    )
    .bind(price)
    .fetch_one(&app.db.owner)
    .await
    .expect("product")
}

#[tokio::test]
async fn a_role_denied_reading_prices_never_sees_them_and_cannot_change_them() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&admin, &draft(&r, vec![line("A", 100_000, 2)])).await;
    let banner = product(&app, 25_000).await;
    deny_fields(&app, &["price", "discount", "orderDiscount"], false).await;
    let staff = app.signed_in("staff@tribune.test").await;

    // Read: the contract, its list and its history name no price; an admin still sees them.
    let seen = contract(&staff, &id).await;
    assert!(seen["contractLines"][0].get("price").is_none(), "{seen}");
    assert!(seen.get("orderDiscount").is_none(), "{seen}");
    assert_eq!(seen["contractLines"][0]["title"], "A");
    assert_eq!(
        contract(&admin, &id).await["contractLines"][0]["price"],
        100_000
    );
    let (_, history) = staff.get_json(&format!("/api/history/contract/{id}")).await;
    assert!(!history.to_string().contains("\"price\""), "{history}");
    // A document the prices cannot be left out of is refused, not sent.
    let (status, answer) = staff.get_json(&format!("/api/contracts/{id}/pdf")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");

    // Write: saved as the editor read it (no prices), the stored prices stay; a new line from
    // the catalogue takes the catalogue's price.
    let mut save = seen.clone();
    save["contractLines"][0]["amount"] = json!(3);
    let new_line = json!({ "productId": banner, "title": "Bandereklame", "amount": 1, "type": "product", "unit": "stk" });
    save["contractLines"].as_array_mut().unwrap().push(new_line);
    let (status, answer) = staff.post_json("/api/contracts/update", &save).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let stored = contract(&admin, &id).await;
    assert_eq!(stored["contractLines"][0]["price"], 100_000);
    assert_eq!(stored["contractLines"][0]["amount"], 3);
    assert_eq!(stored["contractLines"][1]["price"], 25_000);

    // A price sent anyway is refused on its field, and nothing changes.
    let mut forged = contract(&staff, &id).await;
    forged["contractLines"][0]["price"] = json!(1);
    locked_refused(&staff, forged.clone(), "contractLines.0.price").await;
    forged["contractLines"][0]
        .as_object_mut()
        .unwrap()
        .remove("price");
    forged["orderDiscount"] = json!(50_000);
    locked_refused(&staff, forged, "orderDiscount").await;
    assert_eq!(contract(&admin, &id).await["version"], stored["version"]);
}

#[tokio::test]
async fn a_role_denied_changing_prices_reads_them_and_may_save_them_unchanged() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let r = refs(&app).await;
    let id = create(&admin, &draft(&r, vec![line("A", 100_000, 2)])).await;
    let banner = product(&app, 25_000).await;
    deny_fields(&app, &["price"], true).await;
    let staff = app.signed_in("staff@tribune.test").await;

    let seen = contract(&staff, &id).await;
    assert_eq!(seen["contractLines"][0]["price"], 100_000);
    let (status, _) = staff.get_json(&format!("/api/contracts/{id}/pdf")).await;
    assert_eq!(status, StatusCode::OK);

    let mut save = seen.clone();
    save["description"] = json!("Ny tekst");
    let (status, answer) = staff.post_json("/api/contracts/update", &save).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // A new line at another price than the catalogue's, or a free line with a price, is refused.
    let mut cheaper = contract(&staff, &id).await;
    let line_at = |price: i64| json!({ "productId": banner, "title": "Bandereklame", "price": price, "amount": 1, "type": "product", "unit": "stk" });
    cheaper["contractLines"]
        .as_array_mut()
        .unwrap()
        .push(line_at(1_000));
    locked_refused(&staff, cheaper.clone(), "contractLines.1.price").await;
    cheaper["contractLines"][1] = line("Fri linje", 5_000, 1);
    locked_refused(&staff, cheaper.clone(), "contractLines.1.price").await;
    cheaper["contractLines"][1] = line_at(25_000);
    let (status, answer) = staff.post_json("/api/contracts/update", &cheaper).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // A new contract: its lines start at the catalogue's price too.
    let mut fresh = draft(&r, vec![line_at(24_999)]);
    locked_refused(&staff, fresh.clone(), "contractLines.0.price").await;
    fresh["contractLines"][0]["price"] = json!(25_000);
    create(&staff, &fresh).await;
}
