//! Subscriptions (spec 3 §2 Subscriptions, §3, §4 Subscription status and public subscription,
//! §5, §7; issue 14): the staff's list and editor calls, the public subscription page with the
//! options the customer chooses and activation by card, auto-renew (`renewal`), and the history
//! source. The recurring charges and their invoices are the invoices area's
//! (`invoices::recurring`), where the invoice service lives.

pub mod dto;
pub mod old_paths;
pub mod options;
pub mod profile;
pub mod public;
pub mod renewal;
pub mod service;
pub mod subscription;

use tribune_domain::subscription::Subscription;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};
pub use service::{SubscriptionService, CONFLICT};

/// Subscriptions belong to the orders module.
pub const MODULE: &str = "orders";

pub const AREA: Area = Area {
    name: "subscriptions",
    configure,
    doc: SubscriptionsDoc::openapi,
    history: &[&AggregateHistory::<Subscription> {
        aggregate_type: "subscription",
        module: Some(MODULE),
        bus: |state| &state.subscriptions,
        view: |id, sequence, subscription| {
            serde_json::to_value(dto::SubscriptionDto::from_subscription(
                id.parse().ok(),
                sequence,
                subscription,
            ))
        },
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/subscriptions", read, subscription::list_subscriptions)
        .get("/api/subscriptions", read, subscription::get_subscriptions)
        .get(
            "/api/subscriptions/new",
            read,
            subscription::new_subscription,
        )
        .post(
            "/api/subscriptions/update",
            manage,
            subscription::update_subscription,
        )
        .post(
            "/api/subscriptions/approve",
            manage,
            subscription::approve_subscription,
        )
        .post(
            "/api/subscriptions/edit",
            manage,
            subscription::reopen_subscription,
        )
        .post(
            "/api/subscriptions/cancel",
            manage,
            subscription::cancel_subscription,
        )
        .get(
            "/api/subscriptions/{id}",
            read,
            subscription::get_subscription,
        )
        .delete(
            "/api/subscriptions/{id}",
            manage,
            subscription::delete_subscription,
        )
        .post(
            "/api/subscriptions/{id}/send-paymentlink",
            manage,
            subscription::send_subscription_payment_link,
        )
        .get(
            "/public/subscriptions/{id}",
            Access::Public,
            public::public_subscription,
        )
        .post(
            "/public/subscriptions/{id}/update",
            Access::Public,
            options::update_public_subscription_options,
        )
        .post(
            "/public/subscriptions/{id}/update-contact",
            Access::Public,
            public::update_subscription_contact,
        )
        .post(
            "/public/subscriptions/{id}/activate",
            Access::Public,
            public::start_activation,
        )
        .post(
            "/public/subscriptions/{id}/activate/confirm",
            Access::Public,
            public::confirm_activation,
        )
        .get(
            "/api/public/subscriptions/{id}",
            Access::Public,
            old_paths::old_public_subscription,
        )
        .post(
            "/api/public/subscriptions/{id}/update",
            Access::Public,
            old_paths::old_update_options,
        )
        .post(
            "/api/public/subscriptions/{id}/update-contact",
            Access::Public,
            old_paths::old_update_contact,
        )
        .post(
            "/api/public/subscriptions/{id}/activate",
            Access::Public,
            old_paths::old_start_activation,
        )
        .post(
            "/api/public/subscriptions/{id}/activate/confirm",
            Access::Public,
            old_paths::old_confirm_activation,
        )
        .get(
            "/api/profile/subscriptions",
            Access::SignedIn,
            profile::my_subscriptions,
        )
        .post(
            "/api/profile/cancel-subscription/{id}",
            Access::SignedIn,
            profile::cancel_my_subscription,
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        subscription::list_subscriptions,
        subscription::get_subscriptions,
        subscription::new_subscription,
        subscription::get_subscription,
        subscription::update_subscription,
        subscription::approve_subscription,
        subscription::reopen_subscription,
        subscription::cancel_subscription,
        subscription::delete_subscription,
        subscription::send_subscription_payment_link,
        public::public_subscription,
        options::update_public_subscription_options,
        public::update_subscription_contact,
        public::start_activation,
        public::confirm_activation,
        old_paths::old_public_subscription,
        old_paths::old_update_options,
        old_paths::old_update_contact,
        old_paths::old_start_activation,
        old_paths::old_confirm_activation,
        profile::my_subscriptions,
        profile::cancel_my_subscription,
    ),
    components(schemas(
        dto::SubscriptionInput,
        dto::SubscriptionRef,
        dto::ChosenOptions,
        dto::LineChoice,
        dto::OptionChoice,
        public::ConfirmSetup
    ))
)]
pub struct SubscriptionsDoc;
