//! Database errors a user can cause, as the Danish answers they get. Everything else stays a 500
//! (logged, never shown).

use crate::error::ApiError;

/// The PostgreSQL error codes a save or a delete can run into on purpose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Violation {
    /// 23505: a unique index refused a second row with the same value.
    Unique,
    /// 23503: a foreign key refused (the row is still referenced, or names a missing one).
    ForeignKey,
}

impl Violation {
    fn code(self) -> &'static str {
        match self {
            Violation::Unique => "23505",
            Violation::ForeignKey => "23503",
        }
    }

    /// Whether `err` is this violation.
    pub fn matches(self, err: &sqlx::Error) -> bool {
        matches!(err, sqlx::Error::Database(db) if db.code().as_deref() == Some(self.code()))
    }
}

/// `answer` when `err` is the `violation`, otherwise the error as it is (a 500).
pub fn on_violation(err: sqlx::Error, violation: Violation, answer: ApiError) -> ApiError {
    if violation.matches(&err) {
        answer
    } else {
        ApiError::from(err)
    }
}

/// For `map_err`: a unique-index violation (a second module with the same alias, a code already
/// in use) as a 422 on `field`.
pub fn unique_field(field: &str, message: &str) -> impl FnOnce(sqlx::Error) -> ApiError {
    let answer = ApiError::field(field, message);
    move |err| on_violation(err, Violation::Unique, answer)
}

/// For `map_err`: a delete refused because other rows still reference the row, as `answer`.
pub fn still_referenced(answer: ApiError) -> impl FnOnce(sqlx::Error) -> ApiError {
    move |err| on_violation(err, Violation::ForeignKey, answer)
}
