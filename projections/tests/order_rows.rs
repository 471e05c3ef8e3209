#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The order projection: commands through the real store build the rows a list shows, and a
//! replay in any batch size (large batches keep orders folded between batches, tiny ones make it
//! forget and refold orders from the store) rebuilds exactly the same tables.

use chrono::{TimeZone, Utc};
use tribune_domain::money::Money;
use tribune_domain::order::{
    Customer, LineOption, Order, OrderCommand, OrderContent, OrderLine, OrderStatus, PaymentStatus,
    VatSettings,
};
use tribune_projections::registry::{self, ProjectionKind};
use tribune_projections::replay::{replay_reading, ReplayMode};
use tribune_projections::runner::events_after_sql;
use tribune_projections::store::{CommandBus, Metadata};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

/// id, number, status, payment status, lines, subtotal, VAT, total, e-mail.
type ListedOrder = (String, i64, String, String, i32, i64, i64, i64, String);

fn bus(db: &TestDb) -> CommandBus<Order> {
    db.bus()
}

fn who() -> Metadata {
    Metadata {
        user_name: Some("Sælger".into()),
        ..Default::default()
    }
}

fn line(title: &str, price: i64, amount: i64) -> OrderLine {
    OrderLine {
        id: Uuid::new_v4(),
        title: title.into(),
        price: Money::ore(price),
        amount,
        ..OrderLine::default()
    }
}

fn content(email: &str, lines: Vec<OrderLine>) -> OrderContent {
    OrderContent {
        customer: Customer {
            firstname: "Mette".into(),
            lastname: "Hansen".into(),
            email: email.into(),
            phone: "20304050".into(),
        },
        lines,
        ..OrderContent::default()
    }
}

async fn create(bus: &CommandBus<Order>, club: Uuid, number: i64, content: OrderContent) -> String {
    let id = Uuid::new_v4().to_string();
    bus.execute(
        club,
        &id,
        OrderCommand::Create {
            client_id: club,
            number,
            created_at: Utc.with_ymd_and_hms(2026, 11, 1, 10, 0, 0).unwrap(),
            vat: VatSettings::default(),
            status: OrderStatus::Draft,
            is_pos: false,
            content,
        },
        who(),
    )
    .await
    .unwrap();
    id
}

async fn run(bus: &CommandBus<Order>, club: Uuid, id: &str, command: OrderCommand) {
    bus.execute(club, id, command, who()).await.unwrap();
}

