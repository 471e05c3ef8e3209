use async_trait::async_trait;
use sqlx::PgConnection;
use tribune_domain::invoice::{Invoice, InvoiceKind, InvoiceSource};
use uuid::Uuid;

use crate::fold::{Folded, RowsPerAggregate};
use crate::projection::Tables;

/// Inline. Each invoice touched by the batch is folded from its own events with the domain's
/// rules and its row replaced.
pub struct InvoiceRowsProjection;

pub const INVOICE_TABLES: &[&str] = &["invoice_rows"];

fn kind_str(kind: InvoiceKind) -> &'static str {
    match kind {
        InvoiceKind::Invoice => "invoice",
        InvoiceKind::CreditNote => "creditNote",
    }
}

async fn write_invoice(
    conn: &mut PgConnection,
    tables: &Tables,
    id: Uuid,
    folded: Option<&Folded<Invoice>>,
) -> Result<(), sqlx::Error> {
    let table = tables.get("invoice_rows");
    let live = folded
        .filter(|f| !f.aggregate.deleted)
        .and_then(|f| f.aggregate.client_id.map(|club| (f, club)));
    let Some((folded, client_id)) = live else {
        sqlx::query(&format!("DELETE FROM {table} WHERE id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    };
    let invoice = &folded.aggregate;
    let totals = invoice.totals();
    let (order_id, contract_id, subscription_id, plan_key) = match &invoice.source {
        Some(InvoiceSource::Order { order_id, key }) => {
            (Some(*order_id), None, None, Some(key.clone()))
        }
        Some(InvoiceSource::Contract {
            contract_id,
            plan_key,
        }) => (None, Some(*contract_id), None, Some(plan_key.clone())),
        Some(InvoiceSource::Subscription {
            subscription_id,
            period,
        }) => (None, None, Some(*subscription_id), Some(period.clone())),
        None => (None, None, None, None),
    };
    let customer = &invoice.content.customer;
    let search_text = format!(
        "{} {} {} {}",
        invoice.number.map(|n| n.to_string()).unwrap_or_default(),
        customer.name,
        customer.cvr.as_deref().unwrap_or(""),
        invoice.external_number.as_deref().unwrap_or("")
    )
    .to_lowercase();
    sqlx::query(&format!(
        "INSERT INTO {table} (id, client_id, kind, number, external_number, order_id, contract_id, subscription_id, \
           plan_key, credit_of, credited_by, company_id, contact_id, customer, invoice_date, due_date, paid_on, sent, \
           subtotal, vat, total, search_text, created_at, updated_at, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, \
           $23, $24, $25) \
         ON CONFLICT (id) DO UPDATE SET number = EXCLUDED.number, external_number = EXCLUDED.external_number, \
           credited_by = EXCLUDED.credited_by, invoice_date = EXCLUDED.invoice_date, due_date = EXCLUDED.due_date, \
           paid_on = EXCLUDED.paid_on, sent = EXCLUDED.sent, subtotal = EXCLUDED.subtotal, vat = EXCLUDED.vat, \
           total = EXCLUDED.total, search_text = EXCLUDED.search_text, updated_at = EXCLUDED.updated_at, \
           version = EXCLUDED.version"
    ))
    .bind(id)
    .bind(client_id)
    .bind(kind_str(invoice.kind))
    .bind(invoice.number)
    .bind(&invoice.external_number)
    .bind(order_id)
    .bind(contract_id)
    .bind(subscription_id)
    .bind(plan_key)
    .bind(invoice.credit_of)
    .bind(invoice.credited_by)
    .bind(customer.company_id)
    .bind(customer.contact_id)
    .bind(&customer.name)
    .bind(invoice.invoice_date)
    .bind(invoice.due_date())
    .bind(invoice.paid_on)
    .bind(invoice.sent_at.is_some())
    .bind(totals.subtotal.as_ore())
    .bind(totals.vat.as_ore())
    .bind(totals.total.as_ore())
    .bind(search_text)
    .bind(invoice.created_at.unwrap_or(folded.recorded_at))
    .bind(folded.recorded_at)
    .bind(folded.sequence)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[async_trait]
impl RowsPerAggregate for InvoiceRowsProjection {
    type Aggregate = Invoice;
    const NAME: &'static str = "invoice_rows";
    const TABLES: &'static [&'static str] = INVOICE_TABLES;

    async fn write(
        conn: &mut PgConnection,
        tables: &Tables,
        id: Uuid,
        folded: Option<&Folded<Invoice>>,
    ) -> Result<(), sqlx::Error> {
        write_invoice(conn, tables, id, folded).await
    }
}
