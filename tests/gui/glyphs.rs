//! Every character the app shows must be in egui's built-in fonts: a
//! missing glyph is drawn as an empty box (it once made the unsaved-changes
//! marker a "□"). This reads the string literals of `src/gui` and checks each
//! character outside ASCII against the fonts the app uses.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::FontFamily;
use skrifa::{FontRef, MetadataProvider};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The characters outside ASCII in the string literals of `text` (comment
/// lines skipped), with the first place each was found.
fn literal_chars(file: &Path, text: &str, found: &mut BTreeMap<char, String>) {
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut inside = false;
        let mut escaped = false;
        for c in line.chars() {
            match c {
                '\\' if inside && !escaped => escaped = true,
                '"' if !escaped => inside = !inside,
                _ => {
                    if inside && !c.is_ascii() {
                        found
                            .entry(c)
                            .or_insert_with(|| format!("{}:{}", file.display(), n + 1));
                    }
                    escaped = false;
                }
            }
        }
    }
}

#[test]
fn every_character_the_app_shows_has_a_glyph() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/gui"), &mut files);
    let mut found = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        literal_chars(file.strip_prefix(root).unwrap(), &text, &mut found);
    }
    assert!(
        found.contains_key(&'…'),
        "the scan finds literals: {found:?}"
    );

    // The fonts the app draws with: egui's defaults (the app adds none).
    let fonts = egui::FontDefinitions::default();
    let charmap_has = |name: &String, c: char| {
        let data = &fonts.font_data[name];
        FontRef::from_index(&data.font, data.index)
            .is_ok_and(|font| font.charmap().map(c).is_some())
    };
    let missing: Vec<String> = found
        .iter()
        .filter(|(c, _)| {
            [FontFamily::Proportional, FontFamily::Monospace]
                .iter()
                .any(|family| !fonts.families[family].iter().any(|n| charmap_has(n, **c)))
        })
        .map(|(c, at)| format!("{c:?} (U+{:04X}) at {at}", *c as u32))
        .collect();
    assert!(missing.is_empty(), "no glyph for: {missing:#?}");
}
