//! The booking rush (issue 15): the bookings of one event are booked in batches, ONE club
//! transaction per batch, so a thousand buyers a second share their transactions, their reads
//! and their statements instead of each paying for all of them — and queue on nothing but the
//! event's counters, which a batch locks once.
//!
//! The batches are `kit::batches` (no worker; a booking leads or waits). A batch that fails
//! as a whole (a database error) is booked again one by one, so one booking's fault never
//! refuses another. A leader whose request goes away mid-batch rolls its transaction back and
//! its followers ask again: the same intent books once, so asking again is always safe.
//!
//! Within a batch, each booking is decided as if it came alone and in turn: checked and priced
//! (`plan`), given its places or refused (`capacity::hold_many`), and then all that were given
//! their places are written together: their orders (one insert of their events), their payment
//! links, their window payments, their booking rows; a free one is confirmed at once.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use tribune_domain::money::Money;
use tribune_domain::order::OrderStatus;
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::book::{by_intent, order_content, start_request, Booked};
use super::dto::BookingInput;
use super::plan::{plan_with, Plan, Reads};
use crate::error::ApiError;
use crate::integrations::payments::ProviderKind;
use crate::kit::actor::Actor;
use crate::kit::batches::Batches;
use crate::kit::capacity::{self, HoldRequest, NewHold};
use crate::kit::club::{club_name, take_numbers};
use crate::kit::seating;
use crate::orders::service::{NewOrder, OrderService};
use crate::payments::ledger::{self as payments, Purpose};
use crate::routes::session::account::{register_customer_in, NewCustomer};
use crate::sales::channel::{Channel, PaidWith};
use crate::sales::plan::SOLD_OUT;
use crate::sales::process::{self, NewSale};
use crate::sales::service::SaleService;
use crate::session::Caller;
use crate::state::AppState;

/// The most bookings one transaction takes.
const MOST: usize = 256;

/// How many batches of one event are under way at once: while one writes (holding the event's
/// counters), the next reads and checks its bookings, and then waits for the counters.
const LEADERS: usize = 2;

/// One booking to book.
pub struct Job {
    pub client_id: Uuid,
    pub caller: Caller,
    pub ip: String,
    pub intent: String,
    /// What the request sells (`book::request_digest`): the intent answers only it again.
    pub digest: String,
    pub input: BookingInput,
    pub now: DateTime<Utc>,
    /// The new user's password, hashed (a visitor's 'Opret bruger').
    pub password_hash: Option<String>,
}

type Answer = Result<Booked, ApiError>;

/// The bookings waiting, per club and event.
pub struct Queues(Batches<(Uuid, Uuid), Job, Answer>);

impl Default for Queues {
    fn default() -> Self {
        Self(Batches::new(MOST, LEADERS))
    }
}

impl Queues {
    /// Books `job` with the others waiting for its event: see the module's comment.
    pub async fn book(&self, state: &AppState, event_id: Uuid, job: Job) -> Answer {
        let key = (job.client_id, event_id);
        self.0
            .run(
                key,
                job,
                |jobs| async move { book_batch(state, &jobs).await },
            )
            .await
    }
}

/// Books the batch together; when that fails as a whole, one by one.
async fn book_batch(state: &AppState, jobs: &[Arc<Job>]) -> Vec<Answer> {
    match book_together(state, jobs).await {
        Ok(answers) => answers,
        Err(err) if jobs.len() == 1 => vec![Err(err)],
        Err(err) => {
            tracing::warn!(error = ?err, bookings = jobs.len(), "a batch of bookings failed; booking them one by one");
            let mut answers = Vec::with_capacity(jobs.len());
            for job in jobs {
                answers.push(
                    match book_together(state, std::slice::from_ref(job)).await {
                        Ok(mut one) => one.pop().unwrap_or(Err(ApiError::NotFound)),
                        Err(err) => Err(err),
                    },
                );
            }
            answers
        }
    }
}

/// What becomes of one booking of a batch.
enum Step {
    /// Answered already (refused).
    Answer(Answer),
    /// Its intent booked before (or earlier in this batch): answered by that booking.
    Again,
    /// Checked and priced: it books when its places are there.
    Go(Box<Plan>),
}

/// A booking of the batch that got its places.
struct Going<'a> {
    at: usize,
    job: &'a Job,
    planned: Box<Plan>,
    order_id: Uuid,
    hold_id: Uuid,
    expires: Option<DateTime<Utc>>,
    actor: Actor,
    user_id: Option<Uuid>,
}

fn actor_of(job: &Job) -> Actor {
    match job.caller.0.as_deref() {
        Some(identity) => Actor::user(job.client_id, identity.user.id, &identity.user.name()),
        None => Actor::visitor(
            job.client_id,
            &format!(
                "{} {}",
                job.input.firstname.trim(),
                job.input.lastname.trim()
            ),
            &job.ip,
        ),
    }
}

