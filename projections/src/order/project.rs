use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use chrono::{DateTime, Timelike, Utc};
use cqrs_es::Aggregate;
use sqlx::PgConnection;
use tribune_domain::order::Order;
use tribune_domain::selling::totals::line_amounts;
use uuid::Uuid;

use crate::fold::{fold_batch, Folded};
use crate::projection::{decode_error, Projection, Rebuild, StoredEvent, Tables};

/// Inline. Each order touched by the batch is folded from its own events (up to the newest one in
/// the batch) with the domain's rules, so the rows carry exactly the totals the aggregate computes.
/// Writes are set-based (a handful of statements per batch, whatever its size), and a replay
/// keeps the folded orders between batches and writes each order once.
pub struct OrderRowsProjection;

pub const ORDER_TABLES: &[&str] = &["order_rows", "order_lines", "order_counts"];

/// What search looks in: number, names, e-mail, phone.
fn search_text(order: &Order) -> String {
    let c = &order.content.customer;
    format!(
        "{} {} {} {} {}",
        order.number, c.firstname, c.lastname, c.email, c.phone
    )
    .to_lowercase()
}

/// A time as PostgreSQL stores it: to the microsecond, the rest cut off (as a bound parameter
/// is), so rows written before and after this code compare equal.
fn micros(at: DateTime<Utc>) -> DateTime<Utc> {
    at.with_nanosecond(at.nanosecond() / 1_000 * 1_000)
        .unwrap_or(at)
}

/// The rows of many orders as columns, for `unnest` (binary arrays: no text to parse).
#[derive(Default)]
struct RowColumns {
    id: Vec<Uuid>,
    client_id: Vec<Uuid>,
    number: Vec<i64>,
    status: Vec<&'static str>,
    payment_status: Vec<&'static str>,
    is_pos: Vec<bool>,
    firstname: Vec<String>,
    lastname: Vec<String>,
    email: Vec<String>,
    phone: Vec<String>,
    company_id: Vec<Option<Uuid>>,
    contact_id: Vec<Option<Uuid>>,
    contract_id: Vec<Option<Uuid>>,
    category_id: Vec<Option<Uuid>>,
    event_title: Vec<Option<String>>,
    line_count: Vec<i32>,
    subtotal: Vec<i64>,
    discount: Vec<i64>,
    additional_fee: Vec<i64>,
    vat: Vec<i64>,
    total: Vec<i64>,
    pre_payment_total: Vec<i64>,
    regular_total: Vec<i64>,
    search_text: Vec<String>,
    created_at: Vec<DateTime<Utc>>,
    updated_at: Vec<DateTime<Utc>>,
    version: Vec<i64>,
}

#[derive(Default)]
struct LineColumns {
    order_id: Vec<Uuid>,
    line_id: Vec<Uuid>,
    client_id: Vec<Uuid>,
    position: Vec<i32>,
    product_id: Vec<Option<Uuid>>,
    variant_id: Vec<Option<Uuid>>,
    title: Vec<String>,
    sku: Vec<Option<String>>,
    kind: Vec<Option<String>>,
    price: Vec<i64>,
    discount: Vec<i64>,
    amount: Vec<i64>,
    total: Vec<i64>,
    /// Each line's option products as an array literal: `unnest` cannot take ragged arrays.
    option_product_ids: Vec<String>,
    seat: Vec<Option<String>>,
    seat_event_id: Vec<Option<Uuid>>,
    pre_payment: Vec<bool>,
    vat_exempt: Vec<bool>,
}

impl RowColumns {
    fn push(&mut self, id: Uuid, client_id: Uuid, folded: &Folded<Order>) {
        let order = &folded.aggregate;
        let totals = order.totals();
        let c = &order.content;
        self.id.push(id);
        self.client_id.push(client_id);
        self.number.push(order.number);
        self.status.push(order.status.as_str());
        self.payment_status.push(order.payment_status.as_str());
        self.is_pos.push(order.is_pos);
        self.firstname.push(c.customer.firstname.clone());
        self.lastname.push(c.customer.lastname.clone());
        self.email.push(c.customer.email.clone());
        self.phone.push(c.customer.phone.clone());
        self.company_id.push(c.company_id);
        self.contact_id.push(c.contact_id);
        self.contract_id.push(c.contract_id);
        self.category_id.push(c.category_id);
        self.event_title
            .push(c.lines.iter().find_map(|l| l.seat_event.clone()));
        self.line_count
            .push(i32::try_from(c.lines.len()).unwrap_or(i32::MAX));
        self.subtotal.push(totals.subtotal.as_ore());
        self.discount.push(totals.discount.as_ore());
        self.additional_fee.push(totals.additional_fee.as_ore());
        self.vat.push(totals.vat.as_ore());
        self.total.push(totals.total.as_ore());
        self.pre_payment_total
            .push(totals.pre_payment_total.as_ore());
        self.regular_total.push(totals.regular_total.as_ore());
        self.search_text.push(search_text(order));
        self.created_at
            .push(micros(order.created_at.unwrap_or(folded.recorded_at)));
        self.updated_at.push(folded.recorded_at);
        self.version.push(folded.sequence);
    }
}

