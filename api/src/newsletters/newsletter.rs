//! Newsletters (spec 2 §2 Newsletters list, Newsletter editor; §3 Newsletter; §5 Newsletter;
//! §7 Newsletters): the list, the editor's read and save, and deleting. A plain table
//! (ARCHITECTURE §4) whose save is checked against the version the editor read.

use actix_web::{web, HttpResponse};
use sqlx::types::Json as Jsonb;
use sqlx::PgConnection;
use tribune_projections::db::club_tx;
use tribune_projections::list::{Count, ListSpec, Paging, Search, SortColumn};
use uuid::Uuid;

use super::dto::{
    NamedChoice, Newsletter, NewsletterChoices, NewsletterForm, NewsletterListRow,
    NewsletterSelection,
};
use crate::envelope::{self, Ack, Envelope, EnvelopeWithData, ListParams, Page, SortDir};
use crate::error::ApiError;
use crate::kit::files::{self, download_url};
use crate::kit::ids::parse_id;
use crate::kit::image_slot::ImageSlot;
use crate::kit::input::{Json, Submitted};
use crate::kit::list_page::list_page;
use crate::kit::openapi::MultipartUpdate;
use crate::kit::reads::Reads;
use crate::kit::text::clean;
use crate::kit::validate::Check;
use crate::kit::version::Versioned;
use crate::session::Staff;
use crate::state::AppState;

const VERSIONED: Versioned = Versioned {
    table: "newsletters",
    what: "Nyhedsbrevet",
};

/// The attachment's limit (spec 2 §9: 10000, in KB).
pub const ATTACHMENT_KB: usize = 10000;
/// Navn, E-mail emnefelt and Titel: at most this many characters.
const TEXT_MAX: usize = 200;
/// Beskrivelse, as HTML.
const DESCRIPTION_MAX: usize = 200_000;

const LIST: ListSpec = ListSpec {
    from: "newsletters t",
    club: Some("t.client_id"),
    columns: r#"t.id AS "Id", t.name AS "Name", t.title AS "Title", t.subject AS "Subject",
        t.created_at AS "CreateDate""#,
    key: "t.id",
    filters: &[],
    search: Search::Columns(&["t.name", "t.title", "t.subject"]),
    sorts: &[
        SortColumn::nullable("Title", "lower(t.title)"),
        SortColumn::nullable("Name", "lower(t.name)"),
        SortColumn::nullable("Subject", "lower(t.subject)"),
        SortColumn::of("CreateDate", "t.created_at"),
    ],
    default_sort: ("Title", SortDir::Asc),
    count: Count::Exact,
    paging: Paging::Offset,
};

#[utoipa::path(post, path = "/api/newsletters", tag = "newsletters",
    request_body = ListParams,
    responses((status = 200, description = "one page of newsletters; sorts Title (default, asc), Name, Subject, CreateDate; `filter.search` finds name, title and subject", body = Page<NewsletterListRow>),
        (status = 401), (status = 403), (status = 422)))]
pub async fn list_newsletters(
    staff: Staff,
    params: Json<ListParams>,
    reads: Reads,
) -> Result<HttpResponse, ApiError> {
    list_page::<NewsletterListRow>(reads.pool(), &staff, &LIST, &params).await
}

/// A newsletter's row as stored.
#[derive(sqlx::FromRow)]
struct Stored {
    id: Uuid,
    name: String,
    title: String,
    subject: String,
    email_template: Option<String>,
    description: String,
    picture: Option<Uuid>,
    picture_bottom: Option<Uuid>,
    attachment: Option<Uuid>,
    attachment_name: Option<String>,
    recipients: Jsonb<NewsletterSelection>,
    version: i64,
    created_at: chrono::DateTime<chrono::Utc>,
}

