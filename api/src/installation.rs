//! This installation's own secrets (issue 35): the stand-ins' secrets that no variable gave (the
//! fake payment window's md5 secret, the `whsec_…` localstripe signs its webhooks with) are made
//! at random the first time they are needed and kept in `installation_secrets`, so that no two
//! installations share one and what was signed before a restart still verifies after it. Only
//! the owner role reads that table; the server's own role cannot.

use anyhow::Context;
use sqlx::PgPool;
use tribune_projections::db::connect;

use crate::identity::tokens::random_secret;
use crate::kit::signing::ExportSigner;
use crate::settings::{InstallationSecret, Settings};

/// A new value of `which`, in the form its stand-in (or the export signer) expects.
fn fresh(which: InstallationSecret) -> anyhow::Result<String> {
    Ok(match which {
        InstallationSecret::Window => random_secret(),
        InstallationSecret::StripeWebhook => format!("whsec_{}", random_secret()),
        InstallationSecret::ExportSigning => ExportSigner::generate()?,
    })
}

/// The installation's `which`: made the first time it is asked for (two first askers at once
/// get the same one), then always the same.
pub async fn secret(owner: &PgPool, which: InstallationSecret) -> anyhow::Result<String> {
    sqlx::query(
        "INSERT INTO installation_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(which.name())
    .bind(fresh(which)?)
    .execute(owner)
    .await
    .context("installation_secrets (run `tribune migrate` first)")?;
    let value: String =
        sqlx::query_scalar("SELECT value FROM installation_secrets WHERE name = $1")
            .bind(which.name())
            .fetch_one(owner)
            .await?;
    Ok(value)
}

/// `settings` with the installation's secrets in the places `Settings::from_env` left for them;
/// as it was when it needs none (the tests give theirs).
pub async fn with_secrets(mut settings: Settings) -> anyhow::Result<Settings> {
    if settings.installation_secrets.is_empty() {
        return Ok(settings);
    }
    let owner = connect(settings.database.clone(), 1).await?;
    for which in std::mem::take(&mut settings.installation_secrets) {
        let value = secret(&owner, which).await?;
        match which {
            InstallationSecret::Window => {
                if let Some(window) = settings.window.as_mut() {
                    window.secret = value;
                }
            }
            InstallationSecret::StripeWebhook => {
                if let Some(stripe) = settings.stripe.as_mut() {
                    stripe.webhook_secret = value;
                }
            }
            InstallationSecret::ExportSigning => settings.export_signing_key = value,
        }
    }
    owner.close().await;
    Ok(settings)
}
