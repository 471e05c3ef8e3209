//! The event form's rules (spec 2 §5 Event, Ticket product, Sender), one set for events and
//! types: an event needs a title, a type, its four dates in order and a sender; a type only its
//! title. Both keep to the rest where it is filled in (dates in order, a valid e-mail, ticket
//! products of the club's tickets …), and both name only the club's own rows.

use std::collections::HashSet;

use sqlx::PgConnection;
use tribune_domain::money::Money;
use uuid::Uuid;

use super::dto::{
    EventContent, EventExtraInfo, EventForm, EventSeating, EventSponsor, EventTablePlan,
    EventTicketProduct, EventTickets, NotificationTemplates, REMINDER_INTERVALS,
};
use super::relations::all_contracts_of_club;
use crate::error::ApiError;
use crate::kit::club::{all_in_club, exists_in_club};
use crate::kit::html::sanitize;
use crate::kit::sales::{check_parties, Parties};
use crate::kit::text::clean;
use crate::kit::validate::Check;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Event,
    Type,
}

/// Every field rule, each on its field as the form names it.
pub fn check_fields(input: &EventForm, kind: Kind, check: &mut Check) {
    check.required_text("title", "Titel", &input.title);
    let event = kind == Kind::Event;
    if event && input.type_id.is_none() {
        check.fail("typeId", "Type skal vælges");
    }
    check_dates(input, event, check);
    let sender = &input.sender;
    if event {
        check.required_text("sender.name", "Afsendernavn", &Some(sender.name.clone()));
        check.required_text(
            "sender.email",
            "Afsender e-mail",
            &Some(sender.email.clone()),
        );
    }
    check.email("sender.email", "Afsender e-mail", sender.email.trim());
    check.not_negative(
        "maxSignups",
        "Maks. tilmeldinger",
        input.max_signups.map(i64::from),
    );
    check.not_negative(
        "maxCompanySignups",
        "Maks. tilmeldinger pr. virksomhed",
        input.max_company_signups.map(i64::from),
    );
    if let Some(seating) = &input.seating {
        check.between(
            "seating.maxSeatsPerSession",
            "Maks. pladser pr. reservation",
            seating.max_seats_per_session.map(i64::from),
            1,
            10_000,
        );
        check.between(
            "seating.maxSessionsPerVisitor",
            "Maks. reservationer pr. forbindelse",
            seating.max_sessions_per_visitor.map(i64::from),
            1,
            100_000,
        );
    }
    for (i, info) in input.extra_info.iter().enumerate() {
        if info.title.trim().is_empty() {
            check.fail(&format!("extraInfo.{i}.title"), "Titel skal udfyldes");
        }
        if info.alias.trim().is_empty() {
            check.fail(&format!("extraInfo.{i}.alias"), "Alias skal udfyldes");
        }
    }
    if input
        .notifications
        .reminder_interval
        .is_some_and(|days| !REMINDER_INTERVALS.contains(&days))
    {
        check.fail(
            "notifications.reminderInterval",
            "Påmindelse skal være 1, 2, 3, 4, 5, 7 eller 14 dage før",
        );
    }
    for (i, product) in input.tickets.products.iter().enumerate() {
        let field = |name: &str| format!("tickets.products.{i}.{name}");
        if product.product_id.is_none() {
            check.fail(&field("productId"), "Produkt skal vælges");
        }
        check.required_text(&field("title"), "Titel", &product.title);
        if check.present(&field("price"), "Pris", &product.price) {
            check.unit_price(&field("price"), "Pris", product.price);
        }
        check.not_negative(
            &field("maxAmount"),
            "Maks. antal",
            product.max_amount.map(i64::from),
        );
        check.not_negative(
            &field("maxCompanyAmount"),
            "Maks. antal pr. virksomhed",
            product.max_company_amount.map(i64::from),
        );
        check.unit_price(
            &field("publicPrice"),
            "Offentlig pris",
            product.public_price,
        );
    }
}

/// The four dates an event needs, and the order of all five where they are given: the end not
/// before the start, the deadline not after the end, sign-up not opening after the deadline,
/// public sign-up between the two.
fn check_dates(input: &EventForm, required: bool, check: &mut Check) {
    if required {
        check.present("startDate", "Start", &input.start_date);
        check.present("endDate", "Slut", &input.end_date);
        check.present("signUpStart", "Tilmelding åbner", &input.sign_up_start);
        check.present(
            "signUpDeadline",
            "Tilmeldingsfrist",
            &input.sign_up_deadline,
        );
    }
    let before = |a: &Option<_>, b: &Option<_>| matches!((a, b), (Some(a), Some(b)) if a < b);
    if before(&input.end_date, &input.start_date) {
        check.fail("endDate", "Slut må ikke være før start");
    }
    if before(&input.end_date, &input.sign_up_deadline) {
        check.fail(
            "signUpDeadline",
            "Tilmeldingsfristen må ikke være efter slut",
        );
    }
    if before(&input.sign_up_deadline, &input.sign_up_start) {
        check.fail(
            "signUpStart",
            "Tilmelding åbner må ikke være efter tilmeldingsfristen",
        );
    }
    if before(&input.sign_up_public, &input.sign_up_start)
        || before(&input.sign_up_deadline, &input.sign_up_public)
    {
        check.fail(
            "signUpPublic",
            "Offentlig tilmelding skal ligge mellem tilmelding åbner og tilmeldingsfristen",
        );
    }
}

