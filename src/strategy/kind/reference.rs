//! Produces `docs/nodes.md`, the node reference, from the documentation table.

use super::docs::{Category, KINDS};
use super::pins::PinType;

/// The node reference in Markdown (the content of `docs/nodes.md`).
pub fn nodes_markdown() -> String {
    let mut md = String::new();
    md.push_str("# Node reference\n\n");
    md.push_str(
        "Generated from the node documentation in `src/strategy/kind/docs.rs` (a test fails when this \
         file is out of date; regenerate it with `chainlab nodes > docs/nodes.md`).\n\n",
    );
    md.push_str(
        "A strategy graph values one cell: it is run for every cell the player to move may \
         place on (\"the evaluated cell\"). \"Mine\" is always that player. Pins carry numbers \
         or yes/no values; a yes/no used as a number is 1 or 0, but a number is never used as \
         a yes/no (use Compare). An unconnected input takes the default shown. Measuring nodes \
         with a `when` parameter look at the board now (`now`), after placing an atom on the \
         evaluated cell and resolving the chain (`after`), or after that and the next \
         player's strongest reply (`reply`, \"after the best reply\"). The strongest reply is \
         the legal reply that leaves me the fewest atoms (a reply that wins or knocks me out \
         leaves 0, so it comes first), ties broken by the lowest cell in row-major order; with \
         more than 2 players only the next player to move replies. When placing here ends the \
         game, the board after the best reply is the board after placing here. Every \
         measurement, also on the reply board, is taken from my point of view.\n\n",
    );
    for category in Category::ALL {
        md.push_str(&format!(
            "- [{}](#{})\n",
            category.title(),
            anchor(category.title())
        ));
    }
    md.push('\n');
    for category in Category::ALL {
        md.push_str(&format!("## {}\n\n", category.title()));
        for k in KINDS.iter().filter(|k| k.category == category) {
            md.push_str(&format!("### {}\n\n", k.title));
            md.push_str(&format!("`{}` — {}\n\n{}\n\n", k.key, k.summary, k.doc));
            if !k.inputs.is_empty() {
                md.push_str("| input | type | unconnected | meaning |\n|---|---|---|---|\n");
                for p in k.inputs {
                    let default = match p.ty {
                        PinType::Bool if p.default != 0 => "yes".to_string(),
                        PinType::Bool => "no".to_string(),
                        PinType::Int => p.default.to_string(),
                    };
                    md.push_str(&format!(
                        "| `{}` | {} | {} | {} |\n",
                        p.name,
                        p.ty.name(),
                        default,
                        p.doc
                    ));
                }
                md.push('\n');
            }
            match k.output {
                Some(t) => md.push_str(&format!("Output: {}.\n\n", t.name())),
                None => md.push_str("No output.\n\n"),
            }
            if !k.params.is_empty() {
                md.push_str("Parameters:\n\n");
                for (name, doc) in k.params {
                    md.push_str(&format!("- `{name}`: {doc}\n"));
                }
                md.push('\n');
            }
        }
    }
    md
}

fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' => Some(c),
            _ => None,
        })
        .collect()
}
