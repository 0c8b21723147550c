//! Instalment requests and answers. Amounts are Toman; every `…Text` field is ready to show
//! (Persian digits, Jalali dates), formatted with `shop_core`.

use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, Object};

/// A plan the shop offers (its terms feed `instalment_schedule` in the web app's calculator).
#[derive(Debug, Clone, Object)]
#[oai(rename = "InstalmentPlan")]
pub struct PlanDto {
    #[oai(rename = "Id")]
    pub id: i64,
    #[oai(rename = "Name")]
    pub name: String,
    /// Percent of the order total paid at once.
    #[oai(rename = "DownPaymentPercent")]
    pub down_payment_percent: i64,
    /// Number of monthly instalments.
    #[oai(rename = "Months")]
    pub months: i64,
    /// Monthly flat rate in basis points (250 = 2.5%).
    #[oai(rename = "MonthlyRateBp")]
    pub monthly_rate_bp: i64,
    /// The smallest and largest order total the plan takes.
    #[oai(rename = "MinTotal")]
    pub min_total: i64,
    #[oai(rename = "MaxTotal")]
    pub max_total: i64,
}

/// `instalment/plans`.
#[derive(Debug, Object)]
#[oai(rename = "InstalmentPlansResponse")]
pub struct PlansResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<PlanDto>,
}

/// One instalment of a schedule.
#[derive(Debug, Clone, Object)]
#[oai(rename = "InstalmentRow")]
pub struct InstalmentDto {
    #[oai(rename = "Id")]
    pub id: i64,
    #[oai(rename = "Number")]
    pub number: i64,
    /// The number in Persian digits.
    #[oai(rename = "NumberText")]
    pub number_text: String,
    #[oai(rename = "Amount")]
    pub amount: i64,
    #[oai(rename = "AmountText")]
    pub amount_text: String,
    /// Due date, `۱۵ مهر ۱۴۰۳`.
    #[oai(rename = "DueText")]
    pub due_text: String,
    #[oai(rename = "State")]
    pub state: InstalmentStatus,
    #[oai(rename = "StateLabel")]
    pub state_label: String,
    /// When it was paid (Jalali), once paid.
    #[oai(rename = "PaidText")]
    pub paid_text: Option<String>,
}

/// An order bought in instalments, with its schedule.
#[derive(Debug, Clone, Object)]
#[oai(rename = "InstalmentOrderPlan")]
pub struct PlanView {
    /// The order's code.
    #[oai(rename = "Code")]
    pub code: String,
    #[oai(rename = "PlanName")]
    pub plan_name: String,
    /// Jalali date of the order.
    #[oai(rename = "DateText")]
    pub date_text: String,
    #[oai(rename = "Total")]
    pub total: i64,
    #[oai(rename = "TotalText")]
    pub total_text: String,
    #[oai(rename = "DownPayment")]
    pub down_payment: i64,
    #[oai(rename = "DownPaymentText")]
    pub down_payment_text: String,
    #[oai(rename = "ChargeText")]
    pub charge_text: String,
    /// What the instalments add up to.
    #[oai(rename = "FinancedText")]
    pub financed_text: String,
    #[oai(rename = "PaidText")]
    pub paid_text: String,
    #[oai(rename = "RemainingText")]
    pub remaining_text: String,
    /// The instalment «پرداخت قسط» pays; absent when all are paid or the plan is not active.
    #[oai(rename = "NextId")]
    pub next_id: Option<i64>,
    #[oai(rename = "Instalments")]
    pub instalments: Vec<InstalmentDto>,
}

/// One payment the customer made.
#[derive(Debug, Clone, Object)]
#[oai(rename = "FinancePayment")]
pub struct PaymentDto {
    #[oai(rename = "Id")]
    pub id: i64,
    /// The order's code.
    #[oai(rename = "Code")]
    pub code: String,
    #[oai(rename = "Kind")]
    pub kind: PaymentKind,
    /// What it paid, in Persian (`قسط ۲`, `پیش‌پرداخت`, `پرداخت کامل`).
    #[oai(rename = "KindLabel")]
    pub kind_label: String,
    #[oai(rename = "Amount")]
    pub amount: i64,
    #[oai(rename = "AmountText")]
    pub amount_text: String,
    /// Jalali date.
    #[oai(rename = "DateText")]
    pub date_text: String,
    /// The bank's reference id.
    #[oai(rename = "RefId")]
    pub ref_id: Option<String>,
    /// Paid for something already paid (or an order that had ended): the shop refunds it.
    #[oai(rename = "RefundNeeded")]
    pub refund_needed: bool,
}

