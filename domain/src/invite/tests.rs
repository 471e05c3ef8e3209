//! Given/when/then: every transition and every refusal of the invite.

use chrono::{DateTime, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use uuid::Uuid;

use super::*;
use crate::selling::FieldError;

type InviteTest = TestFramework<Invite>;

fn club() -> Uuid {
    Uuid::from_u128(7)
}

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, hour, 0, 0)
        .single()
        .unwrap_or_default()
}

fn dinner() -> Uuid {
    Uuid::from_u128(40)
}

fn content() -> InviteContent {
    InviteContent {
        event_id: Uuid::from_u128(20),
        contact_id: Uuid::from_u128(30),
        company_id: Some(Uuid::from_u128(50)),
        list_id: None,
        token: "7ZQ3K9M2XW4T8B6N1RC5VHJD0P".into(),
    }
}

fn two_dinners() -> Vec<InviteProduct> {
    vec![InviteProduct {
        product_id: dinner(),
        amount: 2,
    }]
}

fn created() -> InviteEvent {
    InviteEvent::Created {
        client_id: club(),
        content: content(),
        products: two_dinners(),
        at: at(9),
    }
}

fn deleted() -> InviteEvent {
    InviteEvent::Deleted { at: at(10) }
}

#[test]
fn a_contact_is_invited_with_free_tickets() {
    InviteTest::with(())
        .given_no_previous_events()
        .when(InviteCommand::Create {
            client_id: club(),
            content: content(),
            products: two_dinners(),
            at: at(9),
        })
        .then_expect_events(vec![created()]);
}

#[test]
fn an_invite_is_made_once() {
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::Create {
            client_id: club(),
            content: content(),
            products: vec![],
            at: at(9),
        })
        .then_expect_error(InviteError::AlreadyCreated);
}

#[test]
fn an_invite_with_a_short_token_no_contact_or_a_bad_amount_is_refused_on_its_fields() {
    InviteTest::with(())
        .given_no_previous_events()
        .when(InviteCommand::Create {
            client_id: club(),
            content: InviteContent {
                token: "kort".into(),
                contact_id: Uuid::nil(),
                ..content()
            },
            products: vec![
                InviteProduct {
                    product_id: dinner(),
                    amount: -1,
                },
                InviteProduct {
                    product_id: dinner(),
                    amount: 1,
                },
            ],
            at: at(9),
        })
        .then_expect_error(InviteError::Invalid(vec![
            FieldError::new("products.0.amount", "Antal skal være mellem 0 og 1000"),
            FieldError::new("products.1.productId", "Produktet er valgt to gange"),
            FieldError::new("token", "Linkets kode skal være mindst 20 bogstaver og tal"),
            FieldError::new("contactId", "Kontakt skal vælges"),
        ]));
}

#[test]
fn the_products_of_an_invite_are_set_and_setting_the_same_again_changes_nothing() {
    let three = vec![InviteProduct {
        product_id: dinner(),
        amount: 3,
    }];
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::SetProducts {
            products: three.clone(),
        })
        .then_expect_events(vec![InviteEvent::ProductsSet { products: three }]);
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::SetProducts {
            products: two_dinners(),
        })
        .then_expect_events(vec![]);
}

#[test]
fn a_product_without_a_product_is_refused() {
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::SetProducts {
            products: vec![InviteProduct {
                product_id: Uuid::nil(),
                amount: 1,
            }],
        })
        .then_expect_error(InviteError::Invalid(vec![FieldError::new(
            "products.0.productId",
            "Produkt skal vælges",
        )]));
}

#[test]
fn a_sent_invitation_is_recorded_and_an_empty_address_is_refused() {
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::RecordSent {
            kind: SendKind::Reminder,
            to: " mette@holm.dk ".into(),
            at: at(11),
        })
        .then_expect_events(vec![InviteEvent::Sent {
            kind: SendKind::Reminder,
            to: "mette@holm.dk".into(),
            at: at(11),
        }]);
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::RecordSent {
            kind: SendKind::Invitation,
            to: " ".into(),
            at: at(11),
        })
        .then_expect_error(InviteError::NoAddress);
}

#[test]
fn invitation_sent_is_the_first_invitation_and_reminders_do_not_count() {
    let mut invite = Invite::default();
    for event in [
        created(),
        InviteEvent::Sent {
            kind: SendKind::Reminder,
            to: "a@b.dk".into(),
            at: at(10),
        },
    ] {
        cqrs_es::Aggregate::apply(&mut invite, event);
    }
    assert!(!invite.invitation_sent());
    for hour in [11, 12] {
        cqrs_es::Aggregate::apply(
            &mut invite,
            InviteEvent::Sent {
                kind: SendKind::Invitation,
                to: "a@b.dk".into(),
                at: at(hour),
            },
        );
    }
    assert_eq!(invite.sent_at, Some(at(11)));
    assert_eq!(invite.reminder_sent_at, Some(at(10)));
}

#[test]
fn bookings_through_the_invite_add_up() {
    let mut invite = Invite::default();
    for event in [
        created(),
        InviteEvent::Booked {
            order_id: Uuid::from_u128(1),
            tickets: 1,
            at: at(10),
        },
        InviteEvent::Booked {
            order_id: Uuid::from_u128(2),
            tickets: 1,
            at: at(11),
        },
    ] {
        cqrs_es::Aggregate::apply(&mut invite, event);
    }
    assert_eq!(invite.booked, 2);
    assert_eq!(invite.amount_of(dinner()), 2);
}

#[test]
fn a_booking_of_no_tickets_records_nothing() {
    InviteTest::with(())
        .given(vec![created()])
        .when(InviteCommand::RecordBooked {
            order_id: Uuid::from_u128(1),
            tickets: 0,
            at: at(10),
        })
        .then_expect_events(vec![]);
}

#[test]
fn a_deleted_invite_refuses_everything() {
    InviteTest::with(())
        .given(vec![created(), deleted()])
        .when(InviteCommand::RecordSent {
            kind: SendKind::Invitation,
            to: "a@b.dk".into(),
            at: at(11),
        })
        .then_expect_error(InviteError::Deleted);
    InviteTest::with(())
        .given(vec![created(), deleted()])
        .when(InviteCommand::Delete { at: at(12) })
        .then_expect_error(InviteError::Deleted);
}

#[test]
fn an_invite_never_made_is_not_found() {
    InviteTest::with(())
        .given_no_previous_events()
        .when(InviteCommand::Delete { at: at(12) })
        .then_expect_error(InviteError::NotFound);
}
