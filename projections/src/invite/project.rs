use async_trait::async_trait;
use sqlx::types::Json;
use sqlx::PgConnection;
use tribune_domain::invite::Invite;
use uuid::Uuid;

use crate::fold::{Folded, RowsPerAggregate};
use crate::projection::Tables;

/// Inline. Each invite touched by the batch is folded from its own events and its row replaced;
/// a deleted invite keeps its row, marked.
pub struct InviteRowsProjection;

pub const INVITE_TABLES: &[&str] = &["invite_rows"];

async fn write_invite(
    conn: &mut PgConnection,
    tables: &Tables,
    id: Uuid,
    folded: Option<&Folded<Invite>>,
) -> Result<(), sqlx::Error> {
    let table = tables.get("invite_rows");
    let live = folded.and_then(|f| f.aggregate.client_id.map(|club| (f, club)));
    let Some((folded, client_id)) = live else {
        sqlx::query(&format!("DELETE FROM {table} WHERE id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
        return Ok(());
    };
    let i = &folded.aggregate;
    let c = &i.content;
    sqlx::query(&format!(
        "INSERT INTO {table} (id, client_id, event_id, contact_id, company_id, list_id, token, products, \
           sent_at, reminder_sent_at, update_sent_at, booked, created_at, updated_at, version, deleted_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) \
         ON CONFLICT (id) DO UPDATE SET products = EXCLUDED.products, sent_at = EXCLUDED.sent_at, \
           reminder_sent_at = EXCLUDED.reminder_sent_at, update_sent_at = EXCLUDED.update_sent_at, \
           booked = EXCLUDED.booked, deleted_at = EXCLUDED.deleted_at, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version"
    ))
    .bind(id)
    .bind(client_id)
    .bind(c.event_id)
    .bind(c.contact_id)
    .bind(c.company_id)
    .bind(c.list_id)
    .bind(&c.token)
    .bind(Json(&i.products))
    .bind(i.sent_at)
    .bind(i.reminder_sent_at)
    .bind(i.update_sent_at)
    .bind(i.booked)
    .bind(i.created_at.unwrap_or(folded.recorded_at))
    .bind(folded.recorded_at)
    .bind(folded.sequence)
    .bind(i.deleted_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[async_trait]
impl RowsPerAggregate for InviteRowsProjection {
    type Aggregate = Invite;
    const NAME: &'static str = "invite_rows";
    const TABLES: &'static [&'static str] = INVITE_TABLES;

    async fn write(
        conn: &mut PgConnection,
        tables: &Tables,
        id: Uuid,
        folded: Option<&Folded<Invite>>,
    ) -> Result<(), sqlx::Error> {
        write_invite(conn, tables, id, folded).await
    }
}
