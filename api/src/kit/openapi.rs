//! Pieces every area's OpenAPI block uses: the multipart shape of a write with files, and the
//! copies of paths an area mounts more than once.

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::OpenApi;

/// A write with files (`POST {ep}/update` as multipart/form-data): the entity as JSON text in
/// `data` (the same JSON the plain `application/json` body holds), each file in a part named as
/// the endpoint says.
#[derive(utoipa::ToSchema)]
pub struct MultipartUpdate {
    /// The entity as JSON text.
    pub data: String,
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .flatten()
}

/// Documents the operations at `from` also at `to` (one handler mounted at several paths). Each
/// copy's operationId gets `suffix`, since operationIds are unique in a document.
pub fn copy_path(doc: &mut OpenApi, from: &str, to: &str, suffix: &str) {
    let Some(mut item) = doc.paths.paths.get(from).cloned() else {
        return;
    };
    for operation in operations(&mut item) {
        if let Some(id) = &mut operation.operation_id {
            id.push_str(suffix);
        }
    }
    doc.paths.paths.entry(to.to_string()).or_insert(item);
}

/// Every path under one prefix also under the other, both ways (`/api/app` ⇄ `/public/app`),
/// for the calls an area mounts under both.
pub fn mirror(doc: &mut OpenApi, (a, a_suffix): (&str, &str), (b, b_suffix): (&str, &str)) {
    let paths: Vec<String> = doc.paths.paths.keys().cloned().collect();
    for path in paths {
        if let Some(rest) = path.strip_prefix(a) {
            copy_path(doc, &path, &format!("{b}{rest}"), b_suffix);
        } else if let Some(rest) = path.strip_prefix(b) {
            copy_path(doc, &path, &format!("{a}{rest}"), a_suffix);
        }
    }
}
