//! The code keeps the plan docs/architecture.md draws: each layer of `src/app/` a folder that
//! imports only the layers below it, no import circle between files, `mod.rs` files that only
//! gather, and no function over 100 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Each folder of `src/app/` with the folders it may import, bottom first; the files at the
/// top of `src/app/` (the games' list, the window, the test apps, the icon) may import any.
const LAYERS: [(&str, &[&str]); 7] = [
    ("base", &["base"]),
    ("audio", &["base", "audio"]),
    ("table", &["base", "table"]),
    ("shell", &["base", "audio", "table", "shell"]),
    ("features", &["base", "audio", "table", "shell", "features"]),
    (
        "hex",
        &["base", "audio", "table", "shell", "features", "hex"],
    ),
    (
        "tiles",
        &["base", "audio", "table", "shell", "features", "tiles"],
    ),
];

const LONGEST_FUNCTION: usize = 100;

/// A source file of `src/app/` as the module it is: `["base", "games"]` for
/// `src/app/base/games.rs`, `["hex"]` for `src/app/hex/mod.rs`, `[]` for `src/app/mod.rs`.
struct SourceFile {
    path: PathBuf,
    module: Vec<String>,
    /// The text before its unit tests, without comments.
    code: String,
}

fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The code of a file without its comments and without the unit tests at its end.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        let without_comment = match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        };
        code.push_str(without_comment);
        code.push('\n');
    }
    code
}

fn app_files() -> Vec<SourceFile> {
    let app = root().join("src/app");
    let mut paths = Vec::new();
    rust_files(&app, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&app).unwrap();
            let mut module: Vec<String> = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            let file = module.pop().unwrap();
            if file != "mod.rs" {
                module.push(file.trim_end_matches(".rs").to_owned());
            }
            let code = code_of(&fs::read_to_string(&path).unwrap());
            SourceFile { path, module, code }
        })
        .collect()
}

/// The top-level names in a `{...}` group starting at `text[open]`, each with the rest of
/// its path: `{base::games, features::{a, b}}` gives `base::games` and `features::{a, b}`.
fn group_items(text: &str, open: usize) -> Vec<String> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for character in text[open..].chars() {
        match character {
            '{' => {
                depth += 1;
                if depth > 1 {
                    current.push(character);
                }
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    items.push(std::mem::take(&mut current));
                    break;
                }
                current.push(character);
            }
            ',' if depth == 1 => items.push(std::mem::take(&mut current)),
            _ => current.push(character),
        }
    }
    items
        .into_iter()
        .map(|item| item.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|item| !item.is_empty())
        .collect()
}

fn is_name_char(character: char) -> bool {
    character.is_ascii_alphanumeric() || character == '_'
}

/// The paths into the app that `code` names, each as the module path it means from the
/// app's root: `crate::app::base::games::GameId` and, in `src/app/hex/game.rs`,
/// `super::words::text` (`["hex", "words", "text"]`).
fn paths_named(file: &SourceFile) -> Vec<Vec<String>> {
    let code = &file.code;
    let mut found = Vec::new();
    let mut starts = Vec::new();
    for (at, _) in code.match_indices("crate::app::") {
        starts.push((at + "crate::app::".len(), Vec::new()));
    }
    for (at, _) in code.match_indices("super::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_name_char(c) || c == ':') {
            continue;
        }
        let mut rest = at;
        let mut base = file.module.clone();
        while code[rest..].starts_with("super::") {
            base.pop();
            rest += "super::".len();
        }
        starts.push((rest, base));
    }
    for (start, base) in starts {
        let mut stack = vec![(start, base)];
        while let Some((at, mut path)) = stack.pop() {
            let mut at = at;
            loop {
                let name: String = code[at..]
                    .chars()
                    .take_while(|&c| is_name_char(c))
                    .collect();
                if name.is_empty() {
                    if code[at..].starts_with('{') {
                        for item in group_items(code, at) {
                            let mut branch = path.clone();
                            branch.extend(
                                item.split("::")
                                    .take_while(|part| !part.contains('{') && !part.contains('*'))
                                    .map(|part| {
                                        part.split(" as ").next().unwrap().trim().to_owned()
                                    })
                                    .filter(|part| part != "self"),
                            );
                            found.push(branch);
                        }
                    }
                    break;
                }
                at += name.len();
                if name != "self" {
                    path.push(name);
                }
                if code[at..].starts_with("::") {
                    at += 2;
                } else {
                    break;
                }
            }
            if !path.is_empty() {
                found.push(path);
            }
        }
    }
    found
}

fn layer_of(module: &[String]) -> &str {
    match module.first() {
        Some(first) if LAYERS.iter().any(|(layer, _)| layer == first) => first,
        _ => "app",
    }
}

