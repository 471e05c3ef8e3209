//! The payment window's remote calls (ePay's Payment Web Service, `remote/payment.asmx`, SOAP
//! 1.1): `gettransaction` reads a transaction, `credit` gives captured money back, `delete`
//! releases a reservation, `capture` moves it. Each call carries the merchant number and the
//! web service's password; the answer is `{op}Result` true or false with `epayresponse`, ePay's
//! error code.
//!
//! A refund is made idempotent here, as Stripe's key makes it there: before crediting, the
//! transaction is read, and money already credited is not credited again (a retry after a crash
//! between the refund and its record refunds nothing twice).
//!
//! The stand-in (`StandInLedger`) answers the same envelopes for the fake window's
//! transactions, so the demo and the tests refund through the same client code.

use std::collections::HashMap;
use std::sync::Mutex;

use super::PaymentError;

/// The web service's namespace, which names each operation's SOAP action too.
pub const NAMESPACE: &str = "https://ssl.ditonlinebetalingssystem.dk/remote/payment";
/// ePay's address of the web service.
pub const DEFAULT_URL: &str = "https://ssl.ditonlinebetalingssystem.dk/remote/payment.asmx";

/// ePay's code for "the transaction was not found".
const NOT_FOUND: i64 = -1003;
/// ePay's code for "the amount is larger than what may be credited or captured".
const TOO_MUCH: i64 = -1008;
/// ePay's code for "the web service's password is wrong".
const WRONG_PASSWORD: i64 = -1019;

/// Text as XML's character data.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A call of one operation with its parameters, in order.
pub fn envelope(operation: &str, parameters: &[(&str, String)]) -> String {
    let body: String = parameters
        .iter()
        .map(|(name, value)| format!("<{name}>{}</{name}>", escape(value)))
        .collect();
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\
         <soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\
         <soap:Body><{operation} xmlns=\"{NAMESPACE}\">{body}</{operation}></soap:Body></soap:Envelope>"
    )
}

/// An answer read: whether the operation succeeded, ePay's code, and the named values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub ok: bool,
    pub epay_response: Option<i64>,
    pub values: HashMap<String, String>,
}

impl Answer {
    pub fn amount(&self, name: &str) -> i64 {
        self.values
            .get(name)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    }

    /// The answer as an error, when it is one.
    pub fn refused(&self, operation: &str) -> Result<(), PaymentError> {
        if self.ok {
            return Ok(());
        }
        Err(PaymentError::Refused(format!(
            "{operation}: epayresponse {}",
            self.epay_response
                .map_or_else(|| "mangler".to_string(), |c| c.to_string())
        )))
    }
}

/// Reads the answer of `operation`: `{operation}Result` and every other leaf element's text.
pub fn answer(operation: &str, xml: &str) -> Result<Answer, PaymentError> {
    let document = roxmltree::Document::parse(xml)
        .map_err(|e| PaymentError::Refused(format!("svaret kunne ikke læses: {e}")))?;
    let mut values = HashMap::new();
    for node in document.descendants().filter(|n| n.is_element()) {
        if node.children().all(|c| !c.is_element()) {
            values.insert(
                node.tag_name().name().to_string(),
                node.text().unwrap_or("").trim().to_string(),
            );
        }
    }
    let result = values
        .get(&format!("{operation}Result"))
        .ok_or_else(|| PaymentError::Refused(format!("svaret mangler {operation}Result")))?;
    Ok(Answer {
        ok: result == "true",
        epay_response: values.get("epayresponse").and_then(|v| v.parse().ok()),
        values,
    })
}

/// One transaction of the fake window.
#[derive(Debug, Clone, Copy, Default)]
struct StandInTransaction {
    authorized: i64,
    captured: i64,
    credited: i64,
    deleted: bool,
}

/// The fake window's transactions, kept while the server runs, and its web service.
#[derive(Debug, Default)]
pub struct StandInLedger {
    transactions: Mutex<HashMap<String, StandInTransaction>>,
}

impl StandInLedger {
    /// The fake window approved a payment (captured at once unless `instant` is off).
    pub fn approved(&self, txnid: &str, amount: i64, instant: bool) {
        if let Ok(mut all) = self.transactions.lock() {
            all.insert(
                txnid.to_string(),
                StandInTransaction {
                    authorized: amount,
                    captured: if instant { amount } else { 0 },
                    ..StandInTransaction::default()
                },
            );
        }
    }

