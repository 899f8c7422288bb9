//! The widget probe of the browser test (scripts/web-smoke.sh): the page
//! draws on one canvas, so a test cannot find a button in the page's DOM.
//! When the page is opened with `window.chainlabProbe` set (the test sets it
//! before the page's own script runs), the app builds egui's accessibility
//! tree each frame and publishes its labelled widgets as
//! `window.chainlabWidgets`: a JSON array of `{label, role, x, y, w, h,
//! enabled}` in CSS pixels, for the test to find, check and click controls
//! by label at any page size. Without the flag nothing is built or
//! published.

use egui::{Context, FullOutput};
use wasm_bindgen::JsValue;

/// Installs the probe on `ctx` when the page asks for it.
pub fn install(ctx: &Context) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let asked = js_sys::Reflect::get(&window, &JsValue::from_str("chainlabProbe"))
        .is_ok_and(|v| v.is_truthy());
    if asked {
        ctx.enable_accesskit();
        ctx.add_plugin(Probe);
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
                let label = node.label()?;
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
