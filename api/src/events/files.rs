//! The event form's files (banners, invite attachment, ticket logo and picture, table card
//! picture): each a stored file owned by its event or type (`kit::files`), sent to the editor as
//! its download URL. A save asks of each slot what the image-slot kit knows (a new file replaces,
//! null removes, leaving it out keeps), plus one thing: the URL of another of the club's files
//! copies that file, which is how an event made from a type gets the type's pictures.

use sqlx::PgConnection;
use uuid::Uuid;

use super::dto::EventForm;
use crate::error::ApiError;
use crate::kit::files::{self, download_url, FileRow};
use crate::kit::image_slot::ImageSlot;
use crate::kit::validate::Check;
use crate::storage::{Form, Storage, UploadedFile};

/// The invite attachment's limit (spec 2 §9: 10000, in KB).
pub const ATTACHMENT_KB: usize = 10000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    BannerPicture,
    BannerBottom,
    InviteAttachment,
    TicketLogo,
    TicketPicture,
    CardPicture,
}

/// The slots' file ids, in `Slot::ALL`'s order.
pub type SlotIds = [Option<Uuid>; 6];

impl Slot {
    pub const ALL: [Slot; 6] = [
        Slot::BannerPicture,
        Slot::BannerBottom,
        Slot::InviteAttachment,
        Slot::TicketLogo,
        Slot::TicketPicture,
        Slot::CardPicture,
    ];

    /// The multipart part a new file comes in, and the field its errors are named by.
    pub fn part(self) -> &'static str {
        match self {
            Slot::BannerPicture => "bannerPictureFile",
            Slot::BannerBottom => "bannerBottomFile",
            Slot::InviteAttachment => "inviteAttachmentFile",
            Slot::TicketLogo => "ticketLogoFile",
            Slot::TicketPicture => "ticketPictureFile",
            Slot::CardPicture => "cardPictureFile",
        }
    }

    fn must_be_image(self) -> bool {
        self != Slot::InviteAttachment
    }

    /// What the form's JSON says of the slot.
    fn field(self, form: &EventForm) -> &Option<Option<String>> {
        match self {
            Slot::BannerPicture => &form.banner_picture,
            Slot::BannerBottom => &form.banner_bottom,
            Slot::InviteAttachment => &form.invite_attachment,
            Slot::TicketLogo => &form.tickets.ticket_logo,
            Slot::TicketPicture => &form.tickets.ticket_picture,
            Slot::CardPicture => &form.table_plan.card_picture,
        }
    }
}

/// What a save asks of one slot.
#[derive(Debug, Clone, Copy)]
pub enum Ask<'a> {
    Slot(ImageSlot<'a>),
    /// The URL of another stored file of the club: a copy of it becomes the slot's file.
    Copy(Uuid),
}

/// The file id in a download URL (`kit::files::download_url`; a test keeps the two together).
fn file_of(url: &str) -> Option<Uuid> {
    url.strip_prefix("/api/files/download/")
        .and_then(|id| id.parse().ok())
}

/// What the save asks of every slot; the form rules of its uploads (pictures are images, the
/// attachment at most `ATTACHMENT_KB`) are recorded in `check`.
pub fn asks<'a>(upload: &'a Form, input: &EventForm, check: &mut Check) -> [Ask<'a>; 6] {
    Slot::ALL.map(|slot| {
        let file = upload.files_named(slot.part()).next();
        if let Some(file) = file {
            if slot.must_be_image() && !file.is_image() {
                check.fail(slot.part(), "Filen skal være et billede");
            }
            if slot == Slot::InviteAttachment && file.bytes.len() > ATTACHMENT_KB * 1024 {
                check.fail(
                    slot.part(),
                    format!("Vedhæft fil må højst være {ATTACHMENT_KB} KB"),
                );
            }
        }
        match (file, slot.field(input)) {
            (None, Some(Some(url))) => match file_of(url) {
                Some(id) => Ask::Copy(id),
                None => Ask::Slot(ImageSlot::Keep),
            },
            (file, field) => Ask::Slot(ImageSlot::from_form(file, field)),
        }
    })
}

/// Turns a copy of a slot's own file into keeping it, and records in `check` a copy of a file
/// the club does not have (or, for a picture, one that is no image).
pub async fn check_copies(
    conn: &mut PgConnection,
    client_id: Uuid,
    asks: &mut [Ask<'_>; 6],
    current: &SlotIds,
    check: &mut Check,
) -> Result<(), ApiError> {
    for (i, slot) in Slot::ALL.into_iter().enumerate() {
        let Ask::Copy(id) = asks[i] else { continue };
        if current[i] == Some(id) {
            asks[i] = Ask::Slot(ImageSlot::Keep);
            continue;
        }
        match files::by_ids(conn, client_id, &[id]).await?.first() {
            None => check.fail(slot.part(), "Filen findes ikke"),
            Some(file) if slot.must_be_image() && !file.is_image => {
                check.fail(slot.part(), "Filen skal være et billede")
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Where the saved files live and whose they are.
pub struct Owner<'a> {
    pub storage: &'a Storage,
    pub client_id: Uuid,
    /// `event` or `event_type`.
    pub relation_type: &'static str,
    pub id: Uuid,
    pub user_id: Uuid,
}

/// Applies every slot: the slots' new file ids, and the files they replaced (to `files::remove`
/// once the row points at the new ones).
pub async fn apply(
    conn: &mut PgConnection,
    owner: &Owner<'_>,
    asks: [Ask<'_>; 6],
    current: SlotIds,
) -> Result<(SlotIds, Vec<Uuid>), ApiError> {
    let mut ids = current;
    let mut obsolete = Vec::new();
    for (i, ask) in asks.into_iter().enumerate() {
        let copied;
        let slot = match ask {
            Ask::Slot(slot) => slot,
            Ask::Copy(id) => {
                copied = copy_of(conn, owner, id).await?;
                ImageSlot::Replace(&copied)
            }
        };
        let change = files::apply_slot(
            &mut *conn,
            owner.storage,
            owner.client_id,
            owner.relation_type,
            owner.id,
            owner.user_id,
            slot,
            current[i],
        )
        .await?;
        ids[i] = change.value;
        obsolete.extend(change.obsolete);
    }
    Ok((ids, obsolete))
}

/// A stored file of the club as an upload, to store again under a new owner.
async fn copy_of(
    conn: &mut PgConnection,
    owner: &Owner<'_>,
    id: Uuid,
) -> Result<UploadedFile, ApiError> {
    let row: FileRow = files::by_ids(conn, owner.client_id, &[id])
        .await?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)?;
    Ok(UploadedFile {
        field: String::new(),
        bytes: owner.storage.get(&row.storage_key).await?,
        file_name: row.file_name,
        content_type: row.content_type,
    })
}

/// The download URLs of the slots' files.
pub fn urls(ids: &SlotIds) -> [Option<String>; 6] {
    ids.map(|id| id.map(download_url))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_url_names_its_file_and_nothing_else_does() {
        let id = Uuid::new_v4();
        assert_eq!(file_of(&download_url(id)), Some(id));
        assert_eq!(file_of(&format!("https://example.dk/{id}")), None);
        assert_eq!(file_of("/api/files/download/x"), None);
    }
}
