//! SMS (ARCHITECTURE §9; issue 18: the events' SMS templates): a generic HTTP gateway in
//! production — most Danish SMS gateways take a JSON POST of sender, recipient and text with a
//! bearer token — and a stand-in that records what it was asked to send (tests and the demo read
//! it; the demo's log says each message too).

use std::sync::Mutex;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SmsError {
    #[error("SMS-tjenesten svarede ikke: {0}")]
    Unavailable(String),
    #[error("SMS-tjenesten afviste beskeden: {0}")]
    Refused(String),
}

/// One message as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sms {
    /// The recipient's number as the contact has it ('+45 12 34 56 78' or '12345678').
    pub to: String,
    /// Who it is from (the club's name, at most 11 characters by the gateways' rule).
    pub from: String,
    pub text: String,
}

#[async_trait]
pub trait SmsGateway: Send + Sync {
    async fn send(&self, sms: &Sms) -> Result<(), SmsError>;
}

/// A gateway's sender name: letters and digits, at most 11 (the GSM alphanumeric sender rule).
pub fn sender_name(club: &str) -> String {
    let name: String = club
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ')
        .take(11)
        .collect();
    let name = name.trim().to_string();
    if name.is_empty() {
        "Tribune".to_string()
    } else {
        name
    }
}

/// A number as the gateways take it: digits with the country code, Danish when none is given.
pub fn normalised_number(raw: &str) -> Option<String> {
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    let international = raw.trim_start().starts_with('+') || raw.trim_start().starts_with("00");
    let digits = digits
        .strip_prefix("00")
        .map(str::to_string)
        .unwrap_or(digits);
    match (international, digits.len()) {
        (false, 8) => Some(format!("45{digits}")),
        (true, 8..=15) => Some(digits),
        _ => None,
    }
}

/// The production client: `POST {url}` with `{from, to, text}` and `Authorization: Bearer`.
pub struct HttpSmsGateway {
    client: reqwest::Client,
    url: String,
    token: String,
}

impl HttpSmsGateway {
    pub fn new(url: &str, token: &str) -> anyhow::Result<HttpSmsGateway> {
        Ok(HttpSmsGateway {
            client: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(20))
                .build()?,
            url: url.to_string(),
            token: token.to_string(),
        })
    }
}

#[async_trait]
impl SmsGateway for HttpSmsGateway {
    async fn send(&self, sms: &Sms) -> Result<(), SmsError> {
        let answer = self
            .client
            .post(&self.url)
            .bearer_auth(&self.token)
            .json(sms)
            .send()
            .await
            .map_err(|e| SmsError::Unavailable(e.to_string()))?;
        let status = answer.status();
        if status.is_success() {
            return Ok(());
        }
        let body = answer.text().await.unwrap_or_default();
        if status.is_server_error() || status.as_u16() == 429 {
            Err(SmsError::Unavailable(format!("{status} {body}")))
        } else {
            Err(SmsError::Refused(format!("{status} {body}")))
        }
    }
}

/// The stand-in: every message kept, in order.
#[derive(Default)]
pub struct SmsStandIn {
    sent: Mutex<Vec<Sms>>,
}

impl SmsStandIn {
    pub fn sent(&self) -> Vec<Sms> {
        self.sent.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

#[async_trait]
impl SmsGateway for SmsStandIn {
    async fn send(&self, sms: &Sms) -> Result<(), SmsError> {
        tracing::info!(to = %sms.to, from = %sms.from, text = %sms.text, "SMS (stand-in)");
        self.sent
            .lock()
            .map_err(|_| SmsError::Unavailable("lås".into()))?
            .push(sms.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_danish_number_gets_its_country_code_and_a_foreign_one_keeps_its_own() {
        assert_eq!(
            normalised_number("12 34 56 78").as_deref(),
            Some("4512345678")
        );
        assert_eq!(
            normalised_number("+45 12345678").as_deref(),
            Some("4512345678")
        );
        assert_eq!(
            normalised_number("0046 701234567").as_deref(),
            Some("46701234567")
        );
        assert_eq!(normalised_number("1234"), None);
        assert_eq!(normalised_number(""), None);
    }

    #[test]
    fn the_sender_is_the_clubs_name_cut_to_eleven_letters() {
        assert_eq!(sender_name("Demo FC"), "Demo FC");
        assert_eq!(sender_name("Demo Håndbold & Co"), "Demo Håndbo");
        assert_eq!(sender_name("!!!"), "Tribune");
    }
}
