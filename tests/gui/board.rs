//! The board widget on its own: clicks report cells only when the board is
//! interactive, illegal cells are reported too (the caller explains them), and
//! an overlay of values draws on any size.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chainlab::gui::board::{BoardView, Overlay};
use chainlab::rules::{Coord, Position, Rules, Size};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

struct State {
    position: Position,
    interactive: bool,
    overlay: Option<Overlay>,
    clicked: Vec<Coord>,
}

fn harness(state: State) -> Harness<'static, State> {
    Harness::builder()
        .with_size(egui::vec2(600.0, 500.0))
        .build_ui_state(
            |ui, state: &mut State| {
                let response = BoardView::new(&state.position)
                    .interactive(state.interactive)
                    .overlay(state.overlay.as_ref())
                    .show(ui);
                state.clicked.extend(response.clicked);
            },
            state,
        )
}

fn position(size: &str, moves: &[&str]) -> Position {
    let mut p = Position::new(size.parse().unwrap(), 2, Rules::Standard).unwrap();
    for m in moves {
        p.play(m.parse().unwrap()).unwrap();
    }
    p
}

#[test]
fn an_interactive_board_reports_legal_and_illegal_clicks() {
    let mut h = harness(State {
        position: position("5x6", &["1,1"]),
        interactive: true,
        overlay: None,
        clicked: Vec::new(),
    });
    h.step();
    h.get_by_label("cell 1,1").click();
    h.step();
    h.get_by_label("cell 4,5").click();
    h.step();
    let expected: Vec<Coord> = vec!["1,1".parse().unwrap(), "4,5".parse().unwrap()];
    assert_eq!(h.state().clicked, expected);
}

#[test]
fn a_board_for_viewing_reports_no_clicks() {
    let mut h = harness(State {
        position: position("5x6", &[]),
        interactive: false,
        overlay: None,
        clicked: Vec::new(),
    });
    h.step();
    h.get_by_label("cell 2,2").click();
    h.step();
    assert!(h.state().clicked.is_empty());
}

#[test]
fn every_cell_is_square_and_inside_the_board_on_any_size() {
    for size in ["2x2", "2x20", "20x2", "20x20", "7x13"] {
        let s: Size = size.parse().unwrap();
        let values = (0..s.cells())
            .map(|i| (i % 3 != 0).then_some(i as i64))
            .collect();
        let mut h = harness(State {
            position: position(size, &[]),
            interactive: true,
            overlay: Some(Overlay {
                values,
                best: vec!["1,1".parse().unwrap()],
            }),
            clicked: Vec::new(),
        });
        h.step();
        let first = h.get_by_label("cell 0,0").rect();
        let last = h
            .get_by_label(&format!("cell {},{}", s.rows() - 1, s.cols() - 1))
            .rect();
        assert!(
            (first.width() - first.height()).abs() < 0.5,
            "{size}: {first:?}"
        );
        assert!(first.width() >= 12.0, "{size}: cells stay clickable");
        assert!(
            last.max.x <= 600.0 && last.max.y <= 500.0,
            "{size}: {last:?}"
        );
    }
}

/// Issue 11, item 5: rows are numbered on the left and columns on top, in
/// line with their cells, and the cell under the pointer is named.
#[test]
fn rows_and_columns_are_numbered_and_the_hovered_cell_named() {
    for size in ["5x6", "2x2", "20x20"] {
        let s: Size = size.parse().unwrap();
        let mut h = harness(State {
            position: position(size, &[]),
            interactive: false,
            overlay: None,
            clicked: Vec::new(),
        });
        h.step();
        for row in 0..s.rows() {
            let label = h.get_by_label(&format!("row {row}")).rect();
            let cell = h.get_by_label(&format!("cell {row},0")).rect();
            assert!(
                label.max.x <= cell.min.x + 0.5,
                "{size}: row {row} left of its cells"
            );
            assert!(
                (label.center().y - cell.center().y).abs() < 0.5,
                "{size}: row {row}"
            );
        }
        for col in 0..s.cols() {
            let label = h.get_by_label(&format!("column {col}")).rect();
            let cell = h.get_by_label(&format!("cell 0,{col}")).rect();
            assert!(
                label.max.y <= cell.min.y + 0.5,
                "{size}: column {col} above its cells"
            );
            assert!(
                (label.center().x - cell.center().x).abs() < 0.5,
                "{size}: column {col}"
            );
        }
        assert!(h.query_by_label(&format!("row {}", s.rows())).is_none());
        assert!(h.query_by_label_contains("pointer at").is_none());
        h.get_by_label("cell 1,1").hover();
        h.run_steps(2);
        assert!(h.query_by_label("pointer at 1,1").is_some(), "{size}");
    }
}
