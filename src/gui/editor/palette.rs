//! Adding nodes: the palette at the side (searchable, by category; click a
//! kind or drag it onto the canvas), the same choice as a menu (right-click
//! on the canvas, or a wire dropped on empty canvas, which offers only the
//! kinds that fit), and the documentation shown when hovering a kind.

use egui::{RichText, Ui, WidgetInfo, WidgetType};

use crate::gui::theme;
use crate::strategy::{Category, KINDS, Kind, KindInfo, PinType};

use super::style;

/// A kind dragged from the palette onto the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaletteDrag(pub Kind);

/// Whether the palette and the add-node menu offer `kind`: a group is made
/// by grouping nodes, never added empty, and a group's inputs and outputs
/// only inside a group's body (`in_group`).
pub fn offered(kind: Kind, in_group: bool) -> bool {
    match kind {
        Kind::Group => false,
        Kind::GroupInput | Kind::GroupOutput => in_group,
        _ => true,
    }
}

/// How well `info` matches the search text, best first: 0 the exact name
/// (or file name), 1 a prefix of the name, 2 a prefix of a word of the name,
/// 3 elsewhere in the name, file name or category, 4 in the summary; `None`
/// when it does not match. An empty search matches everything equally.
fn rank(info: &KindInfo, search: &str) -> Option<u8> {
    let search = search.trim().to_lowercase();
    if search.is_empty() {
        return Some(0);
    }
    let title = info.title.to_lowercase();
    let key = info.key.to_lowercase();
    if title == search || key == search {
        Some(0)
    } else if title.starts_with(&search) || key.starts_with(&search) {
        Some(1)
    } else if title
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| word.starts_with(&search))
    {
        Some(2)
    } else if title.contains(&search)
        || key.contains(&search)
        || info.category.title().to_lowercase().contains(&search)
    {
        Some(3)
    } else if info.summary.to_lowercase().contains(&search) {
        Some(4)
    } else {
        None
    }
}

/// The kinds the palette and the add-node menus offer, in vocabulary order
/// (see [`offered`]).
pub fn palette_kinds(in_group: bool) -> impl Iterator<Item = &'static KindInfo> {
    KINDS.iter().filter(move |i| offered(i.kind, in_group))
}

/// Whether `info` matches the search text (name, file name, category or summary).
fn matches(info: &KindInfo, search: &str) -> bool {
    rank(info, search).is_some()
}

/// The kinds matching `search` for which `keep` is true, best match first
/// (ties in the vocabulary's order).
fn ranked<'a>(search: &str, keep: &dyn Fn(Kind) -> bool) -> Vec<&'a KindInfo> {
    let mut found: Vec<(u8, &KindInfo)> = palette_kinds(false)
        .filter(|i| keep(i.kind))
        .filter_map(|i| rank(i, search).map(|r| (r, i)))
        .collect();
    found.sort_by_key(|(r, _)| *r);
    found.into_iter().map(|(_, i)| i).collect()
}

/// The documentation of a kind: what it gives, how to use it, its pins.
pub fn doc_ui(ui: &mut Ui, info: &KindInfo) {
    ui.set_max_width(340.0);
    ui.label(RichText::new(info.title).strong());
    ui.label(
        RichText::new(info.category.title())
            .small()
            .color(theme::MUTED_TEXT),
    );
    ui.label(info.summary);
    ui.label(RichText::new(info.doc).color(theme::MUTED_TEXT));
    if !info.inputs.is_empty() {
        ui.add_space(2.0);
        for pin in info.inputs {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.label(
                    RichText::new(pin.name)
                        .color(style::pin_colour(pin.ty))
                        .strong(),
                );
                ui.label(
                    RichText::new(format!(
                        "({}, {} when unconnected): {}",
                        pin.ty.name(),
                        default_text(pin.ty, pin.default),
                        pin.doc
                    ))
                    .color(theme::MUTED_TEXT),
                );
            });
        }
    }
    if let Some(out) = info.output {
        ui.label(RichText::new(format!("gives a {}", out.name())).color(style::pin_colour(out)));
    }
}

/// How an unconnected input's default is shown: yes/no for yes/no pins.
pub fn default_text(ty: PinType, value: i64) -> String {
    match ty {
        PinType::Bool => if value != 0 { "yes" } else { "no" }.to_string(),
        PinType::Int => value.to_string(),
    }
}

