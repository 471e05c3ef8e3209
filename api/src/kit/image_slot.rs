//! An image on an entity (a company's logos, a product's shop picture, a user's picture, a club's
//! logo): what a save does to it. A new file replaces the image, `null` removes it, and leaving
//! the field out keeps it. The replaced or removed image is handed back, so the caller deletes
//! its bytes once the row no longer points at it.

use std::future::Future;

use serde::{Deserialize, Deserializer};

use crate::error::ApiError;
use crate::storage::UploadedFile;

/// For an entity's image field, `null` and absent differ: null removes the image, absent keeps
/// it. Use with `#[serde(default, deserialize_with = "keep_or_remove")]` on an
/// `Option<Option<String>>`.
pub fn keep_or_remove<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// What the form asks of one image slot.
#[derive(Debug, Clone, Copy)]
pub enum ImageSlot<'a> {
    /// A file came with the form: it replaces whatever was there.
    Replace(&'a UploadedFile),
    /// The field was sent as `null`: the image goes.
    Remove,
    /// The field was left out: the image stays.
    Keep,
}

/// The slot's value after the save, and the one it replaced (to delete after the write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotChange<T> {
    pub value: Option<T>,
    pub obsolete: Option<T>,
}

impl<'a> ImageSlot<'a> {
    /// The slot from the form's file (if any) and its `keep_or_remove` field.
    pub fn from_form(file: Option<&'a UploadedFile>, field: &Option<Option<String>>) -> Self {
        match (file, field) {
            (Some(file), _) => ImageSlot::Replace(file),
            (None, Some(None)) => ImageSlot::Remove,
            (None, _) => ImageSlot::Keep,
        }
    }

    pub fn keeps(&self) -> bool {
        matches!(self, ImageSlot::Keep)
    }

    /// Applies the slot to the `current` image; `store` saves a new file and returns how the row
    /// refers to it (a file id, an image address).
    pub async fn apply<T, F, Fut>(
        self,
        current: Option<T>,
        store: F,
    ) -> Result<SlotChange<T>, ApiError>
    where
        F: FnOnce(&'a UploadedFile) -> Fut,
        Fut: Future<Output = Result<T, ApiError>>,
    {
        Ok(match self {
            ImageSlot::Replace(file) => SlotChange {
                value: Some(store(file).await?),
                obsolete: current,
            },
            ImageSlot::Remove => SlotChange {
                value: None,
                obsolete: current,
            },
            ImageSlot::Keep => SlotChange {
                value: current,
                obsolete: None,
            },
        })
    }
}
