//! The Order's application service (STYLE.md): every write is ONE club transaction that checks
//! what the aggregate cannot judge (references into the club's own tables), runs the command,
//! adds its side effects (the mail jobs) and commits. Handlers, the demo seed and the benchmarks
//! all write orders through it; reads of many orders go through `tribune_projections::order::queries`.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use tribune_domain::order::{
    CardPayment, Delivery, DeskPayment, Order, OrderCommand, OrderContent, OrderError, OrderStatus,
    PaymentStatus, VatSettings,
};
use tribune_domain::selling::SaleChannel;
use tribune_domain::ticket::Ticket;
use tribune_projections::db::club_tx;
use tribune_projections::store::{CommandBus, CommandError, Metadata};
use uuid::Uuid;

use crate::error::{check_errors, push_error, rule_errors, ApiError, FieldErrors};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::kit::club::{exists_in_club, take_number};
use crate::kit::sales::{check_field_values, sale_vat};
use crate::kit::seating::{self, Holder, SeasonLine};
use crate::kit::validate::is_email;
use crate::mail::orders::{self as order_mails, OrderMail, OrderMailSettings};
use crate::payments::ledger::{self as payments, Purpose, Returned};
use crate::state::AppState;

/// What a sales channel does in the transaction that cancels one of its orders (club via the
/// actor, order): the booking gives its places back and voids its tickets. Registered in
/// `AppState` (the composition root), so the order service names no channel.
pub type OrderCancelled = for<'a> fn(
    &'a AppState,
    &'a mut PgConnection,
    &'a Actor,
    Uuid,
) -> futures::future::BoxFuture<'a, Result<(), ApiError>>;

/// The channels' hooks on an order's changes.
pub struct OrderHooks {
    pub cancelled: Vec<OrderCancelled>,
}

/// Why a season ticket's match tickets are void when its line leaves the order.
const REMOVED_LINE: &str = "Sæsonkortet er fjernet fra ordren";

pub const CONFLICT: &str =
    "Ordren er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

pub struct OrderService<'a> {
    pool: &'a PgPool,
    bus: &'a CommandBus<Order>,
    /// Voids the match tickets of season tickets an order no longer sells.
    tickets: &'a CommandBus<Ticket>,
    /// The base of the links in mails.
    public_url: &'a str,
}

impl<'a> OrderService<'a> {
    pub fn new(
        pool: &'a PgPool,
        bus: &'a CommandBus<Order>,
        tickets: &'a CommandBus<Ticket>,
        public_url: &'a str,
    ) -> Self {
        OrderService {
            pool,
            bus,
            tickets,
            public_url,
        }
    }

    pub fn of(state: &'a AppState) -> Self {
        OrderService::new(
            &state.pool,
            &state.orders,
            &state.tickets,
            &state.settings.public_url,
        )
    }

