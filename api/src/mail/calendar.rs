//! A calendar file (RFC 5545) for an event a buyer has tickets to, attached to the booking and
//! shop confirmations so the event lands in the buyer's calendar. Written by hand: one VEVENT
//! needs a dozen lines, and the rules that matter (CRLF endings, text escaping, folding at 75
//! octets without splitting a character) are tested below.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// One event as the calendar file describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEvent {
    pub event_id: Uuid,
    pub order_id: Uuid,
    pub order_number: i64,
    pub title: String,
    pub location: Option<String>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// The club: the organizer's name in the description.
    pub club: String,
}

impl CalendarEvent {
    /// The UID stays the same for the same order and event, so a calendar that imports the file
    /// twice (a resent confirmation) updates its entry instead of adding one.
    fn uid(&self) -> String {
        format!("{}-{}@tribune", self.order_id, self.event_id)
    }

    /// The attachment's file name, e.g. `pokalkamp.ics`.
    pub fn file_name(&self) -> String {
        let slug: String = self
            .title
            .to_lowercase()
            .chars()
            .map(|c| match c {
                'æ' => "ae".to_string(),
                'ø' => "oe".to_string(),
                'å' => "aa".to_string(),
                c if c.is_ascii_alphanumeric() => c.to_string(),
                _ => "-".to_string(),
            })
            .collect::<String>()
            .split('-')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let slug = if slug.is_empty() {
            "arrangement".into()
        } else {
            slug
        };
        format!("{}.ics", slug.chars().take(60).collect::<String>())
    }
}

/// The calendar file of `event`, stamped `now` (DTSTAMP). Times are in UTC (`…Z`), which every
/// calendar shows in its own time zone.
pub fn ics(event: &CalendarEvent, now: DateTime<Utc>) -> String {
    let description = format!(
        "Ordre #{} hos {}. Dine billetter er vedhæftet mailen.",
        event.order_number, event.club
    );
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".to_string(),
        "PRODID:-//Tribune//Billetter//DA".to_string(),
        "CALSCALE:GREGORIAN".to_string(),
        "METHOD:PUBLISH".to_string(),
        "BEGIN:VEVENT".to_string(),
        format!("UID:{}", event.uid()),
        format!("DTSTAMP:{}", utc(now)),
        format!("DTSTART:{}", utc(event.start)),
        format!("DTEND:{}", utc(event.end.max(event.start))),
        format!("SUMMARY:{}", text(&event.title)),
    ];
    if let Some(location) = event.location.as_deref().filter(|l| !l.trim().is_empty()) {
        lines.push(format!("LOCATION:{}", text(location.trim())));
    }
    lines.push(format!("DESCRIPTION:{}", text(&description)));
    lines.extend(["END:VEVENT".to_string(), "END:VCALENDAR".to_string()]);
    lines.iter().map(|line| fold(line)).collect()
}

fn utc(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (RFC 5545 §3.1): each further part starts with a space,
/// never in the middle of a UTF-8 character; every line ends with CRLF.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut width = 0;
    for c in line.chars() {
        let octets = c.len_utf8();
        if width + octets > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += octets;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn event() -> CalendarEvent {
        CalendarEvent {
            event_id: Uuid::from_u128(1),
            order_id: Uuid::from_u128(2),
            order_number: 1042,
            title: "Pokalkamp: Ærø, Søby; finale".into(),
            location: Some("Stadionvej 1\n5970 Ærøskøbing".into()),
            start: Utc.with_ymd_and_hms(2027, 2, 6, 17, 0, 0).unwrap(),
            end: Utc.with_ymd_and_hms(2027, 2, 6, 19, 0, 0).unwrap(),
            club: "Boldklubben Ærø".into(),
        }
    }

    /// The lines with folding undone, as a calendar reads them.
    fn unfolded(ics: &str) -> Vec<String> {
        ics.replace("\r\n ", "")
            .split("\r\n")
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn an_event_is_one_vevent_with_uid_stamp_times_summary_location_and_order() {
        let now = Utc.with_ymd_and_hms(2026, 11, 29, 5, 0, 0).unwrap();
        let file = ics(&event(), now);
        let lines = unfolded(&file);
        assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
        assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
        for wanted in [
            "VERSION:2.0",
            "BEGIN:VEVENT",
            "UID:00000000-0000-0000-0000-000000000002-00000000-0000-0000-0000-000000000001@tribune",
            "DTSTAMP:20261129T050000Z",
            "DTSTART:20270206T170000Z",
            "DTEND:20270206T190000Z",
            "SUMMARY:Pokalkamp: Ærø\\, Søby\\; finale",
            "LOCATION:Stadionvej 1\\n5970 Ærøskøbing",
            "DESCRIPTION:Ordre #1042 hos Boldklubben Ærø. Dine billetter er vedhæftet mailen.",
            "END:VEVENT",
        ] {
            assert!(lines.iter().any(|l| l == wanted), "{wanted} in {lines:#?}");
        }
    }

    #[test]
    fn every_line_ends_with_crlf_and_is_folded_at_75_octets() {
        let mut long = event();
        long.title = "Å".repeat(100);
        let file = ics(&long, Utc::now());
        assert!(file.ends_with("\r\n"));
        assert!(!file.replace("\r\n", "").contains('\n'), "a bare LF");
        for line in file.split("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
        }
        let summary = unfolded(&file)
            .into_iter()
            .find(|l| l.starts_with("SUMMARY:"))
            .unwrap_or_default();
        assert_eq!(summary, format!("SUMMARY:{}", "Å".repeat(100)));
    }

    #[test]
    fn the_file_is_named_for_the_event() {
        assert_eq!(event().file_name(), "pokalkamp-aeroe-soeby-finale.ics");
        let mut nameless = event();
        nameless.title = "!!!".into();
        assert_eq!(nameless.file_name(), "arrangement.ics");
    }
}
