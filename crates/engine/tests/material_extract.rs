//! Files become sources: each kind's text and numbered locations from fixture files
//! (`tests/fixtures/material`), the PDF and DOCX paths from what pdf.js and mammoth hand over,
//! and every refusal naming the file.
use consilium_engine::material::attach::{attach, thread_material, Attached};
use consilium_engine::material::error::{MaterialError, MAX_SOURCES, MAX_TEXT_BYTES};
use consilium_engine::material::extract::{
    sniff, source_from_bytes, source_from_docx_html, source_from_pdf_pages, Sniffed,
};
use consilium_engine::record::sources::{Source, SourceKind, UnitKind};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/material/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Source {
    source_from_bytes(name, "", &fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The text of the unit labelled `label`.
fn unit_text<'a>(source: &'a Source, label: &str) -> &'a str {
    let unit = source
        .units
        .iter()
        .find(|u| u.label() == label)
        .unwrap_or_else(|| panic!("{}: no {label} in {:?}", source.name, source.units));
    &source.text[unit.start..unit.end]
}

#[test]
fn a_csv_is_a_table_with_its_header_and_numbered_rows() {
    let source = read("budget.csv");
    assert_eq!(source.kind, SourceKind::Table);
    assert_eq!(
        unit_text(&source, "header"),
        "team | quarter | spend_usd | note"
    );
    // A quoted field keeps its comma and its doubled quotes read as one.
    assert_eq!(
        unit_text(&source, "row 1"),
        "Platform | Q1 | 120000 | Includes the \"migration\" contractor"
    );
    assert_eq!(
        unit_text(&source, "row 3"),
        "Mobile | Q1 | 64000 | two hires, one left"
    );
    assert_eq!(source.units.len(), 5);
    assert!(source.units.iter().all(|u| u.kind == UnitKind::Row));
}

#[test]
fn a_tsv_is_split_on_tabs() {
    let source = read("scores.tsv");
    assert_eq!(source.kind, SourceKind::Table);
    assert_eq!(unit_text(&source, "row 2"), "bob | 7");
}

#[test]
fn html_gives_its_visible_text_only() {
    let source = read("vendor.html");
    assert_eq!(source.kind, SourceKind::Html);
    assert!(
        source.text.contains("Vendor terms & conditions"),
        "{}",
        source.text
    );
    assert!(source
        .text
        .contains("The vendor may terminate with 90 days’ notice."));
    assert!(source
        .text
        .contains("Fees rise 5% a year\nData stays in the EU"));
    assert!(source.text.contains("Basic | €10"), "{}", source.text);
    for hidden in ["secret", "color:red", "internal comment", "<b>", "&amp;"] {
        assert!(
            !source.text.contains(hidden),
            "{hidden} shows in {}",
            source.text
        );
    }
}

#[test]
fn json_text_and_code_are_recognised_by_content_too() {
    assert_eq!(read("config.json").kind, SourceKind::Json);
    assert_eq!(read("notes.txt").kind, SourceKind::Text);
    assert_eq!(read("retry.py").kind, SourceKind::Code);
    // The same code under a .txt name: its look says it is code.
    assert_eq!(read("retry.txt").kind, SourceKind::Code);
    let json_without_extension = source_from_bytes("payload", "", &fixture("config.json")).unwrap();
    assert_eq!(json_without_extension.kind, SourceKind::Json);
    let markdown = source_from_bytes("plan", "", b"# Plan\n\nShip it.\n").unwrap();
    assert_eq!(markdown.kind, SourceKind::Markdown);
}

