//! The shape of the source tree, checked: the layers depend one way
//! (rules ← {strategy, protocol} ← eval ← bots ← arena ← {tune, analysis,
//! class} ← {gui, cli}), no two files inside one folder import each other in
//! a circle, no function or file grows past its ceiling, and nothing refers
//! to a design file outside the repository.
//!
//! The import graph is read from the source text, outside comments and
//! strings: every `crate::…` and `super::…` path, and every path that starts
//! with a name the file imported (`use crate::gui; … gui::Command`), each
//! resolved to the deepest module it names, through re-exports: a path to
//! `gui::Command` where `gui/mod.rs` says `pub use app::Command` is an
//! import of `gui::app`, so a circle that runs through a parent's re-export
//! is found like any other. A glob import (`use crate::gui::*`) counts as an
//! import of everything the module brings in by name. `super` inside an
//! inline module (`mod tests { … }`) is relative to it, and a file declared
//! with `#[path = "…"] mod name;` is the module `name` of the file that
//! declares it. `circles_through_re_exports_are_found` tests the checker.
//!
//! `cargo test --test architecture -- --nocapture` prints the import edges
//! inside each folder, the circles, and the longest functions and files.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path such as `["eval", "compile"]`; the crate root is empty.
type ModPath = Vec<String>;

/// The top-level modules in layer order: each may use only those before it.
/// `rng`, `input`, `output` and `time` are leaf utilities usable by all; `gui` and `cli`
/// are peers at the top.
const LAYERS: &[&[&str]] = &[
    &["rng", "input", "output", "time"],
    &["rules"],
    &["strategy", "protocol", "solve"],
    &["eval", "export"],
    &["bots"],
    &["arena"],
    &["tune", "analysis", "class"],
    &["gui", "cli"],
];

/// Import circles inside a folder known today, each as its sorted members:
/// none. A new circle fails the test.
const KNOWN_CIRCLES: &[&[&str]] = &[];

/// The longest function allowed, in lines.
const MAX_FUNCTION_LINES: usize = 80;

/// The longest source file allowed, in lines (unit tests inside included).
const MAX_FILE_LINES: usize = 500;

/// Files that are mostly a table of data, exempt from [`MAX_FILE_LINES`]:
/// the documentation of every node kind is one table read by the editor,
/// the CLI and the generated `docs/nodes.md`.
const TABLE_FILES: &[&str] = &["src/strategy/kind/docs.rs"];

/// One source file: its module path and its text without comments and strings.
struct Source {
    module: ModPath,
    file: PathBuf,
    code: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &["rs"], &mut files);
    files.sort();
    let sources = files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(&root).ok()?.to_path_buf();
            let mut module: ModPath = relative
                .iter()
                .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            let text = fs::read_to_string(&file).ok()?;
            Some(Source {
                module,
                file,
                code: strip_comments_and_strings(&text),
            })
        })
        .collect();
    with_path_attributes(sources)
}

