//! Where a request comes from: a page of the server's own origin, or another site's.

use axum::http::{HeaderMap, header};

/// Whether a request comes from a page of the host it was sent to (its `Origin` names that
/// host, over either scheme): another site's page cannot make rooms or open sockets here.
pub(crate) fn same_origin(headers: &HeaderMap) -> bool {
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok());
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|origin| origin.to_str().ok());
    match (host, origin) {
        (Some(host), Some(origin)) => {
            origin.strip_prefix("https://") == Some(host)
                || origin.strip_prefix("http://") == Some(host)
        }
        _ => false,
    }
}
