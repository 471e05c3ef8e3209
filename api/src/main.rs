use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;
use tribune_api::installation::{secret, with_secrets};
use tribune_api::settings::{InstallationSecret, LogFormat, Settings};
use tribune_api::startup::{migrate, Application};
use tribune_projections::db::connect;
use tribune_projections::registry;
use tribune_projections::replay::{replay, ReplayError, ReplayMode};

#[derive(Parser)]
#[command(
    name = "tribune",
    about = "Tribune: back office and public booking site for Danish sports clubs"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// API + webapp + projectors + job runner
    Serve,
    /// Run the migrations in schema/
    Migrate,
    /// Create the demo clubs and users when the database has no clubs
    SeedDemo,
    /// Rebuild a projection (or all) from the events and swap it in
    Replay {
        /// projection name, or 'all'
        projection: String,
        /// compare with the live tables without swapping
        #[arg(long)]
        check: bool,
    },
    /// Bring every asynchronous projection up to the newest event, once (a restored database
    /// before `replay all --check`; a running server does this all the time)
    CatchUp,
    /// Make every contract invoice that has fallen due (as drafts); safe to run again
    InvoiceDue {
        /// the day to invoice up to (YYYY-MM-DD); today in Denmark when left out
        #[arg(long)]
        day: Option<chrono::NaiveDate>,
    },
    /// Charge every subscription period due by the day (the server does it every hour)
    ChargeSubscriptions {
        /// the day to charge up to (YYYY-MM-DD); today in Denmark when left out
        #[arg(long)]
        day: Option<chrono::NaiveDate>,
    },
    /// Print a stand-in's secret of this installation (made the first time): what localstripe
    /// signs webhooks with (`stripe-webhook`), or the fake payment window's (`window`)
    StandInSecret {
        /// stripe-webhook or window
        name: String,
    },
    /// Audit commands
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Recompute every hash chain; exit 1 and name the first broken link
    Verify,
}

