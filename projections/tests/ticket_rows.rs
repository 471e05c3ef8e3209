#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The ticket projection: commands through the real store build one row per ticket, the queries
//! find an order's tickets, a ticket by its code across clubs and an event's attendees, and a
//! replay in any batch size rebuilds exactly the same table.

use chrono::{DateTime, TimeZone, Utc};
use tribune_domain::money::Money;
use tribune_domain::order::ExtraInfoValue;
use tribune_domain::ticket::{Ticket, TicketCommand, TicketContent, TicketOption};
use tribune_projections::db::{club_tx, system_tx};
use tribune_projections::registry::{self, ProjectionKind};
use tribune_projections::replay::{replay_reading, ReplayMode};
use tribune_projections::runner::events_after_sql;
use tribune_projections::store::{CommandBus, Metadata};
use tribune_projections::testing::TestDb;
use tribune_projections::ticket::queries::{self, AttendeeFilter, ScanFilter};
use uuid::Uuid;

/// number, name, status, scanned, seat released, version.
type ListedTicket = (i64, Option<String>, String, bool, bool, i64);

fn bus(db: &TestDb) -> CommandBus<Ticket> {
    db.bus()
}

fn who() -> Metadata {
    Metadata {
        user_name: Some("Dørmand".into()),
        ..Default::default()
    }
}

fn evening(hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, hour, minute, 0).unwrap()
}

/// One booked ticket of `order` to `event`: its code from the number, so each is its own.
fn content(
    event: Uuid,
    order: Uuid,
    number: i64,
    name: &str,
    company: Option<&str>,
) -> TicketContent {
    TicketContent {
        event_id: event,
        order_id: order,
        order_line_id: Uuid::new_v4(),
        product_id: Uuid::from_u128(40),
        product_title: "Julefrokost".into(),
        code: format!("TICKETCODE{number:016}"),
        number,
        name: Some(name.into()),
        company_id: company.map(|_| Uuid::from_u128(50)),
        company_name: company.map(str::to_string),
        options: vec![TicketOption {
            title: "Vinmenu".into(),
            price: Money::ore(25_000),
        }],
        extra_info: vec![ExtraInfoValue {
            title: "Allergier".into(),
            value: Some("Nødder".into()),
            values: None,
        }],
        ..TicketContent::default()
    }
}

async fn issue(bus: &CommandBus<Ticket>, club: Uuid, content: TicketContent) -> Uuid {
    let id = Uuid::new_v4();
    run(
        bus,
        club,
        id,
        TicketCommand::Issue {
            client_id: club,
            content: Box::new(content),
            at: evening(12, 0),
        },
    )
    .await;
    id
}

async fn run(bus: &CommandBus<Ticket>, club: Uuid, id: Uuid, command: TicketCommand) {
    bus.execute(club, &id.to_string(), command, who())
        .await
        .unwrap();
}

