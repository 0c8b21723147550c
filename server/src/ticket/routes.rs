//! `POST /api/client/v1/ticket/{list,show,open,reply,close}` and
//! `GET /api/client/v1/ticket/attachment/{name}` for customers (their own tickets only; staff
//! with the `support` role download any ticket's files here too). The staff inbox is in
//! `admin.rs`. Opening and replying take multipart forms with files and an `Idempotency-Key`.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::param::{Header, Path};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::OpenApi;
use sha2::{Digest, Sha256};

use super::dto::{
    DetailResp, FileResponse, IdReq, ListResp, OpenResp, TicketOpenForm, TicketReplyForm,
};
use super::service::{self, TicketError, TicketInput, UploadedFile, Viewer, MAX_FILES};
use super::view;
use crate::auth::staff::Actor;
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::idempotency;
use crate::state::AppState;

/// Largest body of a call that takes files: three files of 1 MB and the form around them.
pub const UPLOAD_BODY_LIMIT: usize = MAX_FILES * shop_core::validation::MAX_FILE_BYTES as usize + 64 * 1024;

/// The calls that take files, with their body limit (read by the request pipeline).
pub const UPLOAD_BODY_LIMITS: &[(&str, usize)] = &[
    ("/api/client/v1/ticket/open", UPLOAD_BODY_LIMIT),
    ("/api/client/v1/ticket/reply", UPLOAD_BODY_LIMIT),
    ("/api/admin/v1/ticket/reply", UPLOAD_BODY_LIMIT),
];

/// A refused ticket call as its HTTP answer.
impl From<TicketError> for ApiError {
    fn from(e: TicketError) -> Self {
        match e {
            TicketError::Invalid(field, m) => ApiError::invalid(field, m),
            TicketError::NotFound => ApiError::not_found_field("id", e.to_string()),
            TicketError::FileNotFound => ApiError::not_found_field("name", e.to_string()),
            TicketError::OrderNotFound => ApiError::not_found_field("order_code", e.to_string()),
            TicketError::Closed(_) => ApiError::invalid("id", e.to_string()),
            TicketError::TooManyOpen => ApiError::Unprocessable(Json(ErrorBody::new(e.to_string(), None))),
            TicketError::TooFast(secs) => ApiError::TooManyRequests(Json(ErrorBody::new(e.to_string(), None)), secs.max(1)),
            TicketError::TicketQuota(_) | TicketError::CustomerQuota(_) => ApiError::invalid("files", e.to_string()),
            TicketError::Db(db) => ApiError::internal(db),
            TicketError::Files(io) => ApiError::internal(io),
        }
    }
}

/// Reads every uploaded file into memory (the pipeline already bounded the body).
async fn read_uploads(files: Vec<Upload>) -> ApiResult<Vec<UploadedFile>> {
    let mut out = Vec::with_capacity(files.len());
    for f in files {
        let name = f.file_name().unwrap_or_default().to_string();
        let bytes = f.into_vec().await.map_err(|_| ApiError::bad_request(crate::platform::error::msg::BAD_REQUEST))?;
        out.push(UploadedFile { name, bytes });
    }
    Ok(out)
}

/// The request as the idempotency record hashes it: every field and each file's digest.
fn canonical(fields: &[&str], files: &[UploadedFile]) -> String {
    let mut s = fields.join("\u{1f}");
    for f in files {
        s.push('\u{1e}');
        s.push_str(&f.name);
        s.push('\u{1f}');
        s.push_str(&hex::encode(Sha256::digest(&f.bytes)));
    }
    s
}

pub(super) async fn detail(state: &AppState, viewer: Viewer, id: i64) -> ApiResult<Json<DetailResp>> {
    let th = service::thread(&state.db, viewer, id).await.map_err(ApiError::from)?;
    Ok(Json(DetailResp { status: ResponseStatus::Ok, data: view::detail(&th, viewer) }))
}

