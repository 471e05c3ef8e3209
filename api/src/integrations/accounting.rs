//! Accounting (INTEGRATIONS.md, e-conomic): the reference data the settings and catalogue
//! screens choose from (product groups, customer groups, units, VAT zones, payment terms,
//! layouts, products). e-conomic's REST API in production; an in-process stand-in with realistic
//! data in tests and the demo.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One choice: e-conomic's number (an integer, or text for products) and its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    #[schema(value_type = Object)]
    pub number: Value,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountingProduct {
    pub product_number: String,
    pub name: String,
    pub sales_price: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceKind {
    ProductGroups,
    CustomerGroups,
    Units,
    VatZones,
    PaymentTerms,
    Layouts,
}

impl ReferenceKind {
    pub fn from_path(path: &str) -> Option<ReferenceKind> {
        Some(match path {
            "product-groups" => ReferenceKind::ProductGroups,
            "customer-groups" => ReferenceKind::CustomerGroups,
            "units" => ReferenceKind::Units,
            "vat-zones" => ReferenceKind::VatZones,
            "payment-terms" => ReferenceKind::PaymentTerms,
            "layouts" => ReferenceKind::Layouts,
            _ => return None,
        })
    }

    /// e-conomic's collection path and the field that numbers its entries.
    fn rest(self) -> (&'static str, &'static str) {
        match self {
            ReferenceKind::ProductGroups => ("product-groups", "productGroupNumber"),
            ReferenceKind::CustomerGroups => ("customer-groups", "customerGroupNumber"),
            ReferenceKind::Units => ("units", "unitNumber"),
            ReferenceKind::VatZones => ("vat-zones", "vatZoneNumber"),
            ReferenceKind::PaymentTerms => ("payment-terms", "paymentTermsNumber"),
            ReferenceKind::Layouts => ("layouts", "layoutNumber"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AccountingError {
    #[error("Regnskabssystemet afviste adgangen. Kontrollér aftalens tokens.")]
    Unauthorized,
    #[error("Regnskabssystemet svarer ikke lige nu. Prøv igen om lidt.")]
    Unavailable,
}

#[async_trait]
pub trait Accounting: Send + Sync {
    async fn references(&self, kind: ReferenceKind) -> Result<Vec<Reference>, AccountingError>;
    /// Products whose name or number contains `search` (all when None).
    async fn products(
        &self,
        search: Option<&str>,
    ) -> Result<Vec<AccountingProduct>, AccountingError>;
}

/// e-conomic REST: two token headers, collections paged with `skippages`/`pagesize`.
pub struct Economic {
    client: reqwest::Client,
    base_url: String,
    app_secret: String,
    agreement_grant: String,
}

impl Economic {
    pub fn new(
        base_url: &str,
        app_secret: &str,
        agreement_grant: &str,
    ) -> anyhow::Result<Economic> {
        Ok(Economic {
            client: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(10))
                .build()?,
            base_url: base_url.trim_end_matches('/').to_string(),
            app_secret: app_secret.to_string(),
            agreement_grant: agreement_grant.to_string(),
        })
    }

    async fn collection(
        &self,
        path: &str,
        query: &[(&str, String)],
    ) -> Result<Vec<Value>, AccountingError> {
        let mut items = Vec::new();
        for page in 0..20 {
            let response = self
                .client
                .get(format!("{}/{path}", self.base_url))
                .header("X-AppSecretToken", &self.app_secret)
                .header("X-AgreementGrantToken", &self.agreement_grant)
                .header("Content-Type", "application/json")
                .query(&[
                    ("skippages", page.to_string()),
                    ("pagesize", "1000".to_string()),
                ])
                .query(query)
                .send()
                .await
                .map_err(|_| AccountingError::Unavailable)?;
            match response.status().as_u16() {
                401 | 403 => return Err(AccountingError::Unauthorized),
                200 => {}
                _ => return Err(AccountingError::Unavailable),
            }
            let body: Value = response
                .json()
                .await
                .map_err(|_| AccountingError::Unavailable)?;
            let batch = body
                .get("collection")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let more = body
                .pointer("/pagination/nextPage")
                .is_some_and(|v| !v.is_null());
            items.extend(batch);
            if !more {
                break;
            }
        }
        Ok(items)
    }
}

#[async_trait]
impl Accounting for Economic {
    async fn references(&self, kind: ReferenceKind) -> Result<Vec<Reference>, AccountingError> {
        let (path, number) = kind.rest();
        Ok(self
            .collection(path, &[])
            .await?
            .into_iter()
            .map(|item| Reference {
                number: item.get(number).cloned().unwrap_or(Value::Null),
                name: item
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            })
            .collect())
    }

    async fn products(
        &self,
        search: Option<&str>,
    ) -> Result<Vec<AccountingProduct>, AccountingError> {
        // e-conomic's filter syntax: `name$like:text` (the `$` operators are documented as
        // case-insensitive for like).
        let query: Vec<(&str, String)> = search
            .map(|s| {
                vec![(
                    "filter",
                    format!("name$like:{}", s.replace(['$', ':', '(', ')'], "")),
                )]
            })
            .unwrap_or_default();
        Ok(self
            .collection("products", &query)
            .await?
            .into_iter()
            .map(|item| AccountingProduct {
                product_number: item
                    .get("productNumber")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                name: item
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                sales_price: item.get("salesPrice").and_then(Value::as_f64),
            })
            .collect())
    }
}

/// A Danish club's e-conomic agreement as it typically looks, for tests and the demo.
pub struct AccountingStandIn;

fn refs(items: &[(i64, &str)]) -> Vec<Reference> {
    items
        .iter()
        .map(|(n, name)| Reference {
            number: Value::from(*n),
            name: name.to_string(),
        })
        .collect()
}

pub fn stand_in_products() -> Vec<AccountingProduct> {
    [
        ("1001", "Sponsorat – Guld", 50000.0),
        ("1002", "Sponsorat – Sølv", 25000.0),
        ("1003", "Sponsorat – Bronze", 10000.0),
        ("1010", "Bandereklame", 8000.0),
        ("2001", "Sæsonkort voksen", 1200.0),
        ("2002", "Sæsonkort barn", 600.0),
        ("2010", "Enkeltbillet", 120.0),
        ("3001", "Merchandise", 0.0),
        ("9001", "Gebyr", 25.0),
        ("9002", "Rabat", 0.0),
    ]
    .into_iter()
    .map(|(number, name, price)| AccountingProduct {
        product_number: number.to_string(),
        name: name.to_string(),
        sales_price: Some(price),
    })
    .collect()
}

#[async_trait]
impl Accounting for AccountingStandIn {
    async fn references(&self, kind: ReferenceKind) -> Result<Vec<Reference>, AccountingError> {
        Ok(match kind {
            ReferenceKind::ProductGroups => refs(&[
                (1, "Varer m/moms"),
                (2, "Varer u/moms"),
                (3, "Sponsorater"),
                (4, "Billetter"),
                (5, "Abonnementer"),
            ]),
            ReferenceKind::CustomerGroups => refs(&[
                (1, "Indenlandske kunder"),
                (2, "Udenlandske kunder"),
                (3, "Sponsorer"),
            ]),
            ReferenceKind::Units => refs(&[(1, "stk."), (2, "timer"), (3, "sæson"), (4, "måned")]),
            ReferenceKind::VatZones => refs(&[
                (1, "Domestic"),
                (2, "EU"),
                (3, "Abroad"),
                (4, "Domestic exempt"),
            ]),
            ReferenceKind::PaymentTerms => refs(&[
                (1, "Netto 8 dage"),
                (2, "Netto 14 dage"),
                (3, "Netto 30 dage"),
                (4, "Løbende måned + 30 dage"),
                (5, "Kontant"),
            ]),
            ReferenceKind::Layouts => refs(&[(19, "Standard faktura"), (21, "Faktura med logo")]),
        })
    }

    async fn products(
        &self,
        search: Option<&str>,
    ) -> Result<Vec<AccountingProduct>, AccountingError> {
        let search = search.map(str::to_lowercase).unwrap_or_default();
        Ok(stand_in_products()
            .into_iter()
            .filter(|p| {
                p.name.to_lowercase().contains(&search) || p.product_number.contains(&search)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_stand_in_has_every_reference_list_and_searches_products() {
        for path in [
            "product-groups",
            "customer-groups",
            "units",
            "vat-zones",
            "payment-terms",
            "layouts",
        ] {
            let kind = ReferenceKind::from_path(path).unwrap_or(ReferenceKind::Units);
            assert!(!AccountingStandIn
                .references(kind)
                .await
                .unwrap_or_default()
                .is_empty());
        }
        let hits = AccountingStandIn
            .products(Some("sæson"))
            .await
            .unwrap_or_default();
        assert_eq!(hits.len(), 2);
    }
}
