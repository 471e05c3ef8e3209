//! E-signing (spec 3 §2 Contract e-sign page, §4, §5; issue 12 'E-signing that an auditor can
//! trust'). A signing link carries a random token; only its SHA-256 is kept, with the document
//! that was sent (its storage key and SHA-256), who is to sign and when the link expires.
//!
//! - Tokens live 30 days (`SIGN_DAYS`), are single use (signing spends the token and hands back a
//!   'view' token for the signed copy), and are spent when the contract changes, is reopened,
//!   cancelled or deleted (the contract service revokes them in the same transaction).
//! - Signing is the `Signed` event: signer, time, IP, user agent and the SHA-256 of the exact PDF
//!   the link served. The signed copy (the document, the signature and a certificate page with
//!   the event's chain hash) is kept as a file of the contract and its SHA-256 recorded, so
//!   anyone holding it can ask `verify` whether it is genuine.

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use tribune_domain::contract::{ContractCommand, Signing};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::document;
use super::service::ContractService;
use crate::error::ApiError;
use crate::kit::actor::Actor;
use crate::mail::contracts::{self as contract_mails, ContractMailSettings, Recipient};
use crate::mail::Attachment;

/// How long a signing link works.
pub const SIGN_DAYS: i64 = 30;
/// How long the link to the signed copy, handed back after signing, works.
pub const VIEW_DAYS: i64 = 365;

pub const LINK_INVALID: &str =
    "Linket til aftalen er ikke gyldigt. Bed om at få tilsendt et nyt link.";
pub const LINK_EXPIRED: &str = "Linket til aftalen er udløbet. Bed om at få tilsendt et nyt link.";
pub const LINK_USED: &str = "Aftalen er allerede underskrevet med dette link.";
pub const SIGNATURE_REQUIRED: &str = "Underskrift er påkrævet!";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Sign,
    View,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Sign => "sign",
            Purpose::View => "view",
        }
    }
}

fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// A token as the link holds it (never stored).
pub struct SignToken;

