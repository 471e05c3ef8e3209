//! Every JSON answer an HTTP test receives is checked against what `/api/openapi.json` says the
//! operation answers with that status (issue 38 §7): the document's response schemas cannot
//! drift from what the handlers send, because every test that reads an answer reads it through
//! `conforms`. An answer whose operation or status the document does not describe is not
//! checked here; `openapi::every_answer_has_a_schema` holds that there are none of those left.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use reqwest::StatusCode;
use serde_json::{json, Value};

struct Document {
    /// `(method, path segments)` of every operation, `{…}` segments as `None`.
    operations: Vec<(String, Vec<Option<String>>, Value)>,
    components: Value,
    validators: Mutex<HashMap<String, Arc<jsonschema::Validator>>>,
}

fn document() -> &'static Document {
    static DOCUMENT: OnceLock<Document> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let doc = serde_json::to_value(tribune_api::openapi::document()).expect("document");
        let mut operations = Vec::new();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            let segments: Vec<Option<String>> = path
                .split('/')
                .map(|s| (!s.starts_with('{')).then(|| s.to_string()))
                .collect();
            for (method, operation) in item.as_object().expect("path item") {
                operations.push((method.to_uppercase(), segments.clone(), operation.clone()));
            }
        }
        Document {
            operations,
            components: doc["components"].clone(),
            validators: Mutex::new(HashMap::new()),
        }
    })
}

/// The operation a request reached: of the documented paths of its shape, the one with the most
/// literal segments (`/api/clients/modules` before `/api/clients/{id}`).
fn operation(method: &str, path: &str) -> Option<&'static Value> {
    let path = path.split('?').next().unwrap_or(path);
    let wanted: Vec<&str> = path.split('/').collect();
    document()
        .operations
        .iter()
        .filter(|(m, segments, _)| {
            m == method
                && segments.len() == wanted.len()
                && segments
                    .iter()
                    .zip(&wanted)
                    .all(|(s, w)| s.as_deref().is_none_or(|s| s == *w))
        })
        .max_by_key(|(_, segments, _)| segments.iter().filter(|s| s.is_some()).count())
        .map(|(_, _, operation)| operation)
}

/// Fails the test when `body`, the JSON answer of `method path` with `status`, is not what the
/// document says that operation answers.
pub fn conforms(method: &str, path: &str, status: StatusCode, body: &Value) {
    conforms_hiding(method, path, status, body, &[]);
}

/// Takes `names` out of every `required` of a schema.
fn not_required(value: &mut Value, names: &[&str]) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(required)) = map.get_mut("required") {
                required.retain(|name| !name.as_str().is_some_and(|n| names.contains(&n)));
            }
            map.values_mut()
                .for_each(|child| not_required(child, names));
        }
        Value::Array(items) => items.iter_mut().for_each(|item| not_required(item, names)),
        _ => {}
    }
}

/// `conforms` for an answer the caller's field rules left `hidden` out of (the header
/// `X-Tribune-Hidden-Fields`): the document is read with those fields not required.
pub fn conforms_hiding(
    method: &str,
    path: &str,
    status: StatusCode,
    body: &Value,
    hidden: &[String],
) {
    let Some(operation) = operation(method, path) else {
        return;
    };
    let schema = &operation["responses"][status.as_str()]["content"]["application/json"]["schema"];
    if schema.is_null() {
        return;
    }
    let key = format!("{method} {} {}", operation["operationId"], status.as_str());
    let root = |names: &[&str]| {
        let mut root = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "allOf": [schema],
            "components": document().components,
        });
        not_required(&mut root, names);
        Arc::new(
            jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&root)
                .unwrap_or_else(|e| panic!("the schema of {key} does not compile: {e}")),
        )
    };
    // A full answer's validator is kept per operation; one that hides fields is built for it.
    let validator = if hidden.is_empty() {
        let mut validators = document().validators.lock().expect("validators");
        validators
            .entry(key.clone())
            .or_insert_with(|| root(&[]))
            .clone()
    } else {
        let names: Vec<&str> = hidden.iter().filter_map(|h| h.rsplit('.').next()).collect();
        root(&names)
    };
    let errors: Vec<String> = validator
        .iter_errors(body)
        .take(5)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{method} {path} answered {status} (hiding {hidden:?}) with what /api/openapi.json does \
         not describe ({key}):\n{}\nthe answer: {}",
        errors.join("\n"),
        truncated(body)
    );
}

fn truncated(body: &Value) -> String {
    let text = body.to_string();
    if text.len() > 1500 {
        format!("{}…", &text[..text.floor_char_boundary(1500)])
    } else {
        text
    }
}

/// The check bites: a cart that is a number is not the documented cart.
#[test]
#[should_panic(expected = "does not describe")]
fn an_answer_unlike_its_schema_fails_the_test() {
    conforms(
        "GET",
        "/public/orders/webshop/cart",
        StatusCode::OK,
        &json!({ "success": true, "result": 5 }),
    );
}

/// … and the real shapes pass: a page of a list, and a refusal.
#[test]
fn an_answer_like_its_schema_passes() {
    let page = json!({ "success": true, "Result": [], "TotalPages": 0, "Total": 0 });
    conforms("POST", "/api/shop/products", StatusCode::OK, &page);
    let refusal = json!({ "success": false, "error": "Du skal logge ind", "code": "unauthorized" });
    conforms(
        "POST",
        "/api/shop/products",
        StatusCode::UNAUTHORIZED,
        &refusal,
    );
}

/// A refusal that is not `Refusal`'s shape fails as well.
#[test]
#[should_panic(expected = "does not describe")]
fn a_refusal_unlike_refusal_fails_the_test() {
    conforms(
        "POST",
        "/api/shop/products",
        StatusCode::UNAUTHORIZED,
        &json!({ "success": false }),
    );
}