/// Each import of `files` that goes against the layers, in words.
fn imports_against_the_layers(files: &[SourceFile]) -> Vec<String> {
    let mut wrong = Vec::new();
    for file in files {
        let layer = layer_of(&file.module);
        let Some((_, allowed)) = LAYERS.iter().find(|(name, _)| *name == layer) else {
            continue;
        };
        for path in paths_named(file) {
            let target = layer_of(&path);
            if !allowed.contains(&target) {
                wrong.push(format!(
                    "{} ({layer}) imports {} ({target})",
                    file.path.display(),
                    path.join("::")
                ));
            }
        }
    }
    wrong
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let wrong = imports_against_the_layers(&app_files());
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_command_line_and_the_rules_never_import_the_window() {
    let mut paths = Vec::new();
    rust_files(&root().join("src/cli"), &mut paths);
    rust_files(&root().join("crates/abakus-rules/src"), &mut paths);
    assert!(
        paths.len() > 10,
        "the command line's and the rules' files are read"
    );
    for path in paths {
        let code = code_of(&fs::read_to_string(&path).unwrap());
        assert!(
            !code.contains("crate::app") && !code.contains("abakus::app"),
            "{} imports the window",
            path.display()
        );
    }
}

/// The file a path from the app's root means: the deepest module file it reaches, and
/// through a `mod.rs`'s `pub use`, the file the name comes from.
fn file_of(path: &[String], files: &BTreeMap<Vec<String>, &SourceFile>) -> Option<Vec<String>> {
    let mut reached = None;
    for length in (0..=path.len()).rev() {
        if files.contains_key(&path[..length]) {
            reached = Some(length);
            break;
        }
    }
    let length = reached?;
    let module = path[..length].to_vec();
    let file = files[&module];
    if let (true, Some(name)) = (file.path.ends_with("mod.rs"), path.get(length)) {
        for line in file.code.lines().filter(|line| line.contains("pub use ")) {
            let Some(child) = line
                .split("pub use ")
                .nth(1)
                .and_then(|rest| rest.split("::").next())
            else {
                continue;
            };
            let mentions = line
                .split(|c: char| !is_name_char(c))
                .any(|word| word == name);
            let mut through = module.clone();
            through.push(child.trim().to_owned());
            if mentions && files.contains_key(&through) {
                return Some(through);
            }
        }
    }
    Some(module)
}

/// The imports between `sources`, file by file, by module path.
fn imports_between(sources: &[SourceFile]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: BTreeMap<Vec<String>, &SourceFile> = sources
        .iter()
        .map(|file| (file.module.clone(), file))
        .collect();
    sources
        .iter()
        .map(|file| {
            let targets = paths_named(file)
                .iter()
                .filter_map(|path| file_of(path, &files))
                .filter(|target| *target != file.module)
                .collect();
            (file.module.clone(), targets)
        })
        .collect()
}

/// A circle of imports among `sources`, if there is one, as the files it passes.
fn an_import_circle(sources: &[SourceFile]) -> Option<Vec<String>> {
    // A depth-first walk from every file; meeting a file still on the walk's path is a circle.
    fn walk(
        at: &Vec<String>,
        imports: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        on_path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(start) = on_path.iter().position(|file| file == at) {
            let mut circle = on_path[start..].to_vec();
            circle.push(at.clone());
            return Some(circle);
        }
        if !done.insert(at.clone()) {
            return None;
        }
        on_path.push(at.clone());
        for next in imports.get(at).into_iter().flatten() {
            if let Some(circle) = walk(next, imports, on_path, done) {
                return Some(circle);
            }
        }
        on_path.pop();
        None
    }
    let imports = imports_between(sources);
    let mut done = BTreeSet::new();
    imports.keys().find_map(|file| {
        walk(file, &imports, &mut Vec::new(), &mut done)
            .map(|circle| circle.iter().map(|module| module.join("::")).collect())
    })
}

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let sources = app_files();
    let imports = imports_between(&sources);
    assert!(
        imports.values().map(BTreeSet::len).sum::<usize>() > 200,
        "the imports between the app's files are read"
    );
    if let Some(circle) = an_import_circle(&sources) {
        panic!("an import circle: {}", circle.join(" -> "));
    }
}

/// A file made up for the checks' own tests.
fn planted(module: &str, text: &str) -> SourceFile {
    let module: Vec<String> = module.split("::").map(str::to_owned).collect();
    SourceFile {
        path: PathBuf::from(format!("src/app/{}.rs", module.join("/"))),
        module,
        code: code_of(text),
    }
}

