//! What can run out is never oversold (issue 15): places of an event, of a ticket product at an
//! event, a company's share, a product's stock, a company's free allowance. Each is a counter
//! (`capacity_counters`), raised by ONE conditional statement that only succeeds while the
//! counter stays within its limit, so under any concurrency no two buyers both get the last
//! place: PostgreSQL locks the counter's row for the statement and re-checks the condition
//! against the newest value (READ COMMITTED's re-check of `ON CONFLICT DO UPDATE … WHERE`).
//!
//! A booking raises all its counters in one transaction, in the keys' order (so two bookings
//! never wait on each other crosswise), and records them as a hold (`capacity_holds`). An unpaid
//! booking's hold expires: its places return the first time someone would otherwise be refused
//! (`release_expired`), so no sweeper is needed for correctness. A paid booking's hold is kept
//! for good; a cancelled one is released.
//!
//! The counters' rows are the only thing buyers of one event contend for: take them last in
//! the booking's transaction, so they are locked only until its commit.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

/// One thing a booking takes: `amount` of what `key` counts, while at most `limit` are taken
/// (no limit: only counted).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    pub key: String,
    pub amount: i32,
    pub limit: Option<i32>,
}

impl Claim {
    pub fn new(key: String, amount: i32, limit: Option<i32>) -> Claim {
        Claim { key, amount, limit }
    }
}

/// The keys of what is counted.
pub mod keys {
    use uuid::Uuid;

    /// The places of an event (its maxSignups).
    pub fn event(event: Uuid) -> String {
        format!("event:{event}")
    }

    /// A company's places at an event (maxCompanySignups).
    pub fn event_company(event: Uuid, company: Uuid) -> String {
        format!("event-company:{event}:{company}")
    }

    /// A ticket product at an event (its maxAmount).
    pub fn ticket(event_product: Uuid) -> String {
        format!("ticket:{event_product}")
    }

    /// A company's tickets of a ticket product at an event (maxCompanyAmount).
    pub fn ticket_company(event_product: Uuid, company: Uuid) -> String {
        format!("ticket-company:{event_product}:{company}")
    }

    /// A product's stock (its sale amount), across events and shops.
    pub fn product(product: Uuid) -> String {
        format!("product:{product}")
    }

    /// The free tickets of a product that a company's contracts grant it at an event.
    pub fn allowance(event: Uuid, company: Uuid, product: Uuid) -> String {
        format!("allowance:{event}:{company}:{product}")
    }

    /// The free tickets of a product an invite gives (issue 18: its amount).
    pub fn invite(invite: Uuid, product: Uuid) -> String {
        format!("invite:{invite}:{product}")
    }

    /// The prefix of a discount code's uses (`discount_code`).
    pub const DISCOUNT_CODE: &str = "discount-code:";

    /// The uses of a discount code (its 'Antal'), across every sale that takes codes.
    pub fn discount_code(code: Uuid) -> String {
        format!("{DISCOUNT_CODE}{code}")
    }

    /// The invite whose free tickets `key` counts, if it counts an invite's.
    pub fn invite_of(key: &str) -> Option<Uuid> {
        key.strip_prefix("invite:")?.split(':').next()?.parse().ok()
    }
}

/// Why a booking was refused: the first thing that had too few left, and how many it had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Full {
    pub key: String,
    pub left: i32,
}

