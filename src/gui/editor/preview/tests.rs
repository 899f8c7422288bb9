//! Tests of the preview panel's pure parts.

use super::*;

#[test]
fn painting_reads_the_first_round_and_later_positions() {
    let mut p = Preview {
        mode: Mode::Edit,
        ..Preview::default()
    };
    p.paint(Coord::new(0, 0).unwrap(), false);
    let first = p.position().and_then(|p| p.to_move());
    assert_eq!(first, Some(Player::B), "A has placed once: B is to move");
    p.brush = Brush::Atom(Player::B);
    p.paint(Coord::new(4, 5).unwrap(), false);
    assert_eq!(p.position().and_then(|p| p.to_move()), Some(Player::B));
    p.paint(Coord::new(4, 5).unwrap(), true);
    assert!(p.position().is_some());
    let text = p.to_text();
    assert_eq!(Preview::from_text(&text).to_text(), text);
}
