#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

//! Kill the real `tribune` process between commit and async projection: after a restart the
//! projection catches up, and every event counts exactly once.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tribune_domain::probe::{Probe, ProbeCommand};
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, Metadata, PgEventStore};
use tribune_projections::testing::TestDb;
use uuid::Uuid;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn database_url(db: &TestDb) -> String {
    let base = tribune_projections::testing::server_url();
    let (prefix, _) = base.rsplit_once('/').expect("url with a database");
    format!("{prefix}/{}", db.name)
}

async fn start_server(db: &TestDb, port: u16) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tribune"))
        .arg("serve")
        .env("DATABASE_URL", database_url(db))
        .env("TRIBUNE_PORT", port.to_string())
        .env("TRIBUNE_SMTP_PORT", free_port().to_string())
        .env("TRIBUNE_PROJECTOR_POLL_MS", "100")
        .env(
            "TRIBUNE_WEBAPP_DIR",
            std::env::temp_dir().join("tribune-no-webapp"),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tribune");
    for _ in 0..100 {
        if reqwest::get(format!("http://127.0.0.1:{port}/healthz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("tribune did not start");
}

async fn totals(db: &TestDb, club: Uuid) -> Option<(i64, i64)> {
    sqlx::query_as("SELECT probes, total FROM probe_totals WHERE client_id = $1")
        .bind(club)
        .fetch_optional(&db.owner)
        .await
        .expect("totals")
}

#[tokio::test]
async fn a_killed_server_projects_each_committed_event_exactly_once_after_restart() {
    let db = TestDb::new().await.expect("db");
    let club = Uuid::new_v4();
    let bus = CommandBus::<Probe>::new(
        PgEventStore::new(db.app.clone(), registry::inline_for("probe")),
        (),
    );
    let port = free_port();

    let mut server = start_server(&db, port).await;
    bus.execute(
        club,
        "p1",
        ProbeCommand::Open {
            client_id: club,
            title: "Før".into(),
        },
        Metadata::default(),
    )
    .await
    .expect("open");
    for _ in 0..100 {
        if totals(&db, club).await.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(totals(&db, club).await, Some((1, 0)));

    server.kill().expect("SIGKILL");
    server.wait().expect("reaped");
    // Committed while no projector runs: only the events table and the inline rows know.
    bus.execute(
        club,
        "p1",
        ProbeCommand::Add { amount: 30 },
        Metadata::default(),
    )
    .await
    .expect("add");
    bus.execute(
        club,
        "p2",
        ProbeCommand::Open {
            client_id: club,
            title: "Under".into(),
        },
        Metadata::default(),
    )
    .await
    .expect("open");
    assert_eq!(totals(&db, club).await, Some((1, 0)));

    let mut server = start_server(&db, port).await;
    for _ in 0..100 {
        if totals(&db, club).await == Some((2, 30)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(totals(&db, club).await, Some((2, 30)));
    server.kill().expect("SIGKILL");
    server.wait().expect("reaped");

    // A second restart has nothing to redo.
    let mut server = start_server(&db, port).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(totals(&db, club).await, Some((2, 30)));
    server.kill().expect("SIGKILL");
    server.wait().expect("reaped");
    db.drop_database().await.expect("drop");
}
