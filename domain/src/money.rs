//! Money, the only place it is computed (STYLE.md): integer øre (1/100 krone), VAT in basis points
//! (2500 = 25 %), rounding half away from zero.
//!
//! Arithmetic never wraps. The operators saturate at the ends of `i64` and the `checked_*`
//! methods say when a result would not fit; the bounds below keep every valid figure far from
//! either, so the rules of each aggregate refuse an amount that is too large with a Danish message
//! on its field before any total is computed (issue 11: a price of i64::MAX × 2 once became −2 øre).

use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// An amount in øre. On the wire and in events it is a plain integer.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    Serialize,
    Deserialize,
    ts_rs::TS,
    utoipa::ToSchema,
)]
#[serde(transparent)]
#[ts(type = "number")]
pub struct Money(i64);

/// The largest price, discount or option price of one unit: 100,000,000.00 kr.
pub const MAX_UNIT_PRICE: Money = Money(10_000_000_000);
/// The largest quantity of one line.
pub const MAX_QUANTITY: i64 = 100_000;
/// The largest total of one line: 10,000,000,000.00 kr.
pub const MAX_LINE_TOTAL: Money = Money(1_000_000_000_000);
/// The most options on one line and lines on one order or contract.
pub const MAX_OPTIONS_PER_LINE: usize = 100;
pub const MAX_LINES: usize = 1_000;

pub const UNIT_PRICE_TOO_LARGE: &str = "Beløbet må højst være 100.000.000,00 kr.";
pub const QUANTITY_TOO_LARGE: &str = "Antal må højst være 100.000";
pub const LINE_TOTAL_TOO_LARGE: &str = "Linjens beløb må højst være 10.000.000.000,00 kr.";
pub const TOO_MANY_OPTIONS: &str = "En linje kan højst have 100 tilvalg";
pub const TOO_MANY_LINES: &str = "Der kan højst være 1.000 linjer";

/// Basis points in one whole (100 %).
pub const BASIS_POINTS: i64 = 10_000;

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn ore(ore: i64) -> Money {
        Money(ore)
    }

    pub const fn kroner(kroner: i64) -> Money {
        Money(kroner.saturating_mul(100))
    }

    pub const fn as_ore(self) -> i64 {
        self.0
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }

    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }

    pub fn checked_times(self, quantity: i64) -> Option<Money> {
        self.0.checked_mul(quantity).map(Money)
    }

    /// `self × quantity`, saturating.
    pub fn times(self, quantity: i64) -> Money {
        Money(self.0.saturating_mul(quantity))
    }

    /// `self × numerator / denominator`, rounded half away from zero; `None` when the
    /// denominator is zero or the result does not fit.
    pub fn checked_mul_div(self, numerator: i64, denominator: i64) -> Option<Money> {
        if denominator == 0 {
            return None;
        }
        let product = i128::from(self.0) * i128::from(numerator);
        let denominator = i128::from(denominator);
        let half = denominator.abs() / 2;
        let away = if (product >= 0) == (denominator > 0) {
            half
        } else {
            -half
        };
        i64::try_from((product + away) / denominator)
            .ok()
            .map(Money)
    }

    /// `self × numerator / denominator` as `checked_mul_div`, saturating (zero for a zero
    /// denominator).
    pub fn mul_div(self, numerator: i64, denominator: i64) -> Money {
        if denominator == 0 {
            return Money::ZERO;
        }
        self.checked_mul_div(numerator, denominator).unwrap_or(
            if (self.0 >= 0) == ((numerator >= 0) == (denominator > 0)) {
                Money(i64::MAX)
            } else {
                Money(i64::MIN)
            },
        )
    }

    /// The share `basis_points` of this amount (a fee of 250 = 2.5 %).
    pub fn percent(self, basis_points: i64) -> Money {
        self.mul_div(basis_points, BASIS_POINTS)
    }

    /// The VAT to add on top of a price without VAT.
    pub fn vat_on_top(self, rate: i64) -> Money {
        self.percent(rate)
    }

    /// The VAT contained in a price that includes it.
    pub fn vat_included(self, rate: i64) -> Money {
        self.mul_div(rate, BASIS_POINTS.saturating_add(rate))
    }

    /// Danish kroner for people to read: 123456 øre → 'DKK 1.234,56'.
    pub fn danish(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let ore = self.0.unsigned_abs();
        let whole = (ore / 100).to_string();
        let mut grouped = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push('.');
            }
            grouped.push(c);
        }
        format!("DKK {sign}{grouped},{:02}", ore % 100)
    }

    /// Shares `self` over `weights` in proportion, exactly: the rounding rest goes to the last
    /// non-zero weight, so the shares always add up to `self`.
    pub fn share(self, weights: &[Money]) -> Vec<Money> {
        let sum: Money = weights.iter().copied().sum();
        if sum == Money::ZERO || self == Money::ZERO {
            return vec![Money::ZERO; weights.len()];
        }
        let mut shares: Vec<Money> = weights.iter().map(|w| self.mul_div(w.0, sum.0)).collect();
        let rest = self - shares.iter().copied().sum::<Money>();
        if let Some(last) = weights.iter().rposition(|w| *w != Money::ZERO) {
            shares[last] += rest;
        }
        shares
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, other: Money) {
        *self = *self + other;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0.saturating_sub(other.0))
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, other: Money) {
        *self = *self - other;
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(self.0.saturating_neg())
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Money> for Money {
    fn sum<I: Iterator<Item = &'a Money>>(iter: I) -> Money {
        iter.copied().sum()
    }
}

