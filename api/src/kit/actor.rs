//! Who does a write, as an application service needs it: the club it acts in and the metadata its
//! events carry. A handler gets one from its `Staff`; the demo seed and the benchmarks make one
//! without a user.

use cqrs_es::EventEnvelope;
use tribune_projections::store::{CommandBus, CommandError, Metadata};
use uuid::Uuid;

use crate::error::ApiError;
use crate::session::Staff;

#[derive(Debug, Clone)]
pub struct Actor {
    pub client_id: Uuid,
    /// The signed-in user, when there is one (jobs record who started them).
    pub user_id: Option<Uuid>,
    /// Who, from where; `command` is set per write.
    metadata: Metadata,
}

impl Actor {
    /// A write without a signed-in user (the demo seed, benchmarks, the job runner).
    pub fn system(client_id: Uuid, name: &str) -> Actor {
        Actor {
            client_id,
            user_id: None,
            metadata: Metadata {
                client_id: Some(client_id),
                user_name: Some(name.to_string()),
                ..Metadata::default()
            },
        }
    }

    /// A write in a user's name outside a request (the demo seed).
    pub fn user(client_id: Uuid, user_id: Uuid, name: &str) -> Actor {
        Actor {
            user_id: Some(user_id),
            metadata: Metadata {
                user_id: Some(user_id),
                ..Actor::system(client_id, name).metadata
            },
            ..Actor::system(client_id, name)
        }
    }

    /// A write by a visitor without an account (a contact signing a contract), from `ip`.
    pub fn visitor(client_id: Uuid, name: &str, ip: &str) -> Actor {
        let mut actor = Actor::system(client_id, name);
        actor.metadata.ip = Some(ip.to_string());
        actor
    }

    /// The metadata of the events of `command` (`order.approve`).
    pub fn metadata(&self, command: &str) -> Metadata {
        Metadata {
            command: Some(command.to_string()),
            ..self.metadata.clone()
        }
    }
}

impl From<&Staff> for Actor {
    fn from(staff: &Staff) -> Actor {
        let metadata = staff.metadata("");
        Actor {
            client_id: staff.client_id,
            user_id: metadata.user_id,
            metadata,
        }
    }
}

impl Actor {
    /// One command of this actor to aggregate `id`, inside the caller's club transaction, as every
    /// service runs it: the aggregate's refusal mapped by the service's `refused`, and one that
    /// does not exist (in this club) not found.
    #[allow(clippy::too_many_arguments)]
    pub async fn run<A>(
        &self,
        bus: &CommandBus<A>,
        conn: &mut sqlx::PgConnection,
        id: Uuid,
        version: Option<usize>,
        command: A::Command,
        name: &str,
        refused: Refused<A>,
    ) -> Result<A, ApiError>
    where
        A: cqrs_es::Aggregate + tribune_domain::tenancy::Tenanted + Clone,
    {
        let (aggregate, _) = self
            .execute(bus, conn, id, version, command, name, refused)
            .await?;
        if aggregate.client_id().is_none() {
            return Err(ApiError::NotFound);
        }
        Ok(aggregate)
    }

    /// One step of the system's runs (a renewal, a charge, its notice) recorded on aggregate
    /// `id` inside the caller's transaction: the aggregate after it and the events it made, none
    /// when the step had been recorded before (another runner, a repeat).
    pub async fn record<A>(
        &self,
        bus: &CommandBus<A>,
        conn: &mut sqlx::PgConnection,
        id: Uuid,
        command: A::Command,
        name: &str,
        refused: Refused<A>,
    ) -> Result<(A, Vec<EventEnvelope<A>>), ApiError>
    where
        A: cqrs_es::Aggregate + tribune_domain::tenancy::Tenanted + Clone,
    {
        self.execute(bus, conn, id, None, command, name, refused)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn execute<A>(
        &self,
        bus: &CommandBus<A>,
        conn: &mut sqlx::PgConnection,
        id: Uuid,
        version: Option<usize>,
        command: A::Command,
        name: &str,
        refused: Refused<A>,
    ) -> Result<(A, Vec<EventEnvelope<A>>), ApiError>
    where
        A: cqrs_es::Aggregate + tribune_domain::tenancy::Tenanted + Clone,
    {
        bus.execute_in(
            conn,
            self.client_id,
            &id.to_string(),
            command,
            self.metadata(name),
            version,
        )
        .await
        .map_err(refused)
    }
}

/// How a service turns its aggregate's refusal into an answer.
pub type Refused<A> = fn(CommandError<<A as cqrs_es::Aggregate>::Error>) -> ApiError;
