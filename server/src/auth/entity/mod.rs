//! The sign-in tables. Timestamps are Unix seconds (UTC).

pub mod otp_challenge;
pub mod rate_limit;
pub mod refresh_token;
pub mod session_end;
pub mod user;
