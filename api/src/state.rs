use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use futures::FutureExt;

use sqlx::PgPool;
use tribune_domain::contract::Contract;
use tribune_domain::invite::Invite;
use tribune_domain::invoice::Invoice;
use tribune_domain::order::Order;
use tribune_domain::probe::Probe;
use tribune_domain::subscription::Subscription;
use tribune_domain::ticket::Ticket;
use tribune_projections::registry;
use tribune_projections::store::{CommandBus, PgEventStore};

use crate::integrations::accounting::{Accounting, AccountingStandIn, Economic};
use crate::integrations::cvr::{CvrApi, CvrLookup, CvrStandIn};
use crate::integrations::payments::{PaymentWindow, StripeClient};
use crate::integrations::sms::{HttpSmsGateway, SmsGateway, SmsStandIn};
use crate::integrations::team_sport::{HoldsportApi, TeamSportDirectory, TeamSportStandIn};
use crate::settings::{AccountingSource, CvrSource, Settings, SmsSource, TeamSportSource};
use crate::storage::Storage;

/// What every handler can reach. Built once in `startup`.
pub struct AppState {
    /// Connected as `tribune_app`.
    pub pool: PgPool,
    /// The hot standby, as `tribune_app`, when one is configured: only stale-tolerant routes
    /// read it, through `kit::reads::Reads`.
    pub replica: Option<PgPool>,
    /// How the standby was last seen (`kit::reads::watch_until_stopped` looks every 500 ms).
    pub replica_watch: Arc<crate::kit::reads::ReplicaWatch>,
    pub settings: Settings,
    pub probes: CommandBus<Probe>,
    pub orders: CommandBus<Order>,
    pub contracts: CommandBus<Contract>,
    pub invoices: CommandBus<Invoice>,
    pub subscriptions: CommandBus<Subscription>,
    pub tickets: CommandBus<Ticket>,
    pub invites: CommandBus<Invite>,
    pub storage: Storage,
    pub cvr: Arc<dyn CvrLookup>,
    pub accounting: Arc<dyn Accounting>,
    /// The accounting stand-in, when it is the one in use (tests read what it was sent).
    pub accounting_stand_in: Option<Arc<AccountingStandIn>>,
    pub team_sport: Arc<dyn TeamSportDirectory>,
    pub sms: Arc<dyn SmsGateway>,
    /// The SMS stand-in, when it is the one in use (tests read what it was sent).
    pub sms_stand_in: Option<Arc<SmsStandIn>>,
    /// Stripe or localstripe, when configured.
    pub stripe: Option<Arc<StripeClient>>,
    /// The hosted payment window or its fake, when configured.
    pub window: Option<Arc<PaymentWindow>>,
    /// The bookings waiting for their batch, per event (issue 15's rush).
    pub bookings: crate::booking::batch::Queues,
    pub seat_holds: crate::seats::holds::HoldQueues,
    /// QZ Tray's certificate and signing key, when configured.
    pub qz: Option<Arc<crate::integrations::qz::QzSigner>>,
    /// The installation's key for the auditor's signed exports (issue 37 §4).
    pub export_signer: Arc<crate::kit::signing::ExportSigner>,
    /// What the sales channels do when a card payment settles (issue 38 §4).
    pub payment_hooks: crate::payments::ledger::PaymentHooks,
    /// What the sales channels do when one of their orders changes (issue 38 §4).
    pub order_hooks: crate::orders::service::OrderHooks,
    /// The sales channels' rules (issue 38 §1): the sales service finds a sale's by its channel.
    pub sale_channels: crate::sales::service::Channels,
    /// What runs each kind of job, registered by the area that owns the work (issue 38 §4).
    pub jobs: crate::jobs::JobHandlers,
    /// What the mail job asks of the channels (an order's tickets as a PDF).
    pub mail_hooks: crate::mail::job::MailHooks,
    /// Set on SIGTERM: `/readyz` answers 503 so the balancer stops sending new requests while
    /// this node still serves (`Application::run_until_stopped`).
    pub draining: Arc<AtomicBool>,
    /// This node's counters for `/metrics`.
    pub metrics: Arc<crate::metrics::Metrics>,
}

/// Every job kind's handler, each registered by its area.
fn job_handlers() -> crate::jobs::JobHandlers {
    let mut jobs = crate::jobs::JobHandlers::default();
    crate::mail::job::register(&mut jobs);
    crate::invoices::register_jobs(&mut jobs);
    crate::invites::register_jobs(&mut jobs);
    crate::audit::register_jobs(&mut jobs);
    crate::newsletters::register_jobs(&mut jobs);
    crate::sales::register_jobs(&mut jobs);
    jobs
}

/// cvrapi.dk asks every caller to say who it is and how to reach them.
const CVR_USER_AGENT: &str = "Tribune klub-CRM (https://tribune.test; drift@tribune.test)";

