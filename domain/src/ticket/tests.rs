//! Given/when/then: every transition and every refusal of the ticket.

use chrono::{DateTime, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;
use uuid::Uuid;

use super::*;
use crate::money::Money;
use crate::selling::{ExtraInfoValue, FieldError};

type TicketTest = TestFramework<Ticket>;

fn club() -> Uuid {
    Uuid::from_u128(7)
}

fn at(hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, hour, minute, 0)
        .single()
        .unwrap_or_default()
}

/// A standing ticket with an option and an answered question, its holder named.
fn content() -> TicketContent {
    TicketContent {
        event_id: Uuid::from_u128(20),
        order_id: Uuid::from_u128(30),
        order_line_id: Uuid::from_u128(31),
        product_id: Uuid::from_u128(40),
        product_title: "Julefrokost".into(),
        code: "7ZQ3K9M2XW4T8B6N1RC5VHJD0P".into(),
        number: 1001,
        name: Some("Mette Holm".into()),
        name_required: true,
        company_id: Some(Uuid::from_u128(50)),
        company_name: Some("Holm ApS".into()),
        options: vec![TicketOption {
            title: "Vinmenu".into(),
            price: Money::ore(25_000),
        }],
        extra_info: vec![ExtraInfoValue {
            title: "Allergier".into(),
            value: Some("Nødder".into()),
            values: None,
        }],
        ..TicketContent::default()
    }
}

fn seat_content() -> TicketContent {
    TicketContent {
        section: Some("A".into()),
        row: Some("3".into()),
        seat_number: Some("12".into()),
        ..content()
    }
}

fn issue(content: TicketContent) -> TicketCommand {
    TicketCommand::Issue {
        client_id: club(),
        content: Box::new(content),
        at: at(12, 0),
    }
}

fn issued_event(content: TicketContent) -> TicketEvent {
    TicketEvent::Issued {
        client_id: club(),
        content: Box::new(content),
        at: at(12, 0),
    }
}

fn issued() -> Vec<TicketEvent> {
    vec![issued_event(content())]
}

fn seated() -> Vec<TicketEvent> {
    vec![issued_event(seat_content())]
}

/// Scanned at 19:42 Danish time (18:42 UTC in November).
fn scanned() -> Vec<TicketEvent> {
    vec![
        issued_event(content()),
        TicketEvent::Scanned {
            at: at(18, 42),
            by: None,
        },
    ]
}

fn seat_released() -> Vec<TicketEvent> {
    vec![issued_event(seat_content()), TicketEvent::SeatReleased]
}

fn voided() -> Vec<TicketEvent> {
    vec![
        issued_event(seat_content()),
        TicketEvent::Voided {
            reason: "Ordren er annulleret".into(),
            at: at(13, 0),
        },
    ]
}

fn folded(events: Vec<TicketEvent>) -> Ticket {
    let mut ticket = Ticket::default();
    for event in events {
        ticket.apply(event);
    }
    ticket
}

#[test]
fn issuing_a_ticket_emits_issued() {
    TicketTest::with(())
        .given_no_previous_events()
        .when(issue(content()))
        .then_expect_events(issued());
}

#[test]
fn issuing_trims_the_name_and_a_blank_name_is_none() {
    let named = TicketContent {
        name: Some("  Mette Holm ".into()),
        ..content()
    };
    TicketTest::with(())
        .given_no_previous_events()
        .when(issue(named))
        .then_expect_events(issued());
    let unnamed = TicketContent {
        name: Some(" ".into()),
        name_required: false,
        ..content()
    };
    TicketTest::with(())
        .given_no_previous_events()
        .when(issue(unnamed.clone()))
        .then_expect_events(vec![issued_event(TicketContent {
            name: None,
            ..unnamed
        })]);
}

#[test]
fn issuing_twice_is_refused() {
    TicketTest::with(())
        .given(issued())
        .when(issue(content()))
        .then_expect_error(TicketError::AlreadyIssued);
}