#[test]
fn text_is_numbered_by_lines_forty_to_a_location() {
    let text: String = (1..=100).map(|n| format!("line {n}\n")).collect();
    let source = source_from_bytes("long.txt", "text/plain", text.as_bytes()).unwrap();
    let labels: Vec<String> = source.units.iter().map(|u| u.label()).collect();
    assert_eq!(labels, ["lines 1-40", "lines 41-80", "lines 81-100"]);
    assert!(unit_text(&source, "lines 41-80").starts_with("line 41\n"));
    assert!(unit_text(&source, "lines 81-100").ends_with("line 100\n"));
    // The units cover the text, in order, without gaps.
    assert_eq!(source.units[0].start, 0);
    for pair in source.units.windows(2) {
        assert_eq!(pair[0].end, pair[1].start);
    }
    assert_eq!(source.units.last().unwrap().end, source.text.len());
}

#[test]
fn images_are_recognised_by_their_magic_bytes_whatever_their_name() {
    for (name, media_type) in [
        ("dot.png", "image/png"),
        ("pixel.gif", "image/gif"),
        ("photo.jpg", "image/jpeg"),
        ("pic.webp", "image/webp"),
    ] {
        let bytes = fixture(name);
        let source = source_from_bytes("clipboard", "", &bytes).unwrap();
        assert_eq!(source.kind, SourceKind::Image, "{name}");
        let image = source.image.as_ref().unwrap();
        assert_eq!(image.media_type, media_type, "{name}");
        assert_eq!(
            image.data_base64.len(),
            bytes.len().div_ceil(3) * 4,
            "{name}"
        );
        assert!(source.tokens > 0);
        assert_eq!(sniff(name, &bytes), Sniffed::Image(media_type));
    }
}

#[test]
fn a_pdf_is_numbered_by_pages_and_its_table_kept() {
    let pages: Vec<String> =
        serde_json::from_slice(&fixture("report-pages.json")).expect("page texts");
    let source = source_from_pdf_pages("report.pdf", 48_213, pages).unwrap();
    assert_eq!(source.kind, SourceKind::Pdf);
    assert_eq!(source.size_bytes, 48_213);
    let labels: Vec<String> = source.units.iter().map(|u| u.label()).collect();
    assert_eq!(labels, ["page 1", "page 2", "page 3"]);
    assert!(unit_text(&source, "page 2").contains("US 6.8M 14%"));
    assert!(unit_text(&source, "page 3").starts_with("Risks"));
    assert_eq!(sniff("report.pdf", b"%PDF-1.7\n..."), Sniffed::Pdf);
}

#[test]
fn a_pdf_with_no_text_on_any_page_is_refused_by_name() {
    let error =
        source_from_pdf_pages("scan.pdf", 90_000, vec!["".into(), "  \n".into()]).unwrap_err();
    assert_eq!(
        error,
        MaterialError::ImageOnlyPdf {
            name: "scan.pdf".into()
        }
    );
    assert!(error
        .to_string()
        .starts_with("scan.pdf has no text on its pages"));
    // One page of text among scanned ones is read: the empty pages stay numbered.
    let mixed = source_from_pdf_pages("mixed.pdf", 9, vec!["".into(), "Terms".into()]).unwrap();
    assert_eq!(unit_text(&mixed, "page 2"), "Terms");
}

#[test]
fn a_docx_keeps_its_headings() {
    let html = String::from_utf8(fixture("handbook-mammoth.html")).unwrap();
    let source = source_from_docx_html("handbook.docx", 12_000, &html).unwrap();
    assert_eq!(source.kind, SourceKind::Docx);
    assert!(
        source
            .text
            .starts_with("# Employee handbook\nWelcome to the company.\n"),
        "{}",
        source.text
    );
    assert!(source.text.contains(
        "## Leave\nEveryone gets 25 days of paid leave a year.\n- Carry over up to 5 days\n"
    ));
    assert!(source.text.contains("Chair | €300"), "{}", source.text);
    assert_eq!(sniff("handbook.docx", b"PK\x03\x04rest"), Sniffed::Docx);
    assert_eq!(sniff("bundle.zip", b"PK\x03\x04rest"), Sniffed::Other);
}