    /// The web service's answer to an envelope, as ePay's would be.
    pub fn answer(&self, merchant_number: &str, password: &str, xml: &str) -> String {
        let (operation, ok, code, info) = self.decide(merchant_number, password, xml);
        let mut parameters = vec![
            (format!("{operation}Result"), ok.to_string()),
            ("epayresponse".to_string(), code.to_string()),
        ];
        if let Some(t) = info {
            parameters.push(("authamount".into(), t.authorized.to_string()));
            parameters.push(("capturedamount".into(), t.captured.to_string()));
            parameters.push(("creditedamount".into(), t.credited.to_string()));
            let status = if t.deleted {
                "PAYMENT_DELETED"
            } else if t.captured > 0 {
                "PAYMENT_CAPTURED"
            } else {
                "PAYMENT_NEW"
            };
            parameters.push(("status".into(), status.to_string()));
        }
        let body: String = parameters
            .iter()
            .map(|(name, value)| format!("<{name}>{value}</{name}>"))
            .collect();
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\
             <soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\
             <soap:Body><{operation}Response xmlns=\"{NAMESPACE}\">{body}</{operation}Response>\
             </soap:Body></soap:Envelope>"
        )
    }

    fn decide(
        &self,
        merchant_number: &str,
        password: &str,
        xml: &str,
    ) -> (String, bool, i64, Option<StandInTransaction>) {
        let Ok(document) = roxmltree::Document::parse(xml) else {
            return ("unknown".into(), false, -1, None);
        };
        let Some(call) = document
            .descendants()
            .find(|n| n.is_element() && n.tag_name().namespace() == Some(NAMESPACE))
        else {
            return ("unknown".into(), false, -1, None);
        };
        let operation = call.tag_name().name().to_string();
        let field = |name: &str| {
            call.children()
                .find(|c| c.tag_name().name() == name)
                .and_then(|c| c.text())
                .unwrap_or("")
                .trim()
                .to_string()
        };
        if field("merchantnumber") != merchant_number || field("pwd") != password {
            return (operation, false, WRONG_PASSWORD, None);
        }
        let Ok(mut all) = self.transactions.lock() else {
            return (operation, false, -1, None);
        };
        let Some(transaction) = all.get_mut(&field("transactionid")) else {
            return (operation, false, NOT_FOUND, None);
        };
        let amount: i64 = field("amount").parse().unwrap_or(0);
        let done = match operation.as_str() {
            "gettransaction" => true,
            "credit" if amount > 0 && transaction.credited + amount <= transaction.captured => {
                transaction.credited += amount;
                true
            }
            "capture"
                if !transaction.deleted
                    && amount > 0
                    && transaction.captured + amount <= transaction.authorized =>
            {
                transaction.captured += amount;
                true
            }
            "delete" if transaction.captured == 0 => {
                transaction.deleted = true;
                true
            }
            _ => false,
        };
        let info = *transaction;
        (
            operation,
            done,
            if done { -1 } else { TOO_MUCH },
            Some(info),
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn call(ledger: &StandInLedger, operation: &str, amount: i64) -> Answer {
        let xml = envelope(
            operation,
            &[
                ("merchantnumber", "1000001".into()),
                ("transactionid", "4711".into()),
                ("amount", amount.to_string()),
                ("group", String::new()),
                ("pwd", "kodeord".into()),
                ("epayresponse", "-1".into()),
            ],
        );
        answer(operation, &ledger.answer("1000001", "kodeord", &xml)).unwrap()
    }

    #[test]
    fn the_stand_in_credits_what_was_captured_once_and_no_more() {
        let ledger = StandInLedger::default();
        ledger.approved("4711", 12500, true);
        assert!(call(&ledger, "credit", 12500).ok);
        let again = call(&ledger, "credit", 12500);
        assert!(!again.ok);
        assert_eq!(again.epay_response, Some(TOO_MUCH));
        let read = call(&ledger, "gettransaction", 0);
        assert!(read.ok);
        assert_eq!(read.amount("creditedamount"), 12500);
    }

    #[test]
    fn a_reservation_is_deleted_and_a_wrong_password_or_transaction_refused() {
        let ledger = StandInLedger::default();
        ledger.approved("4711", 5000, false);
        assert!(call(&ledger, "delete", 0).ok);
        let xml = envelope(
            "credit",
            &[
                ("merchantnumber", "1000001".into()),
                ("transactionid", "4711".into()),
                ("pwd", "forkert".into()),
            ],
        );
        let refused = answer("credit", &ledger.answer("1000001", "kodeord", &xml)).unwrap();
        assert_eq!(refused.epay_response, Some(WRONG_PASSWORD));
        assert!(refused.refused("credit").is_err());
        let unknown = StandInLedger::default();
        assert_eq!(call(&unknown, "credit", 1).epay_response, Some(NOT_FOUND));
    }
}
