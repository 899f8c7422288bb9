//! What the reports of a class tournament are made of, beside the grades:
//! a short summary of every game (collected while the games finish), the
//! forfeits grouped by player and reason, and the ratings with their 95%
//! intervals.

use std::collections::HashMap;

use crate::arena::{
    GameRecord, MatchObserver, Tally, TournamentObserver, TournamentReport, Wdl, fit_ratings,
    rating_intervals,
};
use crate::rules::Player;

/// One finished game, without its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The pairing it belongs to.
    pub pairing: u32,
    /// Its number in the pairing.
    pub game: u64,
    /// The player of each seat (A first).
    pub players: Vec<String>,
    /// The seat that won, if any.
    pub winner: Option<Player>,
    /// The seat that forfeited, if any.
    pub forfeit: Option<Player>,
    /// How it ended, in words (as recorded).
    pub reason: String,
    /// Placements made.
    pub moves: usize,
}

impl GameSummary {
    /// The summary of `record`.
    pub fn of(record: &GameRecord) -> GameSummary {
        GameSummary {
            pairing: record.pairing.unwrap_or(0),
            game: record.game,
            players: record.players.clone(),
            winner: record.winner,
            forfeit: record.forfeit,
            reason: record.reason.clone(),
            moves: record.length(),
        }
    }

    /// The player in `seat`.
    pub fn player(&self, seat: Player) -> &str {
        self.players.get(seat.index()).map_or("?", String::as_str)
    }

    /// The result in words, naming the player: "alice forfeits",
    /// "bot:greedy wins", "draw".
    pub fn result(&self) -> String {
        match (self.forfeit, self.winner) {
            (Some(seat), _) => format!("{} forfeits", self.player(seat)),
            (None, Some(seat)) => format!("{} wins", self.player(seat)),
            (None, None) => "draw".to_string(),
        }
    }

    /// Why the forfeiting player forfeited, without the "A (name) forfeits: "
    /// the record starts with.
    pub fn forfeit_reason(&self) -> Option<&str> {
        let seat = self.forfeit?;
        let prefix = format!("{seat} ({}) forfeits: ", self.player(seat));
        Some(self.reason.strip_prefix(&prefix).unwrap_or(&self.reason))
    }
}

/// Keeps a summary of every game as it finishes (in game order per pairing).
#[derive(Debug, Default)]
pub struct Collector {
    /// The games so far.
    pub games: Vec<GameSummary>,
}

impl MatchObserver for Collector {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.games.push(GameSummary::of(record));
    }
}

impl TournamentObserver for Collector {}

/// The forfeits of one player for one reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForfeitGroup {
    /// The player who forfeited.
    pub player: String,
    /// The reason, as given for the first of these games.
    pub reason: String,
    /// The games: pairing and game number.
    pub games: Vec<(u32, u64)>,
}

/// The forfeits of `games` grouped by player and reason (reasons that differ
/// only in their numbers, such as the milliseconds of a time-out, are one
/// group), the players in the order of `players`, then by number of games.
pub fn forfeit_groups(games: &[GameSummary], players: &[String]) -> Vec<ForfeitGroup> {
    let mut groups: Vec<ForfeitGroup> = Vec::new();
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    for g in games {
        let (Some(seat), Some(reason)) = (g.forfeit, g.forfeit_reason()) else {
            continue;
        };
        let player = g.player(seat).to_string();
        let key = (player.clone(), without_numbers(reason));
        let k = *index.entry(key).or_insert_with(|| {
            groups.push(ForfeitGroup {
                player,
                reason: reason.to_string(),
                games: Vec::new(),
            });
            groups.len() - 1
        });
        if let Some(group) = groups.get_mut(k) {
            group.games.push((g.pairing, g.game));
        }
    }
    let order = |p: &str| players.iter().position(|x| x == p).unwrap_or(usize::MAX);
    groups.sort_by(|x, y| {
        order(&x.player)
            .cmp(&order(&y.player))
            .then(y.games.len().cmp(&x.games.len()))
    });
    groups
}

