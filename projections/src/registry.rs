//! Every projection Tribune has, and how it runs. Replay and the server read this list.

use std::sync::Arc;

use cqrs_es::persist::EventUpcaster;

use crate::contract::project::ContractRowsProjection;
use crate::finance::project::FinanceProjection;
use crate::invite::project::InviteRowsProjection;
use crate::invoice::project::InvoiceRowsProjection;
use crate::order::project::OrderRowsProjection;
use crate::probe::project::{ProbeRowsProjection, ProbeTotalsProjection};
use crate::projection::Projection;
use crate::subscription::project::SubscriptionRowsProjection;
use crate::ticket::project::TicketRowsProjection;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProjectionKind {
    /// Runs inside the aggregate's commit.
    Inline,
    /// Runs in the projector runner, behind a checkpoint.
    Async,
}

pub fn all() -> Vec<(Arc<dyn Projection>, ProjectionKind)> {
    vec![
        (Arc::new(ProbeRowsProjection), ProjectionKind::Inline),
        (Arc::new(OrderRowsProjection), ProjectionKind::Inline),
        (Arc::new(ContractRowsProjection), ProjectionKind::Inline),
        (Arc::new(InvoiceRowsProjection), ProjectionKind::Inline),
        (Arc::new(SubscriptionRowsProjection), ProjectionKind::Inline),
        (Arc::new(TicketRowsProjection), ProjectionKind::Inline),
        (Arc::new(InviteRowsProjection), ProjectionKind::Inline),
        (Arc::new(ProbeTotalsProjection), ProjectionKind::Async),
        (Arc::new(FinanceProjection), ProjectionKind::Async),
    ]
}

pub fn inline_for(aggregate_type: &str) -> Vec<Arc<dyn Projection>> {
    all()
        .into_iter()
        .filter(|(p, kind)| {
            *kind == ProjectionKind::Inline && p.aggregate_types().contains(&aggregate_type)
        })
        .map(|(p, _)| p)
        .collect()
}

pub fn asynchronous() -> Vec<Arc<dyn Projection>> {
    all()
        .into_iter()
        .filter(|(_, kind)| *kind == ProjectionKind::Async)
        .map(|(p, _)| p)
        .collect()
}

pub fn find(name: &str) -> Option<(Arc<dyn Projection>, ProjectionKind)> {
    all().into_iter().find(|(p, _)| p.name() == name)
}

/// The upcasters of an aggregate's older event shapes, oldest first. The store's load and every
/// projection that folds an aggregate (`fold::fold_batch`) apply them, so a bumped
/// `event_version` is read the same everywhere. An upcaster changes the payload only: a projection
/// that does not read metadata (`Projection::reads_metadata`) is given an empty object there.
pub fn upcasters_for(aggregate_type: &str) -> Vec<Box<dyn EventUpcaster>> {
    match aggregate_type {
        "order" => crate::order::upcasters(),
        _ => Vec::new(),
    }
}
