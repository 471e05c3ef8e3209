//! Danish formats for what the document prints: money, dates and the signing time.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Europe::Copenhagen;

/// Øre as Danish kroner: `1.234,50 kr.`, thousands with '.', decimals with ',', a leading '-'
/// when negative.
pub fn money(ore: i64) -> String {
    format!("{} kr.", kroner(ore))
}

/// Øre as a Danish number of kroner without the unit, for a column of figures: `1.234,50`.
pub fn kroner(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    let ore = ore.unsigned_abs();
    let kroner = (ore / 100).to_string();
    let mut grouped = String::with_capacity(kroner.len() + kroner.len() / 3);
    for (i, digit) in kroner.chars().enumerate() {
        if i > 0 && (kroner.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped},{:02}", ore % 100)
}

/// Basis points as a Danish percentage: 2500 → `25 %`, 1250 → `12,5 %`, 1234 → `12,34 %`.
pub fn percent(basis_points: i64) -> String {
    let sign = if basis_points < 0 { "-" } else { "" };
    let basis_points = basis_points.unsigned_abs();
    let (whole, hundredths) = (basis_points / 100, basis_points % 100);
    if hundredths == 0 {
        format!("{sign}{whole} %")
    } else {
        let decimals = format!("{hundredths:02}");
        format!("{sign}{whole},{} %", decimals.trim_end_matches('0'))
    }
}

/// `dd.mm.yyyy`, as the contract prints dates.
pub fn date(day: NaiveDate) -> String {
    day.format("%d.%m.%Y").to_string()
}

/// `dd-mm-yyyy`, as the app shows dates (webapp/src/shared/format.ts) and the invoice prints
/// them.
pub fn date_with_dashes(day: NaiveDate) -> String {
    day.format("%d-%m-%Y").to_string()
}

/// The moment in Danish time: `12.03.2026 kl. 14:05:09`.
pub fn copenhagen_time(at: DateTime<Utc>) -> String {
    at.with_timezone(&Copenhagen)
        .format("%d.%m.%Y kl. %H:%M:%S")
        .to_string()
}

/// The moment in Danish time with its offset, for the certificate: `… (UTC+01:00)`.
pub fn copenhagen_time_with_offset(at: DateTime<Utc>) -> String {
    let local = at.with_timezone(&Copenhagen);
    format!(
        "{} (dansk tid, UTC{})",
        local.format("%d.%m.%Y kl. %H:%M:%S"),
        local.format("%:z")
    )
}

/// The period line's value; `None` when the contract has no dates at all.
pub fn period(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    no_end_date: bool,
) -> Option<String> {
    match (start, end, no_end_date) {
        (Some(start), _, true) => Some(format!("{} – Løbende", date(start))),
        (None, _, true) => Some("Løbende".to_string()),
        (Some(start), Some(end), false) => Some(format!("{} – {}", date(start), date(end))),
        (Some(start), None, false) => Some(format!("Fra {}", date(start))),
        (None, Some(end), false) => Some(format!("Til {}", date(end))),
        (None, None, false) => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn money_is_written_the_danish_way() {
        assert_eq!(money(0), "0,00 kr.");
        assert_eq!(money(5), "0,05 kr.");
        assert_eq!(money(123_450), "1.234,50 kr.");
        assert_eq!(money(1_250_000), "12.500,00 kr.");
        assert_eq!(money(100_000_000), "1.000.000,00 kr.");
        assert_eq!(money(-123_450), "-1.234,50 kr.");
        assert_eq!(money(-5), "-0,05 kr.");
        assert_eq!(money(i64::MIN), "-92.233.720.368.547.758,08 kr.");
        assert_eq!(kroner(-123_450), "-1.234,50");
        assert_eq!(kroner(44_950), "449,50");
    }

    #[test]
    fn percentages_are_written_from_basis_points() {
        assert_eq!(percent(2500), "25 %");
        assert_eq!(percent(1250), "12,5 %");
        assert_eq!(percent(1234), "12,34 %");
        assert_eq!(percent(5), "0,05 %");
        assert_eq!(percent(0), "0 %");
        assert_eq!(percent(-2500), "-25 %");
        assert_eq!(percent(i64::MIN), "-92233720368547758,08 %");
    }

    #[test]
    fn dates_are_day_month_year_with_dots_or_dashes() {
        assert_eq!(date(day(2026, 2, 1)), "01.02.2026");
        assert_eq!(date_with_dashes(day(2026, 2, 1)), "01-02-2026");
    }

    #[test]
    fn the_signing_time_is_danish_time_winter_and_summer() {
        let winter = Utc.with_ymd_and_hms(2026, 1, 15, 13, 5, 9).unwrap();
        assert_eq!(copenhagen_time(winter), "15.01.2026 kl. 14:05:09");
        let summer = Utc.with_ymd_and_hms(2026, 7, 15, 13, 5, 9).unwrap();
        assert_eq!(
            copenhagen_time_with_offset(summer),
            "15.07.2026 kl. 15:05:09 (dansk tid, UTC+02:00)"
        );
    }

    #[test]
    fn the_period_reads_as_a_person_would_say_it() {
        let (start, end) = (Some(day(2026, 2, 1)), Some(day(2027, 1, 31)));
        assert_eq!(
            period(start, end, false).as_deref(),
            Some("01.02.2026 – 31.01.2027")
        );
        assert_eq!(
            period(start, end, true).as_deref(),
            Some("01.02.2026 – Løbende")
        );
        assert_eq!(period(None, None, true).as_deref(), Some("Løbende"));
        assert_eq!(
            period(start, None, false).as_deref(),
            Some("Fra 01.02.2026")
        );
        assert_eq!(period(None, None, false), None);
    }
}
