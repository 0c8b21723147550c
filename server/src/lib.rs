//! The shop's HTTP server.
