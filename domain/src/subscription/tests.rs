//! Given/when/then: every transition and refusal of the subscription, and its periods.

use chrono::{NaiveDate, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;
use uuid::Uuid;

use super::*;
use crate::money::Money;
use crate::selling::{Customer, OrderLine, VatSettings};

type SubscriptionTest = TestFramework<Subscription>;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

fn content() -> SubscriptionContent {
    SubscriptionContent {
        start_date: Some(day(2026, 1, 31)),
        repeats: Some(1),
        commitment: Some(6),
        contact_id: Some(Uuid::from_u128(9)),
        customer: Customer {
            firstname: "Mette".into(),
            lastname: "Holm".into(),
            email: "mette@example.dk".into(),
            phone: "12345678".into(),
        },
        lines: vec![OrderLine {
            id: Uuid::from_u128(101),
            title: "Fitness".into(),
            price: Money::ore(29_900),
            amount: 1,
            ..OrderLine::default()
        }],
        ..SubscriptionContent::default()
    }
}

fn created() -> SubscriptionEvent {
    SubscriptionEvent::Created {
        client_id: Uuid::from_u128(7),
        number: 1,
        created_at: Utc
            .with_ymd_and_hms(2026, 1, 10, 12, 0, 0)
            .single()
            .unwrap_or_default(),
        vat: VatSettings::default(),
        content: Box::new(content()),
    }
}

fn card() -> SavedCard {
    SavedCard {
        provider: "stripe".into(),
        customer: "cus_1".into(),
        payment_method: "pm_1".into(),
        brand: "visa".into(),
        last4: "4242".into(),
        exp_month: 12,
        exp_year: 2030,
    }
}

fn active() -> Vec<SubscriptionEvent> {
    vec![
        created(),
        SubscriptionEvent::Approved,
        SubscriptionEvent::CardSaved { card: card() },
    ]
}

fn folded(events: Vec<SubscriptionEvent>) -> Subscription {
    let mut subscription = Subscription::default();
    for event in events {
        subscription.apply(event);
    }
    subscription
}

#[test]
fn a_subscription_needs_repeats_commitment_and_a_contact() {
    let broken = SubscriptionContent {
        repeats: None,
        commitment: None,
        contact_id: None,
        ..content()
    };
    let refused = Subscription::default().decide(SubscriptionCommand::Create {
        client_id: Uuid::from_u128(7),
        number: 1,
        created_at: Utc::now(),
        vat: VatSettings::default(),
        content: broken,
    });
    let Err(SubscriptionError::Invalid(errors)) = refused else {
        panic!("expected field errors, got {refused:?}");
    };
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, vec!["repeats", "commitment", "contactId"]);
}

#[test]
fn a_draft_is_approved_and_reopened_and_only_a_draft_changes() {
    SubscriptionTest::with(())
        .given(vec![created()])
        .when(SubscriptionCommand::Approve)
        .then_expect_events(vec![SubscriptionEvent::Approved]);
    SubscriptionTest::with(())
        .given(vec![created(), SubscriptionEvent::Approved])
        .when(SubscriptionCommand::Update {
            content: SubscriptionContent {
                description: Some("ny".into()),
                ..content()
            },
        })
        .then_expect_error(SubscriptionError::NotEditable);
    SubscriptionTest::with(())
        .given(vec![created(), SubscriptionEvent::Approved])
        .when(SubscriptionCommand::Reopen)
        .then_expect_events(vec![SubscriptionEvent::Reopened]);
    SubscriptionTest::with(())
        .given(vec![created()])
        .when(SubscriptionCommand::Reopen)
        .then_expect_error(SubscriptionError::ReopenOnlyApproved);
}