/// That every row the form names is the club's own: the type, the owner ('Ansvarlig', a user of
/// the club), sponsors, invitees, the table plan's products, a type's related companies and
/// contracts, and ticket products that are the club's tickets or seat tickets.
pub async fn check_references(
    conn: &mut PgConnection,
    client_id: Uuid,
    input: &EventForm,
    kind: Kind,
    check: &mut Check,
) -> Result<(), ApiError> {
    if kind == Kind::Event && !exists_in_club(conn, "event_types", client_id, input.type_id).await?
    {
        check.fail("typeId", "Typen findes ikke");
    }
    let owner = Parties {
        season_id: None,
        company_id: None,
        contact_id: None,
        owner_id: input.owner_id,
    };
    check_parties(conn, client_id, owner, check.errors()).await?;
    for (i, sponsor) in input.sponsors.iter().enumerate() {
        if !all_in_club(conn, "companies", client_id, &sponsor.company_ids).await? {
            check.fail(
                &format!("sponsors.{i}.companyIds"),
                "En virksomhed findes ikke",
            );
        }
    }
    let invitees = &input.invitees;
    for (field, table, ids, message) in [
        (
            "invitees.productIds",
            "products",
            &invitees.product_ids,
            "Et produkt findes ikke",
        ),
        (
            "invitees.orderProductIds",
            "products",
            &invitees.order_product_ids,
            "Et produkt findes ikke",
        ),
        (
            "invitees.companyIds",
            "companies",
            &invitees.company_ids,
            "En virksomhed findes ikke",
        ),
        (
            "invitees.contactIds",
            "contacts",
            &invitees.contact_ids,
            "En kontaktperson findes ikke",
        ),
        (
            "invitees.contactListIds",
            "contact_lists",
            &invitees.contact_list_ids,
            "En kontaktliste findes ikke",
        ),
        (
            "tablePlan.productIds",
            "products",
            &input.table_plan.product_ids,
            "Et produkt findes ikke",
        ),
    ] {
        if !all_in_club(conn, table, client_id, ids).await? {
            check.fail(field, message);
        }
    }
    if kind == Kind::Type {
        let relations = &input.relations;
        if !all_in_club(conn, "companies", client_id, &relations.company_ids).await? {
            check.fail("relations.companyIds", "En virksomhed findes ikke");
        }
        if !all_contracts_of_club(conn, client_id, &relations.contract_ids).await? {
            check.fail("relations.contractIds", "En kontrakt findes ikke");
        }
    }
    let wanted: Vec<Uuid> = input
        .tickets
        .products
        .iter()
        .filter_map(|p| p.product_id)
        .collect();
    let tickets: HashSet<Uuid> = sqlx::query_scalar(
        "SELECT id FROM products WHERE client_id = $1 AND id = ANY($2) AND type IN ('ticket', 'seat-ticket')",
    )
    .bind(client_id)
    .bind(&wanted)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for (i, product) in input.tickets.products.iter().enumerate() {
        if product.product_id.is_some_and(|id| !tickets.contains(&id)) {
            check.fail(
                &format!("tickets.products.{i}.productId"),
                "Produktet skal være en billet",
            );
        }
    }
    Ok(())
}

/// Rich text as it is kept: sanitised, and nothing for an empty editor.
fn rich_text(value: &Option<String>) -> String {
    clean(value).map(|html| sanitize(&html)).unwrap_or_default()
}

fn text(value: &Option<String>) -> String {
    clean(value).unwrap_or_default()
}

