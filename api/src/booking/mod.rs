//! The public booking of events (spec 2 §2 Public event page, Order confirmation page; §3
//! Public product for sale, Booking, Order (public confirmation), Ticket; §4 Public order
//! status, Booking wizard, Customer choice; §5; §6; §7 Public booking; issue 15). The event page
//! (`page.rs`); what is for sale to whom (`sale.rs`); a booking checked and priced (`plan.rs`);
//! booking it as an order holding its places (`book.rs`); confirming it — at once when free, on
//! its card payment otherwise (`confirm.rs`); the order, its retry, the payer's return and the
//! tickets as the buyer sees them (`order.rs`, `ticket_pdf.rs`); giving up the bookings nobody
//! paid (`sweep.rs`); the wire types (`dto.rs`).
//! Fixed paths come before `{id}`.

pub mod batch;
pub mod book;
pub mod confirm;
pub mod dto;
pub mod order;
pub mod page;
pub mod plan;
pub mod sale;
pub mod sweep;
pub mod ticket_pdf;

use utoipa::OpenApi;

use crate::kit::routes::{Access, Area, Routes};

pub const AREA: Area = Area {
    name: "booking",
    configure,
    doc: BookingDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    routes.scope("/public/events", |routes| {
        routes
            .post("/validate-contact", Access::Public, book::validate_contact)
            .post("/create-intent", Access::Public, book::create_intent)
            .post("/book", Access::Public, book::book_event)
            .get("/tickets/{orderId}", Access::Public, order::booked_tickets)
            .get("/ticket/{ticketId}", Access::Public, order::ticket_pdf)
            .post("/{id}/products", Access::Public, book::booking_products)
            .get("/{id}/order/{orderId}", Access::Public, order::booked_order)
            .post(
                "/{id}/order/{orderId}/pay",
                Access::Public,
                order::pay_order,
            )
            .post(
                "/{id}/order/{orderId}/accept-payment",
                Access::Public,
                order::accept_payment,
            )
            .get("/{url}", Access::Public, page::public_event);
    });
}

#[derive(OpenApi)]
#[openapi(
    paths(
        book::validate_contact,
        book::create_intent,
        book::book_event,
        order::booked_tickets,
        order::ticket_pdf,
        book::booking_products,
        order::booked_order,
        order::pay_order,
        order::accept_payment,
        page::public_event,
    ),
    components(schemas(
        dto::BookingInput,
        dto::BookingLineInput,
        dto::BookingIntent,
        dto::PricedBooking,
        dto::PricedLine,
        dto::PublicEvent,
        dto::PublicSponsorGroup,
        dto::PublicSponsor,
        dto::CustomerChoice,
        dto::PublicCustomer,
        dto::SignUpStatus,
        order::AcceptPayment,
    ))
)]
pub struct BookingDoc;