    /// What voids the match tickets of season tickets the order no longer sells.
    fn voiding<'b>(&'b self, actor: &'b Actor, reason: &'b str) -> seating::Voiding<'b> {
        seating::Voiding {
            tickets: self.tickets,
            actor,
            reason,
            void: crate::tickets::service::void_match_tickets,
        }
    }

    /// The order's seats and season tickets free again, the season tickets' match tickets void.
    async fn free_seats(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
    ) -> Result<(), ApiError> {
        let sold = seating::season_tickets_of_order(&mut *conn, id).await?;
        let voiding = self.voiding(actor, "Ordren med sæsonkortet er annulleret");
        seating::void_match_tickets(&mut *conn, &voiding, &sold).await?;
        seating::release(conn, id).await?;
        Ok(())
    }

    /// One order of the club at its current version, for its editor (it needs the version);
    /// deleted or another club's → not found.
    pub async fn load(&self, client_id: Uuid, id: Uuid) -> Result<(Order, usize), ApiError> {
        self.bus
            .load_live(client_id, &id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)
    }

    /// The template of a new order: empty, with the club's VAT setting.
    pub async fn template(&self, client_id: Uuid) -> Result<Order, ApiError> {
        let mut tx = club_tx(self.pool, client_id).await?;
        let vat = sale_vat(&mut tx, client_id, SaleChannel::Staff).await?;
        tx.commit().await?;
        Ok(Order {
            vat,
            ..Order::default()
        })
    }

    /// Creates an order: its references checked, the club's next number taken and the Created
    /// event committed, in one transaction.
    pub async fn create(
        &self,
        actor: &Actor,
        mut content: OrderContent,
        status: OrderStatus,
        is_pos: bool,
    ) -> Result<Uuid, ApiError> {
        let id = Uuid::new_v4();
        let number = take_number(self.pool, "order_numbers", actor.client_id).await?;
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        check_references(&mut tx, actor.client_id, &mut content).await?;
        let seats = seat_lines(&content);
        let command = OrderCommand::Create {
            client_id: actor.client_id,
            number,
            created_at: Utc::now(),
            vat: sale_vat(&mut tx, actor.client_id, SaleChannel::Staff).await?,
            status,
            is_pos,
            content,
        };
        self.bus
            .execute_in(
                &mut tx,
                actor.client_id,
                &id.to_string(),
                command,
                actor.metadata("order.create"),
                Some(0),
            )
            .await
            .map_err(refused)?;
        book_seats(&mut tx, &self.voiding(actor, REMOVED_LINE), id, seats).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The order form saved: a new draft, or the changes of the order loaded at `version`.
    pub async fn save(
        &self,
        actor: &Actor,
        id: Option<Uuid>,
        version: Option<usize>,
        mut content: OrderContent,
    ) -> Result<Uuid, ApiError> {
        let Some(id) = id else {
            return self.create(actor, content, OrderStatus::Draft, false).await;
        };
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        check_references(&mut tx, actor.client_id, &mut content).await?;
        let seats = seat_lines(&content);
        self.run(
            &mut tx,
            actor,
            id,
            version,
            OrderCommand::Update { content },
            "order.update",
        )
        .await?;
        book_seats(&mut tx, &self.voiding(actor, REMOVED_LINE), id, seats).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// A state change (approve, reopen, cancel, delete, payment status, capture). `version`:
    /// the version the page was loaded at; None acts on what is there now.
    pub async fn execute(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: OrderCommand,
        name: &str,
    ) -> Result<Order, ApiError> {
        let frees_seats = matches!(command, OrderCommand::Cancel | OrderCommand::Delete);
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let order = self.run(&mut tx, actor, id, version, command, name).await?;
        if frees_seats {
            self.free_seats(&mut tx, actor, id).await?;
        }
        tx.commit().await?;
        Ok(order)
    }

    /// Records that the payment link was sent and queues the mail with it, in one transaction:
    /// the link carries a new token (kept only as its hash) that opens the order's payment page.
    pub async fn send_payment_link(&self, actor: &Actor, id: Uuid) -> Result<(), ApiError> {
        let base = self.public_url.trim_end_matches('/');
        self.record_and_mail(
            actor,
            id,
            OrderCommand::RecordPaymentLinkSent,
            "order.send-paymentlink",
            Some(Purpose::Order),
            |order, club, token| {
                let link = format!(
                    "{base}/shop/payment/{id}?token={}",
                    token.unwrap_or_default()
                );
                order_mails::payment_link(order, club, &link)
            },
        )
        .await
    }

    /// 'Hæv betaling': a card reservation is captured at the provider first, then the order is
    /// paid. A payment marked authorized by hand has nothing to capture at a provider.
    pub async fn capture_payment(
        &self,
        state: &AppState,
        actor: &Actor,
        id: Uuid,
    ) -> Result<(), ApiError> {
        let (order, _) = self.load(actor.client_id, id).await?;
        if order.payment_status != PaymentStatus::Authorized {
            return Err(ApiError::invalid(
                OrderError::CaptureOnlyAuthorized.to_string(),
            ));
        }
        if let Some(payment) = order.card_payment.as_ref().filter(|p| p.authorized_only) {
            payments::capture(state, payment).await?;
        }
        self.execute(
            actor,
            id,
            None,
            OrderCommand::CapturePayment,
            "order.capture-payment",
        )
        .await
        .map(|_| ())
    }

    /// Cancels an order; its card payment goes back first (a reservation is released, a payment
    /// refunded in full: Stripe's by its idempotency key, the window's through its web service),
    /// then the cancellation and the refund are recorded together.
    pub async fn cancel(
        &self,
        state: &AppState,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
    ) -> Result<Order, ApiError> {
        let (order, current) = self.load(actor.client_id, id).await?;
        if version.is_some_and(|v| v != current) {
            return Err(ApiError::Conflict(CONFLICT.to_string()));
        }
        // Refused before any money moves.
        order
            .decide(OrderCommand::Cancel)
            .map_err(|e| refused(CommandError::Domain(e)))?;
        let returned = match &order.card_payment {
            Some(payment)
                if matches!(
                    order.payment_status,
                    PaymentStatus::Authorized | PaymentStatus::Paid
                ) =>
            {
                Some(payments::return_payment(state, payment).await?)
            }
            _ => None,
        };
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let mut order = self
            .run(
                &mut tx,
                actor,
                id,
                version,
                OrderCommand::Cancel,
                "order.cancel",
            )
            .await?;
        let follow_up = match returned {
            Some(Returned::Refunded(amount)) => Some(OrderCommand::RecordRefund { amount }),
            Some(Returned::Voided) => Some(OrderCommand::RecordVoid),
            _ => None,
        };
        if let Some(command) = follow_up {
            order = self
                .run(&mut tx, actor, id, None, command, "order.refund")
                .await?;
        }
        // A booking of an event gives its places back and its tickets are voided (issue 15): the
        // channels that sold it hear of it through their hooks.
        for hook in &state.order_hooks.cancelled {
            hook(state, &mut tx, actor, id).await?;
        }
        // Its seats are free again, its season tickets' match tickets void (issue 16).
        self.free_seats(&mut tx, actor, id).await?;
        tx.commit().await?;
        Ok(order)
    }

    /// Records that the confirmation was sent and queues it, in one transaction.
    pub async fn send_confirmation(&self, actor: &Actor, id: Uuid) -> Result<(), ApiError> {
        self.record_and_mail(
            actor,
            id,
            OrderCommand::RecordConfirmationSent,
            "order.send-confirmation",
            None,
            |order, club, _| order_mails::confirmation(order, club),
        )
        .await
    }

    /// `link`: a payment link for this purpose is issued in the same transaction and its token
    /// handed to `compose`.
    #[allow(clippy::too_many_arguments)]
    async fn record_and_mail(
        &self,
        actor: &Actor,
        id: Uuid,
        command: OrderCommand,
        name: &str,
        link: Option<Purpose>,
        compose: impl FnOnce(&Order, &OrderMailSettings, Option<&str>) -> OrderMail,
    ) -> Result<(), ApiError> {
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let order = self.run(&mut tx, actor, id, None, command, name).await?;
        let club = OrderMailSettings::load(&mut tx, actor.client_id).await?;
        let token = match link {
            Some(purpose) => {
                Some(payments::issue_link(&mut tx, actor.client_id, purpose, id).await?)
            }
            None => None,
        };
        let OrderMail { description, mail } = compose(&order, &club, token.as_deref());
        enqueue(
            &mut tx,
            NewJob {
                client_id: Some(actor.client_id),
                description,
                method: JobMethod::SendMail(mail),
                collection: Some("orders".into()),
                relation_id: Some(id.to_string()),
                created_by: actor.user_id,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn run(
        &self,
        tx: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: OrderCommand,
        name: &str,
    ) -> Result<Order, ApiError> {
        actor
            .run(self.bus, tx, id, version, command, name, refused)
            .await
    }
}

/// A new order of a sales channel (the booking, the web shop, the point of sale): its number
/// taken by the channel (a rush's batch takes a block), its VAT the club's under the channel's
/// rule (`kit::sales::sale_vat`, `VatSettings::for_sale`), as the channel priced it.
pub struct NewOrder {
    pub id: Uuid,
    pub number: i64,
    pub created_at: DateTime<Utc>,
    pub vat: VatSettings,
    pub status: OrderStatus,
    pub is_pos: bool,
    pub content: OrderContent,
    /// Who makes it, and as what (`order.book`, `order.pos`, `order.cart`).
    pub metadata: Metadata,
}

impl NewOrder {
    fn command(self, client_id: Uuid) -> (String, OrderCommand, Metadata) {
        (
            self.id.to_string(),
            OrderCommand::Create {
                client_id,
                number: self.number,
                created_at: self.created_at,
                vat: self.vat,
                status: self.status,
                is_pos: self.is_pos,
                content: self.content,
            },
            self.metadata,
        )
    }
}

/// The steps the sales channels take on an order, each inside the channel's club transaction
/// (which the channel commits): the order service is the one writer of orders (issue 38 §2).
impl OrderService<'_> {
    /// Creates the channel's new orders (one, or a batch of the rush) in `client_id`.
    pub async fn create_in(
        &self,
        conn: &mut PgConnection,
        client_id: Uuid,
        orders: Vec<NewOrder>,
    ) -> Result<(), ApiError> {
        let creates = orders
            .into_iter()
            .map(|order| order.command(client_id))
            .collect();
        self.bus
            .create_many_in(conn, client_id, creates)
            .await
            .map(|_| ())
            .map_err(refused)
    }

    /// `approve_in` in a transaction of its own (`execute`).
    pub async fn approve(&self, actor: &Actor, id: Uuid) -> Result<Order, ApiError> {
        self.execute(actor, id, None, OrderCommand::Approve, "order.approve")
            .await
    }

    /// A draft (a booking, a sale at the desk) confirmed: approved.
    pub async fn approve_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::Approve,
            "order.approve",
        )
        .await
    }

    /// `process_in` in a transaction of its own (`execute`).
    pub async fn process(&self, actor: &Actor, id: Uuid) -> Result<Order, ApiError> {
        self.execute(actor, id, None, OrderCommand::Process, "order.process")
            .await
    }

    /// A paid checkout (or a sold-out one on its way to cancellation) goes to staff: processed.
    pub async fn process_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::Process,
            "order.process",
        )
        .await
    }

    /// A cart's or checkout's lines and customer as the channel made them (`name`: as what).
    pub async fn update_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        content: OrderContent,
        name: &str,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::Update { content },
            name,
        )
        .await
    }

    /// The checkout's delivery (none: collected).
    pub async fn set_delivery_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        delivery: Option<Delivery>,
        name: &str,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::SetDelivery { delivery },
            name,
        )
        .await
    }

    /// Paid at the desk (cash, card terminal, MobilePay).
    pub async fn record_desk_payment_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        method: DeskPayment,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::RecordDeskPayment { method },
            "order.desk-payment",
        )
        .await
    }

    /// The payment status set as staff would set it (the demo's bookings paid at the desk).
    pub async fn set_payment_status_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        status: PaymentStatus,
    ) -> Result<Order, ApiError> {
        self.run(
            conn,
            actor,
            id,
            None,
            OrderCommand::SetPaymentStatus { status },
            "order.payment-status",
        )
        .await
    }

    /// A card payment the provider reported (`payments::ledger::settle`, through its hook): the
    /// aggregate's own refusal kept (a second payment of a paid order is given back).
    pub async fn record_card_payment_in(
        &self,
        conn: &mut PgConnection,
        actor: &Actor,
        id: Uuid,
        payment: CardPayment,
    ) -> Result<Order, CommandError<OrderError>> {
        self.bus
            .execute_in(
                conn,
                actor.client_id,
                &id.to_string(),
                OrderCommand::RecordCardPayment { payment },
                actor.metadata("order.card-payment"),
                None,
            )
            .await
            .map(|(order, _)| order)
    }

    /// A state change of the demo seed, as staff make them: approve, process, cancel (without a
    /// card payment), paid, authorized or refunded.
    pub async fn demo_step(
        &self,
        actor: &Actor,
        id: Uuid,
        step: DemoStep,
    ) -> Result<Order, ApiError> {
        let command = match step {
            DemoStep::Approve => OrderCommand::Approve,
            DemoStep::Process => OrderCommand::Process,
            DemoStep::Cancel => OrderCommand::Cancel,
            DemoStep::Payment(status) => OrderCommand::SetPaymentStatus { status },
        };
        self.execute(actor, id, None, command, "order.demo").await
    }
}

