//! Who plays whom in a class tournament: in a gauntlet each submission
//! meets each reference player (submissions never meet each other); in a
//! round robin everyone meets everyone. The pairings are indices into the
//! entrants, in the order they are played (and seeded: pairing `k` gets the
//! `k`-th derived seed), so the command line and the app play the same games.

use super::entrant::Entrant;
use super::error::ScheduleError;
use crate::arena::pairings;

/// The pairings of `entrants`: each submission against each reference
/// (`gauntlet`), else everyone against everyone.
pub fn schedule(
    gauntlet: bool,
    entrants: &[Entrant],
) -> Result<Vec<(usize, usize)>, ScheduleError> {
    let of = |reference: bool| -> Vec<usize> {
        entrants
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_reference() == reference)
            .map(|(i, _)| i)
            .collect()
    };
    let (subs, refs) = (of(false), of(true));
    if gauntlet {
        if refs.is_empty() {
            return Err(ScheduleError::NoReferences);
        }
        return Ok(subs
            .iter()
            .flat_map(|&s| refs.iter().map(move |&r| (s, r)))
            .collect());
    }
    if entrants.len() < 2 {
        return Err(ScheduleError::TooFewPlayers);
    }
    Ok(pairings(entrants.len(), false))
}