#[test]
fn issuing_with_a_guessable_code_no_number_or_no_required_name_is_refused_on_the_fields() {
    TicketTest::with(())
        .given_no_previous_events()
        .when(issue(TicketContent {
            code: "ABC-123".into(),
            number: 0,
            name: None,
            ..content()
        }))
        .then_expect_error(TicketError::Invalid(vec![
            FieldError::new("code", "Billetkoden skal være mindst 16 bogstaver og tal"),
            FieldError::new("number", "Billetnummeret skal være mindst 1"),
            FieldError::new("name", "Navn skal udfyldes"),
        ]));
}

#[test]
fn commands_for_a_ticket_never_issued_are_refused() {
    TicketTest::with(())
        .given_no_previous_events()
        .when(TicketCommand::Scan {
            at: at(18, 0),
            by: None,
        })
        .then_expect_error(TicketError::NotFound);
}

#[test]
fn scanning_an_issued_ticket_marks_it_scanned() {
    TicketTest::with(())
        .given(issued())
        .when(TicketCommand::Scan {
            at: at(18, 42),
            by: None,
        })
        .then_expect_events(vec![TicketEvent::Scanned {
            at: at(18, 42),
            by: None,
        }]);
    assert_eq!(folded(scanned()).scanned_at, Some(at(18, 42)));
}

#[test]
fn a_second_scan_says_when_and_by_whom_the_ticket_was_scanned() {
    TicketTest::with(())
        .given(vec![
            issued().remove(0),
            TicketEvent::Scanned {
                at: at(18, 42),
                by: Some("Ole ved porten".into()),
            },
        ])
        .when(TicketCommand::Scan {
            at: at(18, 50),
            by: Some("Mia".into()),
        })
        .then_expect_error(TicketError::AlreadyScanned(
            "21-11-2026 kl. 19:42 af Ole ved porten".into(),
        ));
}

#[test]
fn a_ticket_whose_season_seat_was_released_does_not_scan() {
    TicketTest::with(())
        .given(seat_released())
        .when(TicketCommand::Scan {
            at: at(18, 50),
            by: None,
        })
        .then_expect_error(TicketError::SeatReleased);
}

#[test]
fn scanning_a_scanned_ticket_is_refused_with_the_danish_time_of_the_first_scan() {
    TicketTest::with(())
        .given(scanned())
        .when(TicketCommand::Scan {
            at: at(18, 50),
            by: None,
        })
        .then_expect_error(TicketError::AlreadyScanned("21-11-2026 kl. 19:42".into()));
}

#[test]
fn scanning_a_voided_ticket_is_refused() {
    TicketTest::with(())
        .given(voided())
        .when(TicketCommand::Scan {
            at: at(18, 0),
            by: None,
        })
        .then_expect_error(TicketError::Voided);
}

#[test]
fn releasing_the_seat_of_a_seat_ticket_puts_it_back_on_sale() {
    TicketTest::with(())
        .given(seated())
        .when(TicketCommand::ReleaseSeat)
        .then_expect_events(vec![TicketEvent::SeatReleased]);
    assert!(folded(seated()).holds_seat());
    let released = folded(seat_released());
    assert!(!released.holds_seat());
    assert_eq!(released.content.seat_number.as_deref(), Some("12"));
}

#[test]
fn releasing_a_seat_of_a_ticket_without_one_is_refused() {
    TicketTest::with(())
        .given(issued())
        .when(TicketCommand::ReleaseSeat)
        .then_expect_error(TicketError::NoSeat);
}

#[test]
fn releasing_a_seat_twice_is_refused() {
    TicketTest::with(())
        .given(seat_released())
        .when(TicketCommand::ReleaseSeat)
        .then_expect_error(TicketError::SeatAlreadyReleased);
}

#[test]
fn releasing_the_seat_of_a_voided_ticket_is_refused_and_it_holds_none() {
    TicketTest::with(())
        .given(voided())
        .when(TicketCommand::ReleaseSeat)
        .then_expect_error(TicketError::Voided);
    assert!(!folded(voided()).holds_seat());
}