impl AppState {
    pub fn new(pool: PgPool, settings: Settings) -> anyhow::Result<AppState> {
        let probes = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("probe")),
            (),
        );
        let orders = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("order")),
            (),
        );
        let contracts = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("contract")),
            (),
        );
        let invoices = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("invoice")),
            (),
        );
        let subscriptions = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("subscription")),
            (),
        );
        let tickets = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("ticket")),
            (),
        );
        let invites = CommandBus::new(
            PgEventStore::new(pool.clone(), registry::inline_for("invite")),
            (),
        );
        let storage = Storage::from_config(&settings.storage)?;
        let cvr: Arc<dyn CvrLookup> = match &settings.cvr {
            CvrSource::StandIn => Arc::new(CvrStandIn),
            CvrSource::CvrApi { url } => Arc::new(CvrApi::new(url, CVR_USER_AGENT)?),
        };
        let mut accounting_stand_in = None;
        let accounting: Arc<dyn Accounting> = match &settings.accounting {
            AccountingSource::StandIn => {
                let stand_in = Arc::new(AccountingStandIn::default());
                accounting_stand_in = Some(stand_in.clone());
                stand_in
            }
            AccountingSource::Economic {
                url,
                app_secret,
                agreement_grant,
            } => Arc::new(Economic::new(url, app_secret, agreement_grant)?),
        };
        let team_sport: Arc<dyn TeamSportDirectory> = match &settings.team_sport {
            TeamSportSource::StandIn => Arc::new(TeamSportStandIn),
            TeamSportSource::Holdsport {
                url,
                user,
                password,
            } => Arc::new(HoldsportApi::new(url, user, password)?),
        };
        let mut sms_stand_in = None;
        let sms: Arc<dyn SmsGateway> = match &settings.sms {
            SmsSource::StandIn => {
                let stand_in = Arc::new(SmsStandIn::default());
                sms_stand_in = Some(stand_in.clone());
                stand_in
            }
            SmsSource::Http { url, token } => Arc::new(HttpSmsGateway::new(url, token)?),
        };
        // A secret still to be read from the installation (`installation::with_secrets`) would
        // leave a provider that believes nothing, or, worse, a hash anyone can make.
        if !settings.installation_secrets.is_empty()
            || settings
                .window
                .as_ref()
                .is_some_and(|w| w.secret.is_empty())
            || settings
                .stripe
                .as_ref()
                .is_some_and(|s| s.webhook_secret.is_empty())
        {
            anyhow::bail!("a payment provider has no secret: the installation's secrets were not read (installation::with_secrets)");
        }
        let stripe = match &settings.stripe {
            Some(config) => Some(Arc::new(StripeClient::new(config.clone())?)),
            None => None,
        };
        let window = settings
            .window
            .clone()
            .map(|config| Arc::new(PaymentWindow::new(config)));
        // Read from the installation like the stand-ins' secrets; none is a refusal to start,
        // never an export signed with a key anyone has.
        let export_signer = Arc::new(crate::kit::signing::ExportSigner::from_base64(
            &settings.export_signing_key,
        )?);
        let qz = match &settings.qz {
            Some(files) => Some(Arc::new(crate::integrations::qz::QzSigner::load(
                &files.certificate,
                &files.key,
            )?)),
            None => None,
        };
        // Connected when first used: a standby that is down leaves the node serving from the primary.
        let replica = settings
            .replica
            .clone()
            .map(|options| crate::kit::reads::replica_pool(options, settings.db_pool));
        Ok(AppState {
            pool,
            replica,
            replica_watch: Arc::default(),
            settings,
            probes,
            orders,
            contracts,
            invoices,
            subscriptions,
            tickets,
            invites,
            storage,
            cvr,
            accounting,
            accounting_stand_in,
            team_sport,
            sms,
            sms_stand_in,
            stripe,
            window,
            bookings: Default::default(),
            seat_holds: Default::default(),
            qz,
            export_signer,
            payment_hooks: crate::payments::ledger::PaymentHooks {
                record_card_payment: |state, conn, actor, id, payment| {
                    async move {
                        crate::orders::OrderService::of(state)
                            .record_card_payment_in(conn, actor, id, payment)
                            .await
                            .map(|_| ())
                    }
                    .boxed()
                },
                order_paid: crate::sales::service::paid_hook,
                sold_out: crate::sales::service::sold_out_hook,
                subscription_paid: |state, payment, reference, today| {
                    async move {
                        crate::invoices::recurring::record_window_payment(
                            state, payment, reference, today,
                        )
                        .await
                        .map(|_| ())
                    }
                    .boxed()
                },
            },
            order_hooks: crate::orders::service::OrderHooks {
                cancelled: vec![|state, conn, actor, order_id| {
                    async move {
                        crate::sales::service::SaleService::of(state)
                            .cancelled_in(conn, actor, order_id)
                            .await
                    }
                    .boxed()
                }],
            },
            sale_channels: SALE_CHANNELS,
            jobs: job_handlers(),
            mail_hooks: crate::mail::job::MailHooks {
                tickets_pdf: |state, client_id, order_id| {
                    crate::booking::ticket_pdf::order_pdf(state, client_id, order_id).boxed()
                },
            },
            draining: Arc::new(AtomicBool::new(false)),
            metrics: Arc::new(crate::metrics::Metrics::new()),
        })
    }
}

/// Every sales channel's rules: the booking, the desk, the shop.
const SALE_CHANNELS: crate::sales::service::Channels = &[
    &crate::booking::RULES,
    &crate::pos::RULES,
    &crate::shop::RULES,
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_sale_channel_has_its_rules_once() {
        use crate::sales::channel::Channel;
        for channel in Channel::ALL {
            let found = super::SALE_CHANNELS
                .iter()
                .filter(|rules| rules.channel == channel)
                .count();
            assert_eq!(found, 1, "{channel:?}");
        }
    }

    #[test]
    fn every_job_kind_has_its_handler() {
        assert_eq!(super::job_handlers().missing(), Vec::new());
    }
}