/// The sources with the module paths their `#[path = "…"] mod name;`
/// declarations give them: `src/gui/arena/run_tests.rs`, declared in
/// `run.rs`, is the module `gui::arena::run::tests`, so its `super` is
/// `run`.
fn with_path_attributes(mut sources: Vec<Source>) -> Vec<Source> {
    let mut declared: Vec<(PathBuf, ModPath)> = Vec::new();
    for source in &sources {
        let Ok(text) = fs::read_to_string(&source.file) else {
            continue;
        };
        let mut rest = text.as_str();
        while let Some(at) = rest.find("#[path = \"") {
            let after = &rest[at + 10..];
            let Some(end) = after.find('"') else { break };
            let relative = &after[..end];
            let tail = &after[end..];
            let name: Option<String> = tail.find("mod ").map(|m| {
                tail[m + 4..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            });
            if let (Some(name), Some(dir)) = (name, source.file.parent())
                && let Ok(file) = fs::canonicalize(dir.join(relative))
            {
                let mut module = source.module.clone();
                module.push(name);
                declared.push((file, module));
            }
            rest = tail;
        }
    }
    for source in &mut sources {
        let file = fs::canonicalize(&source.file).unwrap_or_else(|_| source.file.clone());
        if let Some((_, module)) = declared.iter().find(|(f, _)| *f == file) {
            source.module = module.clone();
        }
    }
    sources
}

/// Every file under `dir` whose extension is one of `extensions`.
fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, extensions, out);
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// The text with comments and the contents of string and char literals
/// blanked (line structure kept), so paths are only found in code.
fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && is_raw_start(&chars, i) {
            i = skip_raw_string(&chars, i, &mut out);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            out.push_str("' '");
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_raw_start(chars: &[char], i: usize) -> bool {
    let before_is_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    if before_is_ident {
        return false;
    }
    let mut j = i + 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
}

fn skip_raw_string(chars: &[char], start: usize, out: &mut String) -> usize {
    let mut i = start + 1;
    let mut hashes = 0;
    while chars.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    i += 1; // the opening quote
    while i < chars.len() {
        if chars[i] == '"' && (0..hashes).all(|k| chars.get(i + 1 + k) == Some(&'#')) {
            out.push_str("\"\"");
            return i + 1 + hashes;
        }
        if chars[i] == '\n' {
            out.push('\n');
        }
        i += 1;
    }
    i
}

/// A `'` that opens a char literal rather than a lifetime or label.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    matches!(
        (chars.get(i + 1), chars.get(i + 2)),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// Where inline modules (`mod tests { … }`) start and end in `code`, with
/// their names: a `super` inside one is relative to it.
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i + 4 < chars.len() {
        let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if starts_word && chars[i..i + 4] == ['m', 'o', 'd', ' '] {
            let mut j = i + 4;
            let name = take_word(&chars, &mut j);
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            if !name.is_empty() && chars.get(j) == Some(&'{') {
                let mut depth = 0usize;
                let mut k = j;
                while k < chars.len() {
                    match chars[k] {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                found.push((j, k, name));
            }
        }
        i += 1;
    }
    found
}

/// A module path named in a file, and whether it was a glob (`a::*`).
struct Reference {
    path: ModPath,
    glob: bool,
}

/// Every module path named in `code` (the file of module `from`): by a
/// `crate::` or `super::` path (a `super` inside an inline module is
/// relative to it), or by a path that starts with a name the file imported
/// (`use crate::gui; … gui::Command`), expanding `{a, b::c}` groups.
fn referenced_paths(
    from: &ModPath,
    code: &str,
    bindings: &BTreeMap<String, ModPath>,
) -> Vec<Reference> {
    let inline = inline_modules(code);
    let scope_at = |i: usize| -> ModPath {
        let mut scope = from.clone();
        scope.extend(
            inline
                .iter()
                .filter(|(start, end, _)| *start < i && i < *end)
                .map(|(_, _, name)| name.clone()),
        );
        scope
    };
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        let mut j = i;
        let word = if starts_word {
            take_word(&bytes, &mut j)
        } else {
            String::new()
        };
        let is_path = bytes.get(j) == Some(&':') && bytes.get(j + 1) == Some(&':');
        let base = match word.as_str() {
            _ if !is_path => None,
            "crate" => Some(Vec::new()),
            // `super` of `a::b` (the file `a/b.rs` or `a/b/mod.rs`) is `a`.
            "super" => {
                let mut parent = scope_at(i);
                parent.pop();
                Some(parent)
            }
            other => bindings.get(other).cloned(),
        };
        let Some(base) = base else {
            i = if word.is_empty() { i + 1 } else { j };
            continue;
        };
        let (trees, end) = parse_use_tree(&bytes, j + 2);
        for (tail, binding) in trees {
            let mut path = base.clone();
            let mut tail = tail.as_slice();
            // `super::super::x`: each leading `super` is one level up.
            while let Some(("super", rest)) = tail.split_first().map(|(w, r)| (w.as_str(), r)) {
                path.pop();
                tail = rest;
            }
            path.extend(tail.iter().cloned());
            let glob = matches!(binding, Binding::Glob);
            found.push(Reference { path, glob });
        }
        i = end.max(i + 1);
    }
    found
}

/// The deepest known module that `path` starts with.
fn resolve(path: &ModPath, modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
}

/// Import edges between distinct modules, with the crate's binary (`cli`
/// and `main`) included.
fn edges() -> BTreeSet<(ModPath, ModPath)> {
    edges_of(&sources())
}

/// Import edges between the distinct modules of `sources`, each path
/// followed through the re-exports it passes.
fn edges_of(sources: &[Source]) -> BTreeSet<(ModPath, ModPath)> {
    let modules: BTreeSet<ModPath> = sources.iter().map(|s| s.module.clone()).collect();
    let exports: BTreeMap<ModPath, Exports> = sources
        .iter()
        .map(|s| (s.module.clone(), exports_of(s, &modules)))
        .collect();
    let none = BTreeMap::new();
    let mut edges = BTreeSet::new();
    for source in sources {
        let bindings = exports.get(&source.module).map_or(&none, |e| &e.named);
        for reference in referenced_paths(&source.module, &source.code, bindings) {
            let path = follow(reference.path, &modules, &exports);
            let mut targets = vec![path.clone()];
            // `use a::*`: everything `a` brings in by name counts as named.
            if reference.glob
                && let Some(all) = exports.get(&path)
            {
                targets.extend(all.named.values().cloned());
                targets.extend(all.globs.iter().cloned());
            }
            for target in targets {
                let target = follow(target, &modules, &exports);
                if let Some(target) = resolve(&target, &modules)
                    && target != source.module
                {
                    edges.insert((source.module.clone(), target));
                }
            }
        }
    }
    edges
}

/// What a module's `use` declarations bring in by name (re-exports, and
/// private imports, which its descendants may also name through it): each
/// name with the full path it stands for; the modules of its glob imports;
/// and the names it defines itself (which a glob does not shadow).
#[derive(Default)]
struct Exports {
    named: BTreeMap<String, ModPath>,
    globs: Vec<ModPath>,
    defined: BTreeSet<String>,
}

/// The [`Exports`] of one source file.
fn exports_of(source: &Source, modules: &BTreeSet<ModPath>) -> Exports {
    let mut exports = Exports::default();
    let inline = inline_modules(&source.code);
    // Imports inside an inline module (`mod tests { use super::*; }`) are
    // that module's, not the file's.
    let at_top = |i: usize| !inline.iter().any(|(start, end, _)| *start < i && i < *end);
    for (at, declaration) in use_declarations(&source.code) {
        if !at_top(at) {
            continue;
        }
        let (trees, _) = parse_use_tree(&declaration.chars().collect::<Vec<_>>(), 0);
        for (path, binding) in trees {
            let Some(full) = absolute(&source.module, &path, modules) else {
                continue;
            };
            match binding {
                Binding::Glob => exports.globs.push(full),
                Binding::Name(name) => {
                    exports.named.insert(name, full);
                }
            }
        }
    }
    for line in source.code.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            if matches!(
                pair[0],
                "fn" | "struct" | "enum" | "const" | "static" | "type" | "trait" | "mod"
            ) {
                let name: String = pair[1]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                exports.defined.insert(name);
            }
        }
    }
    exports
}