/// Claims on the same key merged, in key order (the order every booking locks in).
fn merged(claims: &[Claim]) -> Vec<Claim> {
    let mut all: Vec<Claim> = Vec::new();
    let mut sorted: Vec<&Claim> = claims.iter().filter(|c| c.amount > 0).collect();
    sorted.sort_by(|a, b| a.key.cmp(&b.key));
    for claim in sorted {
        match all.last_mut() {
            Some(last) if last.key == claim.key => {
                last.amount += claim.amount;
                last.limit = match (last.limit, claim.limit) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
            _ => all.push(claim.clone()),
        }
    }
    all
}

/// How many of `key` are taken now.
pub async fn taken(conn: &mut PgConnection, key: &str) -> Result<i32, sqlx::Error> {
    Ok(
        sqlx::query_scalar("SELECT taken FROM capacity_counters WHERE key = $1")
            .bind(key)
            .fetch_optional(conn)
            .await?
            .unwrap_or(0),
    )
}

/// How many of `key` are left under `limit` (none: unlimited).
pub async fn left(
    conn: &mut PgConnection,
    key: &str,
    limit: Option<i32>,
) -> Result<Option<i32>, sqlx::Error> {
    match limit {
        None => Ok(None),
        Some(limit) => Ok(Some((limit - taken(conn, key).await?).max(0))),
    }
}

/// Lowers the counters by what they were raised (a hold given back).
async fn lower(conn: &mut PgConnection, claims: &[(String, i32)]) -> Result<(), sqlx::Error> {
    let (keys, amounts): (Vec<String>, Vec<i32>) = claims.iter().cloned().unzip();
    // In key order, as they are raised, so a release never waits crosswise on a booking.
    sqlx::query(
        "UPDATE capacity_counters c SET taken = greatest(c.taken - r.amount, 0), updated_at = now() \
         FROM (SELECT * FROM unnest($1::text[], $2::integer[]) AS r(key, amount) ORDER BY key) r \
         WHERE c.key = r.key",
    )
    .bind(&keys)
    .bind(&amounts)
    .execute(conn)
    .await?;
    Ok(())
}

/// Raises every claim's counter that stays within its limit, in ONE statement (the claims come
/// merged, in key order, and are locked in that order); answers the keys it raised. Each row is
/// checked against its own limit, which the inserted row carries in `claim_limit` (a conflict's
/// `EXCLUDED` row sees only the table's columns).
async fn raise_all(
    conn: &mut PgConnection,
    client_id: Uuid,
    claims: &[Claim],
) -> Result<Vec<String>, sqlx::Error> {
    let keys: Vec<&str> = claims.iter().map(|c| c.key.as_str()).collect();
    let amounts: Vec<i32> = claims.iter().map(|c| c.amount).collect();
    let limits: Vec<Option<i32>> = claims.iter().map(|c| c.limit).collect();
    sqlx::query_scalar(
        "INSERT INTO capacity_counters (key, client_id, taken, claim_limit) \
         SELECT w.key, $4, w.amount, w.lim \
         FROM unnest($1::text[], $2::integer[], $3::integer[]) WITH ORDINALITY AS w(key, amount, lim, n) \
         WHERE w.lim IS NULL OR w.amount <= w.lim ORDER BY w.n \
         ON CONFLICT (key) DO UPDATE SET taken = capacity_counters.taken + EXCLUDED.taken, \
           claim_limit = EXCLUDED.claim_limit, updated_at = now() \
         WHERE EXCLUDED.claim_limit IS NULL OR capacity_counters.taken + EXCLUDED.taken <= EXCLUDED.claim_limit \
         RETURNING key",
    )
    .bind(&keys)
    .bind(&amounts)
    .bind(&limits)
    .bind(client_id)
    .fetch_all(conn)
    .await
}

/// Raises every claim's counter or none: when one would pass its limit, those raised are
/// lowered again, and the answer names the first claim that was short and how many it had left.
async fn all_or_none(
    conn: &mut PgConnection,
    client_id: Uuid,
    claims: &[Claim],
) -> Result<Result<(), Full>, sqlx::Error> {
    let raised = raise_all(&mut *conn, client_id, claims).await?;
    if raised.len() == claims.len() {
        return Ok(Ok(()));
    }
    let undo: Vec<(String, i32)> = claims
        .iter()
        .filter(|c| raised.contains(&c.key))
        .map(|c| (c.key.clone(), c.amount))
        .collect();
    if !undo.is_empty() {
        lower(&mut *conn, &undo).await?;
    }
    let Some(short) = claims.iter().find(|c| !raised.contains(&c.key)) else {
        return Ok(Ok(()));
    };
    let left = match short.limit {
        Some(limit) => (limit - taken(&mut *conn, &short.key).await?).max(0),
        None => 0,
    };
    Ok(Err(Full {
        key: short.key.clone(),
        left,
    }))
}

/// What a hold is: `id` (the caller may record it before the hold is taken), for an event
/// (`scope`), by an order (`owner`), until `expires_at` (None: kept for good).
pub struct NewHold {
    pub id: Uuid,
    pub scope: Uuid,
    pub owner: Uuid,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Takes the claims as a hold, inside the caller's transaction: all or none (a refusal leaves
/// every counter as it was and no hold, so the caller may go on). When something is short, the
/// scope's expired holds are given back and the claims tried once more, so an expired hold never
/// refuses a buyer. The hold's own rows are written first and the counters raised last: the
/// counters' rows, which every buyer of the event wants, stay locked only from that statement to
/// the caller's commit — so the caller should commit right after.
pub async fn hold(
    conn: &mut PgConnection,
    client_id: Uuid,
    new: NewHold,
    claims: &[Claim],
    now: DateTime<Utc>,
) -> Result<Result<Uuid, Full>, sqlx::Error> {
    let claims = merged(claims);
    let (keys, amounts): (Vec<String>, Vec<i32>) =
        claims.iter().map(|c| (c.key.clone(), c.amount)).unzip();
    sqlx::query(
        "WITH hold AS (INSERT INTO capacity_holds (id, client_id, scope, owner_id, expires_at) \
                       VALUES ($1, $2, $3, $4, $5) RETURNING id) \
         INSERT INTO capacity_hold_counts (hold_id, key, client_id, amount) \
         SELECT hold.id, r.key, $2, r.amount FROM hold, unnest($6::text[], $7::integer[]) AS r(key, amount)",
    )
    .bind(new.id)
    .bind(client_id)
    .bind(new.scope)
    .bind(new.owner)
    .bind(new.expires_at)
    .bind(&keys)
    .bind(&amounts)
    .execute(&mut *conn)
    .await?;
    let mut taken = all_or_none(&mut *conn, client_id, &claims).await?;
    if taken.is_err() && release_expired(&mut *conn, new.scope, now).await? > 0 {
        taken = all_or_none(&mut *conn, client_id, &claims).await?;
    }
    if let Err(full) = taken {
        // Its counts go with it (ON DELETE CASCADE).
        sqlx::query("DELETE FROM capacity_holds WHERE id = $1")
            .bind(new.id)
            .execute(&mut *conn)
            .await?;
        return Ok(Err(full));
    }
    Ok(Ok(new.id))
}

/// One booking's hold in a batch (`hold_many`): the hold and what it claims.
pub struct HoldRequest {
    pub hold: NewHold,
    pub claims: Vec<Claim>,
}

/// Locks the counters of `keys` (made at 0 when new), in key order, and answers how many each
/// has taken. They stay locked until the caller's transaction ends.
async fn lock_counters(
    conn: &mut PgConnection,
    client_id: Uuid,
    keys: &[String],
) -> Result<HashMap<String, i32>, sqlx::Error> {
    let rows: Vec<(String, i32)> = sqlx::query_as(
        "INSERT INTO capacity_counters (key, client_id, taken) \
         SELECT k, $2, 0 FROM unnest($1::text[]) AS k ORDER BY k \
         ON CONFLICT (key) DO UPDATE SET taken = capacity_counters.taken \
         RETURNING key, taken",
    )
    .bind(keys)
    .bind(client_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

/// Who of the requests gets their claims, in turn, from what is taken now: all of a request's
/// claims or none (then the first that was short, and how many it had left).
fn share_out(taken: &mut HashMap<String, i32>, requests: &[Vec<Claim>]) -> Vec<Result<(), Full>> {
    requests
        .iter()
        .map(|claims| {
            let short = claims.iter().find_map(|c| {
                let now = taken.get(&c.key).copied().unwrap_or(0);
                c.limit
                    .filter(|limit| now + c.amount > *limit)
                    .map(|limit| Full {
                        key: c.key.clone(),
                        left: (limit - now).max(0),
                    })
            });
            if let Some(full) = short {
                return Err(full);
            }
            for c in claims {
                *taken.entry(c.key.clone()).or_default() += c.amount;
            }
            Ok(())
        })
        .collect()
}

/// `hold` for a batch of bookings of ONE scope (issue 15's rush), inside the caller's
/// transaction: the counters of all their claims are locked once, in key order; each request in
/// turn gets all its claims or none (its answer: what was short), exactly as if they had come
/// one after another; the accepted holds are written in one statement and each counter raised
/// once by what they took together. Expired holds of the scope are given back first when
/// someone would otherwise be refused. The counters stay locked to the caller's commit.
pub async fn hold_many(
    conn: &mut PgConnection,
    client_id: Uuid,
    scope: Uuid,
    requests: &[HoldRequest],
    now: DateTime<Utc>,
) -> Result<Vec<Result<(), Full>>, sqlx::Error> {
    let claims: Vec<Vec<Claim>> = requests.iter().map(|r| merged(&r.claims)).collect();
    let mut keys: Vec<String> = claims.iter().flatten().map(|c| c.key.clone()).collect();
    keys.sort_unstable();
    keys.dedup();
    let mut taken = lock_counters(&mut *conn, client_id, &keys).await?;
    let mut answers = share_out(&mut taken.clone(), &claims);
    if answers.iter().any(Result::is_err) && release_expired(&mut *conn, scope, now).await? > 0 {
        taken = lock_counters(&mut *conn, client_id, &keys).await?;
        answers = share_out(&mut taken.clone(), &claims);
    }
    let mut holds: (Vec<Uuid>, Vec<Uuid>, Vec<Option<DateTime<Utc>>>) = Default::default();
    let mut counts: (Vec<Uuid>, Vec<String>, Vec<i32>) = Default::default();
    let mut raised: Vec<Claim> = Vec::new();
    for ((request, claims), answer) in requests.iter().zip(&claims).zip(&answers) {
        if answer.is_err() {
            continue;
        }
        holds.0.push(request.hold.id);
        holds.1.push(request.hold.owner);
        holds.2.push(request.hold.expires_at);
        for claim in claims {
            counts.0.push(request.hold.id);
            counts.1.push(claim.key.clone());
            counts.2.push(claim.amount);
            raised.push(claim.clone());
        }
    }
    if holds.0.is_empty() {
        return Ok(answers);
    }
    sqlx::query(
        "WITH hold AS (INSERT INTO capacity_holds (id, client_id, scope, owner_id, expires_at) \
                       SELECT h.id, $2, $3, h.owner, h.expires FROM unnest($1::uuid[], $4::uuid[], $5::timestamptz[]) AS h(id, owner, expires) \
                       RETURNING id) \
         INSERT INTO capacity_hold_counts (hold_id, key, client_id, amount) \
         SELECT hold.id, r.key, $2, r.amount FROM unnest($6::uuid[], $7::text[], $8::integer[]) AS r(hold_id, key, amount) \
         JOIN hold ON hold.id = r.hold_id",
    )
    .bind(&holds.0)
    .bind(client_id)
    .bind(scope)
    .bind(&holds.1)
    .bind(&holds.2)
    .bind(&counts.0)
    .bind(&counts.1)
    .bind(&counts.2)
    .execute(&mut *conn)
    .await?;
    // Each counter once: by what the accepted took, under the last one's limit.
    let raised = merged(&raised);
    let (keys, amounts, limits): (Vec<String>, Vec<i32>, Vec<Option<i32>>) = raised
        .into_iter()
        .fold(Default::default(), |(mut k, mut a, mut l), c| {
            k.push(c.key);
            a.push(c.amount);
            l.push(c.limit);
            (k, a, l)
        });
    sqlx::query(
        "UPDATE capacity_counters c SET taken = c.taken + r.amount, claim_limit = r.lim, updated_at = now() \
         FROM unnest($1::text[], $2::integer[], $3::integer[]) AS r(key, amount, lim) WHERE c.key = r.key",
    )
    .bind(&keys)
    .bind(&amounts)
    .bind(&limits)
    .execute(conn)
    .await?;
    Ok(answers)
}

/// The hold is kept for good (its booking was paid, or cost nothing). False when it is gone:
/// it expired and its places were given back (the caller must take them anew).
pub async fn keep(conn: &mut PgConnection, hold: Uuid) -> Result<bool, sqlx::Error> {
    let kept = sqlx::query(
        "UPDATE capacity_holds SET expires_at = NULL WHERE id = $1 AND released_at IS NULL",
    )
    .bind(hold)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(kept == 1)
}

/// A paid hold kept for good (`keep`); when it had expired and its places were given back,
/// `claims` are taken anew for good. Answers the hold that stands now (`hold`, or the new one),
/// or None when what it claims is gone.
pub async fn keep_or_take_anew(
    conn: &mut PgConnection,
    client_id: Uuid,
    hold: Uuid,
    scope: Uuid,
    owner: Uuid,
    claims: &[Claim],
) -> Result<Option<Uuid>, sqlx::Error> {
    if keep(&mut *conn, hold).await? {
        return Ok(Some(hold));
    }
    let new = NewHold {
        id: Uuid::new_v4(),
        scope,
        owner,
        expires_at: None,
    };
    Ok(self::hold(conn, client_id, new, claims, Utc::now())
        .await?
        .ok())
}

/// Whether a hold still holds its places (not released), and until when: `Some(None)` until
/// its order is decided, `Some(Some(t))` until `t`; `None` when it was released or is unknown.
pub async fn live(
    conn: &mut PgConnection,
    hold: Uuid,
) -> Result<Option<Option<DateTime<Utc>>>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT expires_at FROM capacity_holds WHERE id = $1 AND released_at IS NULL",
    )
    .bind(hold)
    .fetch_optional(conn)
    .await
}

/// A live hold that expires now expires at `until` instead (a retried payment's new time).
pub async fn extend(
    conn: &mut PgConnection,
    hold: Uuid,
    until: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE capacity_holds SET expires_at = $2 WHERE id = $1 AND expires_at IS NOT NULL",
    )
    .bind(hold)
    .bind(until)
    .execute(conn)
    .await?;
    Ok(())
}

/// Gives a hold's places back (its booking was cancelled), once.
pub async fn release(conn: &mut PgConnection, hold: Uuid) -> Result<bool, sqlx::Error> {
    let counts: Vec<(String, i32)> = sqlx::query_as(
        "WITH released AS (UPDATE capacity_holds SET released_at = now() \
                           WHERE id = $1 AND released_at IS NULL RETURNING id) \
         SELECT c.key, c.amount FROM capacity_hold_counts c JOIN released r ON r.id = c.hold_id",
    )
    .bind(hold)
    .fetch_all(&mut *conn)
    .await?;
    if counts.is_empty() {
        return Ok(false);
    }
    lower(conn, &counts).await?;
    Ok(true)
}

/// Gives back the places of the scope's holds that expired by `now`; how many holds.
pub async fn release_expired(
    conn: &mut PgConnection,
    scope: Uuid,
    now: DateTime<Utc>,
) -> Result<usize, sqlx::Error> {
    let released: Vec<(Uuid, String, i32)> = sqlx::query_as(
        "WITH released AS (UPDATE capacity_holds SET released_at = $2 \
                           WHERE scope = $1 AND expires_at IS NOT NULL AND expires_at <= $2 AND released_at IS NULL \
                           RETURNING id) \
         SELECT r.id, c.key, c.amount FROM released r JOIN capacity_hold_counts c ON c.hold_id = r.id",
    )
    .bind(scope)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    if released.is_empty() {
        return Ok(0);
    }
    let mut holds: Vec<Uuid> = released.iter().map(|(id, _, _)| *id).collect();
    holds.sort_unstable();
    holds.dedup();
    let mut sums: Vec<(String, i32)> = Vec::new();
    for (_, key, amount) in released {
        match sums.iter_mut().find(|(k, _)| *k == key) {
            Some((_, sum)) => *sum += amount,
            None => sums.push((key, amount)),
        }
    }
    lower(conn, &sums).await?;
    Ok(holds.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_gives_out_places_in_turn_all_or_none_as_if_the_bookings_came_one_by_one() {
        let mut taken: HashMap<String, i32> =
            [("event:e".to_string(), 6), ("ticket:t".to_string(), 1)].into();
        let want = |event: i32, ticket: i32| {
            merged(&[
                Claim::new("event:e".into(), event, Some(10)),
                Claim::new("ticket:t".into(), ticket, Some(3)),
            ])
        };
        let answers = share_out(
            &mut taken,
            &[want(2, 2), want(1, 1), want(2, 0), want(1, 0), want(1, 0)],
        );
        assert_eq!(
            answers,
            vec![
                Ok(()),
                // The ticket product is full: 3 of 3 taken; the event's place is not taken either.
                Err(Full {
                    key: "ticket:t".into(),
                    left: 0
                }),
                Ok(()),
                Err(Full {
                    key: "event:e".into(),
                    left: 0
                }),
                Err(Full {
                    key: "event:e".into(),
                    left: 0
                }),
            ]
        );
        assert_eq!(taken["event:e"], 10);
        assert_eq!(taken["ticket:t"], 3);
        // Fewer left than wanted names how many are left.
        let mut taken: HashMap<String, i32> = [("event:e".to_string(), 8)].into();
        assert_eq!(
            share_out(&mut taken, &[want(3, 0)]),
            vec![Err(Full {
                key: "event:e".into(),
                left: 2
            })]
        );
        assert_eq!(taken["event:e"], 8);
    }

    #[test]
    fn claims_on_one_key_are_merged_with_the_smaller_limit_in_key_order() {
        let claims = merged(&[
            Claim::new("ticket:b".into(), 2, Some(10)),
            Claim::new("event:a".into(), 2, None),
            Claim::new("ticket:b".into(), 1, Some(8)),
            Claim::new("event:a".into(), 0, Some(1)),
        ]);
        assert_eq!(
            claims,
            vec![
                Claim::new("event:a".into(), 2, None),
                Claim::new("ticket:b".into(), 3, Some(8)),
            ]
        );
    }
}
