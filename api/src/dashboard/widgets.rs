//! Which widgets the back-office home shows (spec 1 §2 "Dashboard widgets (selectable by alias)",
//! §3 the client settings' dashboard section). The club chooses them by alias in 'Indstillinger'
//! (`settings.dashboard.widgets`, with the events widget's `eventsPromoted` and `eventsLimit`);
//! a staff member may choose their own for the club, which then wins. With no choice the home
//! shows the spec's eight. Whatever is chosen, a widget is shown only to those whose role may
//! read its module, and only when the club has that module.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tribune_projections::db::club_tx;

use crate::envelope::{self, Envelope};
use crate::error::ApiError;
use crate::kit::access::Action;
use crate::kit::input::Json;
use crate::kit::validate::Check;
use crate::kit::widgets::{ALIASES, DEFAULT_COUNT, EVENTS_LIMIT, EVENTS_LIMIT_MAX, WIDGETS};
use crate::session::Staff;
use crate::state::AppState;

/// Whose choice the home follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChosenBy {
    /// The staff member's own.
    User,
    /// The club's, in its settings.
    Club,
    /// Nobody's: the spec's eight.
    Default,
}

/// The events widget's settings: promoted events only, and how many.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsWidget {
    pub promoted: bool,
    #[ts(type = "number")]
    pub limit: i64,
}

/// GET /api/dashboard/widgets.
#[derive(Debug, Clone, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardWidgets {
    /// What the home shows the caller, in order: the choice less what the role may not read.
    pub shown: Vec<String>,
    /// The choice the home follows (the user's own, else the club's, else the eight).
    pub chosen: Vec<String>,
    pub chosen_by: ChosenBy,
    /// The club's choice (the eight when it made none): what 'Brug klubbens valg' goes back to.
    pub club: Vec<String>,
    /// Every widget the caller may be shown, in the home's order: the customise dialog's choices.
    pub available: Vec<String>,
    pub events: EventsWidget,
}

/// POST /api/dashboard/widgets: the caller's own choice for the club; `null` follows the club.
#[derive(Debug, Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WidgetChoice {
    pub widgets: Option<Vec<String>>,
}

fn aliases_of(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|alias| ALIASES.contains(alias))
        .map(str::to_string)
        .collect()
}

fn default_widgets() -> Vec<String> {
    ALIASES[..DEFAULT_COUNT]
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// What the caller's home shows, from the club's settings and the caller's own choice.
async fn widgets_for(staff: &Staff, state: &AppState) -> Result<DashboardWidgets, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let settings: Option<Value> =
        sqlx::query_scalar("SELECT settings->'dashboard' FROM clients WHERE id = $1")
            .bind(staff.client_id)
            .fetch_optional(&mut *tx)
            .await?
            .flatten();
    let own: Option<Vec<String>> = sqlx::query_scalar(
        "SELECT widgets FROM dashboard_choices WHERE client_id = $1 AND user_id = $2",
    )
    .bind(staff.client_id)
    .bind(staff.user_id())
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    let settings = settings.unwrap_or(Value::Null);
    let club_choice = aliases_of(settings.get("widgets"));
    let club = if club_choice.is_empty() {
        default_widgets()
    } else {
        club_choice.clone()
    };
    let (chosen, chosen_by) = match own {
        Some(own) => (
            own.into_iter()
                .filter(|a| ALIASES.contains(&a.as_str()))
                .collect(),
            ChosenBy::User,
        ),
        None if !club_choice.is_empty() => (club_choice, ChosenBy::Club),
        None => (default_widgets(), ChosenBy::Default),
    };
    let grants = staff.grants(state).await?;
    let readable = |alias: &str| {
        WIDGETS
            .iter()
            .any(|(a, module)| *a == alias && grants.allows(module, Action::Read))
    };
    let limit = settings
        .get("eventsLimit")
        .and_then(Value::as_i64)
        .unwrap_or(EVENTS_LIMIT)
        .clamp(1, EVENTS_LIMIT_MAX);
    Ok(DashboardWidgets {
        shown: chosen.iter().filter(|a| readable(a)).cloned().collect(),
        chosen,
        chosen_by,
        club,
        available: ALIASES
            .iter()
            .filter(|a| readable(a))
            .map(|a| a.to_string())
            .collect(),
        events: EventsWidget {
            promoted: settings
                .get("eventsPromoted")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            limit,
        },
    })
}

#[utoipa::path(get, path = "/api/dashboard/widgets", tag = "dashboard",
    responses((status = 200, description = "the widgets the caller's home shows, in order, and whose choice it is", body = Envelope<DashboardWidgets>)))]
pub async fn widgets(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::result(widgets_for(&staff, &state).await?))
}

#[utoipa::path(post, path = "/api/dashboard/widgets", tag = "dashboard", request_body = WidgetChoice,
    responses((status = 200, description = "the caller's own choice is kept (or, with null, dropped to follow the club's); the widgets as GET answers them", body = Envelope<DashboardWidgets>),
        (status = 422, description = "widgets: an alias no widget has, or none chosen")))]
pub async fn choose(
    staff: Staff,
    state: web::Data<AppState>,
    choice: Json<WidgetChoice>,
) -> Result<HttpResponse, ApiError> {
    let mut check = Check::new();
    let widgets = choice.into_inner().widgets.map(|widgets| {
        let mut kept: Vec<String> = Vec::new();
        for alias in widgets {
            if !ALIASES.contains(&alias.as_str()) {
                check.fail("widgets", format!("Ukendt widget: {alias}"));
            } else if !kept.contains(&alias) {
                kept.push(alias);
            }
        }
        if kept.is_empty() && check.passed() {
            check.fail("widgets", "Vælg mindst én widget");
        }
        kept
    });
    check.finish()?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    match widgets {
        Some(widgets) => {
            sqlx::query(
                "INSERT INTO dashboard_choices (client_id, user_id, widgets) VALUES ($1, $2, $3) \
                 ON CONFLICT (client_id, user_id) DO UPDATE SET widgets = excluded.widgets, updated_at = now()",
            )
            .bind(staff.client_id)
            .bind(staff.user_id())
            .bind(&widgets)
            .execute(&mut *tx)
            .await?;
        }
        None => {
            sqlx::query("DELETE FROM dashboard_choices WHERE client_id = $1 AND user_id = $2")
                .bind(staff.client_id)
                .bind(staff.user_id())
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(envelope::result(widgets_for(&staff, &state).await?))
}
