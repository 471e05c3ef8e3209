#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! The async projectors' wake-up (`wake`): a command's transaction sends no NOTIFY (PostgreSQL
//! would serialise every such commit through its disk flush), and the process's notifier wakes
//! the listeners once the command has committed.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;
use tribune_domain::probe::{Probe, ProbeCommand};
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, Metadata, PgEventStore, EVENTS_CHANNEL};
use tribune_projections::testing::TestDb;
use tribune_projections::wake;
use uuid::Uuid;

async fn open_probe(db: &TestDb, title: &str) {
    let club = Uuid::new_v4();
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("probe")),
        (),
    );
    bus.execute(
        club,
        title,
        ProbeCommand::Open {
            client_id: club,
            title: title.into(),
        },
        Metadata::default(),
    )
    .await
    .unwrap();
}

async fn listener(db: &TestDb) -> PgListener {
    let mut listener = PgListener::connect_with(&db.owner).await.unwrap();
    listener.listen(EVENTS_CHANNEL).await.unwrap();
    listener
}

#[tokio::test]
async fn a_command_sends_no_notification_of_its_own() {
    let db = TestDb::new().await.unwrap();
    let mut listener = listener(&db).await;
    // No notifier runs for this database: whatever arrives came from the command's transaction.
    open_probe(&db, "quiet").await;
    let heard = tokio::time::timeout(Duration::from_millis(400), listener.recv()).await;
    assert!(
        heard.is_err(),
        "the command's transaction notified: {heard:?}"
    );
    // The listener holds one of the pool's connections: given back before the pool closes.
    drop(listener);
    db.drop_database().await.unwrap();
}

#[tokio::test]
async fn the_notifier_wakes_the_listeners_after_a_command_commits() {
    let db = TestDb::new().await.unwrap();
    let mut listener = listener(&db).await;
    let (stop, stop_rx) = watch::channel(false);
    let notifier = tokio::spawn(wake::notifier(
        db.app.clone(),
        vec![EVENTS_CHANNEL],
        stop_rx,
    ));
    // Let the notifier subscribe before the write.
    tokio::time::sleep(Duration::from_millis(50)).await;
    open_probe(&db, "heard").await;
    let heard = tokio::time::timeout(Duration::from_secs(2), listener.recv())
        .await
        .expect("woken within two seconds")
        .unwrap();
    assert_eq!(heard.channel(), EVENTS_CHANNEL);
    // By the time the listener hears it, the command's events are there to be read.
    let stored: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_id = 'heard'")
            .fetch_one(&db.owner)
            .await
            .unwrap();
    assert_eq!(stored, 1);
    stop.send(true).unwrap();
    notifier.await.unwrap();
    drop(listener);
    db.drop_database().await.unwrap();
}
