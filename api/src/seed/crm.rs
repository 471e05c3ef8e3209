//! The CRM of Demo FC.

use sqlx::PgPool;
use uuid::Uuid;

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
