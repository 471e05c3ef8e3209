//! Contacts (spec 1 §2 Contacts, §3 Contact, §5, §7 Contacts and lists).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::companies::ContactPick;
use super::extra_info;
use crate::envelope::{
    self, Ack, DataEnvelope, Envelope, EnvelopeWithData, ListParams, Page, SortDir,
};
use crate::error::ApiError;
use crate::identity::clients;
use crate::kit::club::all_in_club;
use crate::kit::files;
use crate::kit::ids::parse_id;
use crate::kit::image_slot::{keep_or_remove, ImageSlot};
use crate::kit::input::{Json, Submitted};
use crate::kit::openapi::MultipartUpdate;
use crate::kit::reads::Reads;
use crate::kit::text::{clean, search_pattern};
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::payments::ledger as payments;
use crate::session::Staff;
use crate::state::AppState;

/// A row of the contacts list (POST /api/contacts).
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ContactRow {
    #[serde(rename = "Id")]
    pub id: Uuid,
    #[serde(rename = "Firstname")]
    pub firstname: String,
    #[serde(rename = "Lastname")]
    pub lastname: String,
    #[serde(rename = "Email")]
    pub email: String,
    #[serde(rename = "Phone")]
    pub phone: Option<String>,
    #[serde(rename = "Mobile")]
    pub mobile: Option<String>,
    /// The names of the companies the contact works for, comma-joined ('' for none).
    #[serde(rename = "Companies")]
    pub companies: String,
}

const VERSIONED: Versioned = Versioned {
    table: "contacts",
    what: "Kontakten",
};

