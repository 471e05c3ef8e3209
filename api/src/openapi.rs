//! The OpenAPI document served at `/api/openapi.json`: every area's document merged (issue 11
//! §4). A test checks that it names every registered route.

use actix_web::http::Method;
use actix_web::HttpResponse;
use utoipa::openapi::path::Operation;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tribune API",
        description = "Back office and public booking site for Danish sports clubs. \
            Money on the wire is always an integer number of øre (1 kr = 100 øre): prices, \
            amounts, totals, fees and discounts alike."
    ),
    components(schemas(
        crate::envelope::ListParams,
        crate::identity::acl::AclItem,
        crate::envelope::Ack,
        crate::envelope::Refusal
    ))
)]
pub struct ApiDoc;

/// The whole document: the frame above with every area's paths, each operation saying who may
/// call it (from the route table, so it cannot drift from what is enforced).
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for area in crate::routes::AREAS {
        doc.merge((area.doc)());
    }
    declare_path_parameters(&mut doc);
    describe_bodies(&mut doc);
    for route in crate::routes::table().table() {
        if let Some(operation) = operation_mut(&mut doc, &route.method, &route.path) {
            let access = format!("Access: {}.", route.access.describe());
            operation.description = Some(match operation.description.take() {
                Some(text) if !text.is_empty() => format!("{text}\n\n{access}"),
                _ => access,
            });
        }
    }
    doc
}

/// Every `{name}` of a documented path is a path parameter of each of its operations: a string
/// (ids are uuids, parsed by `kit::ids`, a malformed one a 404). Declared here once, from the
/// path itself, where an annotation did not declare it, so a fuzzer or an integrator's
/// generated client always knows it.
fn declare_path_parameters(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    use utoipa::openapi::Required;
    for (path, item) in doc.paths.paths.iter_mut() {
        let names: Vec<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        for operation in operations_mut(item) {
            let parameters: &mut Vec<Parameter> = operation.parameters.get_or_insert_with(Vec::new);
            for name in &names {
                let declared = parameters
                    .iter()
                    .any(|p| p.name == *name && p.parameter_in == ParameterIn::Path);
                if !declared {
                    parameters.push(
                        ParameterBuilder::new()
                            .name(*name)
                            .parameter_in(ParameterIn::Path)
                            .required(Required::True)
                            .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
                            .build(),
                    );
                }
            }
        }
    }
}

/// The operations of a path, whatever their method.
fn operations_mut(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        item.get.as_mut(),
        item.post.as_mut(),
        item.put.as_mut(),
        item.delete.as_mut(),
        item.patch.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Every refusal (a 4xx or 5xx) answers `Refusal` (`ApiError`'s one shape); said here once for
/// every operation whose annotation names the status but not its body. And a file's answer (a
/// PDF, a spreadsheet, an image, a page) is a string of its media type: text for `text/*`, bytes
/// otherwise, whatever the annotation's body said.
fn describe_bodies(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    use utoipa::openapi::{ContentBuilder, Ref, RefOr};
    for item in doc.paths.paths.values_mut() {
        for operation in operations_mut(item) {
            for (status, response) in operation.responses.responses.iter_mut() {
                let refusal = status.starts_with('4') || status.starts_with('5');
                if let RefOr::T(response) = response {
                    for (media_type, content) in response.content.iter_mut() {
                        if media_type.starts_with("application/json") {
                            continue;
                        }
                        let mut string = ObjectBuilder::new().schema_type(Type::String);
                        if !media_type.starts_with("text/") {
                            string =
                                string.format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
                        }
                        content.schema = Some(string.into());
                    }
                    if refusal && response.content.is_empty() {
                        response.content.insert(
                            "application/json".to_string(),
                            ContentBuilder::new()
                                .schema(Some(Ref::from_schema_name("Refusal")))
                                .build(),
                        );
                    }
                }
            }
        }
    }
}

/// The operation documented for a route; path parameters may be named differently.
fn operation_mut<'a>(
    doc: &'a mut utoipa::openapi::OpenApi,
    method: &Method,
    path: &str,
) -> Option<&'a mut Operation> {
    let shape = |p: &str| -> Vec<String> {
        p.split('/')
            .map(|s| {
                if s.starts_with('{') {
                    "{}".into()
                } else {
                    s.to_string()
                }
            })
            .collect()
    };
    let wanted = shape(path);
    let item = doc
        .paths
        .paths
        .iter_mut()
        .find(|(documented, _)| shape(documented) == wanted)?
        .1;
    match *method {
        Method::GET => item.get.as_mut(),
        Method::POST => item.post.as_mut(),
        Method::DELETE => item.delete.as_mut(),
        Method::PUT => item.put.as_mut(),
        Method::PATCH => item.patch.as_mut(),
        _ => None,
    }
}

