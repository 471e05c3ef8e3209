//! Tribune's `cqrs_es::EventStore`: events are loaded through postgres-es, and committed in ONE
//! transaction together with their hash chain and the aggregate's inline projections, so a
//! command's read tables are current when it returns and a crash can never separate the two.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{EventUpcaster, PersistedEventRepository, SerializedEvent};
use cqrs_es::{
    Aggregate, AggregateContext, AggregateError, DomainEvent, EventEnvelope, EventStore,
};
use postgres_es::PostgresEventRepository;
use serde_json::Value;
use sqlx::PgPool;
use tribune_domain::tenancy::Tenanted;
use uuid::Uuid;

use crate::audit::event_hash;
use crate::projection::{Projection, RawJson, StoredEvent, Tables};

/// The channel committed events are announced on (by `wake::notifier`); the projector runner
/// listens.
pub const EVENTS_CHANNEL: &str = "tribune_events";

/// Who did it and where: stored with every event (ARCHITECTURE §3 Metadata).
#[derive(Debug, Clone, Default)]
pub struct Metadata {
    pub user_id: Option<Uuid>,
    pub user_name: Option<String>,
    pub client_id: Option<Uuid>,
    pub request_id: Option<String>,
    pub command: Option<String>,
    pub ip: Option<String>,
    pub reason: Option<String>,
    pub impersonator_id: Option<Uuid>,
    pub impersonator_name: Option<String>,
}

impl Metadata {
    pub fn into_map(self) -> HashMap<String, String> {
        let entries = [
            ("user_id", self.user_id.map(|v| v.to_string())),
            ("user_name", self.user_name),
            ("client_id", self.client_id.map(|v| v.to_string())),
            ("request_id", self.request_id),
            ("command", self.command),
            ("ip", self.ip),
            ("reason", self.reason),
            (
                "impersonator_id",
                self.impersonator_id.map(|v| v.to_string()),
            ),
            ("impersonator_name", self.impersonator_name),
        ];
        entries
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
            .collect()
    }
}

pub struct LoadedAggregate<A> {
    pub aggregate_id: String,
    pub aggregate: A,
    pub current_sequence: usize,
}

impl<A: Aggregate> AggregateContext<A> for LoadedAggregate<A> {
    fn aggregate(&mut self) -> &mut A {
        &mut self.aggregate
    }
}

pub struct PgEventStore<A> {
    pool: PgPool,
    repo: PostgresEventRepository,
    inline: Vec<Arc<dyn Projection>>,
    upcasters: Vec<Box<dyn EventUpcaster>>,
    _aggregate: PhantomData<fn() -> A>,
}

impl<A: Aggregate> PgEventStore<A> {
    pub fn new(pool: PgPool, inline: Vec<Arc<dyn Projection>>) -> Self {
        let repo = PostgresEventRepository::new(pool.clone()).with_tables("events", "snapshots");
        PgEventStore {
            pool,
            repo,
            inline,
            upcasters: crate::registry::upcasters_for(A::TYPE),
            _aggregate: PhantomData,
        }
    }

    /// Older event shapes are upcast on load; stored rows are never rewritten. `new` takes the
    /// aggregate's upcasters from the registry; this replaces them (tests).
    pub fn with_upcasters(mut self, upcasters: Vec<Box<dyn EventUpcaster>>) -> Self {
        self.upcasters = upcasters;
        self
    }

    fn upcast(&self, event: SerializedEvent) -> SerializedEvent {
        crate::fold::upcast(&self.upcasters, event)
    }

    /// The aggregate as it was after event `sequence` (the history API's "as of").
    pub async fn load_until(
        &self,
        aggregate_id: &str,
        sequence: usize,
    ) -> Result<Option<A>, AggregateError<A::Error>> {
        let events = self.load_events(aggregate_id).await?;
        if events.iter().all(|e| e.sequence < sequence) {
            return Ok(None);
        }
        let mut aggregate = A::default();
        for envelope in events.into_iter().take_while(|e| e.sequence <= sequence) {
            aggregate.apply(envelope.payload);
        }
        Ok(Some(aggregate))
    }
}

fn conflict_or_db<E: std::error::Error>(err: sqlx::Error) -> AggregateError<E> {
    match &err {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("23505") => {
            AggregateError::AggregateConflict
        }
        _ => AggregateError::DatabaseConnectionError(Box::new(err)),
    }
}

