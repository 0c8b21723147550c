//! Time limits on client connections, so that slow clients (slow-loris) hold nothing for
//! long. poem bounds idle connections and HTTP/2 streams; the request head needs its own
//! deadline, because the idle timer restarts on every byte and a client sending one byte
//! every few seconds would otherwise keep a connection forever. Bodies are bounded in the
//! request pipeline (`middleware::read_body`).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use poem::http::uri::Scheme;
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// Wraps an acceptor: every connection must deliver each HTTP/1 request head (request line
/// and headers, up to the empty line) within `header_timeout` of its first byte, and the
/// first one within `header_timeout` of connecting.
pub struct HeadDeadline<A> {
    inner: A,
    header_timeout: Duration,
}

impl<A> HeadDeadline<A> {
    /// Guard the connections `inner` accepts.
    pub fn new(inner: A, header_timeout: Duration) -> Self {
        Self { inner, header_timeout }
    }
}

impl<A: Acceptor> Acceptor for HeadDeadline<A> {
    type Io = HeadGuard<A::Io>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(&mut self) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, Scheme)> {
        let (io, local, remote, scheme) = self.inner.accept().await?;
        Ok((HeadGuard::new(io, self.header_timeout), local, remote, scheme))
    }
}

/// A connection whose request heads must arrive in time.
pub struct HeadGuard<T> {
    inner: T,
    timeout: Duration,
    /// Running while a request head is being received.
    deadline: Option<Pin<Box<Sleep>>>,
    /// Between a response and the next request's first byte (idle: poem's idle timeout).
    awaiting_head: bool,
    /// The last bytes read, to find `\r\n\r\n` across reads.
    tail: [u8; 3],
    /// HTTP/2 (prior knowledge) or an upgraded connection (WebSocket): frames, not heads.
    http2: bool,
    first: bool,
}

impl<T> HeadGuard<T> {
    fn new(inner: T, timeout: Duration) -> Self {
        Self {
            inner,
            timeout,
            deadline: Some(Box::pin(tokio::time::sleep(timeout))),
            awaiting_head: true,
            tail: [0; 3],
            http2: false,
            first: true,
        }
    }

    fn saw(&mut self, bytes: &[u8]) {
        if bytes.is_empty() || self.http2 {
            return;
        }
        if self.first {
            self.first = false;
            if bytes.starts_with(b"PRI * HTTP/2.0") {
                self.http2 = true;
                self.deadline = None;
                self.awaiting_head = false;
                return;
            }
        }
        if !self.awaiting_head {
            return;
        }
        if self.deadline.is_none() {
            self.deadline = Some(Box::pin(tokio::time::sleep(self.timeout)));
        }
        let mut joined = Vec::with_capacity(3 + bytes.len());
        joined.extend_from_slice(&self.tail);
        joined.extend_from_slice(bytes);
        if joined.windows(4).any(|w| w == b"\r\n\r\n") {
            self.awaiting_head = false;
            self.deadline = None;
        }
        let n = joined.len();
        self.tail.copy_from_slice(&joined[n - 3..]);
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for HeadGuard<T> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                let fresh = buf.filled()[before..].to_vec();
                self.saw(&fresh);
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => match self.deadline.as_mut().map(|d| d.as_mut().poll(cx)) {
                Some(Poll::Ready(())) => {
                    Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "request head not received in time")))
                }
                _ => Poll::Pending,
            },
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for HeadGuard<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        if !self.http2 && data.starts_with(b"HTTP/1.1 101 ") {
            // Switching protocols (a WebSocket): frames from here on, not request heads.
            self.http2 = true;
            self.deadline = None;
            self.awaiting_head = false;
        } else if !self.http2 {
            // A response is going out: the next bytes from the client start a new head.
            self.awaiting_head = true;
            self.deadline = None;
            self.tail = [0; 3];
        }
        Pin::new(&mut self.inner).poll_write(cx, data)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        if !self.http2 && bufs.iter().find(|b| !b.is_empty()).is_some_and(|b| b.starts_with(b"HTTP/1.1 101 ")) {
            self.http2 = true;
            self.deadline = None;
            self.awaiting_head = false;
        } else if !self.http2 {
            self.awaiting_head = true;
            self.deadline = None;
            self.tail = [0; 3];
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
