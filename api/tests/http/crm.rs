use std::io::Cursor;

use calamine::{Reader, Xlsx};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{png, spawn_app, Browser};

fn company(name: &str) -> Value {
    json!({ "name": name, "status": 0, "cvr": "12345678", "phone": "", "useEAN": false, "vatExcluded": false })
}

async fn create_company(browser: &Browser, data: Value) -> String {
    let (status, body) = browser
        .post_form("/api/companies/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["result"].as_str().expect("id").to_string()
}

async fn create_contact(browser: &Browser, firstname: &str) -> String {
    let data = json!({ "firstname": firstname, "lastname": "Hansen", "email": format!("{}@example.dk", firstname.to_lowercase()) });
    let (status, body) = browser
        .post_form("/api/contacts/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["id"].as_str().expect("id").to_string()
}

async fn list(browser: &Browser, filter: Value, sort: Value) -> Value {
    let (status, body) = browser
        .post_json(
            "/api/companies",
            &json!({ "filter": filter, "sort": sort, "page": 1, "perPage": 10 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn every_company_rule_answers_with_its_danish_message_and_creates_nothing() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let cases = [
        (
            json!({ "status": 0, "cvr": "12345678" }),
            "name",
            "Navn skal udfyldes",
        ),
        (json!({ "name": "A" }), "status", "Status skal udfyldes"),
        (
            json!({ "name": "A", "status": 0 }),
            "cvr",
            "CVR skal udfyldes, når telefon ikke er udfyldt",
        ),
        (
            json!({ "name": "A", "status": 0 }),
            "phone",
            "Telefon skal udfyldes, når CVR ikke er udfyldt",
        ),
        (
            json!({ "name": "A", "status": 0, "phone": "12345678", "useEAN": true }),
            "ean",
            "EAN skal udfyldes",
        ),
        (
            json!({ "name": "A", "status": 0, "cvr": "1234" }),
            "cvr",
            "CVR skal være 8 cifre",
        ),
        (
            json!({ "name": "A", "status": 0, "phone": "1", "email": "nej" }),
            "email",
            "E-mail skal være en gyldig e-mail adresse",
        ),
        (
            json!({ "name": "A", "status": 7, "phone": "1" }),
            "status",
            "Status er ugyldig",
        ),
    ];
    for (data, field, message) in cases {
        let (status, body) = staff
            .post_form("/api/companies/update", Some(&data), &[], vec![])
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{data}");
        assert!(
            body["errors"][field]
                .as_array()
                .expect("errors")
                .contains(&json!(message)),
            "{field}: {body}"
        );
    }
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&company("Logo")),
            &[],
            vec![("logoWebFile", "logo.png", b"ikke et billede".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["logoWebFile"],
        json!(["Logo (web) skal være et billede"])
    );
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&json!({ "name": "A", "bogus": 1 })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Ukendt felt 'bogus'")
        )
    );
    assert_eq!(app.count("SELECT count(*) FROM companies").await, 0);
}

#[tokio::test]
async fn required_extra_info_defined_by_the_club_is_enforced() {
    let app = spawn_app().await;
    sqlx::query(
        "UPDATE clients SET settings = settings || '{\"companies\": {\"extraInfo\": [{\"title\": \"Branche\", \"alias\": \"branche\", \"type\": \"Select\", \"values\": [\"Byg\", \"Detail\"], \"required\": true}]}}' WHERE name = 'Demo FC'",
    )
    .execute(&app.db.owner)
    .await
    .expect("settings");
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&company("Ekstra")),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["extraInfo.branche"],
        json!(["Branche skal udfyldes"])
    );
    let mut data = company("Ekstra");
    data["extraInfo"] = json!({ "branche": { "value": "Byg" } });
    let id = create_company(&staff, data).await;
    let (_, got) = staff.get_json(&format!("/api/companies/{id}")).await;
    assert_eq!(got["result"]["extraInfo"]["branche"]["value"], json!("Byg"));
    assert_eq!(
        got["result"]["extraInfo"]["branche"]["title"],
        json!("Branche")
    );
}

#[tokio::test]
async fn a_company_is_created_with_logo_owner_and_contacts_then_edited_and_deleted() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let anna = create_contact(&staff, "Anna").await;
    let bo = create_contact(&staff, "Bo").await;
    let (_, me) = staff.get_json("/api/user").await;
    let mut data = company("Nordisk Byggeservice ApS");
    data["contactIds"] = json!([anna, bo]);
    data["ownerId"] = me["result"]["id"].clone();
    data["followUpDate"] = json!("2026-12-01");
    data["ticketLimits"] = json!({ "00000000-0000-0000-0000-000000000001": [{ "productId": "00000000-0000-0000-0000-000000000002", "maxAmount": 4 }] });
    let (status, body) = staff
        .post_form(
            "/api/companies/update",
            Some(&data),
            &[],
            vec![("logoWebFile", "logo.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();

    let (status, got) = staff.get_json(&format!("/api/companies/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let result = &got["result"];
    assert_eq!(result["name"], json!("Nordisk Byggeservice ApS"));
    assert_eq!(result["followUpDate"], json!("2026-12-01"));
    assert_eq!(result["contacts"].as_array().expect("contacts").len(), 2);
    assert_eq!(
        result["ticketLimits"]["00000000-0000-0000-0000-000000000001"][0]["maxAmount"],
        json!(4)
    );
    assert_eq!(got["data"], json!({ "orders": [], "contracts": [] }));
    let logo = result["logoWeb"].as_str().expect("logo url").to_string();
    let downloaded = staff.get(&logo).await;
    assert_eq!(downloaded.headers()["content-type"], "image/png");
    assert_eq!(downloaded.bytes().await.expect("bytes").to_vec(), png());

    // Edit: drop a contact, remove the logo; absent fields are not needed to keep others.
    let mut edit = result.clone();
    edit["contacts"] = json!([{ "id": anna }]);
    edit["logoWeb"] = Value::Null;
    edit["status"] = json!(1);
    let (status, body) = staff
        .post_form("/api/companies/update", Some(&edit), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, got) = staff.get_json(&format!("/api/companies/{id}")).await;
    assert_eq!(got["result"]["status"], json!(1));
    assert_eq!(got["result"]["logoWeb"], Value::Null);
    assert_eq!(
        got["result"]["contacts"]
            .as_array()
            .expect("contacts")
            .len(),
        1
    );
    assert_eq!(
        staff.get(&logo).await.status(),
        StatusCode::NOT_FOUND,
        "the replaced logo is gone"
    );

    let (status, _) = staff.delete(&format!("/api/companies/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        staff.get_json(&format!("/api/companies/{id}")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.count("SELECT count(*) FROM contacts").await,
        2,
        "contacts outlive the company"
    );
}

async fn seed_companies(staff: &Browser) {
    for (name, status, city) in [
        ("Alfa ApS", 0, "Aarhus"),
        ("Beta A/S", 1, "Odense"),
        ("Gamma I/S", 1, "Aalborg"),
        ("Delta ApS", 2, "Aarhus"),
        ("Epsilon A/S", 99, "Esbjerg"),
    ] {
        let mut data = company(name);
        data["status"] = json!(status);
        data["city"] = json!(city);
        create_company(staff, data).await;
    }
}

#[tokio::test]
async fn the_list_filters_searches_sorts_and_pages_and_the_export_holds_exactly_those_rows() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    seed_companies(&staff).await;

    let all = list(&staff, json!({}), json!({ "field": "Name", "dir": "asc" })).await;
    assert_eq!(all["Total"], json!(5));
    assert_eq!(all["Result"][0]["Name"], json!("Alfa ApS"));
    let customers = list(
        &staff,
        json!({ "status": 1 }),
        json!({ "field": "Name", "dir": "desc" }),
    )
    .await;
    let names: Vec<&str> = customers["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["Name"].as_str())
        .collect();
    assert_eq!(names, vec!["Gamma I/S", "Beta A/S"]);
    let searched = list(
        &staff,
        json!({ "search": "aarhus" }),
        json!({ "field": "City", "dir": "asc" }),
    )
    .await;
    assert_eq!(searched["Total"], json!(2));
    let (_, paged) = staff
        .post_json("/api/companies", &json!({ "filter": {}, "sort": { "field": "Name", "dir": "asc" }, "page": 2, "perPage": 2 }))
        .await;
    assert_eq!(
        (paged["Total"].clone(), paged["TotalPages"].clone()),
        (json!(5), json!(3))
    );
    assert_eq!(paged["Result"][0]["Name"], json!("Delta ApS"));

    let response = staff
        .client
        .post(staff.url("/api/companies/export"))
        .header("X-CSRF-Token", staff.csrf())
        .json(&json!({ "filter": { "search": "aarhus" }, "sort": { "field": "Name", "dir": "desc" } }))
        .send()
        .await
        .expect("export");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .contains("Virksomheder.xlsx"));
    let bytes = response.bytes().await.expect("bytes").to_vec();
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).expect("xlsx");
    let sheet = workbook.worksheet_range("Virksomheder").expect("sheet");
    let rows: Vec<Vec<String>> = sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(rows[0][0], "Navn");
    assert_eq!(
        rows.iter()
            .skip(1)
            .map(|r| r[0].as_str())
            .collect::<Vec<_>>(),
        vec!["Delta ApS", "Alfa ApS"]
    );
    assert_eq!(rows[1][9], "Under forhandling");
}

#[tokio::test]
async fn cvr_lookup_proposes_companies_from_three_characters_and_explains_a_spent_quota() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .get_json("/api/companies/cvr-search?query=bager")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"][0]["name"], json!("Bager Jensen I/S"));
    assert_eq!(body["result"][0]["zipCode"], json!("8600"));
    assert_eq!(
        staff.get_json("/api/companies/cvr-search?query=ba").await.1["result"],
        json!([])
    );
    let (status, body) = staff
        .get_json("/api/companies/cvr-search?query=kvote")
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"].as_str().expect("text").contains("kvote"));
}

#[tokio::test]
async fn another_clubs_companies_contacts_comments_and_files_are_not_found_and_never_listed() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let company_id = create_company(&staff, company("Hemmelig A/S")).await;
    let contact_id = create_contact(&staff, "Skjult").await;
    let (_, upload) = staff
        .post_form(
            "/api/files/upload",
            None,
            &[("relationId", &company_id), ("relationType", "company")],
            vec![("files", "a.txt", b"hej".to_vec())],
        )
        .await;
    let file_id = upload["result"][0]["id"]
        .as_str()
        .expect("file")
        .to_string();
    let (_, comment) = staff
        .post_form(
            &format!("/api/comments/{company_id}"),
            None,
            &[("text", "<p>Intern</p>"), ("originType", "company")],
            vec![],
        )
        .await;
    let comment_id = comment["result"]["id"]
        .as_str()
        .expect("comment")
        .to_string();

    let other = app.admin_in_handbold().await;
    assert_eq!(
        list(&other, json!({}), json!({ "field": "Name", "dir": "asc" })).await["Total"],
        json!(0)
    );
    let (_, picks) = other.get_json("/api/companies?search=Hemmelig").await;
    assert_eq!(picks["result"], json!([]));
    for path in [
        format!("/api/companies/{company_id}"),
        format!("/api/companies/{company_id}/revenue"),
        format!("/api/companies/{company_id}/ticket-utilization"),
        format!("/api/contacts/{contact_id}"),
        format!("/api/files/download/{file_id}"),
    ] {
        assert_eq!(
            other.get_json(&path).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    // Its files and comments hang on a company the other club does not have.
    for path in [
        format!("/api/files/{company_id}"),
        format!("/api/comments/{company_id}"),
    ] {
        assert_eq!(
            other.get_json(&path).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    for path in [
        format!("/api/companies/{company_id}"),
        format!("/api/contacts/{contact_id}"),
        format!("/api/files/{file_id}"),
    ] {
        assert_eq!(other.delete(&path).await.0, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(
        other
            .post_json(&format!("/api/comments/{comment_id}/read"), &json!({}))
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other.delete(&format!("/api/comments/{comment_id}")).await.0,
        StatusCode::NOT_FOUND
    );
    let mut takeover = company("Overtaget");
    takeover["id"] = json!(company_id);
    assert_eq!(
        other
            .post_form("/api/companies/update", Some(&takeover), &[], vec![])
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let mut steal = company("Med fremmed kontakt");
    steal["contactIds"] = json!([contact_id]);
    assert_eq!(
        other
            .post_form("/api/companies/update", Some(&steal), &[], vec![])
            .await
            .0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (status, _) = other
        .post_form(
            "/api/files/upload",
            None,
            &[("relationId", &company_id), ("relationType", "company")],
            vec![("files", "b.txt", b"x".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.count("SELECT count(*) FROM companies WHERE name = 'Hemmelig A/S'")
            .await,
        1
    );
}

#[tokio::test]
async fn customers_have_no_crm() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    assert_eq!(
        customer.post_json("/api/companies", &json!({})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.browser()
            .post_json("/api/companies", &json!({}))
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn comments_are_sanitized_threaded_marked_read_per_user_and_deleted_only_by_their_author() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let admin = app.signed_in("admin@tribune.test").await;
    let id = create_company(&staff, company("Kommentar ApS")).await;
    let path = format!("/api/comments/{id}");

    let (status, body) = staff
        .post_form(
            &path,
            None,
            &[("text", "<p><br></p>"), ("originType", "company")],
            vec![],
        )
        .await;
    assert_eq!(
        (status, body["errors"]["text"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!(["Kommentar skal udfyldes"])
        )
    );

    let evil = "<h1>Møde</h1><script>alert('x')</script><p onclick=\"steal()\">Aftalt <a href=\"javascript:steal()\">her</a></p>";
    let (status, body) = staff
        .post_form(
            &path,
            None,
            &[
                ("text", evil),
                ("originType", "company"),
                ("originUrl", &format!("/companies/{id}")),
            ],
            vec![("picturesFiles", "billede.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let top = body["result"].clone();
    let text = top["text"].as_str().expect("text");
    assert!(
        text.contains("<h1>Møde</h1>")
            && !text.contains("script")
            && !text.contains("onclick")
            && !text.contains("javascript"),
        "{text}"
    );
    assert_eq!(top["origin"], json!("Virksomhed: Kommentar ApS"));
    assert_eq!(top["images"].as_array().expect("images").len(), 1);
    let top_id = top["id"].as_str().expect("id").to_string();

    let (status, reply) = admin
        .post_form(
            &path,
            None,
            &[
                ("text", "<p>Svar</p>"),
                ("parentId", &top_id),
                ("originType", "company"),
            ],
            vec![("filesFiles", "referat.txt", b"referat".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let reply_id = reply["result"]["id"].as_str().expect("id").to_string();
    let (_, nested) = admin
        .post_form(
            &path,
            None,
            &[
                ("text", "<p>Svar på svar</p>"),
                ("parentId", &reply_id),
                ("originType", "company"),
            ],
            vec![],
        )
        .await;
    assert!(nested["success"].as_bool().expect("success"));

    let (_, seen_by_admin) = admin.get_json(&path).await;
    assert_eq!(seen_by_admin["totalComments"], json!(1));
    assert_eq!(
        seen_by_admin["unread"],
        json!(1),
        "only staff's comment is unread for the admin"
    );
    let thread = &seen_by_admin["comments"][0];
    assert_eq!(thread["unread"], json!(true));
    assert_eq!(
        thread["replies"][0]["files"][0]["name"],
        json!("referat.txt")
    );
    assert_eq!(
        thread["replies"][0]["replies"][0]["text"],
        json!("<p>Svar på svar</p>")
    );
    assert_eq!(
        admin
            .post_json(&format!("/api/comments/{top_id}/read"), &json!({}))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(admin.get_json(&path).await.1["unread"], json!(0));
    assert_eq!(
        staff.get_json(&path).await.1["unread"],
        json!(2),
        "reading is per user"
    );

    let (status, body) = admin.delete(&format!("/api/comments/{top_id}")).await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::FORBIDDEN,
            json!("Kun forfatteren kan slette kommentaren")
        )
    );
    assert_eq!(
        staff.delete(&format!("/api/comments/{top_id}")).await.0,
        StatusCode::OK
    );
    assert_eq!(staff.get_json(&path).await.1["totalComments"], json!(0));
    assert_eq!(
        app.count("SELECT count(*) FROM files WHERE relation_type = 'comment'")
            .await,
        0,
        "attachments go with the thread"
    );
}

#[tokio::test]
async fn comments_page_ten_at_a_time() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let id = create_company(&staff, company("Mange ApS")).await;
    for i in 0..12 {
        staff
            .post_form(
                &format!("/api/comments/{id}"),
                None,
                &[
                    ("text", &format!("<p>Nr {i}</p>")),
                    ("originType", "company"),
                ],
                vec![],
            )
            .await;
    }
    let (_, first) = staff.get_json(&format!("/api/comments/{id}?skip=0")).await;
    assert_eq!(
        (
            first["comments"].as_array().expect("page").len(),
            first["totalComments"].clone()
        ),
        (10, json!(12))
    );
    assert_eq!(
        first["comments"][0]["text"],
        json!("<p>Nr 11</p>"),
        "newest first"
    );
    let (_, second) = staff.get_json(&format!("/api/comments/{id}?skip=10")).await;
    assert_eq!(second["comments"].as_array().expect("page").len(), 2);
}

#[tokio::test]
async fn the_files_grid_uploads_several_files_checks_their_content_serves_and_deletes_them() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let id = create_company(&staff, company("Filer ApS")).await;
    let fields = [("relationId", id.as_str()), ("relationType", "company")];
    let (status, body) = staff
        .post_form(
            "/api/files/upload",
            None,
            &fields,
            vec![
                ("files", "logo.jpg", png()),
                ("files", "noter.txt", "Æble og ø".as_bytes().to_vec()),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = staff.get_json(&format!("/api/files/{id}")).await;
    let files = listed["result"].as_array().expect("files");
    assert_eq!(files.len(), 2);
    assert_eq!(
        (files[0]["contentType"].clone(), files[0]["isImage"].clone()),
        (json!("image/png"), json!(true)),
        "the content decides, not the name"
    );
    assert_eq!(files[1]["isImage"], json!(false));
    let text = staff
        .get(files[1]["filePath"].as_str().expect("path"))
        .await;
    assert!(text.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .starts_with("attachment"));
    assert_eq!(text.text().await.expect("text"), "Æble og ø");

    let mut program = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    program.resize(128, 0);
    let (status, body) = staff
        .post_form(
            "/api/files/upload",
            None,
            &fields,
            vec![("files", "rapport.pdf", program)],
        )
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("Filtypen er ikke tilladt")
        )
    );
    let too_big = vec![b'a'; 21 * 1024 * 1024];
    assert_eq!(
        staff
            .post_form(
                "/api/files/upload",
                None,
                &fields,
                vec![("files", "stor.txt", too_big)]
            )
            .await
            .0,
        StatusCode::PAYLOAD_TOO_LARGE
    );

    let file_id = files[0]["id"].as_str().expect("id");
    assert_eq!(
        staff.delete(&format!("/api/files/{file_id}")).await.0,
        StatusCode::OK
    );
    assert_eq!(
        staff.get_json(&format!("/api/files/{id}")).await.1["result"]
            .as_array()
            .expect("files")
            .len(),
        1
    );
}

#[tokio::test]
async fn contacts_and_lists_are_validated_listed_by_firstname_and_linked() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff
        .post_form(
            "/api/contacts/update",
            Some(&json!({ "email": "x" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["errors"]["firstname"],
        json!(["Fornavn skal udfyldes"])
    );
    assert_eq!(
        body["errors"]["lastname"],
        json!(["Efternavn skal udfyldes"])
    );
    assert_eq!(
        body["errors"]["email"],
        json!(["E-mail skal være en gyldig e-mail adresse"])
    );
    let (status, body) = staff
        .post_form(
            "/api/contacts/update",
            Some(&json!({ "firstname": "A", "lastname": "B", "email": "a@b.dk" })),
            &[],
            vec![("file", "p.png", b"tekst".to_vec())],
        )
        .await;
    assert_eq!(
        (status, body["errors"]["file"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!(["Billede skal være et billede"])
        )
    );

    let (status, body) = staff
        .post_json("/api/contacts/lists/update", &json!({ "title": " " }))
        .await;
    assert_eq!(
        (status, body["errors"]["title"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!(["Navn skal udfyldes"])
        )
    );
    let (_, created) = staff
        .post_json("/api/contacts/lists/update", &json!({ "title": "VIP" }))
        .await;
    let list_id = created["result"].as_str().expect("id").to_string();
    let company_id = create_company(&staff, company("Kontakt ApS")).await;

    let carl = json!({ "firstname": "Carl", "lastname": "C", "email": "carl@example.dk", "companyIds": [company_id], "listIds": [list_id] });
    let (status, body) = staff
        .post_form(
            "/api/contacts/update",
            Some(&carl),
            &[],
            vec![("file", "carl.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let carl_id = body["data"]["id"].as_str().expect("id").to_string();
    create_contact(&staff, "Anders").await;

    let (_, page) = staff
        .post_json(
            "/api/contacts",
            &json!({ "filter": {}, "page": 1, "perPage": 10 }),
        )
        .await;
    let names: Vec<&str> = page["Result"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["Firstname"].as_str())
        .collect();
    assert_eq!(names, vec!["Anders", "Carl"]);
    assert_eq!(page["Result"][1]["Companies"], json!("Kontakt ApS"));
    let (_, got) = staff.get_json(&format!("/api/contacts/{carl_id}")).await;
    assert_eq!(got["result"]["listIds"], json!([list_id]));
    assert_eq!(got["data"]["companies"][0]["name"], json!("Kontakt ApS"));
    assert!(got["result"]["picture"]
        .as_str()
        .expect("picture")
        .starts_with("/api/files/download/"));
    let (_, the_list) = staff
        .get_json(&format!("/api/contacts/lists/{list_id}"))
        .await;
    assert_eq!(
        the_list["result"]["contacts"][0]["firstname"],
        json!("Carl")
    );

    sqlx::query("UPDATE contacts SET payment_cards = '[{\"cardType\": \"visa\", \"cardNumber\": \"**** 4242\", \"expMonth\": 12, \"expYear\": 2030}]'")
        .execute(&app.db.owner)
        .await
        .expect("card");
    let card = json!({ "card": { "cardType": "visa", "cardNumber": "**** 4242", "expMonth": 12, "expYear": 2030 } });
    assert_eq!(
        staff
            .post_json(&format!("/api/contacts/{carl_id}/delete-card"), &card)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        staff.get_json(&format!("/api/contacts/{carl_id}")).await.1["result"]["paymentCards"],
        json!([])
    );
    assert_eq!(
        staff
            .delete(&format!("/api/contacts/lists/{list_id}"))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        staff.delete(&format!("/api/contacts/{carl_id}")).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_demo_crm_has_companies_in_every_status_with_contacts_comments_and_files() {
    let app = spawn_app().await;
    let storage = tribune_api::storage::Storage::local(
        &std::env::temp_dir().join(format!("tribune-files-{}", app.db.name)),
    )
    .expect("storage");
    tribune_api::seed::seed_demo_crm(&app.db.owner, &storage)
        .await
        .expect("seed");
    tribune_api::seed::seed_demo_crm(&app.db.owner, &storage)
        .await
        .expect("seeding twice adds nothing");
    let staff = app.signed_in("staff@tribune.test").await;
    assert_eq!(
        list(&staff, json!({}), json!({ "field": "Name", "dir": "asc" })).await["Total"],
        json!(40)
    );
    for status in [0, 1, 2, 99] {
        assert!(
            list(
                &staff,
                json!({ "status": status }),
                json!({ "field": "Name", "dir": "asc" })
            )
            .await["Total"]
                .as_i64()
                .expect("n")
                > 0
        );
    }
    let first = list(
        &staff,
        json!({ "search": "Nordisk Byggeservice" }),
        json!({ "field": "Name", "dir": "asc" }),
    )
    .await;
    let id = first["Result"][0]["Id"].as_str().expect("id").to_string();
    let (_, company) = staff.get_json(&format!("/api/companies/{id}")).await;
    assert!(!company["result"]["contacts"]
        .as_array()
        .expect("contacts")
        .is_empty());
    let (_, comments) = staff.get_json(&format!("/api/comments/{id}")).await;
    assert_eq!(
        comments["comments"][0]["replies"]
            .as_array()
            .expect("replies")
            .len(),
        1
    );
    assert_eq!(
        comments["comments"][0]["replies"][0]["files"][0]["name"],
        json!("Tilbud.txt")
    );
    let (_, files) = staff.get_json(&format!("/api/files/{id}")).await;
    let pdf = files["result"]
        .as_array()
        .expect("files")
        .iter()
        .find(|f| f["contentType"] == json!("application/pdf"))
        .expect("pdf");
    let bytes = staff
        .get(pdf["filePath"].as_str().expect("path"))
        .await
        .bytes()
        .await
        .expect("bytes");
    assert!(bytes.starts_with(b"%PDF-1.4"));
}

#[tokio::test]
async fn a_role_with_only_read_rights_can_list_but_not_write() {
    let app = spawn_app().await;
    sqlx::query(
        "UPDATE client_modules SET role_acls = '[{\"ruleId\": \"read\", \"role\": \"staff\"}]' \
         WHERE client_id = (SELECT id FROM clients WHERE name = 'Demo FC') \
           AND module_id = (SELECT id FROM modules WHERE alias = 'companies')",
    )
    .execute(&app.db.owner)
    .await
    .expect("rules");
    let staff = app.signed_in("staff@tribune.test").await;
    assert_eq!(
        list(&staff, json!({}), json!({ "field": "Name", "dir": "asc" })).await["Total"],
        json!(0)
    );
    let (status, _) = staff
        .post_form(
            "/api/companies/update",
            Some(&company("Må ikke")),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(app.count("SELECT count(*) FROM companies").await, 0);
    // The admin's rights do not depend on the role rules.
    let admin = app.signed_in("admin@tribune.test").await;
    create_company(&admin, company("Må gerne")).await;
    // The user's ACL as the webapp sees it follows the same rules.
    let (_, user) = staff.get_json("/api/user").await;
    let acl = user["result"]["acl"].as_array().expect("acl");
    assert!(acl
        .iter()
        .any(|r| r["subject"] == json!(["companies"]) && r["action"] == json!(["read"])));
    assert!(!acl
        .iter()
        .any(|r| r["subject"] == json!(["companies"]) && r["action"] == json!(["manage"])));
}

#[tokio::test]
async fn ticket_limits_use_the_clubs_ticket_products_and_show_in_the_utilization_card() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let product = json!({ "title": "VIP-billet", "type": "ticket", "price": 50000 });
    let (_, saved) = staff
        .post_form("/api/products/update", Some(&product), &[], vec![])
        .await;
    let ticket = saved["result"].as_str().expect("id").to_string();
    staff
        .post_form(
            "/api/products/update",
            Some(&json!({ "title": "Trøje", "type": "product", "price": 100 })),
            &[],
            vec![],
        )
        .await;
    let (_, types) = staff.get_json("/api/companies/event-types").await;
    assert_eq!(
        types["products"],
        json!([{ "id": ticket, "title": "VIP-billet" }]),
        "only ticket products"
    );

    let mut data = company("Loge A/S");
    data["ticketLimits"] = json!({
        "00000000-0000-0000-0000-00000000000a": [{ "productId": ticket, "maxAmount": 4 }],
        "00000000-0000-0000-0000-00000000000b": [{ "productId": ticket, "maxAmount": 6 }]
    });
    let id = create_company(&staff, data).await;
    let (_, card) = staff
        .get_json(&format!("/api/companies/{id}/ticket-utilization"))
        .await;
    assert_eq!(
        card["result"],
        json!([{ "id": ticket, "product": "VIP-billet", "used": 0, "total": 0, "utilization": 0 }]),
        "no events of those types this season: nothing allowed yet, nothing used"
    );
}