impl<A: Aggregate> EventStore<A> for PgEventStore<A> {
    type AC = LoadedAggregate<A>;

    async fn load_events(
        &self,
        aggregate_id: &str,
    ) -> Result<Vec<EventEnvelope<A>>, AggregateError<A::Error>> {
        let serialized = self.repo.get_events::<A>(aggregate_id).await?;
        let mut envelopes = Vec::with_capacity(serialized.len());
        for event in serialized {
            let envelope = EventEnvelope::<A>::try_from(self.upcast(event))
                .map_err(|e| AggregateError::DeserializationError(Box::new(e)))?;
            envelopes.push(envelope);
        }
        Ok(envelopes)
    }

    async fn load_aggregate(
        &self,
        aggregate_id: &str,
    ) -> Result<LoadedAggregate<A>, AggregateError<A::Error>> {
        let mut aggregate = A::default();
        let mut current_sequence = 0;
        for envelope in self.load_events(aggregate_id).await? {
            current_sequence = envelope.sequence;
            aggregate.apply(envelope.payload);
        }
        Ok(LoadedAggregate {
            aggregate_id: aggregate_id.to_string(),
            aggregate,
            current_sequence,
        })
    }

    async fn commit(
        &self,
        events: Vec<A::Event>,
        context: LoadedAggregate<A>,
        metadata: HashMap<String, String>,
    ) -> Result<Vec<EventEnvelope<A>>, AggregateError<A::Error>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.pool.begin().await.map_err(conflict_or_db)?;
        if let Some(client_id) = metadata.get("client_id") {
            sqlx::query("SELECT set_config('tribune.client_id', $1, true)")
                .bind(client_id)
                .execute(&mut *tx)
                .await
                .map_err(conflict_or_db)?;
        }
        let envelopes = self.commit_in(&mut tx, events, context, metadata).await?;
        tx.commit().await.map_err(conflict_or_db)?;
        Ok(envelopes)
    }
}

impl<A: Aggregate> PgEventStore<A> {
    /// Commits in the caller's transaction, so that work which must happen with the events (the
    /// next order number, a job to send a mail) commits or rolls back with them. The caller has
    /// set the club (`club_tx`) and commits.
    pub async fn commit_in(
        &self,
        conn: &mut sqlx::PgConnection,
        events: Vec<A::Event>,
        context: LoadedAggregate<A>,
        metadata: HashMap<String, String>,
    ) -> Result<Vec<EventEnvelope<A>>, AggregateError<A::Error>> {
        Ok(self
            .commit_many_in(conn, vec![(events, context, metadata)])
            .await?
            .into_iter()
            .flatten()
            .collect())
    }

    /// `commit_in` for several aggregates at once (a batch of bookings): ONE insert of all their
    /// events and one pass of each inline projection over them. Each aggregate's hash chain is
    /// its own, as if it were committed alone.
    pub async fn commit_many_in(
        &self,
        conn: &mut sqlx::PgConnection,
        commits: Vec<Commit<A>>,
    ) -> Result<Vec<Vec<EventEnvelope<A>>>, AggregateError<A::Error>> {
        let mut rows: Vec<EventRow> = Vec::new();
        for (events, context, metadata) in &commits {
            let aggregate_id = &context.aggregate_id;
            let metadata_json = serde_json::to_value(metadata)
                .map_err(|e| AggregateError::UnexpectedError(Box::new(e)))?;
            let mut prev_hash: Vec<u8> = if context.current_sequence == 0 || events.is_empty() {
                Vec::new()
            } else {
                sqlx::query_scalar::<_, Option<Vec<u8>>>(
                    "SELECT hash FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence = $3",
                )
                .bind(A::TYPE)
                .bind(aggregate_id)
                .bind(context.current_sequence as i64)
                .fetch_optional(&mut *conn)
                .await
                .map_err(conflict_or_db)?
                .flatten()
                .unwrap_or_default()
            };
            for (offset, event) in events.iter().enumerate() {
                let sequence = (context.current_sequence + offset + 1) as i64;
                let payload = serde_json::to_value(event)
                    .map_err(|e| AggregateError::UnexpectedError(Box::new(e)))?;
                let event_type = event.event_type();
                let hash = event_hash(
                    &prev_hash,
                    A::TYPE,
                    aggregate_id,
                    sequence,
                    &event_type,
                    &payload,
                    &metadata_json,
                );
                prev_hash = hash.clone();
                rows.push(EventRow {
                    aggregate_id: aggregate_id.clone(),
                    sequence,
                    event_type,
                    event_version: event.event_version(),
                    payload,
                    metadata: metadata_json.clone(),
                    hash,
                });
            }
        }
        if !rows.is_empty() {
            let mut stored = insert_events(&mut *conn, A::TYPE, rows)
                .await
                .map_err(conflict_or_db)?;
            // The async projectors are woken after the commit, not by a NOTIFY in it (see `wake`).
            crate::wake::mark();
            stored.sort_by_key(|e| e.global_position);

            for projection in &self.inline {
                projection
                    .apply(&mut *conn, &Tables::live(projection.tables()), &stored)
                    .await
                    .map_err(conflict_or_db)?;
            }
        }
        Ok(commits
            .into_iter()
            .map(|(events, context, metadata)| {
                events
                    .into_iter()
                    .zip(context.current_sequence + 1..)
                    .map(|(payload, sequence)| EventEnvelope {
                        aggregate_id: context.aggregate_id.clone(),
                        sequence,
                        payload,
                        metadata: metadata.clone(),
                    })
                    .collect()
            })
            .collect())
    }
}

