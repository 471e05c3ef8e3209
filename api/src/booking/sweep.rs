//! Abandoned card bookings (issue 15): a booking whose buyer never paid keeps its order as a
//! draft and its places only until its hold expires (`HOLD_MINUTES`); the places return to
//! sale then, without any sweep. The buyer may still pay from the confirmation page for a while
//! (the places are taken anew when they are there). A day after the hold ran out the booking is
//! given up: the booking and its order are cancelled, so the staff's orders list is not filled
//! with drafts nobody will pay. A payment that arrives even later is given back
//! (`SaleService::on_paid` answers `SoldOut` for a cancelled booking).

use std::time::Duration;

use actix_web::web;
use chrono::{DateTime, Utc};
use tokio::sync::watch;
use tribune_projections::db::system_tx;
use uuid::Uuid;

use crate::error::ApiError;
use crate::sales::service::SaleService;
use crate::state::AppState;

/// How long after its hold expired an unpaid booking is given up.
pub const GIVEN_UP_AFTER: chrono::Duration = chrono::Duration::hours(24);
/// How often one of the servers looks for them.
pub const EVERY: Duration = Duration::from_secs(15 * 60);
/// At most this many per run; the next run takes the rest.
const BATCH: i64 = 500;

/// The pending bookings whose hold expired (or was released) before `now - GIVEN_UP_AFTER`.
async fn abandoned(state: &AppState, now: DateTime<Utc>) -> Result<Vec<(Uuid, Uuid)>, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let rows = crate::sales::process::abandoned(&mut tx, now - GIVEN_UP_AFTER, BATCH).await?;
    tx.commit().await?;
    Ok(rows)
}

/// Gives up every abandoned booking as of `now`; answers how many.
pub async fn sweep(state: &AppState, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let mut given_up = 0;
    for (club, order) in abandoned(state, now).await? {
        match SaleService::of(state).give_up(club, order).await {
            Ok(()) => given_up += 1,
            Err(err) => tracing::warn!(%order, error = ?err, "abandoned booking not given up"),
        }
    }
    Ok(given_up)
}

pub async fn run_until_stopped(state: web::Data<AppState>, stop: watch::Receiver<bool>) {
    let node = state.settings.node.clone();
    crate::jobs::every_once("booking.sweep", EVERY, &state.pool, &node, stop, |_| {
        let state = state.clone();
        async move {
            match sweep(&state, Utc::now()).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(bookings = n, "abandoned bookings given up"),
                Err(err) => tracing::error!(error = ?err, "abandoned bookings"),
            }
        }
    })
    .await
}
