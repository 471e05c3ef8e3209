//! Accounting (INTEGRATIONS.md, e-conomic): the reference data the settings and catalogue
//! screens choose from (product groups, customer groups, units, VAT zones, payment terms,
//! layouts, products). e-conomic's REST API in production; an in-process stand-in with realistic
//! data in tests and the demo.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One choice: e-conomic's number (an integer, or text for products) and its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Reference {
    #[schema(schema_with = number_or_text)]
    #[ts(type = "number | string")]
    pub number: Value,
    pub name: String,
}

/// e-conomic's numbers: an integer, or text (a product's number).
fn number_or_text() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Integer))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .build(),
    )
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
    #[error("Regnskabssystemet afviste fakturaen: {0}")]
    Refused(String),
}

#[async_trait]
pub trait Accounting: Send + Sync {
    async fn references(&self, kind: ReferenceKind) -> Result<Vec<Reference>, AccountingError>;
    /// Products whose name or number contains `search` (all when None).
    async fn products(
        &self,
        search: Option<&str>,
    ) -> Result<Vec<AccountingProduct>, AccountingError>;

    /// The customer with this CVR (or, without one, this name and e-mail), made if missing.
    async fn find_or_create_customer(
        &self,
        customer: &AccountingCustomer,
    ) -> Result<i64, AccountingError>;

    /// A draft invoice carrying `draft.reference`: the one made earlier with it, else a new one.
    async fn create_draft(&self, draft: &DraftInvoice) -> Result<i64, AccountingError>;

    /// Books the draft; returns the booked number. A draft booked earlier (a retry after a lost
    /// answer) is found by its reference and not booked again.
    async fn book_draft(&self, draft_number: i64, reference: &str) -> Result<i64, AccountingError>;
}

/// A customer as the accounting system keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AccountingCustomer {
    pub name: String,
    pub cvr: Option<String>,
    pub ean: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub zip: Option<String>,
    pub city: Option<String>,
    pub customer_group: i64,
    pub vat_zone: i64,
    pub payment_terms: i64,
}

/// A line of a draft invoice; money in øre (sent as kroner with two decimals).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraftLine {
    pub product_number: Option<String>,
    pub description: String,
    pub quantity: i64,
    pub unit_net_price_ore: i64,
    /// Basis points of the unit price: 1000 = 10 %.
    pub discount_bp: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraftInvoice {
    /// Ties the draft to Tribune's invoice: `tribune-{invoice id}` (no filter-syntax characters).
    pub reference: String,
    pub customer_number: i64,
    pub date: chrono::NaiveDate,
    pub payment_terms: i64,
    pub layout: i64,
    pub vat_zone: i64,
    pub recipient: AccountingCustomer,
    pub heading: String,
    pub text: Option<String>,
    pub lines: Vec<DraftLine>,
}

