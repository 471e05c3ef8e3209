//! `tribune seed-demo`: the demo clubs, users and module catalogue. Does nothing when the
//! database already has clubs, so `ops/run` can call it every time.

use serde_json::{json, Value};
use sqlx::PgPool;
use tribune_domain::money::Money;
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
    ("webshop", "Webshop", "/shop", "pi pi-shop", 80),
];

fn roles() -> Value {
    json!([
        { "name": "Administrator", "alias": "admin" },
        { "name": "Medarbejder", "alias": "staff" },
        { "name": "Kunde", "alias": "customer" }
    ])
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
            "INSERT INTO modules (name, alias, url, icon, sorting, acl_rules) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (alias) DO UPDATE SET name = EXCLUDED.name RETURNING id",
        )
        .bind(name)
        .bind(alias)
        .bind(url)
        .bind(icon)
        .bind(sorting)
        .bind(acl_rules(alias))
        .fetch_one(&mut *tx)
        .await?;
        module_ids.push((alias, id, sorting));
    }

    let settings =
        json!({ "webshop": { "terms": TERMS, "subscriptionTerms": SUBSCRIPTION_TERMS } });
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
            sqlx::query("INSERT INTO client_modules (client_id, module_id, sorting, role_acls) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(module_id)
                .bind(sorting)
                .bind(role_acls)
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

/// The CRM of Demo FC: companies in every status with contacts, lists, threaded comments with
/// attachments, and files, so a new user meets a living CRM.
pub async fn seed_demo_crm(pool: &PgPool, storage: &crate::storage::Storage) -> anyhow::Result<()> {
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(pool)
        .await?;
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM companies WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let staff: Uuid = sqlx::query_scalar("SELECT id FROM users WHERE email = 'staff@tribune.test'")
        .fetch_one(pool)
        .await?;
    let admin: Uuid = sqlx::query_scalar("SELECT id FROM users WHERE email = 'admin@tribune.test'")
        .fetch_one(pool)
        .await?;
    let names = [
        "Nordisk Byggeservice ApS",
        "Havnens Fisk & Skaldyr A/S",
        "Bager Jensen I/S",
        "Grøn Energi Danmark A/S",
        "Sportshuset Østerbro ApS",
        "Aarhus Auto Center A/S",
        "Fynsk Revision & Rådgivning",
        "Nordjysk Bank A/S",
        "Tømrerfirmaet Holm ApS",
        "Café Stadion",
        "Elektro-Service Vest A/S",
        "Kjærsgaard Transport A/S",
        "Malerfirmaet Farvekassen",
        "Dansk Sikkerhedsteknik ApS",
        "Restaurant Tribunen",
        "Blomsterhuset Rosen",
        "IT-Partner Midt A/S",
        "Advokatfirmaet Lund & Co",
        "Brdr. Madsen VVS",
        "Kaffebrænderiet Nord",
        "Scandic Hotel Sydhavnen",
        "Fitness Fabrikken ApS",
        "Optikeren i Byen",
        "Ejendomsmægler Kronborg",
        "Danske Dæk A/S",
        "Slagter Mortensen",
        "Nordic Print & Skilte",
        "Hansen Entreprise A/S",
        "Tandlægerne på Torvet",
        "Skovgaard Landbrug I/S",
        "Vinhandleren ApS",
        "Cykelsmeden Øst",
        "Revisorhuset Vest",
        "Køge Bugt Marina",
        "Nielsen Rengøring ApS",
        "Bryggeriet Bølgen",
        "Lys & Lyd Event A/S",
        "Frisør Saxe",
        "Sølvberg Smykker",
        "Autoværkstedet Motor-Kurt",
    ];
    let cities = [
        ("2100", "København Ø"),
        ("8000", "Aarhus C"),
        ("5000", "Odense C"),
        ("9000", "Aalborg"),
        ("6700", "Esbjerg"),
        ("4600", "Køge"),
    ];
    let firstnames = [
        "Mette", "Lars", "Sofie", "Jens", "Camilla", "Mikkel", "Ida", "Anders", "Louise", "Rasmus",
        "Emma", "Henrik",
    ];
    let lastnames = [
        "Nielsen",
        "Jensen",
        "Hansen",
        "Pedersen",
        "Andersen",
        "Christensen",
        "Larsen",
        "Sørensen",
        "Rasmussen",
        "Jørgensen",
    ];
    let statuses = [0, 1, 2, 99, 1, 0, 1, 2];
    let mut tx = pool.begin().await?;
    let mut lists = Vec::new();
    for title in ["VIP-gæster", "Nyhedsbrev", "Sponsorudvalg"] {
        let id: Uuid = sqlx::query_scalar("INSERT INTO contact_lists (client_id, title, created_by) VALUES ($1, $2, $3) RETURNING id")
            .bind(club)
            .bind(title)
            .bind(staff)
            .fetch_one(&mut *tx)
            .await?;
        lists.push(id);
    }
    let today = chrono::Utc::now().date_naive();
    let mut company_ids = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (zip, city) = cities[i % cities.len()];
        let slug: String = name
            .to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .take(14)
            .collect();
        let id: Uuid = sqlx::query_scalar(
            "INSERT INTO companies (client_id, name, cvr, address, zip_code, city, email, phone, website, status, follow_up_date, owner_id, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id",
        )
        .bind(club)
        .bind(name)
        .bind(format!("{}", 30_000_000 + i * 137_911))
        .bind(format!("{} {}", ["Hovedgaden", "Industrivej", "Stationsvej", "Havnegade", "Skolevej"][i % 5], 3 + i * 2))
        .bind(zip)
        .bind(city)
        .bind(format!("kontakt@{slug}.dk"))
        .bind(format!("{} {:02} {:02} {:02}", 30 + i % 60, (i * 7) % 100, (i * 13) % 100, (i * 17) % 100))
        .bind(format!("{slug}.dk"))
        .bind(statuses[i % statuses.len()])
        .bind((i % 3 != 2).then(|| today + chrono::Duration::days((i as i64 * 5) - 30)))
        .bind(if i % 2 == 0 { staff } else { admin })
        .fetch_one(&mut *tx)
        .await?;
        company_ids.push(id);
        for j in 0..(1 + i % 3) {
            let first = firstnames[(i + j * 5) % firstnames.len()];
            let last = lastnames[(i * 3 + j) % lastnames.len()];
            let contact: Uuid = sqlx::query_scalar(
                "INSERT INTO contacts (client_id, firstname, lastname, email, phone, mobile, highlighted, created_by) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(club)
            .bind(first)
            .bind(last)
            .bind(format!("{}.{}@{slug}.dk", first.to_lowercase().replace('ø', "oe"), last.to_lowercase().replace('ø', "oe")))
            .bind(format!("{} {:02} {:02} {:02}", 70 + j, i % 100, (i * 3) % 100, (j * 11) % 100))
            .bind(format!("2{}{:02} {:02} {:02}", j, i % 100, (i * 9) % 100, (i * 5) % 100))
            .bind(j == 0 && i % 4 == 1)
            .bind(staff)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query("INSERT INTO company_contacts (client_id, company_id, contact_id) VALUES ($1, $2, $3)")
                .bind(club)
                .bind(id)
                .bind(contact)
                .execute(&mut *tx)
                .await?;
            if (i + j) % 3 == 0 {
                sqlx::query("INSERT INTO contact_list_members (client_id, list_id, contact_id) VALUES ($1, $2, $3)")
                    .bind(club)
                    .bind(lists[(i + j) % lists.len()])
                    .bind(contact)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }

    let store =
        |relation_type: &'static str,
         relation_id: String,
         name: &'static str,
         content_type: &'static str,
         bytes: Vec<u8>| { (relation_type, relation_id, name, content_type, bytes) };
    let minutes = |text: &str| format!("Referat\n\n{text}\n").into_bytes();
    let mut stored_files = Vec::new();
    for (i, company) in company_ids.iter().enumerate().take(8) {
        stored_files.push(store(
            "company",
            company.to_string(),
            "Sponsoraftale-udkast.pdf",
            "application/pdf",
            demo_pdf(names[i]),
        ));
        if i % 2 == 0 {
            stored_files.push(store(
                "company",
                company.to_string(),
                "Mødereferat.txt",
                "text/plain",
                minutes("Gennemgang af skiltning og billetter."),
            ));
        }
    }
    for (relation_type, relation_id, name, content_type, bytes) in stored_files {
        let id = Uuid::new_v4();
        let key = format!("{club}/{id}");
        storage
            .put(&key, bytes.clone())
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        sqlx::query(
            "INSERT INTO files (id, client_id, relation_type, relation_id, file_name, storage_key, content_type, size, created_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id)
        .bind(club)
        .bind(relation_type)
        .bind(relation_id)
        .bind(name)
        .bind(&key)
        .bind(content_type)
        .bind(bytes.len() as i64)
        .bind(staff)
        .execute(&mut *tx)
        .await?;
    }

    let threads = [
        ("<p>Har talt med direktøren: de er interesserede i en <strong>bandereklame</strong> til næste sæson.</p>", "<p>Godt! Jeg sender et tilbud i morgen.</p>"),
        ("<h2>Opfølgning</h2><p>Ønsker 10 VIP-billetter til derbyet.</p>", "<p>Reserveret i loge 3.</p>"),
        ("<p>Aftalen udløber til sommer – husk genforhandling.</p>", "<p>Sat i kalenderen.</p>"),
    ];
    for (i, company) in company_ids.iter().enumerate().take(12) {
        let (text, answer) = threads[i % threads.len()];
        let label = format!("Virksomhed: {}", names[i]);
        let url = format!("/companies/{company}");
        let top: Uuid = sqlx::query_scalar(
            "INSERT INTO comments (client_id, relations, author_id, text, origin_type, origin_id, origin_url, origin_pattern, created_at) \
             VALUES ($1, ARRAY[$2], $3, $4, 'company', $2, $5, $6, now() - make_interval(days => $7)) RETURNING id",
        )
        .bind(club)
        .bind(company.to_string())
        .bind(staff)
        .bind(text)
        .bind(&url)
        .bind(&label)
        .bind(12 - i as i32)
        .fetch_one(&mut *tx)
        .await?;
        let attachments: Vec<Uuid> = if i == 0 {
            let id = Uuid::new_v4();
            let key = format!("{club}/{id}");
            let bytes = minutes("Tilbud sendt på bandereklame, 40.000 kr. pr. sæson.");
            storage
                .put(&key, bytes.clone())
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            sqlx::query(
                "INSERT INTO files (id, client_id, relation_type, relation_id, file_name, storage_key, content_type, size, created_by) \
                 VALUES ($1, $2, 'comment', $3, 'Tilbud.txt', $4, 'text/plain', $5, $6)",
            )
            .bind(id)
            .bind(club)
            .bind(top.to_string())
            .bind(&key)
            .bind(bytes.len() as i64)
            .bind(admin)
            .execute(&mut *tx)
            .await?;
            vec![id]
        } else {
            Vec::new()
        };
        sqlx::query(
            "INSERT INTO comments (client_id, parent_id, relations, author_id, text, attachments, origin_type, origin_id, origin_url, origin_pattern, created_at) \
             VALUES ($1, $2, ARRAY[$3], $4, $5, $6, 'company', $3, $7, $8, now() - make_interval(days => $9))",
        )
        .bind(club)
        .bind(top)
        .bind(company.to_string())
        .bind(admin)
        .bind(answer)
        .bind(&attachments)
        .bind(&url)
        .bind(&label)
        .bind(11 - i as i32)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A small valid one-page PDF with a line of text.
fn demo_pdf(title: &str) -> Vec<u8> {
    let text: String = title
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
        .collect();
    let stream = format!("BT /F1 18 Tf 72 720 Td (Sponsoraftale - {text}) Tj ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_string(),
        format!("<< /Length {} >>\nstream\n{stream}\nendstream", stream.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
    ];
    let mut pdf = String::from("%PDF-1.4\n");
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.push_str(&format!("{} 0 obj\n{body}\nendobj\n", i + 1));
    }
    let xref = pdf.len();
    pdf.push_str(&format!(
        "xref\n0 {}\n0000000000 65535 f \n",
        objects.len() + 1
    ));
    for offset in offsets {
        pdf.push_str(&format!("{offset:010} 00000 n \n"));
    }
    pdf.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    ));
    pdf.into_bytes()
}

/// (title, type, values, default value, index of its order category)
type DemoField = (
    &'static str,
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
    usize,
);
/// (title, type, category index, invoice group index, price in øre, variants, contract setup, season ticket)
type DemoProduct = (
    &'static str,
    &'static str,
    usize,
    usize,
    i64,
    Value,
    Option<Value>,
    bool,
);

/// A football club's catalogue for Demo FC: season, match and seat tickets, sponsor packages with
/// contract setups of every kind, merchandise with variants and options, invoice groups, order
/// categories, two seasons, custom fields and discount codes.
pub async fn seed_demo_catalogue(pool: &PgPool) -> anyhow::Result<()> {
    let club: Uuid = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_one(pool)
        .await?;
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM products WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    // The demo club sells sponsorships as contracts and books through e-conomic (the stand-in):
    // the products' contract setup and the 'Regnskab' tabs are on.
    sqlx::query(
        "UPDATE clients SET features = features || '{\"orders\": {\"contracts\": true, \"economic\": true}}'::jsonb WHERE id = $1",
    )
    .bind(club)
    .execute(&mut *tx)
    .await?;
    let insert = |sql: &'static str| sqlx::query_scalar::<_, Uuid>(sql);
    let group = |title: &'static str, sku: &'static str| (title, sku);
    let mut groups = Vec::new();
    for (title, sku) in [
        group("Billetter", "1000"),
        group("Sponsorat", "2000"),
        group("Merchandise", "3000"),
    ] {
        groups.push(
            insert("INSERT INTO invoice_groups (client_id, title, sku, sorting) VALUES ($1, $2, $3, $4) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(sku)
                .bind(groups.len() as i32)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let mut categories = Vec::new();
    for (title, shop) in [
        ("Sæsonkort", true),
        ("Kampbilletter", true),
        ("Sponsorpakker", false),
        ("Merchandise", true),
    ] {
        categories.push(
            insert("INSERT INTO product_categories (client_id, title, sorting, show_on_shop, shop_title) VALUES ($1, $2, $3, $4, $2) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(categories.len() as i32)
                .bind(shop)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let season: Uuid = insert("INSERT INTO seasons (client_id, title, start_date, end_date) VALUES ($1, 'Sæson 2026/27', '2026-07-01', '2027-06-30') RETURNING id")
        .bind(club)
        .fetch_one(&mut *tx)
        .await?;
    insert("INSERT INTO seasons (client_id, title, start_date, end_date, reservations) VALUES ($1, 'Reservation 2027/28', '2027-07-01', '2028-06-30', true) RETURNING id")
        .bind(club)
        .fetch_one(&mut *tx)
        .await?;
    let mut order_categories = Vec::new();
    for (title, sku) in [
        ("Sponsoraftale", "S100"),
        ("Billetsalg", "B100"),
        ("Hospitality", "H100"),
    ] {
        order_categories.push(
            insert("INSERT INTO order_categories (client_id, title, sku, invoice_title) VALUES ($1, $2, $3, $2) RETURNING id")
                .bind(club)
                .bind(title)
                .bind(sku)
                .fetch_one(&mut *tx)
                .await?,
        );
    }
    let fields: [DemoField; 5] = [
        ("Antal gæster", "Number", &[], Some("2"), 2),
        (
            "Bordønsker",
            "Dropdown",
            &["Vindue", "Midte", "Scene"],
            Some("Midte"),
            2,
        ),
        ("Kontaktperson på dagen", "Text", &[], None, 0),
        ("Leveringsdato for logo", "Date", &[], None, 0),
        ("Logo til skilt", "Upload", &[], None, 0),
    ];
    for (i, (title, kind, values, default, category)) in fields.into_iter().enumerate() {
        insert("INSERT INTO custom_fields (client_id, title, category_ids, type, sorting, \"values\", default_value) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id")
            .bind(club)
            .bind(title)
            .bind(vec![order_categories[category]])
            .bind(kind)
            .bind(i as i32)
            .bind(values.iter().map(|v| v.to_string()).collect::<Vec<_>>())
            .bind(default)
            .fetch_one(&mut *tx)
            .await?;
    }

    let variant = |title: &str, price: i64| json!({ "id": Uuid::new_v4(), "title": title, "sku": Value::Null, "price": price, "saleAmount": Value::Null, "active": true });
    let setup = |kind: &str, amount_type: Option<&str>, unit: Option<&str>, pre: bool| json!({ "hidden": false, "type": kind, "amountType": amount_type, "unit": unit, "preSelected": pre });
    let name_print: Uuid = insert("INSERT INTO products (client_id, title, type, category_id, invoice_group_id, price) VALUES ($1, 'Navnetryk', 'product', $2, $3, 12000) RETURNING id")
        .bind(club)
        .bind(categories[3])
        .bind(groups[2])
        .fetch_one(&mut *tx)
        .await?;
    let products: Vec<DemoProduct> = vec![
        (
            "Sæsonkort",
            "ticket",
            0,
            0,
            225000,
            json!([
                variant("Voksen", 225000),
                variant("Barn", 95000),
                variant("Pensionist", 150000)
            ]),
            None,
            true,
        ),
        (
            "Kampbillet",
            "ticket",
            1,
            0,
            12000,
            json!([variant("Voksen", 12000), variant("Barn", 6000)]),
            None,
            false,
        ),
        (
            "Pladsbillet Tribune",
            "seat-ticket",
            1,
            0,
            18000,
            json!([]),
            None,
            false,
        ),
        (
            "Bandereklame",
            "product",
            2,
            1,
            4000000,
            json!([]),
            Some(setup("checkbox", None, None, true)),
            false,
        ),
        (
            "VIP-billetter",
            "ticket",
            2,
            1,
            150000,
            json!([]),
            Some(setup("number", Some("amount"), Some("stk"), false)),
            false,
        ),
        (
            "Logo på trøje",
            "product",
            2,
            1,
            25000000,
            json!([]),
            Some(setup("text", None, None, false)),
            false,
        ),
        (
            "Skilt ved indgang",
            "product",
            2,
            1,
            500000,
            json!([]),
            Some(setup(
                "number-text",
                Some("amount-price"),
                Some("meter"),
                false,
            )),
            false,
        ),
        (
            "Hospitality-pakke",
            "product",
            2,
            1,
            3500000,
            json!([variant("Guld", 5000000), variant("Sølv", 3500000)]),
            Some(setup("checkbox", None, None, false)),
            false,
        ),
        (
            "Hjemmebanetrøje",
            "product",
            3,
            2,
            59900,
            json!([
                variant("S", 59900),
                variant("M", 59900),
                variant("L", 59900),
                variant("XL", 64900)
            ]),
            None,
            false,
        ),
        (
            "Halstørklæde",
            "product",
            3,
            2,
            14900,
            json!([]),
            None,
            false,
        ),
    ];
    for (i, (title, kind, category, group, price, variants, contract_setup, season_ticket)) in
        products.into_iter().enumerate()
    {
        let options = if title == "Hjemmebanetrøje" {
            json!([{ "productId": name_print, "variantId": Value::Null, "public": true, "preSelected": false, "priceOverride": true, "price": 9900 }])
        } else {
            json!([])
        };
        let shop = json!({ "active": category != 2, "title": title, "price": Value::Null, "discount": Value::Null, "seasonId": season, "renewalDate": Value::Null, "description": format!("<p>{title} fra Demo FC.</p>") });
        insert(
            "INSERT INTO products (client_id, title, type, category_id, invoice_group_id, price, variants, options, contract_setup, \
               season_ticket, shop, sorting, category_position, pre_payment) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13) RETURNING id",
        )
        .bind(club)
        .bind(title)
        .bind(kind)
        .bind(categories[category])
        .bind(groups[group])
        .bind(price)
        .bind(variants)
        .bind(options)
        .bind(contract_setup)
        .bind(season_ticket)
        .bind(shop)
        .bind(i as i32)
        .bind(season_ticket)
        .fetch_one(&mut *tx)
        .await?;
    }
    let codes: [(&str, &str, i64, bool, bool); 3] = [
        ("Sommerrabat", "SOMMER25", 2500, true, true),
        ("Medlemsrabat", "MEDLEM100", 10000, false, true),
        ("Udløbet forårsrabat", "FORAAR10", 1000, true, false),
    ];
    for (title, code, discount, percentage, active) in codes {
        insert("INSERT INTO discount_codes (client_id, title, code, expires, discount, percentage, active) VALUES ($1, $2, $3, '2027-06-30', $4, $5, $6) RETURNING id")
            .bind(club)
            .bind(title)
            .bind(code)
            .bind(discount)
            .bind(percentage)
            .bind(active)
            .fetch_one(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// About 150 orders of Demo FC across every status and payment status, made through the order
/// commands (so each has a real history, with the demo sales person as the author). Runs once.
pub async fn seed_demo_orders(pool: &PgPool) -> anyhow::Result<()> {
    use tribune_domain::order::{
        Customer, LineOption, Order, OrderCommand, OrderContent, OrderLine, OrderStatus,
        PaymentStatus,
    };
    use tribune_projections::registry;
    use tribune_projections::store::{CommandBus, PgEventStore};

    use crate::kit::actor::Actor;
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
    // The seed has no web address of its own: its orders send no mails.
    let orders = OrderService::new(pool, &bus, "");
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
        let steps: &[OrderCommand] = match i % 10 {
            0..=2 => &[],
            3..=5 => &[OrderCommand::Approve],
            6 => &[OrderCommand::Process],
            7 => &[OrderCommand::Approve, OrderCommand::Cancel],
            8 => &[
                OrderCommand::Approve,
                OrderCommand::SetPaymentStatus {
                    status: PaymentStatus::Paid,
                },
            ],
            _ => &[
                OrderCommand::SetPaymentStatus {
                    status: PaymentStatus::Authorized,
                },
                OrderCommand::Approve,
            ],
        };
        let mut steps = steps.to_vec();
        if pos {
            steps = vec![
                OrderCommand::Approve,
                OrderCommand::SetPaymentStatus {
                    status: PaymentStatus::Paid,
                },
            ];
        }
        if i % 10 == 7 && i % 20 == 17 {
            steps.push(OrderCommand::SetPaymentStatus {
                status: PaymentStatus::Refunded,
            });
        }
        for step in steps {
            orders
                .execute(&actor, id, None, step, "order.demo")
                .await
                .map_err(|e| anyhow::anyhow!("demo order step: {e}"))?;
        }
    }
    Ok(())
}
