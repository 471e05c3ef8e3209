//! The TypeScript types of what the crm area sends (companies, contacts, contact lists, and the CRM pickers), written into
//! `webapp/src/api/generated/crm.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

use ts_rs::TS;

use super::comments::{Author, Comment, CommentsPage, FileLink};
use super::companies::{
    CompanyContract, CompanyDto, CompanyInput, CompanyOrder, CompanyPick, CompanyRelations,
    CompanyRevenue, ContactId, ContactPick, EventTypesAndProducts, TicketLimit, TicketUtilization,
    Titled,
};
use super::contact_lists::{ContactListDto, ContactListInput, ContactListRow, ListMember};
use super::contacts::{
    ContactDto, ContactInput, ContactRelations, ContactRow, DeleteCard, ListRef, NamedRef,
    PaymentCard, SavedId,
};
use super::extra_info::ExtraInfoEntry;
use super::files::StoredFile;
use crate::integrations::cvr::CvrCompany;

pub(crate) fn file() -> String {
    crate::kit::typescript::declarations(&[
        ExtraInfoEntry::decl(),
        CvrCompany::decl(),
        CompanyPick::decl(),
        ContactPick::decl(),
        TicketLimit::decl(),
        CompanyDto::decl(),
        CompanyOrder::decl(),
        CompanyContract::decl(),
        CompanyRelations::decl(),
        CompanyRevenue::decl(),
        ContactId::decl(),
        CompanyInput::decl(),
        TicketUtilization::decl(),
        Titled::decl(),
        EventTypesAndProducts::decl(),
        ContactRow::decl(),
        PaymentCard::decl(),
        ContactDto::decl(),
        ContactInput::decl(),
        DeleteCard::decl(),
        NamedRef::decl(),
        ContactRelations::decl(),
        ListRef::decl(),
        SavedId::decl(),
        ContactListRow::decl(),
        ListMember::decl(),
        ContactListDto::decl(),
        ContactListInput::decl(),
        Author::decl(),
        FileLink::decl(),
        Comment::decl(),
        CommentsPage::decl(),
        StoredFile::decl(),
    ])
    .replacen("\n\n", "\n\nimport type { Money } from './orders';\n\n", 1)
}