#[test]
fn the_checks_catch_an_import_upwards_a_circle_and_a_mod_file_that_works() {
    let upwards = planted(
        "base::palette",
        "use crate::app::features::attract::DemoShowing;\n// use crate::app::hex::HEX;\n",
    );
    let grouped = planted(
        "shell::widgets",
        "use crate::app::{audio::Sfx, features::{records, review}};\n",
    );
    let relative = planted("hex::board", "use super::super::tiles::TILES;\n");
    let wrong = imports_against_the_layers(&[upwards, grouped, relative]);
    assert_eq!(wrong.len(), 3, "{wrong:?}");
    assert!(wrong[0].contains("features::attract::DemoShowing (features)"));
    assert!(
        wrong.iter().all(|line| !line.contains("hex::HEX")),
        "a comment is no import"
    );
    assert!(
        wrong
            .iter()
            .any(|line| line.contains("widgets.rs (shell) imports features"))
    );
    assert!(
        wrong
            .iter()
            .any(|line| line.contains("tiles::TILES (tiles)"))
    );

    let first = planted("base::a", "use super::b::B;\npub struct A;\n");
    let second = planted("base::b", "use crate::app::base::a::A;\npub struct B;\n");
    let apart = planted("base::c", "use super::a::A;\n");
    let circle = an_import_circle(&[first, second, apart]).expect("a circle");
    assert_eq!(circle, ["base::a", "base::b", "base::a"]);
    let alone = planted("base::a", "pub struct A;\n");
    assert_eq!(an_import_circle(&[alone]), None);

    let mut working = planted(
        "hex",
        "mod game;\npub use game::HexMatch;\nfn plugin() {}\n",
    );
    working.path = PathBuf::from("src/app/hex/mod.rs");
    let mut gathering = planted(
        "tiles",
        "mod game;\npub use game::{\n    Stage,\n    TilesMatch,\n};\n",
    );
    gathering.path = PathBuf::from("src/app/tiles/mod.rs");
    let not_gathering = mod_files_that_work(&[working, gathering]);
    assert_eq!(not_gathering.len(), 1, "{not_gathering:?}");
    assert!(not_gathering[0].contains("fn plugin"));
}

/// The statements of the `mod.rs` files among `files` that do more than gather.
fn mod_files_that_work(files: &[SourceFile]) -> Vec<String> {
    let mut wrong = Vec::new();
    for file in files.iter().filter(|file| file.path.ends_with("mod.rs")) {
        // Its statements, each on one line, attributes and doc lines left out.
        let code: String = file
            .code
            .lines()
            .map(str::trim)
            .filter(|line| !line.starts_with("#[") && !line.starts_with("//!"))
            .collect::<Vec<_>>()
            .join(" ");
        for statement in code.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let gathers = [
                "mod ",
                "pub mod ",
                "pub(crate) mod ",
                "pub use ",
                "pub(crate) use ",
            ]
            .iter()
            .any(|start| statement.starts_with(start));
            if !gathers {
                wrong.push(format!("{}: {statement}", file.path.display()));
            }
        }
    }
    wrong
}

#[test]
fn mod_files_only_gather() {
    let wrong = mod_files_that_work(&app_files());
    assert!(
        wrong.is_empty(),
        "mod.rs files that do more than gather:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_function_is_over_100_lines() {
    let mut paths = Vec::new();
    rust_files(&root().join("src"), &mut paths);
    rust_files(&root().join("crates/abakus-rules/src"), &mut paths);
    let mut long = Vec::new();
    let mut functions = 0;
    for path in paths {
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let starts_a_function = [
                "fn ",
                "pub fn ",
                "pub(crate) fn ",
                "pub(super) fn ",
                "const fn ",
                "pub const fn ",
            ]
            .iter()
            .any(|start| trimmed.starts_with(start));
            if !starts_a_function || line.trim_end().ends_with(';') {
                continue;
            }
            // rustfmt closes a function's body at the indentation it opened at.
            let indent = &line[..line.len() - trimmed.len()];
            let closing = format!("{indent}}}");
            let Some(length) = lines[at..].iter().position(|l| *l == closing) else {
                continue;
            };
            functions += 1;
            if length + 1 > LONGEST_FUNCTION {
                let name = trimmed.split('(').next().unwrap_or(trimmed);
                long.push(format!(
                    "{}:{}: {name}, {} lines",
                    path.display(),
                    at + 1,
                    length + 1
                ));
            }
        }
    }
    assert!(functions > 1000, "the functions are found ({functions})");
    assert!(
        long.is_empty(),
        "functions over {LONGEST_FUNCTION} lines:\n{}",
        long.join("\n")
    );
}
