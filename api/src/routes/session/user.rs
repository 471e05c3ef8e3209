use serde::Serialize;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::acl::{items_for_role, AclItem};
use crate::identity::modules;
use crate::identity::sessions::Identity;
use crate::identity::users::{self, Membership};
use crate::state::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Impersonator {
    pub id: Uuid,
    pub name: String,
}

/// The session user of spec 1 §3.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUser {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub name: String,
    pub email: String,
    pub picture: Option<String>,
    pub time_zone: String,
    pub acl: Vec<AclItem>,
    pub role: Option<String>,
    pub admin: bool,
    pub super_admin: bool,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub about: Option<String>,
    pub linkedin: Option<String>,
    pub email_confirmed: bool,
    pub clients: Vec<Membership>,
    pub impersonator: Option<Impersonator>,
}

pub async fn session_user(state: &AppState, identity: &Identity) -> Result<SessionUser, ApiError> {
    let user = &identity.user;
    let acl = match (identity.client_id, identity.role()) {
        _ if identity.is_admin() => vec![AclItem {
            subject: vec!["all".into()],
            action: vec!["manage".into()],
            inverted: false,
            fields: Vec::new(),
        }],
        (Some(client_id), Some(role)) => {
            items_for_role(&modules::acl_sources(&state.pool, client_id).await?, role)
        }
        _ => Vec::new(),
    };
    Ok(SessionUser {
        id: user.id,
        firstname: user.firstname.clone(),
        lastname: user.lastname.clone(),
        name: user.name(),
        email: user.email.clone(),
        picture: user.picture.clone(),
        time_zone: user.time_zone.clone(),
        acl,
        role: identity.role().map(str::to_string),
        admin: identity.is_admin(),
        super_admin: user.super_admin,
        phone: user.phone.clone(),
        mobile: user.mobile.clone(),
        about: user.about.clone(),
        linkedin: user.linkedin.clone(),
        email_confirmed: user.email_confirmed,
        clients: users::memberships(&state.pool, user.id).await?,
        impersonator: identity
            .impersonator
            .as_ref()
            .map(|(id, name)| Impersonator {
                id: *id,
                name: name.clone(),
            }),
    })
}
