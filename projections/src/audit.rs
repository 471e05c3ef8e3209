//! Tamper evidence (ARCHITECTURE §7): every event carries
//! sha256(prev_hash ‖ aggregate_type ‖ aggregate_id ‖ sequence ‖ event_type ‖ canonical payload ‖ metadata),
//! chained per aggregate. `verify` recomputes every chain and names the first broken link;
//! `verify_aggregate` does the same for one aggregate (its history's 'Verificér'), and
//! `ClubWalk` for every record of a club, noting each broken one (the club-wide check).

use futures::{Stream, TryStreamExt};
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::PgPool;

/// Each part is length-prefixed so that no two different inputs hash alike.
pub fn event_hash(
    prev_hash: &[u8],
    aggregate_type: &str,
    aggregate_id: &str,
    sequence: i64,
    event_type: &str,
    payload: &Value,
    metadata: &Value,
) -> Vec<u8> {
    let mut hasher = Sha256::new();
    let mut part = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_be_bytes());
        hasher.update(bytes);
    };
    part(prev_hash);
    part(aggregate_type.as_bytes());
    part(aggregate_id.as_bytes());
    part(&sequence.to_be_bytes());
    part(event_type.as_bytes());
    part(canonical_json(payload).as_bytes());
    part(canonical_json(metadata).as_bytes());
    hasher.finalize().to_vec()
}

/// JSON with object keys sorted at every level and no whitespace: the same text for the value
/// we wrote and the value jsonb gives back.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// What does not hold at a broken link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrokenKind {
    /// An event is missing or out of order (the sequence jumps).
    Sequence,
    /// The stored hash does not match the event's content or its predecessor: changed after it
    /// was written.
    Hash,
    /// The event carries no hash.
    Missing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenLink {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub kind: BrokenKind,
    pub problem: String,
}

impl std::fmt::Display for BrokenLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{} sequence {}: {}",
            self.aggregate_type, self.aggregate_id, self.sequence, self.problem
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub events_checked: u64,
    pub first_broken: Option<BrokenLink>,
}

#[derive(sqlx::FromRow)]
struct ChainRow {
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    payload: Value,
    metadata: Value,
    hash: Option<Vec<u8>>,
}

/// Every event, in chain order: by aggregate, then sequence.
const ALL_CHAINS: &str =
    "SELECT aggregate_type, aggregate_id, sequence, event_type, payload, metadata, hash \
     FROM events ORDER BY aggregate_type, aggregate_id, sequence";
/// One aggregate's events, in chain order.
const ONE_CHAIN: &str =
    "SELECT aggregate_type, aggregate_id, sequence, event_type, payload, metadata, hash \
     FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence";

/// Streams every event in chain order and stops at the first link that does not hold.
pub async fn verify(pool: &PgPool) -> Result<AuditReport, sqlx::Error> {
    check_chains(sqlx::query_as::<_, ChainRow>(ALL_CHAINS).fetch(pool)).await
}

/// One aggregate's chain, recomputed from its first event: how many links hold, and the first
/// that does not.
pub async fn verify_aggregate(
    pool: &PgPool,
    aggregate_type: &str,
    aggregate_id: &str,
) -> Result<AuditReport, sqlx::Error> {
    check_chains(
        sqlx::query_as::<_, ChainRow>(ONE_CHAIN)
            .bind(aggregate_type)
            .bind(aggregate_id)
            .fetch(pool),
    )
    .await
}

/// Follows chains event by event, in chain order (by aggregate, then sequence), each aggregate's
/// chain from its start, and says where a link does not hold.
#[derive(Default)]
struct ChainWalker {
    current: Option<(String, String)>,
    prev_hash: Vec<u8>,
    expected_sequence: i64,
    /// Events whose link held.
    checked: u64,
}

impl ChainWalker {
    /// Whether `row` starts another aggregate's chain than the one before it.
    fn starts_chain(&self, row: &ChainRow) -> bool {
        self.current
            .as_ref()
            .is_none_or(|(kind, id)| *kind != row.aggregate_type || *id != row.aggregate_id)
    }

    /// Checks the next event; `Err` names the link it breaks.
    fn step(&mut self, row: &ChainRow) -> Result<(), BrokenLink> {
        if self.starts_chain(row) {
            self.current = Some((row.aggregate_type.clone(), row.aggregate_id.clone()));
            self.prev_hash.clear();
            self.expected_sequence = 1;
        }
        let broken = |kind: BrokenKind, problem: String| BrokenLink {
            aggregate_type: row.aggregate_type.clone(),
            aggregate_id: row.aggregate_id.clone(),
            sequence: row.sequence,
            event_type: row.event_type.clone(),
            kind,
            problem,
        };
        if row.sequence != self.expected_sequence {
            let problem = format!(
                "expected sequence {}, found {}",
                self.expected_sequence, row.sequence
            );
            return Err(broken(BrokenKind::Sequence, problem));
        }
        let computed = event_hash(
            &self.prev_hash,
            &row.aggregate_type,
            &row.aggregate_id,
            row.sequence,
            &row.event_type,
            &row.payload,
            &row.metadata,
        );
        match &row.hash {
            Some(stored) if *stored == computed => {}
            Some(_) => {
                let problem =
                    "hash does not match the event's content or its predecessor".to_string();
                return Err(broken(BrokenKind::Hash, problem));
            }
            None => return Err(broken(BrokenKind::Missing, "hash missing".into())),
        }
        self.checked += 1;
        self.prev_hash = computed;
        self.expected_sequence += 1;
        Ok(())
    }
}

