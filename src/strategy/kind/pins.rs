//! What pins carry: the pin type, and the named pins of groups and Weighted
//! sums (whose pins are data, not fixed by the kind), and which side of a
//! group a pin is on.

use super::tuning::Tuning;

/// The type carried by a pin. A boolean used as a number is 0 or 1; a number
/// is never used as a boolean (that connection is refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinType {
    /// A 64-bit integer (arithmetic saturates).
    Int,
    /// A boolean.
    Bool,
}

impl PinType {
    /// Whether an output of type `self` may feed an input of type `input`.
    pub fn fits(self, input: PinType) -> bool {
        self == input || (self == PinType::Bool && input == PinType::Int)
    }

    /// The name shown to users.
    pub fn name(self) -> &'static str {
        match self {
            PinType::Int => "number",
            PinType::Bool => "yes/no",
        }
    }
}

/// A named, typed pin of a group (sub-model): one of its inputs or outputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GroupPin {
    /// The name shown on the pin and used in files.
    pub name: String,
    /// The type the pin carries.
    pub ty: PinType,
}

impl GroupPin {
    /// A pin named `name` of type `ty`.
    pub fn new(name: impl Into<String>, ty: PinType) -> GroupPin {
        GroupPin {
            name: name.into(),
            ty,
        }
    }
}

/// One term of a Weighted sum: a labelled input times a weight.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeightedTerm {
    /// What the term stands for, such as "corners (lesson 1)"; also the
    /// input pin's name.
    pub label: String,
    /// The weight the input is multiplied by.
    pub weight: i64,
    /// Whether and how `chainlab tune` may change the weight.
    pub tune: Tuning,
}

impl WeightedTerm {
    /// A term with weight `weight`, tuned automatically.
    pub fn new(label: impl Into<String>, weight: i64) -> WeightedTerm {
        WeightedTerm {
            label: label.into(),
            weight,
            tune: Tuning::Auto,
        }
    }
}

/// Which side of a group a pin is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PinSide {
    /// One of the group's inputs.
    Input,
    /// One of the group's outputs.
    Output,
}

impl PinSide {
    /// "input" or "output".
    pub fn name(self) -> &'static str {
        match self {
            PinSide::Input => "input",
            PinSide::Output => "output",
        }
    }
}
