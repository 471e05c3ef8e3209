//! The customer's saved cards (issue 14, spec 3 §2 Customer profile #cards) against localstripe:
//! added through a SetupIntent the server checks, listed from the provider, a default chosen,
//! deleted; nobody else's card can be touched.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Browser};

/// Adds `number` as the browser's fake Stripe() would: the SetupIntent confirmed at localstripe
/// through the stand-in's relay, then accepted by the server.
pub async fn add_card(customer: &Browser, number: &str) -> Value {
    let (status, answer) = customer
        .post_json("/api/profile/create-card", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let secret = answer["result"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, answer) = customer
        .post_json(
            "/stand-ins/stripe/confirm-setup",
            &json!({ "clientSecret": secret, "number": number, "expMonth": 11, "expYear": 2031, "cvc": "123" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let setup = answer["setupIntent"]["id"].as_str().unwrap().to_string();
    let (status, answer) = customer
        .post_json("/api/profile/accept-card", &json!({ "setupIntent": setup }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["result"].clone()
}

fn ids(cards: &Value) -> Vec<String> {
    cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cardId"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_customer_adds_cards_chooses_a_default_and_deletes_one() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, answer) = customer.get_json("/api/profile/cards").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"], json!([]));

    let cards = add_card(&customer, "4242424242424242").await;
    assert_eq!(cards.as_array().unwrap().len(), 1, "{cards}");
    assert_eq!(cards[0]["cardNumber"], "•••• 4242");
    assert_eq!(cards[0]["expMonth"], 11);
    assert_eq!(cards[0]["isDefault"], true, "the first card is the default");
    let first = ids(&cards)[0].clone();

    let cards = add_card(&customer, "5555555555554444").await;
    assert_eq!(cards.as_array().unwrap().len(), 2);
    let second = ids(&cards).into_iter().find(|id| *id != first).unwrap();
    let default_of = |cards: &Value| {
        cards
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["isDefault"] == true)
            .map(|c| c["cardId"].as_str().unwrap().to_string())
    };
    assert_eq!(default_of(&cards), Some(first.clone()));

    let (status, answer) = customer
        .post_json(
            &format!("/api/profile/default-card?cardId={second}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(default_of(&answer["result"]), Some(second.clone()));

    // Someone else cannot make it their default or delete it.
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, _) = staff
        .post_json("/api/profile/delete-card", &json!({ "cardId": first }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = staff
        .post_json(
            &format!("/api/profile/default-card?cardId={first}"),
            &json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, answer) = staff.get_json("/api/profile/cards").await;
    assert_eq!(answer["result"], json!([]));

    let (status, answer) = customer
        .post_json("/api/profile/delete-card", &json!({ "cardId": first }))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(ids(&answer["result"]), vec![second.clone()]);
    assert_eq!(default_of(&answer["result"]), Some(second));
}

#[tokio::test]
async fn a_setup_intent_of_someone_else_is_not_accepted() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    let staff = app.signed_in("staff@tribune.test").await;
    // The staff member starts a card of their own and confirms it ...
    let (status, answer) = staff
        .post_json("/api/profile/create-card", &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let secret = answer["result"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, answer) = staff
        .post_json(
            "/stand-ins/stripe/confirm-setup",
            &json!({ "clientSecret": secret, "number": "4242424242424242", "expMonth": 1, "expYear": 2030, "cvc": "123" }),
        )
        .await;
    let setup = answer["setupIntent"]["id"].as_str().unwrap().to_string();
    // ... and the customer (with a customer of their own) cannot take it.
    customer
        .post_json("/api/profile/create-card", &json!({}))
        .await;
    let (status, answer) = customer
        .post_json("/api/profile/accept-card", &json!({ "setupIntent": setup }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "Kortet blev ikke gemt. Prøv igen.");
    let (_, answer) = customer.get_json("/api/profile/cards").await;
    assert_eq!(answer["result"], json!([]));
    // The redirect Stripe sends the browser to lands on the profile either way.
    let response = customer
        .get("/api/profile/accept-subscription?setup_intent=seti_nope")
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/profile?card=failed#cards");
}

#[tokio::test]
async fn the_contact_page_shows_and_removes_the_real_cards_of_the_contacts_customer() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    add_card(&customer, "4242424242424242").await;
    let staff = app.signed_in("staff@tribune.test").await;
    let data = json!({ "firstname": "Kunde", "lastname": "Demo", "email": "KUNDE@tribune.test" });
    let (status, body) = staff
        .post_form("/api/contacts/update", Some(&data), &[], vec![])
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let contact = body["data"]["id"].as_str().unwrap().to_string();
    let (status, body) = staff.get_json(&format!("/api/contacts/{contact}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let cards = body["result"]["paymentCards"].clone();
    assert_eq!(cards.as_array().map(Vec::len), Some(1), "{body}");
    assert_eq!(cards[0]["cardNumber"], "•••• 4242");
    assert_eq!(cards[0]["isDefault"], true);

    // A contact with no customer behind it has none, and cannot delete another's.
    let data = json!({ "firstname": "Anden", "lastname": "Person", "email": "anden@example.dk" });
    let (_, body) = staff
        .post_form("/api/contacts/update", Some(&data), &[], vec![])
        .await;
    let other = body["data"]["id"].as_str().unwrap().to_string();
    let (_, body) = staff.get_json(&format!("/api/contacts/{other}")).await;
    assert_eq!(body["result"]["paymentCards"], json!([]));
    let (status, _) = staff
        .post_json(
            &format!("/api/contacts/{other}/delete-card"),
            &json!({ "card": cards[0] }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = staff
        .post_json(
            &format!("/api/contacts/{contact}/delete-card"),
            &json!({ "card": cards[0] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = customer.get_json("/api/profile/cards").await;
    assert_eq!(body["result"], json!([]));
}