/// Øre as the decimal kroner e-conomic reads ("1234.50" as a JSON number).
fn kroner(ore: i64) -> Value {
    let text = format!(
        "{}{}.{:02}",
        if ore < 0 { "-" } else { "" },
        ore.unsigned_abs() / 100,
        ore.unsigned_abs() % 100
    );
    serde_json::from_str::<serde_json::Number>(&text)
        .map(Value::Number)
        .unwrap_or(Value::Null)
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
            let mut paged: Vec<(&str, String)> = vec![
                ("skippages", page.to_string()),
                ("pagesize", "1000".to_string()),
            ];
            paged.extend(query.iter().cloned());
            let body = self
                .send(reqwest::Method::GET, path, &paged, None)
                .await?
                .ok_or(AccountingError::Unavailable)?;
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

impl Economic {
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Option<Value>, AccountingError> {
        let mut request = self
            .client
            .request(method, format!("{}/{path}", self.base_url))
            .header("X-AppSecretToken", &self.app_secret)
            .header("X-AgreementGrantToken", &self.agreement_grant)
            .header("Content-Type", "application/json")
            .query(query);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request
            .send()
            .await
            .map_err(|_| AccountingError::Unavailable)?;
        match response.status().as_u16() {
            401 | 403 => return Err(AccountingError::Unauthorized),
            404 => return Ok(None),
            200..=299 => {}
            status => {
                let text = response.text().await.unwrap_or_default();
                tracing::warn!(status, body = %text, path, "e-conomic refused");
                return Err(AccountingError::Refused(text.chars().take(300).collect()));
            }
        }
        response
            .json()
            .await
            .map(Some)
            .map_err(|_| AccountingError::Unavailable)
    }

    async fn first(&self, path: &str, filter: String) -> Result<Option<Value>, AccountingError> {
        Ok(self
            .send(reqwest::Method::GET, path, &[("filter", filter)], None)
            .await?
            .and_then(|body| body.pointer("/collection/0").cloned()))
    }
}

/// e-conomic's filter value: its operators and separators removed from user text.
fn filter_text(text: &str) -> String {
    text.replace(['$', ':', '(', ')', ','], "")
}

fn number_at(value: &Value, pointer: &str) -> Result<i64, AccountingError> {
    value
        .pointer(pointer)
        .and_then(Value::as_i64)
        .ok_or(AccountingError::Unavailable)
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

    async fn find_or_create_customer(
        &self,
        customer: &AccountingCustomer,
    ) -> Result<i64, AccountingError> {
        let filter = match &customer.cvr {
            Some(cvr) => format!("corporateIdentificationNumber$eq:{}", filter_text(cvr)),
            None => format!("name$eq:{}", filter_text(&customer.name)),
        };
        if let Some(found) = self.first("customers", filter).await? {
            return number_at(&found, "/customerNumber");
        }
        let body = serde_json::json!({
            "name": customer.name,
            "currency": "DKK",
            "customerGroup": { "customerGroupNumber": customer.customer_group },
            "paymentTerms": { "paymentTermsNumber": customer.payment_terms },
            "vatZone": { "vatZoneNumber": customer.vat_zone },
            "email": customer.email,
            "address": customer.address,
            "zip": customer.zip,
            "city": customer.city,
            "country": "Danmark",
            "corporateIdentificationNumber": customer.cvr,
            "ean": customer.ean,
        });
        let made = self
            .send(reqwest::Method::POST, "customers", &[], Some(&body))
            .await?
            .ok_or(AccountingError::Unavailable)?;
        number_at(&made, "/customerNumber")
    }

    async fn create_draft(&self, draft: &DraftInvoice) -> Result<i64, AccountingError> {
        let filter = format!("references.other$eq:{}", filter_text(&draft.reference));
        if let Some(found) = self.first("invoices/drafts", filter).await? {
            return number_at(&found, "/draftInvoiceNumber");
        }
        let lines: Vec<Value> = draft
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mut value = serde_json::json!({
                    "lineNumber": i + 1,
                    "description": line.description,
                    "quantity": line.quantity,
                    "unitNetPrice": kroner(line.unit_net_price_ore),
                    "discountPercentage": kroner(line.discount_bp),
                });
                if let Some(product) = &line.product_number {
                    value["product"] = serde_json::json!({ "productNumber": product });
                }
                value
            })
            .collect();
        let r = &draft.recipient;
        let body = serde_json::json!({
            "date": draft.date.format("%Y-%m-%d").to_string(),
            "currency": "DKK",
            "customer": { "customerNumber": draft.customer_number },
            "paymentTerms": { "paymentTermsNumber": draft.payment_terms },
            "layout": { "layoutNumber": draft.layout },
            "recipient": {
                "name": r.name, "address": r.address, "zip": r.zip, "city": r.city,
                "vatZone": { "vatZoneNumber": draft.vat_zone }, "cvr": r.cvr, "ean": r.ean,
            },
            "references": { "other": draft.reference },
            "notes": { "heading": draft.heading, "textLine1": draft.text },
            "lines": lines,
        });
        let made = self
            .send(reqwest::Method::POST, "invoices/drafts", &[], Some(&body))
            .await?
            .ok_or(AccountingError::Unavailable)?;
        number_at(&made, "/draftInvoiceNumber")
    }

    async fn book_draft(&self, draft_number: i64, reference: &str) -> Result<i64, AccountingError> {
        let filter = format!("references.other$eq:{}", filter_text(reference));
        if let Some(found) = self.first("invoices/booked", filter).await? {
            return number_at(&found, "/bookedInvoiceNumber");
        }
        let body = serde_json::json!({ "draftInvoice": { "draftInvoiceNumber": draft_number } });
        let booked = self
            .send(reqwest::Method::POST, "invoices/booked", &[], Some(&body))
            .await?
            .ok_or(AccountingError::Unavailable)?;
        number_at(&booked, "/bookedInvoiceNumber")
    }
}

