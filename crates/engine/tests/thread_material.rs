//! Material in a thread: a follow-up and a turn asked of one member carry
//! the thread's material without it being attached again, each source once under the id it was
//! first given, then the turn's own attachments numbered after it; every call of the turn opens
//! with all of it; what the turn's composer attaches is numbered as the turn will number it, and a
//! file the thread already has is not attached twice.
use crate::common;

use common::*;
use consilium_engine::consult::view::thread::{
    add_turn_material, material_of_thread, member_turn, next_turn,
};
use consilium_engine::material::attach::{attach, attach_after, Attached};
use consilium_engine::material::error::MAX_SOURCES;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::record::sources::Source;
use consilium_engine::{consult::demo::demo_config, record::Session};

const FIRST: &str = "Should we split the billing monolith this year?";
const SECOND: &str = "What should the first extracted module be?";
const BILLING: &str =
    "Payments and ledgers share eleven tables.\nInvoicing has the cleanest boundary.\n";
const ONCALL: &str = "The on-call rota has four people for twelve services.\n";

fn text(name: &str, body: &str) -> Source {
    source_from_bytes(name, "text/plain", body.as_bytes()).unwrap()
}

/// A decided first turn that read billing.txt.
fn first_turn() -> Session {
    let mut config = demo_config();
    config.depth = Depth::Full;
    attach(&mut config.material, text("billing.txt", BILLING)).unwrap();
    let (session, _) = run(
        Session::new_consult("c-1".into(), FIRST.into(), config, NOW_MS),
        &unanimous_caller(0.9),
    );
    assert_eq!(session.state, "complete", "{:?}", session.failure);
    session
}

fn names(material: &[Source]) -> Vec<(String, String)> {
    material
        .iter()
        .map(|s| (s.id.clone(), s.name.clone()))
        .collect()
}

fn prompts_of(turn: Session) -> (Session, Vec<String>) {
    let caller = unanimous_caller(0.9);
    let (done, _) = run(turn, &caller);
    assert_eq!(done.state, "complete", "{:?}", done.failure);
    let prompts = caller.requests().iter().map(|r| r.prompt.clone()).collect();
    (done, prompts)
}

#[test]
fn a_follow_up_carries_the_threads_material_and_its_own_in_every_call() {
    let first = first_turn();
    let turns = std::slice::from_ref(&first);
    let mut second = next_turn(turns, "c-2".into(), SECOND, NOW_MS + 60_000).unwrap();
    assert_eq!(
        names(&second.consult().config.material),
        [("S1".to_string(), "billing.txt".to_string())],
        "the thread's material, without attaching it again"
    );
    add_turn_material(&mut second, vec![text("oncall.txt", ONCALL)]);
    assert_eq!(
        names(&second.consult().config.material),
        [
            ("S1".to_string(), "billing.txt".to_string()),
            ("S2".to_string(), "oncall.txt".to_string())
        ]
    );
    let (done, prompts) = prompts_of(second);
    assert_eq!(done.consult().config.material.len(), 2);
    assert!(prompts.len() >= 5, "every round's calls: {}", prompts.len());
    for prompt in &prompts {
        assert!(prompt.contains("Payments and ledgers share eleven tables."));
        assert!(prompt.contains("The on-call rota has four people for twelve services."));
        // The material opens the call, before the question.
        let material_ends = prompt.find("=== end of material ===").expect("material");
        assert!(prompt.find(SECOND).expect("the question") > material_ends);
    }
}

#[test]
fn a_file_the_thread_already_has_is_carried_once_under_its_first_id() {
    let first = first_turn();
    let mut second = next_turn(&[first], "c-2".into(), SECOND, NOW_MS + 60_000).unwrap();
    add_turn_material(
        &mut second,
        vec![
            text("billing copy.txt", BILLING),
            text("oncall.txt", ONCALL),
        ],
    );
    assert_eq!(
        names(&second.consult().config.material),
        [
            ("S1".to_string(), "billing.txt".to_string()),
            ("S2".to_string(), "oncall.txt".to_string())
        ]
    );
}

