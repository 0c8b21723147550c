//! Tickets as the API shows them: dates on Tehran's Jalali calendar with the time, files with
//! their download path.

use super::dto::{CustomerDto, TicketDetail, TicketFileDto, TicketMessageDto, TicketSummary};
use super::entity::{ticket, ticket_attachment};
use super::service::{url_name, Thread, Viewer};
use crate::auth::entity::user;

/// The download path of a stored file.
pub const FILE_PATH: &str = "/api/client/v1/ticket/attachment/";

/// `۱۴۰۵/۰۹/۰۲ ۱۴:۳۰`: the Tehran calendar day and wall-clock time of a Unix second.
pub fn when(ts: i64) -> String {
    shop_core::tehran::format_tehran_datetime(ts)
}

fn customer(u: &user::Model) -> CustomerDto {
    CustomerDto { name: u.name.clone(), lastname: u.lastname.clone(), mobile: u.mobile.clone() }
}

/// A ticket in a list; `customer` only for staff.
pub fn summary(t: &ticket::Model, viewer: Viewer, owner: Option<&user::Model>) -> TicketSummary {
    let (unread, customer) = match viewer {
        Viewer::Customer(_) => (t.customer_unread, None),
        Viewer::Staff(_) => (t.staff_unread, owner.map(customer)),
    };
    TicketSummary {
        id: t.id,
        subject: t.subject.clone(),
        department: t.department,
        priority: t.priority,
        status: t.status().into(),
        order_code: t.order_code.clone(),
        unread,
        created_at: when(t.created_at),
        updated_at: when(t.updated_at),
        customer,
    }
}

fn file(a: &ticket_attachment::Model) -> TicketFileDto {
    TicketFileDto {
        name: a.file_name.clone(),
        content_type: a.content_type.clone(),
        size: a.size,
        url: format!("{FILE_PATH}{}", url_name(&a.store_key)),
        is_image: a.content_type.starts_with("image/"),
    }
}

/// A whole ticket.
pub fn detail(th: &Thread, viewer: Viewer) -> TicketDetail {
    let messages = th
        .messages
        .iter()
        .map(|m| TicketMessageDto {
            id: m.id,
            from_staff: m.from_staff,
            body: m.body.clone(),
            at: when(m.created_at),
            files: th.files.iter().filter(|f| f.message_id == m.id).map(file).collect(),
        })
        .collect();
    TicketDetail {
        summary: summary(&th.ticket, viewer, th.customer.as_ref()),
        messages,
        can_reply: th.ticket.status().accepts_messages(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn when_is_tehran_wall_clock_time() {
        // 2026-11-23 10:00 UTC is 13:30 in Tehran (+3:30, no summer time since 2022).
        assert_eq!(super::when(1_795_428_000), format!("{} ۱۳:۳۰", shop_core::tehran::format_tehran_date(1_795_428_000, true)));
    }
}
