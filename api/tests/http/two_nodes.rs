//! Two nodes on one database, in one process (issue 39 §2): every node runs the background
//! workers, and each piece of work still happens once — mails, projections, reminders, declined
//! charges, subscription renewals and their notices, newsletter batches, the periodic scans — and
//! a session or cart made on one node is the same on the other. The second node is
//! `Application::build` of the first one's settings on another port: its own pool, state, job
//! runner, projectors and batch queues.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use sqlx::{Connection, Executor};
use tribune_api::jobs::{self, JobMethod, NewJob};
use tribune_api::mail::Mail;
use tribune_api::startup::Application;
use tribune_api::state::AppState;
use tribune_domain::probe::ProbeCommand;
use tribune_projections::db::system_tx;
use tribune_projections::store::Metadata;
use tribune_projections::testing::TestDb;
use uuid::Uuid;

use crate::helpers::{
    a_contact, catalogue_product, open_event, spawn_app, until, visitor, Browser, TestApp,
};
use crate::invites::company_with_contact;
use crate::newsletters::{basic, created, more_contacts};
use crate::subscription_renewal::{days_after, days_before, draft_ending, months, renewal_notices};
use crate::subscriptions::{activate, draft, link_token, subscription, today};

/// The second node: its address and state.
struct Node {
    address: String,
    state: actix_web::web::Data<AppState>,
}

/// Starts another node of `app`'s installation: the same database and mail server, its own port,
/// pool and background workers.
async fn second_node(app: &TestApp) -> Node {
    let mut settings = app.settings.clone();
    settings.node = "node-b".into();
    settings.db_pool = 8;
    let node = Application::build(settings).await.expect("second node");
    let address = format!("http://127.0.0.1:{}", node.port());
    let state = node.state();
    tokio::spawn(node.run_until_stopped());
    Node { address, state }
}

/// The same browser (its cookies) talking to `node`.
fn on(browser: &Browser, node: &Node) -> Browser {
    let mut moved = browser.clone();
    moved.base = node.address.clone();
    moved
}

fn subject(mail: &crate::helpers::ReceivedMail) -> String {
    mail.data
        .lines()
        .find_map(|l| l.strip_prefix("Subject: "))
        .unwrap_or_default()
        .to_string()
}

/// A database of its own with no server on it, dropped by `drop_quietly`.
async fn bare_database() -> TestDb {
    TestDb::new().await.expect("test database")
}

