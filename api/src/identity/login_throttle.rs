//! Login throttling that an attacker cannot turn against a real user (issue 11 §7).
//!
//! - Per (account, address) pair: after `PAIR_MAX_FAILURES` wrong passwords that pair is refused
//!   for `FIRST_LOCK_MINUTES`, and each further lock lasts twice as long (at most a day). Someone
//!   guessing from their own address locks only themselves out; the account's owner signs in from
//!   anywhere else. A correct password from the pair clears it.
//! - Per address across accounts (looser): `IP_MAX_FAILURES` wrong passwords within
//!   `WINDOW_MINUTES` refuse that address until the oldest of them leaves the window, so one
//!   address cannot try a few passwords on every account.
//!
//! The address is `client_ip`, which believes `X-Forwarded-For` only from trusted proxies.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

use crate::error::ApiError;

pub const PAIR_MAX_FAILURES: i32 = 5;
pub const FIRST_LOCK_MINUTES: i64 = 15;
pub const MAX_LOCK_MINUTES: i64 = 24 * 60;
/// Failures further apart than this do not add up (outside a lock).
pub const WINDOW_MINUTES: i64 = 15;
/// A pair that has been quiet (no failure, no lock) this long starts from scratch.
pub const FORGET_AFTER_HOURS: i64 = 24;
pub const IP_MAX_FAILURES: i64 = 30;

/// One pair's row in `login_throttles`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PairState {
    pub failures: i32,
    pub lockouts: i32,
    pub last_failure_at: DateTime<Utc>,
    pub locked_until: Option<DateTime<Utc>>,
}

impl PairState {
    fn fresh(now: DateTime<Utc>) -> PairState {
        PairState {
            failures: 0,
            lockouts: 0,
            last_failure_at: now,
            locked_until: None,
        }
    }

    /// The pair after one more wrong password at `now`.
    pub fn after_failure(self, now: DateTime<Utc>) -> PairState {
        let quiet_since = self.locked_until.map_or(self.last_failure_at, |until| {
            until.max(self.last_failure_at)
        });
        let mut state = if now - quiet_since >= Duration::hours(FORGET_AFTER_HOURS) {
            PairState::fresh(now)
        } else if now - self.last_failure_at >= Duration::minutes(WINDOW_MINUTES) {
            PairState {
                failures: 0,
                ..self
            }
        } else {
            self
        };
        state.failures += 1;
        state.last_failure_at = now;
        if state.failures >= PAIR_MAX_FAILURES {
            let doublings = u32::try_from(state.lockouts.clamp(0, 16)).unwrap_or(16);
            let minutes = (FIRST_LOCK_MINUTES << doublings).min(MAX_LOCK_MINUTES);
            state.locked_until = Some(now + Duration::minutes(minutes));
            state.lockouts += 1;
            state.failures = 0;
        }
        state
    }
}

/// How long this pair or address must wait before it may try again; `None`: it may try now.
pub async fn wait(pool: &PgPool, email: &str, ip: &str) -> Result<Option<Duration>, ApiError> {
    let seconds: Option<f64> = sqlx::query_scalar(
        "SELECT extract(epoch FROM greatest( \
           (SELECT locked_until - now() FROM login_throttles \
             WHERE email = lower($1) AND ip = $2 AND locked_until > now()), \
           (SELECT at + make_interval(mins => $3) - now() FROM login_attempts \
             WHERE ip = $2 AND NOT succeeded AND at > now() - make_interval(mins => $3) \
             ORDER BY at DESC OFFSET $4 - 1 LIMIT 1)))::float8",
    )
    .bind(email)
    .bind(ip)
    .bind(i32::try_from(WINDOW_MINUTES).unwrap_or(15))
    .bind(IP_MAX_FAILURES)
    .fetch_one(pool)
    .await?;
    Ok(seconds
        .filter(|s| *s > 0.0)
        .map(|s| Duration::milliseconds((s * 1000.0) as i64)))
}

/// The Danish refusal, with the wait rounded up ("Prøv igen om 15 minutter.").
pub fn refusal(wait: Duration) -> ApiError {
    let minutes = (wait.num_seconds() + 59) / 60;
    let when = match minutes {
        ..=1 => "1 minut".to_string(),
        2..=120 => format!("{minutes} minutter"),
        _ => format!("{} timer", (minutes + 59) / 60),
    };
    ApiError::TooManyRequests(format!("For mange mislykkede forsøg. Prøv igen om {when}."))
}