#[test]
fn bad_files_are_refused_each_with_a_message_naming_it() {
    let binary = source_from_bytes("archive.bin", "", &fixture("archive.bin")).unwrap_err();
    assert_eq!(
        binary,
        MaterialError::Binary {
            name: "archive.bin".into()
        }
    );
    let zip = source_from_bytes("bundle.zip", "", b"PK\x03\x04\x14\x00\x00\x00").unwrap_err();
    assert_eq!(
        zip,
        MaterialError::Binary {
            name: "bundle.zip".into()
        }
    );
    let empty = source_from_bytes("empty.txt", "", &fixture("empty.txt")).unwrap_err();
    assert_eq!(
        empty.to_string(),
        "empty.txt is empty (0 bytes): nothing to read."
    );
    let latin1 = source_from_bytes("latin1.txt", "", &fixture("latin1.txt")).unwrap_err();
    assert_eq!(
        latin1,
        MaterialError::NotUtf8 {
            name: "latin1.txt".into()
        }
    );
    let big = vec![b'a'; MAX_TEXT_BYTES as usize + 1];
    let too_large = source_from_bytes("dump.log", "", &big).unwrap_err();
    assert!(matches!(too_large, MaterialError::TooLarge { .. }));
    assert!(
        too_large
            .to_string()
            .starts_with("dump.log is 2.1 MB and the limit"),
        "{too_large}"
    );
    let corrupt_docx = source_from_docx_html("broken.docx", 10, "").unwrap_err();
    assert_eq!(corrupt_docx.name(), "broken.docx");
    for error in [binary, zip, empty, latin1, too_large, corrupt_docx] {
        let message = error.to_string();
        assert!(message.contains(error.name()), "{message}");
        assert!(message.ends_with('.'), "{message}");
    }
}

#[test]
fn attaching_numbers_sources_keeps_one_copy_and_stops_at_the_limit() {
    let mut material = Vec::new();
    assert_eq!(
        attach(&mut material, read("notes.txt")),
        Ok(Attached::New("S1".into()))
    );
    assert_eq!(
        attach(&mut material, read("budget.csv")),
        Ok(Attached::New("S2".into()))
    );
    // The same content again, under another name: not carried twice.
    let again = source_from_bytes("notes copy.txt", "", &fixture("notes.txt")).unwrap();
    assert_eq!(
        attach(&mut material, again),
        Ok(Attached::AlreadyThere("S1".into()))
    );
    for n in 0..(MAX_SOURCES - 2) {
        let text = format!("file {n}");
        let source = source_from_bytes(&format!("f{n}.txt"), "", text.as_bytes()).unwrap();
        attach(&mut material, source).unwrap();
    }
    let one_too_many = source_from_bytes("last.txt", "", b"one more").unwrap();
    let error = attach(&mut material, one_too_many).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("last.txt was not attached: a question carries at most {MAX_SOURCES} files.")
    );
    assert_eq!(material.len(), MAX_SOURCES);
}

#[test]
fn a_thread_keeps_its_material_and_adds_a_turns_new_sources_after_it() {
    let mut earlier = Vec::new();
    attach(&mut earlier, read("notes.txt")).unwrap();
    attach(&mut earlier, read("budget.csv")).unwrap();
    let material = thread_material(&earlier, vec![read("budget.csv"), read("config.json")]);
    let ids: Vec<(&str, &str)> = material
        .iter()
        .map(|s| (s.id.as_str(), s.name.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("S1", "notes.txt"),
            ("S2", "budget.csv"),
            ("S3", "config.json")
        ]
    );
}

#[test]
fn material_round_trips_in_the_record_and_old_configs_read_without_it() {
    let mut config = consilium_engine::consult::demo::demo_config();
    assert!(!serde_json::to_string(&config).unwrap().contains("material"));
    attach(&mut config.material, read("budget.csv")).unwrap();
    attach(&mut config.material, read("dot.png")).unwrap();
    let json = serde_json::to_string(&config).unwrap();
    let back: consilium_engine::record::consult::config::ConsultConfig =
        serde_json::from_str(&json).unwrap();
    assert_eq!(back, config);
}