/// Drops the database without forcing anybody off it: the pools go first (dropped, not closed:
/// a connection given back to a closing pool may stay open until the pool is dropped), and the
/// drop is tried a few times while their connections end.
async fn drop_quietly(db: TestDb) {
    let TestDb {
        name, owner, app, ..
    } = db;
    drop((owner, app));
    let mut admin = sqlx::PgConnection::connect(&tribune_projections::testing::server_url())
        .await
        .expect("server");
    let drop = format!(r#"DROP DATABASE IF EXISTS "{name}""#);
    for _ in 0..10 {
        if admin.execute(drop.as_str()).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("{name} is still in use");
}

#[tokio::test]
async fn two_job_runners_send_each_of_200_mails_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let mut tx = system_tx(&app.state.pool).await.unwrap();
    for n in 0..200 {
        jobs::enqueue(
            &mut tx,
            NewJob {
                client_id: None,
                description: format!("Mail {n}"),
                method: JobMethod::SendMail(Mail {
                    to: format!("modtager{n}@example.dk"),
                    subject: format!("Besked nummer {n}"),
                    text: "Hej".into(),
                    ..Default::default()
                }),
                collection: None,
                relation_id: None,
                created_by: None,
            },
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    // A runner that mailed twice would show it a moment later.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let subjects: Vec<String> = app.smtp.mails.lock().unwrap().iter().map(subject).collect();
    assert_eq!(subjects.len(), 200);
    assert_eq!(subjects.iter().collect::<HashSet<_>>().len(), 200);
    assert_eq!(
        app.count("SELECT count(*) FROM job_history WHERE state_name = 'Processing'")
            .await,
        200
    );
    assert_eq!(
        app.count("SELECT count(*) FROM jobs WHERE succeeded").await,
        200
    );
    drop(b);
}

#[tokio::test]
async fn two_projector_runners_count_each_event_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let club = Uuid::new_v4();
    // 20 probes, each opened and added to 10 times, half through each node's bus, all at once.
    let runs = (0..20).map(|p| {
        let bus = if p % 2 == 0 {
            &app.state.probes
        } else {
            &b.state.probes
        };
        async move {
            let id = format!("probe-{p}");
            bus.execute(
                club,
                &id,
                ProbeCommand::Open {
                    client_id: club,
                    title: format!("Probe {p}"),
                },
                Metadata::default(),
            )
            .await
            .unwrap();
            for amount in 1..=10 {
                bus.execute(club, &id, ProbeCommand::Add { amount }, Metadata::default())
                    .await
                    .unwrap();
            }
        }
    });
    futures::future::join_all(runs).await;
    let totals = async || -> Option<(i64, i64)> {
        sqlx::query_as("SELECT probes, total FROM probe_totals WHERE client_id = $1")
            .bind(club)
            .fetch_optional(&app.db.owner)
            .await
            .unwrap()
    };
    until("the totals", async || totals().await == Some((20, 20 * 55))).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(totals().await, Some((20, 20 * 55)), "nothing counted twice");
}

#[tokio::test]
async fn two_nodes_queueing_reminders_at_once_remind_each_invitee_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let dinner = catalogue_product(
        &staff,
        json!({ "title": "Middag", "type": "ticket", "price": 50_000 }),
    )
    .await;
    let line = json!({ "productId": dinner, "title": "Middag", "price": 50_000, "maxAmount": 100 });
    let (event, _) = open_event(
        &staff,
        "Gallamiddag",
        json!([line]),
        json!({ "notifications": { "reminderInterval": 7 } }),
    )
    .await;
    let mut companies = Vec::new();
    let mut emails = Vec::new();
    for name in ["Nordbyg", "Sydhavn", "Vestjysk", "Oestjysk", "Midtbyg"] {
        let (company, _, email) = company_with_contact(&staff, name, "Kim", false).await;
        companies.push(company);
        emails.push(email);
    }
    let (status, body) = staff
        .post_json(
            &format!("/api/events/{event}/create-invites"),
            &json!({ "companyIds": companies }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["created"], 5, "{body}");
    let (status, body) = staff
        .post_json(&format!("/api/events/{event}/send-invites"), &json!([]))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    until("the invitations sent", async || {
        app.count("SELECT count(*) FROM invite_rows WHERE sent_at IS NOT NULL")
            .await
            == 5
    })
    .await;

    // Seven days before the event both nodes look for due reminders at the same moment.
    let later = chrono::Utc::now() + chrono::Duration::days(4);
    let (on_a, on_b) = tokio::join!(
        tribune_api::invites::send::queue_due_reminders(&app.state, later, 100),
        tribune_api::invites::send::queue_due_reminders(&b.state, later, 100),
    );
    let queued = on_a.unwrap() + on_b.unwrap();
    assert_eq!(queued, 5, "one reminder job per invite");
    assert_eq!(
        app.count(
            "SELECT count(*) FROM jobs WHERE method = 'send_invite' AND arguments->>'kind' = 'reminder'"
        )
        .await,
        5
    );
    until("the reminders sent", async || {
        app.count("SELECT count(*) FROM invite_rows WHERE reminder_sent_at IS NOT NULL")
            .await
            == 5
    })
    .await;
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    for email in &emails {
        assert_eq!(
            app.smtp.count_to(email),
            2,
            "{email}: the invitation and one reminder"
        );
    }
}

#[tokio::test]
async fn two_nodes_charging_a_declined_card_at_once_record_one_failure_and_mail_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&staff).await;
    let id = draft(&staff, contact, today(), 3).await;
    let token = link_token(&app, &staff, &id, &email).await;
    activate(&app.browser(), &id, &token, "4000000000000341").await;
    // The activation's own charge (a job, run by either node) is the first declined try.
    until("the first failed charge", async || {
        subscription(&staff, &id).await["chargeProblem"]["attempt"] == 1
    })
    .await;
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    let failed_mails = || {
        app.smtp
            .mails
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m.data.contains("mislykkedes"))
            .count()
    };
    assert_eq!(failed_mails(), 1);

    // The retry falls due; both nodes charge at the same moment, each twice (its hourly run and
    // a run by hand, say).
    sqlx::query("UPDATE subscription_charges SET next_try_at = now() - interval '1 minute'")
        .execute(&app.db.owner)
        .await
        .unwrap();
    let runs = [&app.state, &b.state, &app.state, &b.state]
        .map(|state| tribune_api::invoices::recurring::charge_due(state, today()));
    let reports: Vec<_> = futures::future::join_all(runs)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let failed: usize = reports.iter().map(|r| r.failed).sum();
    let skipped: usize = reports.iter().map(|r| r.skipped).sum();
    assert_eq!((failed, skipped), (1, 3), "{reports:?}");
    assert_eq!(
        app.count("SELECT count(*) FROM events WHERE event_type = 'ChargeFailed'")
            .await,
        2,
        "the activation's try and one retry"
    );
    assert_eq!(
        app.count("SELECT attempt::bigint FROM subscription_charges")
            .await,
        3,
        "two tries made, the third is next"
    );
    assert_eq!(
        subscription(&staff, &id).await["chargeProblem"]["attempt"],
        2
    );
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    assert_eq!(failed_mails(), 2, "one mail per declined try");
}

