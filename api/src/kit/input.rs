//! The one input layer. Every JSON body (plain or the `data` part of a multipart form), every
//! text field of a form and every URL passes here before a handler sees it:
//!
//! - A wrong type, a missing or an unknown field gets a Danish 422 that names the field by its
//!   path as the forms name them (`orderLines.0.price`), in `errors`.
//! - Text PostgreSQL cannot store (the NUL character) is refused with a 422 naming the field or
//!   parameter, instead of failing in the database as a 500.

use std::ops::{Deref, DerefMut};

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;
use crate::storage::{read_form, Form};

/// What a field with the NUL character is told.
pub const NUL_REFUSED: &str = "Teksten indeholder et tegn der ikke kan gemmes (NUL)";

/// A JSON body read through the input layer; use it where `web::Json` would stand.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Json<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // actix reads the body: its size limit, content type and syntax errors (JsonConfig).
        let body = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let value = body.await?.into_inner();
            from_value(value).map(Json).map_err(Into::into)
        })
    }
}

/// A JSON body the caller may leave out (an empty body: `None`). A body that is sent goes
/// through `Json`'s checks, so a malformed one is a 422 naming its field, never taken for
/// "no body" (as actix's `Option<Json<T>>` would: create-invites inviting on a body it could
/// not read).
#[derive(Debug)]
pub struct OptionalJson<T>(pub Option<T>);

impl<T: Default> OptionalJson<T> {
    /// The body, or `T::default()` when none was sent.
    pub fn or_default(self) -> T {
        self.0.unwrap_or_default()
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for OptionalJson<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let headers = req.headers();
        let length = headers
            .get(actix_web::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .map(str::trim);
        let chunked = headers.contains_key(actix_web::http::header::TRANSFER_ENCODING);
        if length == Some("0") || (length.is_none() && !chunked) {
            return Box::pin(async { Ok(OptionalJson(None)) });
        }
        let body = Json::<T>::from_request(req, payload);
        Box::pin(async move { Ok(OptionalJson(Some(body.await?.into_inner()))) })
    }
}

/// The body of a write: multipart (the entity as JSON in `data`, files beside it), or, when no
/// file goes with it, the entity as a plain JSON body, so a script can save with plain JSON.
#[derive(Debug)]
pub struct Submitted(pub Form);

impl FromRequest for Submitted {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if req.content_type() == "application/json" {
            let body = web::Json::<Value>::from_request(req, payload);
            return Box::pin(
                async move { Ok(Submitted(Form::from_json(body.await?.into_inner()))) },
            );
        }
        let multipart = actix_multipart::Multipart::from_request(req, payload);
        Box::pin(async move { Ok(Submitted(read_form(multipart.await?).await?)) })
    }
}

/// JSON text (a form's `data` part) as `T`, through the same checks as a JSON body.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|_| ApiError::BadRequest("Ugyldig JSON: forespørgslen kunne ikke læses".into()))?;
    from_value(value)
}

/// A parsed JSON value as `T`: NUL refused, type errors named by their field.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    if let Some(path) = nul_at(&value, String::new()) {
        return Err(ApiError::field(&path, NUL_REFUSED));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = field_path(err.path());
        let message = err.inner().to_string();
        let danish = danish_serde_error(&message);
        // serde names a missing or unknown field in its message, one level below the path.
        let named = message.split('`').nth(1).filter(|_| {
            message.starts_with("missing field") || message.starts_with("unknown field")
        });
        let field = match (path.as_str(), named) {
            ("", Some(name)) => name.to_string(),
            (parent, Some(name)) if !parent.ends_with(name) => format!("{parent}.{name}"),
            _ => path,
        };
        if field.is_empty() {
            ApiError::invalid(danish)
        } else {
            ApiError::field(&field, danish)
        }
    })
}

/// `orderLines.0.price` for serde's `orderLines[0].price`.
fn field_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(index.to_string()),
            Segment::Map { key } => Some(key.clone()),
            Segment::Enum { variant } => Some(variant.clone()),
            Segment::Unknown => None,
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The path of the first key or string that holds a NUL character.
fn nul_at(value: &Value, path: String) -> Option<String> {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Value::String(text) if text.contains('\0') => Some(path),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| nul_at(item, join(&i.to_string()))),
        Value::Object(map) => map.iter().find_map(|(key, item)| {
            if key.contains('\0') {
                Some(join(&key.replace('\0', "")))
            } else {
                nul_at(item, join(key))
            }
        }),
        _ => None,
    }
}

/// A form's text field: NUL refused with the field's name.
pub fn form_text(field: &str, text: String) -> Result<String, ApiError> {
    if text.contains('\0') {
        return Err(ApiError::field(field, NUL_REFUSED));
    }
    Ok(text)
}

