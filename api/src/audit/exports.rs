//! The signed exports' key and their check (issue 37 §4): `GET /api/audit/exports/key` gives the
//! installation's public key (to check a file without the server), `POST
//! /api/audit/exports/verify` checks a file staff hold: is it, unchanged, what Tribune signed?

use actix_web::{web, HttpResponse};
use futures::StreamExt;
use serde::Serialize;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::signing::{SignedExport, ALGORITHM};
use crate::session::Staff;
use crate::state::AppState;

/// The largest file the check reads (a year's period export of a big club is some megabytes).
const MOST_BYTES: usize = 64 * 1024 * 1024;

/// The installation's public key for the exports' signatures.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportKey {
    pub algorithm: String,
    pub key_id: String,
    /// The 32 bytes of the Ed25519 public key, base64.
    pub public_key: String,
}

/// A checked file: signed by this installation and unchanged, or not.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportVerdict {
    pub valid: bool,
    /// What the file says it is ('tribune.audit-period', 'tribune.record-history').
    pub kind: Option<String>,
    pub key_id: String,
}

#[utoipa::path(get, path = "/api/audit/exports/key", tag = "audit",
    responses((status = 200, body = Envelope<ExportKey>), (status = 403)))]
pub async fn export_key(_: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::result(ExportKey {
        algorithm: ALGORITHM.to_string(),
        key_id: state.export_signer.key_id().to_string(),
        public_key: state.export_signer.public_key(),
    }))
}

#[utoipa::path(post, path = "/api/audit/exports/verify", tag = "audit",
    request_body(content = SignedExport, description = "The file as downloaded"),
    responses((status = 200, body = Envelope<ExportVerdict>),
              (status = 403), (status = 422, description = "file: not a signed export, or too large")))]
pub async fn verify_export(
    _: Staff,
    mut payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::field("file", "Filen kunne ikke læses"))?;
        if body.len() + chunk.len() > MOST_BYTES {
            return Err(ApiError::field("file", "Filen er for stor (højst 64 MB)"));
        }
        body.extend_from_slice(&chunk);
    }
    let export: SignedExport = serde_json::from_slice(&body)
        .map_err(|_| ApiError::field("file", "Filen er ikke en signeret eksport fra Tribune"))?;
    let valid = state.export_signer.verify(&export);
    Ok(envelope::result(ExportVerdict {
        valid,
        kind: export.document["kind"].as_str().map(str::to_string),
        key_id: export.signature.key_id,
    }))
}
