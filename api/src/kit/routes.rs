//! The route table: every area registers its routes here, each with who may call it, and the
//! table both registers them with actix and stays readable (the OpenAPI test walks it).
//!
//! - Paths are full paths (`/api/companies/{id}`). `scope` only prefixes them: it is not an actix
//!   scope, because an actix scope is a prefix match that never falls through (a scope
//!   `/api/orders` would swallow the catalogue's `/api/orders/categories`).
//! - Each route becomes its own actix resource with a method guard, in registration order, as
//!   `ServiceConfig::route` does; so fixed paths must be registered before `{id}` paths.
//! - Access is enforced before the handler runs, by a middleware on the route: 401 when not
//!   signed in, 403 when the caller is not staff of the club, the club lacks the module, or the
//!   role may not do the action. Where the module depends on what the request names (a file's
//!   entity, a history's aggregate type), the route's `ModuleRule` looks it up first. Extractors
//!   in the handler (`Staff`, `Admin`) then only say who is calling.

use actix_web::body::BoxBody;
use actix_web::dev::ServiceRequest;
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Next};
use actix_web::{
    web, FromRequest, Handler, HttpMessage, HttpRequest, Responder, ResponseError, Route,
};
use futures::future::LocalBoxFuture;
use uuid::Uuid;

use crate::error::ApiError;
pub use crate::kit::access::Action;
use crate::kit::fields::{self, FieldGuard, FieldRules};
use crate::kit::history::HistorySource;
pub use crate::kit::reads::ReadPolicy;
use crate::session::{Admin, Grants, SignedIn, Staff, SystemAdmin};
use crate::state::AppState;

/// Who may call a route. Every variant is checked by the middleware before the handler runs;
/// none leaves the check to the handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user, staff or customer.
    SignedIn,
    /// Staff of the current club, whose club has the module and whose role may do the action.
    Module(&'static str, Action),
    /// Staff whose role may do the action on at least one of the modules (the club has it): what
    /// several modules' screens share, such as the staff picker or the seat charts.
    AnyModule(&'static [&'static str], Action),
    /// Staff whose role may do the rule's action on the module of what the request names (a
    /// comment's or a file's entity, a history's aggregate type), which the rule looks up.
    Resolved(&'static ModuleRule),
    /// An admin of the current club, or a System Admin.
    ClubAdmin,
    /// A System Admin.
    SystemAdmin,
}

/// What a route's path names decides its module: the rule looks it up before the handler runs.
pub struct ModuleRule {
    /// How the route table and the OpenAPI document name the rule.
    pub name: &'static str,
    pub action: Action,
    /// Every module the rule can resolve to. A caller who may do the action on none of them is
    /// refused before anything is looked up, so a stranger learns nothing of what exists.
    pub modules: &'static [&'static str],
    /// What guards the thing the request names; `NotFound` when it names nothing of the club.
    pub resolve: for<'a> fn(&'a HttpRequest, &'a AppState, Uuid) -> Resolving<'a>,
}

/// What guards the thing a request names, as a rule finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// The rule's action on this module.
    Module(&'static str),
    /// Nothing more specific than the rule's own modules (the store's test aggregate).
    AnyOfRule,
    /// Only the club's admins (a thing of a kind no module claims).
    ClubAdmin,
}

/// The future of a rule's look-up.
pub type Resolving<'a> = LocalBoxFuture<'a, Result<Guard, ApiError>>;

impl PartialEq for ModuleRule {
    fn eq(&self, other: &ModuleRule) -> bool {
        self.name == other.name && self.action == other.action && self.modules == other.modules
    }
}

impl Eq for ModuleRule {}

impl std::fmt::Debug for ModuleRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Access {
    /// Staff whose role may read `module`.
    pub const fn read(module: &'static str) -> Access {
        Access::Module(module, Action::Read)
    }

    /// Staff whose role may manage (write) `module`.
    pub const fn manage(module: &'static str) -> Access {
        Access::Module(module, Action::Manage)
    }

