#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The async `finance` projection (issue 13): contract and invoice events become the dashboard's
//! planned invoices, contract sales and invoiced amounts; a made invoice takes its period off the
//! plan, a deleted draft puts it back, a credit note takes its amount back out; and a replay
//! gives the same rows as the runner did.

use chrono::{NaiveDate, Utc};
use tribune_domain::contract::{
    AgreementStatus, Contract, ContractCommand, ContractContent, ContractLine, ContractStatus,
    InvoicingPlan, PlanKind, Unit,
};
use tribune_domain::invoice::{
    Invoice, InvoiceCommand, InvoiceContent, InvoiceCustomer, InvoiceKind, InvoiceSource,
};
use tribune_domain::money::Money;
use tribune_domain::order::{OrderLine, VatSettings};
use tribune_projections::finance::queries::{invoiced_status, per_month, per_product, Source};
use tribune_projections::registry;
use tribune_projections::replay::{replay, ReplayMode};
use tribune_projections::runner::catch_up;
use tribune_projections::store::{CommandBus, Metadata, PgEventStore};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// Prices without VAT, 25 %.
fn vat() -> VatSettings {
    VatSettings::default()
}

fn line(title: &str, price: i64) -> OrderLine {
    OrderLine {
        id: Uuid::new_v4(),
        title: title.into(),
        price: Money::ore(price),
        amount: 1,
        ..OrderLine::default()
    }
}

