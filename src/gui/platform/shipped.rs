//! The shipped strategies built into the binary, for the web page (which
//! has no `strategies/` folder to read); the desktop reads the folder. A
//! test keeps this list equal to the folder.

/// The shipped strategies: file name and content, in file-name order.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) const SHIPPED: &[(&str, &str)] = &[
    (
        "01-prefer-corners.json",
        include_str!("../../../strategies/01-prefer-corners.json"),
    ),
    (
        "02-avoid-danger.json",
        include_str!("../../../strategies/02-avoid-danger.json"),
    ),
    (
        "03-grow-critical.json",
        include_str!("../../../strategies/03-grow-critical.json"),
    ),
    (
        "04-capture.json",
        include_str!("../../../strategies/04-capture.json"),
    ),
    (
        "05-do-not-feed.json",
        include_str!("../../../strategies/05-do-not-feed.json"),
    ),
    (
        "06-make-threats.json",
        include_str!("../../../strategies/06-make-threats.json"),
    ),
    (
        "07-room-to-grow.json",
        include_str!("../../../strategies/07-room-to-grow.json"),
    ),
    (
        "08-expert.json",
        include_str!("../../../strategies/08-expert.json"),
    ),
    (
        "09-think-ahead.json",
        include_str!("../../../strategies/09-think-ahead.json"),
    ),
    (
        "10-tuned.json",
        include_str!("../../../strategies/10-tuned.json"),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_strategies_are_the_files_of_the_strategies_folder() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
        let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| crate::bots::is_strategy_path(p))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        files.sort();
        let built_in: Vec<(String, String)> = SHIPPED
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        assert_eq!(built_in, files);
    }
}