impl SignToken {
    #[allow(clippy::too_many_arguments)]
    pub async fn issue(
        conn: &mut PgConnection,
        client_id: Uuid,
        contract_id: Uuid,
        purpose: Purpose,
        storage_key: &str,
        document_sha256: &str,
        signer: &Recipient,
        expires_at: DateTime<Utc>,
    ) -> Result<String, ApiError> {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
        sqlx::query(
            "INSERT INTO contract_sign_tokens (token_hash, contract_id, client_id, purpose, storage_key, \
               document_sha256, signer_name, signer_email, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(hash(&token))
        .bind(contract_id)
        .bind(client_id)
        .bind(purpose.as_str())
        .bind(storage_key)
        .bind(document_sha256)
        .bind(&signer.name)
        .bind(&signer.email)
        .bind(expires_at)
        .execute(conn)
        .await?;
        Ok(token)
    }
}

/// Spends every signing link of a contract (it changed, was reopened, cancelled or deleted).
/// Links to a signed copy stay: that copy does not change.
pub async fn revoke(conn: &mut PgConnection, contract_id: Uuid) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM contract_sign_tokens WHERE contract_id = $1 AND purpose = 'sign'")
        .bind(contract_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Remembers a document made for a contract and its SHA-256, for `verify`.
pub async fn record_document(
    conn: &mut PgConnection,
    client_id: Uuid,
    contract_id: Uuid,
    number: i64,
    sha256: &str,
    kind: &str,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO contract_documents (sha256, contract_id, client_id, kind, number) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (sha256) DO NOTHING",
    )
    .bind(sha256)
    .bind(contract_id)
    .bind(client_id)
    .bind(kind)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

/// What a valid link opens.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Opened {
    pub client_id: Uuid,
    pub purpose: String,
    pub storage_key: String,
    pub document_sha256: String,
    pub signer_name: String,
    pub signer_email: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

/// The link of `token` for contract `id`, or the Danish reason it does not open: unknown,
/// for another contract, expired, or (for signing) already used.
pub async fn open(pool: &PgPool, id: Uuid, token: &str) -> Result<Opened, ApiError> {
    if token.is_empty() || token.len() > 200 {
        return Err(ApiError::ForbiddenWith(LINK_INVALID.into()));
    }
    let opened: Option<Opened> = sqlx::query_as(
        "SELECT client_id, purpose, storage_key, document_sha256, signer_name, signer_email, expires_at, used_at \
         FROM contract_sign_tokens WHERE token_hash = $1 AND contract_id = $2",
    )
    .bind(hash(token))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let Some(opened) = opened else {
        return Err(ApiError::ForbiddenWith(LINK_INVALID.into()));
    };
    if opened.expires_at < Utc::now() {
        return Err(ApiError::ForbiddenWith(LINK_EXPIRED.into()));
    }
    if opened.used_at.is_some() {
        return Err(ApiError::ForbiddenWith(LINK_USED.into()));
    }
    Ok(opened)
}

/// Who signs and from where.
pub struct Visitor {
    pub ip: String,
    pub user_agent: String,
}

/// Signs contract `id` with the link's token and the drawn signature (a PNG, as a data URL or
/// bare base64): spends the token, records the `Signed` event, keeps the signed copy as a file,
/// queues it to the contact and the owner, and hands back a token for the signed copy.
pub async fn sign(
    service: &ContractService<'_>,
    id: Uuid,
    token: &str,
    signature: &str,
    visitor: Visitor,
) -> Result<String, ApiError> {
    // The link first: a wrong one learns nothing about the signature's rules.
    let opened = open(service.pool(), id, token).await?;
    if opened.purpose != "sign" {
        return Err(ApiError::ForbiddenWith(LINK_USED.into()));
    }
    let png = decode_signature(signature)?;
    let client_id = opened.client_id;
    let mut tx = club_tx(service.pool(), client_id).await?;
    // Single use: of two signings with one token, only one spends it.
    let spent = sqlx::query(
        "UPDATE contract_sign_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL",
    )
    .bind(hash(token))
    .execute(&mut *tx)
    .await?;
    if spent.rows_affected() != 1 {
        return Err(ApiError::ForbiddenWith(LINK_USED.into()));
    }
    let signing = Signing {
        signer_name: opened.signer_name.clone(),
        signer_email: opened.signer_email.clone(),
        signed_at: Utc::now(),
        ip: visitor.ip.clone(),
        user_agent: visitor.user_agent.chars().take(500).collect(),
        document_sha256: opened.document_sha256.clone(),
    };
    let actor = Actor::visitor(client_id, &opened.signer_name, &visitor.ip);
    let contract = service
        .run(
            &mut tx,
            &actor,
            id,
            None,
            ContractCommand::Sign {
                signing: signing.clone(),
            },
            "contract.sign",
        )
        .await?;
    let (sequence, chain): (i64, Vec<u8>) = sqlx::query_as(
        "SELECT sequence, hash FROM events WHERE aggregate_type = 'contract' AND aggregate_id = $1 \
         ORDER BY sequence DESC LIMIT 1",
    )
    .bind(id.to_string())
    .fetch_one(&mut *tx)
    .await?;
    let record = document::SigningProof {
        signing: signing.clone(),
        signature_png: png,
        chain_hash: hex::encode(chain),
        event_sequence: sequence,
        verify_url: service.verify_url(),
    };
    let pdf = document::render(&mut tx, service.storage(), id, &contract, Some(&record)).await?;
    let file_name = format!("Aftale-{}-underskrevet.pdf", contract.number);
    let key = format!("contracts/{client_id}/{id}/signed-{}.pdf", pdf.sha256);
    let size = i64::try_from(pdf.bytes.len()).unwrap_or(i64::MAX);
    service.storage().put(&key, pdf.bytes).await?;
    let file_id: Uuid = sqlx::query_scalar(
        "INSERT INTO files (client_id, relation_type, relation_id, file_name, storage_key, content_type, size) \
         VALUES ($1, 'contract', $2, $3, $4, 'application/pdf', $5) RETURNING id",
    )
    .bind(client_id)
    .bind(id.to_string())
    .bind(&file_name)
    .bind(&key)
    .bind(size)
    .fetch_one(&mut *tx)
    .await?;
    record_document(
        &mut tx,
        client_id,
        id,
        contract.number,
        &pdf.sha256,
        "signed",
    )
    .await?;
    let contract = service
        .run(
            &mut tx,
            &actor,
            id,
            None,
            ContractCommand::RecordSignedCopy {
                file_id,
                sha256: pdf.sha256.clone(),
            },
            "contract.signed-copy",
        )
        .await?;
    let signer = Recipient {
        company: contract_mails::recipient(&mut tx, &contract)
            .await
            .map(|r| r.company)
            .unwrap_or_else(|_| opened.signer_name.clone()),
        name: opened.signer_name.clone(),
        email: opened.signer_email.clone(),
    };
    let view = SignToken::issue(
        &mut tx,
        client_id,
        id,
        Purpose::View,
        &key,
        &pdf.sha256,
        &signer,
        Utc::now() + Duration::days(VIEW_DAYS),
    )
    .await?;
    let club = ContractMailSettings::load(&mut tx, client_id).await?;
    let attachment = Attachment {
        file_name,
        content_type: "application/pdf".into(),
        storage_key: key,
    };
    for mail in contract_mails::signed(&mut tx, &contract, &club, &signer, attachment).await? {
        service.queue(&mut tx, &actor, id, mail).await?;
    }
    tx.commit().await?;
    Ok(view)
}

fn decode_signature(signature: &str) -> Result<Vec<u8>, ApiError> {
    let data = signature
        .trim()
        .strip_prefix("data:image/png;base64,")
        .unwrap_or(signature.trim());
    if data.is_empty() {
        return Err(ApiError::field("signature", SIGNATURE_REQUIRED));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| ApiError::field("signature", "Underskriften kunne ikke læses"))?;
    if bytes.len() > 2 * 1024 * 1024 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Err(ApiError::field(
            "signature",
            "Underskriften skal være et PNG-billede",
        ));
    }
    let picture = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .map_err(|_| ApiError::field("signature", "Underskriften kunne ikke læses"))?
        .to_rgba8();
    // A blank pad: nothing drawn that shows (every pixel transparent or white).
    let drawn = picture
        .pixels()
        .any(|p| p.0[3] > 32 && (p.0[0] < 200 || p.0[1] < 200 || p.0[2] < 200));
    if !drawn {
        return Err(ApiError::field("signature", SIGNATURE_REQUIRED));
    }
    Ok(bytes)
}

/// What a signed-copy check says (`POST /api/public/contracts/verify`).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    pub genuine: bool,
    pub sha256: String,
    /// 'sent' (the document sent for signing) or 'signed' (the signed copy).
    pub kind: Option<String>,
    pub contract_number: Option<i64>,
    pub signed_at: Option<DateTime<Utc>>,
    pub message: String,
}

/// Whether `bytes` are a document Tribune made for a contract, by their SHA-256.
pub async fn verify(pool: &PgPool, bytes: &[u8]) -> Result<Verdict, ApiError> {
    let sha256 = sha256_hex(bytes);
    let found: Option<(String, i64, DateTime<Utc>)> =
        sqlx::query_as("SELECT kind, number, created_at FROM contract_documents WHERE sha256 = $1")
            .bind(&sha256)
            .fetch_optional(pool)
            .await?;
    let Some((kind, number, made_at)) = found else {
        return Ok(Verdict {
            genuine: false,
            sha256,
            kind: None,
            contract_number: None,
            signed_at: None,
            message: "Dokumentet svarer ikke til nogen aftale, der er sendt eller underskrevet. Det kan være ændret.".into(),
        });
    };
    let signed_at = (kind == "signed").then_some(made_at);
    let message = if kind == "signed" {
        format!("Dokumentet er den underskrevne Aftale #{number}, uændret.")
    } else {
        format!("Dokumentet er Aftale #{number}, som den blev sendt, uændret. Det er ikke underskrevet.")
    };
    Ok(Verdict {
        genuine: true,
        sha256,
        kind: Some(kind),
        contract_number: Some(number),
        signed_at,
        message,
    })
}
