#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The event store's promises, against a real PostgreSQL database per test.

use std::time::Duration;

use async_trait::async_trait;
use cqrs_es::{AggregateError, EventStore};
use sqlx::PgConnection;
use tribune_domain::probe::{Probe, ProbeCommand, ProbeError};
use tribune_projections::audit;
use tribune_projections::db::club_tx;
use tribune_projections::probe::project::ProbeTotalsProjection;
use tribune_projections::probe::queries;
use tribune_projections::projection::{Projection, StoredEvent, Tables};
use tribune_projections::registry::{self, ProjectionKind};
use tribune_projections::replay::{replay, ReplayMode};
use tribune_projections::runner::{catch_up, ensure_checkpoint, run_batch, BatchOutcome};
use tribune_projections::store::{CommandBus, CommandError, Metadata, PgEventStore};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

fn bus(db: &TestDb) -> CommandBus<Probe> {
    CommandBus::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("probe")),
        (),
    )
}

fn who() -> Metadata {
    Metadata {
        user_id: Some(Uuid::from_u128(7)),
        user_name: Some("Test Person".into()),
        ..Default::default()
    }
}

/// The xmin horizon is cluster-wide: transactions of tests running in parallel (other databases)
/// hold the projector back for a moment. Keep catching up until `expected` events were applied.
async fn catch_up_to(db: &TestDb, projection: &dyn Projection, expected: usize) -> usize {
    let mut applied = 0;
    for _ in 0..200 {
        applied += catch_up(&db.app, projection).await.expect("catch up");
        if applied >= expected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    applied
}

async fn open(bus: &CommandBus<Probe>, club: Uuid, id: &str) {
    bus.execute(
        club,
        id,
        ProbeCommand::Open {
            client_id: club,
            title: format!("Tælling {id}"),
        },
        who(),
    )
    .await
    .expect("open");
}

async fn add(bus: &CommandBus<Probe>, club: Uuid, id: &str, amount: i64) {
    bus.execute(club, id, ProbeCommand::Add { amount }, who())
        .await
        .expect("add");
}

#[tokio::test]
async fn a_command_is_readable_in_the_read_table_when_it_returns() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    add(&bus, club, "p1", 40).await;
    let row = queries::get(&db.app, club, "p1")
        .await
        .expect("query")
        .expect("row");
    assert_eq!(
        (row.title.as_str(), row.total, row.version),
        ("Tælling p1", 40, 2)
    );
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn a_refused_command_writes_nothing() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    let refused = bus
        .execute(club, "p1", ProbeCommand::Add { amount: -5 }, who())
        .await;
    assert!(matches!(
        refused,
        Err(CommandError::Domain(ProbeError::AmountNotPositive))
    ));
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.owner)
        .await
        .expect("count");
    assert_eq!(events, 1);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn another_clubs_aggregate_is_not_found() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let (ours, theirs) = (Uuid::new_v4(), Uuid::new_v4());
    open(&bus, theirs, "p1").await;
    let result = bus
        .execute(ours, "p1", ProbeCommand::Add { amount: 5 }, who())
        .await;
    assert!(matches!(result, Err(CommandError::NotFound)));
    assert_eq!(bus.state_at(ours, "p1", 1).await.expect("state"), None);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn two_commands_racing_on_one_aggregate_let_exactly_one_win() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    let store = bus.store();
    // Both load the same version before either commits: the situation of two simultaneous requests.
    let first = store.load_aggregate("p1").await.expect("load");
    let second = store.load_aggregate("p1").await.expect("load");
    let meta = Metadata {
        client_id: Some(club),
        ..who()
    }
    .into_map();
    let a = store
        .commit(
            vec![tribune_domain::probe::ProbeEvent::Added { amount: 1 }],
            first,
            meta.clone(),
        )
        .await;
    let b = store
        .commit(
            vec![tribune_domain::probe::ProbeEvent::Added { amount: 2 }],
            second,
            meta,
        )
        .await;
    assert!(a.is_ok());
    assert!(matches!(b, Err(AggregateError::AggregateConflict)));
    let row = queries::get(&db.app, club, "p1")
        .await
        .expect("query")
        .expect("row");
    assert_eq!(
        row.total, 1,
        "the loser's event and projection are both rolled back"
    );

    // And through the bus with real concurrency: every command either commits or conflicts, none is lost silently.
    let results = futures::future::join_all(
        (0..8).map(|_| bus.execute(club, "p1", ProbeCommand::Add { amount: 10 }, who())),
    )
    .await;
    let won = results.iter().filter(|r| r.is_ok()).count() as i64;
    assert!(results
        .iter()
        .all(|r| r.is_ok() || matches!(r, Err(CommandError::Conflict))));
    let row = queries::get(&db.app, club, "p1")
        .await
        .expect("query")
        .expect("row");
    assert_eq!(row.total, 1 + 10 * won);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn an_open_write_transaction_holds_the_projector_back_and_nothing_is_skipped() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    let totals = ProbeTotalsProjection;
    ensure_checkpoint(&db.app, totals.name())
        .await
        .expect("checkpoint");

    // A writer takes its position in the log first but commits last.
    let mut slow = db.owner.begin().await.expect("begin");
    sqlx::query(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
         VALUES ('probe', 'slow', 1, 'Opened', '1', $1, $2)",
    )
    .bind(serde_json::json!({"Opened": {"client_id": club, "title": "Langsom"}}))
    .bind(serde_json::json!({"client_id": club.to_string()}))
    .execute(&mut *slow)
    .await
    .expect("insert");

    open(&bus, club, "fast").await;
    assert_eq!(
        run_batch(&db.app, &totals, 100).await.expect("batch"),
        BatchOutcome::CaughtUp
    );
    assert_eq!(queries::totals(&db.app, club).await.expect("totals"), None);

    slow.commit().await.expect("commit");
    assert_eq!(catch_up_to(&db, &totals, 2).await, 2);
    let t = queries::totals(&db.app, club)
        .await
        .expect("totals")
        .expect("row");
    assert_eq!(t.probes, 2, "the slow writer's event was not skipped");
    db.drop_database().await.expect("drop");
}

