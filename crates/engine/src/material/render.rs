//! The material as every prompt carries it, the same bytes for every call of every seat that
//! sees the same sources: each source with its id, kind and name, then its text under numbered
//! location labels. An image is named in the text and travels beside it (`Prompt::images`); for
//! a seat that cannot see images, the text says each was left out.
use crate::record::sources::Source;

/// The material block, or "" when there is none. `sees_images` decides what an image's entry
/// says (its bytes go with the call only when true).
pub fn material_block(material: &[Source], sees_images: bool) -> String {
    if material.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "MATERIAL (cite it as {\"source\": \"S1\", \"location\": \"page 3\", \"quote\": \"exact \
         words\"}; quotes are checked against it):\n",
    );
    for source in material {
        out.push_str(&format!(
            "\n=== {} · {} · {} ===\n",
            source.id,
            source.kind.label(),
            source.name
        ));
        if source.is_image() {
            out.push_str(if sees_images {
                "(the image is attached to this message)\n"
            } else {
                "(an image your model cannot see: it was left out)\n"
            });
            continue;
        }
        for unit in &source.units {
            out.push_str(&format!("[{} {}]\n", source.id, unit.label()));
            let text = &source.text[unit.start..unit.end];
            out.push_str(text.trim_end_matches('\n'));
            out.push('\n');
        }
    }
    out.push_str("=== end of material ===\n\n");
    out
}

/// The images a seat's calls carry, in the material's order.
pub fn images(material: &[Source], sees_images: bool) -> Vec<crate::record::sources::ImageData> {
    if !sees_images {
        return Vec::new();
    }
    material.iter().filter_map(|s| s.image.clone()).collect()
}
