//! The TypeScript types of what the crm area sends (companies, contacts, contact lists, and the CRM pickers), written into
//! `webapp/src/api/generated/crm.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

pub(crate) fn file() -> String {
    crate::generated_types::declarations(&[])
}
