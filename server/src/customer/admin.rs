//! `POST /api/admin/v1/customer/{list,get,block}` (role `orders`): search customers, one
//! customer's page, set or clear their block with a reason.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{
    CustomerAddress, CustomerBlockReq, CustomerChat, CustomerListReq, CustomerListResp, CustomerOrder, CustomerPlan,
    CustomerProfile, CustomerReq, CustomerResp, CustomerRow, CustomerTicket,
};
use super::service::{self, CustomerError, CustomerFile, PER_PAGE};
use crate::auth::OrdersStaff;
use crate::catalog::fmt::{jalali, toman};
use crate::instalment::dto::InstalmentStatus;
use crate::order::service::lifecycle::status_of;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

impl From<CustomerError> for ApiError {
    fn from(e: CustomerError) -> Self {
        match e {
            CustomerError::NotFound => ApiError::not_found_field("id", e.to_string()),
            CustomerError::Staff | CustomerError::AlreadyBlocked | CustomerError::NotBlocked => ApiError::invalid("id", e.to_string()),
            CustomerError::ReasonMissing | CustomerError::ReasonTooLong => ApiError::invalid("reason", e.to_string()),
            CustomerError::Db(db) => ApiError::internal(db),
        }
    }
}

fn response(f: CustomerFile) -> CustomerResp {
    let u = &f.user;
    CustomerResp {
        status: ResponseStatus::Ok,
        profile: CustomerProfile {
            id: u.id,
            uid: u.uid.clone(),
            mobile: u.mobile.clone(),
            name: u.name.clone(),
            lastname: u.lastname.clone(),
            email: u.email.clone(),
            state: u.state.clone(),
            city: u.city.clone(),
            phone: u.phone.clone(),
            block: u.block,
            block_reason: u.block_reason.clone(),
            joined_text: jalali(u.created_at),
        },
        addresses: f
            .addresses
            .iter()
            .map(|a| CustomerAddress {
                id: a.id,
                receiver_name: a.receiver_name.clone(),
                receiver_mobile: a.receiver_mobile.clone(),
                province: a.province.clone(),
                city: a.city.clone(),
                line: a.full_line(),
                postal_code: a.postal_code.clone(),
                is_default: a.is_default,
            })
            .collect(),
        orders: f
            .orders
            .iter()
            .map(|o| CustomerOrder {
                code: o.code.clone(),
                status: status_of(o).as_str().to_string(),
                status_label: status_of(o).label().to_string(),
                payment_method: o.payment_method.clone(),
                payable: o.payable,
                payable_text: toman(o.payable),
                date_text: jalali(o.created_at),
            })
            .collect(),
        order_count: f.order_count,
        tickets: f
            .tickets
            .iter()
            .map(|t| CustomerTicket {
                id: t.id,
                subject: t.subject.clone(),
                status: t.status().as_str().to_string(),
                updated_text: shop_core::tehran::format_tehran_datetime(t.updated_at),
            })
            .collect(),
        chat: CustomerChat {
            conversations: f.chat.conversations,
            messages: f.chat.messages,
            last_text: f.chat.last_ms.map(|ms| shop_core::tehran::format_tehran_datetime(ms / 1000)).unwrap_or_default(),
            unanswered: f.chat.unanswered,
        },
        favourites: f.favourites,
        plans: f
            .plans
            .iter()
            .map(|p| {
                let next_due = p
                    .instalments
                    .iter()
                    .find(|i| i.row.paid_at.is_none())
                    .and_then(|i| crate::plan::service::parse_stored(&i.row.due_on))
                    .map(|d| shop_core::jalali::format_jalali(&d))
                    .unwrap_or_default();
                CustomerPlan {
                    order_code: p.order.code.clone(),
                    plan_name: p.plan.plan_name.clone(),
                    months: p.plan.months,
                    financed_text: toman(p.plan.financed),
                    paid: p.instalments.iter().filter(|i| i.state == InstalmentStatus::Paid).count() as u64,
                    count: p.instalments.len() as u64,
                    overdue: p.instalments.iter().filter(|i| i.state == InstalmentStatus::Overdue).count() as u64,
                    next_due,
                }
            })
            .collect(),
    }
}

/// The customers' staff calls.
pub struct CustomerAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/customer", tag = "crate::platform::ApiTags::BackOffice")]
impl CustomerAdminApi {
    /// Search customers
    ///
    /// By mobile number (any digits, or at least three of them), name, last name or email;
    /// 20 a page, newest first. Staff accounts are not listed.
    #[oai(path = "/list", method = "post", operation_id = "admin_customer_list")]
    async fn list(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<CustomerListReq>) -> ApiResult<Json<CustomerListResp>> {
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::search(&state.db, &body.q, page).await?;
        let data = rows
            .into_iter()
            .map(|u| CustomerRow {
                id: u.id,
                mobile: u.mobile,
                name: u.name,
                lastname: u.lastname,
                email: u.email,
                city: u.city,
                block: u.block,
                joined_text: jalali(u.created_at),
            })
            .collect();
        Ok(Json(CustomerListResp { status: ResponseStatus::Ok, data, total, per_page: PER_PAGE }))
    }

    /// A customer's page
    ///
    /// Profile, addresses, orders (code, state, total, Jalali date), tickets, chat, favourites
    /// count and instalment plans. A staff member's id or an unknown one → 404.
    #[oai(path = "/get", method = "post", operation_id = "admin_customer_get")]
    async fn get(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<CustomerReq>) -> ApiResult<Json<CustomerResp>> {
        let f = service::file(&state.db, body.id, state.clock.unix()).await?;
        Ok(Json(response(f)))
    }

    /// Block or unblock a customer
    ///
    /// With a reason (required; recorded in the audit log). Blocking ends every session of
    /// theirs at once on every node (refresh tokens revoked, access tokens refused, chat
    /// sockets closed) and cancels their unpaid orders (their stock goes back); they can no
    /// longer sign in, order or pay. Staff accounts cannot be blocked here (422).
    #[oai(path = "/block", method = "post", operation_id = "admin_customer_block")]
    async fn block(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<CustomerBlockReq>) -> ApiResult<Json<CustomerResp>> {
        let now = state.clock.unix();
        let out = service::set_block(&state.db, &staff.actor(), body.id, body.block, &body.reason, now).await?;
        state.users.forget(out.user.id);
        if let Some(row) = &out.ended {
            state.chat.sessions_ended(&state.db, row).await;
        }
        if !out.cancelled.is_empty() {
            tracing::info!(customer = out.user.id, orders = ?out.cancelled, "unpaid orders cancelled by a block");
        }
        let f = service::file(&state.db, body.id, now).await?;
        Ok(Json(response(f)))
    }
}