/// The checked form as it is kept: text trimmed, rich text sanitised, read-only parts left out,
/// and the slots' files (in `files::Slot::ALL`'s order) as given.
pub fn content(input: &EventForm, files: [Option<String>; 6]) -> EventContent {
    let [banner_picture, banner_bottom, invite_attachment, ticket_logo, ticket_picture, card_picture] =
        files;
    let seating = input
        .seating
        .as_ref()
        .map(|s| EventSeating {
            chart_id: clean(&s.chart_id),
            name: clean(&s.name),
            event_id: clean(&s.event_id),
            max_seats_per_session: s.max_seats_per_session,
            max_sessions_per_visitor: s.max_sessions_per_visitor,
        })
        .filter(|s| {
            s.chart_id.is_some()
                || s.name.is_some()
                || s.event_id.is_some()
                || s.max_seats_per_session.is_some()
                || s.max_sessions_per_visitor.is_some()
        });
    let templates = |t: &NotificationTemplates| NotificationTemplates {
        invitation: clean(&t.invitation),
        reminder: clean(&t.reminder),
        update: clean(&t.update),
        cancelled: clean(&t.cancelled),
        receipt: clean(&t.receipt),
    };
    let mut notifications = input.notifications.clone();
    notifications.email_notifications = templates(&input.notifications.email_notifications);
    notifications.sms_notifications = templates(&input.notifications.sms_notifications);
    EventContent {
        owner_id: input.owner_id,
        title: text(&input.title),
        url: text(&input.url),
        location: text(&input.location),
        description: rich_text(&input.description),
        private_description: rich_text(&input.private_description),
        ticket_description: rich_text(&input.ticket_description),
        terms: rich_text(&input.terms),
        max_signups: input.max_signups,
        max_company_signups: input.max_company_signups,
        banner_picture,
        banner_bottom,
        invite_attachment,
        invite_attachment_name: None,
        private: input.private,
        business_only: input.business_only,
        promote: input.promote,
        show_participants: input.show_participants,
        has_tickets: input.has_tickets,
        has_seating: input.has_seating,
        has_sponsors: input.has_sponsors,
        has_tables: input.has_tables,
        active_date: input.active_date,
        start_date: input.start_date,
        end_date: input.end_date,
        sign_up_start: input.sign_up_start,
        sign_up_deadline: input.sign_up_deadline,
        sign_up_public: input.sign_up_public,
        seating,
        sponsors: input
            .sponsors
            .iter()
            .filter(|s| !s.company_ids.is_empty())
            .map(|s| EventSponsor {
                kind: s.kind.trim().to_string(),
                company_ids: s.company_ids.clone(),
                companies: Vec::new(),
            })
            .collect(),
        extra_info: input
            .extra_info
            .iter()
            .map(|info| EventExtraInfo {
                title: info.title.trim().to_string(),
                alias: info.alias.trim().to_string(),
                values: info
                    .values
                    .iter()
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty())
                    .collect(),
                ..info.clone()
            })
            .collect(),
        sender: super::dto::EventSender {
            name: input.sender.name.trim().to_string(),
            email: input.sender.email.trim().to_string(),
        },
        invitees: input.invitees.clone(),
        table_plan: EventTablePlan {
            product_ids: input.table_plan.product_ids.clone(),
            card_picture,
            card_format: input.table_plan.card_format,
            card_orientation: input.table_plan.card_orientation,
        },
        notifications,
        tickets: EventTickets {
            control_type: input.tickets.control_type,
            template: clean(&input.tickets.template),
            ticket_logo,
            ticket_picture,
            products: input
                .tickets
                .products
                .iter()
                .map(|p| EventTicketProduct {
                    id: p.id,
                    product_id: p.product_id,
                    product: None,
                    title: text(&p.title),
                    price: Money::ore(p.price.unwrap_or(0)),
                    release_reserved_at: p.release_reserved_at,
                    max_amount: p.max_amount,
                    max_company_amount: p.max_company_amount,
                    name_required: p.name_required,
                    public: p.public,
                    disable_additional_tickets: p.disable_additional_tickets,
                    public_price: p.public_price.map(Money::ore),
                    make_public_at: p.make_public_at,
                    alt_start_date: p.alt_start_date,
                    ticket_description: clean(&p.ticket_description).map(|html| sanitize(&html)),
                })
                .collect(),
        },
    }
}

/// `wanted`, or with `-2`, `-3` … after it: a url no other event of the club has. The club's
/// saves take turns here (a transaction lock), so two saves cannot pick the same one.
pub async fn unique_url(
    conn: &mut PgConnection,
    client_id: Uuid,
    own: Uuid,
    wanted: &str,
) -> Result<String, ApiError> {
    sqlx::query(
        "SELECT pg_advisory_xact_lock(hashtextextended('club_events.url:' || $1::text, 0))",
    )
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    // A slug holds only letters, digits and dashes, so LIKE takes it literally.
    let taken: HashSet<String> = sqlx::query_scalar(
        "SELECT url FROM club_events WHERE client_id = $1 AND id <> $2 AND (url = $3 OR url LIKE $3 || '-%')",
    )
    .bind(client_id)
    .bind(own)
    .bind(wanted)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    let mut candidate = wanted.to_string();
    let mut n = 1;
    while taken.contains(&candidate) {
        n += 1;
        candidate = format!("{wanted}-{n}");
    }
    Ok(candidate)
}