impl LineColumns {
    fn push(&mut self, id: Uuid, client_id: Uuid, order: &Order) {
        for (position, line) in order.content.lines.iter().enumerate() {
            let options: Vec<String> = line
                .options
                .iter()
                .filter_map(|o| o.product_id)
                .map(|p| p.to_string())
                .collect();
            self.order_id.push(id);
            self.line_id.push(line.id);
            self.client_id.push(client_id);
            self.position
                .push(i32::try_from(position).unwrap_or(i32::MAX));
            self.product_id.push(line.product_id);
            self.variant_id.push(line.variant_id);
            self.title.push(line.title.clone());
            self.sku.push(line.sku.clone());
            self.kind.push(line.kind.clone());
            self.price.push(line.price.as_ore());
            self.discount.push(line.discount.as_ore());
            self.amount.push(line.amount);
            self.total.push(line_amounts(line).total.as_ore());
            self.option_product_ids
                .push(format!("{{{}}}", options.join(",")));
            self.seat.push(line.seat.clone());
            self.seat_event_id.push(line.seat_event_id);
            self.pre_payment.push(line.pre_payment);
            self.vat_exempt.push(line.vat_exempt);
        }
    }
}

/// Writes the rows of these orders (`None`: deleted or never created) and moves the counts.
/// `fresh`: the tables hold none of them yet (a rebuild's first write), so nothing is looked up,
/// replaced or removed.
async fn write_orders(
    conn: &mut PgConnection,
    tables: &Tables,
    orders: &[(Uuid, Option<&Folded<Order>>)],
    fresh: bool,
) -> Result<(), sqlx::Error> {
    let rows_table = tables.get("order_rows");
    let lines_table = tables.get("order_lines");
    let counts_table = tables.get("order_counts");
    let ids: Vec<Uuid> = orders.iter().map(|(id, _)| *id).collect();

    // The count of orders per club and status moves with each order's (club, status), in the
    // order's shard.
    let mut deltas: HashMap<(Uuid, &str, i16), i64> = HashMap::new();
    let before: Vec<(Uuid, Uuid, String)> = if fresh {
        Vec::new()
    } else {
        sqlx::query_as(&format!(
            "SELECT id, client_id, status FROM {rows_table} WHERE id = ANY($1)"
        ))
        .bind(&ids)
        .fetch_all(&mut *conn)
        .await?
    };
    for (id, client, status) in &before {
        *deltas
            .entry((*client, status.as_str(), count_shard(*id)))
            .or_default() -= 1;
    }

    let mut rows = RowColumns::default();
    let mut lines = LineColumns::default();
    let mut gone = Vec::new();
    for (id, folded) in orders {
        let live = folded
            .filter(|f| !f.aggregate.deleted)
            .and_then(|f| f.aggregate.client_id.map(|client| (f, client)));
        match live {
            Some((folded, client_id)) => {
                *deltas
                    .entry((
                        client_id,
                        folded.aggregate.status.as_str(),
                        count_shard(*id),
                    ))
                    .or_default() += 1;
                rows.push(*id, client_id, folded);
                lines.push(*id, client_id, &folded.aggregate);
            }
            None => gone.push(*id),
        }
    }

    if !fresh {
        sqlx::query(&format!(
            "DELETE FROM {lines_table} WHERE order_id = ANY($1)"
        ))
        .bind(&ids)
        .execute(&mut *conn)
        .await?;
        if !gone.is_empty() {
            sqlx::query(&format!("DELETE FROM {rows_table} WHERE id = ANY($1)"))
                .bind(&gone)
                .execute(&mut *conn)
                .await?;
        }
    }
    if !rows.id.is_empty() {
        let upsert = if fresh {
            ""
        } else {
            " ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, payment_status = EXCLUDED.payment_status, \
               firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, email = EXCLUDED.email, phone = EXCLUDED.phone, \
               company_id = EXCLUDED.company_id, contact_id = EXCLUDED.contact_id, contract_id = EXCLUDED.contract_id, \
               category_id = EXCLUDED.category_id, event_title = EXCLUDED.event_title, line_count = EXCLUDED.line_count, \
               subtotal = EXCLUDED.subtotal, discount = EXCLUDED.discount, additional_fee = EXCLUDED.additional_fee, \
               vat = EXCLUDED.vat, total = EXCLUDED.total, pre_payment_total = EXCLUDED.pre_payment_total, \
               regular_total = EXCLUDED.regular_total, search_text = EXCLUDED.search_text, \
               updated_at = EXCLUDED.updated_at, version = EXCLUDED.version"
        };
        sqlx::query(&format!(
            "INSERT INTO {rows_table} (id, client_id, number, status, payment_status, is_pos, firstname, lastname, email, phone, \
               company_id, contact_id, contract_id, category_id, event_title, line_count, subtotal, discount, additional_fee, \
               vat, total, pre_payment_total, regular_total, search_text, created_at, updated_at, version) \
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[], $6::boolean[], $7::text[], \
               $8::text[], $9::text[], $10::text[], $11::uuid[], $12::uuid[], $13::uuid[], $14::uuid[], $15::text[], \
               $16::integer[], $17::bigint[], $18::bigint[], $19::bigint[], $20::bigint[], $21::bigint[], $22::bigint[], \
               $23::bigint[], $24::text[], $25::timestamptz[], $26::timestamptz[], $27::bigint[]){upsert}"
        ))
        .bind(&rows.id)
        .bind(&rows.client_id)
        .bind(&rows.number)
        .bind(&rows.status)
        .bind(&rows.payment_status)
        .bind(&rows.is_pos)
        .bind(&rows.firstname)
        .bind(&rows.lastname)
        .bind(&rows.email)
        .bind(&rows.phone)
        .bind(&rows.company_id)
        .bind(&rows.contact_id)
        .bind(&rows.contract_id)
        .bind(&rows.category_id)
        .bind(&rows.event_title)
        .bind(&rows.line_count)
        .bind(&rows.subtotal)
        .bind(&rows.discount)
        .bind(&rows.additional_fee)
        .bind(&rows.vat)
        .bind(&rows.total)
        .bind(&rows.pre_payment_total)
        .bind(&rows.regular_total)
        .bind(&rows.search_text)
        .bind(&rows.created_at)
        .bind(&rows.updated_at)
        .bind(&rows.version)
        .execute(&mut *conn)
        .await?;
    }
    if !lines.order_id.is_empty() {
        sqlx::query(&format!(
            "INSERT INTO {lines_table} (order_id, line_id, client_id, position, product_id, variant_id, title, sku, type, \
               price, discount, amount, total, option_product_ids, seat, seat_event_id, pre_payment, vat_exempt) \
             SELECT order_id, line_id, client_id, position, product_id, variant_id, title, sku, type, price, discount, \
               amount, total, option_product_ids::uuid[], seat, seat_event_id, pre_payment, vat_exempt \
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::integer[], $5::uuid[], $6::uuid[], $7::text[], $8::text[], \
               $9::text[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::text[], $15::text[], $16::uuid[], \
               $17::boolean[], $18::boolean[]) AS l (order_id, line_id, client_id, position, product_id, variant_id, title, \
               sku, type, price, discount, amount, total, option_product_ids, seat, seat_event_id, pre_payment, vat_exempt)"
        ))
        .bind(&lines.order_id)
        .bind(&lines.line_id)
        .bind(&lines.client_id)
        .bind(&lines.position)
        .bind(&lines.product_id)
        .bind(&lines.variant_id)
        .bind(&lines.title)
        .bind(&lines.sku)
        .bind(&lines.kind)
        .bind(&lines.price)
        .bind(&lines.discount)
        .bind(&lines.amount)
        .bind(&lines.total)
        .bind(&lines.option_product_ids)
        .bind(&lines.seat)
        .bind(&lines.seat_event_id)
        .bind(&lines.pre_payment)
        .bind(&lines.vat_exempt)
        .execute(&mut *conn)
        .await?;
    }

    let mut moved: Vec<_> = deltas.into_iter().filter(|(_, d)| *d != 0).collect();
    // In key order, so two transactions never wait on each other's count rows crosswise.
    moved.sort_unstable();
    let (mut clubs, mut statuses, mut shards, mut changes) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for ((club, status, shard), delta) in moved {
        clubs.push(club);
        statuses.push(status);
        shards.push(shard);
        changes.push(delta);
    }
    if !clubs.is_empty() {
        sqlx::query(&format!(
            "INSERT INTO {counts_table} (client_id, status, shard, orders) \
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::smallint[], $4::bigint[]) \
             ON CONFLICT (client_id, status, shard) DO UPDATE SET orders = {counts_table}.orders + EXCLUDED.orders"
        ))
        .bind(&clubs)
        .bind(&statuses)
        .bind(&shards)
        .bind(&changes)
        .execute(&mut *conn)
        .await?;
    }
    // Only a count that went down can have reached 0.
    if changes.iter().any(|c| *c < 0) {
        sqlx::query(&format!(
            "DELETE FROM {counts_table} c USING unnest($1::uuid[], $2::text[], $3::smallint[]) AS t (client_id, status, shard) \
             WHERE c.client_id = t.client_id AND c.status = t.status AND c.shard = t.shard AND c.orders = 0"
        ))
        .bind(&clubs)
        .bind(&statuses)
        .bind(&shards)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The shards of a club's order counts (schema/0038): the new orders of a rush raise different
/// rows instead of all queueing on one.
pub const COUNT_SHARDS: u8 = 64;

/// The count shard an order counts in, from its id (as `get_byte(uuid_send(id), 15) % 64` in SQL).
pub fn count_shard(order: Uuid) -> i16 {
    i16::from(order.as_bytes()[15] % COUNT_SHARDS)
}

fn parse_ids<'a>(
    ids: impl IntoIterator<Item = &'a String>,
) -> Result<Vec<(Uuid, &'a String)>, sqlx::Error> {
    ids.into_iter()
        .map(|id| Ok((id.parse::<Uuid>().map_err(decode_error)?, id)))
        .collect()
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
        let mut states = HashMap::new();
        let touched = fold_batch::<Order>(conn, events, &mut states).await?;
        // An order whose first event is in this batch (created in the transaction that writes
        // these events: inline, so exactly once) has no rows yet: nothing to look up or remove.
        let created: HashSet<&str> = events
            .iter()
            .filter(|e| e.sequence == 1)
            .map(|e| e.aggregate_id.as_str())
            .collect();
        let mut new: Vec<(Uuid, Option<&Folded<Order>>)> = Vec::new();
        let mut old: Vec<(Uuid, Option<&Folded<Order>>)> = Vec::new();
        for (uuid, id) in parse_ids(&touched)? {
            let order = (uuid, states.get(id));
            if created.contains(id.as_str()) {
                new.push(order);
            } else {
                old.push(order);
            }
        }
        if !new.is_empty() {
            write_orders(conn, tables, &new, true).await?;
        }
        if !old.is_empty() {
            write_orders(conn, tables, &old, false).await?;
        }
        Ok(())
    }

    fn reads_metadata(&self) -> bool {
        false
    }

    fn rebuild(&self) -> Option<Box<dyn Rebuild>> {
        Some(Box::new(OrderRowsRebuild::default()))
    }
}

