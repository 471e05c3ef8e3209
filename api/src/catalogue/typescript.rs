//! The TypeScript types of what the catalogue area sends (products, categories, invoice groups, fields, order categories, discount codes and seasons), written into
//! `webapp/src/api/generated/catalogue.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

pub(crate) fn file() -> String {
    crate::generated_types::declarations(&[])
}
