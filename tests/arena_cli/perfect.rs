//! `bot:perfect` and `chainlab solve` from outside: the perfect player never
//! lets a won position go, on every solved board it is tried on, against
//! players that make mistakes; boards too large are refused with the reason;
//! the command's text and JSON.

use chainlab::bots::parse_player;
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use chainlab::solve::shared;
use rand::RngExt;

use crate::cli_util::{chainlab, stderr, stdout};

/// Plays `bot:perfect` against `opponent` from seeded random openings and
/// checks at every move of the perfect player that a won position stays won
/// (its move's value is the position's), and that it wins every game in
/// which it ever held a won position.
fn never_loses_a_won_position(rows: usize, cols: usize, rules: Rules, opponent: &str) {
    let size = Size::new(rows, cols).unwrap();
    let solution = shared(size, rules).unwrap();
    let perfect = parse_player("bot:perfect").unwrap();
    let other = parse_player(opponent).unwrap();
    for game in 0..12u64 {
        let mut rng = rng_from_seed(game);
        let perfect_seat = (game % 2) as usize;
        let mut agents = [perfect.create().unwrap(), other.create().unwrap()];
        if perfect_seat == 1 {
            agents.swap(0, 1);
        }
        let mut position = Position::new(size, 2, rules).unwrap();
        let mut held_a_win = false;
        while let Some(mover) = position.to_move() {
            let coord = if position.placements() < (game % 3) as u32 {
                let moves = position.moves();
                size.coord_of(usize::from(
                    moves.indices()[rng.random_range(0..moves.len())],
                ))
            } else {
                let coord = agents[mover.index()].choose(&position, &mut rng).unwrap();
                if mover.index() == perfect_seat {
                    let value = solution.value(&position).unwrap();
                    let moves = solution.moves(&position).unwrap();
                    let chosen = moves.iter().find(|(c, _)| *c == coord).unwrap().1;
                    assert_eq!(
                        chosen, value,
                        "{size} {rules} game {game}: not the best move"
                    );
                    held_a_win |= value.is_win();
                }
                coord
            };
            position.play(coord).unwrap();
        }
        if held_a_win {
            assert_eq!(
                position.winner().map(|w| w.index()),
                Some(perfect_seat),
                "{size} {rules} game {game}: a won position was lost"
            );
        }
    }
}

#[test]
fn bot_perfect_never_loses_a_won_position() {
    never_loses_a_won_position(2, 3, Rules::Standard, "bot:random");
    never_loses_a_won_position(3, 3, Rules::Standard, "bot:greedy:random=30");
    never_loses_a_won_position(2, 4, Rules::Overflow, "bot:random");
    never_loses_a_won_position(3, 3, Rules::Standard, "bot:perfect");
}

#[test]
fn bot_perfect_is_refused_on_a_board_too_large_with_the_reason() {
    let size = Size::new(4, 4).unwrap();
    let position = Position::new(size, 2, Rules::Standard).unwrap();
    let mut agent = parse_player("bot:perfect").unwrap().create().unwrap();
    let error = agent
        .begin(&position, chainlab::rules::Player::A, &mut rng_from_seed(1))
        .unwrap_err();
    assert!(error.to_string().contains("16 cells"), "{error}");
    let o = chainlab(&[
        "match",
        "bot:perfect",
        "bot:random",
        "--size",
        "4x4",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(stdout(&o).contains("2 by bot:perfect"), "{}", stdout(&o));
}

#[test]
fn solve_prints_the_result_as_text_and_json() {
    let o = chainlab(&["solve", "2x3", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let solution = shared(Size::new(2, 3).unwrap(), Rules::Standard).unwrap();
    assert_eq!(json["size"], "2x3");
    assert_eq!(json["rules"], "standard");
    assert_eq!(json["winner"], solution.winner().to_string());
    assert_eq!(json["plies"], u64::from(solution.plies()));
    assert_eq!(json["positions"], solution.stats().positions as u64);
    assert!(json["seconds"].is_number() && json["table_bytes"].is_number());
    let o = chainlab(&["solve", "2x2", "--rules", "overflow"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("wins under perfect play, in"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn solve_refuses_large_boards_and_empties_at_once_with_the_reason() {
    let o = chainlab(&["solve", "5x6"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("30 cells") && e.contains("12") && e.contains("positions"),
        "{e}"
    );
    let o = chainlab(&["solve", "3x3", "--rules", "empties"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("empties rules are not solved"),
        "{}",
        stderr(&o)
    );
    let o = chainlab(&["solve", "21x2"]);
    assert_eq!(o.status.code(), Some(2));
    // Twelve cells, but overflow's positions would not fit in memory: refused
    // at once (not after filling the machine), with the bound.
    for size in ["3x4", "2x6"] {
        let began = std::time::Instant::now();
        let o = chainlab(&["solve", size, "--rules", "overflow", "--json"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.contains("beyond the solver") && (e.contains("e9") || e.contains("e10")),
            "{e}"
        );
        assert!(
            began.elapsed() < std::time::Duration::from_secs(20),
            "not at once"
        );
        let o = chainlab(&[
            "match",
            "bot:perfect",
            "bot:random",
            "--size",
            size,
            "--rules",
            "overflow",
            "--games",
            "2",
        ]);
        assert!(stdout(&o).contains("2 by bot:perfect"), "{}", stdout(&o));
    }
}
