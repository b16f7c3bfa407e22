//! The material against each seat before the start: images for a seat that cannot
//! see them named, the material counted against each context window, and the cut the user
//! chooses made and said exactly, never silently.
use consilium_engine::consult::demo::demo_config;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::{source_from_bytes, source_from_pdf_pages};
use consilium_engine::material::seats::{cut, cut_to_fit, seat_fits, Cut, DEFAULT_CONTEXT_TOKENS};
use consilium_engine::record::sources::Source;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";
const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00";

/// An 80-page report of about 250 tokens a page, and two images.
fn material() -> Vec<Source> {
    let pages: Vec<String> = (1..=80)
        .map(|n| {
            format!(
                "Page {n}. {}",
                "The quarterly figures hold steady. ".repeat(28)
            )
        })
        .collect();
    let mut material = Vec::new();
    attach(
        &mut material,
        source_from_pdf_pages("report.pdf", 900_000, pages).unwrap(),
    )
    .unwrap();
    attach(
        &mut material,
        source_from_bytes("chart.png", "", PNG).unwrap(),
    )
    .unwrap();
    attach(
        &mut material,
        source_from_bytes("photo.gif", "", GIF).unwrap(),
    )
    .unwrap();
    material
}

#[test]
fn a_seat_without_vision_is_named_with_the_images_it_will_be_told_were_left_out() {
    let material = material();
    let mut config = demo_config();
    config.panelists[0].sees_images = Some(true);
    config.panelists[1].model = "gemma-3-270m".into();
    config.panelists[1].sees_images = Some(false);
    // Unknown is no: an image is never sent to a model that may refuse it.
    config.panelists[2].sees_images = None;
    let fits = seat_fits(&material, config.participants(), 2_000);
    assert!(fits[0].images_left_out.is_empty());
    assert_eq!(fits[1].images_left_out, ["chart.png", "photo.gif"]);
    assert_eq!(
        fits[1].notices()[0],
        "gemma-3-270m cannot see images: it will be told 2 images were left out."
    );
    assert_eq!(fits[2].images_left_out.len(), 2);
    // Images count against the window only for a seat that sees them.
    assert_eq!(
        fits[0].material_tokens,
        fits[1].material_tokens + 2 * material[1].tokens
    );
}

#[test]
fn the_material_is_counted_against_each_seats_context_window() {
    let material = material();
    let mut config = demo_config();
    config.panelists[0].context_tokens = Some(4_096);
    config.panelists[0].model = "gemma-3-270m".into();
    config.panelists[1].context_tokens = Some(128_000);
    let fits = seat_fits(&material, config.participants(), 2_000);
    let text_tokens = material[0].tokens;
    assert!(
        text_tokens > 15_000 && text_tokens < 30_000,
        "{text_tokens}"
    );
    assert!(!fits[0].fits());
    assert_eq!(fits[0].over_by, fits[0].material_tokens + 2_000 - 4_096);
    let notices = fits[0].notices();
    assert!(
        notices
            .iter()
            .any(|n| n.starts_with("gemma-3-270m reads at most 4,096 tokens")),
        "{notices:?}"
    );
    assert!(fits[1].fits());
    // No window known: the stated default.
    assert_eq!(fits[2].context_tokens, DEFAULT_CONTEXT_TOKENS);
}

#[test]
fn a_cut_is_made_exactly_as_chosen_and_said() {
    let material = material();
    let (kept, said) = cut(
        &material,
        &[Cut {
            source_id: "S1".into(),
            first: 31,
            last: 80,
        }],
    );
    assert_eq!(said, ["pages 31-80 of report.pdf left out"]);
    let report = &kept[0];
    assert_eq!(report.units.len(), 30);
    assert_eq!(report.units.last().unwrap().label(), "page 30");
    assert!(report.text.contains("Page 30.") && !report.text.contains("Page 31."));
    assert!(report.tokens < material[0].tokens / 2);
    assert_ne!(report.hash, material[0].hash);
    // Spans still point into the kept text.
    let last = report.units.last().unwrap();
    assert!(report.text[last.start..last.end].starts_with("Page 30."));
    assert_eq!(kept.len(), 3, "the images stay");
    // A cut of a whole image source removes it, and says so.
    let (kept, said) = cut(
        &material,
        &[Cut {
            source_id: "S2".into(),
            first: 0,
            last: 0,
        }],
    );
    assert_eq!(kept.len(), 2);
    assert_eq!(said.len(), 1);
}

#[test]
fn the_cut_offered_to_fit_a_window_leaves_out_the_last_pages_of_the_largest_source() {
    let material = material();
    let budget = material[0].tokens / 2;
    let cuts = cut_to_fit(&material[..1], budget).unwrap();
    assert_eq!(cuts.len(), 1);
    assert_eq!(cuts[0].last, 80);
    let (kept, said) = cut(&material[..1], &cuts);
    assert!(kept[0].tokens <= budget, "{} > {budget}", kept[0].tokens);
    assert!(
        said[0].ends_with("-80 of report.pdf left out"),
        "{}",
        said[0]
    );
    // What fits already needs no cut.
    assert_eq!(cut_to_fit(&material[..1], u32::MAX), Some(vec![]));
}

#[test]
fn the_estimate_and_the_consent_count_the_materials_tokens_in_every_call_that_carries_it() {
    use consilium_engine::consult::estimate::estimate_cost;
    let mut config = demo_config();
    config.structured_output = false;
    let without = estimate_cost("Which vendor?", &config);
    let mut material = Vec::new();
    let pages: Vec<String> = (1..=40)
        .map(|n| {
            format!(
                "Page {n}. {}",
                "The vendor keeps data in the EU. ".repeat(25)
            )
        })
        .collect();
    attach(
        &mut material,
        source_from_pdf_pages("terms.pdf", 90_000, pages).unwrap(),
    )
    .unwrap();
    let text_tokens = u64::from(material[0].tokens);
    config.material = material;
    for seat in config
        .panelists
        .iter_mut()
        .chain(std::iter::once(&mut config.judge))
    {
        seat.model = "gpt-4.1-mini".into();
    }
    let with = estimate_cost("Which vendor?", &config);
    // Full, three panelists: rounds 1 and 3 for each, the synthesis, the judge's round-3
    // judgment and the verdict carry it (9 calls).
    let added = with.input_tokens - without.input_tokens;
    assert!(
        added >= 9 * text_tokens && added < 9 * text_tokens + 9 * 600,
        "{added} vs {text_tokens}"
    );
    // A provider that caches by itself serves the material from each model's second round on:
    // every seat is on one model, so the synthesis, three cross-examinations, the judgment and
    // the verdict.
    assert!(
        with.cached_input_tokens >= 6 * text_tokens,
        "{}",
        with.cached_input_tokens
    );
}
