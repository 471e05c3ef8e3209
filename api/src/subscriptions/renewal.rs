//! Auto-renew (spec 3 §3 `autoRenew`; issue 40 item 7). An approved subscription with auto-renew
//! and an end date continues into a new commitment period the day after its end date: its end
//! date moves on and its periods go on being charged (the recurring charges find them). Its
//! customer is told by mail from `RENEWAL_NOTICE_DAYS` before the end date. One without
//! auto-renew stops at its end date: no period after it falls due.
//!
//! Run every hour by one of the servers (`jobs::every_once`). Each renewal and each notice
//! happens once whatever runs it: the command names the end date it expects, a repeat finds it
//! renewed (or told) and does nothing, and two runners at the same moment meet at the event
//! store, where one commits and the other gets a conflict and leaves it (with its mail, which is
//! queued in the notice's own transaction).

use std::time::Duration;

use actix_web::web;
use chrono::NaiveDate;
use tokio::sync::watch;
use tribune_domain::subscription::model::add_days;
use tribune_domain::subscription::RENEWAL_NOTICE_DAYS;
use tribune_projections::db::system_tx;
use tribune_projections::subscription::queries::{self, Renewing};

use super::SubscriptionService;
use crate::error::ApiError;
use crate::state::AppState;

/// How often the server looks for subscriptions to renew or to announce.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// How many subscriptions one run renews (and announces) at most (the next run takes the rest).
const BATCH: i64 = 500;

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RenewalReport {
    pub renewed: usize,
    /// Notices mailed.
    pub noticed: usize,
    /// Done already (by a repeat or another runner), or refused (changed since it was found).
    pub skipped: usize,
}

/// Renews every subscription with auto-renew whose end date is before `today`, and tells the
/// customers of those ending within `RENEWAL_NOTICE_DAYS` from `today`.
pub async fn renew_due(state: &AppState, today: NaiveDate) -> Result<RenewalReport, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let last_end = add_days(today, RENEWAL_NOTICE_DAYS);
    let to_notify = queries::to_notify_of_renewal(&mut tx, today, last_end, BATCH).await?;
    let to_renew = queries::to_renew(&mut tx, today, BATCH).await?;
    tx.commit().await?;
    let service = SubscriptionService::of(state);
    let mut report = RenewalReport::default();
    for Renewing {
        id,
        client_id,
        end_date,
    } in to_notify
    {
        let told = service
            .send_renewal_notice(client_id, id, end_date, today)
            .await;
        count(&mut report.noticed, &mut report.skipped, told, id, "notice");
    }
    for Renewing {
        id,
        client_id,
        end_date,
    } in to_renew
    {
        let renewed = service.renew(client_id, id, end_date, today).await;
        count(
            &mut report.renewed,
            &mut report.skipped,
            renewed,
            id,
            "renewal",
        );
    }
    Ok(report)
}

fn count(
    done: &mut usize,
    skipped: &mut usize,
    outcome: Result<bool, ApiError>,
    id: uuid::Uuid,
    what: &str,
) {
    match outcome {
        Ok(true) => *done += 1,
        Ok(false) => *skipped += 1,
        // Another runner's at the same moment: it is done there.
        Err(ApiError::Conflict(_)) => *skipped += 1,
        Err(err) => {
            *skipped += 1;
            tracing::warn!(subscription = %id, error = ?err, "subscription {what}");
        }
    }
}

pub async fn run_until_stopped(state: web::Data<AppState>, stop: watch::Receiver<bool>) {
    crate::jobs::scan_every(
        "subscriptions.renewal",
        EVERY,
        state,
        stop,
        "subscription renewals",
        |state, today| async move { renew_due(&state, today).await },
    )
    .await
}
