//! Uploaded files: read from multipart forms with size limits, type-checked by their content (not
//! their name), and kept through `object_store`: a local directory by default, or a bucket of any
//! S3 API (`TRIBUNE_STORAGE=s3`), which every node of a cluster reaches alike.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_multipart::Multipart;
use anyhow::Context;
use futures::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, PutPayload};

use crate::error::ApiError;

pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;
const MAX_FIELD_BYTES: usize = 1024 * 1024;
const MAX_FILES: usize = 20;

pub const IMAGE_TYPES: [&str; 6] = [
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/tiff",
    "image/webp",
    "image/bmp",
];

/// Where the files are kept (`crate::settings` reads it from `TRIBUNE_STORAGE` and its
/// variables).
#[derive(Clone, PartialEq, Eq)]
pub enum StorageConfig {
    /// A directory of this machine (`TRIBUNE_FILES_DIR`): one node only.
    Local(PathBuf),
    /// A bucket of an S3 API: AWS when `endpoint` is None, else the given address (MinIO, moto,
    /// Ceph, …), always with path-style requests (`endpoint/bucket/key`).
    S3 {
        bucket: String,
        endpoint: Option<String>,
        region: String,
        access_key_id: String,
        secret_access_key: String,
        /// Plain http to the endpoint (a stand-in on this machine); https otherwise.
        allow_http: bool,
    },
}

/// Written without the secret key: settings are logged and printed in errors.
impl std::fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageConfig::Local(dir) => f.debug_tuple("Local").field(dir).finish(),
            StorageConfig::S3 {
                bucket,
                endpoint,
                region,
                access_key_id,
                allow_http,
                secret_access_key: _,
            } => f
                .debug_struct("S3")
                .field("bucket", bucket)
                .field("endpoint", endpoint)
                .field("region", region)
                .field("access_key_id", access_key_id)
                .field("secret_access_key", &"…")
                .field("allow_http", allow_http)
                .finish(),
        }
    }
}

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
}

impl Storage {
    /// The store the configuration names. Nothing is sent yet: a bucket that is missing or
    /// refuses the keys shows on the first file read or written.
    pub fn from_config(config: &StorageConfig) -> anyhow::Result<Storage> {
        match config {
            StorageConfig::Local(dir) => Storage::local(dir),
            StorageConfig::S3 {
                bucket,
                endpoint,
                region,
                access_key_id,
                secret_access_key,
                allow_http,
            } => {
                let mut builder = AmazonS3Builder::new()
                    .with_bucket_name(bucket)
                    .with_region(region)
                    .with_access_key_id(access_key_id)
                    .with_secret_access_key(secret_access_key)
                    .with_allow_http(*allow_http)
                    // Path style: a bucket name need not be a host name the stand-in resolves.
                    .with_virtual_hosted_style_request(false);
                if let Some(endpoint) = endpoint {
                    builder = builder.with_endpoint(endpoint);
                }
                let store = builder
                    .build()
                    .with_context(|| format!("TRIBUNE_STORAGE=s3: bucket {bucket}"))?;
                Ok(Storage {
                    store: Arc::new(store),
                })
            }
        }
    }

    pub fn local(dir: &Path) -> anyhow::Result<Storage> {
        std::fs::create_dir_all(dir)?;
        Ok(Storage {
            store: Arc::new(LocalFileSystem::new_with_prefix(dir)?),
        })
    }

    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), ApiError> {
        self.store
            .put(&StorePath::from(key), PutPayload::from(bytes))
            .await
            .map_err(ApiError::internal)?;
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Result<Vec<u8>, ApiError> {
        let result = self
            .store
            .get(&StorePath::from(key))
            .await
            .map_err(|e| match e {
                object_store::Error::NotFound { .. } => ApiError::NotFound,
                other => ApiError::internal(other),
            })?;
        Ok(result.bytes().await.map_err(ApiError::internal)?.to_vec())
    }

    pub async fn delete(&self, key: &str) -> Result<(), ApiError> {
        match self.store.delete(&StorePath::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(ApiError::internal(e)),
        }
    }
}

