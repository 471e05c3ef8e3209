//! Given/when/then: the life of an invoice (spec 3 §4 Invoice) and every refusal.

use chrono::{NaiveDate, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use uuid::Uuid;

use super::*;
use crate::money::Money;
use crate::selling::{OrderLine, VatSettings};

type InvoiceTest = TestFramework<Invoice>;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

fn at() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0)
        .single()
        .unwrap_or_default()
}

fn content() -> InvoiceContent {
    InvoiceContent {
        customer: InvoiceCustomer {
            name: "Bageriet Ærø ApS".into(),
            cvr: Some("12345678".into()),
            email: Some("bogholder@bageriet.dk".into()),
            ..InvoiceCustomer::default()
        },
        lines: vec![OrderLine {
            id: Uuid::from_u128(1),
            title: "Bandereklame".into(),
            price: Money::ore(1_000_000),
            amount: 2,
            ..OrderLine::default()
        }],
        payment_terms_days: 14,
        ..InvoiceContent::default()
    }
}

fn created_as(kind: InvoiceKind, credit_of: Option<Uuid>) -> InvoiceEvent {
    InvoiceEvent::Created {
        client_id: Uuid::from_u128(7),
        created_at: at(),
        vat: VatSettings::default(),
        kind,
        source: Some(InvoiceSource::Contract {
            contract_id: Uuid::from_u128(9),
            plan_key: "single:2026-12-01".into(),
        }),
        credit_of,
        invoice_date: Some(day(2026, 12, 1)),
        content: Box::new(content()),
    }
}

fn created() -> InvoiceEvent {
    created_as(InvoiceKind::Invoice, None)
}

fn booked() -> InvoiceEvent {
    InvoiceEvent::Booked {
        number: 1001,
        booked_at: at(),
    }
}

fn refused(events: Vec<InvoiceEvent>, command: InvoiceCommand) -> InvoiceError {
    let mut invoice = Invoice::default();
    for e in events {
        cqrs_es::Aggregate::apply(&mut invoice, e);
    }
    match invoice.decide(command) {
        Err(e) => e,
        Ok(events) => panic!("expected a refusal, got {events:?}"),
    }
}

#[test]
fn a_draft_is_made_with_a_date_and_valid_lines() {
    let create =
        |invoice_date: Option<NaiveDate>, content: InvoiceContent| InvoiceCommand::Create {
            client_id: Uuid::from_u128(7),
            created_at: at(),
            vat: VatSettings::default(),
            kind: InvoiceKind::Invoice,
            source: Some(InvoiceSource::Contract {
                contract_id: Uuid::from_u128(9),
                plan_key: "single:2026-12-01".into(),
            }),
            credit_of: None,
            invoice_date,
            content: Box::new(content),
        };
    InvoiceTest::with(())
        .given_no_previous_events()
        .when(create(Some(day(2026, 12, 1)), content()))
        .then_expect_events(vec![created()]);
    let Err(InvoiceError::Invalid(errors)) = Invoice::default().decide(create(None, content()))
    else {
        panic!("a date is required");
    };
    assert_eq!(errors[0].field, "invoiceDate");
    assert_eq!(errors[0].message, "Fakturadato skal udfyldes");
    let mut untitled = content();
    untitled.lines[0].title = String::new();
    let Err(InvoiceError::Invalid(errors)) =
        Invoice::default().decide(create(Some(day(2026, 12, 1)), untitled))
    else {
        panic!("line rules hold");
    };
    assert_eq!(errors[0].field, "lines.0.title");
}

#[test]
fn booking_gives_the_number_once_and_only_a_draft_changes_its_date_or_is_deleted() {
    InvoiceTest::with(())
        .given(vec![created()])
        .when(InvoiceCommand::Book {
            number: 1001,
            booked_at: at(),
        })
        .then_expect_events(vec![booked()]);
    InvoiceTest::with(())
        .given(vec![created()])
        .when(InvoiceCommand::ChangeDate {
            invoice_date: Some(day(2026, 12, 15)),
        })
        .then_expect_events(vec![InvoiceEvent::DateChanged {
            invoice_date: Some(day(2026, 12, 15)),
        }]);
    InvoiceTest::with(())
        .given(vec![created()])
        .when(InvoiceCommand::Delete)
        .then_expect_events(vec![InvoiceEvent::Deleted]);
    let after = vec![created(), booked()];
    let twice = refused(
        after.clone(),
        InvoiceCommand::Book {
            number: 1002,
            booked_at: at(),
        },
    );
    assert_eq!(twice.to_string(), "Fakturaen er allerede godkendt");
    assert_eq!(
        refused(after.clone(), InvoiceCommand::Delete).to_string(),
        "En godkendt faktura kan ikke slettes. Krediter den i stedet."
    );
    assert_eq!(
        refused(
            after,
            InvoiceCommand::ChangeDate {
                invoice_date: Some(day(2027, 1, 1))
            }
        )
        .to_string(),
        "Kun en kladdes fakturadato kan ændres"
    );
    assert_eq!(
        refused(
            vec![created()],
            InvoiceCommand::ChangeDate { invoice_date: None }
        ),
        InvoiceError::Invalid(vec![crate::selling::FieldError::new(
            "invoiceDate",
            "Fakturadato skal udfyldes"
        )])
    );
}

