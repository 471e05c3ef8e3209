//! Newsletters (issue 20): written with pictures and an attachment, listed, read and deleted;
//! recipients made from agreement products, order products, companies and contacts (the
//! unsubscribed left out); sent by jobs in batches with progress, each recipient once unless
//! forced, resuming after the mail server went down without sending anyone twice; every mail
//! with the attachment, the pictures and an unsubscribe link that marks the contact; refusals on
//! their fields; another club sees and touches none of it.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{
    first_error, give_handbold_module, png, spawn_app, visitor, Browser, TestApp,
};

/// A company of Demo FC with contacts (firstname, e-mail): (company id, contact ids).
async fn company_with(
    staff: &Browser,
    name: &str,
    people: &[(&str, &str)],
) -> (String, Vec<String>) {
    let mut contacts = Vec::new();
    for (firstname, email) in people {
        let (status, body) = staff
            .post_form(
                "/api/contacts/update",
                Some(&json!({ "firstname": firstname, "lastname": "Holm", "email": email })),
                &[],
                vec![],
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        contacts.push(body["data"]["id"].as_str().unwrap().to_string());
    }
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(
                &json!({ "name": name, "status": 1, "cvr": "12345678", "phone": "", "useEAN": false,
                          "vatExcluded": false, "contactIds": contacts }),
            ),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (body["result"].as_str().unwrap().to_string(), contacts)
}

/// An approved order of `product` bought by `contact`.
async fn bought(staff: &Browser, contact: &str, product: &str) {
    let body = json!({
        "contactId": contact, "firstname": "Købe", "lastname": "Holm", "email": "ordre@example.dk", "phone": "12345678",
        "orderLines": [{ "productId": product, "title": "Sæsonkort", "price": 120_000, "discount": 0, "amount": 1, "type": "product" }],
    });
    let (status, answer) = staff.post_json("/api/orders/update", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["result"].as_str().unwrap().to_string();
    let (_, order) = staff.get_json(&format!("/api/orders/{id}")).await;
    let (status, answer) = staff
        .post_json(
            "/api/orders/approve",
            &json!({ "id": id, "version": order["result"]["version"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

async fn product(staff: &Browser, title: &str) -> String {
    crate::helpers::catalogue_product(
        staff,
        json!({ "title": title, "type": "product", "price": 120_000 }),
    )
    .await
}

/// Saves a newsletter (multipart like the editor): (status, answer).
async fn save(
    staff: &Browser,
    data: Value,
    files: Vec<(&str, &str, Vec<u8>)>,
) -> (StatusCode, Value) {
    staff
        .post_form("/api/newsletters/update", Some(&data), &[], files)
        .await
}

pub(crate) async fn created(
    staff: &Browser,
    data: Value,
    files: Vec<(&str, &str, Vec<u8>)>,
) -> String {
    let (status, body) = save(staff, data, files).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_str().unwrap().to_string()
}

pub(crate) fn basic(title: &str) -> Value {
    json!({ "name": format!("{title} (intern)"), "subject": format!("Nyt: {title}"), "title": title,
            "description": "<p>Vi ses på <strong>stadion</strong></p>" })
}

async fn recipients(staff: &Browser, newsletter: &str) -> Value {
    let (status, body) = staff
        .get_json(&format!("/api/newsletters/{newsletter}/recipients"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Every recipient of the groups, as (e-mail, recipient).
fn all_recipients(groups: &Value) -> Vec<(String, Value)> {
    groups["result"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["contacts"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["contact"]["email"].as_str().unwrap().to_string(),
                r.clone(),
            )
        })
        .collect()
}

async fn send(staff: &Browser, newsletter: &str, ids: Value, force: bool) -> Value {
    let (status, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/send-newsletters?force={force}"),
            &ids,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].clone()
}

/// Waits until the latest send has handled all it queued and no batch waits; its progress.
async fn finished(staff: &Browser, newsletter: &str) -> Value {
    for _ in 0..600 {
        let (_, body) = staff
            .get_json(&format!("/api/newsletters/{newsletter}/progress"))
            .await;
        let p = &body["result"];
        if p["pendingBatches"] == 0 && p["done"] == p["total"] {
            return p.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the send never finished");
}

#[tokio::test]
async fn a_newsletter_is_written_with_its_files_listed_read_saved_and_deleted() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    sqlx::query(
        "UPDATE clients SET settings = jsonb_set(settings, '{newsletter}', '{\"emailTemplates\": [{\"name\": \"Sort\", \"template\": \"<h1>{title}</h1>{description}\"}]}') \
         WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .unwrap();

    // Refused, each on its field, and nothing saved: no name, subject or title; a picture that
    // is no image; an attachment over 10000 KB; a template the club does not have.
    let (status, body) = save(
        &staff,
        json!({ "name": " ", "emailTemplate": "Ukendt" }),
        vec![
            ("pictureFile", "top.txt", b"not an image".to_vec()),
            ("attachmentFile", "stor.pdf", vec![b'x'; 10_000 * 1024 + 1]),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "name"), "Navn skal udfyldes");
    assert_eq!(
        first_error(&body, "subject"),
        "E-mail emnefelt skal udfyldes"
    );
    assert_eq!(first_error(&body, "title"), "Titel skal udfyldes");
    assert_eq!(
        first_error(&body, "pictureFile"),
        "Billede skal være et billede"
    );
    assert_eq!(
        first_error(&body, "attachmentFile"),
        "Vedhæft fil må højst være 10000 KB"
    );
    assert_eq!(
        first_error(&body, "emailTemplate"),
        "E-mail skabelonen findes ikke i klubbens indstillinger"
    );
    assert_eq!(app.count("SELECT count(*) FROM newsletters").await, 0);
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'newsletter'")
            .await,
        0
    );

    // Created with its pictures and attachment; the description is cleaned.
    let mut data = basic("Sæsonstart");
    data["emailTemplate"] = json!("Sort");
    data["description"] = json!("<p>Hej</p><script>alert(1)</script><img src=x onerror=alert(2)>");
    let id = created(
        &staff,
        data,
        vec![
            ("pictureFile", "top.png", png()),
            ("pictureBottomFile", "bund.png", png()),
            (
                "attachmentFile",
                "program.pdf",
                b"%PDF-1.4 program".to_vec(),
            ),
        ],
    )
    .await;
    let (status, body) = staff.get_json(&format!("/api/newsletters/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let newsletter = &body["result"];
    assert_eq!(newsletter["title"], "Sæsonstart");
    assert_eq!(newsletter["subject"], "Nyt: Sæsonstart");
    assert_eq!(newsletter["emailTemplate"], "Sort");
    assert_eq!(newsletter["attachmentName"], "program.pdf");
    let description = newsletter["description"].as_str().unwrap();
    assert!(
        description.contains("<p>Hej</p>")
            && !description.contains("script")
            && !description.contains("onerror"),
        "{description}"
    );
    let picture = newsletter["picture"].as_str().unwrap().to_string();
    let attachment = newsletter["fileAttachment"].as_str().unwrap().to_string();
    let downloaded = staff.get(&attachment).await;
    assert_eq!(downloaded.status(), StatusCode::OK);
    assert_eq!(
        downloaded.bytes().await.unwrap().as_ref(),
        b"%PDF-1.4 program"
    );

    // Saved again: the picture kept (its URL), the bottom picture removed (null), the version
    // moved on; an editor with the old version gets 409 and changes nothing.
    let version = newsletter["version"].as_i64().unwrap();
    let mut again = basic("Sæsonstart 2027");
    again["id"] = json!(id);
    again["version"] = json!(version);
    again["picture"] = json!(picture);
    again["pictureBottom"] = Value::Null;
    let (status, body) = save(&staff, again.clone(), vec![]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = save(&staff, again, vec![]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (_, body) = staff.get_json(&format!("/api/newsletters/{id}")).await;
    assert_eq!(body["result"]["title"], "Sæsonstart 2027");
    assert_eq!(body["result"]["picture"], json!(picture));
    assert_eq!(body["result"]["pictureBottom"], Value::Null);
    assert_eq!(body["result"]["fileAttachment"], json!(attachment));
    assert_eq!(body["result"]["emailTemplate"], Value::Null);
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'newsletter'")
            .await,
        2
    );

    // The list: 12 newsletters, by title ascending, 10 a page, searchable.
    for n in 1..=11 {
        created(&staff, basic(&format!("Brev {n:02}")), vec![]).await;
    }
    let (status, page) = staff
        .post_json("/api/newsletters", &json!({ "page": 1, "perPage": 10 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["Total"], 12);
    assert_eq!(page["TotalPages"], 2);
    let rows = page["Result"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows[0]["Title"], "Brev 01");
    assert_eq!(rows[0]["Name"], "Brev 01 (intern)");
    assert_eq!(rows[0]["Subject"], "Nyt: Brev 01");
    assert!(rows[0]["CreateDate"].is_string());
    let (_, found) = staff
        .post_json(
            "/api/newsletters",
            &json!({ "filter": { "search": "sæsonstart" } }),
        )
        .await;
    assert_eq!(found["Total"], 1, "{found}");

    // Deleted with its files; then not found.
    let (status, _) = staff.delete(&format!("/api/newsletters/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = staff.get_json(&format!("/api/newsletters/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = staff.delete(&format!("/api/newsletters/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'newsletter'")
            .await,
        0
    );
    assert_eq!(staff.get(&attachment).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn recipients_are_sent_once_with_the_attachment_and_an_unsubscribe_link_that_later_sends_honour(
) {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (nordbyg, _) = company_with(
        &staff,
        "Nordbyg",
        &[
            ("Anna", "anna@nordbyg.dk"),
            ("Bo", "bo@nordbyg.dk"),
            ("Uden", "uden@nordbyg.dk"),
        ],
    )
    .await;
    // A contact whose e-mail was removed (imported contacts may have none).
    sqlx::query("UPDATE contacts SET email = '' WHERE email = 'uden@nordbyg.dk'")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let (_, others) = company_with(&staff, "Sydhavn", &[("Carl", "carl@sydhavn.dk")]).await;
    let (_, buyers) = company_with(&staff, "Vestjysk", &[("Dorte", "dorte@vestjysk.dk")]).await;
    let season_card = product(&staff, "Sæsonkort").await;
    bought(&staff, &buyers[0], &season_card).await;
    let newsletter = created(
        &staff,
        basic("Sæsonstart"),
        vec![
            ("pictureFile", "top.png", png()),
            (
                "attachmentFile",
                "program.pdf",
                b"%PDF-1.4 program".to_vec(),
            ),
        ],
    )
    .await;

    // 'Opret valgte' by a company and an order product: Nordbyg's three (one without e-mail)
    // and the season card's buyer; Sydhavn's Carl is not chosen. Twice makes nobody twice.
    let selection = json!({ "companyIds": [nordbyg], "orderProductIds": [season_card] });
    let path = format!("/api/newsletters/{newsletter}/create-recipients");
    let (status, body) = staff.post_json(&path, &selection).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], json!({ "created": 4, "skipped": 0 }));
    let (_, body) = staff.post_json(&path, &selection).await;
    assert_eq!(body["result"], json!({ "created": 0, "skipped": 4 }));
    // The card's selection is kept with the newsletter, its names in `data`.
    let (_, read) = staff
        .get_json(&format!("/api/newsletters/{newsletter}"))
        .await;
    assert_eq!(read["result"]["recipients"]["companyIds"], json!([nordbyg]));
    assert_eq!(read["data"]["orderProducts"][0]["label"], "Sæsonkort");
    assert_eq!(read["data"]["companies"][0]["label"], "Nordbyg");

    let groups = recipients(&staff, &newsletter).await;
    let names: Vec<&str> = groups["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["company"]["name"].as_str().unwrap_or("none"))
        .collect();
    // The buyer is shown as reached: through a private order, without a company.
    assert_eq!(names, ["Nordbyg", "none"]);
    assert_eq!(groups["result"][0]["contacts"].as_array().unwrap().len(), 3);
    assert_eq!(
        groups["data"],
        json!({ "total": 4, "sent": 0, "withoutEmail": 1, "unsubscribed": 0 })
    );
    assert!(all_recipients(&groups)
        .iter()
        .all(|(_, r)| r["sent"] == false));
    assert!(
        !groups.to_string().contains("carl@sydhavn.dk"),
        "{}",
        others[0]
    );

    // 'Send alle': the three with an e-mail are queued (the one without is skipped and counted).
    let queued = send(&staff, &newsletter, json!([]), false).await;
    assert_eq!(queued["queued"], 3, "{queued}");
    assert_eq!(queued["skipped"], 1);
    assert_eq!(queued["batches"], 1);
    let progress = finished(&staff, &newsletter).await;
    assert_eq!(progress["total"], 3);
    assert_eq!(progress["sent"], 3);
    assert_eq!(progress["failedBatches"], 0);
    for to in ["anna@nordbyg.dk", "bo@nordbyg.dk", "dorte@vestjysk.dk"] {
        let mail = app.smtp.wait_for(to).await;
        assert_eq!(app.smtp.count_to(to), 1, "{to}");
        assert!(mail.data.contains("Subject: Nyt: "), "{}", mail.data);
        assert!(
            mail.data
                .contains("From: \"Demo FC\" <noreply@tribune.test>"),
            "the club as sender"
        );
        assert!(
            mail.data.contains("filename=\"program.pdf\""),
            "the attachment"
        );
        assert!(
            mail.data.contains("Content-ID: <picture@tribune>"),
            "the picture inside"
        );
        assert!(mail
            .data
            .contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(mail
            .data
            .contains("List-Unsubscribe: <http://127.0.0.1/public/newsletters/unsubscribe/"));
        assert!(
            mail.link("http://127.0.0.1/newsletter/unsubscribe/")
                .is_some(),
            "the unsubscribe link"
        );
    }
    let groups = recipients(&staff, &newsletter).await;
    for (email, recipient) in all_recipients(&groups) {
        assert_eq!(recipient["sent"], !email.is_empty(), "{email}");
    }
    assert_eq!(
        all_recipients(&groups)
            .iter()
            .find(|(e, _)| e.is_empty())
            .unwrap()
            .1["skipped"],
        "email"
    );
    assert_eq!(groups["data"]["sent"], 3);

    // 'Send alle' again without force: nobody gets it twice.
    let queued = send(&staff, &newsletter, json!([]), false).await;
    assert_eq!(
        queued,
        json!({ "sendId": null, "queued": 0, "skipped": 4, "batches": 0 })
    );

    // Bo unsubscribes with his link: the page reads what it does, the POST does it (again: the same).
    let mail = app.smtp.wait_for("bo@nordbyg.dk").await;
    let link = mail
        .link("http://127.0.0.1/newsletter/unsubscribe/")
        .unwrap();
    let token = link.rsplit('/').next().unwrap().to_string();
    let visitor = visitor(&app).await;
    let (status, body) = visitor
        .get_json(&format!("/public/newsletters/unsubscribe/{token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["result"],
        json!({ "club": "Demo FC", "newsletter": "Sæsonstart", "email": "b***@nordbyg.dk", "unsubscribed": false })
    );
    // As a mail program's one-click does it (RFC 8058): no cookie, a form body.
    for _ in 0..2 {
        let response = reqwest::Client::new()
            .post(format!(
                "{}/public/newsletters/unsubscribe/{token}",
                app.address
            ))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }
    let (_, body) = visitor
        .get_json(&format!("/public/newsletters/unsubscribe/{token}"))
        .await;
    assert_eq!(body["result"]["unsubscribed"], true);
    let bo: Value = staff
        .get_json(&format!(
            "/api/contacts/{}",
            all_recipients(&recipients(&staff, &newsletter).await)
                .iter()
                .find(|(e, _)| e == "bo@nordbyg.dk")
                .unwrap()
                .1["contact"]["id"]
                .as_str()
                .unwrap()
        ))
        .await
        .1;
    assert_eq!(bo["result"]["noNewsletters"], true, "{bo}");
    assert_eq!(
        bo["result"]["noInvitations"], false,
        "invitations are another matter"
    );

    // 'Send alle igen' (force): Anna and Dorte get it a second time, Bo does not; he shows as
    // unsubscribed and is counted.
    let queued = send(&staff, &newsletter, json!([]), true).await;
    assert_eq!(queued["queued"], 2, "{queued}");
    assert_eq!(queued["skipped"], 2);
    finished(&staff, &newsletter).await;
    for _ in 0..100 {
        if app.smtp.count_to("dorte@vestjysk.dk") == 2 && app.smtp.count_to("anna@nordbyg.dk") == 2
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.smtp.count_to("anna@nordbyg.dk"), 2);
    assert_eq!(app.smtp.count_to("dorte@vestjysk.dk"), 2);
    assert_eq!(app.smtp.count_to("bo@nordbyg.dk"), 1);
    let groups = recipients(&staff, &newsletter).await;
    assert_eq!(groups["data"]["unsubscribed"], 1);
    let bo = all_recipients(&groups)
        .into_iter()
        .find(|(e, _)| e == "bo@nordbyg.dk")
        .unwrap()
        .1;
    assert_eq!(bo["unsubscribed"], true);
    assert_eq!(bo["skipped"], "unsubscribed");

    // A new newsletter's 'Opret alle' leaves Bo out and counts him.
    let second = created(&staff, basic("Vinterpause"), vec![]).await;
    let (status, body) = staff
        .post_json(
            &format!("/api/newsletters/{second}/create-recipients?allCompanies=true"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["result"]["skipped"].as_i64().unwrap() >= 1, "{body}");
    assert!(!recipients(&staff, &second)
        .await
        .to_string()
        .contains("bo@nordbyg.dk"));

    // A contact's own send (force) and deleting recipients, one and the rest.
    let groups = recipients(&staff, &newsletter).await;
    let anna = all_recipients(&groups)
        .into_iter()
        .find(|(e, _)| e == "anna@nordbyg.dk")
        .unwrap()
        .1;
    let queued = send(&staff, &newsletter, json!([anna["id"]]), true).await;
    assert_eq!(queued["queued"], 1);
    finished(&staff, &newsletter).await;
    let (status, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/delete-recipients"),
            &json!([anna["id"]]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["deleted"], 1);
    let rest: Vec<Value> = all_recipients(&recipients(&staff, &newsletter).await)
        .into_iter()
        .map(|(_, r)| r["id"].clone())
        .collect();
    assert_eq!(rest.len(), 3);
    let (_, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/delete-recipients"),
            &json!(rest),
        )
        .await;
    assert_eq!(body["result"]["deleted"], 3);
    assert_eq!(recipients(&staff, &newsletter).await["data"]["total"], 0);
}

#[tokio::test]
async fn agreement_products_reach_the_contacts_of_companies_whose_running_contracts_hold_them() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let _demo = crate::helpers::seed_demo_contracts(&app).await;
    // The demo's running approved contracts hold agreement products; whoever they reach on
    // today's date, 'Opret valgte' by those products equals 'Opret alle aktive' restricted to
    // them, and a date before any contract reaches nobody.
    // The contracts' read tables are filled by their projection, in the background.
    for _ in 0..100 {
        if app
            .count("SELECT count(*) FROM contract_rows WHERE status = 'approved'")
            .await
            > 0
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let product: Option<(Uuid, i64)> = sqlx::query_as(
        "SELECT l.product_id, count(DISTINCT cc.contact_id) FROM contract_rows t JOIN contract_lines l ON l.contract_id = t.id \
         JOIN clients c ON c.id = t.client_id JOIN company_contacts cc ON cc.company_id = t.company_id \
         WHERE c.name = 'Demo FC' AND t.status = 'approved' AND l.product_id IS NOT NULL \
         GROUP BY l.product_id ORDER BY count(DISTINCT cc.contact_id) DESC LIMIT 1",
    )
    .fetch_optional(&app.db.owner)
    .await
    .unwrap();
    let Some((product, _)) = product else {
        panic!("the demo has no approved contract with a product");
    };
    let newsletter = created(&staff, basic("Til sponsorerne"), vec![]).await;
    let path = format!("/api/newsletters/{newsletter}/create-recipients");
    let (status, body) = staff
        .post_json(
            &path,
            &json!({ "productIds": [product], "activeDate": "1990-01-01" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["created"], 0, "no contract ran in 1990");
    let expected = app
        .count(&format!(
            "SELECT count(DISTINCT cc.contact_id) FROM contract_rows t JOIN contract_lines l ON l.contract_id = t.id \
             LEFT JOIN seasons s ON s.id = t.season_id JOIN company_contacts cc ON cc.company_id = t.company_id \
             JOIN contacts k ON k.id = cc.contact_id \
             WHERE l.product_id = '{product}' AND t.status = 'approved' AND NOT k.no_newsletters AND CASE WHEN s.id IS NOT NULL \
               THEN current_date BETWEEN s.start_date AND s.end_date \
               ELSE (t.start_date IS NULL OR t.start_date <= current_date) AND (t.no_end_date OR t.end_date IS NULL OR t.end_date >= current_date) END"
        ))
        .await;
    let (_, body) = staff
        .post_json(&path, &json!({ "productIds": [product] }))
        .await;
    assert_eq!(body["result"]["created"], expected, "{body}");
    assert!(expected > 0, "the demo's contracts reach somebody today");
}

#[tokio::test]
async fn a_mail_server_that_goes_down_mid_send_is_resumed_later_and_nobody_gets_it_twice() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, _) =
        company_with(&staff, "Storkunde", &[("Første", "foerste@storkunde.dk")]).await;
    // 249 more contacts of the company: 250 recipients, three batches.
    more_contacts(&app, &company, 249).await;
    let newsletter = created(&staff, basic("Alle sammen"), vec![]).await;
    let (_, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/create-recipients"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    assert_eq!(body["result"]["created"], 250, "{body}");

    // The mail server takes 130 mails and then goes down: the second batch stops in its middle
    // (a few mails already past the server's door when it closes still go: up to 130 + 3).
    app.smtp.refuse_after(Some(130));
    let queued = send(&staff, &newsletter, json!([]), false).await;
    assert_eq!(queued["queued"], 250);
    assert_eq!(queued["batches"], 3);
    let mut stalled = Value::Null;
    for _ in 0..300 {
        let (_, body) = staff
            .get_json(&format!("/api/newsletters/{newsletter}/progress"))
            .await;
        stalled = body["result"].clone();
        if stalled["done"].as_i64().unwrap_or(0) >= 130 && stalled["error"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let done = stalled["done"].as_i64().unwrap();
    assert!((130..=133).contains(&done), "{stalled}");
    assert!(
        stalled["pendingBatches"].as_i64().unwrap() >= 2,
        "{stalled}"
    );
    assert!(
        stalled["error"]
            .as_str()
            .unwrap()
            .contains("Mail kunne ikke sendes"),
        "{stalled}"
    );
    // What the server took is exactly what is recorded as sent.
    let sent = app
        .count(&format!(
            "SELECT count(*) FROM newsletter_recipients WHERE newsletter_id = '{newsletter}' AND sent_at IS NOT NULL"
        ))
        .await;
    assert_eq!(sent, done);
    assert_eq!(app.smtp.count() as i64, done);

    // The server comes back; the retries (made due now) resume where they stopped.
    app.smtp.refuse_after(None);
    sqlx::query("UPDATE jobs SET scheduled_at = now() WHERE pending")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let progress = finished(&staff, &newsletter).await;
    assert_eq!(progress["sent"], 250, "{progress}");
    assert_eq!(progress["failedBatches"], 0);
    assert_eq!(app.smtp.count(), 250, "each recipient exactly once");
    let mut to: Vec<String> = app
        .smtp
        .mails
        .lock()
        .unwrap()
        .iter()
        .flat_map(|m| m.to.clone())
        .collect();
    to.sort();
    to.dedup();
    assert_eq!(to.len(), 250);
    // The Jobs screen shows the batches, named for the newsletter.
    let batches = app
        .count(&format!("SELECT count(*) FROM jobs WHERE collection = 'newsletters' AND relation_id = '{newsletter}' AND description LIKE 'Nyhedsbrev ''Alle sammen'': parti _ af 3%' AND succeeded"))
        .await;
    assert_eq!(batches, 3);
}

#[tokio::test]
async fn two_sends_at_the_same_moment_mail_each_recipient_once() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let people: Vec<(String, String)> = (0..30)
        .map(|n| (format!("P{n}"), format!("p{n}@samtidig.dk")))
        .collect();
    let refs: Vec<(&str, &str)> = people
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let (company, _) = company_with(&staff, "Samtidig", &refs).await;
    let newsletter = created(&staff, basic("Samtidig"), vec![]).await;
    staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/create-recipients"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    let tabs: Vec<Browser> = (0..4).map(|_| staff.clone()).collect();
    let sends = tabs
        .iter()
        .map(|tab| send(tab, &newsletter, json!([]), false));
    let results = futures::future::join_all(sends).await;
    let queued: i64 = results.iter().map(|r| r["queued"].as_i64().unwrap()).sum();
    assert!(queued >= 30, "{results:?}");
    for _ in 0..300 {
        let pending = app
            .count("SELECT count(*) FROM jobs WHERE pending AND collection = 'newsletters'")
            .await;
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        app.smtp.count(),
        30,
        "{queued} queued by four tabs; 30 mailed"
    );
    for (_, email) in &people {
        assert_eq!(app.smtp.count_to(email), 1, "{email}");
    }
}

#[tokio::test]
async fn wrong_input_is_refused_on_its_field_and_changes_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, _) = company_with(&staff, "Nordbyg", &[("Anna", "anna@nordbyg.dk")]).await;
    let newsletter = created(&staff, basic("Sæsonstart"), vec![]).await;
    let other_club_company: String = sqlx::query_scalar(
        "INSERT INTO companies (client_id, name) SELECT id, 'Håndboldfirma' FROM clients WHERE name = 'Demo Håndbold' RETURNING id::text",
    )
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    let base = format!("/api/newsletters/{newsletter}");

    // Another club's company in the selection, on the save and on create-recipients.
    let mut data = basic("Sæsonstart");
    data["id"] = json!(newsletter);
    data["recipients"] = json!({ "companyIds": [other_club_company] });
    let (status, body) = save(&staff, data, vec![]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "recipients.companyIds"),
        "Virksomheden findes ikke"
    );
    let (status, body) = staff
        .post_json(
            &format!("{base}/create-recipients"),
            &json!({ "companyIds": [other_club_company] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "companyIds"),
        "Valget findes ikke i klubben"
    );
    let (status, body) = staff
        .post_json(
            &format!("{base}/create-recipients"),
            &json!({ "companyIds": [company], "activeDate": "31-12-2026" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM newsletter_recipients")
            .await,
        0
    );

    // Unknown recipients, none, garbage: 422; a malformed newsletter id: 404.
    let (status, body) = staff
        .post_json(
            &format!("{base}/send-newsletters"),
            &json!([Uuid::new_v4()]),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "ids"), "Vælg modtagere fra nyhedsbrevet");
    for body in [json!([]), json!([Uuid::new_v4()])] {
        let (status, answer) = staff
            .post_json(&format!("{base}/delete-recipients"), &body)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            first_error(&answer, "ids"),
            "Vælg modtagere fra nyhedsbrevet"
        );
    }
    for (path, body) in [
        (format!("{base}/send-newsletters"), json!({ "ids": "x" })),
        (
            format!("{base}/create-recipients"),
            json!({ "companyIds": "x" }),
        ),
        ("/api/newsletters".to_string(), json!({ "page": "én" })),
    ] {
        let (status, answer) = staff.post_json(&path, &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {answer}");
    }
    let (status, _) = staff
        .get_json("/api/newsletters/ikke-et-id/recipients")
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = save(
        &staff,
        json!({ "id": Uuid::new_v4(), "name": "a", "subject": "b", "title": "c" }),
        vec![],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM jobs WHERE collection = 'newsletters'")
            .await,
        0
    );

    // The unsubscribe link: a malformed token 422, an unknown one 404.
    let visitor = visitor(&app).await;
    let (status, _) = visitor
        .get_json("/public/newsletters/unsubscribe/..%2F..")
        .await;
    assert!(
        status == StatusCode::UNPROCESSABLE_ENTITY || status == StatusCode::NOT_FOUND,
        "{status}"
    );
    let (status, _) = visitor
        .get_json(&format!(
            "/public/newsletters/unsubscribe/{}",
            "ab".repeat(32)
        ))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn another_club_sees_and_touches_no_newsletter_and_only_staff_reach_them() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, _) = company_with(&staff, "Nordbyg", &[("Anna", "anna@nordbyg.dk")]).await;
    let newsletter = created(&staff, basic("Sæsonstart"), vec![]).await;
    staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/create-recipients"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    let recipient = all_recipients(&recipients(&staff, &newsletter).await)[0].1["id"].clone();
    let base = format!("/api/newsletters/{newsletter}");

    give_handbold_module(&app, "marketing").await;
    let handbold = app.admin_in_handbold().await;
    let (_, list) = handbold.post_json("/api/newsletters", &json!({})).await;
    assert_eq!(list["Total"], 0, "{list}");
    for path in [
        base.clone(),
        format!("{base}/recipients"),
        format!("{base}/progress"),
    ] {
        let (status, _) = handbold.get_json(&path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    for (path, body) in [
        (format!("{base}/create-recipients"), json!({})),
        (format!("{base}/send-newsletters"), json!([recipient])),
        (format!("{base}/delete-recipients"), json!([recipient])),
    ] {
        let (status, _) = handbold.post_json(&path, &body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let mut data = basic("Kapret");
    data["id"] = json!(newsletter);
    let (status, _) = save(&handbold, data, vec![]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = handbold.delete(&base).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, _) = customer.get_json(&base).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = customer
        .post_json(&format!("{base}/send-newsletters"), &json!([]))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let nobody = app.browser();
    let (status, _) = nobody.get_json(&base).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Nothing changed and nothing was sent.
    let (_, body) = staff.get_json(&base).await;
    assert_eq!(body["result"]["title"], "Sæsonstart");
    assert_eq!(recipients(&staff, &newsletter).await["data"]["total"], 1);
    assert_eq!(
        app.count("SELECT count(*) FROM jobs WHERE collection = 'newsletters'")
            .await,
        0
    );
    let _: &TestApp = &app;
}

#[tokio::test]
async fn the_demo_has_two_newsletters_and_a_template_once() {
    let app = spawn_app().await;
    for _ in 0..2 {
        tribune_api::seed::seed_demo_newsletters(&app.db.owner)
            .await
            .expect("newsletters");
    }
    let staff = app.signed_in("staff@tribune.test").await;
    let (_, page) = staff.post_json("/api/newsletters", &json!({})).await;
    assert_eq!(page["Total"], 2, "{page}");
    assert_eq!(page["Result"][0]["Title"], "Sæsonen starter");
    let id = page["Result"][0]["Id"].as_str().unwrap();
    let (_, body) = staff.get_json(&format!("/api/newsletters/{id}")).await;
    assert_eq!(body["result"]["emailTemplate"], "Klubbens farver");
    let templates = app
        .count("SELECT jsonb_array_length(settings->'newsletter'->'emailTemplates')::bigint FROM clients WHERE name = 'Demo FC'")
        .await;
    assert_eq!(templates, 1);
}

/// N more contacts of COMPANY (`kontakt1@storkunde.dk` …), written as the owner: a big recipient list.
pub(crate) async fn more_contacts(app: &TestApp, company: &str, n: i32) {
    sqlx::query(
        "WITH c AS (INSERT INTO contacts (client_id, firstname, lastname, email) \
           SELECT client_id, 'Kontakt', n::text, 'kontakt' || n || '@storkunde.dk' FROM companies, generate_series(1, $2) n \
           WHERE id = $1::uuid RETURNING id, client_id) \
         INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT client_id, $1::uuid, id FROM c",
    )
    .bind(company)
    .bind(n)
    .execute(&app.db.owner)
    .await
    .unwrap();
}