#[tokio::main]
async fn main() -> ExitCode {
    let format = match LogFormat::from_env() {
        Ok(format) => format,
        Err(err) => {
            eprintln!("tribune: {err:#}");
            return ExitCode::FAILURE;
        }
    };
    let filter = EnvFilter::try_from_env("TRIBUNE_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    match format {
        LogFormat::Text => tracing_subscriber::fmt().with_env_filter(filter).init(),
        // One object a line with the event's fields at the top level, for a log collector.
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .flatten_event(true)
            .with_env_filter(filter)
            .init(),
    }
    match run(Cli::parse()).await {
        Ok(code) => code,
        Err(err) => {
            eprintln!("tribune: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let settings = Settings::from_env()?;
    match cli.command {
        Command::Serve => {
            let app = Application::build(settings.clone()).await?;
            tracing::info!("Tribune serves on http://{}:{}", settings.host, app.port());
            app.run_until_stopped().await?;
        }
        Command::Migrate => {
            migrate(&settings).await?;
            println!("migrations applied");
        }
        Command::SeedDemo => {
            migrate(&settings).await?;
            let settings = with_secrets(settings).await?;
            let owner = connect(settings.database.clone(), 2).await?;
            let seeded = tribune_api::seed::seed_demo(&owner).await?;
            let storage = tribune_api::storage::Storage::from_config(&settings.storage)?;
            tribune_api::seed::seed_demo_crm(&owner, &storage).await?;
            tribune_api::seed::seed_demo_catalogue(&owner).await?;
            tribune_api::seed::seed_demo_events(&owner).await?;
            tribune_api::seed::seed_demo_orders(&owner).await?;
            tribune_api::seed::seed_demo_newsletters(&owner).await?;
            tribune_api::seed::seed_demo_contracts(&owner, &storage, &settings.public_url).await?;
            let state = tribune_api::state::AppState::new(owner.clone(), settings.clone())?;
            tribune_api::seed::seed_demo_invoices(&state).await?;
            tribune_api::seed::seed_demo_subscriptions(&state).await?;
            tribune_api::seed::seed_demo_stadium(&state).await?;
            tribune_api::seed::seed_demo_bookings(&state).await?;
            if seeded {
                println!("demo seeded: Demo FC and Demo Håndbold; admin@, staff@ and kunde@tribune.test / {}", tribune_api::seed::DEMO_PASSWORD);
            } else {
                println!("database already has clubs; nothing seeded");
            }
        }
        Command::Replay { projection, check } => {
            let owner = connect(settings.database.clone(), 2).await?;
            let chosen = match projection.as_str() {
                "all" => registry::all(),
                name => match registry::find(name) {
                    Some(found) => vec![found],
                    None => {
                        let names: Vec<&str> =
                            registry::all().iter().map(|(p, _)| p.name()).collect();
                        anyhow::bail!(
                            "unknown projection '{name}'; known: all, {}",
                            names.join(", ")
                        );
                    }
                },
            };
            let mode = if check {
                ReplayMode::CheckOnly
            } else {
                ReplayMode::Swap
            };
            let mut identical = true;
            let mut refused = false;
            for (p, kind) in chosen {
                let report = match replay(&owner, p.as_ref(), kind, mode).await {
                    Ok(report) => report,
                    Err(incomplete @ ReplayError::Incomplete { .. }) => {
                        eprintln!("replay refused: {incomplete}");
                        refused = true;
                        continue;
                    }
                    Err(ReplayError::Database(err)) => return Err(err.into()),
                };
                identical &= report.identical();
                for d in &report.diffs {
                    println!(
                        "{}: {} of {} events; table {}: {} rows only live, {} rows only in replay",
                        report.projection,
                        report.events,
                        report.expected,
                        d.table,
                        d.live_only,
                        d.shadow_only
                    );
                }
                println!("{}: {}", report.projection, report.phases_text());
            }
            if refused || (check && !identical) {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::CatchUp => {
            let owner = connect(settings.database.clone(), 2).await?;
            for projection in registry::asynchronous() {
                let applied =
                    tribune_projections::runner::catch_up(&owner, projection.as_ref()).await?;
                println!("{}: {applied} events applied", projection.name());
            }
        }
        Command::StandInSecret { name } => {
            let Some(which) = InstallationSecret::parse(&name) else {
                let names: Vec<&str> = InstallationSecret::ALL.iter().map(|s| s.name()).collect();
                anyhow::bail!("unknown secret '{name}'; known: {}", names.join(", "));
            };
            // Not migrating here: the migrations' notices would be logged to the stdout that
            // the ops scripts read the secret from.
            let owner = connect(settings.database.clone(), 1).await?;
            println!("{}", secret(&owner, which).await?);
        }
        Command::Audit {
            command: AuditCommand::Verify,
        } => {
            let owner = connect(settings.database.clone(), 2).await?;
            let report = tribune_projections::audit::verify(&owner).await?;
            match report.first_broken {
                None => println!(
                    "audit verify: {} events, every hash chain intact",
                    report.events_checked
                ),
                Some(link) => {
                    println!(
                        "audit verify: BROKEN after {} intact events: {link}",
                        report.events_checked
                    );
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        Command::InvoiceDue { day } => {
            let settings = with_secrets(settings).await?;
            let pool = connect(settings.app_database.clone(), 4).await?;
            let state = tribune_api::state::AppState::new(pool, settings.clone())?;
            let day = day.unwrap_or_else(tribune_api::kit::dates::today);
            let report = tribune_api::invoices::due::invoice_due(&state, day)
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            println!(
                "invoice-due {day}: {} invoices made for {} contracts, {} contracts failed",
                report.invoices, report.contracts, report.failed
            );
        }
        Command::ChargeSubscriptions { day } => {
            let settings = with_secrets(settings).await?;
            let pool = connect(settings.app_database.clone(), 4).await?;
            let state = tribune_api::state::AppState::new(pool, settings.clone())?;
            let day = day.unwrap_or_else(tribune_api::kit::dates::today);
            let report = tribune_api::invoices::recurring::charge_due(&state, day)
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?;
            println!(
                "charge-subscriptions {day}: {} periods paid, {} failed, {} skipped, {} payment links mailed",
                report.paid, report.failed, report.skipped, report.links
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