/// A Danish club's e-conomic agreement as it typically looks, for tests and the demo. It keeps
/// what it was sent (customers, drafts, bookings) so tests can read it, numbers them as
/// e-conomic does, and can be told to fail its next calls.
#[derive(Default)]
pub struct AccountingStandIn {
    books: std::sync::Mutex<StandInBooks>,
    failures: std::sync::atomic::AtomicUsize,
}

/// What the stand-in received.
#[derive(Debug, Default, Clone)]
pub struct StandInBooks {
    /// Customer number and customer.
    pub customers: Vec<(i64, AccountingCustomer)>,
    /// Draft number, the draft, and its booked number once booked.
    pub drafts: Vec<(i64, DraftInvoice, Option<i64>)>,
    /// Every booking call, including the refused and repeated ones.
    pub booking_calls: usize,
}

impl AccountingStandIn {
    /// The next `n` calls answer 'unavailable'.
    pub fn fail_next(&self, n: usize) {
        self.failures.store(n, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn books(&self) -> StandInBooks {
        self.books.lock().map(|b| b.clone()).unwrap_or_default()
    }

    fn call(&self) -> Result<std::sync::MutexGuard<'_, StandInBooks>, AccountingError> {
        use std::sync::atomic::Ordering;
        let failing = self
            .failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if failing {
            return Err(AccountingError::Unavailable);
        }
        self.books.lock().map_err(|_| AccountingError::Unavailable)
    }
}

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

    async fn find_or_create_customer(
        &self,
        customer: &AccountingCustomer,
    ) -> Result<i64, AccountingError> {
        let mut books = self.call()?;
        let same = |c: &AccountingCustomer| match (&customer.cvr, &c.cvr) {
            (Some(a), Some(b)) => a == b,
            (None, None) => c.name == customer.name,
            _ => false,
        };
        if let Some((number, _)) = books.customers.iter().find(|(_, c)| same(c)) {
            return Ok(*number);
        }
        let number = 1001 + books.customers.len() as i64;
        books.customers.push((number, customer.clone()));
        Ok(number)
    }

    async fn create_draft(&self, draft: &DraftInvoice) -> Result<i64, AccountingError> {
        let mut books = self.call()?;
        if let Some((number, _, _)) = books
            .drafts
            .iter()
            .find(|(_, d, _)| d.reference == draft.reference)
        {
            return Ok(*number);
        }
        let number = 1 + books.drafts.len() as i64;
        books.drafts.push((number, draft.clone(), None));
        Ok(number)
    }

    async fn book_draft(&self, draft_number: i64, reference: &str) -> Result<i64, AccountingError> {
        let mut books = self.call()?;
        books.booking_calls += 1;
        let next = 20001 + books.drafts.iter().filter(|(_, _, b)| b.is_some()).count() as i64;
        let Some((_, draft, booked)) = books.drafts.iter_mut().find(|(n, _, _)| *n == draft_number)
        else {
            return Err(AccountingError::Refused(format!(
                "Kladde {draft_number} findes ikke"
            )));
        };
        if draft.reference != reference {
            return Err(AccountingError::Refused(format!(
                "Kladde {draft_number} tilhører en anden faktura"
            )));
        }
        Ok(*booked.get_or_insert(next))
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
            assert!(!AccountingStandIn::default()
                .references(kind)
                .await
                .unwrap_or_default()
                .is_empty());
        }
        let hits = AccountingStandIn::default()
            .products(Some("sæson"))
            .await
            .unwrap_or_default();
        assert_eq!(hits.len(), 2);
    }
}

