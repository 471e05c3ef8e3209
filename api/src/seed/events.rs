//! The events of Demo FC: the type 'Hjemmekamp', whose template sells two ticket products, four
//! coming home matches made from it (the first promoted, its page listing who comes) and one
//! played, each also selling the sponsors' 'VIP-billetter' to companies only (their contracts'
//! allowance), a business-only sponsor evening and a free members' meeting. Tickets are sold by
//! `bookings.rs`.

use chrono::{DateTime, Duration, NaiveTime, Utc};
use chrono_tz::Europe::Copenhagen;
use serde_json::json;
use sqlx::types::Json;
use sqlx::PgPool;
use tribune_domain::money::Money;
use uuid::Uuid;

use crate::events::dto::{
    ControlType, EventContent, EventNotifications, EventSender, EventTicketProduct, EventTickets,
    NotificationTemplates,
};
use crate::kit::text::slug;

const LOCATION: &str = "Demo FC Stadion, Stadionvej 1, 2100 København Ø";

/// Kick-off at 18:00 in Copenhagen, `days` from today.
fn kick_off(days: i64) -> DateTime<Utc> {
    let day = (Utc::now() + Duration::days(days))
        .with_timezone(&Copenhagen)
        .date_naive();
    day.and_time(NaiveTime::from_hms_opt(18, 0, 0).unwrap_or_default())
        .and_local_timezone(Copenhagen)
        .earliest()
        .map_or_else(Utc::now, |t| t.with_timezone(&Utc))
}

/// The home match template of Demo FC.
fn home_match(tickets: &[(Uuid, String, i64)]) -> EventContent {
    let default = || Some("Default".to_string());
    EventContent {
        title: "Hjemmekamp".into(),
        location: LOCATION.into(),
        description: "<p>Kom og støt Demo FC på hjemmebane! Dørene åbner en time før kampstart, \
             og der er fadøl og pølser i pausen.</p>"
            .into(),
        terms: "<p>Billetter refunderes ikke, medmindre kampen aflyses.</p>".into(),
        has_tickets: true,
        sender: EventSender {
            name: "Demo FC".into(),
            email: "kontakt@demofc.dk".into(),
        },
        notifications: EventNotifications {
            email_notifications: NotificationTemplates {
                invitation: default(),
                reminder: default(),
                update: default(),
                cancelled: default(),
                receipt: default(),
            },
            sms_notifications: NotificationTemplates::default(),
            reminder_interval: Some(2),
        },
        tickets: EventTickets {
            control_type: ControlType::Scan,
            products: tickets
                .iter()
                .map(|(product_id, title, price)| EventTicketProduct {
                    id: None,
                    product_id: Some(*product_id),
                    product: None,
                    title: title.clone(),
                    price: Money::ore(*price),
                    release_reserved_at: None,
                    max_amount: None,
                    max_company_amount: None,
                    name_required: false,
                    public: true,
                    disable_additional_tickets: false,
                    public_price: None,
                    make_public_at: None,
                    alt_start_date: None,
                    ticket_description: None,
                })
                .collect(),
            ..EventTickets::default()
        },
        ..EventContent::default()
    }
}

