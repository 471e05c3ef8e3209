//! The options ('Tilvalg') on the public subscription page (spec 3 §3 Options, §4 Public
//! subscription, §7 `POST /subscriptions/{id}/update`): each line shows the options it has, and
//! in a draft the options of its product that are shown on checkout (`public`), which the
//! customer ticks. An option costs, per unit of the line, the setup's own price when it
//! overrides, else its product's (or its variant's), as the line dialog of the staff prices it.

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use sqlx::types::Json as Jsonb;
use sqlx::PgConnection;
use tribune_domain::money::Money;
use tribune_domain::order::{LineOption, OrderLine};
use tribune_domain::subscription::{
    Subscription, SubscriptionCommand, SubscriptionContent, SubscriptionStatus,
};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::{
    option_title, ChosenOptions, LineChoice, OfferedOption, OptionChoice, PublicLine,
    PublicSubscription,
};
use super::service::SubscriptionService;
use crate::envelope::{self, Envelope};
use crate::error::{check_errors, push_error, ApiError, FieldErrors};
use crate::kit::actor::Actor;
use crate::kit::input::Json;
use crate::payments::ledger::LinkQuery;
use crate::state::AppState;

const NOT_DRAFT: &str = "Tilvalg kan kun vælges, før abonnementet er aktiveret.";
const UNKNOWN_LINE: &str = "Linjen findes ikke på abonnementet.";

/// One entry of `products.options`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct OptionSetup {
    product_id: Option<Uuid>,
    variant_id: Option<Uuid>,
    public: bool,
    price_override: bool,
    price: Option<i64>,
}

/// One entry of `products.variants`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Variant {
    id: Option<Uuid>,
    title: Option<String>,
    sku: Option<String>,
    price: Option<i64>,
    active: Option<bool>,
}

#[derive(sqlx::FromRow)]
struct Product {
    id: Uuid,
    title: String,
    sku: Option<String>,
    kind: String,
    price: i64,
    pre_payment: bool,
    active: bool,
    variants: Jsonb<Vec<Variant>>,
    options: Jsonb<Vec<OptionSetup>>,
}

/// The products the options of a subscription's lines need: the lines' products and the
/// products of their public options, the club's only.
struct Catalogue(HashMap<Uuid, Product>);

impl Catalogue {
    async fn read(
        conn: &mut PgConnection,
        client_id: Uuid,
        lines: &[OrderLine],
    ) -> Result<Catalogue, ApiError> {
        let line_products: Vec<Uuid> = lines.iter().filter_map(|l| l.product_id).collect();
        let products: Vec<Product> = sqlx::query_as(
            "SELECT id, title, sku, type AS kind, price, pre_payment, active, variants, options FROM products \
             WHERE client_id = $1 AND (id = ANY($2) OR id IN ( \
               SELECT (o->>'productId')::uuid FROM products p CROSS JOIN jsonb_array_elements(p.options) o \
               WHERE p.client_id = $1 AND p.id = ANY($2) AND coalesce((o->>'public')::boolean, false)))",
        )
        .bind(client_id)
        .bind(&line_products)
        .fetch_all(conn)
        .await?;
        Ok(Catalogue(products.into_iter().map(|p| (p.id, p)).collect()))
    }

    /// What the customer may choose on `line`: its product's public options whose product (and
    /// variant) is the club's and active, in the product's order, each as the line would have it.
    fn offered(&self, line: &OrderLine) -> Vec<LineOption> {
        let Some(product) = line.product_id.and_then(|id| self.0.get(&id)) else {
            return Vec::new();
        };
        product
            .options
            .iter()
            .filter(|setup| setup.public)
            .filter_map(|setup| self.line_option(setup))
            .collect()
    }

    fn line_option(&self, setup: &OptionSetup) -> Option<LineOption> {
        let product = self.0.get(&setup.product_id?).filter(|p| p.active)?;
        let variant = match setup.variant_id {
            Some(id) => Some(
                product
                    .variants
                    .iter()
                    .find(|v| v.id == Some(id) && v.active != Some(false))?,
            ),
            None => None,
        };
        let own_price = variant.and_then(|v| v.price).unwrap_or(product.price);
        Some(LineOption {
            product_id: Some(product.id),
            variant_id: setup.variant_id,
            title: product.title.clone(),
            variant: variant.and_then(|v| v.title.clone()),
            sku: variant
                .and_then(|v| v.sku.clone())
                .filter(|sku| !sku.is_empty())
                .or_else(|| product.sku.clone()),
            kind: Some(product.kind.clone()),
            price: Money::ore(if setup.price_override {
                setup.price.unwrap_or(0)
            } else {
                own_price
            }),
            pre_payment: product.pre_payment,
        })
    }
}

/// The same option: the same product and variant.
fn same(option: &LineOption, choice: OptionChoice) -> bool {
    option.product_id == Some(choice.product_id) && option.variant_id == choice.variant_id
}

