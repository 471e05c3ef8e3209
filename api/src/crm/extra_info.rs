//! Extra-info fields (spec 1 §3): defined per club in settings (`companies.extraInfo`,
//! `contacts.extraInfo`), stored on the entity as a map by alias of {title, alias, value, values}.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::error::FieldErrors;

#[derive(Debug, Clone, Deserialize)]
pub struct Definition {
    pub title: String,
    pub alias: String,
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub values: Vec<String>,
    #[serde(default)]
    pub multiple: bool,
    #[serde(default)]
    pub required: bool,
}

/// One stored extra-info field of a company or contact: what `normalize` keeps, by alias.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ExtraInfoEntry {
    pub title: String,
    pub alias: String,
    /// The text, or the chosen texts of a field that holds several; null when not answered.
    #[ts(type = "string | Array<string> | null")]
    pub value: Value,
    /// The definition's choices.
    pub values: Vec<String>,
}

pub fn definitions(settings: &Value, section: &str) -> Vec<Definition> {
    settings
        .get(section)
        .and_then(|s| s.get("extraInfo"))
        .and_then(|d| serde_json::from_value(d.clone()).ok())
        .unwrap_or_default()
}

fn answered(value: &Value) -> bool {
    match value {
        Value::String(s) => !s.trim().is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Bool(b) => *b,
        Value::Null => false,
        _ => true,
    }
}

/// Keeps only defined fields, checks required ones and allowed values, and stores each as
/// {title, alias, value, values} with the definition's current title and choices.
pub fn normalize(defs: &[Definition], submitted: &Value, errors: &mut FieldErrors) -> Value {
    let mut out = Map::new();
    for def in defs {
        let raw = submitted
            .get(&def.alias)
            .map(|v| v.get("value").cloned().unwrap_or_else(|| v.clone()))
            .unwrap_or(Value::Null);
        let value = match (&raw, def.multiple || def.kind == "Checkbox") {
            (Value::Array(items), _) => {
                Value::Array(items.iter().filter(|v| answered(v)).cloned().collect())
            }
            (Value::String(s), true) if !s.is_empty() => json!([s]),
            (Value::Bool(true), true) => json!(["true"]),
            (other, _) => other.clone(),
        };
        if def.required && !answered(&value) {
            errors
                .entry(format!("extraInfo.{}", def.alias))
                .or_default()
                .push(format!("{} skal udfyldes", def.title));
        }
        if !def.values.is_empty() && def.kind != "Text" {
            let chosen: Vec<String> = match &value {
                Value::Array(items) => items
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                Value::String(s) if !s.is_empty() => vec![s.clone()],
                _ => Vec::new(),
            };
            if chosen
                .iter()
                .any(|c| !def.values.contains(c) && c != "true")
            {
                errors
                    .entry(format!("extraInfo.{}", def.alias))
                    .or_default()
                    .push(format!("{} har en ugyldig værdi", def.title));
            }
        }
        out.insert(
            def.alias.clone(),
            json!({ "title": def.title, "alias": def.alias, "value": value, "values": def.values }),
        );
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs() -> Vec<Definition> {
        serde_json::from_value(json!([
            { "title": "Branche", "alias": "branche", "type": "Select", "values": ["Byg", "Detail"], "required": true },
            { "title": "Interesser", "alias": "interesser", "type": "Checkbox", "values": ["VIP", "Loge"], "multiple": true },
            { "title": "Note", "alias": "note", "type": "Text" }
        ]))
        .unwrap_or_default()
    }

    #[test]
    fn a_missing_required_field_is_reported_with_its_title() {
        let mut errors = FieldErrors::new();
        normalize(&defs(), &json!({}), &mut errors);
        assert_eq!(
            errors["extraInfo.branche"],
            vec!["Branche skal udfyldes".to_string()]
        );
    }

    #[test]
    fn values_outside_the_choices_are_refused_and_unknown_fields_dropped() {
        let mut errors = FieldErrors::new();
        let stored = normalize(
            &defs(),
            &json!({ "branche": { "value": "Landbrug" }, "hacker": "x" }),
            &mut errors,
        );
        assert_eq!(
            errors["extraInfo.branche"],
            vec!["Branche har en ugyldig værdi".to_string()]
        );
        assert!(stored.get("hacker").is_none());
    }

    #[test]
    fn stored_values_carry_title_alias_and_choices() {
        let mut errors = FieldErrors::new();
        let stored = normalize(
            &defs(),
            &json!({ "branche": "Byg", "interesser": { "value": ["VIP"] }, "note": { "value": "hej" } }),
            &mut errors,
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            stored["branche"],
            json!({ "title": "Branche", "alias": "branche", "value": "Byg", "values": ["Byg", "Detail"] })
        );
        assert_eq!(stored["interesser"]["value"], json!(["VIP"]));
    }
}
