//! Secrets and tokens: keys derived from `SHOP_SECRET`, the signed access token, random
//! refresh tokens and handles, keyed hashes of codes. All comparisons are constant-time.
//!
//! Access token format: `v1.<base64url(JSON claims)>.<base64url(HMAC-SHA256)>`, claims
//! `{"sub": user id, "uid": user uid, "iat": issued, "exp": expiry, "ep": session epoch}`
//! (Unix seconds).

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::{Rng, RngCore};
use sha2::Sha256;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

/// Why an access token was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TokenError {
    /// Not a token of ours (shape, signature).
    #[error("invalid token")]
    Invalid,
    /// Past its expiry.
    #[error("expired token")]
    Expired,
}

/// Claims of an access token.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AccessClaims {
    /// User id.
    pub sub: i64,
    /// User uid.
    pub uid: String,
    /// Issued at.
    pub iat: i64,
    /// Expires at.
    pub exp: i64,
    /// The user's session epoch when issued; an older one than the user's is refused.
    #[serde(default)]
    pub ep: i64,
}

/// Independent keys derived from the one secret, so that a value made for one use can never
/// pass as another.
pub struct TokenKeys {
    access: [u8; 32],
    otp: [u8; 32],
    refresh: [u8; 32],
    mcode: [u8; 32],
}

fn derive(secret: &[u8], label: &str) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(label.as_bytes());
    mac.finalize().into_bytes().into()
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes any key length");
    for p in parts {
        mac.update(&(p.len() as u64).to_be_bytes());
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

/// Constant-time equality of two strings.
pub fn ct_eq(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// `n` random bytes from the OS CSPRNG, base64url without padding.
pub fn random_token(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    B64.encode(bytes)
}

/// A uniformly random code of `len` decimal digits from the OS CSPRNG.
pub fn random_code(len: usize) -> String {
    let mut rng = rand::rngs::OsRng;
    (0..len).map(|_| char::from(b'0' + rng.gen_range(0..10u8))).collect()
}

impl TokenKeys {
    /// Derive all keys from `secret`.
    pub fn new(secret: &[u8]) -> Self {
        Self {
            access: derive(secret, "shop/access-token/v1"),
            otp: derive(secret, "shop/otp-code/v1"),
            refresh: derive(secret, "shop/refresh-token/v1"),
            mcode: derive(secret, "shop/mcode/v1"),
        }
    }

    /// Sign an access token.
    pub fn sign_access(&self, claims: &AccessClaims) -> String {
        let payload = B64.encode(serde_json::to_vec(claims).expect("claims serialise"));
        let sig = hmac(&self.access, &[b"v1", payload.as_bytes()]);
        format!("v1.{payload}.{}", B64.encode(sig))
    }

    /// Check an access token's signature and expiry at `now`.
    pub fn verify_access(&self, token: &str, now: i64) -> Result<AccessClaims, TokenError> {
        let mut parts = token.split('.');
        let (Some("v1"), Some(payload), Some(sig), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenError::Invalid);
        };
        let expected = B64.encode(hmac(&self.access, &[b"v1", payload.as_bytes()]));
        if !ct_eq(&expected, sig) {
            return Err(TokenError::Invalid);
        }
        let bytes = B64.decode(payload).map_err(|_| TokenError::Invalid)?;
        let claims: AccessClaims = serde_json::from_slice(&bytes).map_err(|_| TokenError::Invalid)?;
        if claims.exp <= now {
            return Err(TokenError::Expired);
        }
        Ok(claims)
    }

    /// Keyed hash of a one-time code, bound to its challenge handle and mobile number.
    pub fn hash_code(&self, handle: &str, mobile: &str, code: &str) -> String {
        hex::encode(hmac(&self.otp, &[handle.as_bytes(), mobile.as_bytes(), code.as_bytes()]))
    }

    /// Keyed hash of a refresh token.
    pub fn hash_refresh(&self, token: &str) -> String {
        hex::encode(hmac(&self.refresh, &[token.as_bytes()]))
    }

    /// Keyed hash of a mobile-verification code.
    pub fn hash_mcode(&self, mcode: &str) -> String {
        hex::encode(hmac(&self.mcode, &[mcode.as_bytes()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_token_round_trip_and_tamper() {
        let k = TokenKeys::new(b"s");
        let c = AccessClaims { sub: 7, uid: "u".into(), iat: 100, exp: 200, ep: 3 };
        let t = k.sign_access(&c);
        assert_eq!(k.verify_access(&t, 150).unwrap(), c);
        assert_eq!(k.verify_access(&t, 200), Err(TokenError::Expired));
        let other = TokenKeys::new(b"t");
        assert_eq!(other.verify_access(&t, 150), Err(TokenError::Invalid));
        let mut bad = t.clone();
        bad.push('x');
        assert_eq!(k.verify_access(&bad, 150), Err(TokenError::Invalid));
        assert_eq!(k.verify_access("v1.a", 150), Err(TokenError::Invalid));
        // A forged payload with the old signature fails.
        let parts: Vec<&str> = t.split('.').collect();
        let forged = B64.encode(br#"{"sub":1,"uid":"u","iat":100,"exp":999}"#);
        assert_eq!(k.verify_access(&format!("v1.{forged}.{}", parts[2]), 150), Err(TokenError::Invalid));
    }

    #[test]
    fn codes_are_digits_and_vary() {
        let a = random_code(5);
        assert_eq!(a.len(), 5);
        assert!(a.bytes().all(|b| b.is_ascii_digit()));
        let many: std::collections::HashSet<String> = (0..50).map(|_| random_code(5)).collect();
        assert!(many.len() > 40);
    }

    #[test]
    fn code_hash_binds_handle_and_mobile() {
        let k = TokenKeys::new(b"s");
        let h = k.hash_code("h1", "09120000000", "12345");
        assert_ne!(h, k.hash_code("h2", "09120000000", "12345"));
        assert_ne!(h, k.hash_code("h1", "09120000001", "12345"));
        assert_ne!(h, k.hash_code("h1", "09120000000", "12346"));
        assert!(ct_eq(&h, &k.hash_code("h1", "09120000000", "12345")));
    }
}