async fn stored(
    conn: &mut PgConnection,
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<Stored>, sqlx::Error> {
    sqlx::query_as(
        "SELECT n.id, n.name, n.title, n.subject, n.email_template, n.description, n.picture, n.picture_bottom, \
           n.attachment, f.file_name AS attachment_name, n.recipients, n.version, n.created_at \
         FROM newsletters n LEFT JOIN files f ON f.id = n.attachment \
         WHERE n.client_id = $1 AND n.id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The names of the selection's products, companies and contacts, for the selects.
async fn choices(
    conn: &mut PgConnection,
    client_id: Uuid,
    selection: &NewsletterSelection,
) -> Result<NewsletterChoices, sqlx::Error> {
    let products = |ids: &[Uuid]| {
        sqlx::query_as::<_, NamedChoice>(
            "SELECT id, title AS label FROM products WHERE client_id = $1 AND id = ANY($2) ORDER BY lower(title)",
        )
        .bind(client_id)
        .bind(ids.to_vec())
    };
    Ok(NewsletterChoices {
        products: products(&selection.product_ids)
            .fetch_all(&mut *conn)
            .await?,
        order_products: products(&selection.order_product_ids)
            .fetch_all(&mut *conn)
            .await?,
        companies: sqlx::query_as(
            "SELECT id, name AS label FROM companies WHERE client_id = $1 AND id = ANY($2) ORDER BY lower(name)",
        )
        .bind(client_id)
        .bind(&selection.company_ids)
        .fetch_all(&mut *conn)
        .await?,
        contacts: sqlx::query_as(
            "SELECT id, trim(firstname || ' ' || lastname) || CASE WHEN email <> '' THEN ' (' || email || ')' ELSE '' END AS label \
             FROM contacts WHERE client_id = $1 AND id = ANY($2) ORDER BY lower(firstname), lower(lastname)",
        )
        .bind(client_id)
        .bind(&selection.contact_ids)
        .fetch_all(&mut *conn)
        .await?,
    })
}

#[utoipa::path(get, path = "/api/newsletters/{id}", tag = "newsletters",
    params(("id" = String, Path, description = "the newsletter's id (uuid); malformed or another club's → 404")),
    responses((status = 200, description = "the newsletter, and in `data` the names of the selection's products, orderProducts, companies and contacts", body = EnvelopeWithData<Newsletter, NewsletterChoices>),
        (status = 401), (status = 403), (status = 404)))]
pub async fn get_newsletter(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut tx = club_tx(&state.pool, staff.client_id).await?;
    let row = stored(&mut tx, staff.client_id, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let named = choices(&mut tx, staff.client_id, &row.recipients.0).await?;
    tx.commit().await?;
    let newsletter = Newsletter {
        id: row.id,
        name: row.name,
        title: row.title,
        subject: row.subject,
        email_template: row.email_template,
        description: row.description,
        picture: row.picture.map(download_url),
        picture_bottom: row.picture_bottom.map(download_url),
        file_attachment: row.attachment.map(download_url),
        attachment_name: row.attachment_name,
        recipients: row.recipients.0,
        version: row.version,
        created_at: row.created_at,
    };
    Ok(envelope::result_with_data(newsletter, named))
}

/// The names of the club's newsletter templates (club settings, newsletter.emailTemplates).
pub async fn template_names(
    conn: &mut PgConnection,
    client_id: Uuid,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT t->>'name' FROM clients c, \
           jsonb_array_elements(CASE WHEN jsonb_typeof(c.settings->'newsletter'->'emailTemplates') = 'array' \
                                THEN c.settings->'newsletter'->'emailTemplates' ELSE '[]' END) t \
         WHERE c.id = $1 AND coalesce(t->>'name', '') <> ''",
    )
    .bind(client_id)
    .fetch_all(conn)
    .await
}

/// The form's field rules (spec 2 §5 Newsletter), recorded in `check`.
fn check_fields(input: &NewsletterForm, check: &mut Check) {
    for (field, label, value) in [
        ("name", "Navn", &input.name),
        ("subject", "E-mail emnefelt", &input.subject),
        ("title", "Titel", &input.title),
    ] {
        check.required_text(field, label, value);
        check.max_chars_of(field, label, value, TEXT_MAX);
    }
    check.max_chars_of(
        "description",
        "Beskrivelse",
        &input.description,
        DESCRIPTION_MAX,
    );
}

/// A file field's upload part and its Danish name.
const PICTURE: (&str, &str) = ("pictureFile", "Billede");
const PICTURE_BOTTOM: (&str, &str) = ("pictureBottomFile", "Billede bund");
const ATTACHMENT: (&str, &str) = ("attachmentFile", "Vedhæft fil");

#[utoipa::path(post, path = "/api/newsletters/update", tag = "newsletters",
    request_body(content((NewsletterForm = "application/json"), (MultipartUpdate = "multipart/form-data")),
        description = "The newsletter as JSON, or multipart with it in `data` and its files as `pictureFile`, `pictureBottomFile` (images) and `attachmentFile` (at most 10000 KB); a file field set to null removes the file, leaving it out (or its URL) keeps it. Beskrivelse is sanitised HTML."),
    responses((status = 200, description = "the newsletter's id ('Nyhedsbrev blev oprettet!' / 'Nyhedsbrev blev gemt!')", body = Envelope<Uuid>), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "saved by someone else since `version`"), (status = 422)))]
