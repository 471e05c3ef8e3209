//! Folding aggregates for projections, the way the store loads them: every event goes through the
//! aggregate's upcasters before it is applied, so an event shape that moved on (a bumped
//! `event_version`) folds the same in a command, a live projection and a replay.
//!
//! `fold_batch` brings each aggregate a batch touches up to its newest event in the batch: from a
//! state it already holds (a rebuild keeps them between batches), from the batch alone when the
//! batch starts the aggregate, and otherwise from the store, with one query for all of them.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use cqrs_es::{Aggregate, EventEnvelope};
use serde_json::Value;
use sqlx::PgConnection;

use crate::projection::{decode_error, StoredEvent};
use crate::registry;

/// An aggregate as of its event `sequence`, recorded at `recorded_at`.
#[derive(Debug, Clone)]
pub struct Folded<A> {
    pub aggregate: A,
    pub sequence: i64,
    pub recorded_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct EventRow {
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    event_version: String,
    payload: Value,
    metadata: Value,
    recorded_at: DateTime<Utc>,
}

impl<A: Default> Folded<A> {
    fn start(recorded_at: DateTime<Utc>) -> Self {
        Folded {
            aggregate: A::default(),
            sequence: 0,
            recorded_at,
        }
    }
}

/// An event in its current shape: each upcaster that knows its type and version rewrites it, in
/// order. The store's load and every fold go through here.
pub(crate) fn upcast(
    upcasters: &[Box<dyn EventUpcaster>],
    event: SerializedEvent,
) -> SerializedEvent {
    upcasters.iter().fold(event, |event, upcaster| {
        if upcaster.can_upcast(&event.event_type, &event.event_version) {
            upcaster.upcast(event)
        } else {
            event
        }
    })
}

fn upcast_and_decode<A: Aggregate>(
    upcasters: &[Box<dyn EventUpcaster>],
    row: EventRow,
) -> Result<A::Event, sqlx::Error> {
    let event = SerializedEvent {
        aggregate_id: row.aggregate_id,
        sequence: usize::try_from(row.sequence).map_err(decode_error)?,
        aggregate_type: A::TYPE.to_string(),
        event_type: row.event_type,
        event_version: row.event_version,
        payload: row.payload,
        metadata: row.metadata,
    };
    Ok(EventEnvelope::<A>::try_from(upcast(upcasters, event))
        .map_err(decode_error)?
        .payload)
}

/// One event of the batch as the aggregate's event type: read straight from the stored text in
/// the current shape, through the upcasters otherwise.
fn decode_stored<A: Aggregate>(
    upcasters: &[Box<dyn EventUpcaster>],
    event: &StoredEvent,
) -> Result<A::Event, sqlx::Error> {
    if !upcasters
        .iter()
        .any(|u| u.can_upcast(&event.event_type, &event.event_version))
    {
        return event.event();
    }
    upcast_and_decode::<A>(
        upcasters,
        EventRow {
            aggregate_id: event.aggregate_id.clone(),
            sequence: event.sequence,
            event_type: event.event_type.clone(),
            event_version: event.event_version.clone(),
            payload: serde_json::from_str(event.payload.get()).map_err(decode_error)?,
            metadata: serde_json::from_str(event.metadata.get()).map_err(decode_error)?,
            recorded_at: event.recorded_at,
        },
    )
}

/// Brings every aggregate of type `A` in `batch` up to its newest event there, in `states`, and
/// returns their ids (sorted). `states` may hold earlier folds (a rebuild's); an inline
/// projection passes an empty map.
pub async fn fold_batch<A: Aggregate>(
    conn: &mut PgConnection,
    batch: &[StoredEvent],
    states: &mut HashMap<String, Folded<A>>,
) -> Result<Vec<String>, sqlx::Error> {
    let upcasters = registry::upcasters_for(A::TYPE);
    let mut by_aggregate: BTreeMap<&str, Vec<&StoredEvent>> = BTreeMap::new();
    for event in batch.iter().filter(|e| e.aggregate_type == A::TYPE) {
        by_aggregate
            .entry(event.aggregate_id.as_str())
            .or_default()
            .push(event);
    }
    let (mut from_store, mut up_to) = (Vec::new(), Vec::new());
    for (id, events) in &mut by_aggregate {
        events.sort_by_key(|e| e.sequence);
        let known = states.get(*id).map_or(0, |f| f.sequence);
        // Events at or below what is known were folded already (a transaction that took its id
        // early may commit an aggregate's later event before an earlier one is read).
        events.retain(|e| e.sequence > known);
        let Some(last) = events.last() else { continue };
        let follows_on = events
            .iter()
            .zip(known + 1..)
            .all(|(e, expected)| e.sequence == expected);
        if !follows_on {
            from_store.push(*id);
            up_to.push(last.sequence);
            continue;
        }
        let folded = states
            .entry((*id).to_string())
            .or_insert_with(|| Folded::start(last.recorded_at));
        for event in events.iter() {
            folded
                .aggregate
                .apply(decode_stored::<A>(&upcasters, event)?);
        }
        folded.sequence = last.sequence;
        folded.recorded_at = last.recorded_at;
    }
    if !from_store.is_empty() {
        let rows: Vec<EventRow> = sqlx::query_as(
            "SELECT e.aggregate_id, e.sequence, e.event_type, e.event_version, e.payload, e.metadata, e.recorded_at \
             FROM unnest($2::text[], $3::bigint[]) AS wanted (id, up_to) \
             JOIN events e ON e.aggregate_type = $1 AND e.aggregate_id = wanted.id AND e.sequence <= wanted.up_to \
             ORDER BY e.aggregate_id, e.sequence",
        )
        .bind(A::TYPE)
        .bind(&from_store)
        .bind(&up_to)
        .fetch_all(&mut *conn)
        .await?;
        for id in &from_store {
            states.remove(*id);
        }
        for row in rows {
            let id = row.aggregate_id.clone();
            let (sequence, recorded_at) = (row.sequence, row.recorded_at);
            let event = upcast_and_decode::<A>(&upcasters, row)?;
            let folded = states
                .entry(id)
                .or_insert_with(|| Folded::start(recorded_at));
            folded.aggregate.apply(event);
            folded.sequence = sequence;
            folded.recorded_at = recorded_at;
        }
    }
    Ok(by_aggregate
        .into_iter()
        .filter(|(_, events)| !events.is_empty())
        .map(|(id, _)| id.to_string())
        .collect())
}

/// One aggregate folded from its events as `conn` sees them: inside a transaction, the events
/// that transaction wrote but has not committed count too, so two commands to one aggregate in
/// one transaction (sign, then record the signed copy) each decide on what the other did.
/// Returns the aggregate and its current sequence (0: no events).
pub async fn load_in<A: Aggregate>(
    conn: &mut PgConnection,
    aggregate_id: &str,
) -> Result<(A, usize), sqlx::Error> {
    let upcasters = registry::upcasters_for(A::TYPE);
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT aggregate_id, sequence, event_type, event_version, payload, metadata, recorded_at \
         FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
    )
    .bind(A::TYPE)
    .bind(aggregate_id)
    .fetch_all(conn)
    .await?;
    let mut aggregate = A::default();
    let mut sequence = 0;
    for row in rows {
        sequence = usize::try_from(row.sequence).map_err(decode_error)?;
        aggregate.apply(upcast_and_decode::<A>(&upcasters, row)?);
    }
    Ok((aggregate, sequence))
}