#[cfg(test)]
mod booking_tests {
    use super::*;

    fn draft(reference: &str) -> DraftInvoice {
        DraftInvoice {
            reference: reference.into(),
            customer_number: 1001,
            date: chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap_or_default(),
            payment_terms: 2,
            layout: 19,
            vat_zone: 1,
            recipient: AccountingCustomer {
                name: "Bageriet".into(),
                cvr: Some("12345678".into()),
                ean: None,
                email: None,
                address: None,
                zip: None,
                city: None,
                customer_group: 1,
                vat_zone: 1,
                payment_terms: 2,
            },
            heading: "Faktura 1".into(),
            text: None,
            lines: Vec::new(),
        }
    }

    #[test]
    fn kroner_are_written_with_two_decimals_from_ore() {
        assert_eq!(kroner(123450).to_string(), "1234.5");
        assert_eq!(kroner(-5).to_string(), "-0.05");
        assert_eq!(kroner(0).to_string(), "0.0");
    }

    #[tokio::test]
    async fn the_stand_in_books_a_reference_once_whatever_is_retried() {
        let books = AccountingStandIn::default();
        let first = books.create_draft(&draft("tribune:a")).await;
        let again = books.create_draft(&draft("tribune:a")).await;
        assert_eq!(first, again);
        let number = first.unwrap_or_default();
        let booked = books.book_draft(number, "tribune:a").await;
        assert_eq!(books.book_draft(number, "tribune:a").await, booked);
        assert_eq!(booked, Ok(20001));
        assert_eq!(books.books().drafts.len(), 1);
        books.fail_next(1);
        assert_eq!(
            books.create_draft(&draft("tribune:b")).await,
            Err(AccountingError::Unavailable)
        );
        assert_eq!(books.create_draft(&draft("tribune:b")).await, Ok(2));
    }
}

