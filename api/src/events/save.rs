//! Saving the event form, one way for an event and a type (spec 2 §5): the form read and held to
//! its rules, what the save asks of each file slot, the version claimed, the files stored under
//! their owner, and, once the handler has written its row, the files the row no longer holds
//! removed and the whole committed. What tells the two apart is a `Target`'s; the rules only an
//! event has (its main event) and how the row is written (an event's columns and ticket product
//! rows, a type's `data`) stay with their handler.

use sqlx::{Postgres, Transaction};
use tribune_projections::db::club_tx;
use uuid::Uuid;

use super::dto::EventForm;
use super::files::{self, Ask, Owner, SlotIds};
use super::form::{check_fields, check_references, Kind};
use crate::error::ApiError;
use crate::kit::files::remove;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;
use crate::storage::Form;

/// What a save of the form writes: an event or a type.
pub struct Target {
    /// Whose rules the form keeps to.
    pub kind: Kind,
    /// The table whose row's version the save claims.
    pub versioned: Versioned,
    /// Who owns the saved files (`kit::files`): `event` or `event_type`.
    pub relation_type: &'static str,
}

/// A save begun: the form read, its rules so far recorded in `check`, in the club's transaction.
pub struct Save<'a> {
    pub input: EventForm,
    pub tx: Transaction<'static, Postgres>,
    pub check: Check,
    asks: [Ask<'a>; 6],
    target: &'a Target,
    state: &'a AppState,
    staff: &'a Staff,
}

impl<'a> Save<'a> {
    /// Reads the form (JSON, or multipart with it in `data`) and records its field rules, its
    /// uploads' rules and whether every row it names is the club's own.
    pub async fn begin(
        state: &'a AppState,
        staff: &'a Staff,
        upload: &'a Form,
        target: &'a Target,
    ) -> Result<Save<'a>, ApiError> {
        let input: EventForm = upload.json()?;
        let mut check = Check::new();
        check_fields(&input, target.kind, &mut check);
        let asks = files::asks(upload, &input, &mut check);
        let mut tx = club_tx(&state.pool, staff.client_id).await?;
        check_references(&mut tx, staff.client_id, &input, target.kind, &mut check).await?;
        Ok(Save {
            input,
            tx,
            check,
            asks,
            target,
            state,
            staff,
        })
    }

    /// With the files the saved row holds now (none for a new row): the last rules (a file to
    /// copy is the club's), a 422 if any rule failed, the version claimed (409 when stale) and the
    /// files stored; what is left is writing the row.
    pub async fn claim(self, current: SlotIds) -> Result<Claimed<'a>, ApiError> {
        let Save {
            input,
            mut tx,
            mut check,
            mut asks,
            target,
            state,
            staff,
        } = self;
        let client_id = staff.client_id;
        files::check_copies(&mut tx, client_id, &mut asks, &current, &mut check).await?;
        check.finish()?;
        target
            .versioned
            .claim(&mut tx, client_id, input.id, input.version)
            .await?;
        let id = input.id.unwrap_or_else(Uuid::new_v4);
        let owner = Owner {
            storage: &state.storage,
            client_id,
            relation_type: target.relation_type,
            id,
            user_id: staff.user_id(),
        };
        let (files, obsolete) = files::apply(&mut tx, &owner, asks, current).await?;
        Ok(Claimed {
            input,
            tx,
            id,
            files,
            obsolete,
            state,
            client_id,
        })
    }
}

/// A save whose form passed, whose version is claimed and whose files are stored: the handler
/// writes the row with `id` and `files`, then `commit`s.
pub struct Claimed<'a> {
    pub input: EventForm,
    pub tx: Transaction<'static, Postgres>,
    /// The row's id: the form's, or a new one.
    pub id: Uuid,
    /// The slots' file ids as saved, in `files::Slot::ALL`'s order.
    pub files: SlotIds,
    obsolete: Vec<Uuid>,
    state: &'a AppState,
    client_id: Uuid,
}

impl Claimed<'_> {
    /// Once the row is written: the files it no longer holds go, and the save is committed.
    /// Answers the row's id.
    pub async fn commit(mut self) -> Result<Uuid, ApiError> {
        remove(
            &mut self.tx,
            &self.state.storage,
            self.client_id,
            &self.obsolete,
        )
        .await?;
        self.tx.commit().await?;
        Ok(self.id)
    }
}