#[test]
fn a_booked_invoice_is_sent_paid_and_receipted() {
    let after = vec![created(), booked()];
    InvoiceTest::with(())
        .given(after.clone())
        .when(InvoiceCommand::RecordSent {
            email: "bogholder@bageriet.dk".into(),
            at: at(),
        })
        .then_expect_events(vec![InvoiceEvent::Sent {
            email: "bogholder@bageriet.dk".into(),
            at: at(),
        }]);
    InvoiceTest::with(())
        .given(after.clone())
        .when(InvoiceCommand::MarkPaid {
            paid_on: day(2026, 12, 10),
        })
        .then_expect_events(vec![InvoiceEvent::Paid {
            paid_on: day(2026, 12, 10),
        }]);
    assert_eq!(
        refused(
            after.clone(),
            InvoiceCommand::RecordReceiptSent {
                email: "x@y.dk".into()
            }
        ),
        InvoiceError::ReceiptNotPaid
    );
    let mut paid = after.clone();
    paid.push(InvoiceEvent::Paid {
        paid_on: day(2026, 12, 10),
    });
    assert_eq!(
        refused(
            paid.clone(),
            InvoiceCommand::MarkPaid {
                paid_on: day(2026, 12, 11)
            }
        ),
        InvoiceError::AlreadyPaid
    );
    InvoiceTest::with(())
        .given(paid)
        .when(InvoiceCommand::RecordReceiptSent {
            email: "bogholder@bageriet.dk".into(),
        })
        .then_expect_events(vec![InvoiceEvent::ReceiptSent {
            email: "bogholder@bageriet.dk".into(),
        }]);
    let mut sent = after;
    sent.push(InvoiceEvent::MarkedSent { at: at() });
    assert_eq!(
        refused(sent, InvoiceCommand::MarkSent { at: at() }),
        InvoiceError::AlreadySent
    );
    for command in [
        InvoiceCommand::MarkSent { at: at() },
        InvoiceCommand::MarkPaid {
            paid_on: day(2026, 12, 1),
        },
        InvoiceCommand::RecordSent {
            email: "a@b.dk".into(),
            at: at(),
        },
    ] {
        assert_eq!(
            refused(vec![created()], command),
            InvoiceError::NotBooked,
            "a draft"
        );
    }
    assert_eq!(
        refused(
            vec![created()],
            InvoiceCommand::SetExternalNumber {
                external_number: Some("E-1".into())
            }
        ),
        InvoiceError::ExternalNumberOnlyBooked
    );
}

#[test]
fn only_a_booked_invoice_is_credited_once_and_a_credit_note_takes_the_amounts_back() {
    let note = Uuid::from_u128(55);
    InvoiceTest::with(())
        .given(vec![created(), booked()])
        .when(InvoiceCommand::RecordCredited {
            credit_note_id: note,
        })
        .then_expect_events(vec![InvoiceEvent::Credited {
            credit_note_id: note,
        }]);
    assert_eq!(
        refused(
            vec![created()],
            InvoiceCommand::RecordCredited {
                credit_note_id: note
            }
        )
        .to_string(),
        "En kladde kan ikke krediteres. Slet den i stedet."
    );
    assert_eq!(
        refused(
            vec![
                created(),
                booked(),
                InvoiceEvent::Credited {
                    credit_note_id: note
                }
            ],
            InvoiceCommand::RecordCredited {
                credit_note_id: Uuid::from_u128(56)
            }
        ),
        InvoiceError::AlreadyCredited
    );
    let credit_note = vec![
        created_as(InvoiceKind::CreditNote, Some(Uuid::from_u128(1))),
        booked(),
    ];
    assert_eq!(
        refused(
            credit_note.clone(),
            InvoiceCommand::RecordCredited {
                credit_note_id: note
            }
        ),
        InvoiceError::CreditCreditNote
    );
    let mut original = Invoice::default();
    for e in [created(), booked()] {
        cqrs_es::Aggregate::apply(&mut original, e);
    }
    let mut credit = Invoice::default();
    for e in credit_note {
        cqrs_es::Aggregate::apply(&mut credit, e);
    }
    assert_eq!(original.totals().total, Money::ore(2_500_000));
    assert_eq!(credit.totals().total, Money::ore(-2_500_000));
    assert_eq!(credit.totals().vat, -original.totals().vat);
    assert_eq!(
        original.credit_note_content().description.as_deref(),
        Some("Kreditnota for faktura nr. 1001")
    );
    assert_eq!(original.due_date(), Some(day(2026, 12, 15)));
}