/// Walks events in chain order and stops at the first link that does not hold.
async fn check_chains(
    mut rows: impl Stream<Item = Result<ChainRow, sqlx::Error>> + Unpin,
) -> Result<AuditReport, sqlx::Error> {
    let mut walker = ChainWalker::default();
    while let Some(row) = rows.try_next().await? {
        if let Err(link) = walker.step(&row) {
            return Ok(AuditReport {
                events_checked: walker.checked,
                first_broken: Some(link),
            });
        }
    }
    Ok(AuditReport {
        events_checked: walker.checked,
        first_broken: None,
    })
}

/// The records of a club whose chains the club-wide check walks per round.
pub const CLUB_BATCH: i64 = 200;
/// The broken records a club-wide check lists; it counts the rest.
pub const CLUB_BROKEN_LISTED: usize = 100;

/// How far a club-wide check has come.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClubProgress {
    pub records_checked: u64,
    pub events_checked: u64,
    /// Records whose chain breaks somewhere.
    pub broken_records: u64,
    /// The first link that breaks in each broken record, up to `CLUB_BROKEN_LISTED`.
    pub broken: Vec<BrokenLink>,
}

/// The records of a club: every aggregate whose first event the club's command stamped.
const CLUB_RECORDS: &str = "SELECT aggregate_type, aggregate_id FROM events \
     WHERE sequence = 1 AND metadata->>'client_id' = $1 AND (aggregate_type, aggregate_id) > ($2, $3) \
     ORDER BY aggregate_type, aggregate_id LIMIT $4";
/// The events of some records, in chain order.
const RECORDS_CHAINS: &str =
    "SELECT e.aggregate_type, e.aggregate_id, e.sequence, e.event_type, e.payload, e.metadata, e.hash \
     FROM unnest($1::text[], $2::text[]) AS r (aggregate_type, aggregate_id) \
     JOIN events e ON e.aggregate_type = r.aggregate_type AND e.aggregate_id = r.aggregate_id \
     ORDER BY e.aggregate_type, e.aggregate_id, e.sequence";

/// How many records a club has (what a club-wide check will walk).
pub async fn club_records(pool: &PgPool, client_id: &str) -> Result<u64, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE sequence = 1 AND metadata->>'client_id' = $1",
    )
    .bind(client_id)
    .fetch_one(pool)
    .await?;
    Ok(count as u64)
}

/// A walk over every chain of a club's records, `CLUB_BATCH` records per step, so the caller can
/// note its progress between steps. Unlike `verify` it does not stop at a broken record: it notes
/// the record's first broken link and goes on with the next record.
pub struct ClubWalk {
    client_id: String,
    after: (String, String),
    done: ClubProgress,
}

impl ClubWalk {
    pub fn new(client_id: &str) -> Self {
        ClubWalk {
            client_id: client_id.to_string(),
            after: (String::new(), String::new()),
            done: ClubProgress::default(),
        }
    }

    /// How far the walk has come.
    pub fn progress(&self) -> &ClubProgress {
        &self.done
    }

    /// Walks the next batch of records; `false` when there were none left.
    pub async fn step(&mut self, pool: &PgPool) -> Result<bool, sqlx::Error> {
        let records: Vec<(String, String)> = sqlx::query_as(CLUB_RECORDS)
            .bind(&self.client_id)
            .bind(&self.after.0)
            .bind(&self.after.1)
            .bind(CLUB_BATCH)
            .fetch_all(pool)
            .await?;
        let Some(last) = records.last() else {
            return Ok(false);
        };
        self.after = last.clone();
        let (types, ids): (Vec<String>, Vec<String>) = records.iter().cloned().unzip();
        let mut rows = sqlx::query_as::<_, ChainRow>(RECORDS_CHAINS)
            .bind(&types)
            .bind(&ids)
            .fetch(pool);
        let done = &mut self.done;
        let mut walker = ChainWalker::default();
        let mut skipping: Option<(String, String)> = None;
        while let Some(row) = rows.try_next().await? {
            if let Some((kind, id)) = &skipping {
                if *kind == row.aggregate_type && *id == row.aggregate_id {
                    continue;
                }
                skipping = None;
            }
            if let Err(link) = walker.step(&row) {
                done.broken_records += 1;
                skipping = Some((link.aggregate_type.clone(), link.aggregate_id.clone()));
                if done.broken.len() < CLUB_BROKEN_LISTED {
                    done.broken.push(link);
                }
                // The walker starts afresh with the next record.
                done.events_checked += walker.checked;
                walker = ChainWalker::default();
            }
        }
        done.records_checked += records.len() as u64;
        done.events_checked += walker.checked;
        Ok(true)
    }
}