/// Every `use` declaration in `code`: where it is (in characters) and its
/// text after `use`, before `;`.
fn use_declarations(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let offset = code.len() - rest.len() + at;
        let after = &rest[at + 3..];
        let before = rest[..at].trim_end();
        let is_item = before.is_empty()
            || before.ends_with([';', '{', '}', ']'])
            || before.ends_with("pub")
            || before.ends_with(')');
        let end = after.find(';').unwrap_or(after.len());
        if is_item {
            let position = code[..offset].chars().count();
            out.push((position, after[..end].to_string()));
        }
        rest = &after[end.min(after.len())..];
    }
    out
}

/// Where the word `word` starts in `text` (not inside a longer identifier).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let before_ok = !text[..at].chars().next_back().is_some_and(is_ident);
        let after_ok = !text[at + word.len()..].chars().next().is_some_and(is_ident);
        if before_ok && after_ok {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// What one leaf of a use tree binds.
enum Binding {
    /// `a::b` or `a::b as c`: the name `b` (or `c`).
    Name(String),
    /// `a::*`: every public name of `a`.
    Glob,
}

/// Parses a use tree at `i` (`a::b`, `a::b as c`, `a::{self, b, c::*}`)
/// into its leaves, each full path and what it binds, and where it ends.
fn parse_use_tree(chars: &[char], mut i: usize) -> (Vec<(Vec<String>, Binding)>, usize) {
    let mut prefix: Vec<String> = Vec::new();
    let skip_space = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    loop {
        skip_space(&mut i);
        match chars.get(i) {
            Some('{') => {
                i += 1;
                let mut all = Vec::new();
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    match chars.get(i) {
                        None => return (all, i),
                        Some('}') => return (all, i + 1),
                        _ => {}
                    }
                    let (inner, end) = parse_use_tree(chars, i);
                    for (tail, binding) in inner {
                        let mut path = prefix.clone();
                        path.extend(tail);
                        // `a::{self, …}` names `a` itself.
                        let binding = match binding {
                            Binding::Name(name) if name == "self" => {
                                path.pop();
                                Binding::Name(path.last().cloned().unwrap_or_default())
                            }
                            other => other,
                        };
                        all.push((path, binding));
                    }
                    i = if end == i { i + 1 } else { end };
                }
            }
            Some('*') => return (vec![(prefix, Binding::Glob)], i + 1),
            _ => {}
        }
        let word = take_word(chars, &mut i);
        if word.is_empty() {
            return (Vec::new(), i);
        }
        let is_self = word == "self";
        if !is_self || prefix.is_empty() {
            prefix.push(word);
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            continue;
        }
        skip_space(&mut i);
        let mut name = prefix.last().cloned().unwrap_or_default();
        let mut j = i;
        if take_word(chars, &mut j) == "as" {
            skip_space(&mut j);
            name = take_word(chars, &mut j);
            i = j;
        }
        return (vec![(prefix, Binding::Name(name))], i);
    }
}