/// What a ticket reply's idempotency record keeps: the ticket and the message written. A retry
/// answers the ticket as it is then (the thread is never stored).
#[derive(serde::Serialize, serde::Deserialize)]
struct ReplyRef {
    ticket: i64,
    message: i64,
}

/// What an open's record keeps: the new ticket's id (named as the answer names it, so records
/// written before references were kept still read).
#[derive(serde::Serialize, serde::Deserialize)]
struct OpenRef {
    #[serde(rename = "Id")]
    id: i64,
}

pub(super) async fn reply(
    state: &AppState,
    viewer: Viewer,
    actor: Option<&Actor>,
    key: Option<&str>,
    scope: &str,
    form: TicketReplyForm,
) -> ApiResult<Json<DetailResp>> {
    let key = idempotency::parse_key(key)?;
    let files = read_uploads(form.files).await?;
    let id_text = form.id.to_string();
    let awaits = (matches!(viewer, Viewer::Staff(_)) && form.awaits_customer).to_string();
    let canonical = canonical(&[&id_text, &form.message, &awaits], &files);
    let body = service::parse_message(&form.message).map_err(ApiError::from)?;
    let checked = service::check_files(files).map_err(ApiError::from)?;
    let now = state.clock.unix();
    idempotency::once_ref(
        &state.db,
        viewer_id(viewer),
        scope,
        &key,
        &canonical,
        now,
        || async {
            let message = service::reply(
                &state.db,
                actor,
                state.files.as_ref(),
                &state.config.tickets,
                viewer,
                form.id,
                body,
                checked,
                awaits == "true",
                now,
            )
            .await
            .map_err(ApiError::from)?;
            Ok(ReplyRef { ticket: form.id, message })
        },
        |r: ReplyRef| detail(state, viewer, r.ticket),
    )
    .await
}

fn viewer_id(v: Viewer) -> i64 {
    match v {
        Viewer::Customer(id) | Viewer::Staff(id) => id,
    }
}

/// The customer's tickets.
pub struct TicketApi;

