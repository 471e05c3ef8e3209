//! The hosted payment window (INTEGRATIONS.md, ePay's classic Payment Window): the browser posts
//! a hidden form whose `hash` is md5 of the values in sent order plus the merchant's secret; the
//! window calls the server back (server to server) with the transaction and its own hash over the
//! parameters in received order. Only the callback counts: it may come before or after the
//! payer's redirect, and more than once.

use async_trait::async_trait;
use md5::{Digest, Md5};
use subtle::ConstantTimeEq;
use tribune_domain::money::Money;

use super::window_remote::{self, StandInLedger};
use super::{
    Capture, FormField, PaymentError, PaymentOutcome, PaymentProvider, PaymentRequest,
    PaymentStart, ProviderKind,
};

#[derive(Debug, Clone, PartialEq)]
pub struct WindowConfig {
    /// Where the form is posted: the provider's window, or the project's fake one.
    pub url: String,
    pub merchant_number: String,
    pub secret: String,
    /// The project's fake window (`crate::payments::stand_ins`), which the stand-ins select.
    pub stand_in: bool,
    /// The window's web service (refunds, releases, captures; `window_remote`).
    pub remote_url: String,
    /// The web service's password (ePay's 'API-adgangskode'; empty when none is set).
    pub remote_password: String,
}

pub struct PaymentWindow {
    config: WindowConfig,
    http: reqwest::Client,
    /// The fake window's transactions (only the stand-in keeps any).
    stand_in: StandInLedger,
}

/// DKK as ISO 4217's number, which the window wants.
const CURRENCY_DKK: &str = "208";

/// What a verified callback says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowCallback {
    pub txnid: String,
    /// The payment attempt's number, as the form sent it.
    pub orderid: String,
    pub amount: Money,
    /// ISO 4217, lower case: the window names it by number (208 is `dkk`); a callback that
    /// names none is about the form's, DKK.
    pub currency: String,
    pub cardno: Option<String>,
    pub paymenttype: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WindowError {
    #[error("the callback has no hash")]
    Missing,
    #[error("the callback's hash does not match its parameters")]
    Mismatch,
    #[error("the callback lacks txnid, orderid or amount")]
    Incomplete,
}

fn md5_hex(values: &[&str], secret: &str) -> String {
    let mut hasher = Md5::new();
    for value in values {
        hasher.update(value.as_bytes());
    }
    hasher.update(secret.as_bytes());
    hex::encode(hasher.finalize())
}