/// The identifier at `i`, moving `i` past it.
fn take_word(chars: &[char], i: &mut usize) -> String {
    let start = *i;
    while chars
        .get(*i)
        .is_some_and(|c| c.is_alphanumeric() || *c == '_')
    {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

/// A use path written in module `from` as a path from the crate root, or
/// `None` when it names something outside the crate.
fn absolute(from: &ModPath, path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let (first, rest) = path.split_first()?;
    let mut base = match first.as_str() {
        "crate" => Vec::new(),
        "self" => from.clone(),
        "super" => {
            let mut parent = from.clone();
            parent.pop()?;
            parent
        }
        _ => {
            let mut child = from.clone();
            child.push(first.clone());
            if !modules.contains(&child) {
                return None;
            }
            child
        }
    };
    let mut rest = rest;
    while let Some((word, tail)) = rest.split_first() {
        if word != "super" {
            break;
        }
        base.pop()?;
        rest = tail;
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// `path` with every re-export it passes replaced by what it stands for:
/// `gui::Command`, where `gui` re-exports `app::Command`, becomes
/// `gui::app::Command`.
fn follow(
    mut path: ModPath,
    modules: &BTreeSet<ModPath>,
    exports: &BTreeMap<ModPath, Exports>,
) -> ModPath {
    for _ in 0..16 {
        let Some(module) = resolve(&path, modules) else {
            return path;
        };
        let Some(name) = path.get(module.len()).cloned() else {
            return path;
        };
        let Some(found) = exports.get(&module) else {
            return path;
        };
        let target = match found.named.get(&name) {
            Some(target) => target.clone(),
            None if !found.defined.contains(&name) && !found.globs.is_empty() => {
                // The first glob whose module is known stands for the name.
                let Some(glob) = found.globs.iter().find(|g| modules.contains(*g)) else {
                    return path;
                };
                let mut target = glob.clone();
                target.push(name);
                target
            }
            None => return path,
        };
        if target == path[..=module.len()] {
            return path;
        }
        let mut next = target;
        next.extend(path[module.len() + 1..].iter().cloned());
        path = next;
    }
    path
}

fn name(module: &ModPath) -> String {
    if module.is_empty() {
        String::from("crate")
    } else {
        module.join("::")
    }
}

/// Edges between sibling files of one folder, each end lifted to the child of
/// the folder that contains it; edges to the folder's own mod.rs are left out.
fn sibling_edges(
    all: &BTreeSet<(ModPath, ModPath)>,
) -> BTreeMap<ModPath, BTreeSet<(ModPath, ModPath)>> {
    let mut by_folder: BTreeMap<ModPath, BTreeSet<(ModPath, ModPath)>> = BTreeMap::new();
    for (from, to) in all {
        let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
        if common >= from.len() || common >= to.len() {
            continue; // one contains the other
        }
        let folder = from[..common].to_vec();
        let a = from[..=common].to_vec();
        let b = to[..=common].to_vec();
        by_folder.entry(folder).or_default().insert((a, b));
    }
    by_folder
}

/// Strongly connected components with more than one member (Tarjan's).
fn circles(edges: &BTreeSet<(ModPath, ModPath)>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&ModPath> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    let nodes: Vec<&ModPath> = nodes.into_iter().collect();
    let index_of = |m: &ModPath| nodes.iter().position(|n| *n == m);
    let mut adjacency = vec![Vec::new(); nodes.len()];
    for (a, b) in edges {
        if let (Some(a), Some(b)) = (index_of(a), index_of(b)) {
            adjacency[a].push(b);
        }
    }
    let mut state = Tarjan {
        adjacency,
        index: vec![None; nodes.len()],
        low: vec![0; nodes.len()],
        on_stack: vec![false; nodes.len()],
        stack: Vec::new(),
        next: 0,
        components: Vec::new(),
    };
    for v in 0..nodes.len() {
        if state.index[v].is_none() {
            state.visit(v);
        }
    }
    let mut out: Vec<Vec<String>> = state
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.into_iter().map(|v| name(nodes[v])).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

struct Tarjan {
    adjacency: Vec<Vec<usize>>,
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for w in self.adjacency[v].clone() {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

fn layer_of(module: &ModPath) -> Option<usize> {
    let top = module.first()?;
    LAYERS
        .iter()
        .position(|layer| layer.contains(&top.as_str()))
}

#[test]
fn layers_depend_one_way() {
    let mut wrong = Vec::new();
    for (from, to) in edges() {
        if let (Some(a), Some(b)) = (layer_of(&from), layer_of(&to))
            && b > a
        {
            wrong.push(format!("{} uses {}", name(&from), name(&to)));
        }
        if from.first().map(String::as_str) == Some("gui")
            && to.first().map(String::as_str) == Some("cli")
        {
            wrong.push(format!("{} uses {}", name(&from), name(&to)));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// A source file made up for the tests of the checker itself.
fn made_up(module: &str, code: &str) -> Source {
    Source {
        module: module
            .split("::")
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect(),
        file: PathBuf::from(format!("{module}.rs")),
        code: strip_comments_and_strings(code),
    }
}

/// The checker finds a circle that runs through a parent module's
/// re-export (the view imports `Command` through `gui`, which takes it
/// from `app`, which imports the view), through `super` in a folder's
/// `mod.rs`, and through a renamed re-export; and none where there is none.
#[test]
fn circles_through_re_exports_are_found() {
    let circle_of = |sources: &[Source]| {
        let by_folder = sibling_edges(&edges_of(sources));
        let mut found: Vec<Vec<String>> = by_folder.values().flat_map(circles).collect();
        found.sort();
        found
    };
    let gui = made_up("gui", "mod app; mod view; pub use app::{App, Command};");
    let app = made_up(
        "gui::app",
        "use crate::gui::view::View; pub enum Command {}",
    );
    let view = made_up("gui::view", "use crate::gui::Command; pub struct View;");
    assert_eq!(
        circle_of(&[gui, app, view]),
        vec![vec!["gui::app".to_string(), "gui::view".to_string()]]
    );
    let gui = made_up(
        "gui",
        "mod app; mod panel; pub use self::app::Command as Cmd;",
    );
    let app = made_up("gui::app", "use crate::gui::panel::Panel;");
    let panel = made_up("gui::panel", "mod inner; use super::Cmd;");
    assert_eq!(circle_of(&[gui, app, panel]).len(), 1, "super in a mod.rs");
    let gui = made_up(
        "gui",
        "mod app; mod view; mod command; pub use command::Command;",
    );
    let app = made_up("gui::app", "use crate::gui::view::View;");
    let command = made_up("gui::command", "pub enum Command {}");
    let view = made_up("gui::view", "use crate::gui::Command;");
    assert!(circle_of(&[gui, app, command, view]).is_empty());
    // Through a glob import of the parent, and through a module imported by name.
    let gui = || made_up("gui", "mod app; mod view; pub use app::{App, Command};");
    let app = || made_up("gui::app", "use crate::gui::view::View;");
    let glob = made_up("gui::view", "use crate::gui::*; pub struct View(Command);");
    assert_eq!(circle_of(&[gui(), app(), glob]).len(), 1, "a glob");
    let alias = made_up(
        "gui::view",
        "use crate::gui; pub struct View(gui::Command);",
    );
    assert_eq!(circle_of(&[gui(), app(), alias]).len(), 1, "an alias");
    // `super` inside an inline module is relative to it: no circle here
    // (read as the parent's `helper`, it would be one through `app`).
    let gui = made_up("gui", "mod app; mod view; pub use app::helper;");
    let app = made_up("gui::app", "use crate::gui::view::View; pub fn helper() {}");
    let view = made_up(
        "gui::view",
        "pub struct View; fn helper() {} mod tests { use super::helper; }",
    );
    assert!(circle_of(&[gui, app, view]).is_empty(), "inline super");
}

#[test]
fn no_new_import_circles_inside_a_folder() {
    let by_folder = sibling_edges(&edges());
    let mut found = Vec::new();
    for (folder, edges) in &by_folder {
        println!("{}:", name(folder));
        for (a, b) in edges {
            println!("  {} -> {}", name(a), name(b));
        }
        found.extend(circles(edges));
    }
    found.sort();
    println!("circles: {found:?}");
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(
        found, known,
        "import circles inside folders changed (update KNOWN_CIRCLES only when one is removed)"
    );
}

/// Lines of every `fn` body, found by brace matching on the stripped code.
fn function_lengths() -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for source in sources() {
        let lines: Vec<&str> = source.code.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let Some(at) = find_fn(trimmed) else { continue };
            let fn_name: String = trimmed[at + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if let Some(length) = body_length(&lines, n) {
                out.push((
                    length,
                    format!("{}:{} {}", source.file.display(), n + 1, fn_name),
                ));
            }
        }
    }
    out.sort_by(|a, b| b.cmp(a));
    out
}

fn find_fn(line: &str) -> Option<usize> {
    let at = line.find("fn ")?;
    let before = &line[..at];
    let ok = before.is_empty()
        || before.split_whitespace().all(|w| {
            matches!(
                w,
                "pub" | "const" | "async" | "unsafe" | "extern" | "default"
            ) || w.starts_with("pub(")
        });
    ok.then_some(at)
}

/// Lines from the `fn` line to its closing brace, or `None` for a declaration.
fn body_length(lines: &[&str], start: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut opened = false;
    for (k, line) in lines.iter().enumerate().skip(start) {
        for c in line.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                ';' if !opened && depth == 0 => return None,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return Some(k - start + 1);
        }
    }
    None
}

#[test]
fn no_function_is_longer_than_the_ceiling() {
    let lengths = function_lengths();
    let over = |n: usize| lengths.iter().filter(|(l, _)| *l > n).count();
    println!(
        "functions: {} ({} over 40 lines, {} over 60)",
        lengths.len(),
        over(40),
        over(60)
    );
    println!("longest functions:");
    for (length, place) in lengths.iter().take(12) {
        println!("  {length:4} {place}");
    }
    let too_long: Vec<&(usize, String)> = lengths
        .iter()
        .filter(|(l, _)| *l > MAX_FUNCTION_LINES)
        .collect();
    assert!(
        too_long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines: {too_long:?}"
    );
    assert!(
        lengths.len() > 500,
        "the scanner found too few functions: {}",
        lengths.len()
    );
}

#[test]
fn no_file_is_longer_than_the_ceiling() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(usize, String)> = sources()
        .iter()
        .map(|s| {
            let name = s.file.strip_prefix(root).unwrap_or(&s.file);
            (s.code.lines().count(), name.display().to_string())
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    println!("longest files:");
    for (length, file) in files.iter().take(8) {
        println!("  {length:4} {file}");
    }
    let too_long: Vec<&(usize, String)> = files
        .iter()
        .filter(|(l, f)| *l > MAX_FILE_LINES && !TABLE_FILES.contains(&f.as_str()))
        .collect();
    assert!(
        too_long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {too_long:?}"
    );
}

/// The project explains itself: nothing in the repository sends a reader to
/// a design file that is not in it (the architecture is `docs/architecture.md`).
#[test]
fn the_code_and_docs_refer_only_to_files_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "docs", "examples", "scripts"] {
        collect(&root.join(dir), &["rs", "md", "sh"], &mut files);
    }
    files.push(root.join("README.md"));
    let this = root.join("tests/architecture.rs");
    let stale: Vec<String> = files
        .iter()
        .filter(|f| **f != this)
        .filter(|f| fs::read_to_string(f).is_ok_and(|text| text.contains("DESIGN")))
        .map(|f| f.display().to_string())
        .collect();
    assert!(stale.is_empty(), "files referring to DESIGN: {stale:?}");
    assert!(root.join("docs/architecture.md").is_file());
}
