//! The TypeScript types of what the server sends (STYLE.md: types the server defines are
//! generated, never retyped), written from the Rust types with ts-rs into
//! `webapp/src/api/generated/`. The test fails when a file there is stale;
//! `TRIBUNE_BLESS=1 cargo test -p tribune-api generated` writes them anew.

use std::path::PathBuf;

use strum::VariantNames;

use crate::kit::typescript::declarations;
use ts_rs::TS;

/// One generated file: its name and its contents.
fn files() -> Vec<(&'static str, String)> {
    use tribune_domain::money::Money;
    use tribune_domain::order::{
        CardPayment, Delivery, DeliveryAddress, DeliveryMethod, DeskPayment, ExtraInfoValue,
        Invoicing, InvoicingType, LineOption, OrderEvent, OrderLine, OrderStatus, PaidCard,
        PaymentStatus, Totals, VatSettings,
    };
    use tribune_projections::order::queries::OrderListRow;

    use crate::crm::companies::CompanyListRow;
    use crate::orders::dto::{CompanyRef, ContactRef, LineDto, OrderDto, OrderTicket};

    let orders = [
        <serde_json::Value as TS>::decl(),
        Money::decl(),
        OrderStatus::decl(),
        PaymentStatus::decl(),
        DeskPayment::decl(),
        PaidCard::decl(),
        CardPayment::decl(),
        InvoicingType::decl(),
        Invoicing::decl(),
        ExtraInfoValue::decl(),
        LineOption::decl(),
        OrderLine::decl(),
        VatSettings::decl(),
        Totals::decl(),
        DeliveryMethod::decl(),
        DeliveryAddress::decl(),
        Delivery::decl(),
        LineDto::decl(),
        CompanyRef::decl(),
        ContactRef::decl(),
        OrderDto::decl(),
        OrderListRow::decl(),
        OrderTicket::decl(),
    ];
    let event_types = OrderEvent::VARIANTS
        .iter()
        .map(|name| format!("  '{name}',\n"))
        .collect::<String>();
    let orders = format!(
        "{}\n/** Every event type of the order, as the history API names them. */\nexport const ORDER_EVENT_TYPES = [\n{event_types}] as const;\nexport type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];\n",
        declarations(&orders)
    );
    let companies = declarations(&[CompanyListRow::decl()]);
    vec![
        ("orders.ts", orders),
        ("companies.ts", companies),
        ("contracts.ts", contracts()),
        ("invoices.ts", invoices()),
        ("dashboard.ts", dashboard()),
        ("payments.ts", payments()),
        ("subscriptions.ts", subscriptions()),
        ("events.ts", events()),
        ("booking.ts", booking()),
        ("seats.ts", seats()),
        ("shop.ts", shop()),
        ("pos.ts", pos()),
        ("newsletters.ts", newsletters()),
        ("profile.ts", profile()),
        ("history.ts", history()),
        ("records.ts", records()),
        ("crm.ts", crate::crm::typescript::file()),
        ("catalogue.ts", crate::catalogue::typescript::file()),
        ("admin.ts", crate::admin::typescript::file()),
        ("session.ts", session()),
    ]
}

/// The public payment page of an order, and how a payment goes on in the browser; money and the
/// card come from `orders.ts`.
fn payments() -> String {
    use crate::orders::payment::{OrderPaymentPage, PaymentPageLine};
    declarations(&[
        PaymentPageLine::decl(),
        OrderPaymentPage::decl(),
        "type PaymentStart =\n  | { kind: 'stripe'; clientSecret: string; publishableKey: string }\n  | { kind: 'window'; action: string; fields: Array<{ name: string; value: string }> };".to_string(),
    ])
    .replacen(
        "\n\n",
        "\n\nimport type { Money, PaidCard, PaymentStatus } from './orders';\n\n",
        1,
    )
}