/// Catches the finance projection up with every event committed so far. A transaction still
/// open anywhere on the server (another test's) holds back what a catch-up may read, so it
/// tries until the checkpoint has passed the newest event (at most ten seconds).
async fn catch_up_all(db: &TestDb) {
    let (finance, _) = registry::find("finance").expect("finance");
    let newest: i64 = sqlx::query_scalar("SELECT coalesce(max(global_position), 0) FROM events")
        .fetch_one(&db.owner)
        .await
        .expect("newest");
    for _ in 0..500 {
        catch_up(&db.app, finance.as_ref()).await.expect("catch up");
        let reached: i64 = sqlx::query_scalar(
            "SELECT coalesce(max(global_position), 0) FROM projection_checkpoints WHERE projection = 'finance'",
        )
        .fetch_one(&db.owner)
        .await
        .expect("checkpoint");
        if reached >= newest {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the finance projection did not catch up with event {newest}");
}

async fn invoice(
    bus: &CommandBus<Invoice>,
    club: Uuid,
    kind: InvoiceKind,
    source: InvoiceSource,
    credit_of: Option<Uuid>,
    date: NaiveDate,
    lines: Vec<OrderLine>,
) -> Uuid {
    let id = Uuid::new_v4();
    bus.execute(
        club,
        &id.to_string(),
        InvoiceCommand::Create {
            client_id: club,
            created_at: Utc::now(),
            vat: vat(),
            kind,
            source: Some(source),
            credit_of,
            invoice_date: Some(date),
            content: Box::new(InvoiceContent {
                customer: InvoiceCustomer {
                    name: "Havnens Fisk A/S".into(),
                    ..InvoiceCustomer::default()
                },
                lines,
                payment_terms_days: 14,
                ..InvoiceContent::default()
            }),
        },
        Metadata::default(),
    )
    .await
    .expect("create");
    id
}

#[tokio::test]
async fn contracts_and_invoices_become_the_finance_figures_and_a_replay_agrees() {
    let db = TestDb::new().await.expect("db");
    let club = Uuid::new_v4();
    let contracts: CommandBus<Contract> = CommandBus::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("contract")),
        (),
    );
    let invoices: CommandBus<Invoice> = CommandBus::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("invoice")),
        (),
    );

    // 12.000,00 a year (without VAT), invoiced quarterly through 2026.
    let contract = Uuid::new_v4();
    contracts
        .execute(
            club,
            &contract.to_string(),
            ContractCommand::Create {
                client_id: club,
                number: 7,
                created_at: Utc::now(),
                vat: vat(),
                status: ContractStatus::Draft,
                agreement_status: AgreementStatus::Unsent,
                renewal_of: None,
                content: ContractContent {
                    category_id: Some(Uuid::new_v4()),
                    company_id: Some(Uuid::new_v4()),
                    contact_id: Some(Uuid::new_v4()),
                    start_date: Some(day(2026, 1, 1)),
                    end_date: Some(day(2026, 12, 31)),
                    lines: vec![ContractLine {
                        line: line("Bandereklame", 1_200_000),
                        unit: Unit::Stk,
                    }],
                    invoicing: InvoicingPlan {
                        kind: Some(PlanKind::Recurring),
                        intervals: Some(3),
                        start_date: Some(day(2026, 1, 1)),
                        ..InvoicingPlan::default()
                    },
                    ..ContractContent::default()
                },
            },
            Metadata::default(),
        )
        .await
        .expect("contract");
    contracts
        .execute(
            club,
            &contract.to_string(),
            ContractCommand::Approve,
            Metadata::default(),
        )
        .await
        .expect("approve");
    catch_up_all(&db).await;
    let planned: Vec<(String, NaiveDate, i64)> = sqlx::query_as(
        "SELECT plan_key, invoice_date, net FROM finance_planned WHERE invoice_id IS NULL ORDER BY invoice_date",
    )
    .fetch_all(&db.owner)
    .await
    .unwrap();
    assert_eq!(planned.len(), 4, "{planned:?}");
    assert!(planned.iter().all(|(_, _, net)| *net == 300_000));

    // The first quarter invoiced and booked; the second made and deleted again.
    let source = |key: &str| InvoiceSource::Contract {
        contract_id: contract,
        plan_key: key.to_string(),
    };
    let first_key = planned[0].0.clone();
    let first = invoice(
        &invoices,
        club,
        InvoiceKind::Invoice,
        source(&first_key),
        None,
        day(2026, 1, 1),
        vec![line("Sponsorat", 300_000)],
    )
    .await;
    let book = |id: Uuid, number: i64| {
        let invoices = &invoices;
        async move {
            invoices
                .execute(
                    club,
                    &id.to_string(),
                    InvoiceCommand::Book {
                        number,
                        booked_at: Utc::now(),
                    },
                    Metadata::default(),
                )
                .await
                .expect("book");
        }
    };
    book(first, 1).await;
    let second = invoice(
        &invoices,
        club,
        InvoiceKind::Invoice,
        source(&planned[1].0),
        None,
        day(2026, 4, 1),
        vec![line("Sponsorat", 300_000)],
    )
    .await;
    invoices
        .execute(
            club,
            &second.to_string(),
            InvoiceCommand::Delete,
            Metadata::default(),
        )
        .await
        .expect("delete");
    // An order invoice in March, credited in full.
    let order = InvoiceSource::Order {
        order_id: Uuid::new_v4(),
        key: "single".into(),
    };
    let sold = invoice(
        &invoices,
        club,
        InvoiceKind::Invoice,
        order.clone(),
        None,
        day(2026, 3, 2),
        vec![line("Trøje", 50_000), line("Sæsonkort", 120_000)],
    )
    .await;
    book(sold, 2).await;
    let note = invoice(
        &invoices,
        club,
        InvoiceKind::CreditNote,
        order,
        Some(sold),
        day(2026, 3, 20),
        vec![line("Trøje", 50_000), line("Sæsonkort", 120_000)],
    )
    .await;
    book(note, 3).await;
    catch_up_all(&db).await;

    let still: i64 =
        sqlx::query_scalar("SELECT count(*) FROM finance_planned WHERE invoice_id IS NULL")
            .fetch_one(&db.owner)
            .await
            .unwrap();
    assert_eq!(
        still, 3,
        "the made quarter is off the plan; the deleted one is back"
    );
    let mut conn = db.owner.acquire().await.unwrap();
    let months = per_month(&mut conn, club, Source::Invoiced, 2026)
        .await
        .unwrap();
    assert_eq!(months.series[0], 300_000);
    assert_eq!(months.series[2], 0, "the credit note took March back");
    let products = per_product(&mut conn, club, Source::Invoiced, 2026, 12)
        .await
        .unwrap();
    assert_eq!(products.labels, ["Sponsorat"]);
    let sales = per_month(&mut conn, club, Source::ContractSales, 2026)
        .await
        .unwrap();
    assert_eq!(
        sales.series[0], 1_200_000,
        "the contract sold in the month it starts"
    );
    let status = invoiced_status(&mut conn, club, 2026).await.unwrap();
    assert_eq!(status.series, [300_000, 900_000]);
    drop(conn);

    // Replay gives the same rows, every table of them, however often it runs.
    let (finance, kind) = registry::find("finance").expect("finance");
    assert!(finance.tables().contains(&"finance_invoiced_monthly"));
    for mode in [ReplayMode::CheckOnly, ReplayMode::Swap, ReplayMode::Swap] {
        let check = replay(&db.owner, finance.as_ref(), kind, mode)
            .await
            .expect("replay");
        assert!(check.identical(), "{check:?}");
    }
    let mut conn = db.owner.acquire().await.unwrap();
    let again = per_month(&mut conn, club, Source::Invoiced, 2026)
        .await
        .unwrap();
    assert_eq!(again, months, "the monthly sums after replays");
    drop(conn);
    db.drop_database().await.unwrap();
}