/// Demo FC's event type and home matches. Runs once.
pub async fn seed_demo_events(pool: &PgPool) -> anyhow::Result<()> {
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM event_types WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    // The catalogue's match tickets (not the season ticket); a club without them gets two.
    let mut tickets: Vec<(Uuid, String, i64)> = sqlx::query_as(
        "SELECT id, title, price FROM products WHERE client_id = $1 AND type IN ('ticket', 'seat-ticket') \
           AND NOT season_ticket AND title IN ('Kampbillet', 'Pladsbillet Tribune') ORDER BY sorting, title",
    )
    .bind(club)
    .fetch_all(&mut *tx)
    .await?;
    for (title, kind, price) in [
        ("Kampbillet", "ticket", 12000_i64),
        ("Pladsbillet Tribune", "seat-ticket", 18000),
    ] {
        if tickets.iter().any(|(_, t, _)| t == title) {
            continue;
        }
        let id: Uuid = sqlx::query_scalar(
            "INSERT INTO products (client_id, title, type, price) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(club)
        .bind(title)
        .bind(kind)
        .bind(price)
        .fetch_one(&mut *tx)
        .await?;
        tickets.push((id, title.to_string(), price));
    }
    let template = home_match(&tickets);
    let type_id: Uuid = sqlx::query_scalar(
        "INSERT INTO event_types (client_id, title, data) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(club)
    .bind(&template.title)
    .bind(Json(&template))
    .fetch_one(&mut *tx)
    .await?;

    // (opponent, days from today, promoted)
    let matches = [
        ("AGF", -14, false),
        ("Brøndby IF", 9, true),
        ("FC Midtjylland", 23, false),
        ("Odense Boldklub", 37, false),
        ("Randers FC", 51, false),
    ];
    // The sponsors' VIP tickets at every match: not for sale to the public, so a company buys
    // them, the first free as far as its contracts' VIP-billetter reach (its allowance).
    let vip: Option<DemoProduct> = sqlx::query_as::<_, (Uuid, String, i64)>(
        "SELECT id, title, price FROM products WHERE client_id = $1 AND type = 'ticket' AND title = 'VIP-billetter'",
    )
    .bind(club)
    .fetch_optional(&mut *tx)
    .await?
    .map(|(id, title, price)| (id, title, price, Some(100), false));
    let match_products: Vec<DemoProduct> = template
        .tickets
        .products
        .iter()
        .filter_map(|p| {
            let quota = if p.title.starts_with("Pladsbillet") {
                500
            } else {
                2000
            };
            Some((
                p.product_id?,
                p.title.clone(),
                p.price.as_ore(),
                Some(quota),
                true,
            ))
        })
        .chain(vip)
        .collect();
    for (opponent, days, promote) in matches {
        let title = format!("Demo FC – {opponent}");
        // The page and the card show the title already.
        let description = template.description.clone();
        let event = DemoEvent {
            title: &title,
            description: &description,
            start: kick_off(days),
            promote,
            // Its buyers (`bookings.rs`) show on its page (spec 2 §3 showParticipants).
            show_participants: promote,
            business_only: false,
            max_signups: Some(2500),
            sign_up_days: 30,
        };
        insert_event(
            &mut tx,
            club,
            Some(type_id),
            &template,
            &event,
            &match_products,
        )
        .await?;
    }
    // A business-only sponsor evening and a free members' meeting, each with a free ticket.
    for (title, kind_title, days, business_only, description) in [
        (
            "Sponsoraften i VIP-loungen",
            "Sponsoraften",
            16,
            true,
            "<p>Netværk, middag og taler fra cheftræneren. Kun for Demo FC's sponsorer.</p>",
        ),
        (
            "Generalforsamling 2026",
            "Generalforsamling",
            30,
            false,
            "<p>Ordinær generalforsamling i klubhuset. Alle medlemmer er velkomne.</p>",
        ),
    ] {
        let product: Uuid = sqlx::query_scalar(
            "INSERT INTO products (client_id, title, type, price) VALUES ($1, $2, 'ticket', 0) RETURNING id",
        )
        .bind(club)
        .bind(kind_title)
        .fetch_one(&mut *tx)
        .await?;
        let event = DemoEvent {
            title,
            description,
            start: kick_off(days),
            promote: false,
            show_participants: false,
            business_only,
            max_signups: Some(if business_only { 80 } else { 200 }),
            sign_up_days: 60,
        };
        insert_event(
            &mut tx,
            club,
            None,
            &template,
            &event,
            &[(product, "Deltager".to_string(), 0, None, true)],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A ticket product of a demo event: (catalogue product, title, price in øre, quota, public).
type DemoProduct = (Uuid, String, i64, Option<i32>, bool);

struct DemoEvent<'a> {
    title: &'a str,
    description: &'a str,
    start: DateTime<Utc>,
    promote: bool,
    show_participants: bool,
    business_only: bool,
    max_signups: Option<i32>,
    /// Sign-up opens this many days before the start.
    sign_up_days: i64,
}

/// One demo event with the template's settings and its ticket products.
async fn insert_event(
    tx: &mut sqlx::PgConnection,
    club: Uuid,
    type_id: Option<Uuid>,
    template: &EventContent,
    event: &DemoEvent<'_>,
    products: &[DemoProduct],
) -> anyhow::Result<()> {
    let start = event.start;
    let event_id: Uuid = sqlx::query_scalar(
        "INSERT INTO club_events (client_id, type_id, title, url, location, description, terms, promote, has_tickets, \
           start_date, end_date, sign_up_start, sign_up_deadline, sign_up_public, sender, invitees, table_plan, \
           notifications, ticket_settings, business_only, max_signups, show_participants) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11, $12, $11, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id",
    )
    .bind(club)
    .bind(type_id)
    .bind(event.title)
    .bind(slug(event.title))
    .bind(&template.location)
    .bind(event.description)
    .bind(&template.terms)
    .bind(event.promote)
    .bind(start)
    .bind(start + Duration::hours(2))
    .bind(start - Duration::days(event.sign_up_days))
    .bind(start - Duration::hours(1))
    .bind(Json(&template.sender))
    .bind(Json(&template.invitees))
    .bind(Json(&template.table_plan))
    .bind(Json(&template.notifications))
    .bind(json!({ "controlType": template.tickets.control_type, "template": null }))
    .bind(event.business_only)
    .bind(event.max_signups)
    .bind(event.show_participants)
    .fetch_one(&mut *tx)
    .await?;
    for (sorting, (product, title, price, quota, public)) in products.iter().enumerate() {
        sqlx::query(
            "INSERT INTO event_products (client_id, event_id, product_id, sorting, title, price, max_amount, public) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(club)
        .bind(event_id)
        .bind(product)
        .bind(i32::try_from(sorting).unwrap_or(0))
        .bind(title)
        .bind(price)
        .bind(quota)
        .bind(public)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
