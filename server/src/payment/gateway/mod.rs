//! The payment gateway port and its adapters. Other gateways (and BNPL providers) plug in by
//! implementing [`PaymentGateway`].

pub mod sandbox;
pub mod zarinpal;

use std::sync::Arc;

use crate::platform::Config;

/// What we ask the gateway for.
#[derive(Clone, Debug)]
pub struct PayRequest {
    /// Toman.
    pub amount: i64,
    pub description: String,
    /// Absolute URL the gateway sends the customer back to.
    pub callback_url: String,
    /// The customer's mobile, for the gateway's page.
    pub mobile: String,
}

/// A started payment: where to send the customer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Started {
    pub authority: String,
    pub redirect_url: String,
}

/// A verified payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub ref_id: String,
    pub card_pan: Option<String>,
    /// The gateway had verified it before (Zarinpal code 101).
    pub already: bool,
}

/// Why a gateway call did not succeed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// The gateway answered and refused (its code and message).
    #[error("gateway refused: {code} {message}")]
    Refused { code: i64, message: String },
    /// No usable answer: timeout, connection error, a 5xx or a body we cannot read. The
    /// payment's fate is unknown and is settled later by reconciliation.
    #[error("gateway unreachable: {0}")]
    Unreachable(String),
}

/// A payment gateway.
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync + 'static {
    /// `sandbox` or `zarinpal` (stored with each payment).
    fn name(&self) -> &'static str;
    /// Opens a payment.
    async fn request(&self, req: &PayRequest) -> Result<Started, GatewayError>;
    /// The page of an open attempt (what `request` answered as `redirect_url`), so that a
    /// pending attempt can be answered again without a new request.
    fn pay_url(&self, authority: &str) -> String;
    /// Confirms a payment for exactly `amount` (from our database).
    async fn verify(&self, authority: &str, amount: i64) -> Result<Verified, GatewayError>;
    /// Authorities paid at the gateway but not verified by us yet.
    async fn unverified(&self) -> Result<Vec<String>, GatewayError>;
    /// The built-in bank, when this is it.
    fn sandbox(&self) -> Option<&sandbox::Sandbox> {
        None
    }
}

/// The gateway `SHOP_PAYMENT` names.
pub fn from_config(config: &Config) -> Arc<dyn PaymentGateway> {
    match config.payment.as_str() {
        "zarinpal" => Arc::new(zarinpal::Zarinpal::new(
            config.zarinpal_merchant.clone().unwrap_or_default(),
            config.zarinpal_url.clone(),
            config.zarinpal_startpay.clone(),
            config.payment_timeout_ms,
        )),
        _ => Arc::new(sandbox::Sandbox::new()),
    }
}
