use async_trait::async_trait;
use sqlx::PgConnection;
use tribune_domain::subscription::Subscription;
use uuid::Uuid;

use crate::fold::{Folded, RowsPerAggregate};
use crate::projection::Tables;

/// Inline. Each subscription touched by the batch is folded from its own events and its row
/// replaced.
pub struct SubscriptionRowsProjection;

pub const SUBSCRIPTION_TABLES: &[&str] = &["subscription_rows"];

async fn write_subscription(
    conn: &mut PgConnection,
    tables: &Tables,
    id: Uuid,
    folded: Option<&Folded<Subscription>>,
) -> Result<(), sqlx::Error> {
    let table = tables.get("subscription_rows");
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
    let s = &folded.aggregate;
    let c = &s.content;
    let totals = s.totals();
    let contact_name = format!("{} {}", c.customer.firstname, c.customer.lastname)
        .trim()
        .to_string();
    let search_text = format!(
        "{} {} {} {}",
        s.number,
        contact_name,
        c.customer.email,
        c.description.as_deref().unwrap_or("")
    )
    .to_lowercase();
    let end = if c.no_end_date { None } else { c.end_date };
    sqlx::query(&format!(
        "INSERT INTO {table} (id, client_id, number, status, contact_id, company_id, contact_name, email, \
           start_date, end_date, repeats, commitment, commitment_date, next_payment, card_brand, card_last4, \
           payment_failed, subtotal, total, search_text, created_at, updated_at, version, auto_renew, \
           renewal_noticed_for) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, \
           $24, $25) \
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, contact_id = EXCLUDED.contact_id, \
           company_id = EXCLUDED.company_id, contact_name = EXCLUDED.contact_name, email = EXCLUDED.email, \
           start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, repeats = EXCLUDED.repeats, \
           commitment = EXCLUDED.commitment, commitment_date = EXCLUDED.commitment_date, \
           next_payment = EXCLUDED.next_payment, card_brand = EXCLUDED.card_brand, card_last4 = EXCLUDED.card_last4, \
           payment_failed = EXCLUDED.payment_failed, subtotal = EXCLUDED.subtotal, total = EXCLUDED.total, \
           search_text = EXCLUDED.search_text, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version, \
           auto_renew = EXCLUDED.auto_renew, renewal_noticed_for = EXCLUDED.renewal_noticed_for"
    ))
    .bind(id)
    .bind(client_id)
    .bind(s.number)
    .bind(s.status.as_str())
    .bind(c.contact_id)
    .bind(c.company_id)
    .bind(&contact_name)
    .bind(c.customer.email.trim().to_lowercase())
    .bind(c.start_date)
    .bind(end)
    .bind(i32::try_from(s.repeats()).unwrap_or(1))
    .bind(c.commitment.and_then(|m| i32::try_from(m).ok()))
    .bind(s.commitment_date())
    .bind(s.next_payment())
    .bind(s.card.as_ref().map(|card| card.brand.clone()))
    .bind(s.card.as_ref().map(|card| card.last4.clone()))
    .bind(s.failed.is_some())
    .bind(totals.subtotal.as_ore())
    .bind(totals.total.as_ore())
    .bind(search_text)
    .bind(s.created_at.unwrap_or(folded.recorded_at))
    .bind(folded.recorded_at)
    .bind(folded.sequence)
    .bind(c.auto_renew)
    .bind(s.renewal_noticed_for)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[async_trait]
impl RowsPerAggregate for SubscriptionRowsProjection {
    type Aggregate = Subscription;
    const NAME: &'static str = "subscription_rows";
    const TABLES: &'static [&'static str] = SUBSCRIPTION_TABLES;

    async fn write(
        conn: &mut PgConnection,
        tables: &Tables,
        id: Uuid,
        folded: Option<&Folded<Subscription>>,
    ) -> Result<(), sqlx::Error> {
        write_subscription(conn, tables, id, folded).await
    }
}
