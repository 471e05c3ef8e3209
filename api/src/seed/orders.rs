//! The orders of Demo FC.

use serde_json::Value;
use sqlx::PgPool;
use tribune_domain::money::Money;
use uuid::Uuid;

/// About 150 orders of Demo FC across every status and payment status, made through the order
/// commands (so each has a real history, with the demo sales person as the author). Runs once.
pub async fn seed_demo_orders(pool: &PgPool) -> anyhow::Result<()> {
    use tribune_domain::order::{
        Customer, LineOption, Order, OrderContent, OrderLine, OrderStatus, PaymentStatus,
    };
    use tribune_projections::registry;
    use tribune_projections::store::{CommandBus, PgEventStore};

    use crate::kit::actor::Actor;
    use crate::orders::service::DemoStep;
    use crate::orders::OrderService;

    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let has_orders =
        tribune_projections::order::queries::club_has_orders(&mut *pool.acquire().await?, club)
            .await?;
    if has_orders {
        return Ok(());
    }
    let (staff_id, staff_name): (Uuid, String) = sqlx::query_as(
        "SELECT id, firstname || ' ' || lastname FROM users WHERE email = 'staff@tribune.test'",
    )
    .fetch_one(pool)
    .await?;
    let products: Vec<(Uuid, String, String, i64, Value)> = sqlx::query_as(
        "SELECT id, title, type, price, variants FROM products WHERE client_id = $1 AND type IN ('product', 'ticket', 'seat-ticket') \
         AND price < 1000000 ORDER BY title",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let options: Vec<(Uuid, String, i64)> = sqlx::query_as(
        "SELECT id, title, price FROM products WHERE client_id = $1 AND title IN ('Navnetryk') ORDER BY title",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let links: Vec<(Uuid, Uuid, String, String, Option<String>)> = sqlx::query_as(
        "SELECT cc.company_id, k.id, k.firstname, k.lastname, k.email FROM company_contacts cc \
         JOIN contacts k ON k.id = cc.contact_id WHERE cc.client_id = $1 ORDER BY k.lastname, k.firstname",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    if products.is_empty() {
        return Ok(());
    }
    let bus = CommandBus::new(
        PgEventStore::<Order>::new(pool.clone(), registry::inline_for("order")),
        (),
    );
    let tickets = CommandBus::new(
        PgEventStore::new(pool.clone(), registry::inline_for("ticket")),
        (),
    );
    // The seed has no web address of its own: its orders send no mails.
    let orders = OrderService::new(pool, &bus, &tickets, "");
    let actor = Actor::user(club, staff_id, &staff_name);
    const FIRST: [&str; 12] = [
        "Mette", "Lars", "Sofie", "Anders", "Ida", "Jens", "Camilla", "Mikkel", "Freja", "Rasmus",
        "Louise", "Henrik",
    ];
    const LAST: [&str; 10] = [
        "Jensen",
        "Nielsen",
        "Hansen",
        "Pedersen",
        "Andersen",
        "Christensen",
        "Larsen",
        "Sørensen",
        "Rasmussen",
        "Madsen",
    ];
    // A small deterministic generator: the demo is the same every time.
    let mut seed: u64 = 20_261_121;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n.max(1)
    };
    for i in 0..150usize {
        let pos = i % 17 == 5;
        let linked = (!pos && i % 3 == 0 && !links.is_empty()).then(|| &links[next(links.len())]);
        let (firstname, lastname) = match linked {
            Some((_, _, f, l, _)) => (f.clone(), l.clone()),
            None if pos => (String::new(), String::new()),
            None => (
                FIRST[next(FIRST.len())].to_string(),
                LAST[next(LAST.len())].to_string(),
            ),
        };
        let email = match linked {
            Some((_, _, _, _, Some(e))) => e.clone(),
            _ if pos => String::new(),
            _ => format!(
                "{}.{}{}@example.dk",
                firstname.to_lowercase(),
                lastname.to_lowercase(),
                i
            )
            .replace('ø', "oe")
            .replace('æ', "ae")
            .replace('å', "aa"),
        };
        let mut lines = Vec::new();
        for _ in 0..1 + next(3) {
            let (product_id, title, kind, price, variants) = &products[next(products.len())];
            let variant = variants
                .as_array()
                .filter(|v| !v.is_empty())
                .map(|v| v[next(v.len())].clone());
            let mut line = OrderLine {
                id: Uuid::new_v4(),
                product_id: Some(*product_id),
                title: title.clone(),
                kind: Some(kind.clone()),
                price: Money::ore(*price),
                amount: 1 + next(4) as i64,
                ..OrderLine::default()
            };
            if let Some(v) = variant {
                line.variant_id = v["id"].as_str().and_then(|s| s.parse().ok());
                line.variant = v["title"].as_str().map(str::to_string);
                line.price = Money::ore(v["price"].as_i64().unwrap_or(*price));
            }
            if kind == "seat-ticket" {
                line.amount = 1;
                line.seat = Some(format!(
                    "{}-{}",
                    ["A", "B", "C", "D"][next(4)],
                    1 + next(30)
                ));
                line.seat_event = Some("Demo FC – Sæsonpremiere".to_string());
            }
            if kind == "product" && !options.is_empty() && next(2) == 0 {
                let (oid, otitle, oprice) = &options[0];
                line.options.push(LineOption {
                    product_id: Some(*oid),
                    title: otitle.clone(),
                    price: Money::ore(*oprice),
                    ..LineOption::default()
                });
            }
            if next(5) == 0 {
                line.discount = line.price.mul_div(1, 10);
            }
            lines.push(line);
        }
        let content = OrderContent {
            customer: Customer {
                firstname,
                lastname,
                email,
                phone: if pos {
                    String::new()
                } else {
                    format!("2{:07}", 1_000_000 + i * 7_919)
                },
            },
            company_id: linked.map(|l| l.0),
            contact_id: linked.map(|l| l.1),
            lines,
            internal: (i % 11 == 0).then(|| "Kunden henter ved indgang B".to_string()),
            ..OrderContent::default()
        };
        let id = orders
            .create(&actor, content, OrderStatus::Draft, pos)
            .await
            .map_err(|e| anyhow::anyhow!("demo order: {e}"))?;
        let paid = DemoStep::Payment(PaymentStatus::Paid);
        let steps: &[DemoStep] = match i % 10 {
            0..=2 => &[],
            3..=5 => &[DemoStep::Approve],
            6 => &[DemoStep::Process],
            7 => &[DemoStep::Approve, DemoStep::Cancel],
            8 => &[DemoStep::Approve, paid],
            _ => &[
                DemoStep::Payment(PaymentStatus::Authorized),
                DemoStep::Approve,
            ],
        };
        let mut steps = steps.to_vec();
        if pos {
            steps = vec![DemoStep::Approve, paid];
        }
        if i % 10 == 7 && i % 20 == 17 {
            steps.push(DemoStep::Payment(PaymentStatus::Refunded));
        }
        for step in steps {
            orders
                .demo_step(&actor, id, step)
                .await
                .map_err(|e| anyhow::anyhow!("demo order step: {e}"))?;
        }
    }
    Ok(())
}
