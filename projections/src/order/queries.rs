//! The ONLY SQL that reads the order read tables (`order_rows`, `order_lines`, `order_counts`):
//! the orders list and its export, the web shop's orders, a company's orders and revenue, and whether a product or a
//! category is on an order. Other areas ask here instead of reading the tables themselves.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::list::{Count, Filter, ListSpec, Paging, Search, SortColumn, SortDir};

/// One row of the orders list (spec 3 §2 Orders list), under the names the list reads.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct OrderListRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "OrderNumber")]
    #[ts(type = "number")]
    pub order_number: i64,
    #[serde(rename = "Number")]
    #[ts(type = "number")]
    pub number: i64,
    /// An `OrderStatus` as the aggregate names it.
    #[serde(rename = "Status")]
    #[ts(type = "OrderStatus")]
    pub status: String,
    #[serde(rename = "PaymentStatus")]
    #[ts(type = "PaymentStatus")]
    pub payment_status: String,
    #[serde(rename = "IsPOS")]
    pub is_pos: bool,
    #[serde(rename = "Contact")]
    pub contact: Option<String>,
    #[serde(rename = "Firstname")]
    pub firstname: String,
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[serde(rename = "Company")]
    pub company: Option<String>,
    #[serde(rename = "Event")]
    pub event: Option<String>,
    #[serde(rename = "OrderLines")]
    pub order_lines: i32,
    /// Øre.
    #[serde(rename = "Total")]
    #[ts(type = "number")]
    pub total: i64,
    #[serde(rename = "CreateDate")]
    pub create_date: DateTime<Utc>,
}

/// A search shows at most the newest this-many matching orders (its Total says so): enough to
/// page through, and cheap even when a common name matches a tenth of 200,000 orders.
pub const SEARCH_CAP: i64 = 1_000;

/// The orders list: counted from `order_counts`, searched through the trigram index behind
/// `order_search` (schema/0011), paged by a deferred join on the club's order number.
pub const ORDERS: ListSpec = ListSpec {
    from: "order_rows t LEFT JOIN companies c ON c.id = t.company_id \
           LEFT JOIN contacts k ON k.id = t.contact_id",
    club: Some("t.client_id"),
    columns: "t.id, t.number AS order_number, t.number, t.status, t.payment_status, t.is_pos, \
        nullif(trim(coalesce(k.firstname, t.firstname) || ' ' || coalesce(k.lastname, t.lastname)), '') AS contact, \
        t.firstname, t.lastname, c.name AS company, t.event_title AS event, t.line_count AS order_lines, t.total, \
        t.created_at AS create_date",
    key: "t.number",
    filters: &[
        Filter::Text {
            name: "status",
            column: "t.status",
        },
        // The company page's 'Vis alle'.
        Filter::Id {
            name: "companyId",
            column: "t.company_id",
        },
    ],
    search: Search::Function {
        name: "order_search",
        id: "t.id",
        cap: SEARCH_CAP,
    },
    sorts: &[
        SortColumn::of("Number", "t.number"),
        SortColumn::of("OrderNumber", "t.number"),
        SortColumn::of("Status", "t.status"),
        SortColumn::of("PaymentStatus", "t.payment_status"),
        SortColumn::of("Contact", "lower(t.firstname || ' ' || t.lastname)"),
        SortColumn::nullable("Company", "lower(c.name)"),
        SortColumn::nullable("Event", "t.event_title"),
        SortColumn::of("Total", "t.total"),
        SortColumn::of("CreateDate", "t.created_at"),
    ],
    default_sort: ("Number", SortDir::Desc),
    count: Count::Counter {
        table: "order_counts",
        sum: "orders",
        by: &[("status", "status")],
    },
    paging: Paging::DeferredJoin,
};

/// The web shop's orders (the Webshop page, issue 37 §6): those a shop checkout confirmed, in
/// the orders list's row shape, newest first.
pub const SHOP_ORDERS: ListSpec = ListSpec {
    from: "order_rows t JOIN sales s ON s.order_id = t.id AND s.channel = 'shop' AND s.status = 'confirmed' \
           LEFT JOIN companies c ON c.id = t.company_id \
           LEFT JOIN contacts k ON k.id = t.contact_id",
    club: Some("t.client_id"),
    columns: ORDERS.columns,
    key: "t.number",
    filters: &[Filter::Text {
        name: "status",
        column: "t.status",
    }],
    search: Search::Text("t.search_text"),
    sorts: ORDERS.sorts,
    default_sort: ("Number", SortDir::Desc),
    count: Count::Exact,
    paging: Paging::Offset,
};

