//! The invoicing of contract plans (issue 13): every approved contract's invoices that have
//! fallen due are made as drafts. Run every hour by one of the servers (and by
//! `tribune invoice-due`).
//! It is idempotent: each due invoice has a key the plan skips once made, and a unique index
//! refuses a second one made at the same moment; each contract's invoices commit together, so a
//! run killed halfway leaves whole contracts done and the next run does the rest.

use std::time::Duration;

use actix_web::web;
use chrono::NaiveDate;
use tokio::sync::watch;
use tribune_projections::contract::queries::invoiceable_contracts;
use tribune_projections::db::system_tx;

use super::service::InvoiceService;
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::state::AppState;

/// How often the server looks for invoices that have fallen due.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// What a run made.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DueReport {
    pub contracts: usize,
    pub invoices: usize,
    pub failed: usize,
}

/// Makes every invoice due on or before `day` of every approved contract with a plan.
pub async fn invoice_due(state: &AppState, day: NaiveDate) -> Result<DueReport, ApiError> {
    let mut tx = system_tx(&state.pool).await?;
    let contracts = invoiceable_contracts(&mut tx).await?;
    tx.commit().await?;
    let service = InvoiceService::of(state);
    let mut report = DueReport::default();
    for (club, contract) in contracts {
        let actor = Actor::system(club, "Fakturering");
        match service
            .invoice_contract_until(&actor, contract, day, usize::MAX)
            .await
        {
            Ok(made) => {
                report.contracts += 1;
                report.invoices += made.len();
            }
            Err(err) => {
                report.failed += 1;
                tracing::warn!(%contract, error = ?err, "contract invoicing");
            }
        }
    }
    Ok(report)
}

pub async fn run_until_stopped(state: web::Data<AppState>, stop: watch::Receiver<bool>) {
    let node = state.settings.node.clone();
    crate::jobs::every_once("invoices.due", EVERY, &state.pool, &node, stop, |today| {
        let state = state.clone();
        async move {
            match invoice_due(&state, today).await {
                Ok(report) if report.invoices > 0 => {
                    tracing::info!(?report, "contract invoices made")
                }
                Ok(_) => {}
                Err(err) => tracing::error!(error = ?err, "contract invoicing"),
            }
        }
    })
    .await
}
