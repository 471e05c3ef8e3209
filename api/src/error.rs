//! One error type for every handler. Each kind maps to one status and a Danish message the UI
//! shows as it is; a 500 never carries internals to the client.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use cqrs_es::AggregateError;
use tribune_projections::store::CommandError;

pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    Validation {
        message: String,
        errors: FieldErrors,
    },
    #[error("{0}")]
    BadRequest(String),
    #[error("Du skal logge ind")]
    Unauthorized,
    #[error("{0}")]
    Rejected(String),
    #[error("Du har ikke adgang til dette")]
    Forbidden,
    #[error("{0}")]
    ForbiddenWith(String),
    #[error("Ikke fundet")]
    NotFound,
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    /// A service the request needs (a card provider) does not answer; trying later may work.
    #[error("{0}")]
    Unavailable(String),
    #[error("Der opstod en uventet fejl. Prøv igen.")]
    Internal(#[source] anyhow::Error),
}

/// Adds one message to a field's errors.
pub fn push_error(errors: &mut FieldErrors, field: &str, message: impl Into<String>) {
    errors
        .entry(field.to_string())
        .or_default()
        .push(message.into());
}

/// 422 naming the first message when any field has an error.
pub fn check_errors(errors: FieldErrors) -> Result<(), ApiError> {
    match errors.values().flatten().next().cloned() {
        None => Ok(()),
        Some(message) => Err(ApiError::Validation { message, errors }),
    }
}

/// An aggregate's broken field rules as the API answers them: 422 naming each field
/// (`orderLines.2.seat`); `fallback` when the aggregate named none.
pub fn rule_errors(errors: Vec<tribune_domain::order::FieldError>, fallback: &str) -> ApiError {
    let mut map = FieldErrors::new();
    for e in errors {
        push_error(&mut map, &e.field, e.message);
    }
    match check_errors(map) {
        Err(e) => e,
        Ok(()) => ApiError::invalid(fallback),
    }
}

impl ApiError {
    /// 422 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> ApiError {
        let message = message.into();
        let mut errors = FieldErrors::new();
        errors.insert(field.to_string(), vec![message.clone()]);
        ApiError::Validation { message, errors }
    }

    /// 422 with a summary and no single field to blame.
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::Validation {
            message: message.into(),
            errors: FieldErrors::new(),
        }
    }

    pub fn internal(err: impl Into<anyhow::Error>) -> ApiError {
        ApiError::Internal(err.into())
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Validation { .. } => "validation",
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unauthorized | ApiError::Rejected(_) => "unauthorized",
            ApiError::Forbidden | ApiError::ForbiddenWith(_) => "forbidden",
            ApiError::NotFound => "not_found",
            ApiError::Conflict(_) => "conflict",
            ApiError::TooManyRequests(_) => "too_many_requests",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Internal(_) => "internal",
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::Rejected(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden | ApiError::ForbiddenWith(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Internal(err) = self {
            tracing::error!(error = ?err, "internal error");
        }
        let errors = match self {
            ApiError::Validation { errors, .. } => Some(errors.clone()),
            _ => None,
        };
        HttpResponse::build(self.status_code()).json(crate::envelope::Refusal {
            success: false,
            error: self.to_string(),
            code: self.code().to_string(),
            errors,
        })
    }
}

impl From<tribune_projections::list::ListError> for ApiError {
    fn from(err: tribune_projections::list::ListError) -> Self {
        match err {
            tribune_projections::list::ListError::Filter(e) => ApiError::field(e.field, e.message),
            tribune_projections::list::ListError::Database(e) => e.into(),
        }
    }
}

/// What a caller reads when every database connection is busy for longer than the pool waits
/// (a rush on a small machine): try again, not an error of ours to report.
pub const BUSY: &str = "Der er travlt lige nu. Prøv igen om et øjeblik.";

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            sqlx::Error::PoolTimedOut => {
                tracing::warn!("no database connection within the pool's timeout");
                ApiError::Unavailable(BUSY.to_string())
            }
            err if tribune_projections::db::unavailable(&err) => {
                // A restart or failover of PostgreSQL: nothing was done, asking again is safe.
                tracing::warn!(%err, "the database is not reachable");
                ApiError::Unavailable(BUSY.to_string())
            }
            err => ApiError::Internal(err.into()),
        }
    }
}

impl<E: std::error::Error> From<CommandError<E>> for ApiError {
    fn from(err: CommandError<E>) -> Self {
        match err {
            CommandError::NotFound => ApiError::NotFound,
            CommandError::Domain(e) => ApiError::invalid(e.to_string()),
            CommandError::Conflict => ApiError::Conflict(CommandError::<E>::Conflict.to_string()),
            CommandError::Store(e) => ApiError::Internal(anyhow::anyhow!(e)),
            CommandError::Unavailable(e) => {
                tracing::warn!(error = %e, "the database is not reachable");
                ApiError::Unavailable(BUSY.to_string())
            }
        }
    }
}

impl<E: std::error::Error> From<AggregateError<E>> for ApiError {
    fn from(err: AggregateError<E>) -> Self {
        CommandError::from(err).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_that_is_away_is_unavailable_not_an_internal_error() {
        let refused = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused));
        assert!(matches!(ApiError::from(refused), ApiError::Unavailable(_)));
        assert!(matches!(
            ApiError::from(sqlx::Error::PoolClosed),
            ApiError::Unavailable(_)
        ));
        assert!(matches!(
            ApiError::from(sqlx::Error::RowNotFound),
            ApiError::Internal(_)
        ));
    }

    #[test]
    fn a_command_whose_database_went_away_is_unavailable_not_an_internal_error() {
        // CI's primary restart: the event store's write met a reset connection.
        let reset = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset));
        let err: CommandError<std::io::Error> =
            AggregateError::DatabaseConnectionError(Box::new(reset)).into();
        assert!(matches!(ApiError::from(err), ApiError::Unavailable(_)));
        let wrong: CommandError<std::io::Error> =
            AggregateError::DatabaseConnectionError(Box::new(sqlx::Error::RowNotFound)).into();
        assert!(matches!(ApiError::from(wrong), ApiError::Internal(_)));
    }
}
