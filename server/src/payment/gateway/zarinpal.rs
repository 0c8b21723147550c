//! Zarinpal's v4 JSON API:
//!
//! - `POST {base}/pg/v4/payment/request.json` `{merchant_id, amount, currency:"IRT", callback_url, description, metadata}`
//!   → `{"data":{"code":100,"message":"Success","authority":"A0000…","fee_type":"Merchant","fee":0},"errors":[]}`;
//! - the customer goes to `{startpay}{authority}` and comes back to our callback with
//!   `Authority` and `Status` (`OK`/`NOK`);
//! - `POST {base}/pg/v4/payment/verify.json` `{merchant_id, amount, authority}` → `data.code` 100
//!   (verified now, with `ref_id` and `card_pan`) or 101 (verified before);
//! - `POST {base}/pg/v4/payment/unVerified.json` `{merchant_id}` → `data.authorities[]`: paid
//!   but not verified yet (used by reconciliation).
//!
//! Refusals come as `{"data":[],"errors":{"code":-9,"message":"…","validations":[…]}}`
//! (e.g. -9 validation, -10 terminal, -50 amount mismatch, -51 not paid, -54 invalid authority).
//! Amounts are sent in Toman (`currency: "IRT"`), the shop's unit.

use std::time::Duration;

use serde_json::{json, Value};

use super::{GatewayError, PayRequest, PaymentGateway, Started, Verified};

/// The Zarinpal adapter.
pub struct Zarinpal {
    merchant_id: String,
    base: String,
    startpay: String,
    http: reqwest::Client,
}

impl Zarinpal {
    /// An adapter for `merchant_id` talking to `base` (its API host), sending customers to
    /// `startpay` + authority, each call limited to `timeout_ms`.
    pub fn new(merchant_id: String, base: String, startpay: String, timeout_ms: u64) -> Self {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_millis(timeout_ms.max(1)))
            .connect_timeout(Duration::from_millis(timeout_ms.clamp(1, 5_000)))
            .no_proxy()
            .build()
            .unwrap_or_default();
        Self {
            merchant_id,
            base: base.trim_end_matches('/').to_string(),
            startpay,
            http,
        }
    }

    /// POSTs `body` to `path` and returns `data` when `data.code` is one of `ok_codes`.
    async fn call(&self, path: &str, body: Value, ok_codes: &[i64]) -> Result<Value, GatewayError> {
        let resp = self
            .http
            .post(format!("{}{path}", self.base))
            .header("accept", "application/json")
            .json(&body)
            .send()
            .await
            .map_err(|e| GatewayError::Unreachable(e.to_string()))?;
        let status = resp.status();
        if status.is_server_error() {
            return Err(GatewayError::Unreachable(format!("HTTP {status}")));
        }
        let v: Value = resp
            .json()
            .await
            .map_err(|e| GatewayError::Unreachable(format!("HTTP {status}: {e}")))?;
        read_answer(v, ok_codes)
    }
}

/// Reads a Zarinpal answer: `data` when its code is accepted, else the refusal.
fn read_answer(v: Value, ok_codes: &[i64]) -> Result<Value, GatewayError> {
    let data = &v["data"];
    if let Some(code) = data["code"].as_i64() {
        if ok_codes.contains(&code) {
            return Ok(data.clone());
        }
        return Err(GatewayError::Refused {
            code,
            message: data["message"].as_str().unwrap_or_default().to_string(),
        });
    }
    let errors = &v["errors"];
    match errors["code"].as_i64() {
        Some(code) => Err(GatewayError::Refused {
            code,
            message: errors["message"].as_str().unwrap_or_default().to_string(),
        }),
        None => Err(GatewayError::Unreachable(format!("unreadable answer: {v}"))),
    }
}

#[async_trait::async_trait]
impl PaymentGateway for Zarinpal {
    fn name(&self) -> &'static str {
        "zarinpal"
    }

    async fn request(&self, req: &PayRequest) -> Result<Started, GatewayError> {
        let body = json!({
            "merchant_id": self.merchant_id,
            "amount": req.amount,
            "currency": "IRT",
            "callback_url": req.callback_url,
            "description": req.description,
            "metadata": { "mobile": req.mobile },
        });
        let data = self.call("/pg/v4/payment/request.json", body, &[100]).await?;
        let authority = data["authority"]
            .as_str()
            .filter(|a| !a.is_empty())
            .ok_or_else(|| GatewayError::Unreachable("no authority in the answer".into()))?
            .to_string();
        Ok(Started { redirect_url: self.pay_url(&authority), authority })
    }

    fn pay_url(&self, authority: &str) -> String {
        format!("{}{authority}", self.startpay)
    }

    async fn verify(&self, authority: &str, amount: i64) -> Result<Verified, GatewayError> {
        let body = json!({ "merchant_id": self.merchant_id, "amount": amount, "authority": authority });
        let data = self.call("/pg/v4/payment/verify.json", body, &[100, 101]).await?;
        let ref_id = match &data["ref_id"] {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => String::new(),
        };
        Ok(Verified {
            ref_id,
            card_pan: data["card_pan"].as_str().map(str::to_string),
            already: data["code"].as_i64() == Some(101),
        })
    }

    async fn unverified(&self) -> Result<Vec<String>, GatewayError> {
        let data = self
            .call(
                "/pg/v4/payment/unVerified.json",
                json!({ "merchant_id": self.merchant_id }),
                &[100],
            )
            .await?;
        Ok(data["authorities"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x["authority"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_success_and_refusals() {
        let ok =
            json!({"data":{"code":100,"message":"Verified","ref_id":201,"card_pan":"502229******5995"},"errors":[]});
        assert_eq!(read_answer(ok, &[100, 101]).unwrap()["ref_id"], 201);
        let refused = json!({"data":[],"errors":{"code":-50,"message":"Session is not valid, amounts values is not the same.","validations":[]}});
        assert!(matches!(
            read_answer(refused, &[100]),
            Err(GatewayError::Refused { code: -50, .. })
        ));
        let not_ok = json!({"data":{"code":-51,"message":"failed"},"errors":[]});
        assert!(matches!(
            read_answer(not_ok, &[100]),
            Err(GatewayError::Refused { code: -51, .. })
        ));
        assert!(matches!(
            read_answer(json!("x"), &[100]),
            Err(GatewayError::Unreachable(_))
        ));
    }
}
