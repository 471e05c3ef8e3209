//! Signed exports (issue 37 §4): the auditor's JSON files carry an Ed25519 signature made with
//! this installation's own key, so a file read back later can be shown to be exactly what Tribune
//! wrote. The key is the installation's (`TRIBUNE_EXPORT_SIGNING_KEY`, or made at random once and
//! kept in `installation_secrets`); its public half is served, so anyone can check a file without
//! asking the server, and `POST /api/audit/exports/verify` checks one for staff.
//!
//! What is signed is the document's canonical JSON: `serde_json`'s own writing of it, whose maps
//! keep their keys sorted, so the same document read and written again gives the same bytes.

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, KeyPair, UnparsedPublicKey, ED25519};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub const ALGORITHM: &str = "Ed25519";

/// An export's `format`: `xlsx` (the default) or `json` (signed); true for JSON.
pub fn wants_json(format: Option<&str>) -> Result<bool, crate::error::ApiError> {
    match format.map(str::trim) {
        None | Some("") | Some("xlsx") => Ok(false),
        Some("json") => Ok(true),
        Some(_) => Err(crate::error::ApiError::field(
            "format",
            "Vælg Excel eller JSON",
        )),
    }
}

/// The signature of an export: how, with which key and what it is (base64).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportSignature {
    pub algorithm: String,
    /// The first 16 hex digits of the public key's SHA-256.
    pub key_id: String,
    pub value: String,
}

/// A signed export: the document and its signature.
#[derive(Debug, Clone, Serialize, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedExport {
    #[ts(type = "unknown")]
    pub document: Value,
    pub signature: ExportSignature,
}

/// The installation's signing key.
pub struct ExportSigner {
    key: Ed25519KeyPair,
    key_id: String,
}

impl std::fmt::Debug for ExportSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExportSigner")
            .field("key_id", &self.key_id)
            .finish_non_exhaustive()
    }
}

/// The document's bytes as signed.
fn canonical(document: &Value) -> Vec<u8> {
    serde_json::to_vec(document).unwrap_or_default()
}

impl ExportSigner {
    /// A new key, as `TRIBUNE_EXPORT_SIGNING_KEY` and `installation_secrets` keep it (PKCS#8,
    /// base64).
    pub fn generate() -> anyhow::Result<String> {
        let pkcs8 = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new())
            .map_err(|_| anyhow::anyhow!("no Ed25519 key could be made"))?;
        Ok(BASE64.encode(pkcs8.as_ref()))
    }

    /// The key kept as [`ExportSigner::generate`] writes it.
    pub fn from_base64(text: &str) -> anyhow::Result<ExportSigner> {
        let der = BASE64
            .decode(text.trim())
            .map_err(|_| anyhow::anyhow!("the export signing key is not base64"))?;
        let key = Ed25519KeyPair::from_pkcs8(&der)
            .map_err(|_| anyhow::anyhow!("the export signing key is not an Ed25519 PKCS#8 key"))?;
        let digest = Sha256::digest(key.public_key().as_ref());
        let key_id = hex::encode(&digest[..8]);
        Ok(ExportSigner { key, key_id })
    }

    pub fn key_id(&self) -> &str {
        &self.key_id
    }

    /// The public key (32 bytes, base64), for checking files without the server.
    pub fn public_key(&self) -> String {
        BASE64.encode(self.key.public_key().as_ref())
    }

    pub fn sign(&self, document: Value) -> SignedExport {
        let signature = self.key.sign(&canonical(&document));
        SignedExport {
            signature: ExportSignature {
                algorithm: ALGORITHM.to_string(),
                key_id: self.key_id.clone(),
                value: BASE64.encode(signature.as_ref()),
            },
            document,
        }
    }

    /// Whether `export` is, byte for byte in its canonical form, a document this key signed.
    pub fn verify(&self, export: &SignedExport) -> bool {
        if export.signature.algorithm != ALGORITHM || export.signature.key_id != self.key_id {
            return false;
        }
        let Ok(signature) = BASE64.decode(&export.signature.value) else {
            return false;
        };
        UnparsedPublicKey::new(&ED25519, self.key.public_key().as_ref())
            .verify(&canonical(&export.document), &signature)
            .is_ok()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;

    fn signer() -> ExportSigner {
        ExportSigner::from_base64(&ExportSigner::generate().expect("key")).expect("signer")
    }

    #[test]
    fn a_signed_document_verifies_after_being_written_and_read_again_and_not_once_changed() {
        let signer = signer();
        let signed = signer.sign(serde_json::json!({
            "period": { "from": "2026-01-01", "to": "2026-03-31" },
            "invoices": [{ "number": 1042, "total": 125_000 }],
        }));
        let text = serde_json::to_string_pretty(&signed).expect("json");
        let read: SignedExport = serde_json::from_str(&text).expect("read back");
        assert!(signer.verify(&read));

        let mut changed = read.clone();
        changed.document["invoices"][0]["total"] = serde_json::json!(12_500);
        assert!(!signer.verify(&changed));
        // Another installation's key does not vouch for it either.
        assert!(!self::signer().verify(&read));
    }
}