/// Middleware: a URL whose path or query holds an encoded NUL (`%00`) is refused before routing,
/// naming the query parameter that holds it (or `path`).
pub async fn refuse_nul_in_url(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let has_nul = |text: &str| text.to_ascii_lowercase().contains("%00");
    let refused = if has_nul(req.path()) {
        Some("path".to_string())
    } else if has_nul(req.query_string()) {
        let name = req
            .query_string()
            .split('&')
            .find(|pair| has_nul(pair))
            .and_then(|pair| pair.split('=').next())
            .unwrap_or("query")
            .to_string();
        Some(name)
    } else {
        None
    };
    match refused {
        Some(field) => {
            let response =
                actix_web::ResponseError::error_response(&ApiError::field(&field, NUL_REFUSED));
            Ok(req.into_response(response).map_into_right_body())
        }
        None => Ok(next.call(req).await?.map_into_left_body()),
    }
}

/// serde's English messages, in the words a Danish user reads.
pub fn danish_serde_error(message: &str) -> String {
    let quoted = |m: &str| m.split('`').nth(1).unwrap_or_default().to_string();
    let head = message.split(" at line ").next().unwrap_or(message);
    if head.starts_with("unknown field") {
        format!("Ukendt felt '{}'", quoted(head))
    } else if head.starts_with("missing field") {
        format!("Feltet '{}' mangler", quoted(head))
    } else if head.starts_with("invalid type") {
        let expected = head.split("expected ").nth(1).unwrap_or_default();
        format!("Forkert datatype: forventede {}", danish_type(expected))
    } else if head.starts_with("invalid value") || head.starts_with("invalid length") {
        "Ugyldig værdi".to_string()
    } else if head.starts_with("unknown variant") {
        format!("Ukendt værdi '{}'", quoted(head))
    } else {
        "Ugyldige data".to_string()
    }
}

fn danish_type(expected: &str) -> &'static str {
    let e = expected.to_lowercase();
    if e.contains("string") || e.contains("char") {
        "tekst"
    } else if e.contains("bool") {
        "sand eller falsk"
    } else if e.contains("i64")
        || e.contains("u64")
        || e.contains("i32")
        || e.contains("u32")
        || e.contains("integer")
    {
        "et heltal"
    } else if e.contains("f64") || e.contains("float") || e.contains("number") {
        "et tal"
    } else if e.contains("sequence") || e.contains("vec") || e.contains("array") {
        "en liste"
    } else if e.contains("uuid") {
        "et id (uuid)"
    } else {
        "et objekt"
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[test]
    fn serde_messages_read_in_danish() {
        assert_eq!(
            danish_serde_error("unknown field `emai`, expected one of `email`"),
            "Ukendt felt 'emai'"
        );
        assert_eq!(
            danish_serde_error("missing field `email` at line 1 column 2"),
            "Feltet 'email' mangler"
        );
        assert_eq!(
            danish_serde_error("invalid type: integer `1`, expected a string at line 1 column 10"),
            "Forkert datatype: forventede tekst"
        );
        assert_eq!(
            danish_serde_error("invalid type: string \"x\", expected a boolean"),
            "Forkert datatype: forventede sand eller falsk"
        );
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)] // read by serde only
    struct Line {
        title: String,
        price: i64,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)]
    struct Form {
        name: String,
        order_lines: Vec<Line>,
    }

    fn errors(result: Result<Form, ApiError>) -> Vec<(String, Vec<String>)> {
        match result {
            Err(ApiError::Validation { errors, .. }) => errors.into_iter().collect(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_wrong_type_missing_or_unknown_field_is_named_by_its_path() {
        let wrong = from_value::<Form>(
            json!({"name": "A", "orderLines": [{"title": "B", "price": "abc"}]}),
        );
        assert_eq!(
            errors(wrong),
            vec![(
                "orderLines.0.price".to_string(),
                vec!["Forkert datatype: forventede et heltal".to_string()]
            )]
        );
        let missing = from_value::<Form>(json!({"name": "A", "orderLines": [{"title": "B"}]}));
        assert_eq!(errors(missing)[0].0, "orderLines.0.price");
        let unknown = from_value::<Form>(json!({"name": "A", "orderLines": [], "admin": true}));
        assert_eq!(errors(unknown)[0].0, "admin");
    }

    #[test]
    fn a_nul_anywhere_is_refused_on_its_field() {
        let nul = from_value::<Form>(
            json!({"name": "A", "orderLines": [{"title": "B\u{0}", "price": 1}]}),
        );
        assert_eq!(
            errors(nul),
            vec![(
                "orderLines.0.title".to_string(),
                vec![NUL_REFUSED.to_string()]
            )]
        );
        assert!(form_text("name", "a\0b".into()).is_err());
        assert_eq!(form_text("name", "ab".into()).ok().as_deref(), Some("ab"));
    }
}
