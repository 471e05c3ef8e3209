//! Whom a selection of the recipients card reaches (spec 2 §2 Recipients card; §7 create-invites
//! and create-recipients): the invitations of an event and the newsletters ask the same.
//!
//! With `allCompanies` every company that is not terminated (Opsagt), with `allActive` every
//! company with an approved contract running on the active date, otherwise the selection: the
//! companies chosen and those whose running contracts hold a chosen agreement product, the
//! buyers of approved orders holding a chosen order product, the contacts chosen, and the members
//! of the contact lists chosen. A company is reached through each of its contacts. Each contact
//! is reached once (the first way found); those who want none of what is sent are counted.

use std::collections::HashSet;

use chrono::NaiveDate;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;

/// Which companies 'Opret …' starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// 'Opret alle': every company that is not terminated.
    AllCompanies,
    /// 'Opret alle aktive': every company with a running approved contract on the date.
    AllActive(NaiveDate),
    /// 'Opret valgte': the selection, contracts read on the date.
    Selected(NaiveDate),
}

impl Scope {
    /// The scope of a create call's query (`allCompanies`, `allActive`) on `date`.
    pub fn of_query(all_companies: bool, all_active: bool, date: NaiveDate) -> Scope {
        if all_companies {
            Scope::AllCompanies
        } else if all_active {
            Scope::AllActive(date)
        } else {
            Scope::Selected(date)
        }
    }
}

/// The card's 'Aktiv dato' (YYYY-MM-DD, or an ISO time whose date is taken); today without one.
pub fn active_date(raw: Option<&str>) -> Result<NaiveDate, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(crate::kit::dates::today()),
        Some(raw) => NaiveDate::parse_from_str(raw.get(..10).unwrap_or(raw), "%Y-%m-%d")
            .map_err(|_| ApiError::field("activeDate", "Aktiv dato er ikke en gyldig dato")),
    }
}

/// What the card selected, by id.
#[derive(Debug, Clone, Copy, Default)]
pub struct Selection<'a> {
    pub product_ids: &'a [Uuid],
    pub order_product_ids: &'a [Uuid],
    pub company_ids: &'a [Uuid],
    pub contact_ids: &'a [Uuid],
    pub contact_list_ids: &'a [Uuid],
}

/// What a contact may have said no to: the contacts' column that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptOut {
    /// `noInvitations`: no invitations to events.
    Invitations,
    /// Unsubscribed from the club's newsletters.
    Newsletters,
}

impl OptOut {
    fn column(self) -> &'static str {
        match self {
            OptOut::Invitations => "no_invitations",
            OptOut::Newsletters => "no_newsletters",
        }
    }
}

/// One contact reached, and the group it is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reached {
    pub contact_id: Uuid,
    pub company_id: Option<Uuid>,
    pub list_id: Option<Uuid>,
}

/// A running approved contract on `$2` (a season holding the date, else its term).
const RUNNING_ON: &str = "t.status = 'approved' AND CASE WHEN s.id IS NOT NULL \
    THEN $2::date BETWEEN s.start_date AND s.end_date \
    ELSE (t.start_date IS NULL OR t.start_date <= $2::date) \
      AND (t.no_end_date OR t.end_date IS NULL OR t.end_date >= $2::date) END";

async fn companies_of_scope(
    conn: &mut PgConnection,
    client_id: Uuid,
    scope: Scope,
    selection: &Selection<'_>,
) -> Result<Vec<Uuid>, sqlx::Error> {
    match scope {
        Scope::AllCompanies => {
            sqlx::query_scalar(
                "SELECT id FROM companies WHERE client_id = $1 AND status <> 99 ORDER BY lower(name), id",
            )
            .bind(client_id)
            .fetch_all(conn)
            .await
        }
        Scope::AllActive(date) => {
            sqlx::query_scalar(&format!(
                "SELECT DISTINCT t.company_id FROM contract_rows t LEFT JOIN seasons s ON s.id = t.season_id \
                 WHERE t.client_id = $1 AND t.company_id IS NOT NULL AND {RUNNING_ON}"
            ))
            .bind(client_id)
            .bind(date)
            .fetch_all(conn)
            .await
        }
        Scope::Selected(date) => {
            sqlx::query_scalar(&format!(
                "SELECT id FROM companies WHERE client_id = $1 AND id = ANY($3) \
                 UNION \
                 SELECT DISTINCT t.company_id FROM contract_rows t LEFT JOIN seasons s ON s.id = t.season_id \
                 JOIN contract_lines l ON l.contract_id = t.id \
                 WHERE t.client_id = $1 AND t.company_id IS NOT NULL AND l.product_id = ANY($4) AND {RUNNING_ON}"
            ))
            .bind(client_id)
            .bind(date)
            .bind(selection.company_ids)
            .bind(selection.product_ids)
            .fetch_all(conn)
            .await
        }
    }
}

