//! Brotli or gzip for the answers worth compressing: HTML, JavaScript, CSS, JSON, SVG and other
//! text. Pictures, PDFs, spreadsheets and fonts are compressed already and go as they are, and a
//! client that accepts none of our encodings gets the plain answer (actix's `Compress` answers it
//! 406 and compresses everything but pictures).

use actix_http::encoding::Encoder;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};

/// What we offer, best first: a client that ranks them equally gets brotli.
const OFFERED: [Encoding; 3] = [Encoding::brotli(), Encoding::gzip(), Encoding::identity()];

/// The encoding of the answer to `req`: the client's best of ours, identity when it names none.
fn negotiated(req: &ServiceRequest) -> ContentEncoding {
    match req
        .get_header::<AcceptEncoding>()
        .and_then(|accepted| accepted.negotiate(OFFERED.iter()))
    {
        Some(Encoding::Known(encoding)) => encoding,
        _ => ContentEncoding::Identity,
    }
}

/// Text worth compressing, by its media type (parameters such as `charset` aside).
fn compressible(content_type: Option<&HeaderValue>) -> bool {
    let Some(essence) = content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|value| value.trim().to_ascii_lowercase())
    else {
        return false;
    };
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/javascript" | "application/json" | "application/xml"
        )
}

/// The middleware: the answer compressed when its type is text and the client accepts brotli or
/// gzip. Empty answers, 206 ranges and answers that carry their own `Content-Encoding` (a
/// precompressed file) pass untouched (`Encoder::response`).
pub async fn compress(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let encoding = negotiated(&req);
    let response = next.call(req).await?;
    Ok(response.map_body(move |head, body| {
        let encoding = if compressible(head.headers.get(header::CONTENT_TYPE)) {
            if encoding == ContentEncoding::Identity {
                // The encoder adds it when it compresses; a cache must know either way.
                head.headers
                    .append(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
            encoding
        } else {
            ContentEncoding::Identity
        };
        Encoder::response(encoding, head, body)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(content_type: &'static str) -> bool {
        compressible(Some(&HeaderValue::from_static(content_type)))
    }

    #[test]
    fn text_is_compressed_and_packed_files_are_not() {
        for text in [
            "text/html; charset=utf-8",
            "text/css",
            "text/javascript",
            "application/javascript",
            "application/json",
            "image/svg+xml",
            "application/problem+json",
            "text/calendar",
        ] {
            assert!(of(text), "{text}");
        }
        for packed in [
            "application/pdf",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "image/png",
            "font/woff2",
            "application/zip",
            "application/octet-stream",
        ] {
            assert!(!of(packed), "{packed}");
        }
        assert!(!compressible(None));
    }
}
