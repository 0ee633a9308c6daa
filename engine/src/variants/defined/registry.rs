//! The variants loaded from a variants file, by name, for the whole process.
//!
//! The protocol (`setoption name VariantPath`), the `--variants` flag and every
//! generic registry (`variants::names`, `variants::new_game`, the protocol's
//! sessions) read this one table, so a file variant is available everywhere once
//! loaded. Loading a file replaces the variants of the file loaded before, all or
//! nothing: a file that fails to load or to install leaves the table as it was.

use super::def::VariantDef;
use super::load::{load_all_file, load_all_str, LoadError, Loaded};
use super::position::FileVariant;
use crate::variants::pentaplane::designs;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

fn table() -> &'static RwLock<Vec<Arc<VariantDef>>> {
    static TABLE: OnceLock<RwLock<Vec<Arc<VariantDef>>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// `variants::names()` hands out `&'static str` like the built-in names; each file
/// variant name is leaked once per distinct name (names are short and few), so
/// reloading a file does not leak again.
fn intern(name: &str) -> &'static str {
    static NAMES: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names
        .entry(name.to_string())
        .or_insert_with(|| Box::leak(name.to_string().into_boxed_str()))
}

/// Whether `name` is a compiled-in variant (those always win over file variants).
pub fn is_builtin(name: &str) -> bool {
    super::super::builtin_names().contains(&name)
}

/// Replaces the loaded variants by `defs`. Refused (and nothing changes) when a
/// name is empty, not `a-z 0-9 -`, given twice, or that of a built-in variant.
pub fn install(defs: Vec<VariantDef>) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for d in &defs {
        if d.name.is_empty()
            || !d
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(format!(
                "variant name '{}' must be made of a-z, 0-9 and '-'",
                d.name
            ));
        }
        if is_builtin(&d.name) {
            return Err(format!(
                "variant '{}' has the name of a built-in variant",
                d.name
            ));
        }
        if !seen.insert(d.name.clone()) {
            return Err(format!("variant '{}' is defined twice", d.name));
        }
    }
    let defs: Vec<Arc<VariantDef>> = defs.into_iter().map(Arc::new).collect();
    for d in &defs {
        intern(&d.name);
    }
    *table().write().unwrap_or_else(|e| e.into_inner()) = defs;
    Ok(())
}

/// The loaded definition of `name`.
pub fn get(name: &str) -> Option<Arc<VariantDef>> {
    table()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|d| d.name == name)
        .cloned()
}

/// The loaded variants' names, in file order.
pub fn names() -> Vec<&'static str> {
    table()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|d| intern(&d.name))
        .collect()
}

/// The check every definition passes at load time: its start FEN parses.
pub fn start_fen_parses(def: &VariantDef) -> Result<(), String> {
    // A throwaway Arc: `from_fen_in` wants one and the check runs before install.
    FileVariant::from_fen_in(Arc::new(def.clone()), &def.start_fen)
        .map(|_| ())
        .map_err(|e| format!("the start FEN does not parse: {e}"))
}

/// Installs a loaded file: its variants, and its Pentaplane pieces (none restores
/// Pentaplane's own draft). All or nothing.
fn install_loaded(loaded: Loaded, source: &str) -> Result<usize, LoadError> {
    let error = |message: String| LoadError {
        source: source.to_string(),
        line: 0,
        variant: None,
        field: None,
        message,
    };
    let count = loaded.variants.len();
    let before: Vec<VariantDef> = table()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|d| (**d).clone())
        .collect();
    install(loaded.variants).map_err(error)?;
    if let Err(message) = designs::install(loaded.pentaplane) {
        // Put the previous variants back: the file as a whole did not load.
        let _ = install(before);
        return Err(error(format!("Pentaplane pieces: {message}")));
    }
    Ok(count)
}

/// Loads a variants file and installs its variants (replacing those loaded
/// before) and its Pentaplane pieces; returns how many variants. On error nothing
/// changes.
pub fn load_variants_file(path: &Path) -> Result<usize, LoadError> {
    let loaded = load_all_file(path, &start_fen_parses)?;
    install_loaded(loaded, &path.display().to_string())
}

/// [`load_variants_file`] from text (`source` names it in errors).
pub fn load_variants_str(text: &str, source: &str) -> Result<usize, LoadError> {
    let loaded = load_all_str(text, source, &start_fen_parses)?;
    install_loaded(loaded, source)
}
