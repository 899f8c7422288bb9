//! Pairs and books through the command line: the pentanomial in `match
//! --json` and the text report, `--book` played pair by pair, and a bad book
//! refused with its line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use cli_util::{chainlab, stderr, stdout};

fn book_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("chainlab-{name}-{}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_match_counts_its_pairs() {
    let o = chainlab(&[
        "match",
        "bot:greedy",
        "bot:greedy:random=50",
        "--games",
        "11",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let counts: Vec<u64> = v["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    // 11 games: 5 complete pairs; the last game waits for a partner.
    assert_eq!((counts.len(), counts.iter().sum::<u64>()), (5, 5));
    let points: u64 = counts.iter().enumerate().map(|(k, c)| k as u64 * c).sum();
    assert!(points <= 2 * v["wins_a"].as_u64().unwrap() + v["draws"].as_u64().unwrap());
    let text = stdout(&chainlab(&[
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "4",
    ]));
    assert!(text.contains(&format!("{:<16}2: LL ", "Pairs")), "{text}");
    let four = chainlab(&[
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "4",
        "--players",
        "4",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&four)).unwrap();
    assert!(v["pentanomial"].is_null(), "{v}");
}

#[test]
fn a_book_plays_each_pair_from_its_next_opening() {
    let path = book_file("book", "# two\n0,0 4,5\n2,2 2,3 1,1 3,3 # four plies\n");
    let records = std::env::temp_dir().join(format!("chainlab-book-{}.jsonl", std::process::id()));
    let (book, rec) = (path.display().to_string(), records.display().to_string());
    let args = [
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "6",
        "--book",
        &book,
        "--records",
        &rec,
        "--json",
    ];
    let o = chainlab(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["book"]["openings"], 2);
    assert_eq!(v["book"]["hash"].as_str().unwrap().len(), 16);
    let text = std::fs::read_to_string(&records).unwrap();
    let mut openings = Vec::new();
    // The first line is the run's header, the games follow.
    for line in text.lines().skip(1) {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let plies = r["opening"].as_u64().unwrap() as usize;
        let moves: Vec<&str> = r["moves"]
            .as_str()
            .unwrap()
            .split(' ')
            .take(plies)
            .collect();
        openings.push(moves.join(" "));
    }
    assert_eq!(openings.len(), 6);
    for pair in openings.chunks(2) {
        assert_eq!(pair[0], pair[1], "both games of a pair share the opening");
        assert!(
            ["0,0 4,5", "2,2 2,3 1,1 3,3"].contains(&pair[0].as_str()),
            "{pair:?}"
        );
    }
    assert_ne!(
        openings[0], openings[2],
        "the next pair plays the next opening"
    );
    assert_eq!(openings[0], openings[4], "a book of two wraps around");
    std::fs::remove_file(&records).unwrap();
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_bad_book_is_refused_with_its_line() {
    let path = book_file("bad-book", "0,0\n0,0 9,9\n");
    let book = path.display().to_string();
    let o = chainlab(&["match", "bot:greedy", "bot:random", "--book", &book]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 2: move 2 (9,9) is illegal"),
        "{}",
        stderr(&o)
    );
    let o = chainlab(&[
        "match",
        "bot:greedy",
        "bot:random",
        "--book",
        &book,
        "--openings",
        "4",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_tournament_names_its_book_in_json_and_text() {
    let path = book_file("t-book", "0,0 4,5\n2,2 2,3 1,1 3,3\n");
    let book = path.display().to_string();
    let args = [
        "tournament",
        "bot:greedy",
        "bot:random",
        "bot:greedy:random=50",
        "--games",
        "4",
        "--book",
        &book,
    ];
    let o = chainlab(&[&args[..], &["--json"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["book"]["openings"], 2, "{v}");
    assert_eq!(v["book"]["hash"].as_str().unwrap().len(), 16);
    assert!(v["pairings"][0]["tally"]["pentanomial"].is_array(), "{v}");
    let text = stdout(&chainlab(&args));
    let name = path.file_name().unwrap().to_string_lossy();
    assert!(
        text.contains(&format!("book {name} (2 openings)")),
        "{text}"
    );
    let random = stdout(&chainlab(&[
        "tournament",
        "bot:greedy",
        "bot:random",
        "--games",
        "2",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&random).unwrap();
    assert!(v.get("book").is_none(), "{v}");
    std::fs::remove_file(&path).unwrap();
}

/// The shipped books: at least 500 distinct openings of 4 to 8 plies each,
/// every one legal on its board (read by the book reader) and marked
/// balanced by the analyser when it was built (the comment: 0.40 to 0.60).
#[test]
fn the_shipped_books_hold_500_balanced_openings() {
    use chainlab::arena::{Book, MatchConfig};
    use chainlab::rules::Size;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, rows, cols) in [("5x6", 5, 6), ("9x6", 9, 6)] {
        let path = root.join("openings").join(format!("{name}.txt"));
        let config = MatchConfig {
            size: Size::new(rows, cols).unwrap(),
            ..MatchConfig::default()
        };
        let start = config.checked_start().unwrap();
        let book = Book::read(&path, &start, 1).unwrap();
        assert!(book.len() >= 500, "{name}: {}", book.len());
        let text = std::fs::read_to_string(&path).unwrap();
        let mut seen = std::collections::HashSet::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (moves, chance) = line.split_once('#').expect("a chance comment");
            let plies = moves.split_whitespace().count();
            assert!((4..=8).contains(&plies), "{name}: {line}");
            let chance: f64 = chance.trim().parse().unwrap();
            assert!((0.40..=0.60).contains(&chance), "{name}: {line}");
            assert!(
                seen.insert(moves.trim().to_string()),
                "{name}: twice: {line}"
            );
        }
        assert_eq!(seen.len(), book.len(), "{name}");
    }
}
