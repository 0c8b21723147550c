//! The built-in bank for development and tests: `request` opens an attempt, the customer
//! sees a bank-like page (`view::sandbox_page`) with «پرداخت» and «انصراف», and `verify`
//! succeeds only for an attempt paid on that page for its exact amount.
//!
//! Attempts live in this node's memory: it is a development tool, not a shared service.

use std::collections::HashMap;
use std::sync::Mutex;

use super::{GatewayError, PayRequest, PaymentGateway, Started, Verified};

#[derive(Clone, Debug)]
struct Attempt {
    amount: i64,
    paid: bool,
    verified: bool,
    ref_id: String,
}

/// The sandbox bank.
#[derive(Debug, Default)]
pub struct Sandbox {
    attempts: Mutex<HashMap<String, Attempt>>,
}

impl Sandbox {
    /// A bank whose page this server serves itself.
    pub fn new() -> Self {
        Self::default()
    }

    /// The amount of an open attempt (for the page).
    pub fn amount(&self, authority: &str) -> Option<i64> {
        self.attempts.lock().ok()?.get(authority).map(|a| a.amount)
    }

    /// The customer pressed «پرداخت»: true when the attempt exists.
    pub fn pay(&self, authority: &str) -> bool {
        let Ok(mut map) = self.attempts.lock() else {
            return false;
        };
        match map.get_mut(authority) {
            Some(a) => {
                a.paid = true;
                true
            }
            None => false,
        }
    }
}

#[async_trait::async_trait]
impl PaymentGateway for Sandbox {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn request(&self, req: &PayRequest) -> Result<Started, GatewayError> {
        let authority = format!("S{}", uuid::Uuid::new_v4().simple());
        let ref_id = (10_000_000 + rand::random::<u32>() % 90_000_000).to_string();
        self.attempts
            .lock()
            .map_err(|_| GatewayError::Unreachable("sandbox lock".into()))?
            .insert(
                authority.clone(),
                Attempt {
                    amount: req.amount,
                    paid: false,
                    verified: false,
                    ref_id,
                },
            );
        Ok(Started { redirect_url: self.pay_url(&authority), authority })
    }

    fn pay_url(&self, authority: &str) -> String {
        // Same origin as the shop whatever its public address (a test server's port is
        // picked by the OS), so a path is enough.
        format!("/api/client/v1/payment/sandbox/{authority}")
    }

    async fn verify(&self, authority: &str, amount: i64) -> Result<Verified, GatewayError> {
        let mut map = self
            .attempts
            .lock()
            .map_err(|_| GatewayError::Unreachable("sandbox lock".into()))?;
        let Some(a) = map.get_mut(authority) else {
            return Err(GatewayError::Refused {
                code: -54,
                message: "Invalid authority.".into(),
            });
        };
        if a.amount != amount {
            return Err(GatewayError::Refused {
                code: -50,
                message: "Amounts values is not the same.".into(),
            });
        }
        if !a.paid {
            return Err(GatewayError::Refused {
                code: -51,
                message: "Session is not active paid try.".into(),
            });
        }
        let already = a.verified;
        a.verified = true;
        Ok(Verified {
            ref_id: a.ref_id.clone(),
            card_pan: Some("603799******1234".into()),
            already,
        })
    }

    async fn unverified(&self) -> Result<Vec<String>, GatewayError> {
        let map = self
            .attempts
            .lock()
            .map_err(|_| GatewayError::Unreachable("sandbox lock".into()))?;
        Ok(map
            .iter()
            .filter(|(_, a)| a.paid && !a.verified)
            .map(|(k, _)| k.clone())
            .collect())
    }

    fn sandbox(&self) -> Option<&Sandbox> {
        Some(self)
    }
}