#[test]
fn a_member_turn_reads_the_threads_material_and_what_it_adds_reaches_the_next_turn() {
    let first = first_turn();
    let mut member = member_turn(
        std::slice::from_ref(&first),
        "panelist-2",
        "c-2".into(),
        SECOND,
        NOW_MS + 60_000,
    )
    .unwrap();
    assert_eq!(member.consult().config.material.len(), 1);
    add_turn_material(&mut member, vec![text("oncall.txt", ONCALL)]);
    let caller = unanimous_caller(0.9).reply("r1-panelist-2", "Start with invoicing.");
    let (member, _) = run(member, &caller);
    let requests = caller.requests();
    assert_eq!(requests.len(), 1, "one call");
    assert!(requests[0]
        .prompt
        .contains("Invoicing has the cleanest boundary."));
    assert!(requests[0]
        .prompt
        .contains("four people for twelve services"));

    // The next council turn reads both: the first turn's and the member turn's.
    let turns = vec![first, member];
    assert_eq!(
        names(&material_of_thread(&turns)),
        [
            ("S1".to_string(), "billing.txt".to_string()),
            ("S2".to_string(), "oncall.txt".to_string())
        ]
    );
    let third = next_turn(&turns, "c-3".into(), "And then?", NOW_MS + 120_000).unwrap();
    assert_eq!(third.consult().config.material.len(), 2);
}

#[test]
fn the_composer_numbers_a_new_file_after_the_threads_and_refuses_one_it_has() {
    let earlier = vec![{
        let mut s = text("billing.txt", BILLING);
        s.id = "S1".into();
        s
    }];
    let mut new = Vec::new();
    assert_eq!(
        attach_after(&earlier, &mut new, text("oncall.txt", ONCALL)).unwrap(),
        Attached::New("S2".into())
    );
    assert_eq!(
        attach_after(&earlier, &mut new, text("again.txt", BILLING)).unwrap(),
        Attached::AlreadyThere("S1".into())
    );
    assert_eq!(new.len(), 1);
    // The limit counts the thread's sources too.
    let full: Vec<Source> = (0..MAX_SOURCES - 1)
        .map(|n| {
            let mut s = text(&format!("f{n}.txt"), &format!("file {n}\n"));
            s.id = format!("S{}", n + 1);
            s
        })
        .collect();
    let mut one = Vec::new();
    attach_after(&full, &mut one, text("last.txt", "the last one\n")).unwrap();
    assert_eq!(one[0].id, format!("S{MAX_SOURCES}"));
    let refused = attach_after(&full, &mut one, text("over.txt", "one too many\n")).unwrap_err();
    assert!(refused.to_string().contains("over.txt"), "{refused}");
    assert_eq!(one.len(), 1);
}

#[test]
fn a_thread_without_material_asks_its_follow_ups_without_any() {
    let mut config = demo_config();
    config.depth = Depth::Full;
    let (first, _) = run(
        Session::new_consult("c-1".into(), FIRST.into(), config, NOW_MS),
        &unanimous_caller(0.9),
    );
    let second = next_turn(&[first], "c-2".into(), SECOND, NOW_MS + 60_000).unwrap();
    assert!(second.consult().config.material.is_empty());
    let (_, prompts) = prompts_of(second);
    assert!(prompts
        .iter()
        .all(|p| !p.contains("=== end of material ===")));
}

#[test]
fn the_seats_named_before_a_turn_are_the_councils_or_the_one_members() {
    use consilium_engine::consult::view::thread::next_turn_seats;
    let first = first_turn();
    let turns = std::slice::from_ref(&first);
    let council: Vec<String> = next_turn_seats(turns, None)
        .unwrap()
        .0
        .into_iter()
        .map(|p| p.id.to_string())
        .collect();
    assert_eq!(council, ["panelist-1", "panelist-2", "panelist-3", "judge"]);
    let alone: Vec<String> = next_turn_seats(turns, Some("panelist-2"))
        .unwrap()
        .0
        .into_iter()
        .map(|p| p.id.to_string())
        .collect();
    assert_eq!(alone, ["panelist-2"]);
    assert!(next_turn_seats(&[], None).is_none());
}

