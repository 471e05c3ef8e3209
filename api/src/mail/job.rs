//! The mail and SMS jobs (`JobKind::SendMail`, `JobKind::SendSms`): what the job runner does
//! with them, registered in `AppState`. A mail that carries an order's tickets has them rendered
//! now, by the channel that sold them (`MailHooks::tickets_pdf`).

use futures::future::BoxFuture;
use futures::FutureExt;
use uuid::Uuid;

use crate::error::ApiError;
use crate::jobs::{not_mine, JobHandlers, JobKind, JobMethod};
use crate::mail::{MadeFile, Mailer};
use crate::state::AppState;

/// Renders an order's tickets as one PDF (club, order); none when it has no tickets.
pub type TicketsPdf =
    for<'a> fn(&'a AppState, Uuid, Uuid) -> BoxFuture<'a, Result<Option<Vec<u8>>, ApiError>>;

/// What the mail job asks of the areas that sell.
pub struct MailHooks {
    pub tickets_pdf: TicketsPdf,
}

pub fn register(jobs: &mut JobHandlers) {
    jobs.on(JobKind::SendMail, |state, mailer, method| {
        send_mail(state, mailer, method).boxed()
    })
    .on(JobKind::SendSms, |state, _, method| {
        send_sms(state, method).boxed()
    });
}

async fn send_mail(state: &AppState, mailer: &Mailer, method: JobMethod) -> Result<String, String> {
    let JobMethod::SendMail(mail) = method else {
        return Err(not_mine(&method));
    };
    let mut made = Vec::new();
    if let Some(tickets) = &mail.tickets_pdf {
        let pdf = (state.mail_hooks.tickets_pdf)(state, tickets.client_id, tickets.order_id)
            .await
            .map_err(|e| format!("Billetternes PDF kunne ikke laves: {e}"))?;
        if let Some(bytes) = pdf {
            made.push(MadeFile {
                file_name: tickets.file_name.clone(),
                content_type: "application/pdf",
                bytes,
            });
        }
    }
    mailer
        .send_with(&mail, made)
        .await
        .map_err(|e| format!("Mail kunne ikke sendes: {e}"))?;
    Ok(format!("Mail sendt til {}", mail.to))
}

async fn send_sms(state: &AppState, method: JobMethod) -> Result<String, String> {
    let JobMethod::SendSms(sms) = method else {
        return Err(not_mine(&method));
    };
    state.sms.send(&sms).await.map_err(|e| e.to_string())?;
    Ok(format!("SMS sendt til {}", sms.to))
}