/// `text` with every run of digits replaced by `#`.
fn without_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// One line of the ratings table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// The entrant's index.
    pub entrant: usize,
    /// Its results over all its games.
    pub wdl: Wdl,
    /// Its forfeits.
    pub forfeits: u64,
    /// Its fitted rating (Elo, mean 0), `None` for an entrant left out.
    pub rating: Option<f64>,
    /// The half-width of the rating's 95% interval, when known.
    pub interval: Option<f64>,
}

/// The ratings of the entrants of `report`, fitted to the games between
/// entrants not `left_out` (those that could not play: their forfeits say
/// nothing about anyone's strength); best first, the rest after by score.
pub fn ratings(report: &TournamentReport, left_out: &[bool]) -> Vec<Rated> {
    let n = report.players.len();
    // An entrant without games has nothing to rate: fitted with the
    // others it would get the prior's rating, above players who lost.
    let played = |i: usize| {
        report
            .pairings
            .iter()
            .any(|p| (p.a == i || p.b == i) && p.tally.games() > 0)
    };
    let kept: Vec<usize> = (0..n)
        .filter(|&i| !left_out.get(i).copied().unwrap_or(false) && played(i))
        .collect();
    let slot = |i: usize| kept.iter().position(|&k| k == i);
    let inner: Vec<_> = report
        .pairings
        .iter()
        .filter_map(|p| {
            let mut q = p.clone();
            q.a = slot(p.a)?;
            q.b = slot(p.b)?;
            Some(q)
        })
        .collect();
    let fitted = fit_ratings(kept.len(), &inner);
    let intervals = rating_intervals(&fitted, &inner);
    let mut rows: Vec<Rated> = report
        .standings
        .iter()
        .map(|s| {
            let k = slot(s.entrant);
            let forfeits = report
                .pairings
                .iter()
                .map(|p| match (p.a == s.entrant, p.b == s.entrant) {
                    (true, _) => p.tally.forfeits_a,
                    (_, true) => p.tally.forfeits_b,
                    _ => 0,
                })
                .sum();
            Rated {
                entrant: s.entrant,
                wdl: s.wdl,
                forfeits,
                rating: k.and_then(|k| fitted.get(k).copied()),
                interval: k.and_then(|k| intervals.get(k).copied().flatten()),
            }
        })
        .collect();
    let score = |r: &Rated| r.wdl.score().unwrap_or(0.0);
    rows.sort_by(|x, y| match (x.rating, y.rating) {
        (Some(a), Some(b)) => b.total_cmp(&a),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => score(y).total_cmp(&score(x)),
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(pairing: u32, n: u64, forfeit: Option<Player>, reason: &str) -> GameSummary {
        GameSummary {
            pairing,
            game: n,
            players: vec!["x".into(), "y".into()],
            winner: None,
            forfeit,
            reason: reason.into(),
            moves: 3,
        }
    }

    #[test]
    fn forfeits_group_by_player_and_reason_without_numbers() {
        let games = [
            game(
                0,
                0,
                Some(Player::A),
                "A (x) forfeits: did not answer within 1012 ms",
            ),
            game(
                0,
                1,
                Some(Player::B),
                "B (y) forfeits: cannot be created: broken",
            ),
            game(
                0,
                2,
                Some(Player::A),
                "A (x) forfeits: did not answer within 1250 ms",
            ),
            game(1, 0, None, "A wins: every other player was eliminated"),
        ];
        let groups = forfeit_groups(&games, &["y".into(), "x".into()]);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0].player, "y");
        assert_eq!(groups[0].reason, "cannot be created: broken");
        assert_eq!(groups[1].reason, "did not answer within 1012 ms");
        assert_eq!(groups[1].games, vec![(0, 0), (0, 2)]);
        assert_eq!(games[3].result(), "draw");
        assert_eq!(games[1].result(), "y forfeits");
    }
}