impl PaymentWindow {
    pub fn new(config: WindowConfig) -> PaymentWindow {
        PaymentWindow {
            config,
            http: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(20))
                .build()
                .unwrap_or_default(),
            stand_in: StandInLedger::default(),
        }
    }

    /// The fake window's transactions and web service (the stand-ins' own).
    pub fn stand_in_ledger(&self) -> &StandInLedger {
        &self.stand_in
    }

    /// Calls the web service's `operation` about transaction `reference`.
    async fn remote(
        &self,
        operation: &str,
        reference: &str,
        amount: Option<Money>,
    ) -> Result<window_remote::Answer, PaymentError> {
        let mut parameters = vec![
            ("merchantnumber", self.config.merchant_number.clone()),
            ("transactionid", reference.to_string()),
        ];
        if let Some(amount) = amount {
            parameters.push(("amount", amount.as_ore().to_string()));
        }
        parameters.push(("group", String::new()));
        parameters.push(("pwd", self.config.remote_password.clone()));
        parameters.push(("epayresponse", "-1".to_string()));
        let call = window_remote::envelope(operation, &parameters);
        let answered = if self.config.stand_in {
            self.stand_in.answer(
                &self.config.merchant_number,
                &self.config.remote_password,
                &call,
            )
        } else {
            let response = self
                .http
                .post(&self.config.remote_url)
                .header("Content-Type", "text/xml; charset=utf-8")
                .header(
                    "SOAPAction",
                    format!("\"{}/{operation}\"", window_remote::NAMESPACE),
                )
                .body(call)
                .send()
                .await
                .map_err(|_| PaymentError::Unavailable)?;
            if response.status().is_server_error() {
                return Err(PaymentError::Unavailable);
            }
            response
                .text()
                .await
                .map_err(|_| PaymentError::Unavailable)?
        };
        window_remote::answer(operation, &answered)
    }

    pub fn config(&self) -> &WindowConfig {
        &self.config
    }

    /// The form's fields in the order they are sent, the hash last.
    pub fn form(&self, request: &PaymentRequest) -> Vec<FormField> {
        let instant = match request.capture {
            Capture::Automatic => "1",
            Capture::Manual => "0",
        };
        let mut fields: Vec<(&str, String)> = vec![
            ("merchantnumber", self.config.merchant_number.clone()),
            ("currency", CURRENCY_DKK.to_string()),
            ("amount", request.amount.as_ore().to_string()),
            ("orderid", request.number.to_string()),
            ("windowstate", "3".to_string()),
            ("language", "1".to_string()),
            ("accepturl", request.accept_url.clone()),
            ("cancelurl", request.cancel_url.clone()),
            ("callbackurl", request.callback_url.clone()),
            ("instantcapture", instant.to_string()),
        ];
        let values: Vec<&str> = fields.iter().map(|(_, v)| v.as_str()).collect();
        let hash = md5_hex(&values, &self.config.secret);
        fields.push(("hash", hash));
        fields
            .into_iter()
            .map(|(name, value)| FormField {
                name: name.to_string(),
                value,
            })
            .collect()
    }

    /// Checks a form as the window receives it (the fake window does): the hash over the
    /// values in received order.
    pub fn form_is_genuine(&self, fields: &[(String, String)]) -> bool {
        self.hash_matches(fields)
    }

    /// Checks a callback's raw query string: the hash over every other parameter's value in the
    /// order received (parsed from the raw text, never from a map, which would lose the order).
    pub fn verify_callback(&self, raw_query: &str) -> Result<WindowCallback, WindowError> {
        let pairs: Vec<(String, String)> = form_urlencoded::parse(raw_query.as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if !pairs.iter().any(|(k, _)| k == "hash") {
            return Err(WindowError::Missing);
        }
        if !self.hash_matches(&pairs) {
            return Err(WindowError::Mismatch);
        }
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty())
        };
        let (Some(txnid), Some(orderid), Some(amount)) =
            (get("txnid"), get("orderid"), get("amount"))
        else {
            return Err(WindowError::Incomplete);
        };
        let amount = amount.parse::<i64>().map_err(|_| WindowError::Incomplete)?;
        Ok(WindowCallback {
            txnid,
            orderid,
            amount: Money::ore(amount),
            currency: match get("currency").as_deref() {
                None | Some(CURRENCY_DKK) => super::CURRENCY.to_string(),
                Some(other) => other.to_ascii_lowercase(),
            },
            cardno: get("cardno"),
            paymenttype: get("paymenttype"),
        })
    }

    fn hash_matches(&self, pairs: &[(String, String)]) -> bool {
        let Some((_, given)) = pairs.iter().find(|(k, _)| k == "hash") else {
            return false;
        };
        // Without a secret the hash is anyone's to make.
        if self.config.secret.is_empty() {
            return false;
        }
        let values: Vec<&str> = pairs
            .iter()
            .filter(|(k, _)| k != "hash")
            .map(|(_, v)| v.as_str())
            .collect();
        let expected = md5_hex(&values, &self.config.secret);
        expected
            .as_bytes()
            .ct_eq(given.to_ascii_lowercase().as_bytes())
            .into()
    }

    /// The callback the window sends for `fields`: what the fake window calls, and tests.
    pub fn signed_query(&self, fields: &[(&str, String)]) -> String {
        let values: Vec<&str> = fields.iter().map(|(_, v)| v.as_str()).collect();
        let hash = md5_hex(&values, &self.config.secret);
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (name, value) in fields {
            query.append_pair(name, value);
        }
        query.append_pair("hash", &hash);
        query.finish()
    }
}

