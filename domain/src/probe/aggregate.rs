use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{ProbeCommand, ProbeError, ProbeEvent};
use crate::tenancy::Tenanted;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Probe {
    pub client_id: Option<Uuid>,
    pub title: String,
    pub total: i64,
}

impl Aggregate for Probe {
    const TYPE: &'static str = "probe";
    type Command = ProbeCommand;
    type Event = ProbeEvent;
    type Error = ProbeError;
    type Services = ();

    async fn handle(
        &mut self,
        command: ProbeCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), ProbeError> {
        match (self.client_id, command) {
            (None, ProbeCommand::Open { client_id, title }) => {
                let title = required_title(title)?;
                sink.write(ProbeEvent::Opened { client_id, title }, self)
                    .await;
            }
            (Some(_), ProbeCommand::Open { .. }) => return Err(ProbeError::AlreadyOpened),
            (None, _) => return Err(ProbeError::NotOpened),
            (Some(_), ProbeCommand::Rename { title }) => {
                let title = required_title(title)?;
                sink.write(ProbeEvent::Renamed { title }, self).await;
            }
            (Some(_), ProbeCommand::Add { amount }) => {
                if amount <= 0 {
                    return Err(ProbeError::AmountNotPositive);
                }
                sink.write(ProbeEvent::Added { amount }, self).await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: ProbeEvent) {
        match event {
            ProbeEvent::Opened { client_id, title } => {
                self.client_id = Some(client_id);
                self.title = title;
            }
            ProbeEvent::Renamed { title } => self.title = title,
            ProbeEvent::Added { amount } => self.total += amount,
        }
    }
}

impl Tenanted for Probe {
    fn client_id(&self) -> Option<Uuid> {
        self.client_id
    }
}

fn required_title(title: String) -> Result<String, ProbeError> {
    let title = title.trim().to_string();
    if title.is_empty() {
        return Err(ProbeError::TitleRequired);
    }
    Ok(title)
}