#[test]
fn approving_needs_a_start_date_and_a_line() {
    let no_start = SubscriptionEvent::Updated {
        content: Box::new(SubscriptionContent {
            start_date: None,
            ..content()
        }),
    };
    let refused = folded(vec![created(), no_start]).decide(SubscriptionCommand::Approve);
    assert!(
        matches!(&refused, Err(SubscriptionError::Invalid(e)) if e[0].field == "startDate"),
        "{refused:?}"
    );
    let no_lines = SubscriptionEvent::Updated {
        content: Box::new(SubscriptionContent {
            lines: vec![],
            ..content()
        }),
    };
    SubscriptionTest::with(())
        .given(vec![created(), no_lines])
        .when(SubscriptionCommand::Approve)
        .then_expect_error(SubscriptionError::ApproveWithoutLines);
}

#[test]
fn the_customer_cancels_only_after_the_commitment_staff_any_time() {
    // Started 31-01-2026 with six months' binding: free from 31-07-2026.
    SubscriptionTest::with(())
        .given(active())
        .when(SubscriptionCommand::Cancel {
            by_customer: true,
            today: day(2026, 7, 30),
        })
        .then_expect_error(SubscriptionError::CommitmentNotOver("31-07-2026".into()));
    SubscriptionTest::with(())
        .given(active())
        .when(SubscriptionCommand::Cancel {
            by_customer: true,
            today: day(2026, 7, 31),
        })
        .then_expect_events(vec![SubscriptionEvent::Cancelled { by_customer: true }]);
    SubscriptionTest::with(())
        .given(active())
        .when(SubscriptionCommand::Cancel {
            by_customer: false,
            today: day(2026, 2, 1),
        })
        .then_expect_events(vec![SubscriptionEvent::Cancelled { by_customer: false }]);
    SubscriptionTest::with(())
        .given(vec![created()])
        .when(SubscriptionCommand::Cancel {
            by_customer: false,
            today: day(2026, 2, 1),
        })
        .then_expect_error(SubscriptionError::CancelNotAllowed);
}

#[test]
fn only_a_draft_or_a_cancelled_subscription_is_deleted() {
    SubscriptionTest::with(())
        .given(active())
        .when(SubscriptionCommand::Delete)
        .then_expect_error(SubscriptionError::DeleteNotAllowed);
    SubscriptionTest::with(())
        .given(vec![created()])
        .when(SubscriptionCommand::Delete)
        .then_expect_events(vec![SubscriptionEvent::Deleted]);
}

#[test]
fn periods_fall_due_monthly_from_the_start_and_each_is_charged_once() {
    let subscription = folded(active());
    // 31 January, then the last day of the shorter months.
    let due: Vec<String> = subscription
        .periods_due(day(2026, 3, 31))
        .into_iter()
        .map(|p| p.key)
        .collect();
    assert_eq!(due, vec!["2026-01-31", "2026-02-28", "2026-03-31"]);
    // The period costs the lines' total with VAT (299,00 + 25 %).
    assert_eq!(
        subscription.periods_due(day(2026, 1, 31))[0].amount,
        Money::ore(37_375)
    );
    let mut events = active();
    events.push(SubscriptionEvent::Charged {
        period: "2026-01-31".into(),
        amount: Money::ore(29_900),
        reference: "pi_1".into(),
        invoice_id: None,
    });
    let charged = folded(events.clone());
    assert_eq!(charged.periods_due(day(2026, 2, 27)), vec![]);
    assert_eq!(charged.next_payment(), Some(day(2026, 2, 28)));
    SubscriptionTest::with(())
        .given(events)
        .when(SubscriptionCommand::RecordCharge {
            period: "2026-01-31".into(),
            amount: Money::ore(29_900),
            reference: "pi_2".into(),
            invoice_id: None,
        })
        .then_expect_error(SubscriptionError::PeriodAlreadyCharged("2026-01-31".into()));
}

