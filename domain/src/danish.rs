//! How the domain writes a moment for a Danish reader.

use chrono::{DateTime, Utc};
use chrono_tz::Europe::Copenhagen;

/// `at` as the time on a Danish wall clock: `21-11-2026 kl. 19:42`.
pub fn danish_time(at: DateTime<Utc>) -> String {
    at.with_timezone(&Copenhagen)
        .format("%d-%m-%Y kl. %H:%M")
        .to_string()
}
