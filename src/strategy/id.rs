//! A node's stable id. It has a file of its own so that the errors can name
//! nodes without depending on the graph whose operations return them.

use std::fmt;

/// A node's stable id: kept across edits, saves and loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
