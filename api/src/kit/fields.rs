//! Field rules (spec 1 §6: "manage or read on fields, optionally inverted"): what a role may not
//! read of a module's records is left out of every answer, and what it may not change is refused
//! on the field. The route table applies both around every route that names a module
//! (`kit::routes`), so no handler can forget them.
//!
//! A rule's field names a key of the module's records wherever it appears in an answer or a
//! request: `price` is every `price` (a line's, an option's), `contractLines.price` only the
//! `price` of the contract's lines. Array positions are not part of a name.
//!
//! A write is judged against a reference, what the record holds now in the request's own shape
//! (a route's `FieldGuard` builds it): a locked field the request leaves out takes the stored
//! value (an editor that could not read it cannot send it), one it sends unchanged passes, and
//! one it changes is refused with `LOCKED` on its path. A route without a guard cannot tell a
//! change from a copy, so it refuses any locked field the request names.

use actix_web::body::{to_bytes, BoxBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_LENGTH, CONTENT_TYPE};
use actix_web::middleware::Next;
use actix_web::{web, ResponseError};
use futures::future::LocalBoxFuture;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use crate::error::{check_errors, push_error, ApiError, FieldErrors};
pub use crate::kit::access::FieldRules;
use crate::state::AppState;

/// Names the fields an answer left out (comma-separated), so a client can tell a field it may not
/// read from one that is empty.
pub const HIDDEN_HEADER: &str = "X-Tribune-Hidden-Fields";

/// What the field's rule refuses, on the field.
pub const LOCKED: &str = "Du har ikke adgang til at ændre dette felt.";

/// What a write route's records hold now, in its request's shape, for the field rules to judge
/// the request against.
pub struct FieldGuard {
    pub name: &'static str,
    pub reference:
        for<'a> fn(&'a AppState, Uuid, &'a Value) -> LocalBoxFuture<'a, Result<Value, ApiError>>,
}

impl std::fmt::Debug for FieldGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Refused: a write the route cannot judge field by field (not JSON: a form with files).
const UNJUDGED_WRITE: &str =
    "Din rolle må ikke ændre alle felter her og kan derfor ikke gemme denne formular.";
/// Refused: an answer the hidden fields cannot be left out of (a PDF, a spreadsheet).
const UNSTRIPPED_ANSWER: &str =
    "Din rolle må ikke se alle felter her og kan derfor ikke hente dette dokument.";

fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// Runs a route under the caller's field rules: a write is judged (and completed) before the
/// handler sees it; the answer loses the hidden fields. What cannot be judged or stripped is
/// refused rather than let through.
pub async fn enforce(
    mut req: ServiceRequest,
    next: Next<BoxBody>,
    rules: FieldRules,
    guard: Option<&'static FieldGuard>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if !req.method().is_safe() && !rules.locked.is_empty() {
        let refuse =
            |req: ServiceRequest, error: ApiError| Ok(req.into_response(error.error_response()));
        let mut body = req.extract::<web::Bytes>().await?;
        if !body.is_empty() {
            if !is_json(req.headers().get(CONTENT_TYPE)) {
                return refuse(req, ApiError::ForbiddenWith(UNJUDGED_WRITE.into()));
            }
            // Not JSON at all: the handler's own reading answers it.
            if let Ok(mut value) = serde_json::from_slice::<Value>(&body) {
                let reference = match guard {
                    None => None,
                    Some(guard) => match reference(&req, guard, &value).await {
                        Ok(reference) => Some(reference),
                        Err(error) => return refuse(req, error),
                    },
                };
                if let Err(error) =
                    check_errors(judge(&mut value, reference.as_ref(), &rules.locked))
                {
                    return refuse(req, error);
                }
                body = web::Bytes::from(serde_json::to_vec(&value).map_err(ApiError::internal)?);
            }
            req.headers_mut()
                .insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
        }
        req.set_payload(Payload::from(body));
    }
    let res = next.call(req).await?;
    if rules.hidden.is_empty() || !res.status().is_success() {
        return Ok(res);
    }
    if !is_json(res.headers().get(CONTENT_TYPE)) {
        let (req, _) = res.into_parts();
        let refused = ApiError::ForbiddenWith(UNSTRIPPED_ANSWER.into());
        return Ok(ServiceResponse::new(req, refused.error_response()));
    }
    let (req, res) = res.into_parts();
    let (mut res, body) = res.into_parts();
    if let Ok(names) = HeaderValue::from_str(&rules.hidden.join(",")) {
        res.headers_mut()
            .insert(HeaderName::from_static("x-tribune-hidden-fields"), names);
    }
    let bytes = to_bytes(body)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?;
    let bytes = match serde_json::from_slice::<Value>(&bytes) {
        Ok(mut answer) => {
            strip(&mut answer, &rules.hidden);
            serde_json::to_vec(&answer).map_err(ApiError::internal)?
        }
        Err(_) => bytes.to_vec(),
    };
    Ok(ServiceResponse::new(req, res.set_body(BoxBody::new(bytes))))
}

