//! Newsletters (issue 20; spec 2 §2 /marketing/newsletters, Newsletters list, Newsletter editor,
//! Recipients card; §3 Newsletter, Newsletter recipient group; §5; §7 Newsletters; §8): the
//! marketing module's newsletters (`newsletter.rs`), their recipients made from the card's
//! selection and sent by jobs in batches with their progress (`recipients.rs`, `service.rs`,
//! `send.rs`), and the unsubscribe link of every newsletter mail (`public.rs`).

pub mod dto;
pub mod newsletter;
pub mod public;
pub mod recipients;
pub mod send;
pub mod service;

use utoipa::OpenApi;

use crate::kit::routes::{Access, Area, Routes};

/// The module whose rules guard the newsletters.
pub const MODULE: &str = "marketing";

/// The newsletter's job: a batch of its recipients.
pub fn register_jobs(jobs: &mut crate::jobs::JobHandlers) {
    use crate::jobs::{not_mine, JobKind, JobMethod};
    use futures::FutureExt;
    jobs.on(JobKind::SendNewsletter, |state, mailer, method| {
        async move {
            let JobMethod::SendNewsletter {
                client_id,
                newsletter_id,
                send_id,
                recipient_ids,
                force,
            } = method
            else {
                return Err(not_mine(&method));
            };
            let batch = send::Batch {
                client_id,
                newsletter_id,
                send_id,
                force,
            };
            send::send_batch(state, mailer, &batch, &recipient_ids).await
        }
        .boxed()
    });
}

pub const AREA: Area = Area {
    name: "newsletters",
    configure,
    doc: NewslettersDoc::openapi,
    history: &[],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (Access::read(MODULE), Access::manage(MODULE));
    routes
        .post("/api/newsletters", read, newsletter::list_newsletters)
        .stale_ok()
        .post(
            "/api/newsletters/update",
            manage,
            newsletter::update_newsletter,
        )
        .get("/api/newsletters/{id}", read, newsletter::get_newsletter)
        .delete(
            "/api/newsletters/{id}",
            manage,
            newsletter::delete_newsletter,
        )
        .get(
            "/api/newsletters/{id}/recipients",
            read,
            recipients::list_recipients,
        )
        .stale_ok()
        .get(
            "/api/newsletters/{id}/progress",
            read,
            recipients::send_progress,
        )
        .post(
            "/api/newsletters/{id}/create-recipients",
            manage,
            recipients::create_recipients,
        )
        .post(
            "/api/newsletters/{id}/send-newsletters",
            manage,
            recipients::send_newsletters,
        )
        .post(
            "/api/newsletters/{id}/delete-recipients",
            manage,
            recipients::delete_recipients,
        )
        .get(
            "/public/newsletters/unsubscribe/{token}",
            Access::Public,
            public::unsubscription,
        )
        .post(
            "/public/newsletters/unsubscribe/{token}",
            Access::Public,
            public::unsubscribe,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    newsletter::list_newsletters,
    newsletter::update_newsletter,
    newsletter::get_newsletter,
    newsletter::delete_newsletter,
    recipients::list_recipients,
    recipients::send_progress,
    recipients::create_recipients,
    recipients::send_newsletters,
    recipients::delete_recipients,
    public::unsubscription,
    public::unsubscribe,
))]
pub struct NewslettersDoc;