#[test]
fn renaming_a_ticket_changes_its_holder() {
    TicketTest::with(())
        .given(issued())
        .when(TicketCommand::Rename {
            name: " Søren Holm ".into(),
        })
        .then_expect_events(vec![TicketEvent::Renamed {
            name: Some("Søren Holm".into()),
        }]);
}

#[test]
fn renaming_to_the_same_name_emits_nothing() {
    TicketTest::with(())
        .given(issued())
        .when(TicketCommand::Rename {
            name: "Mette Holm".into(),
        })
        .then_expect_events(vec![]);
}

#[test]
fn renaming_to_no_name_is_refused_when_the_product_requires_one() {
    TicketTest::with(())
        .given(issued())
        .when(TicketCommand::Rename { name: "  ".into() })
        .then_expect_error(TicketError::Invalid(vec![FieldError::new(
            "name",
            "Navn skal udfyldes",
        )]));
    let optional = TicketContent {
        name_required: false,
        ..content()
    };
    TicketTest::with(())
        .given(vec![issued_event(optional)])
        .when(TicketCommand::Rename { name: "".into() })
        .then_expect_events(vec![TicketEvent::Renamed { name: None }]);
}

#[test]
fn renaming_a_voided_ticket_is_refused() {
    TicketTest::with(())
        .given(voided())
        .when(TicketCommand::Rename {
            name: "Søren Holm".into(),
        })
        .then_expect_error(TicketError::Voided);
}

#[test]
fn voiding_a_ticket_even_a_scanned_one() {
    TicketTest::with(())
        .given(scanned())
        .when(TicketCommand::Void {
            reason: " Ordren er annulleret ".into(),
            at: at(13, 0),
        })
        .then_expect_events(vec![TicketEvent::Voided {
            reason: "Ordren er annulleret".into(),
            at: at(13, 0),
        }]);
    let ticket = folded(voided());
    assert_eq!(ticket.status, TicketStatus::Voided);
    assert_eq!(ticket.voided_at, Some(at(13, 0)));
}

#[test]
fn voiding_twice_is_refused() {
    TicketTest::with(())
        .given(voided())
        .when(TicketCommand::Void {
            reason: "Igen".into(),
            at: at(14, 0),
        })
        .then_expect_error(TicketError::Voided);
}

#[test]
fn the_danish_clock_is_an_hour_ahead_in_winter_and_two_in_summer() {
    let utc = |y, mo, d, h, mi| {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .single()
            .unwrap_or_default()
    };
    assert_eq!(danish_time(utc(2026, 1, 10, 12, 5)), "10-01-2026 kl. 13:05");
    assert_eq!(danish_time(utc(2026, 7, 1, 12, 5)), "01-07-2026 kl. 14:05");
    // 2026: summer time from Sunday 29 March to Sunday 25 October, at 01:00 UTC.
    assert_eq!(danish_time(utc(2026, 3, 29, 0, 59)), "29-03-2026 kl. 01:59");
    assert_eq!(danish_time(utc(2026, 3, 29, 1, 0)), "29-03-2026 kl. 03:00");
    assert_eq!(
        danish_time(utc(2026, 10, 25, 0, 59)),
        "25-10-2026 kl. 02:59"
    );
    assert_eq!(danish_time(utc(2026, 10, 25, 1, 0)), "25-10-2026 kl. 02:00");
    // Late evening in winter is the next day in Denmark.
    assert_eq!(
        danish_time(utc(2026, 12, 31, 23, 30)),
        "01-01-2027 kl. 00:30"
    );
}

#[test]
fn every_event_type_is_its_variant_name() {
    use cqrs_es::DomainEvent;
    use strum::VariantNames;
    let events = [
        issued_event(content()),
        TicketEvent::Scanned {
            at: at(18, 0),
            by: None,
        },
        TicketEvent::SeatReleased,
        TicketEvent::Renamed { name: None },
        TicketEvent::Voided {
            reason: String::new(),
            at: at(18, 0),
        },
    ];
    let types: Vec<String> = events.iter().map(DomainEvent::event_type).collect();
    assert_eq!(types, TicketEvent::VARIANTS);
}