/// The contacts with the companies they work for.
const CONTACTS: ListSpec = ListSpec {
    from: "contacts p",
    club: Some("p.client_id"),
    columns: "p.id, p.firstname, p.lastname, p.email, p.phone, p.mobile, \
        coalesce((SELECT string_agg(c.name, ', ' ORDER BY c.name) FROM company_contacts cc \
        JOIN companies c ON c.id = cc.company_id WHERE cc.contact_id = p.id), '') AS companies",
    key: "p.id",
    filters: &[],
    search: Search::Columns(&[
        "p.firstname || ' ' || p.lastname",
        "p.email",
        "coalesce(p.phone, '') || ' ' || coalesce(p.mobile, '')",
    ]),
    sorts: &[
        SortColumn::of("Firstname", "lower(p.firstname)"),
        SortColumn::of("Lastname", "lower(p.lastname)"),
        SortColumn::nullable("Email", "lower(p.email)"),
        SortColumn::nullable("Phone", "p.phone"),
        SortColumn::nullable("Mobile", "p.mobile"),
    ],
    default_sort: ("Firstname", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/contacts", tag = "contacts", request_body = ListParams, responses((status = 200, body = Page<ContactRow>)))]
pub async fn list_contacts(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(reads.pool(), staff.client_id).await?;
    let (rows, total) = CONTACTS
        .page::<ContactRow>(&mut tx, Some(staff.client_id), &params)
        .await?;
    tx.commit().await?;
    Ok(envelope::page(rows, total, params.per_page()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    pub search: Option<String>,
    /// Only the contacts of this company (the order and contract pickers).
    #[serde(default, rename = "companyId")]
    pub company_id: Option<String>,
    /// Instead of a search, these contacts (`a,b,…`): a picker's chosen ones.
    pub ids: Option<String>,
}

#[utoipa::path(get, path = "/api/contacts", tag = "contacts", params(SearchQuery), responses((status = 200, description = "at most 50 (200 when `ids` names them)", body = Envelope<Vec<ContactPick>>)))]
pub async fn search_contacts(
    staff: Staff,
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let company = match clean(&query.company_id) {
        Some(id) => Some(parse_id(&id)?),
        None => None,
    };
    let ids = crate::kit::ids::id_list(query.ids.as_deref())?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let rows: Vec<ContactPick> = sqlx::query_as(
        "SELECT id, firstname, lastname, email, phone, mobile FROM contacts WHERE client_id = $1 \
         AND ($2::text IS NULL OR firstname || ' ' || lastname || ' ' || email ILIKE $2) \
         AND ($3::uuid IS NULL OR id IN (SELECT contact_id FROM company_contacts WHERE company_id = $3)) \
         AND ($4::uuid[] IS NULL OR id = ANY($4)) \
         ORDER BY lower(firstname), lower(lastname) LIMIT CASE WHEN $4::uuid[] IS NULL THEN 50 ELSE 200 END",
    )
    .bind(staff.client_id)
    .bind(search_pattern(&query.search))
    .bind(company)
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(rows))
}

#[derive(Debug, sqlx::FromRow)]
struct ContactRecord {
    id: Uuid,
    firstname: String,
    lastname: String,
    email: String,
    phone: Option<String>,
    mobile: Option<String>,
    linkedin: Option<String>,
    about: Option<String>,
    highlighted: bool,
    no_invitations: bool,
    no_newsletters: bool,
    picture: Option<Uuid>,
    extra_info: Value,
    payment_cards: Value,
    version: i64,
}

/// A contact as its editor reads it (GET /api/contacts/{id}).
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactDto {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub linkedin: Option<String>,
    pub about: Option<String>,
    pub highlighted: bool,
    pub no_invitations: bool,
    /// Unsubscribed from the club's newsletters (the newsletter's link, or staff).
    pub no_newsletters: bool,
    /// The picture's download address.
    pub picture: Option<String>,
    /// By alias: {title, alias, value, values} (`extra_info::normalize`).
    #[ts(type = "Record<string, ExtraInfoEntry>")]
    #[schema(value_type = std::collections::BTreeMap<String, super::extra_info::ExtraInfoEntry>)]
    pub extra_info: Value,
    /// The cards the contact keeps at the club's card provider, or, where the provider does not
    /// answer, the cards stored on the contact.
    #[ts(type = "Array<PaymentCard>")]
    #[schema(value_type = Vec<PaymentCard>)]
    pub payment_cards: Value,
    /// What a save sends back as `version` (kit::version).
    #[ts(type = "number")]
    pub version: i64,
    pub company_ids: Vec<Uuid>,
    pub list_ids: Vec<Uuid>,
}

/// A card of a contact: one kept at the card provider (with its `cardId`), or one stored on the
/// contact.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentCard {
    /// The provider's id of the card; absent on a stored card.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_id: Option<String>,
    pub card_type: String,
    pub card_number: String,
    #[ts(type = "number | string")]
    pub exp_month: Value,
    #[ts(type = "number | string")]
    pub exp_year: Value,
    /// The provider's default card of the customer; absent on a stored card.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_default: Option<bool>,
}

/// The companies a contact works for: `data` beside the contact.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct ContactRelations {
    pub companies: Vec<NamedRef>,
}

async fn load(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<ContactRecord, ApiError> {
    sqlx::query_as(
        "SELECT id, firstname, lastname, email, phone, mobile, linkedin, about, highlighted, no_invitations, no_newsletters, \
         picture, extra_info, payment_cards, version FROM contacts WHERE client_id = $1 AND id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await?
    .ok_or(ApiError::NotFound)
}

/// `{id, name}` of a company.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct NamedRef {
    pub id: Uuid,
    pub name: String,
}

#[utoipa::path(get, path = "/api/contacts/{id}", tag = "contacts", responses((status = 200, description = "the contact, and the companies it works for", body = EnvelopeWithData<ContactDto, ContactRelations>), (status = 404)))]
pub async fn get_contact(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let contact = load(&mut tx, staff.client_id, id).await?;
    let companies: Vec<NamedRef> = sqlx::query_as(
        "SELECT c.id, c.name FROM companies c JOIN company_contacts cc ON cc.company_id = c.id WHERE cc.contact_id = $1 ORDER BY lower(c.name)",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    let list_ids: Vec<Uuid> =
        sqlx::query_scalar("SELECT list_id FROM contact_list_members WHERE contact_id = $1")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
    // The cards the contact keeps at the club's card provider (as the customer with the
    // contact's e-mail); a provider that does not answer leaves the page without them.
    let cards =
        match payments::cards_by_email(&state, &mut tx, staff.client_id, &contact.email).await {
            Ok(cards) => cards.map(|(_, cards)| cards),
            Err(err) => {
                tracing::warn!(error = ?err, contact = %id, "the contact's cards");
                None
            }
        };
    tx.commit().await?;
    let payment_cards = match cards {
        Some(cards) => json!(cards),
        None => contact.payment_cards,
    };
    let result = ContactDto {
        id: contact.id,
        firstname: contact.firstname,
        lastname: contact.lastname,
        email: contact.email,
        phone: contact.phone,
        mobile: contact.mobile,
        linkedin: contact.linkedin,
        about: contact.about,
        highlighted: contact.highlighted,
        no_invitations: contact.no_invitations,
        no_newsletters: contact.no_newsletters,
        picture: contact.picture.map(files::download_url),
        extra_info: contact.extra_info,
        payment_cards,
        version: contact.version,
        company_ids: companies.iter().map(|c| c.id).collect(),
        list_ids,
    };
    Ok(envelope::result_with_data(
        result,
        ContactRelations { companies },
    ))
}

/// `{id, title}` of a contact list, as the contact's lists select offers it.
#[derive(Debug, Serialize, sqlx::FromRow, ts_rs::TS, utoipa::ToSchema)]
pub struct ListRef {
    pub id: Uuid,
    pub title: String,
}

#[utoipa::path(get, path = "/api/contacts/lists", tag = "contacts", responses((status = 200, description = "every contact list of the club, by title", body = Envelope<Vec<ListRef>>)))]
pub async fn all_lists(staff: Staff, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let lists: Vec<ListRef> = sqlx::query_as(
        "SELECT id, title FROM contact_lists WHERE client_id = $1 ORDER BY lower(title)",
    )
    .bind(staff.client_id)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(envelope::result(lists))
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactInput {
    id: Option<Uuid>,
    firstname: Option<String>,
    lastname: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    mobile: Option<String>,
    linkedin: Option<String>,
    about: Option<String>,
    #[serde(default)]
    highlighted: bool,
    #[serde(default)]
    no_invitations: bool,
    /// None (left out) keeps what the contact said.
    #[serde(default)]
    #[ts(optional = nullable)]
    no_newsletters: Option<bool>,
    /// Left out: kept; null: removed; a text: kept as it is (an upload replaces it).
    #[serde(default, deserialize_with = "keep_or_remove")]
    #[ts(optional, type = "string | null")]
    picture: Option<Option<String>>,
    /// By alias: the entry, or its value alone.
    #[serde(default)]
    #[ts(type = "Record<string, ExtraInfoEntry | string | Array<string> | null>")]
    extra_info: Value,
    /// Left out: the companies stay as they are.
    #[ts(optional)]
    company_ids: Option<Vec<Uuid>>,
    /// Left out: the lists stay as they are.
    #[ts(optional)]
    list_ids: Option<Vec<Uuid>>,
    /// Read-only here: cards come from the payment provider; they are removed with delete-card.
    #[serde(default)]
    #[allow(dead_code)]
    #[ts(skip)]
    payment_cards: Value,
    /// The version the editor read (GET `version`); required when saving an existing row.
    #[ts(type = "number | null")]
    version: Option<i64>,
}

/// Saves a contact (create when `id` is absent); shared by the contacts screen and the company
/// editor's 'Opret kontaktperson' modal. Returns the id.
#[utoipa::path(post, path = "/api/contacts/update", tag = "contacts",
    request_body(content((ContactInput = "application/json"), (MultipartUpdate = "multipart/form-data")), description = "As JSON, or multipart with the JSON in `data` and the picture as `file`; `picture: null` removes it."),
    responses((status = 200, description = "the contact's id", body = DataEnvelope<SavedId>), (status = 422), (status = 404)))]
pub async fn update_contact(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(form) = form;
    let input: ContactInput = form.json()?;
    let picture_file = form.files_named("file").next();

    let mut check = Check::new();
    let firstname = check.required_text("firstname", "Fornavn", &input.firstname);
    let lastname = check.required_text("lastname", "Efternavn", &input.lastname);
    let email = check.required_text("email", "E-mail", &input.email);
    check.email("email", "E-mail", email.as_deref().unwrap_or_default());
    check.image("file", "Billede", picture_file);
    check.web_address("linkedin", &input.linkedin);
    let client = clients::by_id(&state.pool, staff.client_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let extra = extra_info::normalize(
        &extra_info::definitions(&client.settings, "contacts"),
        &input.extra_info,
        check.errors(),
    );

    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let company_ids = dedup(input.company_ids.clone().unwrap_or_default());
    let list_ids = dedup(input.list_ids.clone().unwrap_or_default());
    for (table, ids, field, message) in [
        (
            "companies",
            &company_ids,
            "companyIds",
            "En virksomhed findes ikke",
        ),
        (
            "contact_lists",
            &list_ids,
            "listIds",
            "En kontaktliste findes ikke",
        ),
    ] {
        if !all_in_club(&mut tx, table, staff.client_id, ids).await? {
            check.fail(field, message);
        }
    }
    check.finish()?;

    VERSIONED
        .claim(&mut tx, staff.client_id, input.id, input.version)
        .await?;
    let existing = match input.id {
        Some(id) => Some(load(&mut tx, staff.client_id, id).await?),
        None => None,
    };
    let id = existing.as_ref().map(|c| c.id).unwrap_or_else(Uuid::new_v4);
    let change = files::apply_slot(
        &mut tx,
        &state.storage,
        staff.client_id,
        "contact_picture",
        id,
        staff.user_id(),
        ImageSlot::from_form(picture_file, &input.picture),
        existing.as_ref().and_then(|c| c.picture),
    )
    .await?;
    let picture = change.value;
    let obsolete: Vec<Uuid> = change.obsolete.into_iter().collect();
    sqlx::query(
        "INSERT INTO contacts (id, client_id, firstname, lastname, email, phone, mobile, linkedin, about, highlighted, \
           no_invitations, picture, extra_info, created_by, updated_by, no_newsletters) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, coalesce($15, false)) \
         ON CONFLICT (id) DO UPDATE SET firstname = EXCLUDED.firstname, lastname = EXCLUDED.lastname, email = EXCLUDED.email, \
           phone = EXCLUDED.phone, mobile = EXCLUDED.mobile, linkedin = EXCLUDED.linkedin, about = EXCLUDED.about, \
           highlighted = EXCLUDED.highlighted, no_invitations = EXCLUDED.no_invitations, picture = EXCLUDED.picture, \
           extra_info = EXCLUDED.extra_info, updated_at = now(), updated_by = EXCLUDED.updated_by, \
           no_newsletters = coalesce($15, contacts.no_newsletters)",
    )
    .bind(id)
    .bind(staff.client_id)
    .bind(&firstname)
    .bind(&lastname)
    .bind(&email)
    .bind(clean(&input.phone))
    .bind(clean(&input.mobile))
    .bind(clean(&input.linkedin))
    .bind(clean(&input.about))
    .bind(input.highlighted)
    .bind(input.no_invitations)
    .bind(picture)
    .bind(&extra)
    .bind(staff.user_id())
    .bind(input.no_newsletters)
    .execute(&mut *tx)
    .await?;
    if input.company_ids.is_some() {
        sqlx::query("DELETE FROM company_contacts WHERE contact_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO company_contacts (client_id, company_id, contact_id) SELECT $1, unnest($2::uuid[]), $3")
            .bind(staff.client_id)
            .bind(&company_ids)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    if input.list_ids.is_some() {
        sqlx::query("DELETE FROM contact_list_members WHERE contact_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO contact_list_members (client_id, list_id, contact_id) SELECT $1, unnest($2::uuid[]), $3")
            .bind(staff.client_id)
            .bind(&list_ids)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    files::remove(&mut tx, &state.storage, staff.client_id, &obsolete).await?;
    tx.commit().await?;
    Ok(envelope::data(SavedId { id }))
}

/// `{id}` of what a save wrote.
#[derive(Debug, Serialize, ts_rs::TS, utoipa::ToSchema)]
pub struct SavedId {
    pub id: Uuid,
}

fn dedup(mut ids: Vec<Uuid>) -> Vec<Uuid> {
    ids.sort();
    ids.dedup();
    ids
}

#[derive(Debug, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct DeleteCard {
    /// The card as read: one with a `cardId` is the provider's.
    #[ts(type = "PaymentCard")]
    card: Value,
}

#[utoipa::path(post, path = "/api/contacts/{id}/delete-card", tag = "contacts", request_body = DeleteCard, responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_card(
    staff: Staff,
    path: web::Path<String>,
    body: Json<DeleteCard>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let contact = load(&mut tx, staff.client_id, id).await?;
    // A card at the provider (it has an id): detached there, when it is this contact's.
    if let Some(card_id) = body.card.get("cardId").and_then(Value::as_str) {
        let Some((_, cards)) =
            payments::cards_by_email(&state, &mut tx, staff.client_id, &contact.email).await?
        else {
            return Err(ApiError::NotFound);
        };
        tx.commit().await?;
        if !cards.iter().any(|c| c.card_id == card_id) {
            return Err(ApiError::NotFound);
        }
        payments::detach_card(&state, card_id).await?;
        return Ok(envelope::ok());
    }
    let key = |c: &Value| {
        (
            c.get("cardNumber").cloned(),
            c.get("expMonth").cloned(),
            c.get("expYear").cloned(),
        )
    };
    let cards: Vec<Value> = contact
        .payment_cards
        .as_array()
        .cloned()
        .unwrap_or_default();
    let kept: Vec<Value> = cards
        .iter()
        .filter(|c| key(c) != key(&body.card))
        .cloned()
        .collect();
    if kept.len() == cards.len() {
        return Err(ApiError::NotFound);
    }
    sqlx::query("UPDATE contacts SET payment_cards = $3, updated_at = now(), updated_by = $4 WHERE client_id = $1 AND id = $2")
        .bind(staff.client_id)
        .bind(id)
        .bind(Value::Array(kept))
        .bind(staff.user_id())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

#[utoipa::path(delete, path = "/api/contacts/{id}", tag = "contacts", responses((status = 200, body = Ack), (status = 404)))]
pub async fn delete_contact(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let contact = load(&mut tx, staff.client_id, id).await?;
    sqlx::query("DELETE FROM comments WHERE client_id = $1 AND relations = ARRAY[$2]::text[]")
        .bind(staff.client_id)
        .bind(id.to_string())
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM contacts WHERE client_id = $1 AND id = $2")
        .bind(staff.client_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    files::remove(
        &mut tx,
        &state.storage,
        staff.client_id,
        &contact.picture.into_iter().collect::<Vec<_>>(),
    )
    .await?;
    tx.commit().await?;
    Ok(envelope::ok())
}

/// The club's contact with the customer's e-mail (the one named first by name when several
/// share it), or a new contact made of the customer: whom a subscription bought in the shop is
/// with. The caller has checked the e-mail.
pub async fn contact_for_customer(
    conn: &mut PgConnection,
    client_id: Uuid,
    customer: &tribune_domain::order::Customer,
    created_by: Option<Uuid>,
) -> Result<Uuid, ApiError> {
    let email = customer.email.trim();
    let found: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM contacts WHERE client_id = $1 AND lower(email) = lower($2) \
         ORDER BY lower(firstname), lower(lastname), created_at LIMIT 1",
    )
    .bind(client_id)
    .bind(email)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(id) = found {
        return Ok(id);
    }
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO contacts (id, client_id, firstname, lastname, email, phone, created_by, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(client_id)
    .bind(customer.firstname.trim())
    .bind(customer.lastname.trim())
    .bind(email)
    .bind(Some(customer.phone.trim()).filter(|p| !p.is_empty()))
    .bind(created_by)
    .execute(conn)
    .await?;
    Ok(id)
}