/// A replay of the order tables. Orders are folded across batches; an order that two batches in
/// a row did not touch is written and forgotten, so rows are written while the next events are
/// read, memory stays bounded, and most orders are written once. A later event of a forgotten
/// order refolds it from the store and replaces its row.
#[derive(Default)]
struct OrderRowsRebuild {
    states: HashMap<String, Folded<Order>>,
    /// The batch that last touched each held order.
    touched_in: HashMap<String, u64>,
    batches: u64,
    /// Orders whose rows exist in the shadow tables.
    written: HashSet<Uuid>,
}

impl OrderRowsRebuild {
    /// Writes the held orders that `keep` refuses, and forgets them.
    async fn write_out(
        &mut self,
        conn: &mut PgConnection,
        tables: &Tables,
        keep: impl Fn(u64) -> bool,
    ) -> Result<(), sqlx::Error> {
        let mut leaving: Vec<String> = self
            .touched_in
            .iter()
            .filter(|(_, batch)| !keep(**batch))
            .map(|(id, _)| id.clone())
            .collect();
        leaving.sort();
        let mut fresh = Vec::new();
        let mut again = Vec::new();
        for (uuid, id) in parse_ids(&leaving)? {
            if self.written.insert(uuid) {
                fresh.push((uuid, self.states.get(id)));
            } else {
                again.push((uuid, self.states.get(id)));
            }
        }
        for chunk in fresh.chunks(20_000) {
            write_orders(conn, tables, chunk, true).await?;
        }
        for chunk in again.chunks(20_000) {
            write_orders(conn, tables, chunk, false).await?;
        }
        for id in leaving {
            self.states.remove(&id);
            self.touched_in.remove(&id);
        }
        Ok(())
    }
}

#[async_trait]
impl Rebuild for OrderRowsRebuild {
    async fn apply(
        &mut self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        self.batches += 1;
        for id in fold_batch::<Order>(conn, events, &mut self.states).await? {
            self.touched_in.insert(id, self.batches);
        }
        let current = self.batches;
        self.write_out(conn, tables, |batch| batch + 1 >= current)
            .await
    }

    async fn finish(
        &mut self,
        conn: &mut PgConnection,
        tables: &Tables,
    ) -> Result<(), sqlx::Error> {
        self.write_out(conn, tables, |_| false).await
    }
}
