use async_trait::async_trait;
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::ticket::Ticket;
use uuid::Uuid;

use crate::fold::{Folded, RowsPerAggregate};
use crate::projection::Tables;

/// Inline. Each ticket touched by the batch is folded from its own events and its row replaced.
pub struct TicketRowsProjection;

pub const TICKET_TABLES: &[&str] = &["ticket_rows"];

async fn write_ticket(
    conn: &mut PgConnection,
    tables: &Tables,
    id: Uuid,
    folded: Option<&Folded<Ticket>>,
) -> Result<(), sqlx::Error> {
    let table = tables.get("ticket_rows");
    let issued = folded.and_then(|f| f.aggregate.client_id.map(|club| (f, club)));
    let Some((folded, client_id)) = issued else {
        sqlx::query(&format!("DELETE FROM {table} WHERE id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    };
    let t = &folded.aggregate;
    let c = &t.content;
    let search_text = format!(
        "{} {} {}",
        c.number,
        c.name.as_deref().unwrap_or(""),
        c.company_name.as_deref().unwrap_or("")
    )
    .to_lowercase();
    sqlx::query(&format!(
        "INSERT INTO {table} (id, client_id, event_id, order_id, order_line_id, product_id, product_title, \
           code, number, name, name_required, company_id, company_name, section, row, seat_number, options, \
           extra_info, status, scanned_at, seat_released, void_reason, voided_at, search_text, issued_at, \
           updated_at, version, scanned_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
           $21, $22, $23, $24, $25, $26, $27, $28) \
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status, \
           scanned_at = EXCLUDED.scanned_at, scanned_by = EXCLUDED.scanned_by, seat_released = EXCLUDED.seat_released, \
           void_reason = EXCLUDED.void_reason, voided_at = EXCLUDED.voided_at, \
           search_text = EXCLUDED.search_text, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version"
    ))
    .bind(id)
    .bind(client_id)
    .bind(c.event_id)
    .bind(c.order_id)
    .bind(c.order_line_id)
    .bind(c.product_id)
    .bind(&c.product_title)
    .bind(&c.code)
    .bind(c.number)
    .bind(&c.name)
    .bind(c.name_required)
    .bind(c.company_id)
    .bind(&c.company_name)
    .bind(&c.section)
    .bind(&c.row)
    .bind(&c.seat_number)
    .bind(Json(&c.options))
    .bind(Json(&c.extra_info))
    .bind(t.status.as_str())
    .bind(t.scanned_at)
    .bind(t.seat_released)
    .bind(&t.void_reason)
    .bind(t.voided_at)
    .bind(search_text)
    .bind(t.issued_at.unwrap_or(folded.recorded_at))
    .bind(folded.recorded_at)
    .bind(folded.sequence)
    .bind(&t.scanned_by)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[async_trait]
impl RowsPerAggregate for TicketRowsProjection {
    type Aggregate = Ticket;
    const NAME: &'static str = "ticket_rows";
    const TABLES: &'static [&'static str] = TICKET_TABLES;

    async fn write(
        conn: &mut PgConnection,
        tables: &Tables,
        id: Uuid,
        folded: Option<&Folded<Ticket>>,
    ) -> Result<(), sqlx::Error> {
        write_ticket(conn, tables, id, folded).await
    }
}