/// The production client against a small fake of e-conomic's REST API (the calls booking
/// makes): both token headers checked, customers found by CVR, drafts and bookings found by
/// their reference before anything is made again.
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod economic_client_tests {
    use std::sync::{Arc, Mutex};

    use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};

    use super::*;

    #[derive(Default)]
    struct Fake {
        customers: Vec<Value>,
        drafts: Vec<Value>,
        booked: Vec<Value>,
        posts: usize,
    }

    type Shared = web::Data<Arc<Mutex<Fake>>>;

    fn authorised(req: &HttpRequest) -> bool {
        let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
        header("X-AppSecretToken") == Some("secret")
            && header("X-AgreementGrantToken") == Some("grant")
    }

    fn filtered(items: &[Value], req: &HttpRequest) -> HttpResponse {
        let query =
            web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
                .map(|q| q.into_inner())
                .unwrap_or_default();
        let hits: Vec<Value> = match query.get("filter").and_then(|f| f.split_once("$eq:")) {
            Some((field, value)) => items
                .iter()
                .filter(|item| {
                    let pointer = format!("/{}", field.replace('.', "/"));
                    item.pointer(&pointer).and_then(Value::as_str) == Some(value)
                })
                .cloned()
                .collect(),
            None => items.to_vec(),
        };
        HttpResponse::Ok()
            .json(serde_json::json!({ "collection": hits, "pagination": { "nextPage": null } }))
    }

    async fn list(req: HttpRequest, fake: Shared, path: web::Path<String>) -> HttpResponse {
        if !authorised(&req) {
            return HttpResponse::Unauthorized().finish();
        }
        let fake = fake.lock().unwrap_or_else(|e| e.into_inner());
        match path.as_str() {
            "customers" => filtered(&fake.customers, &req),
            "drafts" => filtered(&fake.drafts, &req),
            "booked" => filtered(&fake.booked, &req),
            _ => HttpResponse::NotFound().finish(),
        }
    }

    async fn make(
        req: HttpRequest,
        fake: Shared,
        path: web::Path<String>,
        body: web::Json<Value>,
    ) -> HttpResponse {
        if !authorised(&req) {
            return HttpResponse::Unauthorized().finish();
        }
        let mut fake = fake.lock().unwrap_or_else(|e| e.into_inner());
        fake.posts += 1;
        let mut item = body.into_inner();
        match path.as_str() {
            "customers" => {
                item["customerNumber"] = Value::from(1 + fake.customers.len());
                fake.customers.push(item.clone());
            }
            "drafts" => {
                item["draftInvoiceNumber"] = Value::from(1 + fake.drafts.len());
                fake.drafts.push(item.clone());
            }
            "booked" => {
                let draft = item.pointer("/draftInvoice/draftInvoiceNumber").cloned();
                let Some(found) = fake
                    .drafts
                    .iter()
                    .find(|d| d.get("draftInvoiceNumber") == draft.as_ref())
                    .cloned()
                else {
                    return HttpResponse::NotFound().finish();
                };
                item = found;
                item["bookedInvoiceNumber"] = Value::from(20001 + fake.booked.len());
                fake.booked.push(item.clone());
            }
            _ => return HttpResponse::NotFound().finish(),
        }
        HttpResponse::Created().json(item)
    }

    fn customer() -> AccountingCustomer {
        AccountingCustomer {
            name: "Havnens Fisk A/S".into(),
            cvr: Some("87654321".into()),
            ean: None,
            email: Some("ole@fisk.dk".into()),
            address: None,
            zip: None,
            city: None,
            customer_group: 1,
            vat_zone: 1,
            payment_terms: 2,
        }
    }

    #[tokio::test]
    async fn the_client_finds_before_it_makes_so_a_retry_books_nothing_twice() {
        let fake: Arc<Mutex<Fake>> = Arc::default();
        let data = web::Data::new(fake.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/{kind}", web::get().to(list))
                .route("/{kind}", web::post().to(make))
                .route("/invoices/{kind}", web::get().to(list))
                .route("/invoices/{kind}", web::post().to(make))
        })
        .workers(1)
        .bind(("127.0.0.1", 0))
        .expect("bind");
        let port = server.addrs()[0].port();
        let running = server.run();
        let handle = running.handle();
        tokio::spawn(running);
        let base = format!("http://127.0.0.1:{port}");

        let wrong = Economic::new(&base, "secret", "nope").expect("client");
        assert_eq!(
            wrong.find_or_create_customer(&customer()).await,
            Err(AccountingError::Unauthorized)
        );
        let client = Economic::new(&base, "secret", "grant").expect("client");
        let number = client
            .find_or_create_customer(&customer())
            .await
            .expect("customer");
        assert_eq!(
            client.find_or_create_customer(&customer()).await,
            Ok(number)
        );
        let draft = DraftInvoice {
            reference: "tribune-1".into(),
            customer_number: number,
            date: chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap_or_default(),
            payment_terms: 2,
            layout: 19,
            vat_zone: 1,
            recipient: customer(),
            heading: "Faktura 1".into(),
            text: None,
            lines: vec![DraftLine {
                product_number: Some("3001".into()),
                description: "Trøje".into(),
                quantity: 2,
                unit_net_price_ore: 40_050,
                discount_bp: 0,
            }],
        };
        let made = client.create_draft(&draft).await.expect("draft");
        assert_eq!(
            client.create_draft(&draft).await,
            Ok(made),
            "found by its reference"
        );
        let booked = client.book_draft(made, "tribune-1").await.expect("book");
        assert_eq!(
            client.book_draft(made, "tribune-1").await,
            Ok(booked),
            "found, not booked again"
        );
        {
            let fake = fake.lock().unwrap_or_else(|e| e.into_inner());
            assert_eq!(fake.posts, 3, "one customer, one draft, one booking");
            assert_eq!(
                fake.drafts[0]["lines"][0]["unitNetPrice"],
                serde_json::json!(400.5)
            );
            assert_eq!(
                fake.drafts[0]["lines"][0]["product"]["productNumber"],
                "3001"
            );
            assert_eq!(fake.drafts[0]["customer"]["customerNumber"], number);
        }
        handle.stop(true).await;
    }
}
