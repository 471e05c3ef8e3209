//! A discount code as a sale uses it (issue 35): found by its text, and its use taken under
//! the same guard as the sale's stock. A code's uses are a capacity counter
//! (`kit::capacity`, key `keys::discount_code`) whose limit is the code's 'Antal', claimed in the
//! sale's own hold: ONE conditional statement raises it only while it stays within the limit,
//! so however many buyers send a one-use code at once exactly one of them gets it, and the
//! others are refused on the code's field. A sale that is never paid gives its use back with
//! the rest of its hold; a paid one keeps it.
//!
//! Only the web shop takes codes: the public booking and the desk price without a discount
//! (spec 2 §9), and refuse a code sent to them rather than ignore it (`refuse_here`), so a buyer
//! is never charged as if a code they typed had been taken.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{push_error, FieldErrors};
use crate::kit::capacity::{self, keys, Claim};

/// The field a sale's code is sent in.
pub const FIELD: &str = "discountCode";

pub const UNKNOWN: &str = "Rabatkoden findes ikke eller er udløbet";
pub const USED_UP: &str = "Rabatkoden er brugt op";
pub const NOT_TAKEN_HERE: &str =
    "Rabatkoder kan kun bruges i webshoppen. Fjern rabatkoden for at fortsætte.";

/// A discount code of the club, active and not expired.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DiscountCode {
    pub id: Uuid,
    pub title: String,
    /// Percent (in hundredths) when `percentage`, otherwise an amount in øre.
    pub discount: i64,
    pub percentage: bool,
    /// The products it applies to; empty: all.
    pub product_ids: Vec<Uuid>,
    /// How many times it may be used (None: no limit).
    pub amount: Option<i32>,
}

impl DiscountCode {
    /// Its use, taken in the sale's hold with the sale's other claims (all or none).
    pub fn claim(&self) -> Claim {
        Claim::new(keys::discount_code(self.id), 1, self.amount)
    }

    /// Whether a hold refused for want of `key` was refused for this code's uses.
    pub fn is_short(key: &str) -> bool {
        key.starts_with(keys::DISCOUNT_CODE)
    }
}

/// The club's active, unexpired code `code` (any case) with a use left, or why not (Danish, for
/// the code's field). Uses held by sales of `scope` that were never paid and ran out are given
/// back first, as the sale's hold would. This only reads what is left: the use itself is taken
/// by the sale's hold (`DiscountCode::claim`), which is what holds under concurrency.
pub async fn find(
    conn: &mut PgConnection,
    client_id: Uuid,
    code: &str,
    scope: Uuid,
    now: DateTime<Utc>,
) -> Result<Result<DiscountCode, &'static str>, sqlx::Error> {
    let found: Option<DiscountCode> = sqlx::query_as(
        "SELECT id, title, discount, percentage, product_ids, amount FROM discount_codes \
         WHERE client_id = $1 AND lower(code) = lower($2) AND active \
           AND expires >= ($3 AT TIME ZONE 'Europe/Copenhagen')::date",
    )
    .bind(client_id)
    .bind(code.trim())
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(found) = found else {
        return Ok(Err(UNKNOWN));
    };
    let key = keys::discount_code(found.id);
    let mut left = capacity::left(&mut *conn, &key, found.amount).await?;
    if left == Some(0) && capacity::release_expired(&mut *conn, scope, now).await? > 0 {
        left = capacity::left(&mut *conn, &key, found.amount).await?;
    }
    Ok(match left {
        Some(0) => Err(USED_UP),
        _ => Ok(found),
    })
}

/// A sale that takes no codes (the public booking, the desk) refuses one it was sent, on its
/// field: nothing is priced as if the code had been taken.
pub fn refuse_here(code: Option<&str>, errors: &mut FieldErrors) {
    if code.is_some_and(|c| !c.trim().is_empty()) {
        push_error(errors, FIELD, NOT_TAKEN_HERE);
    }
}