#[utoipa::path(get, path = "/api/openapi.json", tag = "service",
    responses((status = 200, content_type = "application/json", description = "this document (an OpenAPI 3.1 document)", body = serde_json::Value)))]
pub async fn get_openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

#[cfg(test)]
mod tests {
    /// Two types of one name would be one schema in the merged document, the second silently
    /// standing for the first (a seat chart and a finance chart did): each name means one shape.
    #[test]
    fn no_two_areas_give_one_schema_name_two_shapes() {
        use std::collections::BTreeMap;
        let mut seen: BTreeMap<String, (&str, String)> = BTreeMap::new();
        let mut clashes = Vec::new();
        for area in crate::routes::AREAS {
            let doc = (area.doc)();
            let Some(components) = doc.components else {
                continue;
            };
            for (name, schema) in components.schemas {
                let shape = serde_json::to_string(&schema).unwrap_or_default();
                match seen.get(&name) {
                    Some((first, known)) if *known != shape => {
                        clashes.push(format!("{name}: {first} and {}", area.name))
                    }
                    Some(_) => {}
                    None => {
                        seen.insert(name, (area.name, shape));
                    }
                }
            }
        }
        assert!(
            clashes.is_empty(),
            "schema names used for two shapes (rename one with #[schema(as = …)]):\n{}",
            clashes.join("\n")
        );
    }

    /// Every 2xx says its content, a JSON schema or the file's media type (297 answers were
    /// described in prose only before issue 38 §7).
    #[test]
    fn every_answer_has_a_schema() {
        use utoipa::openapi::RefOr;
        let doc = super::document();
        let mut prose = Vec::new();
        for (path, item) in &doc.paths.paths {
            let operations = [
                ("GET", item.get.as_ref()),
                ("POST", item.post.as_ref()),
                ("PUT", item.put.as_ref()),
                ("DELETE", item.delete.as_ref()),
                ("PATCH", item.patch.as_ref()),
            ];
            for (method, operation) in operations {
                let Some(operation) = operation else { continue };
                for (status, response) in &operation.responses.responses {
                    let RefOr::T(response) = response else {
                        continue;
                    };
                    if !status.starts_with('2') || status == "204" {
                        continue;
                    }
                    let described = !response.content.is_empty()
                        && response.content.values().all(|c| c.schema.is_some());
                    if !described {
                        prose.push(format!("{method} {path} {status}"));
                    }
                }
            }
        }
        prose.sort();
        assert!(
            prose.is_empty(),
            "{} answers have no schema:\n{}",
            prose.len(),
            prose.join("\n")
        );
    }

    #[test]
    fn every_area_documents_its_paths() {
        for area in crate::routes::AREAS {
            let mut routes = crate::kit::routes::Routes::new();
            (area.configure)(&mut routes);
            // An area of no routes of its own (tickets: only its history) documents none.
            let routed = !routes.table().is_empty();
            assert_eq!(
                !(area.doc)().paths.paths.is_empty(),
                routed,
                "{}",
                area.name
            );
        }
    }
}
