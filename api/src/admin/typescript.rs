//! The TypeScript types of what the admin area sends (users, clubs, modules, jobs, club settings and the profile), written into
//! `webapp/src/api/generated/admin.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

use ts_rs::TS;

pub(crate) fn file() -> String {
    use super::client_users::{
        ClubUser, ClubUserRow, EmailCheck, EmailCheckStatus, EmailCheckUser,
    };
    use super::clients::{ClientDetail, ClientListRow, ClientModuleRow, Role, RoleAcl};
    use super::club_settings::{ClubSettings, ClubSettingsFields, SettingsSection};
    use super::jobs::{JobDetail, JobHistoryRow, JobListRow, JobView};
    use super::modules::{
        AclRule, FeatureSetting, ModuleComponent, ModuleFeature, ModuleListRow, ModuleRow,
        ModuleView,
    };
    use super::team_import::{ImportChoices, ImportInput, ImportSummary};
    use super::users::{SystemUser, UserDetail, UserListRow, UserMembership};
    use crate::identity::acl::AclItem;
    use crate::integrations::accounting::Reference;

    crate::kit::typescript::declarations(&[
        UserDetail::decl(),
        UserListRow::decl(),
        Role::decl(),
        UserMembership::decl(),
        SystemUser::decl(),
        ClubUserRow::decl(),
        ClubUser::decl(),
        EmailCheckStatus::decl(),
        EmailCheckUser::decl(),
        EmailCheck::decl(),
        ClientListRow::decl(),
        RoleAcl::decl(),
        ClientModuleRow::decl(),
        ClientDetail::decl(),
        AclItem::decl(),
        AclRule::decl(),
        FeatureSetting::decl(),
        ModuleFeature::decl(),
        ModuleView::decl(),
        ModuleComponent::decl(),
        ModuleRow::decl(),
        ModuleListRow::decl(),
        JobListRow::decl(),
        JobDetail::decl(),
        JobHistoryRow::decl(),
        JobView::decl(),
        ClubSettingsFields::decl(),
        SettingsSection::decl(),
        ClubSettings::decl(),
        ImportChoices::decl(),
        ImportInput::decl(),
        ImportSummary::decl(),
        Reference::decl(),
    ])
    .replacen(
        "\n\n",
        "\n\nimport type { JsonValue } from './orders';\n\n",
        1,
    )
}