/// What the demo seed does to its orders (`OrderService::demo_step`).
#[derive(Debug, Clone, Copy)]
pub enum DemoStep {
    Approve,
    Process,
    Cancel,
    Payment(PaymentStatus),
}

/// What the order's seats are made from, read before its content goes into its command.
struct OrderSeats {
    /// The seat-ticket lines that name a seat at an event: (line, event, seat, product).
    lines: Vec<(usize, Uuid, String, Option<Uuid>)>,
    name: String,
    email: String,
    company_id: Option<Uuid>,
}

fn seat_lines(content: &OrderContent) -> OrderSeats {
    let lines = content
        .lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.is_seat_ticket())
        .filter_map(|(at, line)| {
            let seat = line
                .seat
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())?;
            Some((at, line.seat_event_id?, seat.to_string(), line.product_id))
        })
        .collect();
    let customer = &content.customer;
    OrderSeats {
        lines,
        name: format!("{} {}", customer.firstname.trim(), customer.lastname.trim())
            .trim()
            .to_string(),
        email: customer.email.trim().to_string(),
        company_id: content.company_id,
    }
}

/// The order's seats become its lines' (issue 16): a line of a season-ticket product sells a
/// season ticket on its seat (reserved at every event of the season), any other seat line
/// books its seat at its event. Each refusal on its line's seat.
async fn book_seats(
    conn: &mut PgConnection,
    voiding: &seating::Voiding<'_>,
    order_id: Uuid,
    seats: OrderSeats,
) -> Result<(), ApiError> {
    let client_id = voiding.actor.client_id;
    let products: Vec<Uuid> = seats.lines.iter().filter_map(|l| l.3).collect();
    let season_products = seating::season_ticket_products(conn, client_id, &products).await?;
    let (season, single): (Vec<_>, Vec<_>) = seats
        .lines
        .into_iter()
        .partition(|l| l.3.is_some_and(|p| season_products.contains(&p)));
    let single: Vec<(usize, Uuid, String)> = single
        .into_iter()
        .map(|(at, event, seat, _)| (at, event, seat))
        .collect();
    let mut refused = seating::sync_order_seats(conn, client_id, order_id, &single).await?;
    let season: Vec<SeasonLine> = season
        .into_iter()
        .filter_map(|(at, event, seat, product)| {
            Some(SeasonLine {
                at,
                event,
                seat,
                product_id: product?,
            })
        })
        .collect();
    let holder = Holder {
        name: &seats.name,
        email: &seats.email,
        company_id: seats.company_id,
    };
    refused.extend(
        seating::sync_order_season_tickets(conn, client_id, order_id, &season, &holder, voiding)
            .await?,
    );
    let mut errors = FieldErrors::new();
    for (field, message) in refused {
        push_error(&mut errors, &field, message);
    }
    check_errors(errors)
}