#[tokio::test]
async fn order_commands_make_the_rows_the_list_shows_and_any_replay_rebuilds_them_exactly() {
    let db = TestDb::new().await.unwrap();
    let bus = bus(&db);
    let (club, other) = (Uuid::new_v4(), Uuid::new_v4());

    // An order with an option, edited and approved.
    let mut scarf = line("Halstørklæde", 15_000, 2);
    scarf.options.push(LineOption {
        product_id: Some(Uuid::new_v4()),
        title: "Navnetryk".into(),
        price: Money::ore(2_500),
        ..LineOption::default()
    });
    let approved = create(&bus, club, 1, content("a@example.dk", vec![scarf.clone()])).await;
    let mut edited = content("mette@example.dk", vec![scarf, line("Program", 3_000, 1)]);
    edited.order_discount = Money::ore(1_000);
    run(
        &bus,
        club,
        &approved,
        OrderCommand::Update { content: edited },
    )
    .await;
    run(&bus, club, &approved, OrderCommand::Approve).await;
    run(
        &bus,
        club,
        &approved,
        OrderCommand::SetPaymentStatus {
            status: PaymentStatus::Paid,
        },
    )
    .await;
    // One cancelled and deleted, one left as a draft, one in another club.
    let deleted = create(
        &bus,
        club,
        2,
        content("b@example.dk", vec![line("Billet", 10_000, 1)]),
    )
    .await;
    run(&bus, club, &deleted, OrderCommand::Approve).await;
    run(&bus, club, &deleted, OrderCommand::Cancel).await;
    run(&bus, club, &deleted, OrderCommand::Delete).await;
    let draft = create(
        &bus,
        club,
        3,
        content("c@example.dk", vec![line("Billet", 10_000, 4)]),
    )
    .await;
    create(
        &bus,
        other,
        1,
        content("d@example.dk", vec![line("Billet", 9_000, 1)]),
    )
    .await;

    let rows: Vec<ListedOrder> = sqlx::query_as(
        "SELECT id::text, number, status, payment_status, line_count, subtotal, vat, total, email \
         FROM order_rows WHERE client_id = $1 ORDER BY number",
    )
    .bind(club)
    .fetch_all(&db.owner)
    .await
    .unwrap();
    // (2 × (150.00 + 25.00) + 30.00 − 10.00) = 370.00 kr. without VAT, 25 % on top.
    assert_eq!(
        rows,
        vec![
            (
                approved.clone(),
                1,
                "approved".into(),
                "paid".into(),
                2,
                37_000,
                9_250,
                46_250,
                "mette@example.dk".into()
            ),
            (
                draft.clone(),
                3,
                "draft".into(),
                "pending".into(),
                1,
                40_000,
                10_000,
                50_000,
                "c@example.dk".into()
            ),
        ]
    );
    let options: Vec<i64> = sqlx::query_scalar(
        "SELECT cardinality(option_product_ids)::bigint FROM order_lines WHERE order_id = $1::uuid ORDER BY position",
    )
    .bind(&approved)
    .fetch_all(&db.owner)
    .await
    .unwrap();
    assert_eq!(options, vec![1, 0]);
    let counts: Vec<(String, i64)> = sqlx::query_as(
        "SELECT status, sum(orders)::bigint FROM order_counts WHERE client_id = $1 GROUP BY status ORDER BY status",
    )
    .bind(club)
    .fetch_all(&db.owner)
    .await
    .unwrap();
    assert_eq!(counts, vec![("approved".into(), 1), ("draft".into(), 1)]);

    let (projection, kind) = registry::find("order_rows").unwrap();
    assert_eq!(kind, ProjectionKind::Inline);
    let read = events_after_sql(false, projection.reads_metadata());
    for batch in [1, 2, 3, 5, 20_000] {
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
    // A row changed behind the projection's back and a row no event made: the changed row is
    // only live and only in the replay, the made-up one only live.
    sqlx::query("UPDATE order_rows SET total = total + 1 WHERE id = $1::uuid")
        .bind(&approved)
        .execute(&db.owner)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO order_rows (id, client_id, number, status, payment_status, created_at, updated_at, version) \
         VALUES (gen_random_uuid(), $1, 99, 'draft', 'pending', now(), now(), 1)",
    )
    .bind(club)
    .execute(&db.owner)
    .await
    .unwrap();
    let report = replay_reading(
        &db.owner,
        projection.as_ref(),
        kind,
        ReplayMode::CheckOnly,
        &read,
        20_000,
    )
    .await
    .unwrap();
    let rows = &report.diffs[0];
    assert_eq!(
        (rows.table.as_str(), rows.live_only, rows.shadow_only),
        ("order_rows", 2, 1)
    );
    // Swapped in, the tables keep their index names and take the next command.
    replay_reading(
        &db.owner,
        projection.as_ref(),
        kind,
        ReplayMode::Swap,
        &read,
        2,
    )
    .await
    .unwrap();
    let indexes: Vec<String> = sqlx::query_scalar(
        "SELECT indexname::text FROM pg_indexes WHERE tablename = 'order_rows' ORDER BY 1",
    )
    .fetch_all(&db.owner)
    .await
    .unwrap();
    assert!(
        indexes.contains(&"order_rows_pkey".to_string()),
        "{indexes:?}"
    );
    assert!(
        indexes.contains(&"order_rows_search".to_string()),
        "{indexes:?}"
    );
    assert!(indexes.iter().all(|i| !i.contains("shadow")), "{indexes:?}");
    run(&bus, club, &draft, OrderCommand::Approve).await;
    let status: String = sqlx::query_scalar("SELECT status FROM order_rows WHERE id = $1::uuid")
        .bind(&draft)
        .fetch_one(&db.owner)
        .await
        .unwrap();
    assert_eq!(status, "approved");
    db.drop_database().await.unwrap();
}
