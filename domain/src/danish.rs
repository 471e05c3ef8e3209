//! How the domain writes a moment for a Danish reader.

use chrono::{DateTime, Utc};
use chrono_tz::Europe::Copenhagen;

/// `at` as the time on a Danish wall clock: `21-11-2026 kl. 19:42`.
pub fn danish_time(at: DateTime<Utc>) -> String {
    at.with_timezone(&Copenhagen)
        .format("%d-%m-%Y kl. %H:%M")
        .to_string()
}

const WEEKDAYS: [&str; 7] = ["man.", "tirs.", "ons.", "tors.", "fre.", "lør.", "søn."];
const MONTHS: [&str; 12] = [
    "jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec.",
];

/// `at` as a Danish buyer reads it on a public page, a mail or a ticket, in the club's time zone
/// (Copenhagen): `lør. 8. feb. kl. 18:00`, with the year when it is not the year of `now`
/// (`lør. 8. feb. 2027 kl. 18:00`). The abbreviations are those of `Intl` 'da-DK', as the
/// webapp shows them. `now` is passed in: the domain has no clock.
pub fn buyer_time(at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    use chrono::{Datelike, Timelike};
    let local = at.with_timezone(&Copenhagen);
    let weekday = WEEKDAYS[local.weekday().num_days_from_monday() as usize];
    let month = MONTHS[local.month0() as usize];
    let year = if local.year() == now.with_timezone(&Copenhagen).year() {
        String::new()
    } else {
        format!(" {}", local.year())
    };
    format!(
        "{weekday} {}. {month}{year} kl. {:02}:{:02}",
        local.day(),
        local.hour(),
        local.minute()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .unwrap_or_default()
    }

    #[test]
    fn a_buyer_reads_weekday_day_month_and_time_in_copenhagen() {
        let now = utc(2026, 11, 29, 12, 0);
        // 8 February 2026 is a Sunday; 17:00 UTC is 18:00 in Copenhagen (winter).
        assert_eq!(
            buyer_time(utc(2026, 2, 8, 17, 0), now),
            "søn. 8. feb. kl. 18:00"
        );
        // Summer time: UTC+2.
        assert_eq!(
            buyer_time(utc(2026, 5, 2, 16, 5), now),
            "lør. 2. maj kl. 18:05"
        );
    }

    #[test]
    fn the_year_shows_when_it_is_not_this_year() {
        let now = utc(2026, 11, 29, 12, 0);
        assert_eq!(
            buyer_time(utc(2027, 2, 6, 17, 0), now),
            "lør. 6. feb. 2027 kl. 18:00"
        );
        assert_eq!(
            buyer_time(utc(2025, 12, 31, 22, 0), now),
            "ons. 31. dec. 2025 kl. 23:00"
        );
        // New Year's Eve 23:30 UTC is already next year in Copenhagen.
        assert_eq!(
            buyer_time(utc(2026, 12, 31, 23, 30), now),
            "fre. 1. jan. 2027 kl. 00:30"
        );
    }

    #[test]
    fn every_weekday_and_month_has_the_da_dk_abbreviation() {
        let now = utc(2026, 1, 1, 12, 0);
        // 2026-06-01 is a Monday; seven days in a row.
        let days: Vec<String> = (1..=7)
            .map(|d| buyer_time(utc(2026, 6, d, 10, 0), now))
            .collect();
        let weekdays: Vec<&str> = days.iter().filter_map(|d| d.split(' ').next()).collect();
        assert_eq!(
            weekdays,
            ["man.", "tirs.", "ons.", "tors.", "fre.", "lør.", "søn."]
        );
        let months: Vec<String> = (1..=12)
            .map(|m| buyer_time(utc(2026, m, 15, 10, 0), now))
            .map(|d| d.split(' ').nth(2).unwrap_or_default().to_string())
            .collect();
        assert_eq!(
            months,
            [
                "jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.",
                "nov.", "dec."
            ]
        );
    }
}
