//! Demo FC's stadium (issue 16): a seat chart of four stands, a standing area of 200 places and a
//! VIP lounge with tables (about 2,100 seats), drawn by the designer's own `make_chart`; the home matches seated on it and
//! selling 'Pladsbillet Tribune' in the stands' categories; the season 'Sæson 2026/27' on it, with
//! season tickets (the demo customer Karen Kunde holds N5-20) and a sponsor channel for her
//! company. Seats are sold by `bookings.rs`, through the booking itself. Runs once.

use uuid::Uuid;

use crate::seats::charts::make_chart;
use crate::seats::dto::{
    ChartInput, Numbering, RowInput, SeasonTicket, SeatCategory, SeatChannel, SeatMark,
    SectionInput, SectionPosition,
};
use crate::seats::seasons::{make_channel, make_season_ticket};
use crate::state::AppState;

pub const STADIUM: &str = "Demo FC Stadion";

fn fail(what: &'static str) -> impl Fn(crate::error::ApiError) -> anyhow::Error {
    move |e| anyhow::anyhow!("demo stadium, {what}: {e:?}")
}

fn category(key: &str, label: &str, color: &str, accessible: bool) -> SeatCategory {
    SeatCategory {
        key: key.into(),
        label: label.into(),
        color: color.into(),
        accessible,
    }
}

/// The pitch is 100 × 64 seat widths with its corner at (0, 0); a stand's row 1 faces it.
const PITCH: (f32, f32) = (100.0, 64.0);

/// A stand of `rows` rows named `prefix`1…, each of `seats` seats, bending towards the pitch,
/// its middle at `at` turned `rotation` degrees.
fn stand(
    name: &str,
    prefix: &str,
    (rows, seats): (usize, i64),
    key: &str,
    numbering: Numbering,
    (at, rotation): ((f32, f32), f32),
) -> SectionInput {
    SectionInput {
        name: name.into(),
        category_key: Some(key.into()),
        general_admission: None,
        position: Some(SectionPosition {
            x: at.0,
            y: at.1,
            rotation,
        }),
        rows: (1..=rows)
            .map(|r| RowInput {
                label: format!("{prefix}{r}"),
                seats: seats + i64::try_from(r / 3).unwrap_or(0) * 2,
                numbering,
                category_key: None,
                curve: 1.5,
            })
            .collect(),
    }
}

/// The stadium as the designer would make it.
pub fn stadium() -> ChartInput {
    let marks = ["N1-1", "N1-2", "S1-1", "S1-2"]
        .into_iter()
        .map(|label| SeatMark {
            label: label.into(),
            category_key: Some("hc".into()),
            accessible: true,
            for_sale: true,
        })
        // The camera platform in Vest's front row.
        .chain((1..=4).map(|n| SeatMark {
            label: format!("V1-{n}"),
            category_key: None,
            accessible: false,
            for_sale: false,
        }))
        .collect();
    ChartInput {
        name: STADIUM.into(),
        categories: vec![
            category("std", "Tribune", "#1e88e5", false),
            category("fam", "Familie", "#43a047", false),
            category("vip", "VIP-lounge", "#8e24aa", false),
            category("hc", "Kørestol", "#fb8c00", true),
        ],
        sections: vec![
            // Nord above the pitch (row 1 at its bottom), Syd below, Øst and Vest at the ends.
            stand(
                "Tribune Nord",
                "N",
                (14, 36),
                "std",
                Numbering::RightToLeft,
                ((PITCH.0 / 2.0, -14.0), 180.0),
            ),
            stand(
                "Tribune Øst",
                "Ø",
                (12, 26),
                "fam",
                Numbering::LeftToRight,
                ((PITCH.0 + 13.0, PITCH.1 / 2.0), -90.0),
            ),
            stand(
                "Tribune Syd",
                "S",
                (14, 36),
                "std",
                Numbering::LeftToRight,
                ((PITCH.0 / 2.0, PITCH.1 + 14.0), 0.0),
            ),
            stand(
                "Tribune Vest",
                "V",
                (12, 26),
                "std",
                Numbering::LeftToRight,
                ((-13.0, PITCH.1 / 2.0), 90.0),
            ),
            // The standing area in the north-west corner: 200 places, no numbers.
            SectionInput {
                name: "Ståpladser".into(),
                category_key: Some("std".into()),
                general_admission: Some(true),
                position: Some(SectionPosition {
                    x: -24.0,
                    y: -20.0,
                    rotation: 0.0,
                }),
                rows: vec![RowInput {
                    label: "ST".into(),
                    seats: 200,
                    numbering: Numbering::LeftToRight,
                    category_key: None,
                    curve: 0.0,
                }],
            },
            SectionInput {
                name: "VIP-lounge".into(),
                category_key: Some("vip".into()),
                general_admission: None,
                // In the south-east corner, by Syd and Øst.
                position: Some(SectionPosition {
                    x: PITCH.0 + 22.0,
                    y: PITCH.1 + 18.0,
                    rotation: 0.0,
                }),
                // Its tables, eight seats round each.
                rows: (1..=8)
                    .map(|t| RowInput {
                        label: format!("B{t}"),
                        seats: 8,
                        numbering: Numbering::LeftToRight,
                        category_key: None,
                        curve: 0.6,
                    })
                    .collect(),
            },
        ],
        seats: marks,
    }
}