/// The subscription's types; the order line, money and the company and contact refs come from
/// `orders.ts`.
fn subscriptions() -> String {
    use tribune_domain::order::Customer;
    use tribune_domain::subscription::{
        SubscriptionContent, SubscriptionEvent, SubscriptionStatus,
    };
    use tribune_projections::subscription::queries::SubscriptionListRow;

    use crate::subscriptions::dto::{
        ChargeProblem, PublicLine, PublicSubscription, SubscriptionCard, SubscriptionDto,
    };

    let decls = [
        SubscriptionStatus::decl(),
        Customer::decl(),
        SubscriptionContent::decl(),
        SubscriptionCard::decl(),
        ChargeProblem::decl(),
        SubscriptionDto::decl(),
        SubscriptionListRow::decl(),
        PublicLine::decl(),
        PublicSubscription::decl(),
        crate::subscriptions::profile::ProfileSubscription::decl(),
        crate::payments::ledger::SavedPaymentCard::decl(),
    ];
    let event_types = SubscriptionEvent::VARIANTS
        .iter()
        .map(|name| format!("  '{name}',\n"))
        .collect::<String>();
    let body = declarations(&decls).replacen(
        "\n\n",
        "\n\nimport type { CompanyRef, ContactRef, Money, OrderLine } from './orders';\n\n",
        1,
    );
    format!(
        "{body}\n/** Every event type of the subscription, as the history API names them. */\nexport const SUBSCRIPTION_EVENT_TYPES = [\n{event_types}] as const;\nexport type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];\n"
    )
}

/// The seat engine's types (issue 16: charts, the designer's input, hold sessions, seat maps).
fn seats() -> String {
    use crate::seats::dto::{
        AreaHold, Chart, ChartDesign, ChartInput, ChartSummary, ChartUse, EventSeat, EventSeatMap,
        HoldSeatsInput, HoldToken, Numbering, ReleaseSeatInput, RowInput, SeasonTicket,
        SeasonalTicket, Seat, SeatCategory, SeatChannel, SeatMark, SeatOverview, SeatProduct,
        SeatState, SectionCount, SectionInput, SectionPosition,
    };
    declarations(&[
        SeatCategory::decl(),
        ChartSummary::decl(),
        Seat::decl(),
        Chart::decl(),
        Numbering::decl(),
        RowInput::decl(),
        SectionPosition::decl(),
        SectionInput::decl(),
        SeatMark::decl(),
        ChartInput::decl(),
        ChartUse::decl(),
        ChartDesign::decl(),
        HoldToken::decl(),
        SeatState::decl(),
        EventSeat::decl(),
        EventSeatMap::decl(),
        HoldSeatsInput::decl(),
        AreaHold::decl(),
        ReleaseSeatInput::decl(),
        SeasonTicket::decl(),
        SeasonalTicket::decl(),
        SeatChannel::decl(),
        SectionCount::decl(),
        SeatOverview::decl(),
        SeatProduct::decl(),
    ])
}

/// The web shop's types (issue 17: the catalogue as the buyer sees it, the cart).
fn shop() -> String {
    use crate::shop::admin::ShopProductRow;
    use crate::shop::dto::{
        Cart, CartLine, CartOption, CartProduct, CartProductShop, CheckSeat, CheckoutInput,
        CheckoutIntent, CheckoutResult, ConfirmedLine, ConfirmedOrder, ShopCategory, ShopOption,
        ShopProduct, ShopProductSummary, ShopRenewal, ShopSeason, ShopSeatEvent, ShopSubscription,
        ShopVariant,
    };
    let decls = [
        ShopCategory::decl(),
        ShopProductSummary::decl(),
        ShopVariant::decl(),
        ShopOption::decl(),
        ShopSubscription::decl(),
        ShopSeatEvent::decl(),
        ShopProduct::decl(),
        ShopRenewal::decl(),
        ShopSeason::decl(),
        CartOption::decl(),
        CartProductShop::decl(),
        CartProduct::decl(),
        CartLine::decl(),
        Cart::decl(),
        CheckSeat::decl(),
        CheckoutInput::decl(),
        CheckoutIntent::decl(),
        CheckoutResult::decl(),
        ConfirmedLine::decl(),
        ConfirmedOrder::decl(),
        ShopProductRow::decl(),
    ];
    declarations(&decls).replacen(
        "\n\n",
        "\n\nimport type { Delivery, DeliveryMethod, Money } from './orders';\n\n",
        1,
    )
}

