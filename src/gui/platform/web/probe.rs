//! The widget probe of the browser test (scripts/web-smoke.sh): the page
//! draws on one canvas, so a test cannot find a button in the page's DOM.
//! When the page is opened with `window.chainlabProbe` set (the test sets it
//! before the page's own script runs), the app builds egui's accessibility
//! tree each frame and publishes its labelled widgets as
//! `window.chainlabWidgets`: a JSON array of `{label, role, x, y, w, h,
//! enabled}` in CSS pixels (a button's label; a text label's text), for the test to find, check and click controls
//! by label at any page size. Without the flag nothing is built or
//! published.

use egui::{Context, FullOutput};
use wasm_bindgen::{JsCast, JsValue};

/// Installs the probe, and the frame clock, on `ctx` when the page asks for them.
pub fn install(ctx: &Context) {
    if is_set("chainlabProbe") {
        ctx.enable_accesskit();
        ctx.add_plugin(Probe);
    }
    if is_set("chainlabFrameClock") {
        ctx.add_plugin(FrameClock { began: None });
    }
}

/// Whether the page set `window.NAME` to a true value (the browser test does,
/// before the page's own script runs).
pub fn is_set(name: &str) -> bool {
    web_sys::window().is_some_and(|window| {
        js_sys::Reflect::get(&window, &JsValue::from_str(name)).is_ok_and(|v| v.is_truthy())
    })
}

/// The frame clock of the browser test: the milliseconds each frame's
/// pass took (the app's own work, from the input to the output, before
/// egui tessellates and the browser paints), appended to
/// `window.chainlabFrames`. A search run inside a frame shows here; the
/// page's painting, which a software renderer makes slow, does not.
struct FrameClock {
    began: Option<f64>,
}

fn now_ms() -> Option<f64> {
    Some(web_sys::window()?.performance()?.now())
}

impl egui::Plugin for FrameClock {
    fn debug_name(&self) -> &'static str {
        "chainlab frame clock"
    }

    fn input_hook(&mut self, _ctx: &Context, _input: &mut egui::RawInput) {
        self.began = now_ms();
    }

    fn output_hook(&mut self, _ctx: &Context, _output: &mut FullOutput) {
        let (Some(began), Some(now), Some(window)) =
            (self.began.take(), now_ms(), web_sys::window())
        else {
            return;
        };
        let key = JsValue::from_str("chainlabFrames");
        let frames = match js_sys::Reflect::get(&window, &key) {
            Ok(list) if js_sys::Array::is_array(&list) => list.unchecked_into::<js_sys::Array>(),
            _ => {
                let list = js_sys::Array::new();
                let _ = js_sys::Reflect::set(&window, &key, &list);
                list
            }
        };
        frames.push(&JsValue::from_f64(now - began));
    }
}

/// The plugin that publishes each frame's widgets.
struct Probe;

impl egui::Plugin for Probe {
    fn debug_name(&self) -> &'static str {
        "chainlab widget probe"
    }

    fn output_hook(&mut self, ctx: &Context, output: &mut FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        // Bounds are in points; the page's CSS pixels are points times the
        // zoom (the device's pixel ratio does not enter).
        let zoom = f64::from(ctx.zoom_factor());
        let widgets: Vec<serde_json::Value> = update
            .nodes
            .iter()
            .filter_map(|(_, node)| {
                // A button's text is its label; a plain label's text is
                // its value (egui's accesskit mapping).
                let label = node.label().or_else(|| node.value())?;
                let rect = node.bounds()?;
                Some(serde_json::json!({
                    "label": label,
                    "role": format!("{:?}", node.role()),
                    "x": rect.x0 * zoom,
                    "y": rect.y0 * zoom,
                    "w": (rect.x1 - rect.x0) * zoom,
                    "h": (rect.y1 - rect.y0) * zoom,
                    "enabled": !node.is_disabled(),
                }))
            })
            .collect();
        let Some(window) = web_sys::window() else {
            return;
        };
        let text = serde_json::Value::Array(widgets).to_string();
        let _ = js_sys::Reflect::set(
            &window,
            &JsValue::from_str("chainlabWidgets"),
            &JsValue::from_str(&text),
        );
    }
}
