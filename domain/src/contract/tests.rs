//! Given/when/then: every transition of the contract and every refusal (spec 3 §4, §5).

use chrono::{NaiveDate, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use uuid::Uuid;

use super::*;
use crate::money::Money;
use crate::selling::{OrderLine, VatSettings};

type ContractTest = TestFramework<Contract>;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

fn line(n: u128, price: i64, amount: i64) -> ContractLine {
    ContractLine {
        line: OrderLine {
            id: Uuid::from_u128(100 + n),
            title: format!("Linje {n}"),
            price: Money::ore(price),
            amount,
            ..OrderLine::default()
        },
        unit: Unit::Stk,
    }
}

fn content() -> ContractContent {
    ContractContent {
        category_id: Some(Uuid::from_u128(1)),
        company_id: Some(Uuid::from_u128(2)),
        contact_id: Some(Uuid::from_u128(3)),
        start_date: Some(date(2026, 1, 1)),
        end_date: Some(date(2026, 12, 31)),
        renew_date: Some(date(2026, 10, 1)),
        lines: vec![line(1, 1_000_000, 2)],
        ..ContractContent::default()
    }
}

fn created_with(content: ContractContent) -> ContractEvent {
    ContractEvent::Created {
        client_id: Uuid::from_u128(7),
        number: 1,
        created_at: Utc
            .with_ymd_and_hms(2026, 11, 24, 12, 0, 0)
            .single()
            .unwrap_or_default(),
        vat: VatSettings::default(),
        status: ContractStatus::Draft,
        agreement_status: AgreementStatus::Unsent,
        renewal_of: None,
        content,
    }
}

fn created() -> ContractEvent {
    created_with(content())
}

fn create_command(content: ContractContent) -> ContractCommand {
    ContractCommand::Create {
        client_id: Uuid::from_u128(7),
        number: 1,
        created_at: Utc
            .with_ymd_and_hms(2026, 11, 24, 12, 0, 0)
            .single()
            .unwrap_or_default(),
        vat: VatSettings::default(),
        status: ContractStatus::Draft,
        agreement_status: AgreementStatus::Unsent,
        renewal_of: None,
        content,
    }
}

fn signing() -> Signing {
    Signing {
        signer_name: "Mette Holm".into(),
        signer_email: "mette@example.dk".into(),
        signed_at: Utc
            .with_ymd_and_hms(2026, 11, 24, 13, 0, 0)
            .single()
            .unwrap_or_default(),
        ip: "203.0.113.9".into(),
        user_agent: "Test".into(),
        document_sha256: "ab".repeat(32),
    }
}

fn refused_with(events: Vec<ContractEvent>, command: ContractCommand) -> ContractError {
    let mut contract = Contract::default();
    for e in events {
        cqrs_es::Aggregate::apply(&mut contract, e);
    }
    match contract.decide(command) {
        Err(e) => e,
        Ok(events) => panic!("expected a refusal, got {events:?}"),
    }
}

#[test]
fn a_contract_is_created_as_a_draft_and_needs_category_company_and_contact() {
    ContractTest::with(())
        .given_no_previous_events()
        .when(create_command(content()))
        .then_expect_events(vec![created()]);
    let empty = ContractContent::default();
    let err = Contract::default().decide(create_command(empty));
    let Err(ContractError::Invalid(errors)) = err else {
        panic!("expected field errors, got {err:?}");
    };
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["categoryId", "companyId", "contactId"]);
    assert_eq!(errors[0].message, "Kategori skal vælges");
}

#[test]
fn the_invoicing_plan_rules_hold_on_save() {
    let mut c = content();
    c.invoicing.kind = Some(PlanKind::Recurring);
    let err = Contract::default().decide(create_command(c));
    let Err(ContractError::Invalid(errors)) = err else {
        panic!("{err:?}");
    };
    assert!(errors.iter().any(|e| e.field == "invoicing.startDate"));
    assert!(errors.iter().any(|e| e.field == "invoicing.intervals"));
}

#[test]
fn lines_are_named_as_contract_lines() {
    let mut c = content();
    c.lines[0].line.title = " ".into();
    let err = Contract::default().decide(create_command(c));
    let Err(ContractError::Invalid(errors)) = err else {
        panic!("{err:?}");
    };
    assert_eq!(errors[0].field, "contractLines.0.title");
}

