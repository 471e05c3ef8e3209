//! The contract as a PDF (issue 12 'Contract PDF'): what `tribune_pdf` prints, gathered from the
//! folded contract, the club's `contracts.*` settings and images, the company's print logo and
//! the product categories of the lines. The same contract renders to the same bytes, so the
//! SHA-256 of a sent document is stable and a signed copy can be verified.

use serde_json::Value;
use sqlx::PgConnection;
use tribune_domain::contract::{Contract, PlanKind, Signing};
use tribune_domain::selling::totals::line_amounts;
use tribune_pdf::{ContractDocument, DocLine, Party, PlanRow, PriceDisplay, SigningRecord};
use uuid::Uuid;

use super::signing::sha256_hex;
use crate::error::ApiError;
use crate::kit::pdf::{public_image_key, some_text, stored_image, zip_city};
use crate::storage::Storage;

/// A rendered PDF and its SHA-256 (hex).
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub sha256: String,
}

/// What the signed copy adds: the signing, the drawn signature and the event's place in the
/// audit chain.
pub struct SigningProof {
    pub signing: Signing,
    pub signature_png: Vec<u8>,
    pub chain_hash: String,
    pub event_sequence: i64,
    pub verify_url: String,
}

#[derive(sqlx::FromRow)]
struct Club {
    name: String,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    cvr: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    contracts: Option<Value>,
}

#[derive(sqlx::FromRow)]
struct Company {
    name: String,
    address: Option<String>,
    zip_code: Option<String>,
    city: Option<String>,
    cvr: Option<String>,
    logo_print: Option<Uuid>,
}

