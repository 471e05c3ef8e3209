//! The club's calendar: Tribune's clubs are Danish, so "today" (what falls due, what is paid
//! on, when a commitment runs out) is the date in Copenhagen.

use chrono::{NaiveDate, Utc};

/// Today's date in Denmark.
pub fn today() -> NaiveDate {
    Utc::now()
        .with_timezone(&chrono_tz::Europe::Copenhagen)
        .date_naive()
}