/// Books the batch in ONE transaction: the answer per booking, in order; Err when the
/// transaction failed (nothing of the batch is booked).
async fn book_together(state: &AppState, jobs: &[Arc<Job>]) -> Result<Vec<Answer>, ApiError> {
    let Some(first) = jobs.first() else {
        return Ok(Vec::new());
    };
    let client_id = first.client_id;
    // Taken before the transaction, so the rush does not queue on the club's counter.
    let first_number = take_numbers(
        &state.pool,
        super::RULES.numbering.series(),
        client_id,
        jobs.len(),
    )
    .await?;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let intents: Vec<&str> = jobs.iter().map(|j| j.intent.as_str()).collect();
    let known = process::intents_known(&mut tx, client_id, &intents).await?;
    let mut seen = HashSet::new();
    let mut reads = Reads::default();
    let mut steps = Vec::with_capacity(jobs.len());
    for job in jobs {
        if known.contains(&job.intent) || !seen.insert(job.intent.as_str()) {
            steps.push(Step::Again);
            continue;
        }
        let identity = job.caller.0.as_deref();
        steps.push(
            match plan_with(
                &mut tx, &mut reads, client_id, identity, &job.input, job.now, true,
            )
            .await
            {
                Ok(planned)
                    if planned.totals.total != Money::ZERO && planned.provider.is_none() =>
                {
                    Step::Answer(Err(ApiError::invalid(
                        "Kortbetaling er ikke sat op for klubben.",
                    )))
                }
                Ok(planned) if !planned.shown_by(&job.intent) => Step::Answer(Err(
                    ApiError::field("intentSecret", super::plan::CHANGED_SINCE_SHOWN),
                )),
                Ok(planned) => Step::Go(Box::new(planned)),
                // The transaction is no good now: the batch is booked one by one.
                Err(err @ ApiError::Internal(_)) => return Err(err),
                Err(refused) => Step::Answer(Err(refused)),
            },
        );
    }

    // The places, all at once: who gets them is decided in the batch's order.
    let mut going: Vec<Going> = Vec::new();
    for (at, (step, job)) in steps.iter_mut().zip(jobs).enumerate() {
        if let Step::Go(_) = step {
            let Step::Go(planned) = std::mem::replace(step, Step::Again) else {
                continue;
            };
            let free = planned.totals.total == Money::ZERO;
            going.push(Going {
                at,
                job,
                expires: (!free).then(|| super::RULES.hold_until(job.now)),
                planned,
                order_id: Uuid::new_v4(),
                hold_id: Uuid::new_v4(),
                actor: actor_of(job),
                user_id: job.caller.0.as_deref().map(|i| i.user.id),
            });
        }
    }
    // The seats, locked to this transaction: a booking whose hold session no longer holds all of
    // its seats is refused (an earlier booking of the batch may have taken them).
    if let Some(scope) = going.first().map(|g| g.planned.event.id) {
        let wanted: Vec<(String, String)> = going.iter().flat_map(|g| g.planned.seats()).collect();
        if !wanted.is_empty() {
            let earliest = going.iter().map(|g| g.job.now).min().unwrap_or(first.now);
            let held = seating::held_by(&mut tx, client_id, scope, &wanted, earliest, true).await?;
            let mut held = held.into_iter();
            let mut taken: HashSet<String> = HashSet::new();
            let mut kept = Vec::with_capacity(going.len());
            for g in going {
                let seats = g.planned.seats();
                let all = held.by_ref().take(seats.len()).all(|s| s.is_some());
                if all && seats.iter().all(|(label, _)| taken.insert(label.clone())) {
                    kept.push(g);
                } else {
                    steps[g.at] = Step::Answer(Err(ApiError::field("products", SOLD_OUT)));
                }
            }
            going = kept;
        }
    }
    if let Some(scope) = going.first().map(|g| g.planned.event.id) {
        let requests: Vec<HoldRequest> = going
            .iter()
            .map(|g| HoldRequest {
                hold: NewHold {
                    id: g.hold_id,
                    scope,
                    owner: g.order_id,
                    expires_at: g.expires,
                },
                claims: g.planned.claims.clone(),
            })
            .collect();
        let earliest = going.iter().map(|g| g.job.now).min().unwrap_or(first.now);
        let held = capacity::hold_many(&mut tx, client_id, scope, &requests, earliest).await?;
        let mut kept = Vec::with_capacity(going.len());
        for (g, held) in going.into_iter().zip(held) {
            match held {
                Ok(()) => kept.push(g),
                Err(full) => {
                    steps[g.at] = Step::Answer(Err(super::plan::refusal(&g.planned, &full)));
                }
            }
        }
        going = kept;
    }
    // The seats become the orders' own, held as long as their places.
    if let Some(scope) = going.first().map(|g| g.planned.event.id) {
        let seats: Vec<(Uuid, String, String)> = going
            .iter()
            .flat_map(|g| {
                g.planned
                    .seats()
                    .into_iter()
                    .map(|(label, token)| (g.order_id, label, token))
            })
            .collect();
        let until = super::RULES.hold_until(first.now);
        seating::attach(&mut tx, scope, &seats, until).await?;
    }

    let mut booked: HashMap<usize, Booked> = HashMap::new();
    if !going.is_empty() {
        // A visitor's new user ('Opret bruger').
        for g in &mut going {
            let Some(hash) = &g.job.password_hash else {
                continue;
            };
            let name = club_name(&mut tx, client_id).await?;
            let input = &g.job.input;
            g.user_id = register_customer_in(
                &mut tx,
                state,
                (client_id, &name),
                NewCustomer {
                    firstname: input.firstname.trim(),
                    lastname: input.lastname.trim(),
                    email: input.email.trim(),
                    password_hash: hash,
                    phone: Some(input.phone.as_str()),
                },
            )
            .await?
            .or(g.user_id);
        }
        let mut tickets = Vec::with_capacity(going.len());
        let mut creates = Vec::with_capacity(going.len());
        for g in &going {
            let (content, stored) = order_content(&g.planned, &g.job.input);
            tickets.push(stored);
            creates.push(NewOrder {
                id: g.order_id,
                number: first_number + i64::try_from(g.at).unwrap_or_default(),
                created_at: g.job.now,
                vat: g.planned.vat,
                status: OrderStatus::Draft,
                is_pos: false,
                content,
                metadata: g.actor.metadata("order.book"),
            });
        }
        OrderService::of(state)
            .create_in(&mut tx, client_id, creates)
            .await?;
        let owners: Vec<Uuid> = going.iter().map(|g| g.order_id).collect();
        let tokens = payments::issue_links(&mut tx, client_id, Purpose::Order, &owners).await?;
        for (g, token) in going.iter().zip(tokens) {
            booked.insert(
                g.at,
                Booked {
                    order_id: g.order_id,
                    token,
                    total: g.planned.totals.total,
                    expires: g.expires,
                    event_url: g.planned.event.url.clone(),
                    fresh: true,
                    payment: None,
                },
            );
        }
        // The window's forms are made here and now (no network), so their payments are written
        // with the bookings; a Stripe payment is started after the commit (a call to Stripe
        // holds no locks).
        let by_window: Vec<usize> = going
            .iter()
            .filter(|g| g.expires.is_some() && g.planned.provider == Some(ProviderKind::Window))
            .map(|g| g.at)
            .collect();
        if !by_window.is_empty() {
            let requests = by_window
                .iter()
                .filter_map(|at| booked.get(at))
                .map(|one| start_request(state, one))
                .collect();
            let started =
                payments::start_many_in(&mut tx, state, client_id, ProviderKind::Window, requests)
                    .await?;
            for (at, start) in by_window.iter().zip(started) {
                if let Some(one) = booked.get_mut(at) {
                    one.payment = Some(start);
                }
            }
        }
        let rows: Vec<NewSale> = going
            .iter()
            .zip(&tickets)
            .map(|(g, tickets)| NewSale {
                channel: Channel::Booking,
                client_id,
                event_id: g.planned.event.id,
                buyer: g.planned.buyer,
                order_id: g.order_id,
                hold: g.hold_id,
                claims: &g.planned.claims,
                intent: &g.job.intent,
                digest: &g.job.digest,
                user_id: g.user_id,
                tickets,
            })
            .collect();
        if let Err(err) = process::record_many(&mut tx, &rows).await {
            if let sqlx::Error::Database(e) = &err {
                if e.constraint() == Some("sales_intent") && jobs.len() == 1 {
                    // The same intent booked at the same moment elsewhere: that booking stands
                    // (the unique index waited for it to commit, so it is there to be found).
                    tx.rollback().await?;
                    return Ok(vec![by_intent(
                        state,
                        client_id,
                        &first.intent,
                        &first.digest,
                    )
                    .await?
                    .ok_or(ApiError::NotFound)]);
                }
            }
            return Err(err.into());
        }
        let asked: Vec<Uuid> = going
            .iter()
            .filter(|g| g.job.password_hash.is_some())
            .map(|g| g.order_id)
            .collect();
        if !asked.is_empty() {
            process::set_account_requested(&mut tx, &asked).await?;
        }
        for g in going.iter().filter(|g| g.expires.is_none()) {
            // Free: confirmed at once, its tickets issued.
            SaleService::of(state)
                .confirm_in(&mut tx, &g.actor, g.order_id, &PaidWith::Nothing)
                .await?;
        }
    }
    tx.commit().await?;

    let mut answers = Vec::with_capacity(jobs.len());
    for (at, (step, job)) in steps.into_iter().zip(jobs).enumerate() {
        answers.push(match step {
            Step::Answer(answer) => answer,
            Step::Go(_) | Step::Again => match booked.remove(&at) {
                Some(one) => Ok(one),
                None => by_intent(state, client_id, &job.intent, &job.digest)
                    .await
                    .and_then(|found| found.ok_or(ApiError::NotFound)),
            },
        });
    }
    Ok(answers)
}
