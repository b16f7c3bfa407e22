//! Sources joined to a question's material: numbered `S1`, `S2`... in the order attached, one copy
//! per content hash (the same file attached twice, or a thread's earlier material, is not
//! carried twice), at most `MAX_SOURCES`.
use super::error::{MaterialError, MAX_SOURCES};
use crate::record::sources::Source;

/// What `attach` did with a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attached {
    /// Added under this id.
    New(String),
    /// The material already had the same content, under this id: nothing was added.
    AlreadyThere(String),
}

/// Adds `source` to `material`, numbering it after the highest id there. Refused (nothing
/// changed) when the material is full.
pub fn attach(material: &mut Vec<Source>, source: Source) -> Result<Attached, MaterialError> {
    attach_after(&[], material, source)
}

/// Adds `source` to a later turn's new `material`, after the thread's `earlier` material: the
/// same content already in the thread is not carried twice (it is there under its id), a new
/// source is numbered after every id of both (so the chip shows the id the turn will give it),
/// and the limit counts both. Refused (nothing changed) when they are full.
pub fn attach_after(
    earlier: &[Source],
    material: &mut Vec<Source>,
    mut source: Source,
) -> Result<Attached, MaterialError> {
    if let Some(same) = earlier
        .iter()
        .chain(material.iter())
        .find(|s| s.hash == source.hash)
    {
        if !same.cited_only || source.cited_only {
            return Ok(Attached::AlreadyThere(same.id.clone()));
        }
        // The whole of a source the thread kept only in part (storage was full): carried whole
        // again, under the id its citations name.
        source.id = same.id.clone();
        let id = source.id.clone();
        material.retain(|s| s.id != id);
        material.push(source);
        return Ok(Attached::New(id));
    }
    if earlier.len() + material.len() >= MAX_SOURCES {
        return Err(MaterialError::TooMany {
            name: source.name,
            limit: MAX_SOURCES,
        });
    }
    source.id = next_id_after(earlier, material);
    let id = source.id.clone();
    material.push(source);
    Ok(Attached::New(id))
}

/// Removes a source; the others keep their ids (citations in earlier turns name them).
pub fn remove(material: &mut Vec<Source>, id: &str) {
    material.retain(|source| source.id != id);
}

/// A thread's material for its next turn: the earlier turns' sources (ids kept), then the new
/// turn's own, renumbered after them, a source already in the thread not carried twice (but a
/// source stored with its cited passages only, `Source::cited_only`, is replaced by its whole).
pub fn thread_material(earlier: &[Source], new: Vec<Source>) -> Vec<Source> {
    let mut material = Vec::with_capacity(earlier.len() + new.len());
    for source in earlier {
        if !material.iter().any(|s: &Source| s.hash == source.hash) {
            material.push(source.clone());
        }
    }
    for source in new {
        if let Some(there) = material.iter_mut().find(|s| s.hash == source.hash) {
            // A source kept only in part gives way to its whole, under the same id.
            if there.cited_only && !source.cited_only {
                let id = std::mem::take(&mut there.id);
                *there = Source { id, ..source };
            }
            continue;
        }
        let mut source = source;
        source.id = next_id(&material);
        material.push(source);
    }
    material
}

fn next_id(material: &[Source]) -> String {
    next_id_after(&[], material)
}

fn next_id_after(earlier: &[Source], material: &[Source]) -> String {
    let highest = earlier
        .iter()
        .chain(material)
        .filter_map(|s| s.id.strip_prefix('S')?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    format!("S{}", highest + 1)
}
