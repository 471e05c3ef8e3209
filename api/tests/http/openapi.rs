//! The OpenAPI document is the contract for integrators and for fuzzing (issue 11 §4): every
//! registered route is in `/api/openapi.json`, and nothing documented is a route that does not
//! exist.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::spawn_app;

/// `{id}`, `{orderId}`, `{order_id}` … all read as `{}`: only the shape of a path matters.
fn shape(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') && segment.ends_with('}') {
                "{}"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// `(METHOD, shape)` of every operation in the served document.
async fn documented() -> BTreeSet<(String, String)> {
    let app = spawn_app().await;
    let (status, doc) = app.browser().get_json("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let mut operations = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            if ["get", "post", "put", "delete", "patch", "head", "options"]
                .contains(&method.as_str())
            {
                operations.insert((method.to_uppercase(), shape(path)));
            }
        }
    }
    operations
}

fn registered() -> BTreeSet<(String, String)> {
    tribune_api::routes::table()
        .table()
        .into_iter()
        .map(|route| (route.method.to_string(), shape(&route.path)))
        .collect()
}

#[tokio::test]
async fn every_registered_route_is_in_the_openapi_document() {
    let documented = documented().await;
    let missing: Vec<String> = registered()
        .difference(&documented)
        .map(|(method, path)| format!("{method} {path}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} routes are missing from /api/openapi.json (add #[utoipa::path] and list the handler \
         in its area's OpenAPI block):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[tokio::test]
async fn every_documented_operation_is_a_registered_route() {
    let registered = registered();
    let stale: Vec<String> = documented()
        .await
        .difference(&registered)
        .map(|(method, path)| format!("{method} {path}"))
        .collect();
    assert!(
        stale.is_empty(),
        "documented but not registered:\n{}",
        stale.join("\n")
    );
}

#[tokio::test]
async fn the_document_is_well_formed_and_says_money_is_integer_ore() {
    let app = spawn_app().await;
    let (_, doc) = app.browser().get_json("/api/openapi.json").await;
    let description = doc["info"]["description"].as_str().unwrap_or_default();
    assert!(description.contains("øre"), "{description}");
    // Two templated paths of one shape are the same path to OpenAPI, and an operationId is unique.
    let mut shapes = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        if !shapes.insert(shape(path)) {
            wrong.push(format!("{path}: another path has its shape"));
        }
        for operation in item.as_object().expect("item").values() {
            if let Some(id) = operation["operationId"].as_str() {
                if !ids.insert(id.to_string()) {
                    wrong.push(format!("operationId {id} twice"));
                }
                // Who may call it comes from the route table.
                let description = operation["description"].as_str().unwrap_or_default();
                if !description.contains("Access: ") {
                    wrong.push(format!("{id} ({path}) does not say who may call it"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A fuzzer or an integrator's generated client must know every path parameter.
#[tokio::test]
async fn every_path_parameter_is_declared() {
    let app = spawn_app().await;
    let (_, doc) = app.browser().get_json("/api/openapi.json").await;
    let mut undeclared = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let names: Vec<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        for (method, operation) in item.as_object().expect("path item") {
            for name in &names {
                let declared = operation["parameters"]
                    .as_array()
                    .is_some_and(|ps| ps.iter().any(|p| p["name"] == *name && p["in"] == "path"));
                if !declared {
                    undeclared.push(format!("{method} {path}: {name}"));
                }
            }
        }
    }
    assert!(
        undeclared.is_empty(),
        "undeclared path parameters: {undeclared:?}"
    );
}

/// Every `$ref` of the document names a schema it has (a generated client resolves them all);
/// money is one schema, `Money`: an integer of øre.
#[tokio::test]
async fn every_reference_resolves_and_money_is_one_integer_schema() {
    fn refs(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, inner) in map {
                    match (key.as_str(), inner.as_str()) {
                        ("$ref", Some(target)) => found.push(target.to_string()),
                        _ => refs(inner, found),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
            _ => {}
        }
    }
    let app = spawn_app().await;
    let (_, doc) = app.browser().get_json("/api/openapi.json").await;
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(
        found.iter().any(|r| r == "#/components/schemas/Money"),
        "money fields refer to the Money schema"
    );
    let missing: Vec<&String> = found
        .iter()
        .filter(|r| {
            let name = r.trim_start_matches("#/components/schemas/");
            doc["components"]["schemas"].get(name).is_none()
        })
        .collect();
    assert!(missing.is_empty(), "unresolved references: {missing:?}");
    let money = &doc["components"]["schemas"]["Money"];
    assert_eq!(money["type"], "integer", "{money}");
    assert_eq!(money["format"], "int64", "{money}");
}
