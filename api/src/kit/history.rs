//! Sources of the generic history API (ARCHITECTURE §7): each event-sourced aggregate registers
//! its type name, the module that guards it and how it is loaded, in its own area's `Area`
//! (issue 11 §4). Adding an aggregate to the history is one line there; the history handler
//! knows no aggregate by name.

use cqrs_es::Aggregate;
use futures::future::LocalBoxFuture;
use serde_json::Value;
use tribune_domain::tenancy::Tenanted;
use tribune_projections::history::{history, HistoryEntry};
use tribune_projections::store::CommandBus;
use uuid::Uuid;

use crate::error::ApiError;
use crate::export::{Cell, Column};
use crate::state::AppState;

/// `None` when the aggregate does not exist in the caller's club.
pub type Loaded<'a, T> = LocalBoxFuture<'a, Result<Option<T>, ApiError>>;

/// One aggregate type the history API serves.
pub trait HistorySource: Sync {
    /// The `{type}` of `/api/history/{type}/{id}`.
    fn aggregate_type(&self) -> &'static str;
    /// The module a club needs to see it (403 without it); None for none.
    fn module(&self) -> Option<&'static str>;
    /// Every event of the aggregate with who, when and what changed.
    fn events<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
    ) -> Loaded<'a, Vec<HistoryEntry>>;
    /// The aggregate as it was after event `sequence`, as its editor reads it.
    fn state_at<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
        sequence: usize,
    ) -> Loaded<'a, Value>;
}

/// An event-sourced aggregate: its command bus in the app state, and how one state of it reads.
pub struct AggregateHistory<A: Aggregate> {
    pub aggregate_type: &'static str,
    pub module: Option<&'static str>,
    pub bus: fn(&AppState) -> &CommandBus<A>,
    /// The state after `sequence` as JSON (an aggregate's editor DTO, or the aggregate itself).
    pub view: fn(id: &str, sequence: usize, aggregate: &A) -> serde_json::Result<Value>,
}

impl<A: Aggregate + Tenanted + 'static> HistorySource for AggregateHistory<A> {
    fn aggregate_type(&self) -> &'static str {
        self.aggregate_type
    }

    fn module(&self) -> Option<&'static str> {
        self.module
    }

    fn events<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
    ) -> Loaded<'a, Vec<HistoryEntry>> {
        Box::pin(async move {
            let store = (self.bus)(state).store();
            let owned = |aggregate: &A| aggregate.client_id() == Some(client_id);
            Ok(history(&state.pool, store, owned, id).await?)
        })
    }

    fn state_at<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
        sequence: usize,
    ) -> Loaded<'a, Value> {
        Box::pin(async move {
            let Some(aggregate) = (self.bus)(state).state_at(client_id, id, sequence).await? else {
                return Ok(None);
            };
            let view = (self.view)(id, sequence, &aggregate).map_err(ApiError::internal)?;
            Ok(Some(view))
        })
    }
}

/// A type whose module already guards its history before its aggregate exists (contracts,
/// invoices, tickets …): a club without the module is refused, one with it finds nothing. When
/// the aggregate lands, its area registers an `AggregateHistory` instead.
pub struct Announced {
    pub aggregate_type: &'static str,
    pub module: &'static str,
}

impl HistorySource for Announced {
    fn aggregate_type(&self) -> &'static str {
        self.aggregate_type
    }

    fn module(&self) -> Option<&'static str> {
        Some(self.module)
    }

    fn events<'a>(&'a self, _: &'a AppState, _: Uuid, _: &'a str) -> Loaded<'a, Vec<HistoryEntry>> {
        Box::pin(async { Ok(None) })
    }

    fn state_at<'a>(&'a self, _: &'a AppState, _: Uuid, _: &'a str, _: usize) -> Loaded<'a, Value> {
        Box::pin(async { Ok(None) })
    }
}

pub fn change_text(entry: &HistoryEntry) -> String {
    entry
        .changes
        .iter()
        .map(|c| format!("{}: {} → {}", c.field, c.old, c.new))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The columns of an auditor's history file.
pub const HISTORY_EXPORT: &[Column<HistoryEntry>] = &[
    Column {
        header: "Sekvens",
        cell: |e| Cell::Number(e.sequence as f64),
    },
    Column {
        header: "Tidspunkt",
        cell: |e| Cell::Time(e.recorded_at),
    },
    Column {
        header: "Hændelse",
        cell: |e| Cell::Text(e.event_type.clone()),
    },
    Column {
        header: "Bruger",
        cell: |e| Cell::text(&e.user_name),
    },
    Column {
        header: "Bruger-id",
        cell: |e| Cell::text(&e.user_id),
    },
    Column {
        header: "På vegne af",
        cell: |e| Cell::text(&e.impersonator_name),
    },
    Column {
        header: "IP",
        cell: |e| Cell::text(&e.ip),
    },
    Column {
        header: "Handling",
        cell: |e| Cell::text(&e.command),
    },
    Column {
        header: "Årsag",
        cell: |e| Cell::text(&e.reason),
    },
    Column {
        header: "Ændringer",
        cell: |e| Cell::Text(change_text(e)),
    },
    Column {
        header: "Hash",
        cell: |e| Cell::Text(e.hash.clone()),
    },
];