    /// Lets the request through, or answers 401 (not signed in), 403 (no right) or, for a rule
    /// whose request names nothing of the club, 404.
    pub async fn admit(self, req: &HttpRequest) -> Result<(), ApiError> {
        self.admit_fields(req).await.map(drop)
    }

    /// `admit`, answering also the field rules of the modules the request was let in for.
    pub async fn admit_fields(self, req: &HttpRequest) -> Result<FieldRules, ApiError> {
        let none = FieldRules::default();
        match self {
            Access::Public => Ok(none),
            Access::SignedIn => SignedIn::extract(req).await.map(|_| none),
            Access::ClubAdmin => Admin::extract(req).await.map(|_| none),
            Access::SystemAdmin => SystemAdmin::extract(req).await.map(|_| none),
            Access::Module(module, action) => {
                let (_, _, grants) = staff_grants(req).await?;
                grants.allow(module, action)?;
                Ok(grants.field_rules(&[module]))
            }
            Access::AnyModule(modules, action) => {
                let (_, _, grants) = staff_grants(req).await?;
                grants.allow_any(modules, action)?;
                Ok(grants.field_rules(modules))
            }
            Access::Resolved(rule) => {
                let (staff, state, grants) = staff_grants(req).await?;
                grants.allow_any(rule.modules, rule.action)?;
                match (rule.resolve)(req, state, staff.client_id).await? {
                    Guard::Module(module) => {
                        grants.allow(module, rule.action)?;
                        Ok(grants.field_rules(&[module]))
                    }
                    Guard::AnyOfRule => Ok(grants.field_rules(rule.modules)),
                    Guard::ClubAdmin if staff.identity.is_admin() => Ok(none),
                    Guard::ClubAdmin => Err(ApiError::Forbidden),
                }
            }
        }
    }

    /// How the OpenAPI document and the route table name it.
    pub fn describe(self) -> String {
        let verb = |action| match action {
            Action::Read => "read",
            Action::Manage => "manage",
        };
        match self {
            Access::Public => "public".into(),
            Access::SignedIn => "signed-in".into(),
            Access::Module(module, action) => format!("staff with {} on '{module}'", verb(action)),
            Access::AnyModule(modules, action) => format!(
                "staff with {} on one of '{}'",
                verb(action),
                modules.join("', '")
            ),
            Access::Resolved(rule) => format!(
                "staff with {} on the module of {} (one of '{}')",
                verb(rule.action),
                rule.name,
                rule.modules.join("', '")
            ),
            Access::ClubAdmin => "club admin".into(),
            Access::SystemAdmin => "system admin".into(),
        }
    }
}

/// The calling staff member, the app's state and what the caller's role may do.
async fn staff_grants(req: &HttpRequest) -> Result<(Staff, &AppState, Grants), ApiError> {
    let staff = Staff::extract(req).await?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no application state")))?;
    let grants = staff.grants(state).await?;
    Ok((staff, state, grants))
}

/// One registered route: method, full path (actix's `{name}` segments), access, and whether its
/// reads may be stale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteInfo {
    pub method: Method,
    pub path: String,
    pub access: Access,
    pub reads: ReadPolicy,
    /// What a write holds now, for the field rules to judge it against (`kit::fields`).
    pub fields: Option<&'static FieldGuard>,
}

impl PartialEq for FieldGuard {
    fn eq(&self, other: &FieldGuard) -> bool {
        self.name == other.name
    }
}

impl Eq for FieldGuard {}

/// The routes of every area, in registration order.
#[derive(Default)]
pub struct Routes {
    prefix: String,
    entries: Vec<(RouteInfo, Route)>,
}

impl Routes {
    pub fn new() -> Routes {
        Routes::default()
    }

