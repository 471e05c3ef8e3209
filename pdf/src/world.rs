//! A typst World with nothing from outside: typst's embedded fonts (no system fonts, so a
//! document renders the same on every machine), one template (the contract's or the invoice's),
//! one JSON file and the images.
//! No packages, no clock: `datetime.today()` fails, so a render depends on its input only.

use std::sync::LazyLock;

use typst::diag::{FileError, FileResult, SourceDiagnostic, Warned};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

use crate::PdfError;

struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

/// Parsed once per process: the faces of typst-assets (Libertinus Serif, New Computer Modern,
/// DejaVu Sans Mono).
static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let fonts: Vec<Font> = typst_assets::fonts()
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    Fonts {
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::default()));

const DATA_PATH: &str = "/data.json";

/// A document's template: its typst source and the fixed path it compiles as.
#[derive(Clone, Copy)]
pub struct Template {
    pub path: &'static str,
    pub source: &'static str,
}

pub struct DocumentWorld {
    main: Source,
    files: Vec<(FileId, Bytes)>,
}

/// Typst interns every file id for the life of the process, so only fixed paths are used.
fn file_id(path: &str) -> Result<FileId, PdfError> {
    let vpath = VirtualPath::new(path)
        .map_err(|err| PdfError::Render(format!("ugyldig sti {path}: {err:?}")))?;
    Ok(RootedPath::new(VirtualRoot::Project, vpath).intern())
}

impl DocumentWorld {
    pub fn new(
        template: Template,
        data: Vec<u8>,
        images: Vec<(&'static str, Bytes)>,
    ) -> Result<Self, PdfError> {
        let main = Source::new(file_id(template.path)?, template.source.to_string());
        let mut files = vec![(file_id(DATA_PATH)?, Bytes::new(data))];
        for (path, bytes) in images {
            files.push((file_id(path)?, bytes));
        }
        Ok(Self { main, files })
    }

    pub fn compile(&self) -> Result<PagedDocument, PdfError> {
        let Warned { output, .. } = typst::compile::<PagedDocument>(self);
        output.map_err(|errors| PdfError::Render(describe(&errors)))
    }
}

pub fn describe(diagnostics: &[SourceDiagnostic]) -> String {
    diagnostics
        .iter()
        .map(|diagnostic| {
            let mut text = diagnostic.message.to_string();
            for hint in &diagnostic.hints {
                text.push_str(&format!(" (hint: {})", hint.v));
            }
            text
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl World for DocumentWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::NotSource)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.main.id() {
            return Ok(Bytes::from_string(self.main.clone()));
        }
        self.files
            .iter()
            .find(|(file, _)| *file == id)
            .map(|(_, bytes)| bytes.clone())
            .ok_or_else(|| FileError::NotFound(id.vpath().get_without_slash().into()))
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}