#[test]
fn a_draft_is_approved_reopened_cancelled_reactivated() {
    ContractTest::with(())
        .given(vec![created()])
        .when(ContractCommand::Approve)
        .then_expect_events(vec![ContractEvent::Approved]);
    ContractTest::with(())
        .given(vec![created(), ContractEvent::Approved])
        .when(ContractCommand::Reopen)
        .then_expect_events(vec![ContractEvent::Reopened]);
    ContractTest::with(())
        .given(vec![created(), ContractEvent::Approved])
        .when(ContractCommand::Cancel)
        .then_expect_events(vec![ContractEvent::Cancelled]);
    ContractTest::with(())
        .given(vec![
            created(),
            ContractEvent::Approved,
            ContractEvent::Cancelled,
        ])
        .when(ContractCommand::Reactivate)
        .then_expect_events(vec![ContractEvent::Reactivated]);
}

#[test]
fn refusals_say_why_in_danish() {
    let approved = vec![created(), ContractEvent::Approved];
    assert_eq!(
        refused_with(approved.clone(), ContractCommand::Approve),
        ContractError::ApproveNotAllowed
    );
    assert_eq!(
        refused_with(approved.clone(), ContractCommand::Delete).to_string(),
        "Kun en kladde eller en annulleret aftale kan slettes"
    );
    assert_eq!(
        refused_with(vec![created()], ContractCommand::Cancel),
        ContractError::CancelNotAllowed
    );
    assert_eq!(
        refused_with(vec![created()], ContractCommand::Reactivate),
        ContractError::ReactivateNotAllowed
    );
    assert_eq!(
        refused_with(vec![created()], ContractCommand::Reopen),
        ContractError::ReopenNotAllowed
    );
    assert_eq!(
        refused_with(
            vec![created()],
            ContractCommand::Renew {
                successor_id: Uuid::from_u128(9)
            }
        ),
        ContractError::RenewNotAllowed
    );
    let mut no_lines = content();
    no_lines.lines.clear();
    assert_eq!(
        refused_with(vec![created_with(no_lines)], ContractCommand::Approve),
        ContractError::ApproveWithoutLines
    );
    assert_eq!(
        refused_with(vec![], ContractCommand::Approve),
        ContractError::NotFound
    );
}

#[test]
fn an_approved_contract_keeps_its_lines_dates_and_total_but_notes_and_plan_change() {
    let approved = vec![created(), ContractEvent::Approved];
    let mut more_lines = content();
    more_lines.lines.push(line(2, 500, 1));
    assert_eq!(
        refused_with(
            approved.clone(),
            ContractCommand::Update {
                content: more_lines
            }
        ),
        ContractError::NotEditable
    );
    let mut later_end = content();
    later_end.end_date = Some(date(2027, 6, 30));
    assert_eq!(
        refused_with(
            approved.clone(),
            ContractCommand::Update { content: later_end }
        ),
        ContractError::NotEditable
    );
    let mut discounted = content();
    discounted.order_discount = Money::ore(100);
    assert_eq!(
        refused_with(
            approved.clone(),
            ContractCommand::Update {
                content: discounted
            }
        ),
        ContractError::NotEditable
    );
    let mut cleared = content();
    cleared.contact_id = None;
    assert!(matches!(
        refused_with(
            approved.clone(),
            ContractCommand::Update { content: cleared }
        ),
        ContractError::Invalid(_)
    ));
    let mut notes = content();
    notes.internal = Some("Ring i januar".into());
    notes.owner_id = Some(Uuid::from_u128(5));
    notes.company_id = Some(Uuid::from_u128(22));
    ContractTest::with(())
        .given(approved)
        .when(ContractCommand::Update { content: notes })
        .then_expect_events(vec![
            ContractEvent::CompanyChanged {
                company_id: Some(Uuid::from_u128(22)),
            },
            ContractEvent::OwnerChanged {
                owner_id: Some(Uuid::from_u128(5)),
            },
            ContractEvent::NotesChanged {
                internal: Some("Ring i januar".into()),
                additional: None,
                contract_description: None,
                supplemental_description: None,
            },
        ]);
}

#[test]
fn a_cancelled_contract_is_not_saved() {
    assert_eq!(
        refused_with(
            vec![created(), ContractEvent::Approved, ContractEvent::Cancelled],
            ContractCommand::Update { content: content() }
        ),
        ContractError::Cancelled
    );
}

#[test]
fn renewing_records_the_successor_once() {
    let successor = Uuid::from_u128(9);
    ContractTest::with(())
        .given(vec![created(), ContractEvent::Approved])
        .when(ContractCommand::Renew {
            successor_id: successor,
        })
        .then_expect_events(vec![ContractEvent::Renewed {
            successor_id: successor,
        }]);
    assert_eq!(
        refused_with(
            vec![
                created(),
                ContractEvent::Approved,
                ContractEvent::Renewed {
                    successor_id: successor
                }
            ],
            ContractCommand::Renew {
                successor_id: Uuid::from_u128(10)
            }
        ),
        ContractError::AlreadyRenewed
    );
}