/// Applies the real projection, then dawdles before the checkpoint commits: the moment to kill it.
struct DiesBeforeCheckpoint(ProbeTotalsProjection);

#[async_trait]
impl Projection for DiesBeforeCheckpoint {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn tables(&self) -> &'static [&'static str] {
        self.0.tables()
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        self.0.aggregate_types()
    }
    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        self.0.apply(conn, tables, events).await?;
        tokio::time::sleep(Duration::from_secs(60)).await;
        Ok(())
    }
}

#[tokio::test]
async fn a_projector_killed_between_commit_and_checkpoint_applies_each_event_exactly_once_after_restart(
) {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    add(&bus, club, "p1", 25).await;

    let pool = db.app.clone();
    let doomed =
        tokio::spawn(
            async move { catch_up(&pool, &DiesBeforeCheckpoint(ProbeTotalsProjection)).await },
        );
    tokio::time::sleep(Duration::from_millis(500)).await;
    doomed.abort();
    let _ = doomed.await;

    assert_eq!(catch_up_to(&db, &ProbeTotalsProjection, 2).await, 2);
    assert_eq!(
        catch_up(&db.app, &ProbeTotalsProjection)
            .await
            .expect("again"),
        0
    );
    let t = queries::totals(&db.app, club)
        .await
        .expect("totals")
        .expect("row");
    assert_eq!((t.probes, t.additions, t.total), (1, 1, 25));
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn replay_equals_incremental_and_the_swapped_tables_keep_working() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    for (club, id) in [(a, "a1"), (a, "a2"), (b, "b1")] {
        open(&bus, club, id).await;
        add(&bus, club, id, 3).await;
        bus.execute(
            club,
            id,
            ProbeCommand::Rename {
                title: format!("Ny {id}"),
            },
            who(),
        )
        .await
        .expect("rename");
    }
    assert_eq!(catch_up_to(&db, &ProbeTotalsProjection, 9).await, 9);

    for (projection, kind) in registry::all() {
        let check = replay(&db.owner, projection.as_ref(), kind, ReplayMode::CheckOnly)
            .await
            .expect("check");
        assert!(check.identical(), "{check:?}");
        if projection.aggregate_types().contains(&"probe") {
            assert!(check.events > 0);
        }
        let swapped = replay(&db.owner, projection.as_ref(), kind, ReplayMode::Swap)
            .await
            .expect("swap");
        assert!(swapped.identical(), "{swapped:?}");
    }

    // After the swap: inline projection, async runner, row-level security and grants all still hold.
    add(&bus, a, "a1", 4).await;
    assert_eq!(
        queries::get(&db.app, a, "a1")
            .await
            .expect("q")
            .expect("row")
            .total,
        7
    );
    assert_eq!(catch_up_to(&db, &ProbeTotalsProjection, 1).await, 1);
    assert_eq!(
        queries::totals(&db.app, a)
            .await
            .expect("q")
            .expect("row")
            .total,
        10
    );
    let mut tx = club_tx(&db.app, b).await.expect("tx");
    let visible: i64 = sqlx::query_scalar("SELECT count(*) FROM probe_rows")
        .fetch_one(&mut *tx)
        .await
        .expect("count");
    assert_eq!(
        visible, 1,
        "club b sees only its own row even without a WHERE"
    );
    let kinds: Vec<ProjectionKind> = registry::all().into_iter().map(|(_, k)| k).collect();
    assert!(kinds.contains(&ProjectionKind::Inline) && kinds.contains(&ProjectionKind::Async));
    drop(tx);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn audit_verify_accepts_an_intact_store_and_names_the_first_tampered_event() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    for id in ["p1", "p2"] {
        open(&bus, club, id).await;
        add(&bus, club, id, 5).await;
        add(&bus, club, id, 6).await;
    }
    let report = audit::verify(&db.owner).await.expect("verify");
    assert_eq!((report.events_checked, report.first_broken), (6, None));

    // The owner (not the app) can still rewrite history behind the chain's back.
    sqlx::query(
        "UPDATE events SET payload = '{\"Added\": {\"amount\": 500}}' WHERE aggregate_id = 'p2' AND sequence = 2",
    )
    .execute(&db.owner)
    .await
    .expect("tamper");
    let broken = audit::verify(&db.owner)
        .await
        .expect("verify")
        .first_broken
        .expect("found");
    assert_eq!(
        (
            broken.aggregate_type.as_str(),
            broken.aggregate_id.as_str(),
            broken.sequence
        ),
        ("probe", "p2", 2)
    );
    assert_eq!(
        (broken.event_type.as_str(), broken.kind),
        ("Added", audit::BrokenKind::Hash)
    );

    // One aggregate's chain: p1's holds whole, p2's breaks at the event changed, after one.
    let p1 = audit::verify_aggregate(&db.owner, "probe", "p1")
        .await
        .expect("verify p1");
    assert_eq!((p1.events_checked, p1.first_broken), (3, None));
    let p2 = audit::verify_aggregate(&db.owner, "probe", "p2")
        .await
        .expect("verify p2");
    assert_eq!(p2.events_checked, 1);
    let link = p2.first_broken.expect("p2 is broken");
    assert_eq!(
        (link.sequence, link.event_type.as_str(), link.kind),
        (2, "Added", audit::BrokenKind::Hash)
    );
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn the_app_role_cannot_change_or_remove_events() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    for sql in [
        "UPDATE events SET payload = '{}'",
        "DELETE FROM events",
        "TRUNCATE events",
    ] {
        let err = sqlx::query(sql).execute(&db.app).await.expect_err(sql);
        let code = err
            .as_database_error()
            .and_then(|e| e.code())
            .map(|c| c.to_string());
        assert_eq!(code.as_deref(), Some("42501"), "{sql}: {err}");
    }
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.owner)
        .await
        .expect("count");
    assert_eq!(events, 1);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn row_level_security_hides_other_clubs_rows_from_a_query_without_where() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    open(&bus, a, "a1").await;
    open(&bus, b, "b1").await;
    let unscoped: i64 = sqlx::query_scalar("SELECT count(*) FROM probe_rows")
        .fetch_one(&db.app)
        .await
        .expect("count");
    assert_eq!(unscoped, 0, "no club set: nothing visible");
    let mut tx = club_tx(&db.app, a).await.expect("tx");
    let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM probe_rows")
        .fetch_all(&mut *tx)
        .await
        .expect("ids");
    assert_eq!(ids, vec!["a1".to_string()]);
    let write = sqlx::query("INSERT INTO probe_rows (id, client_id, title, version, updated_at) VALUES ('x', $1, 'x', 1, now())")
        .bind(b)
        .execute(&mut *tx)
        .await;
    assert!(write.is_err(), "writing another club's row is refused");
    drop(tx);
    db.drop_database().await.expect("drop");
}

