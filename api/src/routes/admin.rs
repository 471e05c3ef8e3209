//! Settings and administration routes (spec 1 §7 Settings and administration), the profile, the
//! accounting reference data and the team-sport import. Registered before the `/api` scope, so
//! their fixed paths win over other areas' `{id}` paths; fixed paths come before `{id}` here too.

use actix_web::web;

use crate::admin::{
    accounting, client_users, clients, club_settings, images, jobs, modules, profile, team_import,
    users,
};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/accept-invite", web::get().to(client_users::accept_invite))
        .route(
            "/public/images/{kind}/{owner}/{id}",
            web::get().to(images::get_image),
        )
        // Club settings and the club's users (club admins).
        .route("/api/settings", web::get().to(club_settings::get_settings))
        .route(
            "/api/settings/update",
            web::post().to(club_settings::update_settings),
        )
        .route(
            "/api/client/users",
            web::get().to(client_users::list_client_users),
        )
        .route(
            "/api/client/users/update",
            web::post().to(client_users::update_client_user),
        )
        .route(
            "/api/client/users/find/{email}",
            web::get().to(client_users::find_client_user),
        )
        .route(
            "/api/client/users/{id}",
            web::get().to(client_users::get_client_user),
        )
        .route(
            "/api/client/users/{id}",
            web::delete().to(client_users::delete_client_user),
        )
        // The admin group (System Admins).
        .route("/api/users", web::get().to(users::list_users))
        .route("/api/users/update", web::post().to(users::update_user))
        .route("/api/users/return", web::get().to(users::return_to_self))
        .route("/api/users/{id}", web::get().to(users::get_user))
        .route("/api/users/{id}", web::delete().to(users::delete_user))
        .route(
            "/api/users/{id}/impersonate",
            web::post().to(users::impersonate_user),
        )
        .route("/api/clients", web::get().to(clients::list_clients))
        .route(
            "/api/clients/modules",
            web::get().to(clients::list_client_module_choices),
        )
        .route(
            "/api/clients/update",
            web::post().to(clients::update_client),
        )
        .route("/api/clients/{id}", web::get().to(clients::get_client))
        .route(
            "/api/clients/{id}",
            web::delete().to(clients::delete_client),
        )
        .route("/api/modules", web::get().to(modules::list_modules))
        .route(
            "/api/modules/update",
            web::post().to(modules::update_module),
        )
        .route("/api/modules/{id}", web::get().to(modules::get_module))
        .route(
            "/api/modules/{id}",
            web::delete().to(modules::delete_module),
        )
        .route("/api/jobs", web::post().to(jobs::list_jobs))
        .route("/api/jobs/{id}", web::get().to(jobs::get_job))
        .route("/api/jobs/{id}", web::delete().to(jobs::delete_job))
        .route("/api/jobs/{id}/execute", web::post().to(jobs::execute_job))
        .route("/api/jobs/{id}/cancel", web::post().to(jobs::cancel_job))
        // The staff profile.
        .route("/api/profile", web::get().to(profile::get_profile))
        .route(
            "/api/profile/update",
            web::post().to(profile::update_profile),
        )
        // The team-sport import (contacts module) and accounting data (orders module).
        .route(
            "/api/contacts/import",
            web::post().to(team_import::import_contacts),
        )
        .route(
            "/api/contacts/import/teams",
            web::get().to(team_import::list_import_teams),
        )
        .route(
            "/api/orders/economic/products",
            web::get().to(accounting::search_accounting_products),
        );
    for kind in accounting::REFERENCE_PATHS {
        cfg.route(
            &format!("/api/orders/{kind}"),
            web::get().to(accounting::list_references),
        );
    }
}
