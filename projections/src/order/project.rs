use std::collections::BTreeMap;

use async_trait::async_trait;
use cqrs_es::Aggregate;
use sqlx::PgConnection;
use tribune_domain::order::{Order, OrderEvent};

use crate::projection::{Projection, StoredEvent, Tables};

/// Inline. Each order touched by the batch is folded from its own events (up to the newest one in
/// the batch) with the domain's rules, so the rows carry exactly the totals the aggregate computes.
pub struct OrderRowsProjection;

pub const ORDER_TABLES: &[&str] = &["order_rows", "order_lines", "order_counts"];

async fn fold(
    conn: &mut PgConnection,
    aggregate_id: &str,
    up_to: i64,
) -> Result<Order, sqlx::Error> {
    let payloads: Vec<serde_json::Value> = sqlx::query_scalar(
        "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence <= $3 ORDER BY sequence",
    )
    .bind(Order::TYPE)
    .bind(aggregate_id)
    .bind(up_to)
    .fetch_all(&mut *conn)
    .await?;
    let mut order = Order::default();
    for payload in payloads {
        let event: OrderEvent =
            serde_json::from_value(payload).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        order.apply(event);
    }
    Ok(order)
}

/// What search looks in: number, names, e-mail, phone.
fn search_text(order: &Order) -> String {
    let c = &order.content.customer;
    format!(
        "{} {} {} {} {}",
        order.number, c.firstname, c.lastname, c.email, c.phone
    )
    .to_lowercase()
}

#[async_trait]
impl Projection for OrderRowsProjection {
    fn name(&self) -> &'static str {
        "order_rows"
    }
    fn tables(&self) -> &'static [&'static str] {
        ORDER_TABLES
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[Order::TYPE]
    }

    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        let rows = tables.get("order_rows");
        let lines = tables.get("order_lines");
        let counts = tables.get("order_counts");
        let count = |client: uuid::Uuid, status: String, delta: i64| {
            let upsert = format!(
                "INSERT INTO {counts} (client_id, status, orders) VALUES ($1, $2, $3) \
                 ON CONFLICT (client_id, status) DO UPDATE SET orders = {counts}.orders + EXCLUDED.orders"
            );
            let prune =
                format!("DELETE FROM {counts} WHERE client_id = $1 AND status = $2 AND orders = 0");
            (upsert, prune, client, status, delta)
        };
        let mut touched: BTreeMap<&str, &StoredEvent> = BTreeMap::new();
        for event in events.iter().filter(|e| e.aggregate_type == Order::TYPE) {
            touched
                .entry(event.aggregate_id.as_str())
                .and_modify(|last| {
                    if event.sequence > last.sequence {
                        *last = event;
                    }
                })
                .or_insert(event);
        }
        for (aggregate_id, last) in touched {
            let id: uuid::Uuid = aggregate_id
                .parse()
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            sqlx::query(&format!("DELETE FROM {lines} WHERE order_id = $1"))
                .bind(id)
                .execute(&mut *conn)
                .await?;
            let order = fold(conn, aggregate_id, last.sequence).await?;
            let before: Option<(uuid::Uuid, String)> = sqlx::query_as(&format!(
                "SELECT client_id, status FROM {rows} WHERE id = $1"
            ))
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
            let after = order
                .client_id
                .filter(|_| !order.deleted)
                .map(|c| (c, order.status.as_str().to_string()));
            if before != after {
                let changes = before
                    .into_iter()
                    .map(|(c, s)| count(c, s, -1))
                    .chain(after.into_iter().map(|(c, s)| count(c, s, 1)));
                for (upsert, prune, client, status, delta) in changes {
                    sqlx::query(&upsert)
                        .bind(client)
                        .bind(&status)
                        .bind(delta)
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query(&prune)
                        .bind(client)
                        .bind(&status)
                        .execute(&mut *conn)
                        .await?;
                }
            }
            let Some(client_id) = order.client_id.filter(|_| !order.deleted) else {
                sqlx::query(&format!("DELETE FROM {rows} WHERE id = $1"))
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                continue;
            };
            let totals = order.totals();
            let c = &order.content;
            let event_title = c.lines.iter().find_map(|l| l.seat_event.clone());
            sqlx::query(&format!(
                "INSERT INTO {rows} (id, client_id, number, status, payment_status, is_pos, firstname, lastname, email, phone, \
                   company_id, contact_id, contract_id, category_id, event_title, line_count, subtotal, discount, additional_fee, \
                   vat, total, pre_payment_total, regular_total, search_text, created_at, updated_at, version) \
                 VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27) \
                 ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, payment_status = EXCLUDED.payment_status, \
                   firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, email = EXCLUDED.email, phone = EXCLUDED.phone, \
                   company_id = EXCLUDED.company_id, contact_id = EXCLUDED.contact_id, contract_id = EXCLUDED.contract_id, \
                   category_id = EXCLUDED.category_id, event_title = EXCLUDED.event_title, line_count = EXCLUDED.line_count, \
                   subtotal = EXCLUDED.subtotal, discount = EXCLUDED.discount, additional_fee = EXCLUDED.additional_fee, \
                   vat = EXCLUDED.vat, total = EXCLUDED.total, pre_payment_total = EXCLUDED.pre_payment_total, \
                   regular_total = EXCLUDED.regular_total, search_text = EXCLUDED.search_text, \
                   updated_at = EXCLUDED.updated_at, version = EXCLUDED.version"
            ))
            .bind(id)
            .bind(client_id)
            .bind(order.number)
            .bind(order.status.as_str())
            .bind(order.payment_status.as_str())
            .bind(order.is_pos)
            .bind(&c.customer.firstname)
            .bind(&c.customer.lastname)
            .bind(&c.customer.email)
            .bind(&c.customer.phone)
            .bind(c.company_id)
            .bind(c.contact_id)
            .bind(c.contract_id)
            .bind(c.category_id)
            .bind(event_title)
            .bind(c.lines.len() as i32)
            .bind(totals.subtotal)
            .bind(totals.discount)
            .bind(totals.additional_fee)
            .bind(totals.vat)
            .bind(totals.total)
            .bind(totals.pre_payment_total)
            .bind(totals.regular_total)
            .bind(search_text(&order))
            .bind(order.created_at.unwrap_or(last.recorded_at))
            .bind(last.recorded_at)
            .bind(last.sequence)
            .execute(&mut *conn)
            .await?;
            for (position, line) in c.lines.iter().enumerate() {
                let option_products: Vec<uuid::Uuid> =
                    line.options.iter().filter_map(|o| o.product_id).collect();
                sqlx::query(&format!(
                    "INSERT INTO {lines} (order_id, line_id, client_id, position, product_id, variant_id, title, sku, type, \
                       price, discount, amount, total, option_product_ids, seat, seat_event_id, pre_payment, vat_exempt) \
                     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)"
                ))
                .bind(id)
                .bind(line.id)
                .bind(client_id)
                .bind(position as i32)
                .bind(line.product_id)
                .bind(line.variant_id)
                .bind(&line.title)
                .bind(&line.sku)
                .bind(&line.kind)
                .bind(line.price)
                .bind(line.discount)
                .bind(line.amount)
                .bind(tribune_domain::order::totals::line_amounts(line).total)
                .bind(option_products)
                .bind(&line.seat)
                .bind(line.seat_event_id)
                .bind(line.pre_payment)
                .bind(line.vat_exempt)
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
    }
}
