//! Module access rules (spec 1 §6): a module defines rules of `{subject, action, inverted, fields}`
//! items; a club links rules to its roles. A user's ACL is every item linked to their role in the
//! current club. As in CASL, a later matching item overrides an earlier one and `manage` includes
//! `read`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AclItem {
    #[serde(default, deserialize_with = "one_or_many")]
    pub subject: Vec<String>,
    #[serde(default, deserialize_with = "one_or_many")]
    pub action: Vec<String>,
    #[serde(default)]
    pub inverted: bool,
    #[serde(default, deserialize_with = "one_or_many")]
    pub fields: Vec<String>,
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
        Nothing(()),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
        OneOrMany::Nothing(()) => Vec::new(),
    })
}

pub use crate::kit::access::Action;

/// The items linked to `role` from each module's `(acl_rules, role_acls)`.
pub fn items_for_role(sources: &[(String, Value, Value)], role: &str) -> Vec<AclItem> {
    let mut items = Vec::new();
    for (_, rules, role_acls) in sources {
        let linked: Vec<String> = role_acls
            .as_array()
            .into_iter()
            .flatten()
            .filter(|link| link.get("role").and_then(Value::as_str) == Some(role))
            .filter_map(|link| link.get("ruleId").map(id_text))
            .collect();
        for rule in rules.as_array().into_iter().flatten() {
            let id = rule.get("id").map(id_text).unwrap_or_default();
            if !linked.contains(&id) {
                continue;
            }
            let user_acl = rule
                .get("userACL")
                .cloned()
                .unwrap_or(Value::Array(Vec::new()));
            if let Ok(rule_items) = serde_json::from_value::<Vec<AclItem>>(user_acl) {
                items.extend(rule_items);
            }
        }
    }
    items
}

fn id_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether `item` names `subject` (or `all`).
fn names_subject(item: &AclItem, subject: &str) -> bool {
    item.subject
        .iter()
        .any(|s| s == "all" || s.eq_ignore_ascii_case(subject))
}

/// Whether `item` covers every field of its subject: no fields named, or `*`.
fn every_field(item: &AclItem) -> bool {
    item.fields.is_empty() || item.fields.iter().any(|f| f == "*")
}

/// Whether the last item that names `action` and `subject` and passes `applies` grants it.
fn decides(
    items: &[AclItem],
    action: Action,
    subject: &str,
    applies: impl Fn(&AclItem) -> bool,
) -> bool {
    items
        .iter()
        .rev()
        .find(|item| {
            item.action.iter().any(|a| action.granted_by(a))
                && names_subject(item, subject)
                && applies(item)
        })
        .is_some_and(|item| !item.inverted)
}

/// May the holder of `items` do `action` on `subject`? As in CASL, an inverted item that names
/// fields denies those fields only, not the subject.
pub fn can(items: &[AclItem], action: Action, subject: &str) -> bool {
    decides(items, action, subject, |item| {
        !item.inverted || every_field(item)
    })
}

/// May the holder of `items` do `action` on `field` of `subject`? The last item that names the
/// action, the subject and the field (or every field) decides.
pub fn can_field(items: &[AclItem], action: Action, subject: &str, field: &str) -> bool {
    decides(items, action, subject, |item| {
        every_field(item) || item.fields.iter().any(|f| f == field)
    })
}

/// The fields of `subject` the holder of `items` may not read (`hidden`) or not change
/// (`locked`, which holds the hidden ones too): spec 1 §6's field rules. Only fields an item
/// names can differ from the subject's own right, so only those are asked.
pub fn field_rules(items: &[AclItem], subject: &str) -> FieldRules {
    let mut named: Vec<&str> = items
        .iter()
        .filter(|item| names_subject(item, subject))
        .flat_map(|item| item.fields.iter().map(String::as_str))
        .filter(|field| *field != "*")
        .collect();
    named.sort_unstable();
    named.dedup();
    let mut rules = FieldRules::default();
    for field in named {
        let hidden = !can_field(items, Action::Read, subject, field);
        if hidden {
            rules.hidden.push(field.to_string());
        }
        if hidden || !can_field(items, Action::Manage, subject, field) {
            rules.locked.push(field.to_string());
        }
    }
    rules
}

