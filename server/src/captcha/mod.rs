//! reCAPTCHA v3 verification (server side).
//!
//! `POST {SHOP_CAPTCHA_URL}` (Google's `https://www.google.com/recaptcha/api/siteverify`),
//! form-encoded `secret`, `response` and `remoteip`; the answer is JSON
//! `{"success":bool,"score":0.0..1.0,"action":"login","challenge_ts":…,"hostname":…,"error-codes":[…]}`.
//! A token passes when `success` is true, `action` is `login`, `score` ≥ the minimum (0.5) and
//! `hostname` is the host of `SHOP_PUBLIC_URL` (a token solved on another site is refused).
//! Without `SHOP_CAPTCHA_SECRET` the check is off (a warning is logged at start).

use std::time::Duration;

use crate::platform::config::Config;

/// The action name the client uses (spec section 5).
pub const ACTION: &str = "login";

/// The verifier.
pub struct Captcha {
    client: reqwest::Client,
    secret: Option<String>,
    url: String,
    min_score: f64,
    hostname: Option<String>,
}

/// The outcome of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptchaOutcome {
    /// Passed, or checks are off.
    Pass,
    /// Refused (missing token, low score, wrong action, `success: false`).
    Fail,
    /// The verification service could not be reached.
    Unavailable,
}

#[derive(Debug, serde::Deserialize)]
struct SiteVerify {
    success: bool,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    action: Option<String>,
    #[serde(default)]
    hostname: Option<String>,
    #[serde(default, rename = "error-codes")]
    error_codes: Vec<String>,
}

impl Captcha {
    /// From `SHOP_CAPTCHA_SECRET`, `SHOP_CAPTCHA_URL`, `SHOP_CAPTCHA_MIN_SCORE`.
    pub fn from_config(config: &Config) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(5))
            .build()
            .expect("HTTP client builds");
        Self {
            client,
            secret: config.captcha_secret.clone(),
            url: config.captcha_url.clone(),
            min_score: config.captcha_min_score,
            hostname: reqwest::Url::parse(&config.public_url).ok().and_then(|u| u.host_str().map(str::to_string)),
        }
    }

    /// True when a secret is configured.
    pub fn enabled(&self) -> bool {
        self.secret.is_some()
    }

    /// Verify a client token for the `login` action.
    pub async fn verify(&self, token: Option<&str>, remote_ip: &str) -> CaptchaOutcome {
        let Some(secret) = &self.secret else {
            return CaptchaOutcome::Pass;
        };
        let Some(token) = token.map(str::trim).filter(|t| !t.is_empty() && t.len() <= 4096) else {
            return CaptchaOutcome::Fail;
        };
        let mut form = vec![("secret", secret.as_str()), ("response", token)];
        // A rate-limit subject such as an IPv6 /64 is not an address Google can use.
        if !remote_ip.is_empty() && !remote_ip.contains('/') {
            form.push(("remoteip", remote_ip));
        }
        let body = match serde_urlencoded::to_string(&form) {
            Ok(b) => b,
            Err(_) => return CaptchaOutcome::Fail,
        };
        let resp = match self
            .client
            .post(&self.url)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
        {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(target: "shop::captcha", error = %e.without_url(), "siteverify unreachable");
                return CaptchaOutcome::Unavailable;
            }
        };
        if !resp.status().is_success() {
            tracing::error!(target: "shop::captcha", status = resp.status().as_u16(), "siteverify answered an error status");
            return CaptchaOutcome::Unavailable;
        }
        let v: SiteVerify = match resp.json().await {
            Ok(v) => v,
            Err(e) => {
                tracing::error!(target: "shop::captcha", error = %e.without_url(), "siteverify answered an unreadable body");
                return CaptchaOutcome::Unavailable;
            }
        };
        let ok = v.success
            && v.action.as_deref() == Some(ACTION)
            && v.score.is_some_and(|s| s >= self.min_score)
            && (self.hostname.is_none() || v.hostname == self.hostname);
        if ok {
            CaptchaOutcome::Pass
        } else {
            tracing::info!(target: "shop::captcha", success = v.success, score = ?v.score, action = ?v.action, hostname = ?v.hostname, errors = ?v.error_codes, "captcha refused");
            CaptchaOutcome::Fail
        }
    }
}
