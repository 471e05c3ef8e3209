use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::ApiError;

/// argon2id with the crate's recommended parameters, off the async executor.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::internal(anyhow::anyhow!("hash: {e}")))
    })
    .await
    .map_err(ApiError::internal)?
}

/// Verifies against the stored hash; without one, verifies against a dummy so timing tells nothing.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let parsed = PasswordHash::new(&stored)
            .map_err(|e| ApiError::internal(anyhow::anyhow!("hash: {e}")))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(ApiError::internal)?
}

const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$qYXR8V8GmVEXS5tRCsEaO0xVTDdI9oM0pyOiYvzYy7s";

pub const MIN_LENGTH: usize = crate::kit::validate::PASSWORD_MIN_LENGTH;

pub fn check_strength(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_LENGTH {
        return Err(ApiError::field(
            "password",
            format!("Adgangskode skal mindst være {MIN_LENGTH} tegn"),
        ));
    }
    Ok(())
}
