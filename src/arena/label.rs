//! Labels that tell a run's players apart: the one rule by which a second
//! player of the same name is numbered, `name (2)`, `name (3)`, …, so that
//! the command line, the app and a class tournament number alike.

/// `base` if `is_taken` does not hold for it, else the first of `base (2)`,
/// `base (3)`, … for which it does not.
pub fn unique_label(base: &str, mut is_taken: impl FnMut(&str) -> bool) -> String {
    if !is_taken(base) {
        return base.to_string();
    }
    (2u64..)
        .map(|n| format!("{base} ({n})"))
        .find(|label| !is_taken(label))
        .unwrap_or_else(|| base.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_label_is_numbered_from_two() {
        let taken = ["alice", "alice (2)", "bob (2)"];
        let is_taken = |l: &str| taken.contains(&l);
        assert_eq!(unique_label("carol", is_taken), "carol");
        assert_eq!(unique_label("alice", is_taken), "alice (3)");
        assert_eq!(unique_label("bob", is_taken), "bob");
    }
}
