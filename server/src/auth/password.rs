//! Password hashing: argon2id, PHC strings. Hashing runs on the blocking pool.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

pub use crate::platform::config::PasswordCost;

fn hasher(cost: PasswordCost) -> Argon2<'static> {
    let params = Params::new(cost.m_kib, cost.t, cost.p, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hash a password (synchronous; prefer [`hash`]).
pub fn hash_sync(password: &str, cost: PasswordCost) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    hasher(cost)
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Check a password against a PHC string (synchronous; prefer [`verify`]). The cost is
/// read from the stored string.
pub fn verify_sync(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// Hash on the blocking pool.
pub async fn hash(password: String, cost: PasswordCost) -> Result<String, String> {
    tokio::task::spawn_blocking(move || hash_sync(&password, cost))
        .await
        .map_err(|e| e.to_string())?
}

/// Verify on the blocking pool.
pub async fn verify(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || verify_sync(&password, &phc)).await.unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let h = hash_sync("Abc@123", PasswordCost::TEST).unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_sync("Abc@123", &h));
        assert!(!verify_sync("Abc@124", &h));
        assert!(!verify_sync("Abc@123", "garbage"));
    }
}
