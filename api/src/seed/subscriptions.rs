//! Demo subscriptions for Demo FC (issue 14), made through the subscription service: three
//! drafts and one active subscription without a card (the customer gives one on the public page
//! from the mailed link), one of them kunde@tribune.test's so the customer's profile has some.

use chrono::Months;
use tribune_domain::money::Money;
use tribune_domain::order::{Customer, OrderLine};
use tribune_domain::subscription::{SubscriptionCommand, SubscriptionContent};
use uuid::Uuid;

use crate::kit::actor::Actor;
use crate::state::AppState;
use crate::subscriptions::SubscriptionService;

fn fail(what: &'static str) -> impl Fn(crate::error::ApiError) -> anyhow::Error {
    move |e| anyhow::anyhow!("demo subscriptions, {what}: {e:?}")
}

pub async fn seed_demo_subscriptions(state: &AppState) -> anyhow::Result<()> {
    let pool = &state.pool;
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM subscription_rows WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let contacts: Vec<(Uuid, String, String, String, String)> = sqlx::query_as(
        "SELECT id, firstname, lastname, coalesce(email, ''), coalesce(nullif(mobile, ''), phone, '') \
         FROM contacts WHERE client_id = $1 AND coalesce(email, '') <> '' ORDER BY lastname, firstname LIMIT 3",
    )
    .bind(club)
    .fetch_all(pool)
    .await?;
    let (staff_id, staff_name): (Uuid, String) = sqlx::query_as(
        "SELECT id, firstname || ' ' || lastname FROM users WHERE email = 'staff@tribune.test'",
    )
    .fetch_one(pool)
    .await?;
    let actor = Actor::user(club, staff_id, &staff_name);
    let service = SubscriptionService::of(state);
    let today = crate::kit::dates::today();
    let line = |title: &str, price: i64| OrderLine {
        id: Uuid::new_v4(),
        title: title.to_string(),
        price: Money::ore(price),
        amount: 1,
        ..OrderLine::default()
    };
    let plans = [
        ("Fitness, fri adgang", 29_900, 1, 6),
        ("Sæsonkort, månedlig betaling", 45_000, 1, 12),
        ("Klubmedlemskab, kvartalsvis", 75_000, 3, 12),
    ];
    for (i, ((contact, first, last, email, phone), (title, price, repeats, commitment))) in
        contacts.into_iter().zip(plans).enumerate()
    {
        let customer = if i == 0 {
            Customer {
                firstname: "Kunde".into(),
                lastname: "Demo".into(),
                email: "kunde@tribune.test".into(),
                phone: "20304050".into(),
            }
        } else {
            Customer {
                firstname: first,
                lastname: last,
                email,
                phone,
            }
        };
        let content = SubscriptionContent {
            contact_id: Some(contact),
            owner_id: Some(staff_id),
            start_date: today.checked_add_months(Months::new(1)),
            no_end_date: true,
            repeats: Some(repeats),
            commitment: Some(commitment),
            auto_renew: true,
            description: Some(title.to_string()),
            lines: vec![line(title, price)],
            customer,
            ..SubscriptionContent::default()
        };
        let id = service
            .save(&actor, None, None, content)
            .await
            .map_err(fail("create"))?;
        if i == 0 {
            service
                .execute(
                    &actor,
                    id,
                    None,
                    SubscriptionCommand::Approve,
                    "subscription.approve",
                )
                .await
                .map_err(fail("approve"))?;
        }
    }
    Ok(())
}