/// The least height of the add-node menu.
const MENU_HEIGHT: f32 = 260.0;

/// The add-node menu: a search field, then the matching kinds when
/// searching, or one submenu per category. Only kinds for which `keep` is
/// true are offered. Returns the chosen kind.
pub fn kind_menu(ui: &mut Ui, search: &mut String, keep: &dyn Fn(Kind) -> bool) -> Option<Kind> {
    let mut chosen = None;
    ui.set_min_width(200.0);
    // As tall as the list of categories whatever is typed: a menu that
    // shrank with its matches would move under the pointer near the
    // window's bottom, where it opens upwards.
    ui.set_min_height(MENU_HEIGHT);
    let field = ui.add(
        egui::TextEdit::singleline(search)
            .hint_text("search nodes")
            .desired_width(190.0),
    );
    field.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "search nodes"));
    if !field.has_focus() && search.is_empty() {
        field.request_focus();
    }
    ui.separator();
    if search.trim().is_empty() {
        for category in Category::ALL {
            let kinds: Vec<&KindInfo> = palette_kinds(false)
                .filter(|i| i.category == category && keep(i.kind))
                .collect();
            if kinds.is_empty() {
                continue;
            }
            ui.menu_button(category.title(), |ui| {
                for info in kinds {
                    if kind_button(ui, info) {
                        chosen = Some(info.kind);
                    }
                }
            });
        }
    } else {
        let found = ranked(search, keep);
        if found.is_empty() {
            ui.label(RichText::new("no node matches").color(theme::MUTED_TEXT));
        }
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        for (n, info) in found.iter().enumerate() {
            if kind_button(ui, info) || (n == 0 && enter) {
                chosen = Some(info.kind);
            }
        }
    }
    if chosen.is_some() {
        search.clear();
        ui.close();
    }
    chosen
}

/// One kind in a menu: its title, with its documentation on hover.
fn kind_button(ui: &mut Ui, info: &KindInfo) -> bool {
    ui.button(info.title)
        .on_hover_ui(|ui| doc_ui(ui, info))
        .clicked()
}

/// The palette panel's state: its search text, and whether its search field
/// holds the keyboard focus without any text in it.
#[derive(Debug, Default)]
pub struct Palette {
    search: String,
    idle_focus: bool,
    /// Whether a group's body is shown (see [`offered`]).
    pub in_group: bool,
}

impl Palette {
    /// Whether the search field has the keyboard focus but is empty: no
    /// text is being edited, so the canvas's Ctrl shortcuts apply.
    pub fn has_idle_focus(&self) -> bool {
        self.idle_focus
    }

    /// Draws the palette; returns the kind clicked (to add it in view).
    /// Dragging a kind sets a [`PaletteDrag`] payload the canvas takes.
    pub fn ui(&mut self, ui: &mut Ui) -> Option<Kind> {
        let mut clicked = None;
        ui.add_space(4.0);
        ui.heading("Nodes");
        let row = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(
            row,
            egui::Layout::right_to_left(egui::Align::Center),
            |ui| {
                if !self.search.is_empty() {
                    let r = ui.small_button("✖").on_hover_text("Clear the search");
                    r.widget_info(|| WidgetInfo::labeled(WidgetType::Button, true, "clear search"));
                    if r.clicked() {
                        self.search.clear();
                    }
                }
                // INFINITY: as wide as the panel allows, never wider (which
                // would make the panel grow every frame). The id is fixed: the
                // clear button appears before the field once there is text,
                // and an automatic id would then change and drop the focus
                // after the first key typed. Escape leaves the field (egui).
                let field = ui.add(
                    egui::TextEdit::singleline(&mut self.search)
                        .id_salt("palette search")
                        .hint_text("search")
                        .desired_width(f32::INFINITY),
                );
                self.idle_focus = field.has_focus() && self.search.is_empty();
                field.widget_info(|| {
                    WidgetInfo::labeled(WidgetType::TextEdit, true, "search the palette")
                });
                // Enter adds the best match, as in the canvas's menu.
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if field.lost_focus() && enter && !self.search.trim().is_empty() {
                    let in_group = self.in_group;
                    let first = ranked(&self.search, &|k| offered(k, in_group))
                        .first()
                        .map(|i| i.kind);
                    if first.is_some() {
                        clicked = first;
                        self.search.clear();
                    }
                }
            },
        );
        ui.label(
            RichText::new("Click to add, or drag onto the canvas.")
                .small()
                .color(theme::MUTED_TEXT),
        );
        ui.add_space(2.0);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for category in Category::ALL {
                    let kinds: Vec<&KindInfo> = palette_kinds(self.in_group)
                        .filter(|i| i.category == category && matches(i, &self.search))
                        .collect();
                    if kinds.is_empty() {
                        continue;
                    }
                    ui.add_space(4.0);
                    ui.label(RichText::new(category.title()).small().strong().color(
                        style::category_colour(category).lerp_to_gamma(egui::Color32::WHITE, 0.45),
                    ));
                    for info in kinds {
                        if palette_item(ui, info) {
                            clicked = Some(info.kind);
                        }
                    }
                }
            });
        clicked
    }
}