#[async_trait]
impl PaymentProvider for PaymentWindow {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Window
    }

    async fn start(
        &self,
        request: &PaymentRequest,
    ) -> Result<(Option<String>, PaymentStart), PaymentError> {
        Ok((
            None,
            PaymentStart::Window {
                action: self.config.url.clone(),
                fields: self.form(request),
            },
        ))
    }

    async fn read(&self, _reference: &str) -> Result<Option<PaymentOutcome>, PaymentError> {
        Ok(None)
    }

    async fn capture(&self, reference: &str, amount: Money, _: &str) -> Result<(), PaymentError> {
        // Captured already (a retry): nothing to move.
        let read = self.remote("gettransaction", reference, None).await?;
        read.refused("gettransaction")?;
        if read.amount("capturedamount") >= amount.as_ore() {
            return Ok(());
        }
        self.remote("capture", reference, Some(amount))
            .await?
            .refused("capture")
    }

    /// Credits `amount`, unless it was credited already (the window has no idempotency key:
    /// the transaction is read first).
    async fn refund(&self, reference: &str, amount: Money, _: &str) -> Result<(), PaymentError> {
        let read = self.remote("gettransaction", reference, None).await?;
        read.refused("gettransaction")?;
        if read.amount("creditedamount") >= amount.as_ore() {
            return Ok(());
        }
        self.remote("credit", reference, Some(amount))
            .await?
            .refused("credit")
    }

    async fn void(&self, reference: &str, _: &str) -> Result<(), PaymentError> {
        let read = self.remote("gettransaction", reference, None).await?;
        read.refused("gettransaction")?;
        if read
            .values
            .get("status")
            .is_some_and(|s| s == "PAYMENT_DELETED")
        {
            return Ok(());
        }
        self.remote("delete", reference, None)
            .await?
            .refused("delete")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn window() -> PaymentWindow {
        PaymentWindow::new(WindowConfig {
            url: "https://window.test/".into(),
            merchant_number: "8888".into(),
            secret: "hemmelig".into(),
            stand_in: false,
            remote_url: window_remote::DEFAULT_URL.into(),
            remote_password: String::new(),
        })
    }

    fn callback() -> String {
        window().signed_query(&[
            ("txnid", "40512345".into()),
            ("orderid", "17".into()),
            ("amount", "12500".into()),
            ("currency", "208".into()),
            ("date", "20261124".into()),
            ("time", "1042".into()),
            ("txnfee", "0".into()),
            ("paymenttype", "3".into()),
            ("cardno", "444444XXXXXX4444".into()),
        ])
    }

    #[test]
    fn a_callback_hashed_with_the_secret_is_believed() {
        let callback = window().verify_callback(&callback()).unwrap();
        assert_eq!(callback.txnid, "40512345");
        assert_eq!(callback.orderid, "17");
        assert_eq!(callback.amount, Money::ore(12500));
        assert_eq!(callback.cardno.as_deref(), Some("444444XXXXXX4444"));
    }

    #[test]
    fn without_a_secret_no_hash_is_believed() {
        let unset = PaymentWindow::new(WindowConfig {
            secret: String::new(),
            ..window().config().clone()
        });
        let query = unset.signed_query(&[("txnid", "1".into()), ("orderid", "17".into())]);
        assert_eq!(unset.verify_callback(&query), Err(WindowError::Mismatch));
    }

    #[test]
    fn a_changed_amount_a_reordered_query_or_no_hash_is_refused() {
        let raw = callback();
        let changed = raw.replace("amount=12500", "amount=1");
        assert_eq!(
            window().verify_callback(&changed),
            Err(WindowError::Mismatch)
        );
        // The hash covers the order: the same pairs in another order are not the same message.
        let mut pairs: Vec<&str> = raw.split('&').collect();
        pairs.swap(0, 1);
        assert_eq!(
            window().verify_callback(&pairs.join("&")),
            Err(WindowError::Mismatch)
        );
        let unhashed: Vec<&str> = raw.split('&').filter(|p| !p.starts_with("hash=")).collect();
        assert_eq!(
            window().verify_callback(&unhashed.join("&")),
            Err(WindowError::Missing)
        );
    }

    #[test]
    fn the_form_carries_the_values_in_order_with_their_hash_last() {
        let request = PaymentRequest {
            number: 17,
            key: "k".into(),
            amount: Money::ore(12500),
            capture: Capture::Automatic,
            customer: None,
            metadata: vec![],
            card: crate::integrations::payments::CardUse::default(),
            accept_url: "https://club.test/ok".into(),
            cancel_url: "https://club.test/cancel".into(),
            callback_url: "https://club.test/callback".into(),
        };
        let fields = window().form(&request);
        let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names.first(), Some(&"merchantnumber"));
        assert_eq!(names.last(), Some(&"hash"));
        let pairs: Vec<(String, String)> = fields
            .iter()
            .map(|f| (f.name.clone(), f.value.clone()))
            .collect();
        assert!(window().form_is_genuine(&pairs));
        let expected = md5_hex(
            &[
                "8888",
                "208",
                "12500",
                "17",
                "3",
                "1",
                "https://club.test/ok",
                "https://club.test/cancel",
                "https://club.test/callback",
                "1",
            ],
            "hemmelig",
        );
        assert_eq!(fields.last().unwrap().value, expected);
    }
}
