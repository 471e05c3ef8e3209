//! Invitations (issue 18; spec 2 §2 Invitations tab, §3 Invite, §4 Invitation, §5 invite
//! products, §7 Invitations, §8): the Invite aggregate's routes — the event's invites by company
//! and by contact list, creating them for a selection, their products one by one or per group,
//! sending (jobs, `send.rs`), deleting — and the public link that opens the booking for the
//! invitee (`public.rs`). The service is `service.rs`, the wire types `dto.rs`.

pub mod dto;
pub mod handlers;
pub mod public;
pub mod send;
pub mod service;

use tribune_domain::invite::Invite;
use utoipa::OpenApi;

use crate::kit::history::AggregateHistory;
use crate::kit::routes::{Access, Area, Routes};

/// The invitations' job: an invitation, reminder or update to an invite's contact.
pub fn register_jobs(jobs: &mut crate::jobs::JobHandlers) {
    use crate::jobs::{not_mine, JobKind, JobMethod};
    use futures::FutureExt;
    jobs.on(JobKind::SendInvite, |state, mailer, method| {
        async move {
            let JobMethod::SendInvite {
                client_id,
                invite_id,
                kind,
                force,
            } = method
            else {
                return Err(not_mine(&method));
            };
            send::send(state, mailer, client_id, invite_id, kind, force).await
        }
        .boxed()
    });
}

pub const AREA: Area = Area {
    name: "invites",
    configure,
    doc: InvitesDoc::openapi,
    history: &[&AggregateHistory::<Invite> {
        aggregate_type: "invite",
        module: Some(crate::events::MODULE),
        bus: |state| &state.invites,
        view: |_, _, invite| serde_json::to_value(invite),
    }],
};

pub fn configure(routes: &mut Routes) {
    let (read, manage) = (
        Access::read(crate::events::MODULE),
        Access::manage(crate::events::MODULE),
    );
    routes
        .post(
            "/api/events/save-invite/{inviteId}",
            manage,
            handlers::save_invite,
        )
        .get("/api/events/{id}/invites", read, handlers::list_invites)
        .post(
            "/api/events/{id}/create-invites",
            manage,
            handlers::create_invites,
        )
        .post(
            "/api/events/{id}/send-invites",
            manage,
            handlers::send_invites,
        )
        .post(
            "/api/events/{id}/delete-invites",
            manage,
            handlers::delete_invites,
        )
        .get(
            "/api/events/{id}/invite-group/{key}",
            read,
            handlers::get_invite_group,
        )
        .post(
            "/api/events/{id}/invite-group",
            manage,
            handlers::save_invite_group,
        )
        .get(
            "/public/events/invite/{token}",
            Access::Public,
            public::open_invite,
        )
        .get(
            "/public/events/invites/{token}",
            Access::Public,
            public::get_public_invite,
        );
}

#[derive(OpenApi)]
#[openapi(paths(
    handlers::save_invite,
    handlers::list_invites,
    handlers::create_invites,
    handlers::send_invites,
    handlers::delete_invites,
    handlers::get_invite_group,
    handlers::save_invite_group,
    public::open_invite,
    public::get_public_invite,
))]
pub struct InvitesDoc;
