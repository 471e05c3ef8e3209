//! The contracts of Demo FC.

use chrono::{Datelike, Duration, Months, NaiveDate, Utc};
use serde_json::Value;
use sqlx::PgPool;
use tribune_domain::contract::{
    AgreementStatus, Contract, ContractCommand, ContractContent, ContractLine, CustomPeriod,
    InvoicingPlan, PlanKind, Unit,
};
use tribune_domain::money::Money;
use tribune_domain::order::OrderLine;
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, PgEventStore};
use uuid::Uuid;

use crate::contracts::signing::{self, Visitor};
use crate::contracts::ContractService;
use crate::kit::actor::Actor;
use crate::storage::Storage;

/// The demo contract that makes its company the VIP sponsor (approved, agreement signed).
const VIP_CONTRACT: usize = 16;

/// A pen stroke on a transparent pad: the demo signature.
fn demo_signature() -> anyhow::Result<String> {
    use base64::Engine;
    let mut pad = image::RgbaImage::new(360, 120);
    for x in 20..340u32 {
        let t = f64::from(x) / 18.0;
        let y = (60.0 + t.sin() * 25.0 + (t * 2.3).cos() * 8.0) as u32;
        for dy in 0..3 {
            pad.put_pixel(x, y + dy, image::Rgba([20, 20, 60, 255]));
        }
    }
    let mut bytes = Vec::new();
    pad.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )?;
    Ok(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}

/// A catalogue product with a contract setup: (id, title, type, price, pre-payment, VAT exempt,
/// setup).
type SetupProduct = (Uuid, String, String, i64, bool, bool, Value);

/// A contract line of `amount` of the product at its price.
fn contract_line(product: &SetupProduct, amount: i64, pre_payment: bool) -> ContractLine {
    let (id, title, kind, price, _, exempt, setup) = product;
    ContractLine {
        line: OrderLine {
            id: Uuid::new_v4(),
            product_id: Some(*id),
            title: title.clone(),
            kind: Some(kind.clone()),
            price: Money::ore(*price),
            amount,
            pre_payment,
            vat_exempt: *exempt,
            ..OrderLine::default()
        },
        unit: unit(setup),
    }
}

fn unit(setup: &Value) -> Unit {
    match setup.get("unit").and_then(Value::as_str) {
        Some("person") => Unit::Person,
        Some("meter") => Unit::Meter,
        _ => Unit::Stk,
    }
}

