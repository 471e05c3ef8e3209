//! Waking the background workers (the async projectors, the job runner) without a NOTIFY in the
//! writers' transactions.
//!
//! PostgreSQL serialises the commits of all transactions that NOTIFY: each takes one
//! database-wide lock before its commit record and keeps it until the commit is flushed to disk
//! (`PreCommit_Notify` in `async.c`), so that notifications are queued in commit order. A NOTIFY
//! in every booking therefore makes every booking's commit wait for every other booking's disk
//! flush: one commit per flush, whatever the number of cores, and no group commit. (The rush
//! bench runs with `synchronous_commit = off`, where commits do not wait for the disk, so it
//! does not show this; a production server does.)
//!
//! So a writer only marks, in memory, that it wrote ([`mark`]: no I/O, no lock). Every server
//! process runs one [`notifier`] per database: when marks arrive it waits a moment for their
//! transactions to commit, sends one NOTIFY on each worker channel in a transaction of its own
//! (which writes no WAL), and once more a little later for a writer that committed late. A
//! burst of a thousand bookings costs two notifications. Polling stays the truth: a wake-up
//! that is lost or early only costs the poll interval.

use std::sync::LazyLock;
use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::watch;

/// How long the notifier waits after a mark before it notifies: long enough for the marking
/// transaction to commit in the common case.
pub const SETTLE: Duration = Duration::from_millis(15);
/// The second notification of a burst, for a transaction that committed after the first.
pub const LATE: Duration = Duration::from_millis(250);

/// Bumped by every mark; every notifier of the process watches it.
static MARKS: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

/// A transaction of this process wrote something a background worker acts on (events, a job).
/// Call it from inside the transaction; the workers are woken soon after.
pub fn mark() {
    MARKS.send_modify(|n| *n = n.wrapping_add(1));
}

/// Sends one notification on each of `channels` through `pool`'s database.
async fn notify(pool: &PgPool, channels: &[&str]) {
    let sent = sqlx::query("SELECT pg_notify(c, '') FROM unnest($1::text[]) AS c")
        .bind(channels)
        .execute(pool)
        .await;
    if let Err(err) = sent {
        tracing::warn!(%err, "wake-up not sent; the workers poll");
    }
}

/// Wakes the workers listening on `channels` in `pool`'s database after this process's writes,
/// until `stop` turns true. In a process that serves several databases (the tests), each one's
/// notifier also answers the others' marks: a spurious wake-up finds nothing and costs one query.
pub async fn notifier(pool: PgPool, channels: Vec<&'static str>, mut stop: watch::Receiver<bool>) {
    let mut marks = MARKS.subscribe();
    marks.mark_unchanged();
    loop {
        tokio::select! {
            changed = marks.changed() => if changed.is_err() { return },
            _ = stop.changed() => return,
        }
        // A burst: notify once its writers have settled, again while writes go on, and once
        // more after a quiet moment for a writer that committed late.
        loop {
            tokio::time::sleep(SETTLE).await;
            marks.mark_unchanged();
            notify(&pool, &channels).await;
            tokio::select! {
                changed = marks.changed() => if changed.is_err() { return },
                _ = tokio::time::sleep(LATE) => {
                    notify(&pool, &channels).await;
                    break;
                }
                _ = stop.changed() => return,
            }
        }
    }
}