impl From<Money> for i64 {
    fn from(money: Money) -> i64 {
        money.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(Money::ore(5).mul_div(1, 10), Money::ore(1));
        assert_eq!(Money::ore(-5).mul_div(1, 10), Money::ore(-1));
        assert_eq!(Money::ore(4).mul_div(1, 10), Money::ZERO);
        assert_eq!(Money::ore(10_000).vat_on_top(2500), Money::ore(2500));
        assert_eq!(Money::ore(12_500).vat_included(2500), Money::ore(2500));
    }

    #[test]
    fn arithmetic_never_wraps() {
        let huge = Money::ore(i64::MAX);
        assert_eq!(huge + huge, huge);
        assert_eq!(huge.times(2), huge);
        assert_eq!(huge.checked_times(2), None);
        assert_eq!(huge.checked_add(Money::ore(1)), None);
        assert_eq!(huge.checked_mul_div(3, 2), None);
        assert_eq!(huge.mul_div(3, 2), huge);
        assert_eq!((-huge).times(2), Money::ore(i64::MIN));
        assert_eq!(Money::ore(7).mul_div(1, 0), Money::ZERO);
    }

    #[test]
    fn danish_kroner_group_thousands_with_a_point() {
        assert_eq!(Money::ore(123_456).danish(), "DKK 1.234,56");
        assert_eq!(Money::ore(-5).danish(), "DKK -0,05");
        assert_eq!(Money::kroner(1_000_000).danish(), "DKK 1.000.000,00");
    }

    #[test]
    fn a_share_adds_up_to_the_amount() {
        let weights = [Money::ore(1), Money::ore(1), Money::ore(1), Money::ZERO];
        let shares = Money::ore(100).share(&weights);
        assert_eq!(shares.iter().sum::<Money>(), Money::ore(100));
        assert_eq!(shares[3], Money::ZERO);
    }

    #[test]
    fn the_bounds_keep_an_order_far_from_overflow() {
        let line =
            (MAX_UNIT_PRICE.times(1 + MAX_OPTIONS_PER_LINE as i64)).checked_times(MAX_QUANTITY);
        assert!(line.is_some());
        let order = MAX_LINE_TOTAL.checked_times(MAX_LINES as i64);
        assert!(order
            .and_then(|o| o.checked_mul_div(BASIS_POINTS * 2, BASIS_POINTS))
            .is_some());
    }
}