/// One aggregate's new events, the aggregate as loaded, and the events' metadata.
pub type Commit<A> = (
    Vec<<A as Aggregate>::Event>,
    LoadedAggregate<A>,
    HashMap<String, String>,
);

/// An event to insert, hashed.
struct EventRow {
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    event_version: String,
    payload: Value,
    metadata: Value,
    hash: Vec<u8>,
}

/// Inserts the events in ONE statement of fixed shape (arrays, so any number of events is the
/// same prepared statement), and answers them as projections see them — built from what was
/// sent, with only the columns the database gives (position, transaction, time) read back.
async fn insert_events(
    conn: &mut sqlx::PgConnection,
    aggregate_type: &str,
    rows: Vec<EventRow>,
) -> Result<Vec<StoredEvent>, sqlx::Error> {
    let aggregate_ids: Vec<&str> = rows.iter().map(|r| r.aggregate_id.as_str()).collect();
    let sequences: Vec<i64> = rows.iter().map(|r| r.sequence).collect();
    let event_types: Vec<&str> = rows.iter().map(|r| r.event_type.as_str()).collect();
    let versions: Vec<&str> = rows.iter().map(|r| r.event_version.as_str()).collect();
    let payloads: Vec<&Value> = rows.iter().map(|r| &r.payload).collect();
    let metadata: Vec<&Value> = rows.iter().map(|r| &r.metadata).collect();
    let hashes: Vec<&[u8]> = rows.iter().map(|r| r.hash.as_slice()).collect();
    let written: Vec<(String, i64, i64, String, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata, hash) \
         SELECT $1, e.aggregate_id, e.sequence, e.event_type, e.event_version, e.payload, e.metadata, e.hash \
         FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::bytea[]) \
           WITH ORDINALITY AS e(aggregate_id, sequence, event_type, event_version, payload, metadata, hash, n) \
         ORDER BY e.n \
         RETURNING aggregate_id, sequence, global_position, tx_id::text, recorded_at",
    )
    .bind(aggregate_type)
    .bind(&aggregate_ids)
    .bind(&sequences)
    .bind(&event_types)
    .bind(&versions)
    .bind(&payloads)
    .bind(&metadata)
    .bind(&hashes)
    .fetch_all(&mut *conn)
    .await?;
    let mut by_key: HashMap<(String, i64), (i64, String, chrono::DateTime<chrono::Utc>)> = written
        .into_iter()
        .map(|(id, sequence, position, tx, at)| ((id, sequence), (position, tx, at)))
        .collect();
    let raw = |value: &Value| -> Result<RawJson, sqlx::Error> {
        serde_json::value::to_raw_value(value)
            .map(sqlx::types::Json)
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))
    };
    rows.into_iter()
        .map(|row| {
            let (global_position, tx_id, recorded_at) = by_key
                .remove(&(row.aggregate_id.clone(), row.sequence))
                .ok_or_else(|| sqlx::Error::RowNotFound)?;
            Ok(StoredEvent {
                global_position,
                tx_id,
                aggregate_type: aggregate_type.to_string(),
                payload: raw(&row.payload)?,
                metadata: raw(&row.metadata)?,
                aggregate_id: row.aggregate_id,
                sequence: row.sequence,
                event_type: row.event_type,
                event_version: row.event_version,
                recorded_at,
            })
        })
        .collect()
}

