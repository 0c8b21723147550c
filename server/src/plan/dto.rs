//! The back office's plan shapes (`admin/v1/instalment/plan/…`).

use poem_openapi::Object;
use serde::Serialize;

use super::entity::instalment_plan;
use crate::platform::ResponseStatus;

/// A plan as the back office shows it (and the audit log keeps it).
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "InstalmentPlanAdmin")]
pub struct PlanView {
    pub id: i64,
    pub name: String,
    /// 1..=99.
    pub down_payment_percent: i64,
    pub months: i64,
    /// Basis points a month (250 = 2.5%).
    pub monthly_rate_bp: i64,
    /// Toman.
    pub min_total: i64,
    pub max_total: i64,
    /// Display order (smaller first).
    pub position: i64,
    pub active: bool,
    pub version: i64,
}

impl From<instalment_plan::Model> for PlanView {
    fn from(p: instalment_plan::Model) -> Self {
        Self {
            id: p.id,
            name: p.name,
            down_payment_percent: p.down_payment_percent,
            months: p.months,
            monthly_rate_bp: p.monthly_rate_bp,
            min_total: p.min_total,
            max_total: p.max_total,
            position: p.position,
            active: p.active,
            version: p.version,
        }
    }
}

/// `plan/list` answer.
#[derive(Debug, Object)]
pub struct PlanListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<PlanView>,
}

/// `plan/save` and `plan/active` answer.
#[derive(Debug, Object)]
pub struct PlanResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: PlanView,
}

/// `plan/save`: a new plan (no `id`) or an edit of `id` from `version`.
#[derive(Debug, Object)]
pub struct PlanSaveReq {
    pub id: Option<i64>,
    #[oai(default)]
    pub version: i64,
    pub name: String,
    pub down_payment_percent: i64,
    pub months: i64,
    pub monthly_rate_bp: i64,
    pub min_total: i64,
    pub max_total: i64,
    #[oai(default)]
    pub position: i64,
}

/// `plan/active`: offer a plan or stop offering it.
#[derive(Debug, Object)]
pub struct PlanActiveReq {
    pub id: i64,
    pub version: i64,
    pub active: bool,
}

impl PlanSaveReq {
    /// The request as the plan form's values (core/src/forms/instalment_plan.rs).
    pub fn values(&self) -> shop_core::forms::Values {
        let numbers = [self.down_payment_percent, self.months, self.monthly_rate_bp, self.min_total, self.max_total, self.position].map(|n| n.to_string());
        let [down, months, rate, min, max, position] = &numbers;
        shop_core::forms::Values::from_pairs([
            ("name", self.name.as_str()),
            ("down_payment_percent", down.as_str()),
            ("months", months.as_str()),
            ("monthly_rate_bp", rate.as_str()),
            ("min_total", min.as_str()),
            ("max_total", max.as_str()),
            ("position", position.as_str()),
        ])
    }
}