/// A company's orders, newest first, as the company page shows them (`limit`: the first few).
pub async fn company_orders(
    conn: &mut PgConnection,
    client_id: Uuid,
    company_id: Uuid,
    limit: Option<i64>,
) -> Result<Vec<Value>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT jsonb_build_object('id', id, 'orderNumber', number, 'status', status, \
           'paymentStatus', payment_status, 'createDate', created_at, 'subtotal', subtotal, \
           'additionalFee', additional_fee, 'vat', vat, 'total', total) \
         FROM order_rows WHERE client_id = $1 AND company_id = $2 ORDER BY number DESC LIMIT $3",
    )
    .bind(client_id)
    .bind(company_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// A company's revenue in øre: its approved orders of `year` (Danish time), without VAT. Summed
/// as numeric and held within bigint: rows written before the money bounds may hold amounts near
/// its ends.
pub async fn company_revenue(
    conn: &mut PgConnection,
    client_id: Uuid,
    company_id: Uuid,
    year: i32,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT least(greatest(coalesce(sum(subtotal::numeric + additional_fee), 0), \
                  -9223372036854775808), 9223372036854775807)::bigint FROM order_rows \
         WHERE client_id = $1 AND company_id = $2 AND status = 'approved' \
         AND extract(year FROM created_at AT TIME ZONE 'Europe/Copenhagen')::int = $3",
    )
    .bind(client_id)
    .bind(company_id)
    .bind(year)
    .fetch_one(conn)
    .await
}

/// Whether a product is on a line, or an option of a line, of any of the club's orders.
pub async fn product_is_on_an_order(
    conn: &mut PgConnection,
    client_id: Uuid,
    product_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM order_lines WHERE client_id = $1 \
         AND (product_id = $2 OR $2 = ANY(option_product_ids)))",
    )
    .bind(client_id)
    .bind(product_id)
    .fetch_one(conn)
    .await
}

/// Whether any of the club's orders has this order category.
pub async fn category_is_on_an_order(
    conn: &mut PgConnection,
    client_id: Uuid,
    category_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM order_rows WHERE client_id = $1 AND category_id = $2)",
    )
    .bind(client_id)
    .bind(category_id)
    .fetch_one(conn)
    .await
}

/// 'Ordre #12': how a comment names the order it is about; None when the club has no such order.
pub async fn order_label(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT 'Ordre #' || number FROM order_rows WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// Whether the club has any order (the demo seed makes its orders once).
pub async fn club_has_orders(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM order_rows WHERE client_id = $1)")
        .bind(client_id)
        .fetch_one(conn)
        .await
}

/// One line of a buyer's order: what and how many.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct BuyerOrderLine {
    pub title: String,
    pub amount: i64,
}

/// One of a buyer's own orders (a booking or a shop checkout), as their profile lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BuyerOrderRow {
    pub id: Uuid,
    pub number: i64,
    pub created_at: DateTime<Utc>,
    /// The order's state (`OrderStatus`): staff may have cancelled a confirmed sale.
    pub status: String,
    pub total: i64,
    /// 'booking' or 'shop'.
    pub kind: String,
    /// The sale's own state: 'pending' (waits for its payment), 'confirmed', 'cancelled'.
    pub sale_status: String,
    pub event_id: Option<Uuid>,
    pub event_title: Option<String>,
    pub event_start: Option<DateTime<Utc>>,
    pub lines: sqlx::types::Json<Vec<BuyerOrderLine>>,
}

/// The club's bookings and shop orders of a buyer, newest first: those made by `user_id`, and
/// when `email` is given (a confirmed address) those with that customer e-mail, made before the
/// user was or without signing in.
pub async fn of_buyer(
    conn: &mut PgConnection,
    client_id: Uuid,
    user_id: Uuid,
    email: Option<&str>,
) -> Result<Vec<BuyerOrderRow>, sqlx::Error> {
    sqlx::query_as(
        "WITH bought AS ( \
           SELECT order_id, user_id, CASE channel WHEN 'shop' THEN 'shop' ELSE 'booking' END AS kind, \
             status, event_id FROM sales WHERE client_id = $1) \
         SELECT o.id, o.number, o.created_at, o.status, o.total, s.kind, s.status AS sale_status, \
           s.event_id, e.title AS event_title, e.start_date AS event_start, \
           coalesce((SELECT json_agg(json_build_object('title', l.title, 'amount', l.amount) \
                       ORDER BY l.position) FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines \
         FROM bought s JOIN order_rows o ON o.id = s.order_id AND o.client_id = $1 \
         LEFT JOIN club_events e ON e.id = s.event_id \
         WHERE s.user_id = $2 OR ($3::text IS NOT NULL AND lower(o.email) = lower($3)) \
         ORDER BY o.created_at DESC, o.number DESC LIMIT 200",
    )
    .bind(client_id)
    .bind(user_id)
    .bind(email)
    .fetch_all(conn)
    .await
}