#[test]
fn nothing_is_due_without_a_card_approval_or_after_the_end() {
    assert!(folded(vec![created(), SubscriptionEvent::Approved])
        .periods_due(day(2026, 12, 1))
        .is_empty());
    assert!(folded(vec![
        created(),
        SubscriptionEvent::CardSaved { card: card() }
    ])
    .periods_due(day(2026, 12, 1))
    .is_empty());
    let mut ending = active();
    ending.insert(
        1,
        SubscriptionEvent::Updated {
            content: Box::new(SubscriptionContent {
                end_date: Some(day(2026, 2, 15)),
                repeats: Some(1),
                ..content()
            }),
        },
    );
    let ends = folded(ending);
    let due: Vec<String> = ends
        .periods_due(day(2026, 12, 1))
        .into_iter()
        .map(|p| p.key)
        .collect();
    assert_eq!(due, vec!["2026-01-31"]);
}

#[test]
fn a_final_failed_charge_stops_the_charging_until_a_new_card() {
    let mut events = active();
    events.push(SubscriptionEvent::ChargeFailed {
        period: "2026-01-31".into(),
        attempt: 4,
        reason: "Kortet blev afvist.".into(),
        final_attempt: true,
    });
    assert!(folded(events.clone())
        .periods_due(day(2026, 2, 1))
        .is_empty());
    events.push(SubscriptionEvent::CardSaved {
        card: SavedCard {
            payment_method: "pm_2".into(),
            ..card()
        },
    });
    assert_eq!(folded(events).periods_due(day(2026, 2, 1)).len(), 1);
}

#[test]
fn the_public_contact_form_needs_names_phone_and_a_valid_email() {
    let refused = folded(vec![created()]).decide(SubscriptionCommand::ChangeContact {
        customer: Customer {
            firstname: " ".into(),
            lastname: "Holm".into(),
            email: "ikke-en-mail".into(),
            phone: "".into(),
        },
    });
    let Err(SubscriptionError::Invalid(errors)) = refused else {
        panic!("expected field errors");
    };
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, vec!["firstname", "phone", "email"]);
    SubscriptionTest::with(())
        .given(vec![created(), SubscriptionEvent::Approved])
        .when(SubscriptionCommand::ChangeContact {
            customer: content().customer,
        })
        .then_expect_error(SubscriptionError::NotEditable);
}

/// Monthly from 01-01-2026 to 30-06-2026 with six months' binding, renewing by itself, approved
/// with a card.
fn renewing_content() -> SubscriptionContent {
    SubscriptionContent {
        start_date: Some(day(2026, 1, 1)),
        end_date: Some(day(2026, 6, 30)),
        auto_renew: true,
        ..content()
    }
}

fn renewing_with(content: SubscriptionContent) -> Vec<SubscriptionEvent> {
    vec![
        created(),
        SubscriptionEvent::Updated {
            content: Box::new(content),
        },
        SubscriptionEvent::Approved,
        SubscriptionEvent::CardSaved { card: card() },
    ]
}

fn renewing() -> Vec<SubscriptionEvent> {
    renewing_with(renewing_content())
}

fn renewed_once() -> Vec<SubscriptionEvent> {
    let mut events = renewing();
    events.push(SubscriptionEvent::Renewed {
        from: day(2026, 7, 1),
        to: day(2026, 12, 31),
    });
    events
}

fn renew(expected_end: NaiveDate, today: NaiveDate) -> SubscriptionCommand {
    SubscriptionCommand::Renew {
        expected_end,
        today,
    }
}

fn notice(expected_end: NaiveDate, today: NaiveDate) -> SubscriptionCommand {
    SubscriptionCommand::RecordRenewalNotice {
        expected_end,
        today,
    }
}

fn keys(periods: Vec<Period>) -> Vec<String> {
    periods.into_iter().map(|p| p.key).collect()
}

#[test]
fn a_subscription_with_auto_renew_renews_by_its_commitment_the_day_after_its_end_date() {
    SubscriptionTest::with(())
        .given(renewing())
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_events(vec![SubscriptionEvent::Renewed {
            from: day(2026, 7, 1),
            to: day(2026, 12, 31),
        }]);
}

