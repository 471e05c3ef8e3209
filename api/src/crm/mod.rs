//! CRM: companies, contacts, contact lists, comments and files (spec 1). Plain tables written
//! with sqlx; each file holds a resource's handlers and the SQL they run. Every query runs in a
//! club transaction (`club_tx`), so row-level security backs up the explicit `client_id` filters.

pub mod comments;
pub mod companies;
pub mod contact_lists;
pub mod contacts;
pub mod entities;
pub mod extra_info;
pub mod files;
#[cfg(test)]
pub(crate) mod typescript;

use utoipa::OpenApi;

use crate::identity::acl::Action;
use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "crm",
    configure,
    doc: CrmDoc::openapi,
    history: &[],
};

const COMPANIES: &str = "companies";
const CONTACTS: &str = "contacts";

/// Companies, contacts, contact lists, comments and files (spec 1 §7). Fixed paths come before
/// `{id}` paths so `export`, `update`, `lists` are never read as ids. Comments and files belong
/// to the module of the entity they hang on, which the request names: their routes' rules find it.
pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(COMPANIES), Access::manage(COMPANIES));
    routes
        .post("/api/companies", read, companies::list_companies)
        .stale_ok()
        .get("/api/companies", read, companies::search_companies)
        .post("/api/companies/export", read, companies::export_companies)
        .post("/api/companies/update", manage, companies::update_company)
        .get("/api/companies/cvr-search", read, companies::cvr_search)
        .get(
            "/api/companies/event-types",
            read,
            companies::list_event_types,
        )
        .get("/api/companies/{id}", read, companies::get_company)
        .delete("/api/companies/{id}", manage, companies::delete_company)
        .get(
            "/api/companies/{id}/revenue",
            read,
            companies::get_company_revenue,
        )
        .get(
            "/api/companies/{id}/orders",
            read,
            companies::list_company_orders,
        )
        .stale_ok()
        .get(
            "/api/companies/{id}/contracts",
            read,
            companies::list_company_contracts,
        )
        .stale_ok()
        .get(
            "/api/companies/{id}/ticket-utilization",
            read,
            companies::get_ticket_utilization,
        );
    let (read, manage) = (Access::read(CONTACTS), Access::manage(CONTACTS));
    routes
        .post("/api/contacts", read, contacts::list_contacts)
        .stale_ok()
        .get("/api/contacts", read, contacts::search_contacts)
        .post("/api/contacts/update", manage, contacts::update_contact)
        .get("/api/contacts/lists", read, contacts::all_lists)
        .post(
            "/api/contacts/lists",
            read,
            contact_lists::list_contact_lists,
        )
        .stale_ok()
        .post(
            "/api/contacts/lists/update",
            manage,
            contact_lists::update_contact_list,
        )
        .get(
            "/api/contacts/lists/{id}",
            read,
            contact_lists::get_contact_list,
        )
        .delete(
            "/api/contacts/lists/{id}",
            manage,
            contact_lists::delete_contact_list,
        )
        .get("/api/contacts/{id}", read, contacts::get_contact)
        .delete("/api/contacts/{id}", manage, contacts::delete_contact)
        .post(
            "/api/contacts/{id}/delete-card",
            manage,
            contacts::delete_card,
        );
    // Comments and files belong to the module of the entity they hang on, which each route's
    // rule finds from the id its path names before the handler runs.
    use entities::{
        COMMENT_MANAGE, COMMENT_READ, ENTITY_MANAGE, ENTITY_READ, FILE_MANAGE, FILE_READ,
    };
    routes
        .get(
            "/api/comments/{id}",
            Access::Resolved(&ENTITY_READ),
            comments::list_comments,
        )
        .post(
            "/api/comments/{id}",
            Access::Resolved(&ENTITY_MANAGE),
            comments::add_comment,
        )
        .post(
            "/api/comments/{id}/read",
            Access::Resolved(&COMMENT_READ),
            comments::read_comment,
        )
        .delete(
            "/api/comments/{id}",
            Access::Resolved(&COMMENT_MANAGE),
            comments::delete_comment,
        )
        .post(
            "/api/files/upload",
            Access::AnyModule(files::GRID_MODULES, Action::Manage),
            files::upload_files,
        )
        .get(
            "/api/files/download/{id}",
            Access::Resolved(&FILE_READ),
            files::download_file,
        )
        .get(
            "/api/files/{id}",
            Access::Resolved(&ENTITY_READ),
            files::list_files,
        )
        .delete(
            "/api/files/{id}",
            Access::Resolved(&FILE_MANAGE),
            files::delete_file,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    companies::list_companies,
    companies::search_companies,
    companies::export_companies,
    companies::update_company,
    companies::cvr_search,
    companies::list_event_types,
    companies::get_company,
    companies::delete_company,
    companies::get_company_revenue,
    companies::list_company_orders,
    companies::list_company_contracts,
    companies::get_ticket_utilization,
    contacts::list_contacts,
    contacts::search_contacts,
    contacts::update_contact,
    contacts::all_lists,
    contacts::get_contact,
    contacts::delete_contact,
    contacts::delete_card,
    contact_lists::list_contact_lists,
    contact_lists::update_contact_list,
    contact_lists::get_contact_list,
    contact_lists::delete_contact_list,
    comments::list_comments,
    comments::add_comment,
    comments::read_comment,
    comments::delete_comment,
    files::list_files,
    files::upload_files,
    files::download_file,
    files::delete_file,
))]
pub struct CrmDoc;
