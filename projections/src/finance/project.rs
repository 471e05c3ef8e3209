use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use cqrs_es::Aggregate;
use sqlx::PgConnection;
use tribune_domain::contract::{Contract, ContractStatus};
use tribune_domain::invoice::{Invoice, InvoiceKind, InvoiceSource};
use tribune_domain::money::Money;
use tribune_domain::selling::totals::line_nets;
use uuid::Uuid;

use crate::fold::{fold_batch, Folded};
use crate::projection::{decode_error, Projection, Rebuild, StoredEvent, Tables};

/// Async, the first that reads two aggregates: contract and invoice events become the finance
/// dashboard's figures (`finance_invoiced`, `finance_contract_sales`, `finance_planned`). Each
/// batch writes every touched contract and invoice with a few set-based statements, so a replay
/// of hundreds of thousands of events stays fast.
pub struct FinanceProjection;

pub const FINANCE_TABLES: &[&str] = &[
    "finance_invoiced",
    "finance_invoiced_monthly",
    "finance_contract_sales",
    "finance_planned",
];

/// How far ahead an open-ended plan is listed: to the end of the third year after the contract's
/// last change (or its start, if later). The dashboard looks at this year and the next.
const OPEN_ENDED_YEARS: i32 = 3;

fn copenhagen_day(at: chrono::DateTime<chrono::Utc>) -> NaiveDate {
    at.with_timezone(&chrono_tz::Europe::Copenhagen)
        .date_naive()
}

/// The states a projection run keeps: empty per batch live, kept across batches in a rebuild.
#[derive(Default)]
pub struct FinanceStates {
    contracts: HashMap<String, Folded<Contract>>,
    invoices: HashMap<String, Folded<Invoice>>,
}

/// Rows to write, gathered for a whole batch.
#[derive(Default)]
struct Columns {
    client: Vec<Uuid>,
    owner: Vec<Uuid>,
    day: Vec<NaiveDate>,
    label: Vec<String>,
    net: Vec<i64>,
}

impl Columns {
    fn push(&mut self, client: Uuid, owner: Uuid, day: NaiveDate, label: String, net: Money) {
        self.client.push(client);
        self.owner.push(owner);
        self.day.push(day);
        self.label.push(label);
        self.net.push(net.as_ore());
    }
}

#[derive(Default)]
struct Planned {
    client: Vec<Uuid>,
    contract: Vec<Uuid>,
    key: Vec<String>,
    day: Vec<NaiveDate>,
    amount: Vec<i64>,
    net: Vec<i64>,
    number: Vec<i64>,
    company: Vec<Option<Uuid>>,
    contact: Vec<Option<Uuid>>,
    category: Vec<Option<Uuid>>,
}

pub async fn apply_batch(
    conn: &mut PgConnection,
    tables: &Tables,
    events: &[StoredEvent],
    states: &mut FinanceStates,
) -> Result<(), sqlx::Error> {
    // Contracts first: an invoice made in the same batch marks a plan row the contract wrote.
    let contracts = fold_batch::<Contract>(conn, events, &mut states.contracts).await?;
    if !contracts.is_empty() {
        write_contracts(conn, tables, &contracts, &states.contracts, false).await?;
    }
    let invoices = fold_batch::<Invoice>(conn, events, &mut states.invoices).await?;
    if !invoices.is_empty() {
        write_invoices(conn, tables, &invoices, &states.invoices, false).await?;
    }
    Ok(())
}

fn uuids(ids: &[String]) -> Result<Vec<Uuid>, sqlx::Error> {
    ids.iter()
        .map(|id| id.parse().map_err(decode_error))
        .collect()
}