pub use crate::kit::access::FieldRules;

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn sources() -> Vec<(String, Value, Value)> {
        vec![(
            "companies".into(),
            json!([
                {"id": "r1", "name": "Læs alt", "userACL": [{"subject": "all", "action": ["read"]}]},
                {"id": "r2", "name": "Ret virksomheder", "userACL": [{"subject": ["companies"], "action": ["manage"]}]},
                {"id": "r3", "name": "Ikke kontakter", "userACL": [{"subject": "contacts", "action": "manage", "inverted": true}]}
            ]),
            json!([{"ruleId": "r1", "role": "staff"}, {"ruleId": "r2", "role": "staff"}, {"ruleId": "r3", "role": "staff"}, {"ruleId": "r2", "role": "sales"}]),
        )]
    }

    #[test]
    fn a_role_gets_the_items_of_its_linked_rules_only() {
        assert_eq!(items_for_role(&sources(), "staff").len(), 3);
        assert_eq!(items_for_role(&sources(), "sales").len(), 1);
        assert!(items_for_role(&sources(), "customer").is_empty());
    }

    #[test]
    fn manage_includes_read_and_read_does_not_include_manage() {
        let staff = items_for_role(&sources(), "staff");
        assert!(can(&staff, Action::Manage, "companies"));
        assert!(can(&staff, Action::Read, "orders"));
        assert!(!can(&staff, Action::Manage, "orders"));
    }

    #[test]
    fn a_later_inverted_item_denies() {
        let staff = items_for_role(&sources(), "staff");
        assert!(!can(&staff, Action::Manage, "contacts"));
        assert!(!can(&staff, Action::Read, "contacts"));
    }

    fn price_rules(action: &str) -> Vec<AclItem> {
        serde_json::from_value(json!([
            {"subject": "orders", "action": "manage", "fields": ["*"]},
            {"subject": "orders", "action": action, "inverted": true, "fields": ["price", "discount"]}
        ]))
        .unwrap_or_default()
    }

    fn item(value: Value) -> Vec<AclItem> {
        serde_json::from_value(Value::Array(vec![value])).unwrap_or_default()
    }

    #[test]
    fn an_inverted_item_with_fields_denies_the_fields_not_the_module() {
        let items = price_rules("read");
        assert!(can(&items, Action::Manage, "orders"));
        assert!(can(&items, Action::Read, "orders"));
        assert!(!can_field(&items, Action::Read, "orders", "price"));
        // What may not be read may not be changed either (`field_rules` locks it).
        assert!(can_field(&items, Action::Manage, "orders", "title"));
        let rules = field_rules(&items, "orders");
        assert_eq!(rules.hidden, ["discount", "price"]);
        assert_eq!(rules.locked, ["discount", "price"]);
        assert!(field_rules(&items, "companies").is_empty());
    }

    #[test]
    fn denying_manage_denies_read_too_and_a_later_read_grant_makes_a_field_read_only() {
        // As in CASL, `manage` is every action: denying it on a field hides the field.
        let mut items = price_rules("manage");
        assert_eq!(field_rules(&items, "orders").hidden, ["discount", "price"]);
        items.extend(item(
            json!({"subject": "orders", "action": "read", "fields": ["price"]}),
        ));
        let rules = field_rules(&items, "orders");
        assert_eq!(rules.hidden, ["discount"]);
        assert_eq!(rules.locked, ["discount", "price"]);
        items.extend(item(
            json!({"subject": "all", "action": "manage", "fields": ["discount"]}),
        ));
        assert_eq!(field_rules(&items, "orders").locked, ["price"]);
    }

    #[test]
    fn nothing_is_allowed_without_items() {
        assert!(!can(&[], Action::Read, "companies"));
    }
}