fn booking() -> String {
    use crate::booking::dto::{
        BookedOrder, BookingInput, BookingIntent, BookingLineInput, BookingOptionInput,
        CustomerChoice, PricedBooking, PricedLine, PricedOption, PricedSeat, PublicCustomer,
        PublicEvent, PublicOption, PublicOptionVariant, PublicOrder, PublicOrderLine,
        PublicOrderPayment, PublicOrderStatus, PublicParticipant, PublicParticipants,
        PublicProduct, PublicSponsor, PublicSponsorGroup, PublicTicket, SignUpStatus,
    };
    use crate::sales::offers::SeatCategory;
    declarations(&[
        SignUpStatus::decl(),
        PublicSponsor::decl(),
        PublicSponsorGroup::decl(),
        PublicParticipant::decl(),
        PublicParticipants::decl(),
        CustomerChoice::decl(),
        PublicCustomer::decl(),
        PublicEvent::decl(),
        SeatCategory::decl(),
        PublicOptionVariant::decl(),
        PublicOption::decl(),
        PublicProduct::decl(),
        BookingOptionInput::decl(),
        BookingLineInput::decl(),
        BookingInput::decl(),
        PricedSeat::decl(),
        PricedOption::decl(),
        PricedLine::decl(),
        PricedBooking::decl(),
        BookingIntent::decl(),
        BookedOrder::decl(),
        PublicOrderStatus::decl(),
        PublicOrderLine::decl(),
        PublicTicket::decl(),
        PublicOrder::decl(),
        PublicOrderPayment::decl(),
    ])
    .replacen(
        "\n\n",
        "\n\nimport type { ExtraInfoValue, Money } from './orders';\nimport type { EventExtraInfo } from './events';\n\n",
        1,
    )
}

/// The point of sale's types (spec 2 §3 Point-of-sale cart); money and the desk payment come
/// from `orders.ts`, the seat categories from `booking.ts`.
fn pos() -> String {
    use crate::pos::dto::{
        PosCart, PosCustomer, PosKind, PosLine, PosOrder, PosPrice, PosPricedLine, PosPrint,
        PosProduct, PosProducts, PosResult, PosTicket, PrintKind, Released,
    };
    declarations(&[
        PosKind::decl(),
        PosProduct::decl(),
        PosProducts::decl(),
        PosLine::decl(),
        PosCustomer::decl(),
        PosCart::decl(),
        PosPricedLine::decl(),
        PosPrice::decl(),
        PosOrder::decl(),
        PosTicket::decl(),
        PrintKind::decl(),
        PosPrint::decl(),
        PosResult::decl(),
        Released::decl(),
    ])
    .replacen(
        "\n\n",
        "\n\nimport type { DeskPayment, Money } from './orders';\nimport type { SeatCategory } from './booking';\n\n",
        1,
    )
}

/// The history's chain check (one record's 'Verificér', the club-wide one) and compare (issue 37).
fn history() -> String {
    use crate::audit::exports::{ExportKey, ExportVerdict};
    use crate::audit::{ChainBreak, ChainCheck, ChainCheckStatus};
    use crate::kit::history::{
        BrokenEvent, ChainProblem, ChainVerdict, FieldDiff, LineDiff, LineDiffKind, VersionDiff,
    };
    use crate::kit::names::{NameKind, RecordName};
    use crate::kit::signing::{ExportSignature, SignedExport};
    declarations(&[
        ChainProblem::decl(),
        BrokenEvent::decl(),
        ChainVerdict::decl(),
        FieldDiff::decl(),
        LineDiffKind::decl(),
        LineDiff::decl(),
        VersionDiff::decl(),
        ChainCheckStatus::decl(),
        ChainBreak::decl(),
        ChainCheck::decl(),
        NameKind::decl(),
        RecordName::decl(),
        ExportSignature::decl(),
        SignedExport::decl(),
        ExportKey::decl(),
        ExportVerdict::decl(),
    ])
}

/// Every declaration a type needs, itself included, by name: walks its fields' types.
#[derive(Default)]
struct Declarations {
    seen: std::collections::HashSet<std::any::TypeId>,
    decls: std::collections::BTreeMap<String, String>,
}

