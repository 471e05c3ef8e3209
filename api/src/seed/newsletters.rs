//! The demo's newsletters (issue 20): two of Demo FC's, one with the season's start and a
//! template from the club's settings, so the marketing module has something to open, and the
//! template to choose. Their recipients are left for the user to make and send.

use sqlx::PgPool;
use uuid::Uuid;

pub async fn seed_demo_newsletters(pool: &PgPool) -> anyhow::Result<()> {
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM newsletters WHERE client_id = $1)")
            .bind(club)
            .fetch_one(pool)
            .await?;
    if seeded {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    // A template staff may choose: the club's colours around Tribune's placeholders.
    sqlx::query(
        "UPDATE clients SET settings = jsonb_set(settings, '{newsletter}', jsonb_build_object('emailTemplates', \
           jsonb_build_array(jsonb_build_object('name', 'Klubbens farver', 'template', \
             '<div style=\"border-top:6px solid #0b5394;padding:16px\">{picture}<h1 style=\"color:#0b5394\">{title}</h1>\
<p>Kære {firstname}</p>{description}{pictureBottom}<p>Sportslig hilsen<br>{club}</p></div>')))) \
         WHERE id = $1 AND coalesce(settings->'newsletter'->'emailTemplates', '[]'::jsonb) = '[]'::jsonb",
    )
    .bind(club)
    .execute(&mut *tx)
    .await?;
    for (name, subject, title, template, description) in [
        (
            "Sæsonstart 2027",
            "Sæsonen starter – vi ses på stadion",
            "Sæsonen starter",
            Some("Klubbens farver"),
            "<p>Første hjemmekamp spilles søndag kl. 15.00. Sæsonkortene kan hentes i billetlugen fra kl. 13.00.</p>\
             <ul><li>Ny grill ved tribune B</li><li>Børneområde bag målet</li></ul>",
        ),
        (
            "Sponsornyt december",
            "Nyt til vores sponsorer",
            "Tak for et godt år",
            None,
            "<p>Tak for opbakningen i år. Vi glæder os til netværksmødet i januar – invitationen følger.</p>",
        ),
    ] {
        sqlx::query(
            "INSERT INTO newsletters (id, client_id, name, title, subject, email_template, description) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(Uuid::new_v4())
        .bind(club)
        .bind(name)
        .bind(title)
        .bind(subject)
        .bind(template)
        .bind(description)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