#[tokio::test]
async fn two_nodes_renewing_at_once_tell_the_customer_once_and_renew_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (contact, email) = a_contact(&staff).await;
    let end = days_before(months(today(), 2), 1);
    let id = draft_ending(&staff, contact, today(), end, true).await;
    let version = subscription(&staff, &id).await["version"].clone();
    let (status, answer) = staff
        .post_json(
            "/api/subscriptions/approve",
            &json!({ "id": id, "version": version }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Both nodes renew at the same moment, each twice (its hourly run and a run by hand, say):
    // in the notice's window, then the day after the end date.
    let mut done = Vec::new();
    for day in [days_before(end, 30), days_after(end, 1)] {
        let runs = [&app.state, &b.state, &app.state, &b.state]
            .map(|state| tribune_api::subscriptions::renewal::renew_due(state, day));
        let reports: Vec<_> = futures::future::join_all(runs)
            .await
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let noticed: usize = reports.iter().map(|r| r.noticed).sum();
        let renewed: usize = reports.iter().map(|r| r.renewed).sum();
        done.push((noticed, renewed));
    }
    assert_eq!(done, [(1, 0), (0, 1)], "told once, then renewed once");
    for kind in ["RenewalNoticeSent", "Renewed"] {
        assert_eq!(
            app.count(&format!(
                "SELECT count(*) FROM events WHERE event_type = '{kind}'"
            ))
            .await,
            1,
            "{kind}"
        );
    }
    let seen = subscription(&staff, &id).await;
    assert_eq!(
        seen["endDate"],
        json!(days_before(months(today(), 4), 1)),
        "one commitment period on"
    );
    until("no job pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    assert_eq!(renewal_notices(&app, &email).len(), 1, "one notice mailed");
}

#[tokio::test]
async fn two_job_runners_send_a_newsletter_of_300_to_each_recipient_once() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (company, _, _) = company_with_contact(&staff, "Storkunde", "Kim", false).await;
    more_contacts(&app, &company, 299).await;
    let newsletter = created(&staff, basic("Alle"), vec![]).await;
    let (_, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/create-recipients"),
            &json!({ "companyIds": [company] }),
        )
        .await;
    assert_eq!(body["result"]["created"], 300, "{body}");
    let (status, body) = staff
        .post_json(
            &format!("/api/newsletters/{newsletter}/send-newsletters?force=false"),
            &json!([]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["queued"], 300, "{body}");
    assert!(body["result"]["batches"].as_i64().unwrap() >= 2, "{body}");
    until("no batch pending", async || {
        app.count("SELECT count(*) FROM jobs WHERE pending").await == 0
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let to: Vec<String> = app
        .smtp
        .mails
        .lock()
        .unwrap()
        .iter()
        .flat_map(|m| m.to.clone())
        .collect();
    assert_eq!(to.len(), 300);
    assert_eq!(to.iter().collect::<HashSet<_>>().len(), 300, "none twice");
    drop(b);
}

#[tokio::test]
async fn a_session_and_a_cart_made_on_one_node_are_the_same_on_the_other() {
    let app = spawn_app().await;
    let b = second_node(&app).await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, user) = on(&staff, &b).get_json("/api/user").await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["result"]["name"], "Søren Sælger", "{user}");
    let (status, _) = on(&app.browser(), &b).get_json("/api/user").await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the cookie is what signs in"
    );

    let (_, scarf, _, _) = crate::shop::the_shop(&staff).await;
    let buyer = visitor(&app).await;
    let (status, body) = crate::shop::add(&buyer, &format!("productId={scarf}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let buyer_on_b = on(&buyer, &b);
    let (status, cart) = buyer_on_b.get_json("/public/orders/webshop/cart").await;
    assert_eq!(status, StatusCode::OK, "{cart}");
    assert_eq!(
        cart["result"]["orderLines"][0]["title"], "Halstørklæde",
        "{cart}"
    );
    // A write on the other node (its CSRF check passes with the same cookie) shows on the first.
    let (status, body) = crate::shop::add(&buyer_on_b, &format!("productId={scarf}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, cart) = buyer.get_json("/public/orders/webshop/cart").await;
    assert_eq!(cart["result"]["orderLines"][0]["amount"], 2, "{cart}");
}

/// A mail job as the tests below enqueue it.
fn a_mail_job() -> NewJob {
    NewJob {
        client_id: None,
        description: "Mail".into(),
        method: JobMethod::SendMail(Mail {
            to: "a@example.dk".into(),
            subject: "Emne".into(),
            text: "Tekst".into(),
            ..Default::default()
        }),
        collection: None,
        relation_id: None,
        created_by: None,
    }
}

#[tokio::test]
async fn a_runner_whose_lease_ran_out_cannot_finish_over_the_next_runners_attempt() {
    let db = bare_database().await;
    let mut conn = db.app.acquire().await.unwrap();
    let id = jobs::enqueue(&mut conn, a_mail_job()).await.unwrap();
    drop(conn);
    let first = jobs::claim(&db.app).await.unwrap().expect("claimed");
    assert_eq!((first.id, first.attempts), (id, 1));
    // The first runner stalls past its lease; another runner claims the job again.
    sqlx::query("UPDATE jobs SET locked_until = now() - interval '1 second'")
        .execute(&db.owner)
        .await
        .unwrap();
    let second = jobs::claim(&db.app).await.unwrap().expect("claimed again");
    assert_eq!(second.attempts, 2);

    // The first runner comes back and fails: it must not schedule a retry over the running one.
    let recorded = jobs::finish(&db.app, &first, Err("timeout".into()))
        .await
        .unwrap();
    assert!(!recorded, "the stale attempt is fenced off");
    let (pending, locked): (bool, bool) =
        sqlx::query_as("SELECT pending, locked_until > now() FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_one(&db.owner)
            .await
            .unwrap();
    assert!(
        pending && locked,
        "the second attempt still holds its lease"
    );
    assert!(jobs::claim(&db.app).await.unwrap().is_none());

    assert!(jobs::finish(&db.app, &second, Ok("sendt".into()))
        .await
        .unwrap());
    let states: Vec<String> =
        sqlx::query_scalar("SELECT state_name FROM job_history WHERE job_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&db.owner)
            .await
            .unwrap();
    assert_eq!(
        states,
        ["Enqueued", "Processing", "Processing", "Succeeded"]
    );
    // A finish that comes even later changes nothing either.
    assert!(!jobs::finish(&db.app, &first, Ok("sendt".into()))
        .await
        .unwrap());
    drop_quietly(db).await;
}

#[tokio::test]
async fn a_periodic_scan_runs_on_one_node_per_period() {
    let db = bare_database().await;
    let runs = Arc::new(AtomicUsize::new(0));
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let node = |name: &'static str| {
        let (pool, runs, stop) = (db.app.clone(), runs.clone(), stop_rx.clone());
        tokio::spawn(async move {
            jobs::every_once(
                "two_nodes.scan",
                Duration::from_secs(3600),
                &pool,
                name,
                stop,
                |_| {
                    let runs = runs.clone();
                    async move {
                        runs.fetch_add(1, Ordering::SeqCst);
                    }
                },
            )
            .await
        })
    };
    let (a, b) = (node("node-a"), node("node-b"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.send(true).unwrap();
    let _ = tokio::join!(a, b);
    assert_eq!(runs.load(Ordering::SeqCst), 1, "one node ran the scan");
    let (node, due_in): (String, f64) = sqlx::query_as(
        "SELECT last_node, extract(epoch FROM next_run_at - now())::float8 FROM schedules WHERE name = 'two_nodes.scan'",
    )
    .fetch_one(&db.owner)
    .await
    .unwrap();
    assert!(node == "node-a" || node == "node-b", "{node}");
    assert!((3500.0..=3600.0).contains(&due_in), "{due_in}");
    drop_quietly(db).await;
}