/// One kind in the palette: click to add, drag to place; documented on hover.
fn palette_item(ui: &mut Ui, kind_info: &KindInfo) -> bool {
    let title = kind_info.title;
    let button = egui::Button::new(title)
        .frame(false)
        .sense(egui::Sense::click_and_drag())
        .min_size(egui::vec2(ui.available_width(), 0.0));
    let r = ui.add(button);
    r.widget_info(|| WidgetInfo::labeled(WidgetType::Button, true, format!("Add {title}")));
    r.dnd_set_drag_payload(PaletteDrag(kind_info.kind));
    if r.dragged()
        && let Some(pointer) = ui.ctx().pointer_interact_pos()
    {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
        egui::Area::new(egui::Id::new(("palette_ghost", kind_info.key)))
            .order(egui::Order::Tooltip)
            .fixed_pos(pointer + egui::vec2(8.0, 8.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(RichText::new(title).strong());
                });
            });
    }
    let clicked = r.clicked();
    if !r.dragged() {
        r.on_hover_ui(|ui| doc_ui(ui, kind_info));
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::info;

    #[test]
    fn search_finds_by_title_key_and_category() {
        let corner = info(Kind::IsCorner);
        assert!(matches(corner, "corner"));
        assert!(matches(corner, "IS_CORNER"));
        assert!(matches(corner, "cell position"));
        assert!(!matches(corner, "multiply"));
        assert_eq!(default_text(PinType::Bool, 1), "yes");
    }

    fn first(search: &str) -> &'static str {
        ranked(search, &|_| true).first().map_or("", |i| i.title)
    }

    #[test]
    fn exact_names_come_first_then_prefixes_then_words_then_descriptions() {
        // Before ranking, "not" listed Is edge first and "and" Neighbours.
        assert_eq!(first("not"), "Not");
        assert_eq!(first("and"), "And");
        assert_eq!(first("NOT "), "Not");
        assert_eq!(rank(info(Kind::Not), "not"), Some(0));
        assert_eq!(rank(info(Kind::Multiply), "mul"), Some(1));
        assert_eq!(rank(info(Kind::IsCorner), "corner"), Some(2));
        assert_eq!(first("corner"), "Is corner");
        assert_eq!(rank(info(Kind::IsCorner), "multiply"), None);
        let order: Vec<u8> = ranked("cr", &|_| true)
            .iter()
            .filter_map(|i| rank(i, "cr"))
            .collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
        let only_edge = ranked("not", &|k| k == Kind::IsEdge);
        assert_eq!(only_edge.len(), 1, "keep filters");
    }

    #[test]
    fn groups_are_not_offered_and_their_interface_only_inside_one() {
        let titles = |in_group| -> Vec<&str> { palette_kinds(in_group).map(|i| i.title).collect() };
        assert!(titles(false).contains(&"Weighted sum"));
        for hidden in ["Group", "Group input", "Group output"] {
            assert!(!titles(false).contains(&hidden), "{hidden}");
        }
        assert!(titles(true).contains(&"Group input"));
        assert!(!titles(true).contains(&"Group"));
        assert!(ranked("group", &|_| true).is_empty(), "the menus' search");
    }
}