async fn write_contracts(
    conn: &mut PgConnection,
    tables: &Tables,
    ids: &[String],
    states: &HashMap<String, Folded<Contract>>,
    fresh: bool,
) -> Result<(), sqlx::Error> {
    let sales = tables.get("finance_contract_sales");
    let planned = tables.get("finance_planned");
    let all = uuids(ids)?;
    let mut sale_rows = Columns::default();
    let mut plan_rows = Planned::default();
    for (id, uuid) in ids.iter().zip(&all) {
        let Some(folded) = states.get(id) else {
            continue;
        };
        let contract = &folded.aggregate;
        let Some(client) = contract.client_id else {
            continue;
        };
        let live = !contract.deleted;
        let approved = live && contract.status == ContractStatus::Approved;
        // Sales: an approved contract's lines, in the month it starts (the month it was made
        // when it has no start date).
        if approved {
            let sold_on = contract
                .content
                .start_date
                .or(contract.created_at.map(copenhagen_day))
                .unwrap_or_else(|| copenhagen_day(folded.recorded_at));
            let lines = contract.content.order_lines();
            let nets = line_nets(&lines, contract.content.order_discount, contract.vat);
            for (line, (net, _)) in lines.iter().zip(nets) {
                sale_rows.push(client, *uuid, sold_on, line.title.clone(), net);
            }
        }
        // The plan: what is still to be invoiced, while approved.
        if approved {
            let end = if contract.content.no_end_date {
                None
            } else {
                contract.content.end_date
            };
            let from = copenhagen_day(folded.recorded_at).max(
                contract
                    .content
                    .invoicing
                    .start_date
                    .unwrap_or(NaiveDate::MIN),
            );
            let until = end.unwrap_or_else(|| {
                NaiveDate::from_ymd_opt(from.year() + OPEN_ENDED_YEARS, 12, 31).unwrap_or(from)
            });
            let prices_with_vat = contract.vat.prices_with_vat && !contract.vat.disable_vat;
            for due in contract
                .content
                .invoicing
                .due_up_to(contract.plan_totals(), end, until, &[])
            {
                let net = if prices_with_vat {
                    due.amount - due.amount.vat_included(contract.vat.vat_rate)
                } else {
                    due.amount
                };
                plan_rows.client.push(client);
                plan_rows.contract.push(*uuid);
                plan_rows.key.push(due.key);
                plan_rows.day.push(due.date);
                plan_rows.amount.push(due.amount.as_ore());
                plan_rows.net.push(net.as_ore());
                plan_rows.number.push(contract.number);
                plan_rows.company.push(contract.content.company_id);
                plan_rows.contact.push(contract.content.contact_id);
                plan_rows.category.push(contract.content.category_id);
            }
        }
    }

    if !fresh {
        sqlx::query(&format!("DELETE FROM {sales} WHERE contract_id = ANY($1)"))
            .bind(&all)
            .execute(&mut *conn)
            .await?;
    }
    if !sale_rows.client.is_empty() {
        sqlx::query(&format!(
            "INSERT INTO {sales} (client_id, contract_id, sold_on, label, net) \
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::text[], $5::bigint[])"
        ))
        .bind(&sale_rows.client)
        .bind(&sale_rows.owner)
        .bind(&sale_rows.day)
        .bind(&sale_rows.label)
        .bind(&sale_rows.net)
        .execute(&mut *conn)
        .await?;
    }
    // Rows not invoiced yet are replaced; rows an invoice marks stay (with the plan's new figures).
    if !fresh {
        sqlx::query(&format!(
            "DELETE FROM {planned} WHERE contract_id = ANY($1) AND invoice_id IS NULL"
        ))
        .bind(&all)
        .execute(&mut *conn)
        .await?;
    }
    if !plan_rows.client.is_empty() {
        sqlx::query(&format!(
            "INSERT INTO {planned} (client_id, contract_id, plan_key, invoice_date, amount, net, contract_number, \
               company_id, contact_id, category_id) \
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::bigint[], $6::bigint[], \
               $7::bigint[], $8::uuid[], $9::uuid[], $10::uuid[]) \
             ON CONFLICT (contract_id, plan_key) DO UPDATE SET invoice_date = EXCLUDED.invoice_date, \
               amount = EXCLUDED.amount, net = EXCLUDED.net, company_id = EXCLUDED.company_id, \
               contact_id = EXCLUDED.contact_id, category_id = EXCLUDED.category_id"
        ))
        .bind(&plan_rows.client)
        .bind(&plan_rows.contract)
        .bind(&plan_rows.key)
        .bind(&plan_rows.day)
        .bind(&plan_rows.amount)
        .bind(&plan_rows.net)
        .bind(&plan_rows.number)
        .bind(&plan_rows.company)
        .bind(&plan_rows.contact)
        .bind(&plan_rows.category)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

async fn write_invoices(
    conn: &mut PgConnection,
    tables: &Tables,
    ids: &[String],
    states: &HashMap<String, Folded<Invoice>>,
    fresh: bool,
) -> Result<(), sqlx::Error> {
    let invoiced = tables.get("finance_invoiced");
    let monthly = tables.get("finance_invoiced_monthly");
    let planned = tables.get("finance_planned");
    let all = uuids(ids)?;
    let mut rows = Columns::default();
    let mut made = Columns::default();
    let mut made_keys = Vec::new();
    for (id, uuid) in ids.iter().zip(&all) {
        let Some(folded) = states.get(id) else {
            continue;
        };
        let invoice = &folded.aggregate;
        let (Some(client), false, Some(day)) =
            (invoice.client_id, invoice.is_draft(), invoice.invoice_date)
        else {
            // Drafts (and deleted drafts) count for nothing yet.
            continue;
        };
        for (label, net) in invoice.revenue() {
            rows.push(client, *uuid, day, label, net);
        }
        // A booked invoice of a contract's plan takes its period off the plan.
        if let (
            InvoiceKind::Invoice,
            Some(InvoiceSource::Contract {
                contract_id,
                plan_key,
            }),
        ) = (invoice.kind, &invoice.source)
        {
            made.push(client, *contract_id, day, String::new(), Money::ZERO);
            made_keys.push((*uuid, plan_key.clone()));
        }
    }
    if fresh {
        // A rebuild's empty shadow: the lines only; the monthly sums are made once at the end.
        sqlx::query(&format!(
            "INSERT INTO {invoiced} (client_id, invoice_id, invoice_date, label, net) \
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::text[], $5::bigint[])"
        ))
        .bind(&rows.client)
        .bind(&rows.owner)
        .bind(&rows.day)
        .bind(&rows.label)
        .bind(&rows.net)
        .execute(&mut *conn)
        .await?;
    } else {
        // The lines replace the invoices' earlier ones, and the monthly sums move by the
        // difference: what was there (taken away) and what is there now (added).
        sqlx::query(&format!(
            "WITH gone AS (DELETE FROM {invoiced} d USING unnest($6::uuid[]) AS touched (id) \
               WHERE d.invoice_id = touched.id RETURNING d.client_id, d.invoice_date, d.label, -d.net AS net), \
             added AS (INSERT INTO {invoiced} (client_id, invoice_id, invoice_date, label, net) \
               SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::text[], $5::bigint[]) \
               RETURNING client_id, invoice_date, label, net), \
             delta AS (SELECT client_id, date_trunc('month', invoice_date)::date AS month, label, \
               sum(net)::bigint AS net FROM (SELECT * FROM gone UNION ALL SELECT * FROM added) d GROUP BY 1, 2, 3) \
             INSERT INTO {monthly} (client_id, month, label, net) SELECT * FROM delta \
             ON CONFLICT (client_id, month, label) DO UPDATE SET net = {monthly}.net + EXCLUDED.net"
        ))
        .bind(&rows.client)
        .bind(&rows.owner)
        .bind(&rows.day)
        .bind(&rows.label)
        .bind(&rows.net)
        .bind(&all)
        .execute(&mut *conn)
        .await?;
    }
    if !made.client.is_empty() {
        let (invoice_ids, keys): (Vec<Uuid>, Vec<String>) = made_keys.into_iter().unzip();
        sqlx::query(&format!(
            "INSERT INTO {planned} (client_id, contract_id, plan_key, invoice_date, amount, net, contract_number, invoice_id) \
             SELECT m.client_id, m.contract_id, m.plan_key, m.day, 0, 0, 0, m.invoice_id \
             FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::uuid[]) \
               AS m (client_id, contract_id, plan_key, day, invoice_id) \
             ON CONFLICT (contract_id, plan_key) DO UPDATE SET invoice_id = EXCLUDED.invoice_id"
        ))
        .bind(&made.client)
        .bind(&made.owner)
        .bind(&keys)
        .bind(&made.day)
        .bind(&invoice_ids)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[async_trait]
impl Projection for FinanceProjection {
    fn name(&self) -> &'static str {
        "finance"
    }
    fn tables(&self) -> &'static [&'static str] {
        FINANCE_TABLES
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[Contract::TYPE, Invoice::TYPE]
    }

    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        apply_batch(conn, tables, events, &mut FinanceStates::default()).await
    }

    fn reads_metadata(&self) -> bool {
        false
    }

    fn rebuild(&self) -> Option<Box<dyn Rebuild>> {
        Some(Box::new(FinanceRebuild::default()))
    }
}

/// A replay keeps every contract and invoice folded between batches and writes each once, at
/// the end, into the empty shadow tables (no deletes, which would scan tables whose indexes
/// replay builds only after loading).
#[derive(Default)]
struct FinanceRebuild {
    states: FinanceStates,
}

/// How many aggregates one write of a rebuild takes.
const REBUILD_CHUNK: usize = 5_000;

#[async_trait]
impl Rebuild for FinanceRebuild {
    async fn apply(
        &mut self,
        conn: &mut PgConnection,
        _: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        fold_batch::<Contract>(conn, events, &mut self.states.contracts).await?;
        fold_batch::<Invoice>(conn, events, &mut self.states.invoices).await?;
        Ok(())
    }

    async fn finish(
        &mut self,
        conn: &mut PgConnection,
        tables: &Tables,
    ) -> Result<(), sqlx::Error> {
        let mut contracts: Vec<String> = self.states.contracts.keys().cloned().collect();
        contracts.sort();
        for chunk in contracts.chunks(REBUILD_CHUNK) {
            write_contracts(conn, tables, chunk, &self.states.contracts, true).await?;
        }
        let mut invoices: Vec<String> = self.states.invoices.keys().cloned().collect();
        invoices.sort();
        for chunk in invoices.chunks(REBUILD_CHUNK) {
            write_invoices(conn, tables, chunk, &self.states.invoices, true).await?;
        }
        let (invoiced, monthly) = (
            tables.get("finance_invoiced"),
            tables.get("finance_invoiced_monthly"),
        );
        sqlx::query(&format!(
            "INSERT INTO {monthly} (client_id, month, label, net) \
             SELECT client_id, date_trunc('month', invoice_date)::date, label, sum(net)::bigint \
             FROM {invoiced} GROUP BY 1, 2, 3"
        ))
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}
