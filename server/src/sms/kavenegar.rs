//! Kavenegar's verify-lookup API (codes) and its plain send API (notices).
//!
//! Notices: `POST {base}/v1/{API-KEY}/sms/send.json`, form-encoded `receptor`, `message`;
//! the same answer shape.
//!
//! Request: `POST {base}/v1/{API-KEY}/verify/lookup.json`, form-encoded `receptor`, `token`,
//! `template` (the template is defined in the Kavenegar panel and contains `%token`).
//! Success: HTTP 200 with
//! `{"return":{"status":200,"message":"تایید شد"},"entries":[{"messageid":…,"status":…,…}]}`.
//! Failure: the HTTP status equals `return.status` (400 missing parameters, 401 account
//! disabled, 403 invalid API key, 411 invalid receptor, 418 insufficient credit, 422 invalid
//! characters, 424 template not found, 426 plan does not allow this method, 428 voice call not
//! possible, 431 token format invalid, 432 template has no token placeholder, …) and
//! `"entries": null`.

use std::time::Duration;

use super::{SmsError, SmsSender};

/// The Kavenegar provider.
pub struct Kavenegar {
    client: reqwest::Client,
    url: String,
    send_url: String,
    template: String,
}

#[derive(Debug, serde::Deserialize)]
struct KavenegarReturn {
    status: i64,
    #[serde(default)]
    message: String,
}

#[derive(Debug, serde::Deserialize)]
struct KavenegarBody {
    #[serde(rename = "return")]
    ret: KavenegarReturn,
}

impl Kavenegar {
    /// A provider calling `{base_url}/v1/{api_key}/verify/lookup.json` with `template`.
    pub fn new(base_url: &str, api_key: &str, template: &str) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(5))
            .build()
            .expect("HTTP client builds");
        let base = base_url.trim_end_matches('/');
        // The key is a path segment: keep it to URL-safe characters.
        let key: String = api_key
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '='))
            .collect();
        Self {
            client,
            url: format!("{base}/v1/{key}/verify/lookup.json"),
            send_url: format!("{base}/v1/{key}/sms/send.json"),
            template: template.to_string(),
        }
    }

    /// Human-readable meaning of a Kavenegar status (for the log).
    pub fn describe(status: i64) -> &'static str {
        match status {
            400 => "missing or invalid parameters",
            401 => "account disabled",
            402 => "operation failed",
            403 => "invalid API key",
            404 => "unknown method",
            405 => "wrong HTTP method",
            406 => "required parameter missing",
            407 => "access denied (IP or permission)",
            409 => "provider server error",
            411 => "invalid receptor",
            412 => "invalid sender line",
            413 => "message empty or too long",
            418 => "insufficient credit",
            422 => "invalid characters in data",
            424 => "template not found",
            426 => "plan does not allow this method",
            428 => "voice call not possible for this code",
            431 => "token format invalid",
            432 => "template has no token placeholder",
            _ => "provider error",
        }
    }
}

impl Kavenegar {
    async fn post_form(&self, url: &str, form: &[(&str, &str)]) -> Result<(), SmsError> {
        let body = serde_urlencoded::to_string(form).map_err(|e| SmsError::Transport(e.to_string()))?;
        let resp = self
            .client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(reqwest::header::ACCEPT, "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| SmsError::Transport(e.without_url().to_string()))?;
        let http_status = i64::from(resp.status().as_u16());
        let text = resp.text().await.map_err(|e| SmsError::Transport(e.without_url().to_string()))?;
        let parsed: Option<KavenegarBody> = serde_json::from_str(&text).ok();
        match parsed {
            Some(b) if http_status == 200 && b.ret.status == 200 => Ok(()),
            Some(b) => {
                let err = SmsError::Provider { status: b.ret.status, message: b.ret.message };
                tracing::error!(target: "shop::sms", provider = "kavenegar", status = b.ret.status, meaning = Self::describe(b.ret.status), error = %err, "SMS failed");
                Err(err)
            }
            None => {
                tracing::error!(target: "shop::sms", provider = "kavenegar", http_status, "SMS provider answered a non-JSON body");
                Err(SmsError::Transport(format!("HTTP {http_status}, unreadable body")))
            }
        }
    }
}

#[async_trait::async_trait]
impl SmsSender for Kavenegar {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        self.post_form(&self.url, &[("receptor", mobile), ("token", code), ("template", self.template.as_str())]).await
    }

    async fn send_notice(&self, mobile: &str, text: &str) -> Result<(), SmsError> {
        self.post_form(&self.send_url, &[("receptor", mobile), ("message", text)]).await
    }
}