impl ts_rs::TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(std::any::TypeId::of::<T>()) {
            return;
        }
        if T::output_path().is_some() {
            let decl = T::decl();
            if let Some(other) = self.decls.insert(T::ident(), decl.clone()) {
                assert_eq!(
                    other,
                    decl,
                    "two types are named {} in records.ts",
                    T::ident()
                );
            }
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The records the history describes, as they are kept (issue 37 §3): each event-sourced
/// aggregate's own shape, whose every field name the history screens label (their label tables
/// are typed by these, so a field without a label does not compile). One file with every type
/// they use, so it imports nothing.
fn records() -> String {
    use tribune_domain::contract::Contract;
    use tribune_domain::invite::Invite;
    use tribune_domain::invoice::Invoice;
    use tribune_domain::order::Order;
    use tribune_domain::subscription::Subscription;
    use tribune_domain::ticket::Ticket;
    use ts_rs::TypeVisitor;

    let mut all = Declarations::default();
    all.visit::<Order>();
    all.visit::<Contract>();
    all.visit::<Invoice>();
    all.visit::<Subscription>();
    all.visit::<Invite>();
    all.visit::<Ticket>();
    let mut out = declarations(&all.decls.into_values().collect::<Vec<_>>());
    // The records with no area file of their own name their event types here.
    for (record, constant, names) in [
        (
            "invite",
            "INVITE",
            <tribune_domain::invite::InviteEvent as VariantNames>::VARIANTS,
        ),
        (
            "ticket",
            "TICKET",
            <tribune_domain::ticket::TicketEvent as VariantNames>::VARIANTS,
        ),
    ] {
        let list: String = names.iter().map(|name| format!("  '{name}',\n")).collect();
        out.push_str(&format!(
            "\n/** Every event type of the {record}, as the history API names them. */\nexport const {constant}_EVENT_TYPES = [\n{list}] as const;\n"
        ));
    }
    out
}

/// The newsletters (spec 2 §3 Newsletter, Newsletter recipient group).
fn newsletters() -> String {
    use crate::newsletters::dto::{
        NamedChoice, Newsletter, NewsletterChoices, NewsletterForm, NewsletterListRow,
        NewsletterRecipient, NewsletterRecipientGroup, NewsletterSelection, NewslettersQueued,
        RecipientCompany, RecipientContact, RecipientCounts, RecipientsCreated, SendProgress,
        Skipped, Unsubscription,
    };
    declarations(&[
        NewsletterSelection::decl(),
        Newsletter::decl(),
        NamedChoice::decl(),
        NewsletterChoices::decl(),
        NewsletterForm::decl(),
        NewsletterListRow::decl(),
        RecipientContact::decl(),
        Skipped::decl(),
        NewsletterRecipient::decl(),
        RecipientCompany::decl(),
        NewsletterRecipientGroup::decl(),
        RecipientCounts::decl(),
        RecipientsCreated::decl(),
        NewslettersQueued::decl(),
        SendProgress::decl(),
        Unsubscription::decl(),
    ])
}

/// The events area's types (spec 2 §3 Event, Event ticket product); money comes from
/// `orders.ts`.
fn events() -> String {
    use crate::events::dto::{
        CardFormat, CardOrientation, ControlType, EventCard, EventCompany, EventContent, EventDto,
        EventExtraInfo, EventInvitees, EventListRow, EventNotifications, EventRef, EventSeating,
        EventSender, EventSponsor, EventTablePlan, EventTicketProduct, EventTickets,
        EventTypeChoice, EventTypeDto, EventTypeListRow, ExtraInfoType, NotificationTemplates,
        TicketProductRef, TypeContract, TypeRelations,
    };
    let decls = [
        ExtraInfoType::decl(),
        EventExtraInfo::decl(),
        EventSeating::decl(),
        EventCompany::decl(),
        EventSponsor::decl(),
        EventSender::decl(),
        EventInvitees::decl(),
        CardFormat::decl(),
        CardOrientation::decl(),
        NotificationTemplates::decl(),
        EventNotifications::decl(),
        ControlType::decl(),
        TicketProductRef::decl(),
        EventTicketProduct::decl(),
        EventTickets::decl(),
        EventTablePlan::decl(),
        EventContent::decl(),
        EventRef::decl(),
        EventDto::decl(),
        TypeContract::decl(),
        TypeRelations::decl(),
        EventTypeDto::decl(),
        EventTypeChoice::decl(),
        EventListRow::decl(),
        EventTypeListRow::decl(),
        EventCard::decl(),
        tribune_projections::ticket::queries::ScanFilter::decl(),
        crate::events::attendees::ScannedTicket::decl(),
        crate::events::attendees::AttendeeQuery::decl(),
        crate::events::attendees::Attendee::decl(),
        crate::events::attendees::AttendeeCompany::decl(),
        crate::events::attendees::SectionSeats::decl(),
        crate::events::attendees::AttendeeOverview::decl(),
        crate::events::tables::TableGuest::decl(),
        crate::events::tables::EventTable::decl(),
        crate::events::tables::TableInput::decl(),
        crate::events::tables::UnplacedQuery::decl(),
        crate::events::tables::AutoSeated::decl(),
        crate::events::relations::RelatedOrder::decl(),
        crate::events::relations::RelatedCompany::decl(),
        crate::events::relations::RelatedContract::decl(),
        crate::events::relations::EventRelations::decl(),
        crate::events::relations::RelationType::decl(),
        crate::events::relations::RelationInput::decl(),
        crate::invites::dto::InviteContact::decl(),
        crate::invites::dto::InviteProduct::decl(),
        crate::invites::dto::Invite::decl(),
        crate::invites::dto::InvitationSent::decl(),
        crate::invites::dto::InviteGroup::decl(),
        crate::invites::dto::EventInvites::decl(),
        crate::invites::dto::InviteSelection::decl(),
        crate::invites::dto::InvitesCreated::decl(),
        crate::invites::dto::InvitesQueued::decl(),
        crate::invites::dto::InviteProductInput::decl(),
        crate::invites::dto::InviteGroupProduct::decl(),
        crate::invites::dto::InviteGroupProducts::decl(),
        crate::invites::dto::InviteGroupProductInput::decl(),
        crate::invites::dto::InviteGroupInput::decl(),
        crate::invites::dto::PublicInviteProduct::decl(),
        crate::invites::dto::PublicInvite::decl(),
    ];
    let reminder_intervals = crate::events::dto::REMINDER_INTERVALS
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let body = declarations(&decls).replacen(
        "\n\n",
        "\n\nimport type { ExtraInfoValue, Money } from './orders';\n\n",
        1,
    );
    format!(
        "{body}\n/** Spec 2 §9: the days before the event a reminder may go. */\nexport const REMINDER_INTERVALS = [{reminder_intervals}] as const;\n"
    )
}

/// The finance dashboard's rows and charts.
fn dashboard() -> String {
    use tribune_projections::finance::queries::{Chart, PlannedInvoiceRow};

    use crate::dashboard::widgets::{ChosenBy, DashboardWidgets, EventsWidget, WidgetChoice};
    use crate::dashboard::LeadRow;
    declarations(&[
        PlannedInvoiceRow::decl(),
        Chart::decl(),
        LeadRow::decl(),
        ChosenBy::decl(),
        EventsWidget::decl(),
        DashboardWidgets::decl(),
        WidgetChoice::decl(),
    ])
}

/// What the session calls receive (login, sign-up and the password's reset), and the staff
/// picker's users.
fn session() -> String {
    use crate::identity::users::UserListItem;
    use crate::routes::session::account::{
        ForgotPasswordRequest, LoginRequest, RegisterRequest, ResetPasswordRequest,
    };
    declarations(&[
        UserListItem::decl(),
        LoginRequest::decl(),
        RegisterRequest::decl(),
        ForgotPasswordRequest::decl(),
        ResetPasswordRequest::decl(),
    ])
}

/// The contract's types; the order line, money and the company and contact refs come from
/// `orders.ts`.
fn contracts() -> String {
    use tribune_domain::contract::{
        AgreementStatus, ContractEvent, ContractLine, ContractStatus, CustomPeriod, InvoicingPlan,
        PlanKind, Signing, Unit,
    };
    use tribune_projections::contract::queries::{
        ContractListRow, PipelineCard, PipelineColumn, RenegotiationRow,
    };

    use crate::contracts::dto::{ContractDto, ContractLineDto, ContractLink};

    let decls = [
        ContractStatus::decl(),
        AgreementStatus::decl(),
        Unit::decl(),
        ContractLine::decl(),
        PlanKind::decl(),
        CustomPeriod::decl(),
        InvoicingPlan::decl(),
        Signing::decl(),
        ContractLineDto::decl(),
        ContractLink::decl(),
        ContractDto::decl(),
        ContractListRow::decl(),
        PipelineCard::decl(),
        PipelineColumn::decl(),
        RenegotiationRow::decl(),
    ];
    let event_types = ContractEvent::VARIANTS
        .iter()
        .map(|name| format!("  '{name}',\n"))
        .collect::<String>();
    let body = declarations(&decls).replacen(
        "\n\n",
        "\n\nimport type { CompanyRef, ContactRef, ExtraInfoValue, LineOption, Money } from './orders';\n\n",
        1,
    );
    format!(
        "{body}\n/** Every event type of the contract, as the history API names them. */\nexport const CONTRACT_EVENT_TYPES = [\n{event_types}] as const;\nexport type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];\n"
    )
}

/// The invoice's types; the order line and money come from `orders.ts`.
fn invoices() -> String {
    use tribune_domain::invoice::printing::RowKind;
    use tribune_domain::invoice::{
        InvoiceCustomer, InvoiceEvent, InvoiceKind, InvoiceRow, InvoiceSource,
    };
    use tribune_projections::invoice::queries::{
        AgeBucket, FinanceMonth, InvoiceFigures, InvoiceListRow, Tally,
    };

    use crate::invoices::dto::InvoiceDto;
    use crate::invoices::economic::EconomicBooking;
    use crate::invoices::finance::{FinanceOverview, InvoiceRelated};
    use crate::payments::ledger::PaymentLine;

    let decls = [
        InvoiceKind::decl(),
        InvoiceSource::decl(),
        InvoiceCustomer::decl(),
        RowKind::decl(),
        InvoiceRow::decl(),
        InvoiceDto::decl(),
        InvoiceListRow::decl(),
        Tally::decl(),
        FinanceMonth::decl(),
        AgeBucket::decl(),
        InvoiceFigures::decl(),
        FinanceOverview::decl(),
        EconomicBooking::decl(),
        PaymentLine::decl(),
        InvoiceRelated::decl(),
    ];
    let event_types = InvoiceEvent::VARIANTS
        .iter()
        .map(|name| format!("  '{name}',\n"))
        .collect::<String>();
    let body = declarations(&decls).replacen(
        "\n\n",
        "\n\nimport type { Money, OrderLine } from './orders';\nimport type { RecordName } from './history';\n\n",
        1,
    );
    format!(
        "{body}\n/** Every event type of the invoice, as the history API names them. */\nexport const INVOICE_EVENT_TYPES = [\n{event_types}] as const;\nexport type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];\n"
    )
}

/// The buyer's own orders and tickets in the profile (issue 36).
fn profile() -> String {
    use crate::profile::orders::{
        ProfileEvent, ProfileOrder, ProfileOrderKind, ProfileOrderLine, ProfileOrderStatus,
        ProfileOrders, ProfileTicket,
    };
    let decls = [
        ProfileOrderKind::decl(),
        ProfileOrderStatus::decl(),
        ProfileEvent::decl(),
        ProfileOrderLine::decl(),
        ProfileTicket::decl(),
        ProfileOrder::decl(),
        ProfileOrders::decl(),
    ];
    declarations(&decls).replacen("\n\n", "\n\nimport type { Money } from './orders';\n\n", 1)
}

#[test]
fn the_generated_typescript_types_are_current() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../webapp/src/api/generated");
    let bless = std::env::var("TRIBUNE_BLESS").is_ok();
    let mut stale = Vec::new();
    for (name, contents) in files() {
        let path = dir.join(name);
        if bless {
            assert!(std::fs::create_dir_all(&dir).is_ok());
            assert!(std::fs::write(&path, &contents).is_ok(), "{path:?}");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(contents.as_str()) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "stale in webapp/src/api/generated: {stale:?}; run TRIBUNE_BLESS=1 cargo test -p tribune-api generated"
    );
}