/// `instalment/finance`: the finance page.
#[derive(Debug, Object)]
#[oai(rename = "FinanceResponse")]
pub struct FinanceResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// Every payment that went through, newest first.
    pub payments: Vec<PaymentDto>,
    /// Plans whose down payment is made, newest first.
    pub plans: Vec<PlanView>,
}

/// `instalment/order` request.
#[derive(Debug, Object)]
#[oai(example, rename = "InstalmentOrderRequest")]
pub struct CodeReq {
    /// The order's code.
    #[oai(validator(max_length = 20))]
    pub code: String,
}

impl Example for CodeReq {
    fn example() -> Self {
        Self { code: "K7Q2M9XD".into() }
    }
}

/// `instalment/order`: what `/success-inspayment` shows.
#[derive(Debug, Object)]
#[oai(rename = "InstalmentOrderResponse")]
pub struct OrderPlanResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The down payment went through.
    #[oai(rename = "DownPaymentPaid")]
    pub down_payment_paid: bool,
    /// A Persian sentence for the page.
    #[oai(rename = "Message")]
    pub message: String,
    #[oai(rename = "Plan")]
    pub plan: PlanView,
}

/// `instalment/pay` request.
#[derive(Debug, Object)]
#[oai(example, rename = "InstalmentPayRequest")]
pub struct PayReq {
    /// The instalment's `Id` (the plan's `NextId`).
    pub id: i64,
}

impl Example for PayReq {
    fn example() -> Self {
        Self { id: 42 }
    }
}

/// A started instalment payment: send the browser to `url`.
#[derive(Debug, Object)]
#[oai(rename = "InstalmentPayResponse")]
pub struct PayResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub url: String,
    pub authority: String,
}

/// Where an instalment is on its customer's calendar (Tehran's day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename_all = "snake_case")]
pub enum InstalmentStatus {
    /// Paid.
    Paid,
    /// Unpaid after its due date.
    Overdue,
    /// Due today.
    Due,
    /// Due later.
    Upcoming,
}

/// What a finance-page payment paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "FinancePaymentKind", rename_all = "snake_case")]
pub enum PaymentKind {
    /// An order paid in full.
    Full,
    /// The down payment of an order bought in instalments.
    DownPayment,
    /// One instalment.
    Instalment,
}

// ------------------------------------------------------------------ back office (admin.rs)

/// One overdue instalment.
#[derive(Debug, Object)]
#[oai(rename = "AdminOverdueInstalment")]
pub struct OverdueInstalmentView {
    pub id: i64,
    pub order_code: String,
    /// 1 for the first.
    pub number: i64,
    /// Toman.
    pub amount: i64,
    /// Jalali `YYYY/MM/DD` (ASCII digits) and as shown (`۱ فروردین ۱۴۰۵`).
    pub due_on: String,
    pub due_text: String,
    /// Whole days since the due day.
    pub days_overdue: i64,
}

/// A customer's overdue instalments.
#[derive(Debug, Object)]
#[oai(rename = "AdminOverdueCustomer")]
pub struct OverdueCustomerView {
    pub user_id: i64,
    pub name: String,
    pub mobile: String,
    /// Toman overdue in all.
    pub total: i64,
    /// Days of the oldest.
    pub max_days: i64,
    pub instalments: Vec<OverdueInstalmentView>,
}

/// `instalment/overdue`: customers with overdue instalments, the longest overdue first.
#[derive(Debug, Object)]
#[oai(rename = "AdminOverdueResponse")]
pub struct OverdueResp {
    pub status: ResponseStatus,
    pub data: Vec<OverdueCustomerView>,
    /// Customers over all pages.
    pub total: u64,
    pub per_page: u64,
}

/// `instalment/overdue` request.
#[derive(Debug, Object)]
#[oai(rename = "AdminOverdueRequest")]
pub struct OverdueReq {
    /// 1-based page of 50 customers.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}
