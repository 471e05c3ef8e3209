//! The event's Relationer (issue 18): its orders and the companies that come follow from the
//! data; contracts and companies are linked and unlinked by hand; refusals on their fields;
//! another club sees nothing. The event type's Relationer (issue 40 §10): the companies and
//! contracts a new event of the type starts linked to, saved with the type.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    book, catalogue_ticket, first_error, first_offer, give_handbold_events, guest, open_event,
    open_event_form, spawn_app, visitor, Browser, TestApp,
};

/// Bageriet ApS with its contact and a sponsor's contract, made through the contract form:
/// (company, contract).
async fn a_sponsor_with_a_contract(app: &TestApp, staff: &Browser) -> (uuid::Uuid, String) {
    let club = app.club_id("Demo FC").await;
    let (category, company, contact): (uuid::Uuid, uuid::Uuid, uuid::Uuid) = sqlx::query_as(
        "WITH cat AS (INSERT INTO order_categories (client_id, title) VALUES ($1, 'Sponsorat') RETURNING id), \
              co AS (INSERT INTO companies (client_id, name, cvr) VALUES ($1, 'Bageriet ApS', '12345678') RETURNING id), \
              ct AS (INSERT INTO contacts (client_id, firstname, lastname, email) VALUES ($1, 'Mette', 'Holm', 'mette@bageriet.dk') RETURNING id), \
              link AS (INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, co.id, ct.id FROM co, ct) \
         SELECT cat.id, co.id, ct.id FROM cat, co, ct",
    )
    .bind(club)
    .fetch_one(&app.db.owner)
    .await
    .unwrap();
    let (status, body) = staff
        .post_json(
            "/api/contracts/update",
            &json!({
                "categoryId": category, "companyId": company, "contactId": contact,
                "startDate": "2027-01-01", "endDate": "2027-12-31", "renewDate": "2027-10-01",
                "contractLines": [{ "title": "Logo", "price": 250_000, "discount": 0, "amount": 1, "type": "product", "unit": "stk" }],
                "invoicing": { "type": "single", "invoiceDate": "2027-01-15" },
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (company, body["result"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn an_events_relations_are_its_orders_its_companies_and_the_contracts_linked_to_it() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let ticket = catalogue_ticket(&staff, "Middag", 0).await;
    let line = json!({ "productId": ticket, "title": "Middag", "price": 0, "maxAmount": 50, "public": true });
    let (event, _) = open_event(&staff, "Sponsoraften", json!([line]), json!({})).await;
    let buyer = visitor(&app).await;
    let product = first_offer(&buyer, &event).await;
    let (status, body) = book(
        &buyer,
        &guest(&event, json!([{ "productId": product, "amount": 2 }])),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, relations) = staff
        .get_json(&format!("/api/events/{event}/relations"))
        .await;
    assert_eq!(status, StatusCode::OK, "{relations}");
    assert_eq!(relations["result"]["orders"].as_array().unwrap().len(), 1);
    assert_eq!(relations["result"]["orders"][0]["tickets"], 2);
    assert_eq!(relations["result"]["orders"][0]["customer"], "Gitte Gæst");

    let (company, contract) = a_sponsor_with_a_contract(&app, &staff).await;
    let link = |body: Value| {
        let staff = &staff;
        let event = event.clone();
        async move {
            staff
                .post_json(&format!("/api/events/{event}/relations/create"), &body)
                .await
        }
    };
    for _ in 0..2 {
        let (status, body) =
            link(json!({ "relationType": "contract", "relationId": contract })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["result"]["contracts"].as_array().unwrap().len(),
            1,
            "linked once"
        );
    }
    let (_, body) = link(json!({ "relationType": "company", "relationId": company })).await;
    let companies = body["result"]["companies"].as_array().unwrap();
    assert_eq!(companies.len(), 1, "{body}");
    assert_eq!(companies[0]["linked"], true);
    assert_eq!(companies[0]["tickets"], 0);

    // Refused on their fields, nothing changed.
    let (status, body) = link(json!({ "relationId": company })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "relationType"),
        "Vælg hvad der skal tilknyttes"
    );
    let (status, body) = link(json!({ "relationType": "contract" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "relationId"), "Vælg en kontrakt");
    let (status, body) =
        link(json!({ "relationType": "company", "relationId": uuid::Uuid::new_v4() })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(first_error(&body, "relationId"), "Virksomheden findes ikke");

    // Unlinked; a second time is not found.
    let (status, body) = staff
        .delete(&format!(
            "/api/events/{event}/relations/contract/{contract}"
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["contracts"], json!([]));
    let (status, _) = staff
        .delete(&format!(
            "/api/events/{event}/relations/contract/{contract}"
        ))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Another club finds nothing, and links nothing to it.
    give_handbold_events(&app).await;
    let other = app.admin_in_handbold().await;
    let (status, _) = other
        .get_json(&format!("/api/events/{event}/relations"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = other
        .post_json(
            &format!("/api/events/{event}/relations/create"),
            &json!({ "relationType": "company", "relationId": company }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_types_relations_are_saved_with_it_and_link_each_new_event_of_the_type() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, contract) = a_sponsor_with_a_contract(&app, &staff).await;
    let save_type = |data: Value| {
        let staff = &staff;
        async move {
            staff
                .post_form("/api/events/types/update", Some(&data), &[], vec![])
                .await
        }
    };

    // Saved with the type (a company chosen twice is kept once) and read back with names.
    let (status, body) = save_type(json!({
        "title": "Sponsoraften",
        "relations": { "companyIds": [company, company], "contractIds": [contract] },
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let type_id = body["result"].as_str().unwrap().to_string();
    let (status, read) = staff
        .get_json(&format!("/api/events/types/{type_id}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    let relations = &read["result"]["relations"];
    assert_eq!(relations["companyIds"], json!([company]), "{read}");
    assert_eq!(relations["companies"][0]["name"], "Bageriet ApS");
    assert_eq!(relations["contractIds"], json!([contract]));
    assert_eq!(relations["contracts"][0]["companyName"], "Bageriet ApS");
    assert!(
        relations["contracts"][0]["contractNumber"].is_i64(),
        "{read}"
    );
    assert_eq!(read["result"]["events"], json!([]));

    // Rows the club does not have are refused on their fields, and nothing changes.
    let mut edit = read["result"].clone();
    edit["relations"]["companyIds"] = json!([company, uuid::Uuid::new_v4()]);
    edit["relations"]["contractIds"] = json!([uuid::Uuid::new_v4()]);
    let (status, body) = save_type(edit).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        first_error(&body, "relations.companyIds"),
        "En virksomhed findes ikke"
    );
    assert_eq!(
        first_error(&body, "relations.contractIds"),
        "En kontrakt findes ikke"
    );
    let (_, again) = staff
        .get_json(&format!("/api/events/types/{type_id}"))
        .await;
    assert_eq!(again["result"]["version"], read["result"]["version"]);
    assert_eq!(again["result"]["relations"]["companyIds"], json!([company]));

    // A new event of the type starts linked to them; the type lists it.
    let mut form = open_event_form(&staff, "Sponsoraften i maj", json!([]), json!({})).await;
    form["typeId"] = json!(type_id);
    let (status, body) = staff
        .post_form("/api/events/update", Some(&form), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let event = body["result"].as_str().unwrap().to_string();
    let (_, linked) = staff
        .get_json(&format!("/api/events/{event}/relations"))
        .await;
    let companies = linked["result"]["companies"].as_array().unwrap().clone();
    assert_eq!(companies.len(), 1, "{linked}");
    assert_eq!(companies[0]["id"], json!(company));
    assert_eq!(companies[0]["linked"], true);
    let contracts = linked["result"]["contracts"].as_array().unwrap().clone();
    assert_eq!(contracts.len(), 1, "{linked}");
    assert_eq!(contracts[0]["id"], json!(contract));
    let (_, read) = staff
        .get_json(&format!("/api/events/types/{type_id}"))
        .await;
    assert_eq!(read["result"]["events"][0]["id"], json!(event));
    assert_eq!(read["result"]["events"][0]["title"], "Sponsoraften i maj");

    // Only a new event gets them: unlinked, and the event saved again, it stays unlinked.
    let (status, _) = staff
        .delete(&format!("/api/events/{event}/relations/company/{company}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, saved) = staff.get_json(&format!("/api/events/{event}")).await;
    let mut edit = saved["result"].clone();
    edit.as_object_mut().map(|o| o.remove("subEvents"));
    edit["location"] = json!("Klubhuset");
    let (status, body) = staff
        .post_form("/api/events/update", Some(&edit), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, after) = staff
        .get_json(&format!("/api/events/{event}/relations"))
        .await;
    assert_eq!(after["result"]["companies"], json!([]), "{after}");
    assert_eq!(after["result"]["contracts"].as_array().unwrap().len(), 1);
}
