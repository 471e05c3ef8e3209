//! Every route, in one place: route → handler. Handlers are named `<verb>_<resource>`.

pub mod admin;
pub mod history;
pub mod public;
pub mod session;

use actix_web::{web, HttpResponse};

use crate::error::ApiError;
use crate::state::AppState;

/// The start-up and session calls exist under both `/api` and `/public` (spec 1 §6).
fn session_calls(cfg: &mut web::ServiceConfig) {
    use session::{account, app, change_client};
    cfg.route("/app", web::get().to(app::get_app))
        .route("/user", web::get().to(app::get_user))
        .route("/app/modules", web::get().to(app::get_modules))
        .route("/app/client", web::get().to(app::get_client))
        .route("/app/users", web::get().to(app::list_app_users))
        .route("/app/clients", web::get().to(app::list_public_clients))
        .route(
            "/app/change-client/{id}",
            web::get().to(change_client::change_client),
        )
        .route("/login", web::post().to(account::login))
        .route("/register", web::post().to(account::register))
        .route("/forgot-password", web::post().to(account::forgot_password))
        .route("/reset-password", web::post().to(account::reset_password));
}

/// Companies, contacts, contact lists, comments and files (spec 1 §7). Fixed paths come before
/// `{id}` paths so `export`, `update`, `lists` are never read as ids.
fn crm_calls(cfg: &mut web::ServiceConfig) {
    use crate::crm::{comments, companies, contact_lists, contacts, files};
    cfg.route("/companies", web::post().to(companies::list_companies))
        .route("/companies", web::get().to(companies::search_companies))
        .route(
            "/companies/export",
            web::post().to(companies::export_companies),
        )
        .route(
            "/companies/update",
            web::post().to(companies::update_company),
        )
        .route(
            "/companies/cvr-search",
            web::get().to(companies::cvr_search),
        )
        .route(
            "/companies/event-types",
            web::get().to(companies::list_event_types),
        )
        .route("/companies/{id}", web::get().to(companies::get_company))
        .route(
            "/companies/{id}",
            web::delete().to(companies::delete_company),
        )
        .route(
            "/companies/{id}/revenue",
            web::get().to(companies::get_company_revenue),
        )
        .route(
            "/companies/{id}/orders",
            web::get().to(companies::list_company_orders),
        )
        .route(
            "/companies/{id}/contracts",
            web::get().to(companies::list_company_contracts),
        )
        .route(
            "/companies/{id}/ticket-utilization",
            web::get().to(companies::get_ticket_utilization),
        )
        .route("/contacts", web::post().to(contacts::list_contacts))
        .route("/contacts", web::get().to(contacts::search_contacts))
        .route("/contacts/update", web::post().to(contacts::update_contact))
        .route("/contacts/lists", web::get().to(contacts::all_lists))
        .route(
            "/contacts/lists",
            web::post().to(contact_lists::list_contact_lists),
        )
        .route(
            "/contacts/lists/update",
            web::post().to(contact_lists::update_contact_list),
        )
        .route(
            "/contacts/lists/{id}",
            web::get().to(contact_lists::get_contact_list),
        )
        .route(
            "/contacts/lists/{id}",
            web::delete().to(contact_lists::delete_contact_list),
        )
        .route("/contacts/{id}", web::get().to(contacts::get_contact))
        .route("/contacts/{id}", web::delete().to(contacts::delete_contact))
        .route(
            "/contacts/{id}/delete-card",
            web::post().to(contacts::delete_card),
        )
        .route("/comments/{id}", web::get().to(comments::list_comments))
        .route("/comments/{id}", web::post().to(comments::add_comment))
        .route(
            "/comments/{id}/read",
            web::post().to(comments::read_comment),
        )
        .route("/comments/{id}", web::delete().to(comments::delete_comment))
        .route("/files/upload", web::post().to(files::upload_files))
        .route("/files/download/{id}", web::get().to(files::download_file))
        .route("/files/{id}", web::get().to(files::list_files))
        .route("/files/{id}", web::delete().to(files::delete_file));
}

