use cqrs_es::test::TestFramework;
use uuid::Uuid;

use super::*;

type ProbeTest = TestFramework<Probe>;

fn club() -> Uuid {
    Uuid::from_u128(1)
}

fn opened() -> ProbeEvent {
    ProbeEvent::Opened {
        client_id: club(),
        title: "Tælling".into(),
    }
}

#[test]
fn opening_a_new_probe_emits_opened_with_a_trimmed_title() {
    ProbeTest::with(())
        .given_no_previous_events()
        .when(ProbeCommand::Open {
            client_id: club(),
            title: "  Tælling ".into(),
        })
        .then_expect_events(vec![opened()]);
}

#[test]
fn opening_twice_is_refused() {
    ProbeTest::with(())
        .given(vec![opened()])
        .when(ProbeCommand::Open {
            client_id: club(),
            title: "Igen".into(),
        })
        .then_expect_error(ProbeError::AlreadyOpened);
}

#[test]
fn adding_before_opening_is_refused() {
    ProbeTest::with(())
        .given_no_previous_events()
        .when(ProbeCommand::Add { amount: 5 })
        .then_expect_error(ProbeError::NotOpened);
}

#[test]
fn adding_a_positive_amount_emits_added() {
    ProbeTest::with(())
        .given(vec![opened()])
        .when(ProbeCommand::Add { amount: 5 })
        .then_expect_events(vec![ProbeEvent::Added { amount: 5 }]);
}

#[test]
fn adding_zero_is_refused() {
    ProbeTest::with(())
        .given(vec![opened()])
        .when(ProbeCommand::Add { amount: 0 })
        .then_expect_error(ProbeError::AmountNotPositive);
}

#[test]
fn renaming_to_blank_is_refused() {
    ProbeTest::with(())
        .given(vec![opened()])
        .when(ProbeCommand::Rename {
            title: "   ".into(),
        })
        .then_expect_error(ProbeError::TitleRequired);
}
