//! Ids as they arrive in paths and forms.

use uuid::Uuid;

use crate::error::ApiError;

/// Ids arrive as text in paths and forms; a malformed one is simply not found.
pub fn parse_id(raw: &str) -> Result<Uuid, ApiError> {
    raw.trim().parse().map_err(|_| ApiError::NotFound)
}

/// The most ids one lookup (`?ids=a,b,…`) may name.
pub const MAX_IDS: usize = 200;

/// `?ids=a,b,…` of a picker that shows the names of what was chosen before (spec 2 §7: search or
/// ids): none when absent or blank; a malformed id or too many is refused on `ids`.
pub fn id_list(raw: Option<&str>) -> Result<Option<Vec<Uuid>>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    let ids = raw
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(|id| id.parse::<Uuid>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| ApiError::field("ids", "Ugyldigt id"))?;
    if ids.len() > MAX_IDS {
        return Err(ApiError::field(
            "ids",
            format!("Højst {MAX_IDS} id'er ad gangen"),
        ));
    }
    Ok(Some(ids))
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