/// A projection whose rows belong to one aggregate each and are rewritten from the aggregate as
/// folded over the batch (contracts, invoices, subscriptions, tickets): it names its rows and
/// says how to write them; folding, the touched ids and the `Projection` contract come from here.
#[async_trait::async_trait]
pub trait RowsPerAggregate: Send + Sync {
    type Aggregate: Aggregate + Send + Sync;
    const NAME: &'static str;
    const TABLES: &'static [&'static str];

    /// The rows of aggregate `id` as `folded` says (None: it has no events any more).
    async fn write(
        conn: &mut PgConnection,
        tables: &crate::projection::Tables,
        id: uuid::Uuid,
        folded: Option<&Folded<Self::Aggregate>>,
    ) -> Result<(), sqlx::Error>;
}

#[async_trait::async_trait]
impl<P: RowsPerAggregate> crate::projection::Projection for P {
    fn name(&self) -> &'static str {
        P::NAME
    }
    fn tables(&self) -> &'static [&'static str] {
        P::TABLES
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[P::Aggregate::TYPE]
    }

    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &crate::projection::Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        let mut states = HashMap::new();
        let touched = fold_batch::<P::Aggregate>(conn, events, &mut states).await?;
        for id in touched {
            let uuid: uuid::Uuid = id.parse().map_err(decode_error)?;
            P::write(conn, tables, uuid, states.get(&id)).await?;
        }
        Ok(())
    }

    fn reads_metadata(&self) -> bool {
        false
    }
}
