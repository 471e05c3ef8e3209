use std::collections::HashMap;

use chrono::{DateTime, Duration, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::money::Money;

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, hour, 0, 0).unwrap()
}

/// Sign-up from 08:00 (UTC), public from 12:00, until 20:00.
fn window() -> SignUpWindow {
    SignUpWindow {
        start: at(8),
        public: Some(at(12)),
        deadline: at(20),
    }
}

const CLUB: &str = "info@demofc.dk";

#[test]
fn before_the_start_nobody_books_and_the_buyer_is_told_when_it_opens_in_danish_time() {
    assert_eq!(window().state(at(7)), SignUpState::NotOpenYet);
    assert_eq!(
        window().admits(at(7), Buyer::Guest, true, false, CLUB),
        Err(BookingError::NotOpenYet("01-12-2026 kl. 09:00".into()))
    );
}

#[test]
fn before_the_public_date_only_the_invited_book() {
    let company = Buyer::Company(Uuid::new_v4());
    assert_eq!(window().state(at(9)), SignUpState::InvitedOnly);
    assert_eq!(window().admits(at(9), company, true, false, CLUB), Ok(()));
    assert_eq!(
        window().admits(at(9), Buyer::Guest, false, false, CLUB),
        Err(BookingError::InvitedOnly("01-12-2026 kl. 13:00".into()))
    );
}

#[test]
fn from_the_public_date_to_the_deadline_everyone_books_then_nobody() {
    assert_eq!(
        window().admits(at(12), Buyer::Guest, false, false, CLUB),
        Ok(())
    );
    assert_eq!(
        window().admits(
            at(19) + Duration::minutes(59),
            Buyer::Guest,
            false,
            false,
            CLUB
        ),
        Ok(())
    );
    assert_eq!(
        window().admits(at(20), Buyer::Guest, false, false, CLUB),
        Err(BookingError::Closed)
    );
}

#[test]
fn without_a_public_date_the_public_books_from_the_start() {
    let open = SignUpWindow {
        public: None,
        ..window()
    };
    assert_eq!(open.state(at(8)), SignUpState::Open);
}

#[test]
fn a_business_only_event_takes_companies_only_and_names_the_club_to_contact() {
    let contact = Buyer::Contact(Uuid::new_v4());
    assert_eq!(
        window().admits(at(13), contact, false, true, CLUB),
        Err(BookingError::NoCompany(CLUB.into()))
    );
    assert_eq!(
        BookingError::NoCompany(CLUB.into()).to_string(),
        "Din bruger er ikke tilkoblet nogen virksomhed. Kontakt info@demofc.dk for at blive korrekt koblet på."
    );
    let company = Buyer::Company(Uuid::new_v4());
    assert_eq!(window().admits(at(13), company, false, true, CLUB), Ok(()));
}

#[test]
fn how_many_more_a_buyer_may_take_is_the_stock_left_capped_by_the_per_event_maximum() {
    assert_eq!(max_more(None, 0, None, 0), None);
    assert_eq!(max_more(Some(10), 3, None, 0), Some(7));
    assert_eq!(max_more(Some(10), 1, Some(4), 2), Some(1));
    assert_eq!(max_more(Some(2), 5, None, 0), Some(0));
    assert_eq!(check_amount(2, Some(1)), Err(BookingError::MaxMore(1)));
    assert_eq!(
        BookingError::MaxMore(1).to_string(),
        "Max. 1 mere til dette arrangement"
    );
    assert_eq!(check_amount(0, None), Err(BookingError::NothingChosen));
    assert_eq!(check_amount(3, Some(3)), Ok(()));
}

#[test]
fn a_free_registration_above_the_places_left_is_refused_with_the_count() {
    assert_eq!(
        check_registration(5, Some(3)),
        Err(BookingError::OnlyPlacesLeft(3))
    );
    assert_eq!(
        BookingError::OnlyPlacesLeft(3).to_string(),
        "Der er kun 3 tilgængelige pladser"
    );
    assert_eq!(check_registration(3, Some(3)), Ok(()));
    assert_eq!(
        check_registration(0, Some(3)),
        Err(BookingError::NothingChosen)
    );
}

