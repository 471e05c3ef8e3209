//! Payments (issue 14; spec 3 §4 Order payment status, INTEGRATIONS.md): what the providers
//! tell the server — Stripe's signed webhooks and the payment window's callback — and the
//! stand-ins the demo and the browser tests pay through (the fake window, and the fake
//! `Stripe()` with its relay to localstripe). The payment pages themselves belong to what is
//! paid for (`orders::payment`); the ledger and the settling are `payments::ledger`.

pub mod ledger;
pub mod stand_ins;
pub mod webhooks;

use utoipa::OpenApi;

use crate::kit::openapi::mirror;
use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "payments",
    configure,
    doc,
    history: &[],
};

fn doc() -> utoipa::openapi::OpenApi {
    let mut doc = PaymentsDoc::openapi();
    mirror(&mut doc, ("/api/public", "_api"), ("/public", "_public"));
    doc
}

/// The providers' calls are mounted under `/api/public` and `/public` alike (spec 1 §6 names
/// `/public/…`); the stand-ins under `/stand-ins`.
pub fn configure(routes: &mut Routes) {
    for prefix in ["/api/public", "/public"] {
        routes.scope(prefix, |routes| {
            routes
                .post(
                    "/payments/stripe/webhook",
                    Access::Public,
                    webhooks::stripe_webhook,
                )
                .get(
                    "/payments/window/callback",
                    Access::Public,
                    webhooks::window_callback,
                );
        });
    }
    routes
        .get(
            "/stand-ins/stripe.js",
            Access::Public,
            stand_ins::fake_stripe_js,
        )
        .post(
            "/stand-ins/stripe/confirm",
            Access::Public,
            stand_ins::relay_confirm_payment,
        )
        .post(
            "/stand-ins/stripe/confirm-saved",
            Access::Public,
            stand_ins::relay_confirm_saved,
        )
        .post(
            "/stand-ins/stripe/authenticate",
            Access::Public,
            stand_ins::relay_authenticate_payment,
        )
        .post(
            "/stand-ins/stripe/confirm-setup",
            Access::Public,
            stand_ins::relay_confirm_setup,
        )
        .post(
            "/stand-ins/stripe/authenticate-setup",
            Access::Public,
            stand_ins::relay_authenticate_setup,
        )
        .get(
            "/stand-ins/stripe/payment-intent",
            Access::Public,
            stand_ins::relay_payment_intent,
        )
        .get(
            "/stand-ins/stripe/setup-intent",
            Access::Public,
            stand_ins::relay_setup_intent,
        )
        .post(
            "/stand-ins/payment-window",
            Access::Public,
            stand_ins::fake_window,
        )
        .post(
            "/stand-ins/payment-window/decide",
            Access::Public,
            stand_ins::fake_window_decide,
        )
        // Checks the merchant number and the web service's password itself, as ePay's does.
        .post(
            "/stand-ins/payment-window/remote",
            Access::Public,
            stand_ins::fake_window_remote,
        )
        .get(
            "/stand-ins/payment-window/slow",
            Access::Public,
            stand_ins::slow_window,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    webhooks::stripe_webhook,
    webhooks::window_callback,
    stand_ins::fake_stripe_js,
    stand_ins::relay_confirm_payment,
    stand_ins::relay_confirm_saved,
    stand_ins::relay_authenticate_payment,
    stand_ins::relay_confirm_setup,
    stand_ins::relay_authenticate_setup,
    stand_ins::relay_payment_intent,
    stand_ins::relay_setup_intent,
    stand_ins::fake_window,
    stand_ins::fake_window_decide,
    stand_ins::fake_window_remote,
    stand_ins::slow_window,
))]
pub struct PaymentsDoc;