/// Why a command did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CommandError<E: std::error::Error> {
    /// The aggregate belongs to another club (reported exactly like a missing one).
    #[error("Ikke fundet")]
    NotFound,
    #[error("{0}")]
    Domain(E),
    #[error("Dataene er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.")]
    Conflict,
    #[error("store: {0}")]
    Store(String),
    /// The database was away (a restart, a failover): nothing was written, asking again is safe.
    #[error("store unavailable: {0}")]
    Unavailable(String),
}

impl<E: std::error::Error> CommandError<E> {
    /// A database error of the store: unavailable when the database was away, else a store error.
    pub fn of_db(err: &sqlx::Error) -> Self {
        if crate::db::unavailable(err) {
            CommandError::Unavailable(err.to_string())
        } else {
            CommandError::Store(err.to_string())
        }
    }
}

impl<E: std::error::Error> From<AggregateError<E>> for CommandError<E> {
    fn from(err: AggregateError<E>) -> Self {
        match err {
            AggregateError::UserError(e) => CommandError::Domain(e),
            AggregateError::AggregateConflict => CommandError::Conflict,
            AggregateError::DatabaseConnectionError(e) => match e.downcast_ref::<sqlx::Error>() {
                Some(db) => CommandError::of_db(db),
                None => CommandError::Store(e.to_string()),
            },
            other => CommandError::Store(other.to_string()),
        }
    }
}

/// Loads an aggregate, checks it belongs to the caller's club, lets it decide, and commits.
/// (cqrs-es's `CqrsFramework::execute` minus its after-commit queries, plus the tenancy check.)
pub struct CommandBus<A: Aggregate> {
    store: PgEventStore<A>,
    services: A::Services,
}

impl<A: Aggregate + Tenanted> CommandBus<A> {
    pub fn new(store: PgEventStore<A>, services: A::Services) -> Self {
        CommandBus { store, services }
    }

    pub fn store(&self) -> &PgEventStore<A> {
        &self.store
    }

    /// The aggregate as it is now, with its version, when it exists in `client_id`'s club and is
    /// not deleted; None otherwise (another club's is reported exactly like a missing one).
    pub async fn load_live(
        &self,
        client_id: Uuid,
        aggregate_id: &str,
    ) -> Result<Option<(A, usize)>, CommandError<A::Error>> {
        let context = self.store.load_aggregate(aggregate_id).await?;
        let aggregate = context.aggregate;
        if aggregate.client_id() != Some(client_id) || aggregate.is_deleted() {
            return Ok(None);
        }
        Ok(Some((aggregate, context.current_sequence)))
    }

    pub async fn execute(
        &self,
        client_id: Uuid,
        aggregate_id: &str,
        command: A::Command,
        metadata: Metadata,
    ) -> Result<Vec<EventEnvelope<A>>, CommandError<A::Error>> {
        let mut context = self.store.load_aggregate(aggregate_id).await?;
        if context
            .aggregate
            .client_id()
            .is_some_and(|owner| owner != client_id)
        {
            return Err(CommandError::NotFound);
        }
        let sink = EventSink::default();
        context
            .aggregate
            .handle(command, &self.services, &sink)
            .await
            .map_err(CommandError::Domain)?;
        let events = sink.collect().await;
        let metadata = Metadata {
            client_id: Some(client_id),
            ..metadata
        };
        Ok(self
            .store
            .commit(events, context, metadata.into_map())
            .await?)
    }

    /// Like `execute`, inside the caller's club transaction (which the caller commits), and refused
    /// as a conflict when the aggregate is no longer at `expected_version` (the version the user's
    /// screen was loaded at): a second browser tab can never overwrite what the first saved.
    pub async fn execute_in(
        &self,
        conn: &mut sqlx::PgConnection,
        client_id: Uuid,
        aggregate_id: &str,
        command: A::Command,
        metadata: Metadata,
        expected_version: Option<usize>,
    ) -> Result<(A, Vec<EventEnvelope<A>>), CommandError<A::Error>>
    where
        A: Clone,
    {
        // Read over the caller's transaction: what it already wrote to this aggregate counts.
        let (aggregate, current_sequence) = crate::fold::load_in::<A>(&mut *conn, aggregate_id)
            .await
            .map_err(|e| CommandError::of_db(&e))?;
        let context = LoadedAggregate {
            aggregate_id: aggregate_id.to_string(),
            aggregate,
            current_sequence,
        };
        self.run_in(
            conn,
            client_id,
            context,
            command,
            metadata,
            expected_version,
        )
        .await
    }