#[tokio::test]
async fn ticket_commands_make_one_row_per_ticket_that_the_queries_find_and_any_replay_rebuilds() {
    let db = TestDb::new().await.unwrap();
    let bus = bus(&db);
    let (club, other) = (Uuid::new_v4(), Uuid::new_v4());
    let (event, order, second_order) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());

    // Given an order of three tickets (issued out of number order), one scanned, one renamed,
    // one with a seat given back; a cancelled order's voided ticket; another club's ticket.
    let third = issue(&bus, club, content(event, order, 3, "Ole Bak", None)).await;
    let first = issue(
        &bus,
        club,
        content(event, order, 1, "Mette Holm", Some("Holm ApS")),
    )
    .await;
    let mut seat = content(event, order, 2, "Søren Holm", Some("Holm ApS"));
    seat.section = Some("A".into());
    seat.row = Some("3".into());
    seat.seat_number = Some("12".into());
    let seated = issue(&bus, club, seat).await;
    run(
        &bus,
        club,
        first,
        TicketCommand::Scan {
            at: evening(18, 42),
            by: Some("Ole ved porten".into()),
        },
    )
    .await;
    run(
        &bus,
        club,
        third,
        TicketCommand::Rename {
            name: "Ole Bakke".into(),
        },
    )
    .await;
    run(&bus, club, seated, TicketCommand::ReleaseSeat).await;
    let voided = issue(
        &bus,
        club,
        content(event, second_order, 4, "Anna Holm", None),
    )
    .await;
    run(
        &bus,
        club,
        voided,
        TicketCommand::Void {
            reason: "Ordren er annulleret".into(),
            at: evening(13, 0),
        },
    )
    .await;
    let foreign = issue(
        &bus,
        other,
        TicketContent {
            code: "ANOTHERCLUBCODE00000001".into(),
            ..content(Uuid::new_v4(), Uuid::new_v4(), 1, "Gæst", None)
        },
    )
    .await;

    // Then the rows: one per ticket, each at its version.
    let rows: Vec<ListedTicket> = sqlx::query_as(
        "SELECT number, name, status, scanned_at IS NOT NULL, seat_released, version \
         FROM ticket_rows WHERE client_id = $1 ORDER BY number",
    )
    .bind(club)
    .fetch_all(&db.owner)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            (
                1,
                Some("Mette Holm".into()),
                "issued".into(),
                true,
                false,
                2
            ),
            (
                2,
                Some("Søren Holm".into()),
                "issued".into(),
                false,
                true,
                2
            ),
            (
                3,
                Some("Ole Bakke".into()),
                "issued".into(),
                false,
                false,
                2
            ),
            (
                4,
                Some("Anna Holm".into()),
                "voided".into(),
                false,
                false,
                2
            ),
        ]
    );

    // The order's tickets in number order, as the club sees them (row-level security on).
    let mut tx = club_tx(&db.app, club).await.unwrap();
    let tickets = queries::of_order(&mut tx, club, order).await.unwrap();
    let numbers: Vec<i64> = tickets.iter().map(|t| t.number).collect();
    assert_eq!(numbers, vec![1, 2, 3]);
    let mette = &tickets[0];
    assert_eq!(mette.id, first);
    assert_eq!(mette.scanned_at, Some(evening(18, 42)));
    assert_eq!(mette.options.0[0].price, Money::ore(25_000));
    assert_eq!(mette.extra_info.0[0].value.as_deref(), Some("Nødder"));
    assert_eq!(
        (
            tickets[1].section.as_deref(),
            tickets[1].row.as_deref(),
            tickets[1].seat_number.as_deref()
        ),
        (Some("A"), Some("3"), Some("12"))
    );
    // Another club's ticket is not this club's to see, even by its code.
    assert_eq!(
        queries::by_code(&mut tx, "ANOTHERCLUBCODE00000001")
            .await
            .unwrap(),
        None
    );

    // The attendees: not voided, searched by number, holder or company, by company, scanned.
    let attendees = |filter: AttendeeFilter| {
        let db = &db;
        async move {
            let mut tx = club_tx(&db.app, club).await.unwrap();
            let rows = queries::of_event(&mut tx, club, event, &filter, 1, 10)
                .await
                .unwrap();
            let total = queries::count_of_event(&mut tx, club, event, &filter)
                .await
                .unwrap();
            (rows.iter().map(|t| t.number).collect::<Vec<i64>>(), total)
        }
    };
    assert_eq!(
        attendees(AttendeeFilter::default()).await,
        (vec![1, 2, 3], 3)
    );
    let search = |text: &str| AttendeeFilter {
        search: Some(text.into()),
        ..AttendeeFilter::default()
    };
    assert_eq!(attendees(search(" HOLM aps ")).await, (vec![1, 2], 2));
    assert_eq!(attendees(search("bakke")).await, (vec![3], 1));
    assert_eq!(attendees(search("3")).await, (vec![3], 1));
    assert_eq!(attendees(search("%")).await, (vec![], 0));
    let scanned = |scan| AttendeeFilter {
        scan,
        ..AttendeeFilter::default()
    };
    assert_eq!(attendees(scanned(ScanFilter::Scanned)).await, (vec![1], 1));
    assert_eq!(
        attendees(scanned(ScanFilter::NotScanned)).await,
        (vec![2, 3], 2)
    );
    let holm = AttendeeFilter {
        company_id: Some(Uuid::from_u128(50)),
        scan: ScanFilter::NotScanned,
        ..AttendeeFilter::default()
    };
    assert_eq!(attendees(holm).await, (vec![2], 1));
    let mut tx = club_tx(&db.app, club).await.unwrap();
    let second_page = queries::of_event(&mut tx, club, event, &AttendeeFilter::default(), 2, 2)
        .await
        .unwrap();
    assert_eq!(
        second_page.iter().map(|t| t.number).collect::<Vec<_>>(),
        vec![3]
    );
    drop(tx);

    // The public download finds a ticket by its code alone, of any club.
    let mut tx = system_tx(&db.app).await.unwrap();
    let found = queries::by_code(&mut tx, "ANOTHERCLUBCODE00000001")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((found.id, found.client_id), (foreign, other));
    assert_eq!(queries::by_code(&mut tx, "NOSUCHCODE").await.unwrap(), None);
    drop(tx);

    // Any replay rebuilds exactly the live table.
    let (projection, kind) = registry::find("ticket_rows").unwrap();
    assert_eq!(kind, ProjectionKind::Inline);
    let read = events_after_sql(false, projection.reads_metadata());
    for batch in [1, 2, 3, 20_000] {
        let report = replay_reading(
            &db.owner,
            projection.as_ref(),
            kind,
            ReplayMode::CheckOnly,
            &read,
            batch,
        )
        .await
        .unwrap();
        assert!(report.identical(), "batch {batch}: {report:?}");
        assert_eq!(report.events, report.expected);
    }
    db.drop_database().await.unwrap();
}
