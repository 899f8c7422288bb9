//! Tables as aligned plain text (for a terminal) or as Markdown, shared by
//! `chainlab tournament`'s output and the class reports. Cells are written
//! as given: the caller escapes them for where they go.

/// Rows of cells under `header`, aligned as text or as a Markdown table;
/// columns whose `right` is true are right-aligned (numbers).
pub fn table(header: &[String], rows: &[Vec<String>], right: &[bool], markdown: bool) -> String {
    let columns = header.len();
    let least = if markdown { 3 } else { 0 };
    let mut widths: Vec<usize> = header
        .iter()
        .map(|h| h.chars().count().max(least))
        .collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let align = |cell: &str, k: usize| {
        let w = widths.get(k).copied().unwrap_or(0);
        if right.get(k).copied().unwrap_or(false) {
            format!("{cell:>w$}")
        } else {
            format!("{cell:<w$}")
        }
    };
    let line = |cells: &[String]| {
        let parts: Vec<String> = cells.iter().enumerate().map(|(k, c)| align(c, k)).collect();
        if markdown {
            format!("| {} |\n", parts.join(" | "))
        } else {
            format!("  {}\n", parts.join("  ").trim_end())
        }
    };
    let mut out = line(header);
    if markdown {
        let rule: Vec<String> = (0..columns)
            .map(|k| {
                let w = widths.get(k).copied().unwrap_or(3).max(3);
                if right.get(k).copied().unwrap_or(false) {
                    format!("{}:", "-".repeat(w - 1))
                } else {
                    "-".repeat(w)
                }
            })
            .collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
    }
    for row in rows {
        out.push_str(&line(row));
    }
    out
}

/// The strings of `cells`.
pub fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|s| s.to_string()).collect()
}
