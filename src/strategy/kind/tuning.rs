//! Whether and within which range automatic tuning (`chainlab tune`) may
//! change a Constant node, as the node's `tune` parameter
//! (`docs/strategy-format.md`, `docs/tuning.md`).
//!
//! Absent means [`Tuning::Auto`]: tunable within `value − d ..= value + d`,
//! `d = max(|value|, 5)`. The file holds `"tune": "off"` or
//! `"tune": {"min": A, "max": B}` for the other two; Auto is never written,
//! so files without `tune` save byte for byte as they were.

use serde_json::{Value, json};

/// The smallest half-width of an automatic range.
pub const AUTO_MIN_SPREAD: i64 = 5;

/// Whether and within which range tuning may change a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Tuning {
    /// Tunable within `value − d ..= value + d`, `d = max(|value|, 5)`.
    #[default]
    Auto,
    /// Never tuned.
    Off,
    /// Tunable within `min ..= max`.
    Range {
        /// The lowest value tuning may give.
        min: i64,
        /// The highest value tuning may give.
        max: i64,
    },
}

impl Tuning {
    /// The range tuning may use for a constant of `value`, `None` when off.
    /// An explicit range is returned as written, even reversed or empty
    /// (see [`Tuning::problem`]); an automatic one saturates at the ends of
    /// the integers.
    pub fn range(self, value: i64) -> Option<(i64, i64)> {
        match self {
            Tuning::Auto => {
                let spread = i64::try_from(value.unsigned_abs())
                    .unwrap_or(i64::MAX)
                    .max(AUTO_MIN_SPREAD);
                Some((value.saturating_sub(spread), value.saturating_add(spread)))
            }
            Tuning::Off => None,
            Tuning::Range { min, max } => Some((min, max)),
        }
    }

    /// What is wrong with an explicit range: reversed or empty (tuning
    /// refuses it), or not containing `value` (the tuner starts from the
    /// nearest end). `None` when nothing is.
    pub fn problem(self, value: i64) -> Option<RangeProblem> {
        match self {
            Tuning::Range { min, max } if min > max => Some(RangeProblem::Reversed { min, max }),
            Tuning::Range { min, max } if min == max => Some(RangeProblem::Empty { value: min }),
            Tuning::Range { min, max } if !(min..=max).contains(&value) => {
                Some(RangeProblem::Outside { value, min, max })
            }
            _ => None,
        }
    }

    /// The `tune` parameter as written in a file; `None` for Auto (not written).
    pub fn to_json(self) -> Option<Value> {
        match self {
            Tuning::Auto => None,
            Tuning::Off => Some(json!("off")),
            Tuning::Range { min, max } => Some(json!({"min": min, "max": max})),
        }
    }

    /// Reads the `tune` parameter: `"off"`, `"auto"` or `{"min": A, "max": B}`
    /// with whole numbers. The error says what was expected.
    pub fn from_json(value: &Value) -> Result<Tuning, String> {
        const EXPECTED: &str = "expected \"off\", \"auto\" or {\"min\": A, \"max\": B}";
        match value {
            Value::String(s) if s == "off" => Ok(Tuning::Off),
            Value::String(s) if s == "auto" => Ok(Tuning::Auto),
            Value::Object(map) => {
                if let Some(key) = map.keys().find(|k| *k != "min" && *k != "max") {
                    return Err(format!(
                        "parameter \"tune\" has an unknown field \"{key}\"; {EXPECTED}"
                    ));
                }
                let end = |name: &str| -> Result<i64, String> {
                    let v = map.get(name).ok_or_else(|| {
                        format!("parameter \"tune\" lacks \"{name}\"; {EXPECTED}")
                    })?;
                    v.as_i64().ok_or_else(|| {
                        format!(
                            "parameter \"tune\": \"{name}\" is {v}, expected a whole number from {} to {}",
                            i64::MIN,
                            i64::MAX
                        )
                    })
                };
                Ok(Tuning::Range {
                    min: end("min")?,
                    max: end("max")?,
                })
            }
            other => Err(format!("parameter \"tune\" is {other}, {EXPECTED}")),
        }
    }
}

/// What is wrong with an explicit tuning range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeProblem {
    /// `min` is above `max`.
    #[error("the tuning range {min}..{max} is reversed: min is above max")]
    Reversed {
        /// The lower end as written.
        min: i64,
        /// The upper end as written.
        max: i64,
    },
    /// `min` equals `max`: nothing to tune (use "off" instead).
    #[error(
        "the tuning range {value}..{value} is empty: min equals max (write \"tune\": \"off\" to keep the value)"
    )]
    Empty {
        /// Both ends.
        value: i64,
    },
    /// The constant's value is outside its range.
    #[error("the value {value} is outside its tuning range {min}..{max}")]
    Outside {
        /// The constant's value.
        value: i64,
        /// The lower end.
        min: i64,
        /// The upper end.
        max: i64,
    },
}

impl RangeProblem {
    /// Whether tuning cannot start with this range (reversed or empty).
    pub fn stops_tuning(self) -> bool {
        !matches!(self, RangeProblem::Outside { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_ranges_are_at_least_five_wide_each_way_and_saturate() {
        assert_eq!(Tuning::Auto.range(0), Some((-5, 5)));
        assert_eq!(Tuning::Auto.range(3), Some((-2, 8)));
        assert_eq!(Tuning::Auto.range(-40), Some((-80, 0)));
        assert_eq!(Tuning::Auto.range(i64::MAX), Some((0, i64::MAX)));
        assert_eq!(Tuning::Auto.range(i64::MIN), Some((i64::MIN, -1)));
        assert_eq!(Tuning::Off.range(7), None);
    }

    #[test]
    fn reads_what_it_writes_and_refuses_the_rest() {
        for t in [Tuning::Off, Tuning::Range { min: -3, max: 9 }] {
            let v = t.to_json().unwrap();
            assert_eq!(Tuning::from_json(&v), Ok(t));
        }
        assert_eq!(Tuning::Auto.to_json(), None);
        assert_eq!(Tuning::from_json(&json!("auto")), Ok(Tuning::Auto));
        for bad in [
            json!("on"),
            json!(3),
            json!(null),
            json!({"min": 1}),
            json!({"min": 1, "max": 2.5}),
            json!({"min": "1", "max": 2}),
            json!({"min": 1, "max": 2, "step": 1}),
            json!({"min": 1, "max": 1e30}),
        ] {
            let e = Tuning::from_json(&bad).unwrap_err();
            assert!(e.contains("\"tune\""), "{bad}: {e}");
        }
    }

    #[test]
    fn names_reversed_empty_and_outside_ranges() {
        let r = |min, max| Tuning::Range { min, max };
        assert!(r(5, 1).problem(3).unwrap().stops_tuning());
        assert!(r(2, 2).problem(2).unwrap().stops_tuning());
        let outside = r(0, 4).problem(9).unwrap();
        assert!(!outside.stops_tuning());
        assert!(outside.to_string().contains("outside"));
        assert_eq!(r(0, 4).problem(4), None);
        assert_eq!(Tuning::Auto.problem(1), None);
    }
}