/// Whom the selection reaches, each contact once (the first way found), in the order they are
/// shown; and how many of them said no to `opt_out`.
pub async fn reached(
    conn: &mut PgConnection,
    client_id: Uuid,
    scope: Scope,
    selection: &Selection<'_>,
    opt_out: OptOut,
) -> Result<(Vec<Reached>, i32), sqlx::Error> {
    let companies = companies_of_scope(conn, client_id, scope, selection).await?;
    let no = opt_out.column();
    // (contact, company, list, said no), in the order they are shown.
    type Found = (Uuid, Option<Uuid>, Option<Uuid>, bool);
    type FoundBy = (Uuid, Option<Uuid>, Option<Uuid>, bool, i32);
    let mut found: Vec<Found> = sqlx::query_as(&format!(
        "SELECT c.id, cc.company_id, NULL::uuid, c.{no} FROM company_contacts cc \
         JOIN contacts c ON c.id = cc.contact_id \
         WHERE cc.client_id = $1 AND cc.company_id = ANY($2) \
         ORDER BY cc.company_id, lower(c.firstname), lower(c.lastname), c.id"
    ))
    .bind(client_id)
    .bind(&companies)
    .fetch_all(&mut *conn)
    .await?;
    if let Scope::Selected(_) = scope {
        let more: Vec<Found> = sqlx::query_as(&format!(
            "SELECT * FROM ( \
               SELECT DISTINCT ON (c.id) c.id, o.company_id, NULL::uuid AS list_id, c.{no}, 1 AS way \
               FROM order_rows o JOIN order_lines l ON l.order_id = o.id JOIN contacts c ON c.id = o.contact_id \
               WHERE o.client_id = $1 AND o.status = 'approved' AND l.product_id = ANY($2) \
               ORDER BY c.id, o.company_id NULLS LAST) a \
             UNION ALL \
             SELECT * FROM ( \
               SELECT DISTINCT ON (c.id) c.id, cc.company_id, NULL::uuid, c.{no}, 2 \
               FROM contacts c LEFT JOIN company_contacts cc ON cc.contact_id = c.id \
               WHERE c.client_id = $1 AND c.id = ANY($3) ORDER BY c.id, cc.company_id) b \
             UNION ALL \
             SELECT * FROM ( \
               SELECT c.id, NULL::uuid, m.list_id, c.{no}, 3 FROM contact_list_members m \
               JOIN contacts c ON c.id = m.contact_id \
               WHERE m.client_id = $1 AND m.list_id = ANY($4) ORDER BY m.list_id, lower(c.firstname), c.id) d \
             ORDER BY way"
        ))
        .bind(client_id)
        .bind(selection.order_product_ids)
        .bind(selection.contact_ids)
        .bind(selection.contact_list_ids)
        .fetch_all(&mut *conn)
        .await
        .map(|rows: Vec<FoundBy>| {
            rows.into_iter()
                .map(|(contact, company, list, no, _)| (contact, company, list, no))
                .collect()
        })?;
        found.extend(more);
    }
    let mut seen = HashSet::new();
    let mut said_no = 0;
    let mut all = Vec::new();
    for (contact_id, company_id, list_id, no) in found {
        if !seen.insert(contact_id) {
            continue;
        }
        if no {
            said_no += 1;
            continue;
        }
        all.push(Reached {
            contact_id,
            company_id,
            list_id,
        });
    }
    Ok((all, said_no))
}