    /// A command that makes a new aggregate under an id the caller has just drawn (a random v4
    /// uuid, so there is nothing to load: one read fewer on the hot path of a booking rush). Were
    /// the id ever taken, the events' unique (type, id, sequence) key refuses the commit.
    pub async fn create_in(
        &self,
        conn: &mut sqlx::PgConnection,
        client_id: Uuid,
        aggregate_id: &str,
        command: A::Command,
        metadata: Metadata,
    ) -> Result<(A, Vec<EventEnvelope<A>>), CommandError<A::Error>>
    where
        A: Clone,
    {
        let context = LoadedAggregate {
            aggregate_id: aggregate_id.to_string(),
            aggregate: A::default(),
            current_sequence: 0,
        };
        self.run_in(conn, client_id, context, command, metadata, Some(0))
            .await
    }

    /// `create_in` for several new aggregates in one go (a batch of bookings): each command is
    /// decided alone, and all their events are written by one insert. The first command its
    /// aggregate refuses refuses them all (nothing is written; the caller's transaction is
    /// still good).
    pub async fn create_many_in(
        &self,
        conn: &mut sqlx::PgConnection,
        client_id: Uuid,
        creates: Vec<(String, A::Command, Metadata)>,
    ) -> Result<Vec<A>, CommandError<A::Error>>
    where
        A: Clone,
    {
        let mut commits = Vec::with_capacity(creates.len());
        let mut after = Vec::with_capacity(creates.len());
        for (aggregate_id, command, metadata) in creates {
            let mut aggregate = A::default();
            let sink = EventSink::default();
            aggregate
                .handle(command, &self.services, &sink)
                .await
                .map_err(CommandError::Domain)?;
            let metadata = Metadata {
                client_id: Some(client_id),
                ..metadata
            };
            after.push(aggregate.clone());
            commits.push((
                sink.collect().await,
                LoadedAggregate {
                    aggregate_id,
                    aggregate,
                    current_sequence: 0,
                },
                metadata.into_map(),
            ));
        }
        self.store.commit_many_in(conn, commits).await?;
        Ok(after)
    }

    async fn run_in(
        &self,
        conn: &mut sqlx::PgConnection,
        client_id: Uuid,
        mut context: LoadedAggregate<A>,
        command: A::Command,
        metadata: Metadata,
        expected_version: Option<usize>,
    ) -> Result<(A, Vec<EventEnvelope<A>>), CommandError<A::Error>>
    where
        A: Clone,
    {
        if context
            .aggregate
            .client_id()
            .is_some_and(|owner| owner != client_id)
        {
            return Err(CommandError::NotFound);
        }
        if expected_version.is_some_and(|v| v != context.current_sequence) {
            return Err(CommandError::Conflict);
        }
        let sink = EventSink::default();
        context
            .aggregate
            .handle(command, &self.services, &sink)
            .await
            .map_err(CommandError::Domain)?;
        let events = sink.collect().await;
        let metadata = Metadata {
            client_id: Some(client_id),
            ..metadata
        };
        // The sink has applied the events to the aggregate already.
        let after = context.aggregate.clone();
        let envelopes = self
            .store
            .commit_in(conn, events, context, metadata.into_map())
            .await?;
        Ok((after, envelopes))
    }

    /// The aggregate folded up to `sequence`, or None when it has no such event or another club owns it.
    pub async fn state_at(
        &self,
        client_id: Uuid,
        aggregate_id: &str,
        sequence: usize,
    ) -> Result<Option<A>, CommandError<A::Error>> {
        Ok(self
            .store
            .load_until(aggregate_id, sequence)
            .await?
            .filter(|a| a.client_id() == Some(client_id)))
    }
}

/// Used by audit and history to read an event row's JSON fields.
pub fn json_str(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_string)
}
