//! The OpenAPI document served at `/api/openapi.json`: every area's document merged (issue 11
//! §4). A test checks that it names every registered route.

use actix_web::HttpResponse;
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tribune API",
        description = "Back office and public booking site for Danish sports clubs. \
            Money on the wire is always an integer number of øre (1 kr = 100 øre): prices, \
            amounts, totals, fees and discounts alike."
    ),
    components(schemas(crate::envelope::ListParams, crate::identity::acl::AclItem))
)]
pub struct ApiDoc;

/// The whole document: the frame above with every area's paths.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for area in crate::routes::AREAS {
        doc.merge((area.doc)());
    }
    doc
}

#[utoipa::path(get, path = "/api/openapi.json", tag = "service",
    responses((status = 200, content_type = "application/json", description = "this document")))]
pub async fn get_openapi() -> HttpResponse {
    HttpResponse::Ok().json(document())
}
