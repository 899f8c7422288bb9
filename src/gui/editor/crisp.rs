//! Canvas text drawn at the size it is seen: snarl draws the graph in a
//! layer that egui scales by the zoom, and egui scales a text shape by
//! shrinking glyphs rasterised at the unzoomed size, which loses strokes
//! below about 70 % ("b" shows as "ɔ"). After snarl has drawn, every text
//! shape of its layer is laid out again with its fonts (sizes, spacing and
//! wrap width) times the zoom, and scaled back by the inverse of the zoom
//! in the layer; the layer's transform then brings it to the zoomed size,
//! so that its glyphs are rasterised at the size they are shown.
//!
//! Invariant: a shape keeps its position, and its size in canvas units
//! differs from the original only by the rounding of glyph positions at the
//! smaller size (so the nodes' layout, measured at the unzoomed size, holds).

use std::sync::Arc;

use egui::emath::TSTransform;
use egui::epaint::{ClippedShape, Shape, TextShape};
use egui::layers::ShapeIdx;
use egui::text::LayoutJob;
use egui::{Context, LayerId};

/// Zooms within this much of 1 draw text as laid out.
const NEAR_ONE: f32 = 0.005;

/// The zoom at which text is laid out: `zoom` rounded to hundredths, so that
/// a slow zoom does not fill the font atlas with a size per frame.
fn layout_zoom(zoom: f32) -> f32 {
    ((zoom * 100.0).round() / 100.0).max(0.01)
}

/// Lays out again, at their on-screen size, the text shapes painted so far
/// in `layer`, a layer shown at `zoom`.
pub fn sharpen_text(ctx: &Context, layer: LayerId, zoom: f32) {
    if (zoom - 1.0).abs() < NEAR_ONE || !zoom.is_finite() || zoom <= 0.0 {
        return;
    }
    let q = layout_zoom(zoom);
    let shapes: Vec<(usize, Shape)> = ctx.graphics(|g| {
        g.get(layer).map_or_else(Vec::new, |list| {
            list.all_entries()
                .enumerate()
                .filter(|(_, c)| has_text(&c.shape))
                .map(|(i, c)| (i, c.shape.clone()))
                .collect()
        })
    });
    if shapes.is_empty() {
        return;
    }
    let sharp: Vec<(usize, Shape)> = shapes
        .into_iter()
        .map(|(i, s)| (i, sharpen(ctx, s, q)))
        .collect();
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        for (i, shape) in sharp {
            list.mutate_shape(ShapeIdx(i), |c: &mut ClippedShape| c.shape = shape);
        }
    });
}

fn has_text(shape: &Shape) -> bool {
    match shape {
        Shape::Text(_) => true,
        Shape::Vec(shapes) => shapes.iter().any(has_text),
        _ => false,
    }
}

/// `shape` with its text laid out at `q` times its size and scaled by `1/q`.
fn sharpen(ctx: &Context, shape: Shape, q: f32) -> Shape {
    match shape {
        Shape::Text(text) => Shape::Text(sharpen_one(ctx, text, q)),
        Shape::Vec(shapes) => Shape::Vec(shapes.into_iter().map(|s| sharpen(ctx, s, q)).collect()),
        other => other,
    }
}

fn sharpen_one(ctx: &Context, text: TextShape, q: f32) -> TextShape {
    if text.galley.is_empty() {
        return text;
    }
    let job = scaled_job(&text.galley.job, q);
    let galley = ctx.fonts_mut(|f| f.layout_job(job));
    let pos = text.pos;
    let mut sharp = TextShape { galley, ..text };
    // About `pos`: the shape stays where it was, its size shrinks by `1/q`.
    sharp.transform(TSTransform::new(pos.to_vec2() - pos.to_vec2() / q, 1.0 / q));
    sharp
}

/// `job` with every length in it times `q`.
fn scaled_job(job: &Arc<LayoutJob>, q: f32) -> LayoutJob {
    let mut job = LayoutJob::clone(job);
    for s in &mut job.sections {
        s.leading_space *= q;
        let f = &mut s.format;
        f.font_id.size *= q;
        f.extra_letter_spacing *= q;
        f.line_height = f.line_height.map(|h| h * q);
        f.expand_bg *= q;
    }
    job.wrap.max_width *= q;
    job.first_row_min_height *= q;
    job.round_output_to_gui = false;
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_zoom_is_rounded_and_positive() {
        assert_eq!(layout_zoom(0.4321), 0.43);
        assert_eq!(layout_zoom(0.0001), 0.01);
    }

    #[test]
    fn a_sharpened_text_keeps_its_place_and_about_its_size() {
        let ctx = Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let ctx = ui.ctx();
            let galley = ctx.fonts_mut(|f| {
                f.layout_no_wrap(
                    "Is corner".into(),
                    egui::FontId::proportional(13.0),
                    egui::Color32::WHITE,
                )
            });
            let pos = egui::pos2(100.0, 50.0);
            let shape = TextShape::new(pos, galley.clone(), egui::Color32::WHITE);
            let sharp = sharpen_one(ctx, shape, 0.4);
            assert_eq!(sharp.pos, pos);
            let (w0, w1) = (galley.size().x, sharp.galley.size().x);
            assert!((w1 - w0).abs() / w0 < 0.1, "{w0} vs {w1}");
            assert!((sharp.galley.job.sections[0].format.font_id.size - 5.2).abs() < 0.01);
        });
        out.textures_delta.clear();
    }
}