#[derive(Debug, Clone)]
pub struct UploadedFile {
    pub field: String,
    pub file_name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl UploadedFile {
    pub fn is_image(&self) -> bool {
        IMAGE_TYPES.contains(&self.content_type.as_str())
    }
}

/// A multipart form: its text fields and its files.
#[derive(Debug, Default)]
pub struct Form {
    pub fields: HashMap<String, String>,
    pub files: Vec<UploadedFile>,
    /// The entity when it came as a plain JSON body instead of a multipart `data` part.
    pub data: Option<serde_json::Value>,
}

impl Form {
    /// A write sent as plain JSON: the entity, and no files.
    pub fn from_json(data: serde_json::Value) -> Form {
        Form {
            data: Some(data),
            ..Form::default()
        }
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    pub fn files_named(&self, prefix: &str) -> impl Iterator<Item = &UploadedFile> {
        let prefix = prefix.to_string();
        self.files
            .iter()
            .filter(move |f| f.field == prefix || f.field.starts_with(&format!("{prefix}[")))
    }

    /// The entity: the plain JSON body, or the JSON in the multipart `data` field.
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> Result<T, ApiError> {
        if let Some(data) = &self.data {
            return crate::kit::input::from_value(data.clone());
        }
        let raw = self
            .text("data")
            .ok_or_else(|| ApiError::BadRequest("Feltet 'data' mangler".into()))?;
        crate::kit::input::parse(raw)
    }
}

/// What a file's first bytes say it is; text without magic bytes counts as text/plain;
/// programs and unrecognisable bytes are refused (None).
pub fn sniff(bytes: &[u8]) -> Option<String> {
    match infer::get(bytes) {
        Some(kind)
            if infer::is_app(bytes)
                && kind.mime_type() != "application/pdf"
                && !kind.mime_type().contains("zip") =>
        {
            // Executables, libraries and other programs are never stored.
            None
        }
        Some(kind) => Some(kind.mime_type().to_string()),
        None if is_text(bytes) => Some("text/plain".to_string()),
        // Bytes nothing recognises are not stored: a file must be a known type or plain text.
        None => None,
    }
}

/// UTF-8 without control characters other than tabs and line breaks.
fn is_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok_and(|t| {
        t.chars()
            .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
    })
}

pub async fn read_form(mut payload: Multipart) -> Result<Form, ApiError> {
    let mut form = Form::default();
    while let Some(mut field) = payload
        .try_next()
        .await
        .map_err(|e| ApiError::BadRequest(format!("Formularen kunne ikke læses: {e}")))?
    {
        let disposition = field.content_disposition().cloned();
        let name = disposition
            .as_ref()
            .and_then(|d| d.get_name())
            .unwrap_or_default()
            .to_string();
        let file_name = disposition
            .as_ref()
            .and_then(|d| d.get_filename())
            .map(str::to_string);
        let limit = if file_name.is_some() {
            MAX_FILE_BYTES
        } else {
            MAX_FIELD_BYTES
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field
            .try_next()
            .await
            .map_err(|e| ApiError::BadRequest(format!("Formularen kunne ikke læses: {e}")))?
        {
            if bytes.len() + chunk.len() > limit {
                return Err(ApiError::PayloadTooLarge(format!(
                    "Filen er for stor (højst {} MB)",
                    MAX_FILE_BYTES / 1024 / 1024
                )));
            }
            bytes.extend_from_slice(&chunk);
        }
        match file_name {
            Some(file_name) if !bytes.is_empty() => {
                if form.files.len() >= MAX_FILES {
                    return Err(ApiError::invalid(format!(
                        "Højst {MAX_FILES} filer ad gangen"
                    )));
                }
                let content_type = sniff(&bytes)
                    .ok_or_else(|| ApiError::field(&name, "Filtypen er ikke tilladt"))?;
                let file_name = sanitize_file_name(&file_name);
                form.files.push(UploadedFile {
                    field: name,
                    file_name,
                    content_type,
                    bytes,
                });
            }
            Some(_) => {}
            None => {
                let text = String::from_utf8(bytes)
                    .map_err(|_| ApiError::BadRequest(format!("Feltet '{name}' er ikke tekst")))?;
                let text = crate::kit::input::form_text(&name, text)?;
                form.fields.insert(name, text);
            }
        }
    }
    Ok(form)
}

fn sanitize_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    if cleaned.trim().is_empty() {
        "fil".to_string()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_decides_the_type_not_the_name() {
        let png = [
            0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, b'I', b'H', b'D', b'R',
        ];
        assert_eq!(sniff(&png).as_deref(), Some("image/png"));
        assert_eq!(sniff(b"hej med dig").as_deref(), Some("text/plain"));
        let elf = [
            0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0,
        ];
        assert_eq!(sniff(&elf), None, "programs are refused");
    }

    #[test]
    fn an_s3_store_is_built_without_reaching_the_bucket() {
        let config = StorageConfig::S3 {
            bucket: "tribune".into(),
            // Nothing listens here: building must not connect.
            endpoint: Some("http://127.0.0.1:9".into()),
            region: "us-east-1".into(),
            access_key_id: "id".into(),
            secret_access_key: "hemmelig".into(),
            allow_http: true,
        };
        assert!(Storage::from_config(&config).is_ok());
        assert!(!format!("{config:?}").contains("hemmelig"));
    }

    #[test]
    fn file_names_lose_their_paths() {
        assert_eq!(sanitize_file_name("../../etc/passwd"), "passwd");
        assert_eq!(sanitize_file_name("C:\\x\\logo.png"), "logo.png");
    }
}
