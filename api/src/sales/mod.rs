//! Selling (issue 38 §1): the one process table (`process`), the one service with the steps
//! every channel shares (`service`), what an event's sale offers whom (`offers`) and how its
//! lines are checked (`plan`), fulfilment (`fulfil`) and the confirmation mail
//! (`confirmation`). The channels — the public booking (`booking`), the desk (`pos`) and the web
//! shop (`shop`) — are adapters: each parses and checks its own input, states its rules as data
//! (`channel::Rules`) and hands the sale to the service. This area has no routes
//! of its own.

pub mod buyer;
pub mod cancellation;
pub mod channel;
pub mod confirmation;
pub mod fulfil;
pub mod offers;
pub mod plan;
pub mod process;
pub mod service;

/// The cancellation of an event: its sales cancelled and their buyers told.
pub fn register_jobs(jobs: &mut crate::jobs::JobHandlers) {
    use crate::jobs::{not_mine, JobKind, JobMethod};
    use futures::FutureExt;
    jobs.on(JobKind::CancelEvent, |state, _mailer, method| {
        async move {
            let JobMethod::CancelEvent {
                client_id,
                event_id,
            } = method
            else {
                return Err(not_mine(&method));
            };
            cancellation::run(state, client_id, event_id).await
        }
        .boxed()
    });
}