/// The season ticket holders' names, by seat.
const HOLDERS: [&str; 12] = [
    "Anders Holm",
    "Birgitte Lund",
    "Carsten Møller",
    "Dorthe Bak",
    "Erik Vestergaard",
    "Frida Kjær",
    "Gustav Dahl",
    "Hanne Winther",
    "Ib Skov",
    "Jette Brandt",
    "Kasper Friis",
    "Lise Nørgaard",
];

pub async fn seed_demo_stadium(state: &AppState) -> anyhow::Result<()> {
    let pool = &state.pool;
    let club: Option<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE name = 'Demo FC'")
        .fetch_optional(pool)
        .await?;
    let Some(club) = club else { return Ok(()) };
    let mut tx = tribune_projections::db::club_tx(pool, club).await?;
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM seat_charts WHERE client_id = $1)")
            .bind(club)
            .fetch_one(&mut *tx)
            .await?;
    if seeded {
        return Ok(());
    }
    let chart = make_chart(&mut tx, club, &stadium())
        .await
        .map_err(fail("chart"))?;
    let key: String = sqlx::query_scalar("SELECT key FROM seat_charts WHERE id = $1")
        .bind(chart)
        .fetch_one(&mut *tx)
        .await?;
    // The home matches are seated on it, and the seat ticket sells the stands.
    let seating = serde_json::json!({ "chartId": key, "name": STADIUM });
    sqlx::query(
        "UPDATE club_events SET has_seating = true, seating = $2 WHERE client_id = $1 AND title LIKE 'Demo FC – %'",
    )
    .bind(club)
    .bind(&seating)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE products SET seats = $2 WHERE client_id = $1 AND title = 'Pladsbillet Tribune'",
    )
    .bind(club)
    .bind(serde_json::json!([
        { "chartId": key, "category": "std" },
        { "chartId": key, "category": "fam" },
        { "chartId": key, "category": "hc" },
    ]))
    .execute(&mut *tx)
    .await?;
    // The season on the stadium.
    let season: Option<Uuid> = sqlx::query_scalar(
        "UPDATE seasons SET seats = $2 WHERE client_id = $1 AND title = 'Sæson 2026/27' RETURNING id",
    )
    .bind(club)
    .bind(serde_json::json!([{ "chartId": key, "eventId": null, "name": STADIUM }]))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(season) = season else {
        tx.commit().await?;
        return Ok(());
    };
    let product: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM products WHERE client_id = $1 AND season_ticket ORDER BY title LIMIT 1",
    )
    .bind(club)
    .fetch_optional(&mut *tx)
    .await?;
    // Season tickets in the middle of Nord: rows N4–N7, seats 12–23; Karen Kunde has N5-20.
    for row in 4..=7 {
        for number in 12..=23 {
            let seat = format!("N{row}-{number}");
            let karen = seat == "N5-20";
            let holder = HOLDERS[(row * 7 + number) % HOLDERS.len()];
            let ticket = SeasonTicket {
                seat,
                product_id: product,
                name: if karen {
                    "Karen Kunde".into()
                } else {
                    holder.into()
                },
                email: if karen {
                    "kunde@tribune.test".into()
                } else {
                    String::new()
                },
                ..SeasonTicket::default()
            };
            make_season_ticket(&mut tx, club, season, &ticket)
                .await
                .map_err(fail("season ticket"))?;
        }
    }
    // The sponsor block in Syd's front rows, kept for Karen's company.
    let company: Option<Uuid> = sqlx::query_scalar(
        "SELECT cc.company_id FROM contacts ct JOIN company_contacts cc ON cc.contact_id = ct.id \
         WHERE ct.client_id = $1 AND ct.email = 'kunde@tribune.test' LIMIT 1",
    )
    .bind(club)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(company) = company {
        let channel = SeatChannel {
            name: "Sponsorblok".into(),
            company_id: Some(company),
            seats: (2..=3)
                .flat_map(|row| (15..=24).map(move |n| format!("S{row}-{n}")))
                .collect(),
            ..SeatChannel::default()
        };
        make_channel(&mut tx, club, season, &channel)
            .await
            .map_err(fail("channel"))?;
    }
    tx.commit().await?;
    Ok(())
}