#[test]
fn the_allowance_pays_the_first_tickets_of_its_product_and_the_rest_are_charged() {
    let (vip, standard) = (Uuid::new_v4(), Uuid::new_v4());
    let wanted = |product, amount| Wanted {
        event_product: Uuid::new_v4(),
        product,
        unit_price: Money::kroner(250),
        add_ons: Money::ZERO,
        amount,
    };
    let allowances = HashMap::from([(vip, 3)]);
    let priced = apply_allowances(
        &[wanted(vip, 2), wanted(standard, 1), wanted(vip, 4)],
        &allowances,
    );
    assert_eq!(
        priced.iter().map(|p| (p.free, p.paid)).collect::<Vec<_>>(),
        vec![(2, 0), (0, 1), (1, 3)]
    );
    let totals = booking_totals(&priced, with_vat());
    assert_eq!(totals.total, Money::kroner(1000));
    assert_eq!(totals.vat, Money::kroner(200), "20 % of the total");
    assert_eq!(totals.subtotal + totals.vat, totals.total);
    assert_eq!(
        totals.subtotal,
        Money::kroner(800),
        "the total without its VAT"
    );
    assert_eq!(booking_totals(&priced, no_vat()).vat, Money::ZERO);
}

#[test]
fn add_ons_are_charged_on_every_ticket_the_free_ones_too() {
    let product = Uuid::new_v4();
    let wanted = [Wanted {
        event_product: Uuid::new_v4(),
        product,
        unit_price: Money::kroner(250),
        add_ons: Money::kroner(30),
        amount: 3,
    }];
    let priced = apply_allowances(&wanted, &HashMap::from([(product, 2)]));
    assert_eq!((priced[0].free, priced[0].paid), (2, 1));
    // One ticket at 250, three add-ons at 30.
    let totals = booking_totals(&priced, with_vat());
    assert_eq!(totals.total, Money::kroner(340));
    assert_eq!(totals.vat, Money::kroner(68));
}

#[test]
fn a_used_up_or_negative_allowance_pays_nothing() {
    let product = Uuid::new_v4();
    let wanted = [Wanted {
        event_product: Uuid::new_v4(),
        product,
        unit_price: Money::kroner(100),
        add_ons: Money::ZERO,
        amount: 2,
    }];
    let priced = apply_allowances(&wanted, &HashMap::from([(product, -1)]));
    assert_eq!((priced[0].free, priced[0].paid), (0, 2));
    assert_eq!(
        booking_totals(&priced, with_vat()).total,
        Money::kroner(200)
    );
}

#[test]
fn the_desk_charges_vat_on_what_is_not_exempt_and_none_when_vat_is_disabled() {
    let lines = [(Money::kroner(250), false), (Money::kroner(100), true)];
    let totals = desk_totals(&lines, with_vat());
    assert_eq!(totals.total, Money::kroner(350));
    assert_eq!(totals.subtotal, Money::kroner(350));
    assert_eq!(totals.vat, Money::kroner(50));
    assert_eq!(desk_totals(&lines, no_vat()).vat, Money::ZERO);
    assert_eq!(desk_totals(&[], with_vat()).total, Money::ZERO);
}

/// The booking's and the desk's VAT at the club's defaults: prices with VAT at 25 %.
fn with_vat() -> crate::selling::VatSettings {
    crate::selling::VatSettings::for_sale(
        crate::selling::VatSettings::default(),
        crate::selling::SaleChannel::Booking,
    )
}

fn no_vat() -> crate::selling::VatSettings {
    crate::selling::VatSettings {
        disable_vat: true,
        ..with_vat()
    }
}

#[test]
fn the_booking_and_the_desk_include_vat_at_the_clubs_rate_whatever_the_clubs_price_display() {
    use crate::selling::{SaleChannel, VatSettings};
    let club = VatSettings {
        prices_with_vat: false,
        vat_rate: 1200,
        disable_vat: false,
    };
    for channel in [SaleChannel::Booking, SaleChannel::Desk] {
        let vat = VatSettings::for_sale(club, channel);
        assert!(vat.prices_with_vat);
        assert_eq!(vat.vat_rate, 1200);
        assert_eq!(vat.included_in(Money::kroner(112)), Money::kroner(12));
    }
    for channel in [SaleChannel::Staff, SaleChannel::Shop] {
        assert_eq!(VatSettings::for_sale(club, channel), club);
    }
}
