//! CVR lookup (INTEGRATIONS.md): cvrapi.dk in production, canned Danish companies in tests and the demo.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CvrCompany {
    pub name: String,
    pub cvr: String,
    pub address: String,
    pub zip_code: String,
    pub city: String,
    pub email: String,
    pub phone: String,
    pub website: String,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CvrError {
    #[error("CVR-opslag er midlertidigt ikke muligt: dagens kvote er brugt. Prøv igen i morgen, eller udfyld felterne selv.")]
    QuotaExceeded,
    #[error("CVR-opslag er blokeret for denne server. Udfyld felterne selv.")]
    Banned,
    #[error("CVR-registret svarer ikke lige nu. Prøv igen om lidt.")]
    Unavailable,
}

#[async_trait]
pub trait CvrLookup: Send + Sync {
    /// Companies matching a CVR number or a name (at least 3 characters).
    async fn search(&self, query: &str) -> Result<Vec<CvrCompany>, CvrError>;
}

/// cvrapi.dk: one company per call, found by number or name.
pub struct CvrApi {
    client: reqwest::Client,
    base_url: String,
}

impl CvrApi {
    pub fn new(base_url: &str, user_agent: &str) -> anyhow::Result<CvrApi> {
        let client = reqwest::Client::builder()
            .user_agent(user_agent)
            .timeout(std::time::Duration::from_secs(8))
            .build()?;
        Ok(CvrApi {
            client,
            base_url: base_url.trim_end_matches('/').to_string(),
        })
    }
}

#[derive(Deserialize)]
struct CvrApiAnswer {
    error: Option<String>,
    vat: Option<serde_json::Value>,
    name: Option<String>,
    address: Option<String>,
    zipcode: Option<serde_json::Value>,
    city: Option<String>,
    email: Option<String>,
    phone: Option<serde_json::Value>,
}

fn text(v: &Option<serde_json::Value>) -> String {
    match v {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

#[async_trait]
impl CvrLookup for CvrApi {
    async fn search(&self, query: &str) -> Result<Vec<CvrCompany>, CvrError> {
        let response = self
            .client
            .get(format!("{}/api", self.base_url))
            .query(&[("search", query), ("country", "dk"), ("format", "json")])
            .send()
            .await
            .map_err(|_| CvrError::Unavailable)?;
        let answer: CvrApiAnswer = response.json().await.map_err(|_| CvrError::Unavailable)?;
        match answer.error.as_deref() {
            Some("QUOTA_EXCEEDED") => return Err(CvrError::QuotaExceeded),
            Some("BANNED") => return Err(CvrError::Banned),
            Some("NOT_FOUND") => return Ok(Vec::new()),
            Some(_) => return Err(CvrError::Unavailable),
            None => {}
        }
        Ok(vec![CvrCompany {
            name: answer.name.unwrap_or_default(),
            cvr: text(&answer.vat),
            address: answer.address.unwrap_or_default(),
            zip_code: text(&answer.zipcode),
            city: answer.city.unwrap_or_default(),
            email: answer.email.unwrap_or_default(),
            phone: text(&answer.phone),
            website: String::new(),
        }])
    }
}

/// Realistic Danish companies for tests and the demo. The query "kvote" answers like a spent quota.
pub struct CvrStandIn;

pub fn stand_in_companies() -> Vec<CvrCompany> {
    let c = |name: &str,
             cvr: &str,
             address: &str,
             zip: &str,
             city: &str,
             email: &str,
             phone: &str,
             web: &str| CvrCompany {
        name: name.into(),
        cvr: cvr.into(),
        address: address.into(),
        zip_code: zip.into(),
        city: city.into(),
        email: email.into(),
        phone: phone.into(),
        website: web.into(),
    };
    vec![
        c(
            "Nordisk Byggeservice ApS",
            "31245678",
            "Industrivej 12",
            "2600",
            "Glostrup",
            "info@nordiskbyg.dk",
            "43 21 12 34",
            "nordiskbyg.dk",
        ),
        c(
            "Havnens Fisk & Skaldyr A/S",
            "29876543",
            "Havnegade 3",
            "6700",
            "Esbjerg",
            "salg@havnensfisk.dk",
            "75 12 34 56",
            "havnensfisk.dk",
        ),
        c(
            "Bager Jensen I/S",
            "18273645",
            "Torvet 5",
            "8600",
            "Silkeborg",
            "bager@jensen.dk",
            "86 82 11 22",
            "bagerjensen.dk",
        ),
        c(
            "Grøn Energi Danmark A/S",
            "40112233",
            "Vindmøllevej 40",
            "7400",
            "Herning",
            "kontakt@gronenergi.dk",
            "96 26 00 00",
            "gronenergi.dk",
        ),
        c(
            "Sportshuset Østerbro ApS",
            "35667788",
            "Østerbrogade 101",
            "2100",
            "København Ø",
            "butik@sportshuset.dk",
            "35 26 10 10",
            "sportshuset.dk",
        ),
        c(
            "Aarhus Auto Center A/S",
            "27558899",
            "Randersvej 250",
            "8200",
            "Aarhus N",
            "info@aarhusauto.dk",
            "86 16 20 20",
            "aarhusauto.dk",
        ),
        c(
            "Fynsk Revision & Rådgivning",
            "33445566",
            "Vestergade 18",
            "5000",
            "Odense C",
            "mail@fynskrevision.dk",
            "66 12 40 40",
            "fynskrevision.dk",
        ),
        c(
            "Nordjysk Bank A/S",
            "21334455",
            "Boulevarden 9",
            "9000",
            "Aalborg",
            "kunde@nordjyskbank.dk",
            "98 12 22 22",
            "nordjyskbank.dk",
        ),
    ]
}

#[async_trait]
impl CvrLookup for CvrStandIn {
    async fn search(&self, query: &str) -> Result<Vec<CvrCompany>, CvrError> {
        let query = query.trim().to_lowercase();
        if query == "kvote" {
            return Err(CvrError::QuotaExceeded);
        }
        Ok(stand_in_companies()
            .into_iter()
            .filter(|c| c.name.to_lowercase().contains(&query) || c.cvr.contains(&query))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_stand_in_finds_by_name_and_number_and_can_run_out_of_quota() {
        let hits = CvrStandIn.search("bager").await.unwrap_or_default();
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].city, "Silkeborg");
        assert_eq!(
            CvrStandIn.search("40112233").await.unwrap_or_default()[0].name,
            "Grøn Energi Danmark A/S"
        );
        assert_eq!(
            CvrStandIn.search("kvote").await,
            Err(CvrError::QuotaExceeded)
        );
    }
}
