//! The score plot: side A's running score as games come in, with the band
//! of its 95% interval narrowing around it, against the 50% line.

use egui_plot::{FilledArea, HLine, Line, Plot, PlotPoints};

use crate::gui::theme;
use crate::rules::Player;

use super::store::ScorePoint;

/// Draws the plot of `points` for a pairing of `planned` games; `a` names
/// the side whose score it is.
pub fn score_plot(ui: &mut egui::Ui, points: &[ScorePoint], planned: u64, a: &str, height: f32) {
    let colour = theme::player_colour(Player::A);
    let xs: Vec<f64> = points.iter().map(|p| p.games).collect();
    let low: Vec<f64> = points.iter().map(|p| 100.0 * p.low).collect();
    let high: Vec<f64> = points.iter().map(|p| 100.0 * p.high).collect();
    let score: PlotPoints<'_> = points.iter().map(|p| [p.games, 100.0 * p.score]).collect();
    Plot::new("arena_score_plot")
        .height(height)
        .include_x(0.0)
        .include_x(planned.max(1) as f64)
        .include_y(0.0)
        .include_y(100.0)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            let step = nice_step((input.bounds.1 - input.bounds.0) / 6.0);
            [step / 5.0, step, step * 5.0]
        }))
        .x_axis_label("games")
        .y_axis_label("score %")
        .label_formatter(|hover| match hover {
            egui_plot::HoverPosition::NearDataPoint {
                plot_name,
                position,
                ..
            } => Some(format!(
                "{plot_name}\nafter {:.0} games: {:.1}%",
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
            if xs.len() >= 2 {
                plot.add(
                    FilledArea::new("95% interval", &xs, &low, &high)
                        .fill_color(colour.gamma_multiply(0.25)),
                );
            }
            plot.line(
                Line::new(format!("score of {a}"), score)
                    .color(colour)
                    .width(2.0),
            );
        });
}

/// A round step (1, 2 or 5 times a power of ten, at least 1) near `raw`.
fn nice_step(raw: f64) -> f64 {
    if !raw.is_finite() || raw <= 1.0 {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    let mantissa = raw / power;
    let nice = if mantissa < 1.5 {
        1.0
    } else if mantissa < 3.5 {
        2.0
    } else if mantissa < 7.5 {
        5.0
    } else {
        10.0
    };
    nice * power
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(170.0), 200.0);
        assert_eq!(nice_step(16.0), 20.0);
        assert_eq!(nice_step(40.0), 50.0);
        assert_eq!(nice_step(0.2), 1.0);
        assert_eq!(nice_step(f64::NAN), 1.0);
    }
}
