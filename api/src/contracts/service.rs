//! The Contract's application service (STYLE.md): every write is ONE club transaction that checks
//! what the aggregate cannot judge (references into the club's own tables), runs the command,
//! adds its side effects (mail jobs, signing tokens, stored documents) and commits. Handlers, the
//! demo seed and the benchmarks all write contracts through it.

use chrono::{Duration, Utc};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use tribune_domain::contract::{
    AgreementStatus, Contract, ContractCommand, ContractContent, ContractError, ContractStatus,
};
use tribune_projections::db::club_tx;
use tribune_projections::store::{CommandBus, CommandError};
use uuid::Uuid;

use super::document;
use super::signing::{self, SignToken};
use crate::error::{check_errors, push_error, rule_errors, ApiError, FieldErrors};
use crate::jobs::{enqueue, JobMethod, NewJob};
use crate::kit::actor::Actor;
use crate::kit::club::exists_in_club;
use crate::kit::html::sanitize;
use crate::kit::sales::{check_field_values, check_parties, club_vat, Parties};
use crate::mail::contracts::{self as contract_mails, ContractMailSettings};
use crate::mail::Attachment;
use crate::state::AppState;
use crate::storage::Storage;

pub const CONFLICT: &str =
    "Aftalen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.";

pub struct ContractService<'a> {
    pool: &'a PgPool,
    bus: &'a CommandBus<Contract>,
    storage: &'a Storage,
    /// The base of the links in mails.
    public_url: &'a str,
}

impl<'a> ContractService<'a> {
    pub fn new(
        pool: &'a PgPool,
        bus: &'a CommandBus<Contract>,
        storage: &'a Storage,
        public_url: &'a str,
    ) -> Self {
        ContractService {
            pool,
            bus,
            storage,
            public_url,
        }
    }

    pub fn of(state: &'a AppState) -> Self {
        ContractService::new(
            &state.pool,
            &state.contracts,
            &state.storage,
            &state.settings.public_url,
        )
    }

    /// One contract of the club at its current version; deleted or another club's → not found.
    pub async fn load(&self, client_id: Uuid, id: Uuid) -> Result<(Contract, usize), ApiError> {
        self.bus
            .load_live(client_id, &id.to_string())
            .await
            .map_err(ApiError::from)?
            .ok_or(ApiError::NotFound)
    }

    /// The template of a new contract: the club's VAT setting and its pre-selected products.
    pub async fn template(&self, client_id: Uuid) -> Result<Contract, ApiError> {
        let mut tx = club_tx(self.pool, client_id).await?;
        let vat = club_vat(&mut tx, client_id).await?;
        let lines = super::products::preselected_lines(&mut tx, client_id).await?;
        tx.commit().await?;
        Ok(Contract {
            vat,
            content: ContractContent {
                lines,
                ..ContractContent::default()
            },
            ..Contract::default()
        })
    }

    async fn create_in(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        id: Uuid,
        content: ContractContent,
        agreement_status: AgreementStatus,
        renewal_of: Option<Uuid>,
    ) -> Result<(), ApiError> {
        let command = ContractCommand::Create {
            client_id: actor.client_id,
            number: next_number(tx, actor.client_id).await?,
            created_at: Utc::now(),
            vat: club_vat(tx, actor.client_id).await?,
            status: if renewal_of.is_some() {
                ContractStatus::Renewal
            } else {
                ContractStatus::Draft
            },
            agreement_status,
            renewal_of,
            content,
        };
        self.bus
            .execute_in(
                tx,
                actor.client_id,
                &id.to_string(),
                command,
                actor.metadata("contract.create"),
                Some(0),
            )
            .await
            .map_err(refused)?;
        Ok(())
    }

