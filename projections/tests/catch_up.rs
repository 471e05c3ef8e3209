#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The catch-up read (async projectors and replay) on transaction ids of every length (issue 10):
//! ordered as text, '1000' sorts before '999' and a keyset read over xid8 skips events.
//!
//! A test database cannot go back to small transaction ids (the counter is cluster-wide and only
//! moves on), so the events around each digit boundary are written with those ids explicitly,
//! beside events committed the normal way with the cluster's real, larger ids. The reader cannot
//! tell them apart: it sees (tx_id, global_position), in positions that disagree with tx order.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;
use tribune_domain::probe::{Probe, ProbeCommand};
use tribune_projections::probe::project::{ProbeRowsProjection, ProbeTotalsProjection};
use tribune_projections::projection::Projection;
use tribune_projections::registry::{self, ProjectionKind};
use tribune_projections::replay::{replay, replay_reading, ReplayError, ReplayMode};
use tribune_projections::runner::{ensure_checkpoint, events_after_sql, run_batch, BatchOutcome};
use tribune_projections::store::{CommandBus, Metadata, PgEventStore};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

/// Smaller than the number of events, so that batch boundaries fall everywhere.
const SMALL_BATCH: i64 = 7;
/// The digit boundaries crossed: 999 → 1000, 9,999 → 10,000 and 99,999 → 100,000.
const BOUNDARIES: [u64; 3] = [1_000, 10_000, 100_000];

/// The read as it was before issue 10: the output column `tx_id` was the text, so `ORDER BY
/// tx_id` sorted as text while the WHERE compared xid8.
const TEXT_ORDERED_READ: &str =
    "SELECT global_position, tx_id::text AS tx_text, aggregate_type, aggregate_id, \
     sequence, event_type, event_version, payload, metadata, recorded_at FROM events \
     WHERE (tx_id, global_position) > ($1::text::xid8, $2) AND aggregate_type = ANY($3) \
     ORDER BY tx_text, global_position LIMIT $4";

struct Written {
    club: Uuid,
    events: i64,
    opened: i64,
    added: i64,
    total: i64,
}

/// Probes around every digit boundary, two events per transaction id, inserted in reverse so that
/// global positions run against transaction order; then a few probes committed the normal way.
async fn write_across_boundaries(db: &TestDb) -> Written {
    db.move_transaction_counter_past(*BOUNDARIES.last().unwrap() + 100)
        .await
        .unwrap();
    let club = Uuid::new_v4();
    let mut written = Written {
        club,
        events: 0,
        opened: 0,
        added: 0,
        total: 0,
    };
    let mut ids: Vec<u64> = BOUNDARIES.iter().flat_map(|b| b - 6..b + 6).collect();
    ids.reverse();
    for tx in ids {
        let amount = (tx % 7 + 1) as i64;
        for (sequence, event_type, payload) in [
            (
                1,
                "Opened",
                json!({"Opened": {"client_id": club, "title": format!("Tx {tx}")}}),
            ),
            (2, "Added", json!({"Added": {"amount": amount}})),
        ] {
            sqlx::query(
                "INSERT INTO events (tx_id, aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
                 VALUES ($1::text::xid8, 'probe', $2, $3, $4, '1', $5, $6)",
            )
            .bind(tx.to_string())
            .bind(format!("tx{tx}"))
            .bind(sequence)
            .bind(event_type)
            .bind(payload)
            .bind(json!({"client_id": club.to_string()}))
            .execute(&db.owner)
            .await
            .unwrap();
        }
        written.events += 2;
        written.opened += 1;
        written.added += 1;
        written.total += amount;
    }
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("probe")),
        (),
    );
    let who = Metadata {
        user_name: Some("Test Person".into()),
        ..Default::default()
    };
    for i in 0..5 {
        let id = format!("live{i}");
        bus.execute(
            club,
            &id,
            ProbeCommand::Open {
                client_id: club,
                title: id.clone(),
            },
            who.clone(),
        )
        .await
        .unwrap();
        bus.execute(club, &id, ProbeCommand::Add { amount: 100 }, who.clone())
            .await
            .unwrap();
        written.events += 2;
        written.opened += 1;
        written.added += 1;
        written.total += 100;
    }
    let stored: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'probe'")
            .fetch_one(&db.owner)
            .await
            .unwrap();
    assert_eq!(stored, written.events);
    written
}

/// (probes, additions, total) of a club in the async projection's table.
async fn totals_of(db: &TestDb, club: Uuid) -> (i64, i64, i64) {
    sqlx::query_as("SELECT probes, additions, total FROM probe_totals WHERE client_id = $1")
        .bind(club)
        .fetch_one(&db.owner)
        .await
        .unwrap()
}

