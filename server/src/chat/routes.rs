//! `GET /api/client/v1/chat/socket`: the chat's WebSocket (not in the OpenAPI document, which
//! has no words for sockets; its frames are `dto.rs`, described in `docs/chat.md`). The access
//! token comes in the first frame, not the URL: URLs end up in access logs.

use poem::web::websocket::{WebSocket, WebSocketConfig};
use poem::web::Data;
use poem::IntoResponse;

use crate::state::AppState;

/// The socket's path.
pub const PATH: &str = "/api/client/v1/chat/socket";

/// Upgrade and hand the socket to its session.
#[poem::handler]
pub async fn chat_socket(ws: WebSocket, state: Data<&AppState>) -> impl IntoResponse {
    let state = state.clone();
    // Frames over MAX_FRAME get a `bad_frame` answer; far larger ones end the socket unread.
    let limit = Some(4 * super::session::MAX_FRAME);
    // A 4 KiB read buffer (tungstenite's default is 128 KiB per socket, most of an idle
    // socket's memory); it grows for the rare long message.
    let config = WebSocketConfig::default().max_message_size(limit).max_frame_size(limit).read_buffer_size(4 * 1024);
    ws.config(config).on_upgrade(move |socket| super::session::run(state, socket))
}
