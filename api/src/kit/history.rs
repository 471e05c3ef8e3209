//! Sources of the generic history API (ARCHITECTURE §7): each event-sourced aggregate registers
//! its type name, the module that guards it and how it is loaded, in its own area's `Area`
//! (issue 11 §4). Adding an aggregate to the history is one line there; the history handler
//! knows no aggregate by name.

use cqrs_es::Aggregate;
use futures::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use tribune_domain::tenancy::Tenanted;
use tribune_projections::audit::{self, AuditReport, BrokenKind};
use tribune_projections::history::{history, Change, Comparison, HistoryEntry, LineChangeKind};
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
    /// The aggregate's hash chain recomputed from its first event ('Verificér').
    fn verify<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
    ) -> Loaded<'a, ChainVerdict>;
}

/// What does not hold at the first broken link of a chain.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum ChainProblem {
    /// An event is missing or out of order.
    Sequence,
    /// The event was changed after it was written (its hash no longer matches).
    Hash,
    /// The event has no hash.
    Missing,
}

impl From<BrokenKind> for ChainProblem {
    fn from(kind: BrokenKind) -> Self {
        match kind {
            BrokenKind::Sequence => ChainProblem::Sequence,
            BrokenKind::Hash => ChainProblem::Hash,
            BrokenKind::Missing => ChainProblem::Missing,
        }
    }
}

/// The first event whose link does not hold.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrokenEvent {
    #[ts(type = "number")]
    pub sequence: i64,
    /// The event's type, as the history names it.
    pub event_type: String,
    pub problem: ChainProblem,
}

/// One aggregate's hash chain, recomputed: whole (`valid`), with how many events hold, or broken
/// at its first event that does not.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainVerdict {
    pub valid: bool,
    /// The events whose links hold (all of them when the chain is whole).
    #[ts(type = "number")]
    pub events: u64,
    pub broken_at: Option<BrokenEvent>,
}

impl From<AuditReport> for ChainVerdict {
    fn from(report: AuditReport) -> Self {
        ChainVerdict {
            valid: report.first_broken.is_none(),
            events: report.events_checked,
            broken_at: report.first_broken.map(|link| BrokenEvent {
                sequence: link.sequence,
                event_type: link.event_type,
                problem: link.kind.into(),
            }),
        }
    }
}

/// Recomputes the chain of an aggregate of the caller's club; `None` when there is none. Whose
/// it is comes from its first event's metadata (every command stamps the club), not from folding
/// the events: a changed event may no longer fold, and the club must still see that it broke.
pub async fn verify_chain(
    pool: &PgPool,
    aggregate_type: &str,
    client_id: Uuid,
    id: &str,
) -> Result<Option<ChainVerdict>, ApiError> {
    let owned: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
           AND sequence = 1 AND metadata->>'client_id' = $3)",
    )
    .bind(aggregate_type)
    .bind(id)
    .bind(client_id.to_string())
    .fetch_one(pool)
    .await?;
    if !owned {
        return Ok(None);
    }
    let report = audit::verify_aggregate(pool, aggregate_type, id).await?;
    Ok(Some(report.into()))
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

    fn verify<'a>(
        &'a self,
        state: &'a AppState,
        client_id: Uuid,
        id: &'a str,
    ) -> Loaded<'a, ChainVerdict> {
        Box::pin(verify_chain(&state.pool, A::TYPE, client_id, id))
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

    fn verify<'a>(&'a self, _: &'a AppState, _: Uuid, _: &'a str) -> Loaded<'a, ChainVerdict> {
        Box::pin(async { Ok(None) })
    }
}

/// A field that differs between two versions, by its path in the record ('customer.companyId').
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldDiff {
    pub field: String,
    #[ts(type = "unknown")]
    pub old: Value,
    #[ts(type = "unknown")]
    pub new: Value,
}

/// How a line differs between two versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LineDiffKind {
    Added,
    Removed,
    Changed,
}

/// A line of one of the record's lists (matched by its id) that was added, removed or changed.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDiff {
    /// The list's path in the record ('lines', 'payments').
    pub list: String,
    pub id: String,
    pub kind: LineDiffKind,
    /// The whole line before (null when added) and after (null when removed).
    #[ts(type = "Record<string, unknown> | null")]
    pub old: Value,
    #[ts(type = "Record<string, unknown> | null")]
    pub new: Value,
    /// A changed line's fields.
    pub changes: Vec<FieldDiff>,
}

/// Compare two versions (`/api/history/{type}/{id}/diff`): the record after event `from` against
/// the record after event `to`.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionDiff {
    #[ts(type = "number")]
    pub from: u64,
    #[ts(type = "number")]
    pub to: u64,
    pub changes: Vec<FieldDiff>,
    pub lines: Vec<LineDiff>,
}

fn field_diffs(changes: Vec<Change>) -> Vec<FieldDiff> {
    changes
        .into_iter()
        .map(|c| FieldDiff {
            field: c.field,
            old: c.old,
            new: c.new,
        })
        .collect()
}

impl VersionDiff {
    pub fn new(from: usize, to: usize, comparison: Comparison) -> Self {
        VersionDiff {
            from: from as u64,
            to: to as u64,
            changes: field_diffs(comparison.changes),
            lines: comparison
                .lines
                .into_iter()
                .map(|line| LineDiff {
                    list: line.list,
                    id: line.id,
                    kind: match line.kind {
                        LineChangeKind::Added => LineDiffKind::Added,
                        LineChangeKind::Removed => LineDiffKind::Removed,
                        LineChangeKind::Changed => LineDiffKind::Changed,
                    },
                    old: line.old,
                    new: line.new,
                    changes: field_diffs(line.changes),
                })
                .collect(),
        }
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
