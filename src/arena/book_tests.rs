//! Tests of opening books: the format, the refusals, the shuffle.

use super::*;
use crate::rules::{Rules, Size};

fn start() -> Position {
    Position::new(Size::JABC, 2, Rules::Standard).unwrap()
}

fn parse(text: &str) -> Result<Book, BookError> {
    Book::parse(text.as_bytes(), "test.txt", &start(), 1)
}

#[test]
fn openings_are_read_with_comments_and_blank_lines() {
    let book = parse("# a book\n0,0 4,5 # corner\n\n  1,1 2,2 3,3 0,5\r\n2,3 2,2\n").unwrap();
    assert_eq!(book.len(), 3);
    assert!(!book.is_empty());
    let mut seen: Vec<String> = (0..3)
        .map(|k| {
            let moves: Vec<String> = book.opening(k).iter().map(Coord::to_string).collect();
            moves.join(" ")
        })
        .collect();
    // Pairs 3, 4, 5 play the same openings again (wrap around).
    assert_eq!(book.opening(3), book.opening(0));
    assert_eq!(book.opening(5), book.opening(2));
    seen.sort();
    assert_eq!(seen, ["0,0 4,5", "1,1 2,2 3,3 0,5", "2,3 2,2"]);
}

#[test]
fn the_hash_names_the_content_and_the_seed_the_order() {
    let a = parse("0,0 4,5\n1,1 2,2\n").unwrap();
    let b = parse("# same openings\n0,0  4,5 # spaced\n1,1 2,2").unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.hash().len(), 16);
    assert_ne!(a.hash(), parse("1,1 2,2\n0,0 4,5\n").unwrap().hash());
    let text: String = (0..30).map(|i| format!("{},{}\n", i / 6, i % 6)).collect();
    let orders = |seed| {
        let book = Book::parse(text.as_bytes(), "b", &start(), seed).unwrap();
        (0..30)
            .map(|k| book.opening(k).to_vec())
            .collect::<Vec<_>>()
    };
    assert_eq!(orders(7), orders(7));
    assert_ne!(orders(7), orders(8));
    assert_ne!(orders(7)[..5], orders(7)[5..10]);
}

#[test]
fn bad_lines_are_refused_with_their_number() {
    let cases = [
        ("0,0\n0,0 9,9\n", "line 2: move 2 (9,9) is illegal"),
        ("0,0\n0,0 0,0\n", "line 2: move 2 (0,0) is illegal"),
        ("0,0 x\n", "line 1: move 2 'x':"),
        ("# only comments\n\n", "the book has no openings"),
        ("", "the book has no openings"),
    ];
    for (text, start) in cases {
        let e = parse(text).unwrap_err().to_string();
        assert!(e.starts_with(start), "{text:?}: {e}");
    }
    let long = format!("0,0 {}\n", "1,1 ".repeat(MAX_BOOK_LINE_BYTES / 4));
    let e = parse(&long).unwrap_err().to_string();
    assert!(e.starts_with("line 1 is longer than"), "{e}");
    let e = Book::parse(&b"0,0\n\xff\n"[..], "b", &start(), 1).unwrap_err();
    assert!(e.to_string().starts_with("line 2: not UTF-8"), "{e}");
}

#[test]
fn an_opening_that_ends_the_game_is_refused() {
    // On a 2x2 board A's second atom in a corner explodes, captures B's only
    // cell and its chain leaves B nothing.
    let tiny = Position::new(Size::new(2, 2).unwrap(), 2, Rules::Standard).unwrap();
    let e = Book::parse(&b"0,0 0,1 0,0\n"[..], "b", &tiny, 1).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 1: the game is over after move 3"),
        "{e}"
    );
}

#[test]
fn a_missing_file_is_named() {
    let e = Book::read(Path::new("/nonexistent/book.txt"), &start(), 1).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("cannot read /nonexistent/book.txt")
    );
}