#[tokio::test]
async fn the_history_shows_who_changed_what_and_the_state_as_of_each_event() {
    let db = TestDb::new().await.expect("db");
    let bus = bus(&db);
    let club = Uuid::new_v4();
    open(&bus, club, "p1").await;
    add(&bus, club, "p1", 12).await;
    bus.execute(
        club,
        "p1",
        ProbeCommand::Rename {
            title: "Omdøbt".into(),
        },
        who(),
    )
    .await
    .expect("rename");
    let entries = tribune_projections::history::history(
        &db.app,
        bus.store(),
        |p: &Probe| p.client_id == Some(club),
        "p1",
    )
    .await
    .expect("history")
    .expect("found");
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[2].event_type, "Renamed");
    assert_eq!(entries[2].user_name.as_deref(), Some("Test Person"));
    let change = &entries[2].changes[0];
    assert_eq!(
        (
            change.field.as_str(),
            change.old.as_str(),
            change.new.as_str()
        ),
        ("title", Some("Tælling p1"), Some("Omdøbt"))
    );
    let as_of_2 = bus
        .state_at(club, "p1", 2)
        .await
        .expect("state")
        .expect("found");
    assert_eq!((as_of_2.title.as_str(), as_of_2.total), ("Tælling p1", 12));
    db.drop_database().await.expect("drop");
}
