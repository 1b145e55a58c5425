//! Exact decimal arithmetic on decimal strings, for display rounding: `1.005` rounds to `1.01`
//! here, where binary floats (and JavaScript's `toFixed`) give `1.00`. Half-up means a half
//! rounds away from zero, as a cashier would.

use std::cmp::Ordering;

/// A parsed decimal: sign, integer digits without leading zeros (at least "0"), fraction digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    negative: bool,
    whole: String,
    fraction: String,
}

impl Decimal {
    /// Parses `-12.345`, `+3`, `.5`, `7.`; surrounding spaces allowed; no exponents or commas.
    pub fn parse(text: &str) -> Option<Decimal> {
        let text = text.trim();
        let (negative, unsigned) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction)
        {
            return None;
        }
        Some(Decimal::new(negative, whole, fraction))
    }

    /// A whole number of hundredths: fen to yuan.
    pub fn from_hundredths(value: i64) -> Decimal {
        let digits = value.unsigned_abs().to_string();
        let padded = format!("{digits:0>3}");
        let (whole, fraction) = padded.split_at(padded.len() - 2);
        Decimal::new(value < 0, whole, fraction)
    }

    fn new(negative: bool, whole: &str, fraction: &str) -> Decimal {
        let whole = whole.trim_start_matches('0');
        let mut decimal = Decimal {
            negative,
            whole: if whole.is_empty() {
                "0".into()
            } else {
                whole.into()
            },
            fraction: fraction.into(),
        };
        if decimal.is_zero() {
            decimal.negative = false;
        }
        decimal
    }

    pub fn is_zero(&self) -> bool {
        self.whole == "0" && self.fraction.bytes().all(|b| b == b'0')
    }

    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Compares the absolute value with a whole number.
    pub fn cmp_abs(&self, other: u64) -> Ordering {
        let other = other.to_string();
        self.whole
            .len()
            .cmp(&other.len())
            .then_with(|| self.whole.as_str().cmp(&other))
            .then_with(|| {
                if self.fraction.bytes().any(|b| b != b'0') {
                    Ordering::Greater
                } else {
                    Ordering::Equal
                }
            })
    }

    /// Divides by 10^places exactly.
    pub fn shift_right(&self, places: usize) -> Decimal {
        let padded = format!("{:0>width$}", self.whole, width = places + 1);
        let (whole, moved) = padded.split_at(padded.len() - places);
        Decimal::new(self.negative, whole, &format!("{moved}{}", self.fraction))
    }

    /// Rounds half away from zero to `places` fraction digits.
    pub fn round_half_up(&self, places: usize) -> Decimal {
        if self.fraction.len() <= places {
            return Decimal::new(
                self.negative,
                &self.whole,
                &format!("{:0<places$}", self.fraction),
            );
        }
        let round_up = self.fraction.as_bytes()[places] >= b'5';
        let mut digits: Vec<u8> =
            format!("{}{}", self.whole, &self.fraction[..places]).into_bytes();
        if round_up {
            let mut index = digits.len();
            loop {
                if index == 0 {
                    digits.insert(0, b'1');
                    break;
                }
                index -= 1;
                if digits[index] == b'9' {
                    digits[index] = b'0';
                } else {
                    digits[index] += 1;
                    break;
                }
            }
        }
        let text = String::from_utf8(digits).unwrap_or_default();
        let (whole, fraction) = text.split_at(text.len() - places);
        Decimal::new(self.negative, whole, fraction)
    }

    /// Drops trailing zeros of the fraction (`1.50` → `1.5`, `2.00` → `2`).
    pub fn trimmed(&self) -> Decimal {
        Decimal::new(
            self.negative,
            &self.whole,
            self.fraction.trim_end_matches('0'),
        )
    }

    /// The integer digits, grouped by thousands when asked.
    fn whole_text(&self, thousands: bool) -> String {
        if !thousands {
            return self.whole.clone();
        }
        // The first group takes the digits left over by threes: 1,234,567.
        let lead = match self.whole.len() % 3 {
            0 => 3,
            rest => rest,
        };
        let (first, others) = self.whole.split_at(lead.min(self.whole.len()));
        let mut out = first.to_string();
        for group in others.as_bytes().chunks(3) {
            out.push(',');
            out.extend(group.iter().map(|&b| char::from(b)));
        }
        out
    }

    /// Plain text (`-1234.5`), or with thousands separators (`-1,234.5`).
    pub fn to_text(&self, thousands: bool) -> String {
        let sign = if self.negative { "-" } else { "" };
        let whole = self.whole_text(thousands);
        if self.fraction.is_empty() {
            format!("{sign}{whole}")
        } else {
            format!("{sign}{whole}.{}", self.fraction)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str, places: usize) -> String {
        Decimal::parse(text)
            .unwrap()
            .round_half_up(places)
            .to_text(false)
    }

    #[test]
    fn rounds_half_up_on_the_decimal_value() {
        for (input, places, expected) in [
            ("1.005", 2, "1.01"),
            ("1.004", 2, "1.00"),
            ("2.675", 2, "2.68"),
            ("0.125", 2, "0.13"),
            ("9.995", 2, "10.00"),
            ("99.5", 0, "100"),
            ("-1.005", 2, "-1.01"),
            ("-0.004", 2, "0.00"),
            ("0.30000000000000004", 2, "0.30"),
            ("12", 2, "12.00"),
            (".5", 0, "1"),
            ("7.", 1, "7.0"),
            ("+3.14159", 3, "3.142"),
            ("000123.40", 1, "123.4"),
        ] {
            assert_eq!(round(input, places), expected, "{input} to {places}");
        }
    }

    #[test]
    fn refuses_what_is_not_a_plain_decimal() {
        for input in ["", "-", ".", "1e3", "1,000", "abc", "1.2.3", "--1", "１"] {
            assert_eq!(Decimal::parse(input), None, "{input}");
        }
    }

    #[test]
    fn shifts_compares_and_groups() {
        let value = Decimal::parse("1234567.5").unwrap();
        assert_eq!(value.to_text(true), "1,234,567.5");
        assert_eq!(value.shift_right(4).to_text(false), "123.45675");
        assert_eq!(
            Decimal::parse("5").unwrap().shift_right(4).to_text(false),
            "0.0005"
        );
        assert_eq!(
            Decimal::parse("10000").unwrap().cmp_abs(10000),
            Ordering::Equal
        );
        assert_eq!(
            Decimal::parse("-9999.99").unwrap().cmp_abs(10000),
            Ordering::Less
        );
        assert_eq!(
            Decimal::parse("10000.01").unwrap().cmp_abs(10000),
            Ordering::Greater
        );
        assert_eq!(Decimal::from_hundredths(-1250).to_text(false), "-12.50");
        assert_eq!(Decimal::from_hundredths(7).to_text(false), "0.07");
        assert_eq!(
            Decimal::from_hundredths(i64::MIN).to_text(false),
            "-92233720368547758.08"
        );
        assert_eq!(
            Decimal::parse("1.500").unwrap().trimmed().to_text(false),
            "1.5"
        );
        assert_eq!(Decimal::parse("-0").unwrap().to_text(false), "0");
    }
}
