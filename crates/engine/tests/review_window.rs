//! The Review form counts the change and its context files against each member's context window
//! (issue 41), as Consult's form counts its material: a member that cannot take them is named with
//! its model, and the cut of the context files (never of the diff) that makes the tightest member
//! fit is offered, said exactly; the call's tokens are said too.
use consilium_engine::foundation::counted::thousands;
use consilium_engine::foundation::participants::Participant;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::material::seats::{cut, seat_fits};
use consilium_engine::record::sources::Source;
use consilium_engine::review::demo::demo_review_config;
use consilium_engine::review::window::{other_tokens, review_window};

const DIFF: &str = "\
diff --git a/src/retry.rs b/src/retry.rs
--- a/src/retry.rs
+++ b/src/retry.rs
@@ -1,2 +1,3 @@
 fn retry() {
+    let attempts = policy::max_attempts();
 }
";

const MAX_TOKENS: u32 = 1_000;

fn worker_log() -> Vec<Source> {
    let lines: Vec<String> = (1..=400)
        .map(|n| {
            format!("log line {n}: the invoicing worker retried a payment and wrote its ledger")
        })
        .collect();
    let text = lines.join("\n") + "\n";
    let mut material = Vec::new();
    let source = source_from_bytes("worker.log", "text/plain", text.as_bytes()).unwrap();
    attach(&mut material, source).unwrap();
    material
}

/// Architect and SRE as the form makes them (labelled "role · model", named by role), the SRE on a
/// model of 4,096 tokens, the Architect on one of 128,000.
fn committee() -> Vec<Participant> {
    let mut members = demo_review_config().members;
    members.truncate(2);
    members[0].label = "Engineering Architect · large-model".into();
    members[0].model = "large-model".into();
    members[0].context_tokens = Some(128_000);
    members[1].label = "Operations/SRE · tiny-model".into();
    members[1].model = "tiny-model".into();
    members[1].context_tokens = Some(4_096);
    members
}

#[test]
fn a_member_whose_window_cannot_take_the_context_files_is_named_and_offered_their_cut() {
    let material = worker_log();
    let members = committee();
    let window = review_window(DIFF, "", &material, &members, MAX_TOKENS);
    let other = other_tokens(DIFF, "", MAX_TOKENS);
    let over = seat_fits(&material, &members, other)[1].over_by;
    assert!(over > 0);
    assert_eq!(
        window.notices,
        [format!(
            "Operations/SRE (tiny-model) reads at most 4,096 tokens and the diff with the context \
             files needs {} more: cut the context files or choose another model for this member.",
            thousands(u64::from(over))
        )]
    );
    let offer = window
        .offer
        .expect("the cut of the context files is offered");
    let from = offer.cuts[0].first;
    assert_eq!(
        offer.said,
        format!("lines {from}-400 of worker.log left out")
    );
    assert_eq!((from - 1) % 40, 0, "whole blocks of lines are cut");
    // The call's tokens count the context files.
    let reads = window.reads.unwrap();
    assert!(
        reads.starts_with("Each reviewer's call reads about ")
            && reads.ends_with("for the context files.")
            && reads.contains(&thousands(u64::from(material[0].tokens))),
        "{reads}"
    );
    // After the cut, every member takes the change and what is left of the files.
    let (kept, said) = cut(&material, &offer.cuts);
    assert_eq!(said, [offer.said.clone()]);
    let after = review_window(DIFF, "", &kept, &members, MAX_TOKENS);
    assert_eq!(after.notices, Vec::<String>::new());
    assert_eq!(after.offer, None);
}

#[test]
fn a_diff_a_window_cannot_take_alone_is_never_cut_and_the_member_must_change() {
    let material = worker_log();
    let mut members = committee();
    // Under the diff, the instructions and the reply's room alone.
    members[1].context_tokens = Some(2_500);
    let window = review_window(DIFF, "", &material, &members, MAX_TOKENS);
    let other = other_tokens(DIFF, "", MAX_TOKENS);
    assert_eq!(
        window.notices,
        [format!(
            "Operations/SRE (tiny-model) reads at most 2,500 tokens and the diff alone, with the \
             reply's room, needs {} more: cutting the context files cannot make it fit. Choose \
             another model for this member, or review a smaller change.",
            thousands(u64::from(other - 2_500))
        )]
    );
    assert_eq!(window.offer, None, "cutting the files cannot help");
}

#[test]
fn a_committee_that_takes_everything_hears_nothing_but_the_calls_tokens() {
    let material = worker_log();
    let mut members = committee();
    members[1].context_tokens = Some(200_000);
    let window = review_window(
        DIFF,
        "Retries are bounded.",
        &material,
        &members,
        MAX_TOKENS,
    );
    assert!(window.notices.is_empty());
    assert_eq!(window.offer, None);
    assert!(window.reads.is_some());
    // No context files: nothing to say at all.
    let bare = review_window(DIFF, "", &[], &members, MAX_TOKENS);
    assert_eq!(bare.notices, Vec::<String>::new());
    assert_eq!((bare.offer, bare.reads), (None, None));
}
