//! Password hashing: argon2id, PHC strings. Hashing runs on the blocking pool.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// Cost parameters (memory KiB, iterations, lanes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordCost {
    /// Memory in KiB.
    pub m_kib: u32,
    /// Iterations.
    pub t: u32,
    /// Parallelism.
    pub p: u32,
}

impl PasswordCost {
    /// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane).
    pub const PRODUCTION: Self = Self { m_kib: 19 * 1024, t: 2, p: 1 };
    /// Cheap parameters for tests (debug builds are slow).
    pub const TEST: Self = Self { m_kib: 256, t: 1, p: 1 };
}

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