#[test]
fn renewing_again_for_the_same_end_date_does_nothing() {
    SubscriptionTest::with(())
        .given(renewed_once())
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_events(vec![]);
}

#[test]
fn a_subscription_is_not_renewed_on_or_before_its_end_date() {
    SubscriptionTest::with(())
        .given(renewing())
        .when(renew(day(2026, 6, 30), day(2026, 6, 30)))
        .then_expect_error(SubscriptionError::NotEndedYet("30-06-2026".into()));
}

#[test]
fn renewing_a_draft_or_a_cancelled_subscription_is_refused() {
    SubscriptionTest::with(())
        .given(vec![
            created(),
            SubscriptionEvent::Updated {
                content: Box::new(renewing_content()),
            },
        ])
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_error(SubscriptionError::RenewOnlyActive);
    let mut cancelled = renewing();
    cancelled.push(SubscriptionEvent::Cancelled { by_customer: false });
    SubscriptionTest::with(())
        .given(cancelled)
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_error(SubscriptionError::RenewOnlyActive);
}

#[test]
fn renewing_without_auto_renew_or_without_an_end_date_is_refused() {
    SubscriptionTest::with(())
        .given(renewing_with(SubscriptionContent {
            auto_renew: false,
            ..renewing_content()
        }))
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_error(SubscriptionError::NotRenewing);
    SubscriptionTest::with(())
        .given(renewing_with(SubscriptionContent {
            no_end_date: true,
            ..renewing_content()
        }))
        .when(renew(day(2026, 6, 30), day(2026, 7, 1)))
        .then_expect_error(SubscriptionError::NotRenewing);
}

#[test]
fn a_renewed_subscription_goes_on_charging_and_one_without_auto_renew_stops() {
    let renewed = folded(renewed_once());
    assert_eq!(renewed.content.end_date, Some(day(2026, 12, 31)));
    assert_eq!(
        keys(renewed.periods_due(day(2026, 7, 1))),
        vec!["2026-01-01", "2026-02-01", "2026-03-01"],
        "at most three at once"
    );
    assert_eq!(renewed.next_payment(), Some(day(2026, 1, 1)));
    let mut charged = renewed_once();
    for month in 1..=6 {
        charged.push(SubscriptionEvent::Charged {
            period: format!("2026-{month:02}-01"),
            amount: Money::ore(37_375),
            reference: format!("pi_{month}"),
            invoice_id: None,
        });
    }
    assert_eq!(
        keys(folded(charged.clone()).periods_due(day(2026, 7, 1))),
        vec!["2026-07-01"]
    );
    // The same without auto-renew: nothing after the end date.
    let mut ended = renewing_with(SubscriptionContent {
        auto_renew: false,
        ..renewing_content()
    });
    ended.extend(charged.split_off(renewed_once().len()));
    let ended = folded(ended);
    assert_eq!(ended.periods_due(day(2026, 12, 1)), vec![]);
    assert_eq!(ended.next_payment(), None);
    assert_eq!(ended.renews_to(), None);
}

#[test]
fn a_renewal_starts_a_new_commitment_period_that_ends_at_the_new_end_date() {
    // Bound six months from 01-01-2026, but never past the end date: free on 30-06-2026.
    assert_eq!(folded(renewing()).commitment_date(), Some(day(2026, 6, 30)));
    let renewed = folded(renewed_once());
    assert_eq!(renewed.commitment_date(), Some(day(2026, 12, 31)));
    assert_eq!(renewed.renews_to(), Some(day(2027, 6, 30)));
    SubscriptionTest::with(())
        .given(renewed_once())
        .when(SubscriptionCommand::Cancel {
            by_customer: true,
            today: day(2026, 12, 30),
        })
        .then_expect_error(SubscriptionError::CommitmentNotOver("31-12-2026".into()));
    SubscriptionTest::with(())
        .given(renewed_once())
        .when(renew(day(2026, 12, 31), day(2027, 1, 1)))
        .then_expect_events(vec![SubscriptionEvent::Renewed {
            from: day(2027, 1, 1),
            to: day(2027, 6, 30),
        }]);
}