/// A refused order command as the API answers it: field rules as field errors, a stale version
/// with the order's own conflict text.
pub(crate) fn refused(err: CommandError<OrderError>) -> ApiError {
    match err {
        CommandError::Domain(OrderError::Invalid(errors)) => {
            rule_errors(errors, "Ordren er ikke gyldig")
        }
        CommandError::Domain(OrderError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

/// What the form holds that the aggregate cannot judge: the e-mail, and that the category,
/// company, contact, contract, products and custom field values belong to this club. Rich-text
/// custom field values are cleaned here, on the way in. Every other rule is the aggregate's.
async fn check_references(
    conn: &mut PgConnection,
    client_id: Uuid,
    content: &mut OrderContent,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    let email = &content.customer.email;
    if !email.is_empty() && !is_email(email) {
        push_error(&mut errors, "email", "E-mail er ikke gyldig");
    }
    if !exists_in_club(conn, "order_categories", client_id, content.category_id).await? {
        push_error(&mut errors, "categoryId", "Kategorien findes ikke");
    }
    if !exists_in_club(conn, "companies", client_id, content.company_id).await? {
        push_error(&mut errors, "companyId", "Virksomheden findes ikke");
    }
    if !exists_in_club(conn, "contacts", client_id, content.contact_id).await? {
        push_error(&mut errors, "contactId", "Kontaktpersonen findes ikke");
    }
    if let Some(contract) = content.contract_id {
        let known =
            tribune_projections::contract::queries::contract_label(&mut *conn, client_id, contract)
                .await?;
        if known.is_none() {
            push_error(&mut errors, "contractId", "Aftalen findes ikke");
        }
    }
    for (i, line) in content.lines.iter().enumerate() {
        if !exists_in_club(conn, "products", client_id, line.product_id).await? {
            push_error(
                &mut errors,
                &format!("orderLines.{i}.productId"),
                "Produktet findes ikke",
            );
        }
    }
    check_field_values(conn, client_id, &mut content.field_values, &mut errors).await?;
    check_errors(errors)
}
