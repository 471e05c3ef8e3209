//! QZ Tray, the print service on the desk's computer (INTEGRATIONS.md Receipt printing): it
//! trusts a page that shows the installation's certificate and signs every request it sends with
//! the matching private key. The server keeps both (`TRIBUNE_QZ_CERT`, `TRIBUNE_QZ_KEY`: PEM
//! files) and signs with RSA PKCS#1 v1.5 over SHA-512, QZ's 'SHA512' algorithm. `ring` signs in
//! constant time (the `rsa` crate carries the Marvin timing advisory, RUSTSEC-2023-0071).

use std::path::Path;

use anyhow::{anyhow, Context};
use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{RsaKeyPair, RSA_PKCS1_SHA512};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// The certificate QZ Tray is shown and the key that signs for it.
pub struct QzSigner {
    certificate: String,
    key: RsaKeyPair,
    rng: SystemRandom,
}

impl std::fmt::Debug for QzSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QzSigner").finish_non_exhaustive()
    }
}

impl QzSigner {
    /// Reads the PEM certificate and the PEM private key (PKCS#8 'PRIVATE KEY' or PKCS#1 'RSA
    /// PRIVATE KEY'); refuses what is not an RSA key or not a certificate.
    pub fn load(certificate: &Path, key: &Path) -> anyhow::Result<QzSigner> {
        let pem = std::fs::read_to_string(certificate)
            .with_context(|| format!("TRIBUNE_QZ_CERT {}", certificate.display()))?;
        let key_pem =
            std::fs::read(key).with_context(|| format!("TRIBUNE_QZ_KEY {}", key.display()))?;
        QzSigner::from_pem(&pem, &key_pem)
    }

    pub fn from_pem(certificate: &str, key: &[u8]) -> anyhow::Result<QzSigner> {
        CertificateDer::from_pem_slice(certificate.as_bytes())
            .map_err(|e| anyhow!("TRIBUNE_QZ_CERT is not a PEM certificate: {e}"))?;
        let key = match PrivateKeyDer::from_pem_slice(key)
            .map_err(|e| anyhow!("TRIBUNE_QZ_KEY is not a PEM private key: {e}"))?
        {
            PrivateKeyDer::Pkcs8(der) => RsaKeyPair::from_pkcs8(der.secret_pkcs8_der()),
            PrivateKeyDer::Pkcs1(der) => RsaKeyPair::from_der(der.secret_pkcs1_der()),
            _ => return Err(anyhow!("TRIBUNE_QZ_KEY must be an RSA key")),
        }
        .map_err(|e| anyhow!("TRIBUNE_QZ_KEY is not a usable RSA key: {e}"))?;
        Ok(QzSigner {
            certificate: certificate.trim().to_string() + "\n",
            key,
            rng: SystemRandom::new(),
        })
    }

    /// The certificate, PEM.
    pub fn certificate(&self) -> &str {
        &self.certificate
    }

    /// The base64 RSA PKCS#1 v1.5 SHA-512 signature of `request`.
    pub fn sign(&self, request: &str) -> anyhow::Result<String> {
        let mut signature = vec![0; self.key.public().modulus_len()];
        self.key
            .sign(
                &RSA_PKCS1_SHA512,
                &self.rng,
                request.as_bytes(),
                &mut signature,
            )
            .map_err(|_| anyhow!("signing failed"))?;
        Ok(base64::engine::general_purpose::STANDARD.encode(signature))
    }
}
