//! The team-sport directory the contacts import reads (spec 1 §2 Contacts, §3 team-sport import):
//! a club's teams and their members with a role. A Holdsport-style REST client (basic auth,
//! `/teams`, `/teams/{id}/members`; the field names are unverified against the live service) in
//! production; realistic Danish teams in tests and the demo.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Team {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamMember {
    /// The directory's id of the person: the same person on two teams has one id.
    pub id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub role: String,
}

/// The roles a member can have on a team.
pub const ROLES: [&str; 4] = ["Spiller", "Træner", "Holdleder", "Forælder"];

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DirectoryError {
    #[error("Holdoversigten afviste adgangen. Kontrollér brugernavn og adgangskode.")]
    Unauthorized,
    #[error("Holdoversigten svarer ikke lige nu. Prøv igen om lidt.")]
    Unavailable,
}

#[async_trait]
pub trait TeamSportDirectory: Send + Sync {
    async fn teams(&self) -> Result<Vec<Team>, DirectoryError>;
    async fn members(&self, team_id: &str) -> Result<Vec<TeamMember>, DirectoryError>;
}

pub struct HoldsportApi {
    client: reqwest::Client,
    base_url: String,
    user: String,
    password: String,
}

impl HoldsportApi {
    pub fn new(base_url: &str, user: &str, password: &str) -> anyhow::Result<HoldsportApi> {
        Ok(HoldsportApi {
            client: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(10))
                .build()?,
            base_url: base_url.trim_end_matches('/').to_string(),
            user: user.to_string(),
            password: password.to_string(),
        })
    }

    async fn get(&self, path: &str) -> Result<Vec<Value>, DirectoryError> {
        let response = self
            .client
            .get(format!("{}{path}", self.base_url))
            .basic_auth(&self.user, Some(&self.password))
            .header("Accept", "application/json")
            .send()
            .await
            .map_err(|_| DirectoryError::Unavailable)?;
        match response.status().as_u16() {
            401 | 403 => Err(DirectoryError::Unauthorized),
            200 => response
                .json::<Vec<Value>>()
                .await
                .map_err(|_| DirectoryError::Unavailable),
            _ => Err(DirectoryError::Unavailable),
        }
    }
}

fn field(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

#[async_trait]
impl TeamSportDirectory for HoldsportApi {
    async fn teams(&self) -> Result<Vec<Team>, DirectoryError> {
        Ok(self
            .get("/teams")
            .await?
            .iter()
            .filter_map(|t| {
                Some(Team {
                    id: field(t, "id")?,
                    name: field(t, "name")?,
                })
            })
            .collect())
    }

    async fn members(&self, team_id: &str) -> Result<Vec<TeamMember>, DirectoryError> {
        Ok(self
            .get(&format!("/teams/{team_id}/members"))
            .await?
            .iter()
            .filter_map(|m| {
                // Holdsport numbers roles: 1 player, 2 coach, 3 team leader, 4 parent.
                let role = match field(m, "role").as_deref() {
                    Some("2") => ROLES[1],
                    Some("3") => ROLES[2],
                    Some("4") => ROLES[3],
                    _ => ROLES[0],
                };
                Some(TeamMember {
                    id: field(m, "id")?,
                    firstname: field(m, "firstname").unwrap_or_default(),
                    lastname: field(m, "lastname").unwrap_or_default(),
                    email: field(m, "email"),
                    mobile: field(m, "mobile"),
                    role: role.to_string(),
                })
            })
            .collect())
    }
}

pub struct TeamSportStandIn;

/// (person id, first name, last name, role)
type StandInMember = (&'static str, &'static str, &'static str, &'static str);

/// (team id, team name, members)
const TEAMS: [(&str, &str, &[StandInMember]); 3] = [
    (
        "u13-drenge",
        "U13 drenge",
        &[
            ("p101", "Magnus", "Holm", "Spiller"),
            ("p102", "Oliver", "Dam", "Spiller"),
            ("p103", "William", "Krogh", "Spiller"),
            ("p104", "Noah", "Bech", "Spiller"),
            ("p201", "Henrik", "Holm", "Træner"),
            ("p202", "Louise", "Dam", "Holdleder"),
            ("p301", "Mette", "Krogh", "Forælder"),
        ],
    ),
    (
        "u15-piger",
        "U15 piger",
        &[
            ("p111", "Emma", "Lund", "Spiller"),
            ("p112", "Ida", "Skov", "Spiller"),
            ("p113", "Freja", "Mortensen", "Spiller"),
            ("p203", "Anders", "Lund", "Træner"),
            ("p202", "Louise", "Dam", "Holdleder"),
        ],
    ),
    (
        "senior-herrer",
        "Senior herrer",
        &[
            ("p121", "Kasper", "Nielsen", "Spiller"),
            ("p122", "Mads", "Rasmussen", "Spiller"),
            ("p123", "Jonas", "Thomsen", "Spiller"),
            ("p201", "Henrik", "Holm", "Træner"),
        ],
    ),
];

fn email_of(firstname: &str, lastname: &str) -> String {
    let clean = |s: &str| {
        s.to_lowercase()
            .replace('æ', "ae")
            .replace('ø', "oe")
            .replace('å', "aa")
    };
    format!("{}.{}@holdmail.test", clean(firstname), clean(lastname))
}

#[async_trait]
impl TeamSportDirectory for TeamSportStandIn {
    async fn teams(&self) -> Result<Vec<Team>, DirectoryError> {
        Ok(TEAMS
            .iter()
            .map(|(id, name, _)| Team {
                id: id.to_string(),
                name: name.to_string(),
            })
            .collect())
    }

    async fn members(&self, team_id: &str) -> Result<Vec<TeamMember>, DirectoryError> {
        Ok(TEAMS
            .iter()
            .find(|(id, _, _)| *id == team_id)
            .map(|(_, _, members)| {
                members
                    .iter()
                    .enumerate()
                    .map(|(i, (id, first, last, role))| TeamMember {
                        id: id.to_string(),
                        firstname: first.to_string(),
                        lastname: last.to_string(),
                        email: Some(email_of(first, last)),
                        mobile: Some(format!("+45 20 {:02} {:02} {:02}", 10 + i, 30 + i, 50 + i)),
                        role: role.to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default())
    }
}
