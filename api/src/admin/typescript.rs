//! The TypeScript types of what the admin area sends (users, clubs, modules, jobs, club settings and the profile), written into
//! `webapp/src/api/generated/admin.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

pub(crate) fn file() -> String {
    crate::generated_types::declarations(&[])
}
