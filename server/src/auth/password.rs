//! Password hashing: argon2id, PHC strings. Hashing runs on the blocking pool, at most
//! [`Slots`] at a time: each run holds 19 MiB, so unbounded parallel guesses would exhaust
//! memory and the blocking pool.

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

/// The argon2 runs allowed at once (about twice the cores).
pub type Slots = std::sync::Arc<tokio::sync::Semaphore>;

/// Every slot is taken: the caller answers 503 with `Retry-After`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// A hash of a random password at `cost`, computed once: checking a password for an unknown
/// number against it costs as much as for a known one, so timing does not tell them apart.
fn dummy_phc(cost: PasswordCost) -> &'static str {
    static DUMMIES: std::sync::Mutex<Vec<(PasswordCost, &'static str)>> = std::sync::Mutex::new(Vec::new());
    let mut dummies = DUMMIES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, phc)) = dummies.iter().find(|(c, _)| *c == cost) {
        return phc;
    }
    let random = super::token::random_token(16);
    let phc: &'static str = Box::leak(hash_sync(&random, cost).unwrap_or_default().into_boxed_str());
    dummies.push((cost, phc));
    phc
}

/// Check `password` against `phc`, or against a dummy hash of the same `cost` when there is
/// none (unknown number), in one of the `slots`. `Err(Busy)` when every slot is taken.
pub async fn verify_in_slot(slots: &Slots, password: String, phc: Option<String>, cost: PasswordCost) -> Result<bool, Busy> {
    let permit = slots.clone().try_acquire_owned().map_err(|_| Busy)?;
    let ok = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        match phc {
            Some(phc) => verify_sync(&password, &phc),
            None => {
                verify_sync(&password, dummy_phc(cost));
                false
            }
        }
    })
    .await
    .unwrap_or(false);
    Ok(ok)
}

/// Hash in one of the `slots`; `Err(Busy)` when every slot is taken.
pub async fn hash_in_slot(slots: &Slots, password: String, cost: PasswordCost) -> Result<Result<String, String>, Busy> {
    let permit = slots.clone().try_acquire_owned().map_err(|_| Busy)?;
    Ok(tokio::task::spawn_blocking(move || {
        let _permit = permit;
        hash_sync(&password, cost)
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r))
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
