//! A year of invoicing for Demo FC (issue 13 'Demo data'), made through the real paths: a few
//! business orders invoiced from their invoicing method, every contract invoice that has fallen
//! due made by the daily run, all booked in date order (so the numbers follow the dates, and
//! e-conomic booking jobs are queued), most sent, most paid, some overdue, and two credited.

use chrono::{Duration, NaiveDate, Utc};
use tribune_domain::invoice::InvoiceCommand;
use tribune_domain::money::Money;
use tribune_domain::order::{
    Customer, Invoicing, InvoicingType, OrderContent, OrderLine, OrderStatus,
};
use uuid::Uuid;

use crate::invoices::due::invoice_due;
use crate::invoices::InvoiceService;
use crate::kit::actor::Actor;
use crate::orders::OrderService;
use crate::state::AppState;

fn fail(what: &'static str) -> impl Fn(crate::error::ApiError) -> anyhow::Error {
    move |e| anyhow::anyhow!("demo invoices, {what}: {e:?}")
}

pub async fn seed_demo_invoices(state: &AppState) -> anyhow::Result<()> {
    let pool = &state.pool;
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let has_invoices: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM invoice_rows WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if has_invoices {
        return Ok(());
    }
    let (staff_id, staff_name): (Uuid, String) = sqlx::query_as(
        "SELECT id, firstname || ' ' || lastname FROM users WHERE email = 'staff@tribune.test'",
    )
    .fetch_one(pool)
    .await?;
    let actor = Actor::user(club, staff_id, &staff_name);
    let today = crate::kit::dates::today();

    // Business orders with an invoicing method, over the past year: merchandise (not the
    // sponsor products, which contracts sell) in team quantities.
    let products: Vec<(Uuid, String, i64)> = sqlx::query_as(
        "SELECT id, title, price FROM products WHERE client_id = $1 AND type = 'product' AND active \
         AND contract_setup IS NULL AND price BETWEEN 5000 AND 150000 ORDER BY title",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let buyers: Vec<(Uuid, Uuid, String, String, String)> = sqlx::query_as(
        "SELECT DISTINCT ON (cc.company_id) cc.company_id, k.id, k.firstname, k.lastname, k.email \
         FROM company_contacts cc JOIN contacts k ON k.id = cc.contact_id \
         WHERE cc.client_id = $1 AND k.email LIKE '%@%' ORDER BY cc.company_id, k.lastname",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let orders = OrderService::of(state);
    let invoices = InvoiceService::of(state);
    if !products.is_empty() && !buyers.is_empty() {
        for k in 0..8usize {
            let (company, contact, firstname, lastname, email) =
                buyers[(k * 3) % buyers.len()].clone();
            let date = today - Duration::days(20 + 41 * k as i64);
            let lines = (0..1 + k % 3)
                .map(|j| {
                    let (id, title, price) = &products[(k * 2 + j) % products.len()];
                    OrderLine {
                        id: Uuid::new_v4(),
                        product_id: Some(*id),
                        title: title.clone(),
                        kind: Some("product".into()),
                        price: Money::ore(*price),
                        amount: 5 + (k as i64 % 4) * 5,
                        ..OrderLine::default()
                    }
                })
                .collect();
            let rates = k % 4 == 3;
            let content = OrderContent {
                customer: Customer {
                    firstname,
                    lastname,
                    email,
                    phone: String::new(),
                },
                company_id: Some(company),
                contact_id: Some(contact),
                lines,
                description: Some("Firmabestilling".to_string()),
                invoicing: Invoicing {
                    kind: Some(if rates {
                        InvoicingType::Rates
                    } else {
                        InvoicingType::Single
                    }),
                    invoice_date: Some(date),
                    rate_fee: rates.then_some(300),
                    ..Invoicing::default()
                },
                ..OrderContent::default()
            };
            let id = orders
                .create(&actor, content, OrderStatus::Draft, false)
                .await
                .map_err(fail("order"))?;
            orders
                .approve(&actor, id)
                .await
                .map_err(fail("approve order"))?;
            invoices
                .invoice_order(&actor, id)
                .await
                .map_err(fail("invoice order"))?;
        }
    }

    // Every contract invoice due by today, as the daily run makes them.
    invoice_due(state, today).await.map_err(fail("due run"))?;

    // Booked in date order; sent; paid unless recent or one in five; two credited.
    let drafts: Vec<(Uuid, NaiveDate)> = sqlx::query_as(
        "SELECT id, invoice_date FROM invoice_rows WHERE client_id = $1 AND number IS NULL \
         AND invoice_date <= $2 ORDER BY invoice_date, created_at",
    )
    .bind(club)
    .bind(today)
    .fetch_all(pool)
    .await?;
    for (i, (id, date)) in drafts.iter().enumerate() {
        invoices
            .book(&actor, *id, None)
            .await
            .map_err(fail("book"))?;
        let recent = (today - *date).num_days() < 10;
        if recent && i % 2 == 0 {
            continue;
        }
        invoices
            .execute(
                &actor,
                *id,
                None,
                InvoiceCommand::MarkSent { at: Utc::now() },
                "invoice.sent",
            )
            .await
            .map_err(fail("sent"))?;
        if (today - *date).num_days() > 20 && i % 5 != 1 {
            let paid_on = (*date + Duration::days(5 + (i % 9) as i64)).min(today);
            invoices
                .execute(
                    &actor,
                    *id,
                    None,
                    InvoiceCommand::MarkPaid { paid_on },
                    "invoice.paid",
                )
                .await
                .map_err(fail("paid"))?;
        }
    }
    for (id, _) in drafts.iter().skip(3).step_by(11).take(2) {
        let note = invoices.credit(&actor, *id).await.map_err(fail("credit"))?;
        invoices
            .book(&actor, note, None)
            .await
            .map_err(fail("book credit note"))?;
    }
    Ok(())
}
