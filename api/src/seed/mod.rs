//! `tribune seed-demo`: the demo clubs, users and module catalogue (here), then each area's demo
//! data from its own file. Does nothing when the database already has clubs, so `ops/run` can
//! call it every time.

mod bookings;
mod catalogue;
mod contracts;
mod crm;
mod events;
mod invoices;
mod newsletters;
mod orders;
mod seats;
mod subscriptions;

pub use bookings::seed_demo_bookings;
pub use catalogue::seed_demo_catalogue;
pub use contracts::seed_demo_contracts;
pub use crm::seed_demo_crm;
pub use events::seed_demo_events;
pub use invoices::seed_demo_invoices;
pub use newsletters::seed_demo_newsletters;
pub use orders::seed_demo_orders;
pub use seats::seed_demo_stadium;
pub use subscriptions::seed_demo_subscriptions;

use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use crate::identity::passwords;

pub const DEMO_PASSWORD: &str = "tribune-demo";

/// (alias, name, url, icon, sorting)
pub const MODULES: [(&str, &str, &str, &str, i32); 8] = [
    ("dashboard", "Dashboard", "/", "pi pi-home", 10),
    (
        "companies",
        "Virksomheder",
        "/companies",
        "pi pi-building",
        20,
    ),
    ("contacts", "Kontakter", "/contacts", "pi pi-users", 30),
    ("events", "Arrangementer", "/events", "pi pi-calendar", 40),
    ("marketing", "Marketing", "/marketing", "pi pi-envelope", 50),
    ("orders", "Ordrer", "/orders", "pi pi-shopping-cart", 60),
    ("products", "Produkter", "/products", "pi pi-box", 70),
    ("webshop", "Webshop", "/shop-admin", "pi pi-shop", 80),
];

fn roles() -> Value {
    json!([
        { "name": "Administrator", "alias": "admin" },
        { "name": "Medarbejder", "alias": "staff" },
        { "name": "Kunde", "alias": "customer" }
    ])
}

/// The features a module offers clubs (the admin's features picker): the orders module takes
/// cards through Stripe or a hosted payment window (issue 14).
/// The views and component variants a club can choose (schema/0066_module_variants.sql).
fn module_variants(alias: &str) -> (Value, Value) {
    let list = |route: &str| json!({ "route": route, "values": ["Normal", "Kompakt"] });
    match alias {
        "companies" => (
            json!([list("/companies")]),
            json!([{ "name": "cvrLookup", "values": ["Vis", "Skjul"] }]),
        ),
        "contacts" => (json!([list("/contacts")]), json!([])),
        "orders" => (json!([list("/orders"), list("/contracts")]), json!([])),
        _ => (json!([]), json!([])),
    }
}

fn module_features(alias: &str) -> Value {
    match alias {
        "orders" => json!([{
            "name": "Kortbetaling",
            "alias": "payments",
            "settings": [{ "name": "provider", "public": true, "values": ["stripe", "window"] }]
        }]),
        _ => json!([]),
    }
}

/// Every module has a read rule and a manage rule on its own subject.
fn acl_rules(alias: &str) -> Value {
    json!([
        { "id": "read", "name": "Læse", "userACL": [{ "subject": [alias], "action": ["read"], "inverted": false, "fields": ["*"] }] },
        { "id": "manage", "name": "Redigere", "userACL": [{ "subject": [alias], "action": ["manage"], "inverted": false, "fields": ["*"] }] }
    ])
}

const TERMS: &str = "<h1>Handelsbetingelser</h1><p>Køb af billetter og varer sker hos klubben. Billetter refunderes ikke, \
     medmindre arrangementet aflyses. Fortrydelsesretten gælder ikke billetter til arrangementer på en bestemt dato.</p>";
const SUBSCRIPTION_TERMS: &str =
    "<h1>Abonnementsbetingelser</h1><p>Abonnementer fornyes automatisk ved periodens udløb \
     og kan opsiges til udløb med en måneds varsel.</p>";

/// (email, first name, last name, System Admin, memberships as (club, role, system user))
type DemoPerson = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    Vec<(Uuid, &'static str, bool)>,
);