    pub fn get<F, Args>(&mut self, path: &str, access: Access, handler: F) -> &mut Routes
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.add(Method::GET, path, access, web::get().to(handler))
    }

    pub fn post<F, Args>(&mut self, path: &str, access: Access, handler: F) -> &mut Routes
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.add(Method::POST, path, access, web::post().to(handler))
    }

    pub fn delete<F, Args>(&mut self, path: &str, access: Access, handler: F) -> &mut Routes
    where
        F: Handler<Args>,
        Args: FromRequest + 'static,
        F::Output: Responder + 'static,
    {
        self.add(Method::DELETE, path, access, web::delete().to(handler))
    }

    /// Marks the route added last as stale-tolerant: its handler's `kit::reads::Reads` may read
    /// the standby. Only for a handler that never writes and decides no availability or money
    /// (ARCHITECTURE §10 lists them).
    pub fn stale_ok(&mut self) -> &mut Routes {
        if let Some((info, _)) = self.entries.last_mut() {
            info.reads = ReadPolicy::StaleOk;
        }
        self
    }

    /// Gives the route added last a guard that says what its records hold now, so a role's
    /// locked fields are judged by what a write changes (`kit::fields`).
    pub fn fields(&mut self, guard: &'static FieldGuard) -> &mut Routes {
        if let Some((info, _)) = self.entries.last_mut() {
            info.fields = Some(guard);
        }
        self
    }

    /// Registers what `routes` adds with `prefix` in front of each path (not an actix scope: see
    /// the module's notes).
    pub fn scope(&mut self, prefix: &str, routes: impl FnOnce(&mut Routes)) -> &mut Routes {
        let inner = format!("{}{prefix}", self.prefix);
        let outer = std::mem::replace(&mut self.prefix, inner);
        routes(self);
        self.prefix = outer;
        self
    }

    fn add(&mut self, method: Method, path: &str, access: Access, route: Route) -> &mut Routes {
        let info = RouteInfo {
            method,
            path: format!("{}{path}", self.prefix),
            access,
            reads: ReadPolicy::Primary,
            fields: None,
        };
        self.entries.push((info, route));
        self
    }

    /// Every route as registered, in order.
    pub fn table(&self) -> Vec<RouteInfo> {
        self.entries.iter().map(|(info, _)| info.clone()).collect()
    }

    /// Registers every route with actix, each behind its access check; a stale-tolerant one
    /// also notes so in its request (for `kit::reads`).
    pub fn register(self, cfg: &mut web::ServiceConfig) {
        for (info, route) in self.entries {
            let route = match info.reads {
                ReadPolicy::Primary => route,
                ReadPolicy::StaleOk => route.wrap(from_fn(
                    |req: ServiceRequest, next: Next<BoxBody>| async move {
                        req.extensions_mut().insert(ReadPolicy::StaleOk);
                        next.call(req).await
                    },
                )),
            };
            let guard = info.fields;
            let route = match info.access {
                Access::Public => route,
                access => route.wrap(from_fn(
                    move |req: ServiceRequest, next: Next<BoxBody>| async move {
                        // Refused here as a response, not an error, so the answer passes the
                        // outer middleware (security headers) like a handler's own error does.
                        match access.admit_fields(req.request()).await {
                            Ok(rules) if rules.is_empty() => next.call(req).await,
                            Ok(rules) => fields::enforce(req, next, rules, guard).await,
                            Err(refused) => Ok(req.into_response(refused.error_response())),
                        }
                    },
                )),
            };
            cfg.route(&info.path, route);
        }
    }
}

/// An area of the API: its routes, its OpenAPI document and the aggregates whose history it
/// serves, listed once in `routes::AREAS`.
pub struct Area {
    pub name: &'static str,
    pub configure: fn(&mut Routes),
    pub doc: fn() -> utoipa::openapi::OpenApi,
    pub history: &'static [&'static dyn HistorySource],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_ok_marks_the_route_added_last() {
        async fn handler() -> &'static str {
            ""
        }
        let mut routes = Routes::new();
        routes
            .get("/a", Access::Public, handler)
            .post("/b", Access::Public, handler)
            .stale_ok()
            .get("/c", Access::Public, handler);
        let marked: Vec<(String, ReadPolicy)> = routes
            .table()
            .into_iter()
            .map(|route| (route.path, route.reads))
            .collect();
        assert_eq!(
            marked,
            [
                ("/a".into(), ReadPolicy::Primary),
                ("/b".into(), ReadPolicy::StaleOk),
                ("/c".into(), ReadPolicy::Primary),
            ]
        );
    }
}
