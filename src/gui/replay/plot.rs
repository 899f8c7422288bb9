//! The win-chance plot under the replay's board: with two players, A's win
//! chance after every move (B's is the rest); with more, each player's own
//! win chance at the positions where they are to move. Marked moves are
//! dots coloured by quality, the move shown is a vertical line, and a click
//! anywhere in the plot jumps the replay to the nearest move.

use egui::{RichText, WidgetInfo, WidgetType};
use egui_plot::{HLine, Line, Plot, PlotPoints, Points, VLine};

use crate::analysis::{GameAnalysis, MoveQuality};
use crate::gui::theme;
use crate::rules::Player;

/// The accessible label of the plot (tests click it by this).
pub const PLOT_LABEL: &str = "Win-chance plot: click to jump to a move";

/// The qualities that get dots, worst last (drawn on top).
const MARKED: [MoveQuality; 3] = [
    MoveQuality::Inaccuracy,
    MoveQuality::Mistake,
    MoveQuality::Blunder,
];

/// Draws the plot of `analysis` at `height`, with the position after `ply`
/// moves marked; `label` names each seat. Returns the ply clicked.
pub fn win_chance_plot(
    ui: &mut egui::Ui,
    analysis: &GameAnalysis,
    ply: usize,
    label: &dyn Fn(Player) -> String,
    height: f32,
) -> Option<usize> {
    let last = analysis.plies.len();
    caption_ui(ui, analysis, label);
    let height = (height - ui.spacing().interact_size.y).max(60.0);
    let response = Plot::new("replay_win_chance_plot")
        .height(height)
        .include_x(0.0)
        .include_x(last.max(1) as f64)
        .include_y(-4.0)
        .include_y(104.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .x_axis_label("move")
        .y_axis_label("win %")
        .y_axis_formatter(|mark, _| {
            if (0.0..=100.0).contains(&mark.value) {
                format!("{:.0}", mark.value)
            } else {
                String::new()
            }
        })
        .label_formatter(|hover| match hover {
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\nafter move {:.0}: {:.0}%",
                position.x, position.y
            )),
            egui_plot::HoverPosition::Elsewhere { .. } => None,
        })
        .show(ui, |plot| {
            plot.add(
                HLine::new("50%", 50.0)
                    .color(theme::MUTED_TEXT)
                    .style(egui_plot::LineStyle::dashed_loose()),
            );
            plot.add(VLine::new("move shown", ply as f64).color(theme::MUTED_TEXT));
            for (name, colour, points) in lines(analysis, label) {
                plot.line(Line::new(name, points).color(colour).width(2.0));
            }
            for quality in MARKED {
                let dots = dots(analysis, quality);
                if !dots.is_empty() {
                    plot.points(
                        Points::new(format!("{} ({})", plural(quality), quality.mark()), dots)
                            .color(theme::quality_colour(quality))
                            .filled(true)
                            .radius(5.0),
                    );
                }
            }
        });
    let r = response.response;
    r.widget_info(|| WidgetInfo::labeled(WidgetType::Other, true, PLOT_LABEL));
    let pos = r.interact_pointer_pos().filter(|_| r.clicked())?;
    let x = response.transform.value_from_position(pos).x;
    Some(ply_at(x, last))
}

/// The line above the plot: whose win chance, the dots' key, and the hint.
fn caption_ui(ui: &mut egui::Ui, analysis: &GameAnalysis, label: &dyn Fn(Player) -> String) {
    let caption = if analysis.players == 2 {
        format!(
            "Win chance of A ({}) after each move (B's is the rest)",
            label(Player::A)
        )
    } else {
        "Each player's win chance when it is their turn".to_string()
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(caption).small());
        for quality in MARKED {
            ui.label(
                RichText::new(format!("• {} {}", quality.mark(), quality.name()))
                    .small()
                    .color(theme::quality_colour(quality)),
            );
        }
        ui.label(
            RichText::new("Click the plot to go to a move.")
                .small()
                .color(theme::MUTED_TEXT),
        );
    });
}

/// The move nearest plot coordinate `x`, within `0..=last`.
pub fn ply_at(x: f64, last: usize) -> usize {
    if x.is_nan() || x <= 0.0 {
        return 0;
    }
    (x.round() as usize).min(last)
}

/// The lines to draw: (name, colour, points in percent).
fn lines(
    analysis: &GameAnalysis,
    label: &dyn Fn(Player) -> String,
) -> Vec<(String, egui::Color32, PlotPoints<'static>)> {
    let last = analysis.plies.len();
    let players: Vec<Player> = if analysis.players == 2 {
        vec![Player::A]
    } else {
        Player::all(analysis.players).collect()
    };
    players
        .into_iter()
        .map(|player| {
            let points: PlotPoints<'static> = (0..=last)
                .filter_map(|k| {
                    let chance = analysis.win_chance(k, player)?;
                    Some([k as f64, 100.0 * chance])
                })
                .collect();
            let colour = if analysis.players == 2 {
                theme::PLOT_LINE
            } else {
                theme::player_colour(player)
            };
            (format!("{player} ({})", label(player)), colour, points)
        })
        .collect()
}

/// The dots of the moves of `quality`, at the move's end: on A's line with
/// two players, else at the mover's win chance after the move.
fn dots(analysis: &GameAnalysis, quality: MoveQuality) -> PlotPoints<'static> {
    analysis
        .plies
        .iter()
        .filter(|p| p.quality == quality && !p.opening)
        .map(|p| {
            let after = p.ply + 1;
            let chance = if analysis.players == 2 {
                analysis.win_chance(after, Player::A)
            } else {
                None
            }
            .unwrap_or_else(|| p.win_chance_after());
            [after as f64, 100.0 * chance]
        })
        .collect()
}

/// "inaccuracies", "mistakes", "blunders".
fn plural(quality: MoveQuality) -> &'static str {
    match quality {
        MoveQuality::Inaccuracy => "inaccuracies",
        MoveQuality::Mistake => "mistakes",
        MoveQuality::Blunder => "blunders",
        MoveQuality::Best | MoveQuality::Good => "moves",
    }
}

#[cfg(test)]
mod tests {
    use super::ply_at;

    #[test]
    fn clicks_land_on_the_nearest_move() {
        assert_eq!(ply_at(-3.0, 10), 0);
        assert_eq!(ply_at(f64::NAN, 10), 0);
        assert_eq!(ply_at(4.4, 10), 4);
        assert_eq!(ply_at(4.6, 10), 5);
        assert_eq!(ply_at(40.0, 10), 10);
    }
}