/// The catalogue (products module) and the orders module's reference data (spec 3 §7).
fn catalogue_calls(cfg: &mut web::ServiceConfig) {
    use crate::catalogue::{
        discount_codes, fields, invoice_groups, order_categories, product_categories, products,
        seasons,
    };
    cfg.route(
        "/orders/categories",
        web::post().to(order_categories::list_order_categories),
    )
    .route(
        "/orders/categories",
        web::get().to(order_categories::all_order_categories),
    )
    .route(
        "/orders/categories/update",
        web::post().to(order_categories::update_order_category),
    )
    .route(
        "/orders/categories/{id}",
        web::get().to(order_categories::get_order_category),
    )
    .route(
        "/orders/categories/{id}",
        web::delete().to(order_categories::delete_order_category),
    )
    .route("/orders/seasons", web::post().to(seasons::list_seasons))
    .route("/orders/seasons", web::get().to(seasons::all_seasons))
    .route(
        "/orders/seasons/parents",
        web::get().to(seasons::parent_seasons),
    )
    .route(
        "/orders/seasons/update",
        web::post().to(seasons::update_season),
    )
    .route("/orders/seasons/{id}", web::get().to(seasons::get_season))
    .route(
        "/orders/seasons/{id}",
        web::delete().to(seasons::delete_season),
    )
    .route("/orders/fields", web::post().to(fields::list_fields))
    .route("/orders/fields", web::get().to(fields::fields_of_category))
    .route(
        "/orders/fields/update",
        web::post().to(fields::update_field),
    )
    .route("/orders/fields/{id}", web::get().to(fields::get_field))
    .route(
        "/orders/fields/{id}",
        web::delete().to(fields::delete_field),
    )
    .route(
        "/orders/discount-codes",
        web::post().to(discount_codes::list_discount_codes),
    )
    .route(
        "/orders/discount-codes/update",
        web::post().to(discount_codes::update_discount_code),
    )
    .route(
        "/orders/discount-codes/{id}",
        web::get().to(discount_codes::get_discount_code),
    )
    .route(
        "/orders/discount-codes/{id}",
        web::delete().to(discount_codes::delete_discount_code),
    )
    .route("/seats/charts", web::get().to(seasons::list_seat_charts))
    .route(
        "/products/invoicegroups",
        web::post().to(invoice_groups::list_invoice_groups),
    )
    .route(
        "/products/invoicegroups",
        web::get().to(invoice_groups::all_invoice_groups),
    )
    .route(
        "/products/invoicegroups/update",
        web::post().to(invoice_groups::update_invoice_group),
    )
    .route(
        "/products/invoicegroups/{id}",
        web::get().to(invoice_groups::get_invoice_group),
    )
    .route(
        "/products/invoicegroups/{id}",
        web::delete().to(invoice_groups::delete_invoice_group),
    )
    .route(
        "/products/categories",
        web::post().to(product_categories::list_product_categories),
    )
    .route(
        "/products/categories",
        web::get().to(product_categories::all_product_categories),
    )
    .route(
        "/products/categories/update",
        web::post().to(product_categories::update_product_category),
    )
    .route(
        "/products/categories/{id}",
        web::get().to(product_categories::get_product_category),
    )
    .route(
        "/products/categories/{id}",
        web::delete().to(product_categories::delete_product_category),
    )
    .route(
        "/products/categories/{id}/products",
        web::get().to(product_categories::list_category_products),
    )
    .route(
        "/products/categories/{id}/products",
        web::post().to(product_categories::sort_category_products),
    )
    .route("/products", web::post().to(products::list_products))
    .route("/products", web::get().to(products::search_products))
    .route("/products/update", web::post().to(products::update_product))
    .route("/products/{id}", web::get().to(products::get_product))
    .route("/products/{id}", web::delete().to(products::delete_product));
}

/// Orders (spec 3 §7 Orders). The fixed paths come before `/orders/{id}`.
fn order_calls(cfg: &mut web::ServiceConfig) {
    use crate::orders::{self, list};
    cfg.route("/orders", web::post().to(list::list_orders))
        .route("/orders/export", web::post().to(list::export_orders))
        .route("/orders/new", web::get().to(orders::new_order))
        .route(
            "/orders/contracts",
            web::get().to(orders::linkable_contracts),
        )
        .route("/orders/update", web::post().to(orders::update_order))
        .route("/orders/approve", web::post().to(orders::approve_order))
        .route("/orders/edit", web::post().to(orders::reopen_order))
        .route("/orders/cancel", web::post().to(orders::cancel_order))
        .route(
            "/orders/payment-status",
            web::post().to(orders::set_payment_status),
        )
        .route("/orders/{id}", web::get().to(orders::get_order))
        .route("/orders/{id}", web::delete().to(orders::delete_order))
        .route(
            "/orders/{id}/capture-payment",
            web::post().to(orders::capture_payment),
        )
        .route(
            "/orders/{id}/send-paymentlink",
            web::post().to(orders::send_payment_link),
        )
        .route(
            "/orders/{id}/send-confirmation",
            web::post().to(orders::send_confirmation),
        )
        .route("/orders/{id}/tickets", web::get().to(orders::order_tickets))
        .route(
            "/invoices/{order_id}",
            web::get().to(orders::order_invoices),
        );
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(admin::configure);
    cfg.route("/healthz", web::get().to(healthz))
        .route("/logout", web::get().to(session::account::logout))
        .route(
            "/confirm-email",
            web::get().to(session::account::confirm_email),
        )
        .route(
            "/api/openapi.json",
            web::get().to(crate::openapi::get_openapi),
        )
        .service(
            web::scope("/api")
                .configure(session_calls)
                .configure(crm_calls)
                .configure(catalogue_calls)
                .configure(order_calls)
                .route("/webshop/terms", web::get().to(public::get_terms))
                .route(
                    "/webshop/subscription-terms",
                    web::get().to(public::get_subscription_terms),
                )
                .route("/events", web::get().to(public::list_event_cards))
                .route("/history/{type}/{id}", web::get().to(history::get_history))
                .route(
                    "/history/{type}/{id}/at/{sequence}",
                    web::get().to(history::get_history_at),
                )
                .default_service(web::to(not_found)),
        )
        .service(
            web::scope("/public")
                .configure(session_calls)
                .route("/webshop/terms", web::get().to(public::get_terms))
                .route(
                    "/webshop/subscription-terms",
                    web::get().to(public::get_subscription_terms),
                )
                .route("/events", web::get().to(public::list_event_cards))
                .default_service(web::to(not_found)),
        );
}

async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    sqlx::query("SELECT 1").execute(&state.pool).await?;
    Ok(HttpResponse::Ok().content_type("text/plain").body("ok"))
}