/// The guard's reference for a write of the caller's club.
async fn reference(
    req: &ServiceRequest,
    guard: &FieldGuard,
    body: &Value,
) -> Result<Value, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no application state")))?;
    let client_id = crate::session::caller(req.request())
        .0
        .and_then(|identity| identity.client_id)
        .ok_or(ApiError::Forbidden)?;
    (guard.reference)(state, client_id, body).await
}

/// Whether the key path `keys` is named by `field` (its dotted names end the path).
fn names(field: &str, keys: &[&str]) -> bool {
    let names: Vec<&str> = field.split('.').collect();
    keys.len() >= names.len() && keys[keys.len() - names.len()..] == names[..]
}

fn named(fields: &[String], keys: &[&str]) -> bool {
    fields.iter().any(|field| names(field, keys))
}

/// Leaves the `hidden` fields out of an answer, wherever they are.
pub fn strip(value: &mut Value, hidden: &[String]) {
    fn walk(value: &mut Value, hidden: &[String], keys: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                map.retain(|key, _| {
                    let mut path: Vec<&str> = keys.iter().map(String::as_str).collect();
                    path.push(key);
                    !named(hidden, &path)
                });
                for (key, child) in map.iter_mut() {
                    keys.push(key.clone());
                    walk(child, hidden, keys);
                    keys.pop();
                }
            }
            Value::Array(items) => {
                items.retain(|item| !names_hidden_change(item, hidden));
                items.iter_mut().for_each(|item| walk(item, hidden, keys));
            }
            _ => {}
        }
    }
    walk(value, hidden, &mut Vec::new());
}

/// A change in a record's history (`kit::history`'s `{field, old, new}`) of a hidden field: its
/// name is a value, not a key, so it goes whole.
fn names_hidden_change(item: &Value, hidden: &[String]) -> bool {
    let Some(field) = item.get("field").and_then(Value::as_str) else {
        return false;
    };
    let keys: Vec<&str> = field.split('.').collect();
    hidden
        .iter()
        .any(|h| names(h, &keys) || h.rsplit('.').next() == keys.last().copied())
}

/// Judges a write against what its records hold now (`reference`; `None` for a route without a
/// guard), filling in the locked fields it leaves out. The errors name each refused field.
pub fn judge(body: &mut Value, reference: Option<&Value>, locked: &[String]) -> FieldErrors {
    struct Judge<'f> {
        locked: &'f [String],
        guarded: bool,
        errors: FieldErrors,
    }
    impl Judge<'_> {
        fn walk(
            &mut self,
            body: &mut Value,
            reference: Option<&Value>,
            keys: &mut Vec<String>,
            at: &str,
        ) {
            match body {
                Value::Object(map) => {
                    self.object(map, reference.and_then(Value::as_object), keys, at)
                }
                Value::Array(items) => {
                    let theirs = reference.and_then(Value::as_array);
                    for (i, item) in items.iter_mut().enumerate() {
                        let at = join(at, &i.to_string());
                        self.walk(item, theirs.and_then(|t| t.get(i)), keys, &at);
                    }
                }
                _ => {}
            }
        }

        fn object(
            &mut self,
            map: &mut Map<String, Value>,
            reference: Option<&Map<String, Value>>,
            keys: &mut Vec<String>,
            at: &str,
        ) {
            let locked = self.locked;
            let path = |keys: &[String], key: &str| -> bool {
                let mut path: Vec<&str> = keys.iter().map(String::as_str).collect();
                path.push(key);
                named(locked, &path)
            };
            if let Some(reference) = reference {
                for (key, stored) in reference {
                    if !map.contains_key(key) && path(keys, key) {
                        map.insert(key.clone(), stored.clone());
                    }
                }
            }
            for (key, sent) in map.iter_mut() {
                let stored = reference.and_then(|r| r.get(key));
                if path(keys, key) {
                    let changed = match stored {
                        Some(stored) => stored != sent,
                        None => !self.guarded,
                    };
                    if changed {
                        push_error(&mut self.errors, &join(at, key), LOCKED);
                    }
                    continue;
                }
                keys.push(key.clone());
                self.walk(sent, stored, keys, &join(at, key));
                keys.pop();
            }
        }
    }
    fn join(at: &str, key: &str) -> String {
        if at.is_empty() {
            key.to_string()
        } else {
            format!("{at}.{key}")
        }
    }
    let mut judge = Judge {
        locked,
        guarded: reference.is_some(),
        errors: FieldErrors::new(),
    };
    judge.walk(body, reference, &mut Vec::new(), "");
    judge.errors
}

/// A reference's lines in the request's order: the stored line of the same `id`, or for a line
/// the record does not hold yet what `new_line` says it starts as.
pub fn align_lines(
    stored: &[Value],
    sent: &[Value],
    mut new_line: impl FnMut(&Value) -> Value,
) -> Vec<Value> {
    sent.iter()
        .map(|line| {
            let id = line.get("id").filter(|id| !id.is_null());
            stored
                .iter()
                .find(|candidate| id.is_some() && candidate.get("id") == id)
                .cloned()
                .unwrap_or_else(|| new_line(line))
        })
        .collect()
}