/// About 30 contracts of Demo FC, made through the contract commands by the demo sales person:
/// every status and agreement status, spread over the pipeline's columns and the renewal
/// buckets; one signed through the real signing path, one renewed, one cancelled and
/// reactivated. Runs once (needs the CRM and catalogue demo data).
pub async fn seed_demo_contracts(
    pool: &PgPool,
    storage: &Storage,
    public_url: &str,
) -> anyhow::Result<()> {
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    if tribune_projections::contract::queries::club_has_contracts(&mut *pool.acquire().await?, club)
        .await?
    {
        return Ok(());
    }
    let users: Vec<(Uuid, String)> = sqlx::query_as(
        "SELECT id, firstname || ' ' || lastname FROM users \
         WHERE email IN ('staff@tribune.test', 'admin@tribune.test') ORDER BY email DESC",
    )
    .fetch_all(pool)
    .await?;
    let categories: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM order_categories WHERE client_id = $1 ORDER BY title")
            .bind(club)
            .fetch_all(pool)
            .await?;
    let products: Vec<SetupProduct> = sqlx::query_as(
        "SELECT id, title, type, price, pre_payment, vat_exempt, contract_setup FROM products \
         WHERE client_id = $1 AND contract_setup IS NOT NULL AND active ORDER BY title",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let links: Vec<(Uuid, Uuid)> = sqlx::query_as(
        "SELECT DISTINCT ON (cc.company_id) cc.company_id, k.id FROM company_contacts cc \
         JOIN contacts k ON k.id = cc.contact_id WHERE cc.client_id = $1 AND k.email LIKE '%@%' \
         ORDER BY cc.company_id, k.lastname, k.firstname",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let (Some((staff_id, staff_name)), false, false, false) = (
        users.first().cloned(),
        categories.is_empty(),
        products.is_empty(),
        links.is_empty(),
    ) else {
        return Ok(());
    };
    let bus: CommandBus<Contract> = CommandBus::new(
        PgEventStore::new(pool.clone(), registry::inline_for("contract")),
        (),
    );
    let service = ContractService::new(pool, &bus, storage, public_url);
    let actor = Actor::user(club, staff_id, &staff_name);
    let today = Utc::now().date_naive();
    let year_start = NaiveDate::from_ymd_opt(today.year(), 1, 1).unwrap_or(today);
    // Renewal dates that land in every bucket of the Genforhandling board (days from today).
    const RENEW_IN: [i64; 8] = [-150, -40, 12, 45, 75, 130, 170, 300];
    let signature = demo_signature()?;

    let mut made = Vec::new();
    for i in 0..30usize {
        let (company, contact) = links[(i * 7) % links.len()];
        let mut lines: Vec<ContractLine> = (0..1 + i % 3)
            .map(|k| {
                let product = &products[(i * 5 + k * 3) % products.len()];
                let amount = if unit(&product.6) == Unit::Stk {
                    1 + (i % 2) as i64
                } else {
                    1
                };
                contract_line(product, amount, product.4 && i % 4 == 0)
            })
            .collect();
        let mut start = year_start
            .checked_add_months(Months::new((i % 6) as u32))
            .unwrap_or(year_start);
        // The VIP sponsor (approved and signed below): four VIP tickets per home match for a
        // year from this month, whatever the day the demo is made.
        if i == VIP_CONTRACT {
            if let Some(vip) = products.iter().find(|p| p.1 == "VIP-billetter") {
                lines.retain(|l| l.line.product_id != Some(vip.0));
                lines.insert(0, contract_line(vip, 4, false));
            }
            start = today.with_day(1).unwrap_or(today);
        }
        let end = start
            .checked_add_months(Months::new(12))
            .and_then(|d| d.pred_opt())
            .unwrap_or(start);
        let prepaid = lines.iter().any(|l| l.line.pre_payment);
        let invoicing = match i % 4 {
            0 => InvoicingPlan {
                kind: Some(PlanKind::Single),
                invoice_date: Some(start),
                ..InvoicingPlan::default()
            },
            1 => InvoicingPlan {
                kind: Some(PlanKind::Recurring),
                intervals: Some(3),
                start_date: Some(start),
                ..InvoicingPlan::default()
            },
            2 => InvoicingPlan {
                kind: Some(PlanKind::CustomPeriod),
                intervals: Some(6),
                start_date: Some(start),
                custom_periods: InvoicingPlan::custom_period_dates(start, Some(end), 6)
                    .into_iter()
                    .map(|date| CustomPeriod {
                        date: Some(date),
                        amount: Money::kroner(10_000),
                    })
                    .collect(),
                ..InvoicingPlan::default()
            },
            _ => InvoicingPlan {
                kind: Some(PlanKind::Rates),
                invoice_date: Some(start),
                rate_fee: Some(500),
                ..InvoicingPlan::default()
            },
        };
        let content = ContractContent {
            category_id: Some(categories[i % categories.len()]),
            company_id: Some(company),
            contact_id: Some(contact),
            owner_id: users.get(i % users.len()).map(|u| u.0),
            start_date: Some(start),
            end_date: Some(end),
            renew_date: Some(today + Duration::days(RENEW_IN[i % RENEW_IN.len()])),
            description: Some(format!("Sponsoraftale {}", today.year())),
            invoicing: InvoicingPlan {
                pre_payment_date: prepaid.then_some(start),
                ..invoicing
            },
            lines,
            ..ContractContent::default()
        };
        let id = service
            .create(&actor, content, AgreementStatus::Unsent)
            .await
            .map_err(|e| anyhow::anyhow!("demo contract {i}: {e:?}"))?;
        made.push(id);
    }

    let run = |id: Uuid, command: ContractCommand, name: &'static str| {
        let service = &service;
        let actor = &actor;
        async move {
            service
                .execute(actor, id, None, command, name)
                .await
                .map_err(|e| anyhow::anyhow!("{name} {id}: {e:?}"))
        }
    };
    for (i, id) in made.iter().enumerate() {
        let agreement = match i % 10 {
            0 | 1 => None,
            2 => Some(AgreementStatus::Scheduled),
            3 => Some(AgreementStatus::Negotiation),
            4 => Some(AgreementStatus::Sent),
            _ => {
                run(*id, ContractCommand::Approve, "contract.approve").await?;
                Some(if i % 2 == 0 {
                    AgreementStatus::Signed
                } else {
                    AgreementStatus::Sent
                })
            }
        };
        if let Some(status) = agreement {
            run(
                *id,
                ContractCommand::SetAgreementStatus { status },
                "contract.agreement-status",
            )
            .await?;
        }
    }
    // One signed through the real path: sent for signing, signed on the link's page.
    let signed = made[6];
    run(
        signed,
        ContractCommand::SetAgreementStatus {
            status: AgreementStatus::Negotiation,
        },
        "contract.agreement-status",
    )
    .await?;
    let link = service
        .send_for_signing(&actor, signed)
        .await
        .map_err(|e| anyhow::anyhow!("send for signing: {e:?}"))?;
    let token = link.split("token=").nth(1).unwrap_or_default().to_string();
    signing::sign(
        &service,
        signed,
        &token,
        &signature,
        Visitor {
            ip: "192.0.2.10".into(),
            user_agent: "Mozilla/5.0 (demo)".into(),
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!("sign: {e:?}"))?;
    // One renewed ('Forny'), one cancelled and reactivated, one cancelled.
    service
        .renew(&actor, made[7], None)
        .await
        .map_err(|e| anyhow::anyhow!("renew: {e:?}"))?;
    run(made[8], ContractCommand::Cancel, "contract.cancel").await?;
    run(made[8], ContractCommand::Reactivate, "contract.reactivate").await?;
    run(made[9], ContractCommand::Cancel, "contract.cancel").await?;
    seat_customer_in_vip_company(
        pool,
        club,
        staff_id,
        links[(VIP_CONTRACT * 7) % links.len()].0,
    )
    .await
}

/// The demo's customer, Karen Kunde (kunde@tribune.test), is a person of the VIP sponsor
/// (`VIP_CONTRACT`'s company), so she books 'as' that company: its contract's VIP tickets free,
/// more at full price (issue 15's allowances).
async fn seat_customer_in_vip_company(
    pool: &PgPool,
    club: Uuid,
    staff: Uuid,
    company: Uuid,
) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    let contact: Uuid = sqlx::query_scalar(
        "INSERT INTO contacts (client_id, firstname, lastname, email, phone, created_by) \
         VALUES ($1, 'Karen', 'Kunde', 'kunde@tribune.test', '40 12 34 56', $2) RETURNING id",
    )
    .bind(club)
    .bind(staff)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO company_contacts (client_id, company_id, contact_id) VALUES ($1, $2, $3)",
    )
    .bind(club)
    .bind(company)
    .bind(contact)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