#[test]
fn a_source_stored_with_its_cited_passages_only_can_be_attached_whole_again() {
    use consilium_engine::library::storage_full::with_cited_passages_only;
    let first = first_turn();
    // Storage was full: turn 1 is stored with billing.txt's cited passages only.
    let (kept, _) = with_cited_passages_only(&first).unwrap();
    let turns = std::slice::from_ref(&kept);
    let earlier = material_of_thread(turns);
    assert!(earlier[0].cited_only);
    // The composer takes the whole file again, under the id the citations name.
    let mut new = Vec::new();
    assert_eq!(
        attach_after(&earlier, &mut new, text("billing.txt", BILLING)).unwrap(),
        Attached::New("S1".into())
    );
    let mut second = next_turn(turns, "c-2".into(), SECOND, NOW_MS + 60_000).unwrap();
    add_turn_material(&mut second, new);
    let material = &second.consult().config.material;
    assert_eq!(
        names(material),
        [("S1".to_string(), "billing.txt".to_string())]
    );
    assert!(!material[0].cited_only);
    assert_eq!(material[0].text, BILLING);
    // A whole copy in a later turn makes the thread's copy whole.
    let whole = material_of_thread(&[kept, second]);
    assert!(!whole[0].cited_only);
}

/// A text of `lines` numbered lines ("line 7 of the log"), 40 to a location.
fn long_text(name: &str, lines: u32) -> Source {
    let body: String = (1..=lines)
        .map(|n| format!("line {n} of the log, with enough words to count for something\n"))
        .collect();
    text(name, &body)
}

#[test]
fn a_follow_up_over_a_seats_window_is_offered_the_cut_and_after_it_reads_the_cut_material() {
    use consilium_engine::consult::view::thread::{cut_turn_material, next_turn_seats};
    use consilium_engine::material::seats::{cut_offer, seat_fits};
    let first = first_turn();
    let turns = std::slice::from_ref(&first);
    let mut second = next_turn(turns, "c-2".into(), SECOND, NOW_MS + 60_000).unwrap();
    add_turn_material(&mut second, vec![long_text("server.log", 400)]);
    let material = second.consult().config.material.clone();
    let (mut seats, _) = next_turn_seats(turns, None).unwrap();
    // One small seat: its window takes the thread's material and about half the new log.
    let log_tokens = material[1].tokens;
    let other = 1_000;
    seats[0].context_tokens = Some(other + material[0].tokens + log_tokens / 2);
    let fits = seat_fits(&material, seats.iter(), other);
    assert!(!fits[0].fits() && fits[1..].iter().all(|f| f.fits()));
    let offer = cut_offer(&material, &fits, other).expect("a cut is offered");
    // The log's last locations, whole ones, from its end: said exactly.
    assert_eq!(offer.cuts.len(), 1);
    assert_eq!(offer.cuts[0].source_id, "S2");
    assert_eq!(offer.cuts[0].last, 400);
    let first_cut = offer.cuts[0].first;
    assert_eq!((first_cut - 1) % 40, 0, "whole locations: {first_cut}");
    assert_eq!(
        offer.said,
        format!("lines {first_cut}-400 of server.log left out")
    );

    let said = cut_turn_material(&mut second, &offer.cuts);
    assert_eq!(said, [offer.said.clone()]);
    let cut_material = &second.consult().config.material;
    assert_eq!(names(cut_material), names(&material), "ids kept");
    let log = &cut_material[1];
    assert!(log.text.contains("line 1 of the log"));
    assert!(!log.text.contains("line 400 of the log"));
    assert!(log.tokens < material[1].tokens);
    assert_eq!(
        log.hash, material[1].hash,
        "the thread's same source, read in part"
    );
    // The seat takes it now, and no further cut is offered.
    let fits = seat_fits(cut_material, seats.iter(), other);
    assert!(fits.iter().all(|f| f.fits()));
    assert_eq!(cut_offer(cut_material, &fits, other), None);

    // Every call of the turn reads the cut material.
    let (done, prompts) = prompts_of(second);
    for prompt in &prompts {
        assert!(prompt.contains(&format!("line {} of the log", first_cut - 1)));
        assert!(!prompt.contains(&format!("line {first_cut} of the log")));
    }
    // The next turn carries the log once, under its id: whole as first attached, if the thread
    // had it whole; here the turn that attached it read it in part, so it stays the part.
    let thread = [first, done];
    let carried = material_of_thread(&thread);
    assert_eq!(names(&carried), names(&material));
}