pub async fn update_newsletter(
    staff: Staff,
    form: Submitted,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let Submitted(upload) = form;
    let input: NewsletterForm = upload.json()?;
    let client_id = staff.client_id;
    let mut check = Check::new();
    check_fields(&input, &mut check);
    let picture = upload.files_named(PICTURE.0).next();
    let picture_bottom = upload.files_named(PICTURE_BOTTOM.0).next();
    let attachment = upload.files_named(ATTACHMENT.0).next();
    check.image(PICTURE.0, PICTURE.1, picture);
    check.image(PICTURE_BOTTOM.0, PICTURE_BOTTOM.1, picture_bottom);
    if attachment.is_some_and(|file| file.bytes.len() > ATTACHMENT_KB * 1024) {
        check.fail(
            ATTACHMENT.0,
            format!("{} må højst være {ATTACHMENT_KB} KB", ATTACHMENT.1),
        );
    }
    let mut tx = club_tx(&state.pool, client_id).await?;
    let template = clean(&input.email_template);
    if let Some(name) = &template {
        if !template_names(&mut tx, client_id).await?.contains(name) {
            check.fail(
                "emailTemplate",
                "E-mail skabelonen findes ikke i klubbens indstillinger",
            );
        }
    }
    let selection = &input.recipients;
    for (field, message) in
        super::service::foreign_in_selection(&mut tx, client_id, selection).await?
    {
        check.fail(&format!("recipients.{field}"), message);
    }
    let current = match input.id {
        Some(id) => Some(
            stored(&mut tx, client_id, id)
                .await?
                .ok_or(ApiError::NotFound)?,
        ),
        None => None,
    };
    check.finish()?;
    VERSIONED
        .claim(&mut tx, client_id, input.id, input.version)
        .await?;
    let id = input.id.unwrap_or_else(Uuid::new_v4);
    let mut obsolete = Vec::new();
    let slots = [
        (
            ImageSlot::from_form(picture, &input.picture),
            current.as_ref().and_then(|c| c.picture),
        ),
        (
            ImageSlot::from_form(picture_bottom, &input.picture_bottom),
            current.as_ref().and_then(|c| c.picture_bottom),
        ),
        (
            ImageSlot::from_form(attachment, &input.file_attachment),
            current.as_ref().and_then(|c| c.attachment),
        ),
    ];
    let mut saved = [None; 3];
    for (i, (ask, now)) in slots.into_iter().enumerate() {
        let change = files::apply_slot(
            &mut tx,
            &state.storage,
            client_id,
            "newsletter",
            id,
            staff.user_id(),
            ask,
            now,
        )
        .await?;
        saved[i] = change.value;
        obsolete.extend(change.obsolete);
    }
    let description = input
        .description
        .as_deref()
        .map(crate::kit::html::sanitize)
        .unwrap_or_default();
    sqlx::query(
        "INSERT INTO newsletters (id, client_id, name, title, subject, email_template, description, picture, \
           picture_bottom, attachment, recipients, created_by, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) \
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, title = EXCLUDED.title, subject = EXCLUDED.subject, \
           email_template = EXCLUDED.email_template, description = EXCLUDED.description, picture = EXCLUDED.picture, \
           picture_bottom = EXCLUDED.picture_bottom, attachment = EXCLUDED.attachment, recipients = EXCLUDED.recipients, \
           updated_at = now(), updated_by = EXCLUDED.updated_by",
    )
    .bind(id)
    .bind(client_id)
    .bind(clean(&input.name))
    .bind(clean(&input.title))
    .bind(clean(&input.subject))
    .bind(template)
    .bind(description)
    .bind(saved[0])
    .bind(saved[1])
    .bind(saved[2])
    .bind(Jsonb(selection))
    .bind(staff.user_id())
    .execute(&mut *tx)
    .await?;
    files::remove(&mut tx, &state.storage, client_id, &obsolete).await?;
    tx.commit().await?;
    Ok(envelope::result(id))
}

#[utoipa::path(delete, path = "/api/newsletters/{id}", tag = "newsletters",
    params(("id" = String, Path, description = "the newsletter's id (uuid); malformed or another club's → 404")),
    responses((status = 200, description = "its recipients, sends and files go with it (batches still waiting then send nothing)", body = Ack), (status = 401), (status = 403), (status = 404)))]
pub async fn delete_newsletter(
    staff: Staff,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let client_id = staff.client_id;
    let mut tx = club_tx(&state.pool, client_id).await?;
    let held: Option<Vec<Option<Uuid>>> = sqlx::query_scalar(
        "DELETE FROM newsletters WHERE client_id = $1 AND id = $2 \
         RETURNING ARRAY[picture, picture_bottom, attachment]",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let held = held.ok_or(ApiError::NotFound)?;
    let files: Vec<Uuid> = held.into_iter().flatten().collect();
    files::remove(&mut tx, &state.storage, client_id, &files).await?;
    tx.commit().await?;
    Ok(envelope::ok())
}