#[test]
fn a_renewal_moves_the_period_on_and_takes_new_line_ids() {
    let next = content().moved_one_period();
    assert_eq!(next.start_date, Some(date(2027, 1, 1)));
    assert_eq!(next.end_date, Some(date(2027, 12, 31)));
    assert_eq!(next.renew_date, Some(date(2027, 10, 1)));
    assert_ne!(next.lines[0].line.id, content().lines[0].line.id);
    assert_eq!(next.lines[0].line.price, content().lines[0].line.price);
    let created = Contract::default().decide(ContractCommand::Create {
        client_id: Uuid::from_u128(7),
        number: 2,
        created_at: Utc::now(),
        vat: VatSettings::default(),
        status: ContractStatus::Draft,
        agreement_status: AgreementStatus::Renegotiation,
        renewal_of: Some(Uuid::from_u128(1)),
        content: next,
    });
    let Ok(events) = created else {
        panic!("{created:?}");
    };
    assert!(matches!(
        events[0],
        ContractEvent::Created {
            status: ContractStatus::Renewal,
            ..
        }
    ));
}

#[test]
fn signing_needs_a_sent_contract_and_happens_once() {
    let sent = vec![
        created(),
        ContractEvent::Approved,
        ContractEvent::SentForSigning {
            email: "mette@example.dk".into(),
        },
    ];
    ContractTest::with(())
        .given(sent.clone())
        .when(ContractCommand::Sign { signing: signing() })
        .then_expect_events(vec![ContractEvent::Signed { signing: signing() }]);
    assert_eq!(
        refused_with(
            vec![created()],
            ContractCommand::Sign { signing: signing() }
        ),
        ContractError::NotSentForSigning
    );
    let mut signed = sent.clone();
    signed.push(ContractEvent::Signed { signing: signing() });
    assert_eq!(
        refused_with(signed.clone(), ContractCommand::Sign { signing: signing() }),
        ContractError::AlreadySigned
    );
    let mut cancelled = sent;
    cancelled.push(ContractEvent::Cancelled);
    assert_eq!(
        refused_with(cancelled, ContractCommand::Sign { signing: signing() }),
        ContractError::Cancelled
    );
    let mut contract = Contract::default();
    for e in signed {
        cqrs_es::Aggregate::apply(&mut contract, e);
    }
    assert_eq!(contract.agreement_status, AgreementStatus::Signed);
}

#[test]
fn agreement_status_moves_by_hand_and_by_sending() {
    ContractTest::with(())
        .given(vec![created()])
        .when(ContractCommand::SetAgreementStatus {
            status: AgreementStatus::Negotiation,
        })
        .then_expect_events(vec![ContractEvent::AgreementStatusChanged {
            status: AgreementStatus::Negotiation,
        }]);
    assert_eq!(
        refused_with(
            vec![created()],
            ContractCommand::SetAgreementStatus {
                status: AgreementStatus::Unsent
            }
        )
        .to_string(),
        "Forhandlingsstatus er allerede Ikke afsendt"
    );
    assert_eq!(
        refused_with(
            vec![created()],
            ContractCommand::RecordSent { email: " ".into() }
        ),
        ContractError::NoEmail
    );
}

#[test]
fn totals_use_the_order_rules_and_a_rates_fee() {
    let mut contract = Contract::default();
    cqrs_es::Aggregate::apply(&mut contract, created());
    let totals = contract.totals();
    assert_eq!(totals.subtotal, Money::ore(2_000_000));
    assert_eq!(totals.vat, Money::ore(500_000));
    assert_eq!(totals.total, Money::ore(2_500_000));
    contract.content.invoicing.kind = Some(PlanKind::Rates);
    contract.content.invoicing.rate_fee = Some(500);
    assert_eq!(contract.totals().additional_fee, Money::ore(100_000));
}

#[test]
fn the_plan_divides_the_total_with_vat_prices_and_the_subtotal_without() {
    let mut contract = Contract::default();
    cqrs_es::Aggregate::apply(&mut contract, created());
    // Prices without VAT (the default): 20.000,00 + 25 % VAT; the plan divides 20.000,00.
    assert_eq!(contract.plan_totals().total, Money::ore(2_000_000));
    contract.vat.prices_with_vat = true;
    assert_eq!(contract.plan_totals().total, contract.totals().total);
    contract.vat.prices_with_vat = false;
    contract.content.lines[0].line.pre_payment = true;
    assert_eq!(
        contract.plan_totals().pre_payment_total,
        Money::ore(2_000_000)
    );
}
