//! Self-play through `manifold match` in every variant of the example variants file
//! (`variants/variants.toml`): two games each at depth 2, refereed by the match
//! runner, with no engine fault and every game replaying to its end. Pentaplane is
//! played too, with the file's designed piece in its draft.

mod common;
use std::path::PathBuf;

fn example_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants/variants.toml")
}

#[test]
fn every_example_variant_plays_two_clean_games() {
    let file = example_file();
    let count = engine::variants::defined::registry::load_variants_file(&file)
        .unwrap_or_else(|e| panic!("{e}"));
    let names = engine::variants::defined::registry::names();
    assert_eq!(names.len(), count);
    assert!(count >= 20, "the example file has {count} variants");
    for name in names.iter().copied().chain(["pentaplane"]) {
        common::check_selfplay(Some(&file), name, 2, 2);
    }
}