pub async fn seed_demo(pool: &PgPool) -> anyhow::Result<bool> {
    let seeded: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM clients)")
        .fetch_one(pool)
        .await?;
    if seeded {
        return Ok(false);
    }
    let mut tx = pool.begin().await?;
    let mut module_ids = Vec::new();
    for (alias, name, url, icon, sorting) in MODULES {
        let id: Uuid = sqlx::query_scalar(
            "INSERT INTO modules (name, alias, url, icon, sorting, acl_rules, features, views, components) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (alias) DO UPDATE SET name = EXCLUDED.name, features = EXCLUDED.features RETURNING id",
        )
        .bind(name)
        .bind(alias)
        .bind(url)
        .bind(icon)
        .bind(sorting)
        .bind(acl_rules(alias))
        .bind(module_features(alias))
        .bind(module_variants(alias).0)
        .bind(module_variants(alias).1)
        .fetch_one(&mut *tx)
        .await?;
        module_ids.push((alias, id, sorting));
    }

    // The home shows the spec's eight widgets and the events widget (issue 40 §8).
    let settings = json!({
        "webshop": { "terms": TERMS, "subscriptionTerms": SUBSCRIPTION_TERMS },
        "dashboard": {
            "widgets": crate::kit::widgets::ALIASES,
            "eventsPromoted": false,
            "eventsLimit": 5,
        },
    });
    let club =
        |name: &str, address: &str, zip: &str, city: &str, email: &str, phone: &str, cvr: &str| {
            (
                name.to_string(),
                address.to_string(),
                zip.to_string(),
                city.to_string(),
                email.to_string(),
                phone.to_string(),
                cvr.to_string(),
            )
        };
    let clubs = [
        (
            club(
                "Demo FC",
                "Stadionvej 1",
                "2100",
                "København Ø",
                "kontakt@demofc.dk",
                "+45 33 12 34 56",
                "12345678",
            ),
            None,
        ),
        (
            club(
                "Demo Håndbold",
                "Hallvej 7",
                "8000",
                "Aarhus C",
                "info@demohaandbold.dk",
                "+45 86 12 34 56",
                "87654321",
            ),
            Some(["dashboard", "companies", "contacts"]),
        ),
    ];
    let mut club_ids = Vec::new();
    for ((name, address, zip, city, email, phone, cvr), only) in clubs {
        let id: Uuid = sqlx::query_scalar(
            "INSERT INTO clients (name, address, zip_code, city, email, phone, cvr, roles, settings) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(&name)
        .bind(address)
        .bind(zip)
        .bind(city)
        .bind(email)
        .bind(phone)
        .bind(cvr)
        .bind(roles())
        .bind(&settings)
        .fetch_one(&mut *tx)
        .await?;
        for (alias, module_id, sorting) in &module_ids {
            if only.is_some_and(|o| !o.contains(alias)) {
                continue;
            }
            let role_acls = json!([{ "ruleId": "manage", "role": "staff" }]);
            // The demo club takes cards through Stripe (localstripe in the demo and tests).
            let features = if *alias == "orders" {
                json!({ "payments": { "provider": "stripe" } })
            } else {
                json!({})
            };
            sqlx::query("INSERT INTO client_modules (client_id, module_id, sorting, role_acls, features) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(module_id)
                .bind(sorting)
                .bind(role_acls)
                .bind(features)
                .execute(&mut *tx)
                .await?;
        }
        club_ids.push(id);
    }
    let (fc, handbold) = (club_ids[0], club_ids[1]);

    let hash = passwords::hash(DEMO_PASSWORD.to_string())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let people: [DemoPerson; 3] = [
        (
            "admin@tribune.test",
            "Ada",
            "Admin",
            true,
            vec![(fc, "admin", true), (handbold, "admin", true)],
        ),
        (
            "staff@tribune.test",
            "Søren",
            "Sælger",
            false,
            vec![(fc, "staff", true)],
        ),
        (
            "kunde@tribune.test",
            "Karen",
            "Kunde",
            false,
            vec![(fc, "customer", false)],
        ),
    ];
    for (email, firstname, lastname, super_admin, memberships) in people {
        let user_id: Uuid = sqlx::query_scalar(
            "INSERT INTO users (email, password_hash, firstname, lastname, super_admin, email_confirmed) \
             VALUES ($1, $2, $3, $4, $5, true) RETURNING id",
        )
        .bind(email)
        .bind(&hash)
        .bind(firstname)
        .bind(lastname)
        .bind(super_admin)
        .fetch_one(&mut *tx)
        .await?;
        for (client_id, role, system_user) in memberships {
            sqlx::query("INSERT INTO memberships (user_id, client_id, role, system_user, accepted) VALUES ($1, $2, $3, $4, true)")
                .bind(user_id)
                .bind(client_id)
                .bind(role)
                .bind(system_user)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}
