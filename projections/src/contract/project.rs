use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgConnection;
use tribune_domain::contract::Contract;
use tribune_domain::selling::totals::line_amounts;
use uuid::Uuid;

use crate::fold::{Folded, RowsPerAggregate};
use crate::projection::{decode_error, Tables};

/// Inline. Each contract touched by the batch is folded from its own events with the domain's
/// rules, so the rows carry exactly the totals the aggregate computes; its row and lines are
/// replaced as a whole (a contract has tens of lines, not thousands).
pub struct ContractRowsProjection;

pub const CONTRACT_TABLES: &[&str] = &["contract_rows", "contract_lines"];

/// What search looks in besides the company and contact names: the number and descriptions.
fn search_text(contract: &Contract) -> String {
    let c = &contract.content;
    format!(
        "{} {} {}",
        contract.number,
        c.description.as_deref().unwrap_or(""),
        c.contract_description.as_deref().unwrap_or("")
    )
    .to_lowercase()
}

async fn write_contract(
    conn: &mut PgConnection,
    tables: &Tables,
    id: Uuid,
    folded: Option<&Folded<Contract>>,
) -> Result<(), sqlx::Error> {
    let rows_table = tables.get("contract_rows");
    let lines_table = tables.get("contract_lines");
    sqlx::query(&format!("DELETE FROM {lines_table} WHERE contract_id = $1"))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let live = folded
        .filter(|f| !f.aggregate.deleted)
        .and_then(|f| f.aggregate.client_id.map(|club| (f, club)));
    let Some((folded, client_id)) = live else {
        sqlx::query(&format!("DELETE FROM {rows_table} WHERE id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    };
    let contract = &folded.aggregate;
    let c = &contract.content;
    let totals = contract.totals();
    let invoicing = serde_json::to_value(&c.invoicing).map_err(decode_error)?;
    let line_count = i32::try_from(c.lines.len()).unwrap_or(i32::MAX);
    let signed_at: Option<DateTime<Utc>> = contract.signing.as_ref().map(|s| s.signed_at);
    let end_date: Option<NaiveDate> = if c.no_end_date { None } else { c.end_date };
    sqlx::query(&format!(
        "INSERT INTO {rows_table} (id, client_id, number, status, agreement_status, category_id, season_id, \
           company_id, contact_id, owner_id, start_date, end_date, no_end_date, renew_date, line_count, subtotal, \
           discount, additional_fee, vat, total, prices_with_vat, invoicing, renewal_of, renewed_by, signed_at, \
           search_text, created_at, updated_at, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
           $22, $23, $24, $25, $26, $27, $28, $29) \
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, agreement_status = EXCLUDED.agreement_status, \
           category_id = EXCLUDED.category_id, season_id = EXCLUDED.season_id, company_id = EXCLUDED.company_id, \
           contact_id = EXCLUDED.contact_id, owner_id = EXCLUDED.owner_id, start_date = EXCLUDED.start_date, \
           end_date = EXCLUDED.end_date, no_end_date = EXCLUDED.no_end_date, renew_date = EXCLUDED.renew_date, \
           line_count = EXCLUDED.line_count, subtotal = EXCLUDED.subtotal, discount = EXCLUDED.discount, \
           additional_fee = EXCLUDED.additional_fee, vat = EXCLUDED.vat, total = EXCLUDED.total, \
           prices_with_vat = EXCLUDED.prices_with_vat, invoicing = EXCLUDED.invoicing, \
           renewal_of = EXCLUDED.renewal_of, renewed_by = EXCLUDED.renewed_by, signed_at = EXCLUDED.signed_at, \
           search_text = EXCLUDED.search_text, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version"
    ))
    .bind(id)
    .bind(client_id)
    .bind(contract.number)
    .bind(status_str(contract))
    .bind(agreement_str(contract))
    .bind(c.category_id)
    .bind(c.season_id)
    .bind(c.company_id)
    .bind(c.contact_id)
    .bind(c.owner_id)
    .bind(c.start_date)
    .bind(end_date)
    .bind(c.no_end_date)
    .bind(c.renew_date)
    .bind(line_count)
    .bind(totals.subtotal.as_ore())
    .bind(totals.discount.as_ore())
    .bind(totals.additional_fee.as_ore())
    .bind(totals.vat.as_ore())
    .bind(totals.total.as_ore())
    .bind(contract.vat.prices_with_vat)
    .bind(invoicing)
    .bind(contract.renewal_of)
    .bind(contract.renewed_by)
    .bind(signed_at)
    .bind(search_text(contract))
    .bind(contract.created_at.unwrap_or(folded.recorded_at))
    .bind(folded.recorded_at)
    .bind(folded.sequence)
    .execute(&mut *conn)
    .await?;
    for (position, line) in c.lines.iter().enumerate() {
        let options: Vec<Uuid> = line
            .line
            .options
            .iter()
            .filter_map(|o| o.product_id)
            .collect();
        sqlx::query(&format!(
            "INSERT INTO {lines_table} (contract_id, line_id, client_id, position, product_id, title, type, unit, \
               price, amount, total, option_product_ids) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
        ))
        .bind(id)
        .bind(line.line.id)
        .bind(client_id)
        .bind(i32::try_from(position).unwrap_or(i32::MAX))
        .bind(line.line.product_id)
        .bind(&line.line.title)
        .bind(&line.line.kind)
        .bind(line.unit.label())
        .bind(line.line.price.as_ore())
        .bind(line.line.amount)
        .bind(line_amounts(&line.line).total.as_ore())
        .bind(&options)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

fn status_str(contract: &Contract) -> String {
    serde_plain(&contract.status)
}

fn agreement_str(contract: &Contract) -> String {
    serde_plain(&contract.agreement_status)
}

/// An enum as its serde name (`"renewal"`), as the API and the read tables spell it.
fn serde_plain<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

#[async_trait]
impl RowsPerAggregate for ContractRowsProjection {
    type Aggregate = Contract;
    const NAME: &'static str = "contract_rows";
    const TABLES: &'static [&'static str] = CONTRACT_TABLES;

    async fn write(
        conn: &mut PgConnection,
        tables: &Tables,
        id: Uuid,
        folded: Option<&Folded<Contract>>,
    ) -> Result<(), sqlx::Error> {
        write_contract(conn, tables, id, folded).await
    }
}