/// A wrong password (or an unknown account) from `ip`.
pub async fn record_failure(pool: &PgPool, email: &str, ip: &str) -> Result<(), ApiError> {
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, false)")
        .bind(email)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
    // A new row is a fresh pair; the row lock orders concurrent failures of one pair.
    sqlx::query(
        "INSERT INTO login_throttles (email, ip) VALUES (lower($1), $2) ON CONFLICT DO NOTHING",
    )
    .bind(email)
    .bind(ip)
    .execute(&mut *tx)
    .await?;
    let (state, now): (PairState, DateTime<Utc>) = {
        let row: (
            i32,
            i32,
            DateTime<Utc>,
            Option<DateTime<Utc>>,
            DateTime<Utc>,
        ) = sqlx::query_as(
            "SELECT failures, lockouts, last_failure_at, locked_until, now() \
                 FROM login_throttles WHERE email = lower($1) AND ip = $2 FOR UPDATE",
        )
        .bind(email)
        .bind(ip)
        .fetch_one(&mut *tx)
        .await?;
        (
            PairState {
                failures: row.0,
                lockouts: row.1,
                last_failure_at: row.2,
                locked_until: row.3,
            },
            row.4,
        )
    };
    let next = state.after_failure(now);
    sqlx::query(
        "UPDATE login_throttles SET failures = $3, lockouts = $4, last_failure_at = $5, \
         locked_until = $6 WHERE email = lower($1) AND ip = $2",
    )
    .bind(email)
    .bind(ip)
    .bind(next.failures)
    .bind(next.lockouts)
    .bind(next.last_failure_at)
    .bind(next.locked_until)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The right password from `ip`: the pair starts from scratch.
pub async fn record_success(pool: &PgPool, email: &str, ip: &str) -> Result<(), ApiError> {
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO login_attempts (email, ip, succeeded) VALUES ($1, $2, true)")
        .bind(email)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM login_throttles WHERE email = lower($1) AND ip = $2")
        .bind(email)
        .bind(ip)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 3, 1, 12, 0, 0)
            .single()
            .unwrap_or_default()
    }

    fn failures(mut state: PairState, count: usize, start: DateTime<Utc>) -> PairState {
        for i in 0..count {
            state = state.after_failure(start + Duration::seconds(i as i64));
        }
        state
    }

    #[test]
    fn five_failures_lock_the_pair_for_fifteen_minutes() {
        let four = failures(PairState::fresh(t0()), 4, t0());
        assert_eq!(four.locked_until, None);
        let five = four.after_failure(t0() + Duration::seconds(10));
        assert_eq!(
            five.locked_until,
            Some(t0() + Duration::seconds(10) + Duration::minutes(15))
        );
        assert_eq!((five.failures, five.lockouts), (0, 1));
    }

    #[test]
    fn each_further_lock_lasts_twice_as_long_up_to_a_day() {
        let mut state = PairState::fresh(t0());
        let mut at = t0();
        let mut locks = Vec::new();
        for _ in 0..9 {
            state = failures(state, 5, at);
            let until = state.locked_until.unwrap_or(at);
            locks.push((until - (at + Duration::seconds(4))).num_minutes());
            at = until + Duration::minutes(1);
        }
        assert_eq!(locks, vec![15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
    }

    #[test]
    fn failures_far_apart_do_not_add_up_and_a_quiet_day_forgets_the_locks() {
        let mut state = PairState::fresh(t0());
        for i in 0..10 {
            state = state.after_failure(t0() + Duration::minutes(20 * i));
        }
        assert_eq!((state.failures, state.lockouts), (1, 0));
        let locked = failures(PairState::fresh(t0()), 5, t0());
        let day_later = locked.locked_until.unwrap_or(t0()) + Duration::hours(24);
        let next = failures(locked, 5, day_later);
        assert_eq!(
            next.locked_until,
            Some(day_later + Duration::seconds(4) + Duration::minutes(15))
        );
    }

    #[test]
    fn the_refusal_says_how_long_in_danish() {
        let text = |d| refusal(d).to_string();
        assert_eq!(
            text(Duration::minutes(15) - Duration::seconds(2)),
            "For mange mislykkede forsøg. Prøv igen om 15 minutter."
        );
        assert_eq!(
            text(Duration::seconds(20)),
            "For mange mislykkede forsøg. Prøv igen om 1 minut."
        );
        assert_eq!(
            text(Duration::minutes(960)),
            "For mange mislykkede forsøg. Prøv igen om 16 timer."
        );
    }
}
