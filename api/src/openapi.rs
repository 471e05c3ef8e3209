use actix_web::HttpResponse;
use utoipa::OpenApi;

use crate::crm::{comments, companies, contact_lists, contacts, files};
use crate::routes::{history, public, session};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tribune API",
        description = "Back office and public booking site for Danish sports clubs"
    ),
    paths(
        session::app::get_app,
        session::app::get_user,
        session::app::get_modules,
        session::app::get_client,
        session::app::list_app_users,
        session::app::list_public_clients,
        session::change_client::change_client,
        session::account::login,
        session::account::logout,
        session::account::register,
        session::account::confirm_email,
        session::account::forgot_password,
        session::account::reset_password,
        history::get_history,
        history::get_history_at,
        public::get_terms,
        public::get_subscription_terms,
        public::list_event_cards,
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
        crate::orders::list::list_orders,
        crate::orders::list::export_orders,
        crate::orders::get_order,
        crate::orders::new_order,
        crate::orders::update_order,
        crate::orders::approve_order,
        crate::orders::reopen_order,
        crate::orders::cancel_order,
        crate::orders::set_payment_status,
        crate::orders::delete_order,
        crate::orders::capture_payment,
        crate::orders::send_payment_link,
        crate::orders::send_confirmation,
        crate::orders::order_tickets,
        crate::orders::order_invoices,
        crate::orders::linkable_contracts,
    ),
    components(schemas(
        crate::envelope::ListParams,
        crate::identity::acl::AclItem,
        crate::orders::dto::OrderInput,
        crate::orders::OrderRef
    ))
)]
pub struct ApiDoc;

pub async fn get_openapi() -> HttpResponse {
    HttpResponse::Ok().json(ApiDoc::openapi())
}