/// Runs batches of `SMALL_BATCH` until the projector is at the head. The xmin horizon is
/// cluster-wide, so transactions of tests running in parallel may hold it back for a moment.
async fn run_to_head(db: &TestDb, projection: &dyn Projection, expected: usize) -> usize {
    ensure_checkpoint(&db.app, projection.name()).await.unwrap();
    let mut applied = 0;
    for _ in 0..400 {
        match run_batch(&db.app, projection, SMALL_BATCH).await.unwrap() {
            BatchOutcome::Applied(n) => applied += n,
            BatchOutcome::CaughtUp if applied >= expected => break,
            BatchOutcome::CaughtUp | BatchOutcome::Busy => {
                tokio::time::sleep(Duration::from_millis(50)).await
            }
        }
    }
    applied
}

#[tokio::test]
async fn an_async_projector_applies_every_event_exactly_once_across_transaction_id_digit_boundaries(
) {
    let db = TestDb::new().await.unwrap();
    let written = write_across_boundaries(&db).await;

    let applied = run_to_head(&db, &ProbeTotalsProjection, written.events as usize).await;
    assert_eq!(applied as i64, written.events, "every event read once");
    assert_eq!(
        run_batch(&db.app, &ProbeTotalsProjection, SMALL_BATCH)
            .await
            .unwrap(),
        BatchOutcome::CaughtUp
    );
    let totals = totals_of(&db, written.club).await;
    assert_eq!(
        totals,
        (written.opened, written.added, written.total),
        "each event applied exactly once"
    );
    db.drop_database().await.unwrap();
}

#[tokio::test]
async fn replay_applies_every_event_across_transaction_id_digit_boundaries() {
    let db = TestDb::new().await.unwrap();
    let written = write_across_boundaries(&db).await;
    run_to_head(&db, &ProbeTotalsProjection, written.events as usize).await;

    let inline: &dyn Projection = &ProbeRowsProjection;
    let asynchronous: &dyn Projection = &ProbeTotalsProjection;
    for (projection, kind) in [
        (inline, ProjectionKind::Inline),
        (asynchronous, ProjectionKind::Async),
    ] {
        let read = events_after_sql(kind == ProjectionKind::Async, true);
        let report = replay_reading(
            &db.owner,
            projection,
            kind,
            ReplayMode::Swap,
            &read,
            SMALL_BATCH,
        )
        .await
        .unwrap();
        assert_eq!(
            (report.events as i64, report.expected as i64),
            (written.events, written.events),
            "{report:?}"
        );
    }
    // The explicitly written probes never passed the inline projection: replay made their rows.
    let rows: BTreeMap<String, i64> =
        sqlx::query_as::<_, (String, i64)>("SELECT id, total FROM probe_rows WHERE client_id = $1")
            .bind(written.club)
            .fetch_all(&db.owner)
            .await
            .unwrap()
            .into_iter()
            .collect();
    assert_eq!(rows.len() as i64, written.opened);
    assert_eq!(rows.values().sum::<i64>(), written.total);
    let totals = totals_of(&db, written.club).await;
    assert_eq!(totals, (written.opened, written.added, written.total));

    // The replay read is the one every projection gets, with the default batch too.
    for (projection, kind) in registry::all() {
        let report = replay(&db.owner, projection.as_ref(), kind, ReplayMode::CheckOnly)
            .await
            .unwrap();
        assert!(report.identical(), "{report:?}");
        assert_eq!(report.events, report.expected);
    }
    db.drop_database().await.unwrap();
}

#[tokio::test]
async fn replay_refuses_to_swap_in_a_shadow_from_a_read_that_skipped_events() {
    let db = TestDb::new().await.unwrap();
    let written = write_across_boundaries(&db).await;
    run_to_head(&db, &ProbeTotalsProjection, written.events as usize).await;
    let live_rows: i64 = sqlx::query_scalar("SELECT count(*) FROM probe_rows")
        .fetch_one(&db.owner)
        .await
        .unwrap();

    for (projection, kind) in registry::all() {
        if !projection.aggregate_types().contains(&"probe") {
            continue;
        }
        let refused = replay_reading(
            &db.owner,
            projection.as_ref(),
            kind,
            ReplayMode::Swap,
            TEXT_ORDERED_READ,
            SMALL_BATCH,
        )
        .await;
        match refused {
            Err(ReplayError::Incomplete {
                applied, expected, ..
            }) => {
                assert!(applied < expected, "{applied} of {expected}");
                assert_eq!(expected as i64, written.events);
            }
            other => panic!("{}: expected a refusal, got {other:?}", projection.name()),
        }
    }
    // Nothing was swapped: the live tables are as they were.
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM probe_rows")
        .fetch_one(&db.owner)
        .await
        .unwrap();
    assert_eq!(after, live_rows);
    let totals = totals_of(&db, written.club).await;
    assert_eq!(totals, (written.opened, written.added, written.total));
    let shadows: i64 =
        sqlx::query_scalar("SELECT count(*) FROM pg_tables WHERE tablename LIKE '%\\_\\_shadow'")
            .fetch_one(&db.owner)
            .await
            .unwrap();
    assert_eq!(shadows, 0, "the refused replay left no shadow behind");
    db.drop_database().await.unwrap();
}