fn choice_of(option: &LineOption) -> Option<OptionChoice> {
    Some(OptionChoice {
        product_id: option.product_id?,
        variant_id: option.variant_id,
    })
}

/// The lines of `s` as the public page shows them; in a draft with what may be chosen.
pub async fn public_lines(
    conn: &mut PgConnection,
    s: &Subscription,
) -> Result<Vec<PublicLine>, ApiError> {
    let client_id = s.client_id.ok_or(ApiError::NotFound)?;
    let catalogue = if s.status == SubscriptionStatus::Draft {
        Catalogue::read(conn, client_id, &s.content.lines).await?
    } else {
        Catalogue(HashMap::new())
    };
    Ok(s.content
        .lines
        .iter()
        .map(|line| {
            let offered = catalogue
                .offered(line)
                .iter()
                .filter_map(|option| {
                    let choice = choice_of(option)?;
                    Some(OfferedOption {
                        product_id: choice.product_id,
                        variant_id: choice.variant_id,
                        title: option_title(&option.title, option.variant.as_deref()),
                        price: option.price,
                        chosen: line.options.iter().any(|o| same(o, choice)),
                    })
                })
                .collect();
            PublicLine {
                offered,
                ..PublicLine::of(line)
            }
        })
        .collect())
}

/// `line` with the offered options `chosen` and no other offered one. What the line has that is
/// not offered (put there by the staff) stays, and an option it keeps keeps its price.
fn with_chosen(
    line: &OrderLine,
    offered: &[LineOption],
    chosen: &[OptionChoice],
) -> Result<OrderLine, String> {
    if chosen
        .iter()
        .any(|&choice| !offered.iter().any(|o| same(o, choice)))
    {
        return Err(format!(
            "Tilvalget kan ikke vælges til {}.",
            option_title(&line.title, line.variant.as_deref())
        ));
    }
    let is_offered =
        |option: &LineOption| choice_of(option).is_some_and(|c| offered.iter().any(|o| same(o, c)));
    let is_chosen = |option: &LineOption| choice_of(option).is_some_and(|c| chosen.contains(&c));
    let mut options: Vec<LineOption> = line
        .options
        .iter()
        .filter(|o| !is_offered(o) || is_chosen(o))
        .cloned()
        .collect();
    for option in offered {
        if is_chosen(option) && !options.iter().any(|o| choice_of(o) == choice_of(option)) {
            options.push(option.clone());
        }
    }
    Ok(OrderLine {
        options,
        ..line.clone()
    })
}

/// The content of the draft `s` with the options the customer chose on the lines named; a
/// line that is not the subscription's, or an option not offered on it, refuses them all.
async fn choose_options(
    state: &AppState,
    client_id: Uuid,
    s: &Subscription,
    choices: &[LineChoice],
) -> Result<SubscriptionContent, ApiError> {
    if s.status != SubscriptionStatus::Draft {
        return Err(ApiError::invalid(NOT_DRAFT));
    }
    let mut tx = club_tx(&state.pool, client_id).await?;
    let catalogue = Catalogue::read(&mut tx, client_id, &s.content.lines).await?;
    tx.commit().await?;
    let mut content = s.content.clone();
    let mut errors = FieldErrors::new();
    for choice in choices {
        let Some(line) = content.lines.iter_mut().find(|l| l.id == choice.id) else {
            push_error(&mut errors, "orderLines", UNKNOWN_LINE);
            continue;
        };
        match with_chosen(line, &catalogue.offered(line), &choice.options) {
            Ok(chosen) => *line = chosen,
            Err(message) => push_error(&mut errors, "orderLines", message),
        }
    }
    check_errors(errors)?;
    Ok(content)
}

#[utoipa::path(post, path = "/public/subscriptions/{id}/update", tag = "subscriptions",
    params(LinkQuery), request_body = ChosenOptions,
    responses((status = 200, description = "the page with the options chosen", body = Envelope<PublicSubscription>), (status = 403), (status = 404),
              (status = 409), (status = 422, description = "not a draft, a line not the subscription's, or an option not offered on it (errors.orderLines)")))]
pub async fn update_public_subscription_options(
    path: web::Path<String>,
    query: web::Query<LinkQuery>,
    body: Json<ChosenOptions>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    // The version read: a change by the staff in the meantime is not overwritten (409).
    let (client_id, id, subscription, version) =
        super::public::opened(&state, &path, &query.token).await?;
    let service = SubscriptionService::of(&state);
    let content = choose_options(&state, client_id, &subscription, &body.order_lines).await?;
    let customer = &subscription.content.customer;
    let actor = Actor::system(
        client_id,
        &format!("{} {}", customer.firstname, customer.lastname),
    );
    let subscription = service
        .execute(
            &actor,
            id,
            Some(version),
            SubscriptionCommand::Update { content },
            "subscription.update-options",
        )
        .await?;
    Ok(envelope::result(
        super::public::page(&state, client_id, &subscription).await?,
    ))
}
