//! Errors of the position notation name the line and the token.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chainlab::rules::Position;

fn error(text: &str) -> String {
    match text.parse::<Position>() {
        Ok(p) => panic!("parsed unexpectedly:\n{p}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn unknown_player_letter() {
    let e = error("size 2x3\nplayers 2\nA1 . .\n. C1 .\n");
    assert!(
        e.contains("line 4") && e.contains("'C1'") && e.contains("unknown player"),
        "{e}"
    );
}

#[test]
fn too_many_atoms_for_the_variant() {
    let e = error("size 3x3\nA2 . .\n. . .\n. . B1\n");
    assert!(
        e.contains("line 2") && e.contains("'A2'") && e.contains("at most 1"),
        "{e}"
    );
    // The same corner may hold 2 atoms under overflow.
    let ok = "size 3x3\nrules overflow\nplaced A B\nmoves 3\nA2 . .\n. . .\n. . B1\n";
    ok.parse::<Position>().unwrap();
}

#[test]
fn wrong_row_length() {
    let e = error("size 2x3\nA1 . .\n. B1\n");
    assert!(
        e.contains("line 3") && e.contains("row 1 has 2 cells"),
        "{e}"
    );
}

#[test]
fn wrong_number_of_rows() {
    let e = error("size 3x3\n. . .\n. . .\n");
    assert!(e.contains("needs 3 rows, found 2"), "{e}");
}

#[test]
fn size_out_of_range() {
    let e = error("size 21x6\n");
    assert!(
        e.contains("line 1") && e.contains("'21x6'") && e.contains("2 to 20"),
        "{e}"
    );
    let e = error("size 5by6\n");
    assert!(e.contains("line 1") && e.contains("ROWSxCOLS"), "{e}");
}

#[test]
fn bad_tokens_and_headers() {
    let e = error("size 2x2\nA1 ?\n. .\n");
    assert!(e.contains("line 2") && e.contains("'?'"), "{e}");
    let e = error("size 2x2\nplayers 9\n");
    assert!(e.contains("line 2") && e.contains("2 to 8"), "{e}");
    let e = error("size 2x2\nrules chaos\n");
    assert!(e.contains("unknown rules 'chaos'"), "{e}");
    let e = error("size 2x2\n. .\n. .\nplayers 3\n");
    assert!(
        e.contains("line 4") && e.contains("before the board rows"),
        "{e}"
    );
}

#[test]
fn inconsistent_positions_are_refused() {
    // Atoms do not match placements under standard rules.
    let e = error("size 2x3\nmoves 5\nA1 . .\n. . B1\n");
    assert!(e.contains("5 placements but 2 atoms"), "{e}");
    // Under `empties` the count is free, but not so large that play would
    // overflow it.
    let e = error("size 2x3\nrules empties\nmoves 4294967295\nA1 . .\n. . B1\n");
    assert!(e.contains("4294967295 placements"), "{e}");
    let ok: Position = "size 2x3\nrules empties\nmoves 1000000\nA1 . .\n. . B1\n"
        .parse()
        .unwrap();
    assert_eq!(ok.placements(), 1_000_000);
    // A player who owns cells must have placed.
    let e = error("size 2x3\nplaced A\nmoves 2\nA1 . .\n. . B1\n");
    assert!(e.contains("B owns cells"), "{e}");
    // The player to move has been eliminated.
    let e = error("size 2x3\nplaced A B\nto-move B\nmoves 3\n. A2 .\n. . A1\n");
    assert!(
        e.contains("winner") || e.contains("eliminated") || e.contains("over"),
        "{e}"
    );
    // A stated winner that the board does not support.
    let e = error("size 2x3\nwinner A\nA1 . .\n. . B1\n");
    assert!(e.contains("more than one player is left"), "{e}");
}

#[test]
fn json_errors_name_the_cell() {
    let e = Position::from_json(
        r#"{"rows":2,"cols":2,"cells":[[null,{"player":5,"atoms":1}],[null,null]]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("cells[0][1]") && e.contains("unknown player 5"),
        "{e}"
    );
    let e = Position::from_json(r#"{"rows":2,"cols":2,"cells":[[null],[null,null]]}"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("cells[0]"), "{e}");
    let e = Position::from_json("{\"rows\":2,\n\"colz\":2}")
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2"), "{e}");
}

#[test]
fn comments_and_defaults() {
    let p: Position = "# the jABC board\nsize 5x6 # five rows\n".parse().unwrap();
    assert_eq!(p.size().to_string(), "5x6");
    assert_eq!(p.player_count(), 2);
    assert_eq!(p.to_move().unwrap().to_string(), "A");
}