#[OpenApi(prefix_path = "/api/client/v1/ticket", tag = "crate::platform::ApiTags::Support")]
impl TicketApi {
    /// The caller's tickets
    ///
    /// Latest activity first; `Unread` when the staff wrote something the caller has not opened.
    #[oai(path = "/list", method = "post", operation_id = "ticket_list")]
    async fn list(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<ListResp>> {
        let viewer = Viewer::Customer(auth.id());
        let rows = service::list_own(&state.db, auth.id()).await?;
        let data = rows.iter().map(|t| view::summary(t, viewer, None)).collect();
        Ok(Json(ListResp { status: ResponseStatus::Ok, data, total: None }))
    }

    /// One of the caller's tickets with its messages
    ///
    /// Marks the staff's messages read. Another customer's or an unknown id → 404.
    #[oai(path = "/show", method = "post", operation_id = "ticket_show")]
    async fn show(&self, state: Data<&AppState>, auth: BearerUser, body: Json<IdReq>) -> ApiResult<Json<DetailResp>> {
        detail(&state, Viewer::Customer(auth.id()), body.id).await
    }

    /// Open a ticket
    ///
    /// multipart/form-data: `subject` (at most 200 characters), `department`, `priority`,
    /// optional `order_code` (one of the caller's orders, else 404), `message` (at most 5,000
    /// characters) and up to 3 `files` (jpg, jpeg, png, webp, pdf; 1 MB each; the first bytes
    /// must match the extension). Each refusal is 422 naming the field. At most 10 tickets
    /// open at once. Opens and replies together: at most 20 an hour per customer (429 with
    /// `Retry-After`); the customer's files at most 10 MB per ticket and 50 MB in all (422
    /// naming `files`; server settings). Needs an `Idempotency-Key` header (one per attempt).
    #[oai(path = "/open", method = "post", operation_id = "ticket_open")]
    async fn open(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        form: TicketOpenForm,
    ) -> ApiResult<Json<OpenResp>> {
        let key = idempotency::parse_key(key.0.as_deref())?;
        let files = read_uploads(form.files).await?;
        let input = TicketInput {
            subject: form.subject,
            department: form.department,
            priority: form.priority,
            order_code: form.order_code,
            message: form.message,
        };
        let canonical = canonical(
            &[&input.subject, &input.department, &input.priority, &input.order_code, &input.message],
            &files,
        );
        let ticket = input.parse(files).map_err(ApiError::from)?;
        let now = state.clock.unix();
        idempotency::once_ref(
            &state.db,
            auth.id(),
            "ticket.open",
            &key,
            &canonical,
            now,
            || async {
                let id = service::open(&state.db, state.files.as_ref(), &state.config.tickets, auth.id(), ticket, now)
                    .await
                    .map_err(ApiError::from)?;
                Ok(OpenRef { id })
            },
            |r: OpenRef| async move { Ok(Json(OpenResp { status: ResponseStatus::Ok, id: r.id })) },
        )
        .await
    }

    /// Add a message to one of the caller's tickets
    ///
    /// multipart/form-data: `id`, `message`, up to 3 `files` (rules as in `ticket/open`).
    /// A closed ticket refuses it (422); the rate and file quotas of `ticket/open` apply. Needs
    /// an `Idempotency-Key` header. Answers the ticket (a retry with the key: as it is then).
    #[oai(path = "/reply", method = "post", operation_id = "ticket_reply")]
    async fn reply(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        form: TicketReplyForm,
    ) -> ApiResult<Json<DetailResp>> {
        reply(&state, Viewer::Customer(auth.id()), None, key.0.as_deref(), "ticket.reply", form).await
    }

    /// Close one of the caller's tickets
    ///
    /// Closing a closed ticket changes nothing. Answers the ticket.
    #[oai(path = "/close", method = "post", operation_id = "ticket_close")]
    async fn close(&self, state: Data<&AppState>, auth: BearerUser, body: Json<IdReq>) -> ApiResult<Json<DetailResp>> {
        let viewer = Viewer::Customer(auth.id());
        service::close(&state.db, viewer, None, body.id, state.clock.unix()).await.map_err(ApiError::from)?;
        detail(&state, viewer, body.id).await
    }

    /// Download a ticket's file
    ///
    /// Only for the ticket's customer and staff (anyone else: 404, as an unknown file). Sent
    /// with its type, `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`
    /// and `Cache-Control: private, no-store`.
    #[oai(path = "/attachment/:name", method = "get", operation_id = "ticket_attachment")]
    async fn attachment(&self, state: Data<&AppState>, auth: BearerUser, name: Path<String>) -> ApiResult<FileResponse> {
        let viewer = if auth.0.roles().permits(shop_core::staff::StaffRole::Support) { Viewer::Staff(auth.id()) } else { Viewer::Customer(auth.id()) };
        let (row, bytes) = service::attachment(&state.db, state.files.as_ref(), viewer, &name.0)
            .await
            .map_err(ApiError::from)?;
        Ok(FileResponse::Ok(
            Binary(bytes),
            row.content_type.clone(),
            content_disposition(&row.file_name),
            "private, no-store".into(),
            "nosniff".into(),
        ))
    }
}

/// `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>`.
pub fn content_disposition(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    // RFC 5987's value: every byte but letters, digits and `.-_` escaped.
    const ESCAPED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC.remove(b'.').remove(b'-').remove(b'_');
    let encoded = percent_encoding::utf8_percent_encode(name, ESCAPED);
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn content_disposition_is_ascii_with_an_encoded_name() {
        assert_eq!(
            super::content_disposition("رسید.pdf"),
            "attachment; filename=\"____.pdf\"; filename*=UTF-8''%D8%B1%D8%B3%DB%8C%D8%AF.pdf"
        );
        assert_eq!(super::content_disposition("a\"b.png"), "attachment; filename=\"a_b.png\"; filename*=UTF-8''a%22b.png");
    }
}