#[test]
fn without_a_commitment_a_subscription_renews_by_its_own_length() {
    let unbound = SubscriptionContent {
        commitment: Some(0),
        start_date: Some(day(2026, 1, 1)),
        end_date: Some(day(2026, 3, 31)),
        ..renewing_content()
    };
    assert_eq!(
        folded(renewing_with(unbound.clone())).renews_to(),
        Some(day(2026, 6, 30))
    );
    let mut renewed = renewing_with(unbound);
    renewed.push(SubscriptionEvent::Renewed {
        from: day(2026, 4, 1),
        to: day(2026, 6, 30),
    });
    assert_eq!(folded(renewed).renews_to(), Some(day(2026, 9, 30)));
}

#[test]
fn the_customer_is_told_once_per_end_date_from_the_notice_days_before() {
    // 30 days before 30-06-2026.
    SubscriptionTest::with(())
        .given(renewing())
        .when(notice(day(2026, 6, 30), day(2026, 5, 30)))
        .then_expect_error(SubscriptionError::RenewalNoticeTooEarly(
            "31-05-2026".into(),
        ));
    let told = SubscriptionEvent::RenewalNoticeSent {
        end_date: day(2026, 6, 30),
        renews_to: day(2026, 12, 31),
        email: "mette@example.dk".into(),
    };
    SubscriptionTest::with(())
        .given(renewing())
        .when(notice(day(2026, 6, 30), day(2026, 5, 31)))
        .then_expect_events(vec![told.clone()]);
    let mut events = renewing();
    events.push(told);
    SubscriptionTest::with(())
        .given(events.clone())
        .when(notice(day(2026, 6, 30), day(2026, 6, 10)))
        .then_expect_events(vec![]);
    // Renewed: the next end date gets its own notice.
    events.push(SubscriptionEvent::Renewed {
        from: day(2026, 7, 1),
        to: day(2026, 12, 31),
    });
    SubscriptionTest::with(())
        .given(events.clone())
        .when(notice(day(2026, 6, 30), day(2026, 6, 10)))
        .then_expect_events(vec![]);
    SubscriptionTest::with(())
        .given(events)
        .when(notice(day(2026, 12, 31), day(2026, 12, 1)))
        .then_expect_events(vec![SubscriptionEvent::RenewalNoticeSent {
            end_date: day(2026, 12, 31),
            renews_to: day(2027, 6, 30),
            email: "mette@example.dk".into(),
        }]);
}

#[test]
fn no_notice_without_auto_renew_or_an_email() {
    SubscriptionTest::with(())
        .given(renewing_with(SubscriptionContent {
            auto_renew: false,
            ..renewing_content()
        }))
        .when(notice(day(2026, 6, 30), day(2026, 6, 1)))
        .then_expect_error(SubscriptionError::NotRenewing);
    SubscriptionTest::with(())
        .given(renewing_with(SubscriptionContent {
            customer: Customer {
                email: " ".into(),
                ..content().customer
            },
            ..renewing_content()
        }))
        .when(notice(day(2026, 6, 30), day(2026, 6, 1)))
        .then_expect_error(SubscriptionError::NoEmail);
}

#[test]
fn whole_months_between_two_days_count_a_part_as_one() {
    use super::model::months_between;
    assert_eq!(months_between(day(2026, 1, 1), day(2026, 12, 31)), 12);
    assert_eq!(months_between(day(2026, 1, 1), day(2027, 1, 1)), 12);
    assert_eq!(months_between(day(2026, 1, 31), day(2026, 2, 28)), 1);
    assert_eq!(months_between(day(2026, 1, 31), day(2026, 3, 1)), 2);
    assert_eq!(months_between(day(2026, 3, 1), day(2026, 3, 1)), 0);
}