fn setting_text(settings: &Value, key: &str) -> Option<String> {
    settings
        .get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

fn setting_bool(settings: &Value, key: &str) -> bool {
    settings.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// A club image setting (`/public/images/clients/…`) as its storage key.
fn image_key(settings: &Value, key: &str) -> Option<String> {
    public_image_key(setting_text(settings, key).as_deref())
}

fn plan_rows(contract: &Contract) -> (Option<String>, Vec<PlanRow>) {
    let plan = &contract.content.invoicing;
    let totals = contract.plan_totals();
    let far = chrono::NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or_default();
    let end = if contract.content.no_end_date {
        None
    } else {
        contract.content.end_date
    };
    // Open-ended recurring plans list their first year.
    let until = match (plan.kind, end, plan.start_date) {
        (Some(PlanKind::Recurring), None, Some(start)) => start
            .checked_add_months(chrono::Months::new(11))
            .unwrap_or(start),
        _ => far,
    };
    let rows = plan
        .due_up_to(totals, end, until, &[])
        .into_iter()
        .map(|due| {
            let label = match due.key.split(':').next().unwrap_or("") {
                "prepayment" => "Forudbetaling",
                "single" => "Faktura",
                "recurring" => "Løbende faktura",
                _ => "Periode",
            };
            PlanRow {
                date: Some(due.date),
                label: label.to_string(),
                amount_ore: due.amount.as_ore(),
            }
        })
        .collect();
    let title = plan.kind.map(|kind| match kind {
        PlanKind::Single => "Fakturering: Enkelt faktura".to_string(),
        PlanKind::Rates => "Fakturering: Rater".to_string(),
        PlanKind::Recurring => format!(
            "Fakturering: Løbende hver {}. måned",
            plan.intervals.unwrap_or(1)
        ),
        PlanKind::CustomPeriod => "Fakturering: Perioder".to_string(),
    });
    (title, rows)
}

/// The document of `contract` as it is now; with `proof`, the signed copy.
pub async fn render(
    conn: &mut PgConnection,
    storage: &Storage,
    id: Uuid,
    contract: &Contract,
    proof: Option<&SigningProof>,
) -> Result<Pdf, ApiError> {
    let client_id = contract.client_id.ok_or(ApiError::NotFound)?;
    let club: Club = sqlx::query_as(
        "SELECT name, address, zip_code, city, cvr, email, phone, website, settings->'contracts' AS contracts \
         FROM clients WHERE id = $1",
    )
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    let settings = club.contracts.clone().unwrap_or(Value::Null);
    let c = &contract.content;
    let company: Option<Company> = match c.company_id {
        Some(company) => sqlx::query_as(
            "SELECT name, address, zip_code, city, cvr, logo_print FROM companies WHERE id = $1",
        )
        .bind(company)
        .fetch_optional(&mut *conn)
        .await?,
        None => None,
    };
    let contact: Option<(String, String, Option<String>, Option<String>)> = match c.contact_id {
        Some(contact) => {
            sqlx::query_as("SELECT firstname, lastname, email, phone FROM contacts WHERE id = $1")
                .bind(contact)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let owner: Option<String> = match c.owner_id {
        Some(owner) => {
            sqlx::query_scalar(
                "SELECT trim(firstname || ' ' || lastname) || coalesce(' · ' || email, '') FROM users WHERE id = $1",
            )
            .bind(owner)
            .fetch_optional(&mut *conn)
            .await?
        }
        None => None,
    };
    let category_title: Option<String> = match c.category_id {
        Some(category) => {
            sqlx::query_scalar("SELECT title FROM order_categories WHERE id = $1")
                .bind(category)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    let product_ids: Vec<Uuid> = c.lines.iter().filter_map(|l| l.line.product_id).collect();
    let product_categories: Vec<(Uuid, String)> = sqlx::query_as(
        "SELECT p.id, coalesce(pc.title, '') FROM products p LEFT JOIN product_categories pc ON pc.id = p.category_id \
         WHERE p.id = ANY($1)",
    )
    .bind(&product_ids)
    .fetch_all(&mut *conn)
    .await?;
    let logo_print_key: Option<String> = match company.as_ref().and_then(|co| co.logo_print) {
        Some(file) => {
            sqlx::query_scalar("SELECT storage_key FROM files WHERE id = $1")
                .bind(file)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };

    let totals = contract.totals();
    let title = if setting_bool(&settings, "categoryAsPdfTitle") {
        category_title.clone()
    } else {
        None
    }
    .or_else(|| setting_text(&settings, "pdfTitle"))
    .or(category_title)
    .unwrap_or_else(|| "Sponsoraftale".to_string());
    let price_display = match setting_text(&settings, "priceDisplay").as_deref() {
        Some("Category") => PriceDisplay::Category,
        Some("Total") => PriceDisplay::Total,
        _ => PriceDisplay::Product,
    };
    let club_party = Party {
        name: club.name.clone(),
        lines: [
            some_text(&club.address),
            zip_city(&club.zip_code, &club.city),
            some_text(&club.cvr).map(|cvr| format!("CVR {cvr}")),
            some_text(&club.email),
            some_text(&club.phone),
            some_text(&club.website),
        ]
        .into_iter()
        .flatten()
        .collect(),
    };
    let company_party = company.as_ref().map(|co| Party {
        name: co.name.clone(),
        lines: [
            some_text(&co.address),
            zip_city(&co.zip_code, &co.city),
            some_text(&co.cvr).map(|cvr| format!("CVR {cvr}")),
        ]
        .into_iter()
        .flatten()
        .collect(),
    });
    let contact_party = contact.map(|(first, last, email, phone)| Party {
        name: format!("{first} {last}").trim().to_string(),
        lines: [some_text(&email), some_text(&phone)]
            .into_iter()
            .flatten()
            .collect(),
    });
    let lines = c
        .lines
        .iter()
        .map(|l| DocLine {
            category: l
                .line
                .product_id
                .and_then(|p| product_categories.iter().find(|(id, _)| *id == p))
                .map(|(_, title)| title.clone())
                .unwrap_or_default(),
            title: l.line.title.clone(),
            variant: l.line.variant.clone(),
            description: l.line.description.clone(),
            unit: l.unit.label().to_string(),
            amount: l.line.amount,
            price_ore: l.line.price.as_ore(),
            discount_ore: l.line.discount.as_ore(),
            total_ore: line_amounts(&l.line).total.as_ore(),
            options: l
                .line
                .options
                .iter()
                .map(|o| (o.title.clone(), o.price.as_ore()))
                .collect(),
        })
        .collect();
    let (plan_title, plan) = plan_rows(contract);
    let document = ContractDocument {
        title,
        additional_title: setting_text(&settings, "pdfAdditionalTitle"),
        number: contract.number,
        club: club_party,
        company: company_party,
        contact: contact_party,
        owner,
        color: setting_text(&settings, "color"),
        header_color: setting_text(&settings, "headerColor"),
        logo: stored_image(storage, image_key(&settings, "pdfLogo")).await,
        logo_right: setting_bool(&settings, "logoRight"),
        banner: stored_image(storage, image_key(&settings, "pdfBanner")).await,
        company_logo: stored_image(storage, logo_print_key).await,
        description_html: setting_text(&settings, "pdfDescription"),
        contract_description_html: c.contract_description.clone(),
        supplemental_description_html: c.supplemental_description.clone(),
        additional_html: c.additional.clone(),
        general_terms_html: setting_text(&settings, "pdfGeneralTerms"),
        payment_terms_html: setting_text(&settings, "pdfPaymentTerms"),
        start_date: c.start_date,
        end_date: if c.no_end_date { None } else { c.end_date },
        no_end_date: c.no_end_date,
        renew_date: c.renew_date,
        lines,
        price_display,
        subtotal_ore: totals.subtotal.as_ore(),
        discount_ore: totals.discount.as_ore(),
        vat_ore: totals.vat.as_ore(),
        total_ore: totals.total.as_ore(),
        show_total_with_vat: setting_bool(&settings, "showTotalWithVat"),
        show_total_excl_vat: setting_bool(&settings, "showTotalExclVat"),
        hide_worth: setting_bool(&settings, "hideWorth"),
        plan,
        plan_title,
    };
    let record = proof.map(|p| SigningRecord {
        signature_png: p.signature_png.clone(),
        signer_name: p.signing.signer_name.clone(),
        signer_email: p.signing.signer_email.clone(),
        signed_at: p.signing.signed_at,
        ip: p.signing.ip.clone(),
        user_agent: p.signing.user_agent.clone(),
        document_sha256: p.signing.document_sha256.clone(),
        chain_hash: p.chain_hash.clone(),
        event_sequence: p.event_sequence,
        contract_id: id,
        verify_url: p.verify_url.clone(),
    });
    let bytes = tokio::task::spawn_blocking(move || match record {
        Some(record) => tribune_pdf::signed_contract_pdf(&document, &record),
        None => tribune_pdf::contract_pdf(&document),
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError::invalid(e.to_string()))?;
    let sha256 = sha256_hex(&bytes);
    Ok(Pdf { bytes, sha256 })
}
