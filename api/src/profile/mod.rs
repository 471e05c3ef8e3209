//! The customer's own orders and tickets (`orders`; issue 36), and saved cards (spec 3 §2
//! Customer profile #cards 'Betalingskort', §3 Saved payment card, §7 `create-card`, `default-card`, `delete-card`, `accept-subscription`;
//! issue 14): a customer at the club's card provider per user, cards added through a Stripe
//! SetupIntent, listed from the provider, one of them the default.

pub mod cards;
pub mod orders;

use utoipa::OpenApi;

use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "profile",
    configure,
    doc: ProfileDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    routes
        .get("/api/profile/cards", Access::SignedIn, cards::list_my_cards)
        .post(
            "/api/profile/create-card",
            Access::SignedIn,
            cards::create_my_card,
        )
        .get(
            "/api/profile/accept-subscription",
            Access::SignedIn,
            cards::accept_my_card_redirect,
        )
        .post(
            "/api/profile/accept-card",
            Access::SignedIn,
            cards::accept_my_card,
        )
        .post(
            "/api/profile/default-card",
            Access::SignedIn,
            cards::default_my_card,
        )
        .post(
            "/api/profile/delete-card",
            Access::SignedIn,
            cards::delete_my_card,
        )
        .get("/api/profile/orders", Access::SignedIn, orders::my_orders)
        .post(
            "/api/profile/orders/{id}/resend-confirmation",
            Access::SignedIn,
            orders::resend_my_confirmation,
        );
}

#[derive(OpenApi)]
#[openapi(
    paths(
        cards::list_my_cards,
        cards::create_my_card,
        cards::accept_my_card_redirect,
        cards::accept_my_card,
        cards::default_my_card,
        cards::delete_my_card,
        orders::my_orders,
        orders::resend_my_confirmation,
    ),
    components(schemas(
        cards::CardRef,
        cards::AcceptCard,
        orders::ProfileOrders,
        orders::ProfileOrder,
        orders::ProfileOrderKind,
        orders::ProfileOrderStatus,
        orders::ProfileOrderLine,
        orders::ProfileEvent,
        orders::ProfileTicket,
    ))
)]
pub struct ProfileDoc;