    /// Creates a contract: references checked, the club's next number taken and the Created
    /// event committed, in one transaction.
    pub async fn create(
        &self,
        actor: &Actor,
        mut content: ContractContent,
        agreement_status: AgreementStatus,
    ) -> Result<Uuid, ApiError> {
        let id = Uuid::new_v4();
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        check_references(&mut tx, actor.client_id, &mut content).await?;
        self.create_in(&mut tx, actor, id, content, agreement_status, None)
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The contract form saved: a new draft, or the changes of the contract loaded at `version`.
    /// A change of what the contract says spends its signing links.
    pub async fn save(
        &self,
        actor: &Actor,
        id: Option<Uuid>,
        version: Option<usize>,
        mut content: ContractContent,
    ) -> Result<Uuid, ApiError> {
        let Some(id) = id else {
            return self.create(actor, content, AgreementStatus::Unsent).await;
        };
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        check_references(&mut tx, actor.client_id, &mut content).await?;
        let (before, _) = self.load(actor.client_id, id).await?;
        let after = self
            .run(
                &mut tx,
                actor,
                id,
                version,
                ContractCommand::Update { content },
                "contract.update",
            )
            .await?;
        if before.content != after.content {
            signing::revoke(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// A state change (approve, reopen, cancel, reactivate, delete, agreement status).
    /// Reopening, cancelling and deleting spend the contract's signing links.
    pub async fn execute(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: ContractCommand,
        name: &str,
    ) -> Result<Contract, ApiError> {
        let revokes = matches!(
            command,
            ContractCommand::Reopen | ContractCommand::Cancel | ContractCommand::Delete
        );
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let contract = self.run(&mut tx, actor, id, version, command, name).await?;
        if revokes {
            signing::revoke(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(contract)
    }

    /// 'Forny': a new contract in renewal with this one's lines and invoicing, its dates one
    /// period on, linked both ways; in one transaction.
    pub async fn renew(
        &self,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
    ) -> Result<Uuid, ApiError> {
        let successor = Uuid::new_v4();
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let old = self
            .run(
                &mut tx,
                actor,
                id,
                version,
                ContractCommand::Renew {
                    successor_id: successor,
                },
                "contract.renew",
            )
            .await?;
        // The references were checked when the old contract was saved; they carry over as they are.
        let content = old.content.moved_one_period();
        self.create_in(
            &mut tx,
            actor,
            successor,
            content,
            AgreementStatus::Renegotiation,
            Some(id),
        )
        .await?;
        tx.commit().await?;
        Ok(successor)
    }

    /// 'Send': the contract PDF mailed to the contact; the agreement status becomes sent.
    pub async fn send(&self, actor: &Actor, id: Uuid) -> Result<(), ApiError> {
        let (contract, _) = self.load(actor.client_id, id).await?;
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let recipient = contract_mails::recipient(&mut tx, &contract).await?;
        // Refused before anything is rendered or stored.
        contract
            .decide(ContractCommand::RecordSent {
                email: recipient.email.clone(),
            })
            .map_err(|e| refused(CommandError::Domain(e)))?;
        let pdf = document::render(&mut tx, self.storage, id, &contract, None).await?;
        let key = format!("contracts/{}/{id}/sent-{}.pdf", actor.client_id, pdf.sha256);
        self.storage.put(&key, pdf.bytes).await?;
        signing::record_document(
            &mut tx,
            actor.client_id,
            id,
            contract.number,
            &pdf.sha256,
            "sent",
        )
        .await?;
        let contract = self
            .run(
                &mut tx,
                actor,
                id,
                None,
                ContractCommand::RecordSent {
                    email: recipient.email.clone(),
                },
                "contract.send",
            )
            .await?;
        let club = ContractMailSettings::load(&mut tx, actor.client_id).await?;
        let mail = contract_mails::contract(
            &contract,
            &club,
            &recipient,
            Attachment {
                file_name: format!("Aftale-{}.pdf", contract.number),
                content_type: "application/pdf".into(),
                storage_key: key,
            },
        );
        self.queue(&mut tx, actor, id, mail).await?;
        tx.commit().await?;
        Ok(())
    }

    /// 'Send til underskrift': the document as it is now is kept, a signing link made for it
    /// and mailed to the contact. Earlier links are spent. Returns the link (the demo seed signs
    /// through it).
    pub async fn send_for_signing(&self, actor: &Actor, id: Uuid) -> Result<String, ApiError> {
        let (contract, _) = self.load(actor.client_id, id).await?;
        let mut tx = club_tx(self.pool, actor.client_id).await?;
        let recipient = contract_mails::recipient(&mut tx, &contract).await?;
        contract
            .decide(ContractCommand::RecordSentForSigning {
                email: recipient.email.clone(),
            })
            .map_err(|e| refused(CommandError::Domain(e)))?;
        let pdf = document::render(&mut tx, self.storage, id, &contract, None).await?;
        let key = format!("contracts/{}/{id}/sign-{}.pdf", actor.client_id, pdf.sha256);
        self.storage.put(&key, pdf.bytes).await?;
        let contract = self
            .run(
                &mut tx,
                actor,
                id,
                None,
                ContractCommand::RecordSentForSigning {
                    email: recipient.email.clone(),
                },
                "contract.send-signing",
            )
            .await?;
        signing::revoke(&mut tx, id).await?;
        signing::record_document(
            &mut tx,
            actor.client_id,
            id,
            contract.number,
            &pdf.sha256,
            "sent",
        )
        .await?;
        let token = SignToken::issue(
            &mut tx,
            actor.client_id,
            id,
            signing::Purpose::Sign,
            &key,
            &pdf.sha256,
            &recipient,
            Utc::now() + Duration::days(signing::SIGN_DAYS),
        )
        .await?;
        let link = format!(
            "{}/contracts/esign/{id}?token={token}",
            self.public_url.trim_end_matches('/')
        );
        let club = ContractMailSettings::load(&mut tx, actor.client_id).await?;
        let mail =
            contract_mails::signing_link(&contract, &club, &recipient, &link, signing::SIGN_DAYS);
        self.queue(&mut tx, actor, id, mail).await?;
        tx.commit().await?;
        Ok(link)
    }

    pub(super) async fn queue(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        id: Uuid,
        mail: contract_mails::ContractMail,
    ) -> Result<(), ApiError> {
        enqueue(
            tx,
            NewJob {
                client_id: Some(actor.client_id),
                description: mail.description,
                method: JobMethod::SendMail(mail.mail),
                collection: Some("contracts".into()),
                relation_id: Some(id.to_string()),
                created_by: actor.user_id,
            },
        )
        .await?;
        Ok(())
    }

    pub(super) async fn run(
        &self,
        tx: &mut Transaction<'static, Postgres>,
        actor: &Actor,
        id: Uuid,
        version: Option<usize>,
        command: ContractCommand,
        name: &str,
    ) -> Result<Contract, ApiError> {
        actor
            .run(self.bus, tx, id, version, command, name, refused)
            .await
    }

    pub(super) fn storage(&self) -> &Storage {
        self.storage
    }

    pub(super) fn pool(&self) -> &PgPool {
        self.pool
    }

    /// Where anyone holding a contract PDF can check it (printed on the certificate page).
    pub(super) fn verify_url(&self) -> String {
        format!("{}/contracts/verify", self.public_url.trim_end_matches('/'))
    }
}

/// A refused contract command as the API answers it: field rules as field errors, a stale
/// version with the contract's own conflict text.
pub(super) fn refused(err: CommandError<ContractError>) -> ApiError {
    match err {
        CommandError::Domain(ContractError::Invalid(errors)) => {
            rule_errors(errors, "Aftalen er ikke gyldig")
        }
        CommandError::Domain(ContractError::NotFound) => ApiError::NotFound,
        CommandError::Conflict => ApiError::Conflict(CONFLICT.to_string()),
        other => other.into(),
    }
}

/// What the form holds that the aggregate cannot judge: that the category, season, owner,
/// company, contact and products belong to this club. Rich text is cleaned on the way in.
async fn check_references(
    conn: &mut PgConnection,
    client_id: Uuid,
    content: &mut ContractContent,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::new();
    if !exists_in_club(conn, "order_categories", client_id, content.category_id).await? {
        push_error(&mut errors, "categoryId", "Kategorien findes ikke");
    }
    let parties = Parties {
        season_id: content.season_id,
        company_id: content.company_id,
        contact_id: content.contact_id,
        owner_id: content.owner_id,
    };
    check_parties(conn, client_id, parties, &mut errors).await?;
    for (i, line) in content.lines.iter().enumerate() {
        if !exists_in_club(conn, "products", client_id, line.line.product_id).await? {
            push_error(
                &mut errors,
                &format!("contractLines.{i}.productId"),
                "Produktet findes ikke",
            );
        }
    }
    content.additional = content.additional.as_deref().map(sanitize);
    check_field_values(conn, client_id, &mut content.field_values, &mut errors).await?;
    check_errors(errors)
}

/// The club's next contract number, taken inside the transaction that creates the contract.
async fn next_number(conn: &mut PgConnection, client_id: Uuid) -> Result<i64, ApiError> {
    crate::kit::club::next_in_series(conn, "contract_numbers", client_id).await
}