/// The record a save names (its body's `id`), when it names one: none is a new record.
pub fn named_id(body: &Value) -> Option<Uuid> {
    body.get("id")?.as_str()?.parse().ok()
}

/// A record's reference (`record`, as its editor reads it) with its lines (under `key`) in the
/// request's order: a line the record holds as it is stored, a new one at the catalogue's price
/// (its variant's, when the variant has its own; a line of no product of the club: 0) with no
/// discount. The rest of a new line starts as the request says.
pub async fn with_lines(
    state: &AppState,
    client_id: Uuid,
    record: impl Serialize,
    body: &Value,
    key: &str,
) -> Result<Value, ApiError> {
    let mut stored = serde_json::to_value(record).map_err(ApiError::internal)?;
    let sent = body
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let uuid = |line: &Value, key: &str| -> Option<Uuid> { line.get(key)?.as_str()?.parse().ok() };
    let ids: Vec<Uuid> = sent
        .iter()
        .filter_map(|line| uuid(line, "productId"))
        .collect();
    let mut tx = club_tx(&state.pool, client_id).await?;
    let products: HashMap<Uuid, (i64, Value)> = sqlx::query_as::<_, (Uuid, i64, Value)>(
        "SELECT id, price, variants FROM products WHERE client_id = $1 AND id = ANY($2)",
    )
    .bind(client_id)
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .map(|(id, price, variants)| (id, (price, variants)))
    .collect();
    tx.commit().await?;
    let catalogue_price = |line: &Value| -> Option<i64> {
        let (price, variants) = products.get(&uuid(line, "productId")?)?;
        let variant = uuid(line, "variantId").and_then(|id| {
            variants
                .as_array()?
                .iter()
                .find(|v| uuid(v, "id") == Some(id))?
                .get("price")?
                .as_i64()
        });
        Some(variant.unwrap_or(*price))
    };
    let held = stored
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    stored[key] = Value::Array(align_lines(&held, &sent, |line| {
        match catalogue_price(line) {
            Some(price) => json!({ "price": price, "discount": 0 }),
            None => json!({ "price": 0, "discount": 0 }),
        }
    }));
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn fields(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn strip_leaves_out_a_field_wherever_it_is_and_a_dotted_one_only_under_its_parent() {
        let mut answer = json!({"data": {"price": 1, "lines": [{"price": 2, "title": "a"}], "product": {"price": 3}}});
        strip(&mut answer, &fields(&["lines.price"]));
        assert_eq!(
            answer,
            json!({"data": {"price": 1, "lines": [{"title": "a"}], "product": {"price": 3}}})
        );
        strip(&mut answer, &fields(&["price"]));
        assert_eq!(
            answer,
            json!({"data": {"lines": [{"title": "a"}], "product": {}}})
        );
        let mut history = json!({"changes": [{"field": "price", "old": 1, "new": 2}, {"field": "title", "old": "a", "new": "b"}]});
        strip(&mut history, &fields(&["contractLines.price"]));
        assert_eq!(
            history,
            json!({"changes": [{"field": "title", "old": "a", "new": "b"}]})
        );
    }

    #[test]
    fn judge_fills_what_is_left_out_passes_what_is_unchanged_and_refuses_a_change() {
        let stored = json!({"id": 1, "orderDiscount": 0, "lines": [{"id": "a", "price": 100}, {"id": "b", "price": 200}]});
        let locked = fields(&["price", "orderDiscount"]);

        let mut left_out = json!({"id": 1, "lines": [{"id": "a"}, {"id": "b", "price": 200}]});
        assert!(judge(&mut left_out, Some(&stored), &locked).is_empty());
        assert_eq!(left_out["lines"][0]["price"], 100);
        assert_eq!(left_out["orderDiscount"], 0);

        let mut changed = json!({"id": 1, "orderDiscount": 5, "lines": [{"id": "a", "price": 100}, {"id": "b", "price": 1}]});
        let errors = judge(&mut changed, Some(&stored), &locked);
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            ["lines.1.price", "orderDiscount"]
        );
        assert_eq!(errors["lines.1.price"], [LOCKED]);
    }

    #[test]
    fn without_a_guard_a_named_locked_field_is_refused() {
        let mut body = json!({"title": "x", "lines": [{"price": 1}]});
        let errors = judge(&mut body, None, &fields(&["price"]));
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["lines.0.price"]);
        let mut body = json!({"title": "x"});
        assert!(judge(&mut body, None, &fields(&["price"])).is_empty());
    }

    #[test]
    fn align_lines_matches_by_id_and_starts_new_lines_as_told() {
        let stored = [
            json!({"id": "a", "price": 1}),
            json!({"id": "b", "price": 2}),
        ];
        let sent = [
            json!({"id": "b"}),
            json!({"productId": "p"}),
            json!({"id": "a"}),
        ];
        let aligned = align_lines(&stored, &sent, |_| json!({"price": 9}));
        assert_eq!(
            aligned,
            [
                json!({"id": "b", "price": 2}),
                json!({"price": 9}),
                json!({"id": "a", "price": 1})
            ]
        );
    }
}
