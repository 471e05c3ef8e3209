//! Ids as they arrive in paths and forms.

use uuid::Uuid;

use crate::error::ApiError;

/// Ids arrive as text in paths and forms; a malformed one is simply not found.
pub fn parse_id(raw: &str) -> Result<Uuid, ApiError> {
    raw.trim().parse().map_err(|_| ApiError::NotFound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_id_is_not_found() {
        assert!(parse_id(" 67e55044-10b1-426f-9247-bb680e5fe0c8 ").is_ok());
        assert!(matches!(parse_id("x"), Err(ApiError::NotFound)));
    }
}
