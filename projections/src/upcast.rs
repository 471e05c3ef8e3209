//! Upcasters every aggregate can use. Stored events are never rewritten (ARCHITECTURE §3): an
//! event whose name or shape moved on is read through these on every load, fold and replay.

use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use serde_json::Value;

/// An event renamed without a change of its fields: `from` at `version` is read as `to`. A unit
/// variant is stored as the bare name (`"Processing"`), one with fields as `{"Name": {…}}`.
pub struct Renamed {
    pub from: &'static str,
    pub to: &'static str,
    pub version: &'static str,
}

impl EventUpcaster for Renamed {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        event_type == self.from && event_version == self.version
    }

    fn upcast(&self, mut event: SerializedEvent) -> SerializedEvent {
        event.event_type = self.to.to_string();
        event.payload = match event.payload {
            Value::String(name) if name == self.from => Value::String(self.to.to_string()),
            Value::Object(mut map) => match map.remove(self.from) {
                Some(fields) => {
                    map.insert(self.to.to_string(), fields);
                    Value::Object(map)
                }
                None => Value::Object(map),
            },
            other => other,
        };
        event
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(event_type: &str, payload: Value) -> SerializedEvent {
        SerializedEvent {
            aggregate_id: "a".into(),
            sequence: 1,
            aggregate_type: "order".into(),
            event_type: event_type.into(),
            event_version: "1".into(),
            payload,
            metadata: Value::Null,
        }
    }

    #[test]
    fn a_renamed_event_is_read_under_its_new_name() {
        let rename = Renamed {
            from: "Processing",
            to: "ProcessingStarted",
            version: "1",
        };
        assert!(rename.can_upcast("Processing", "1"));
        assert!(!rename.can_upcast("Processing", "2"));
        let unit = rename.upcast(stored("Processing", Value::String("Processing".into())));
        assert_eq!(unit.event_type, "ProcessingStarted");
        assert_eq!(unit.payload, Value::String("ProcessingStarted".into()));
        let with_fields = rename.upcast(stored(
            "Processing",
            serde_json::json!({"Processing": {"at": 1}}),
        ));
        assert_eq!(
            with_fields.payload,
            serde_json::json!({"ProcessingStarted": {"at": 1}})
        );
    }
}
