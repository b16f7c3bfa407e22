//! The material as one cached prefix: on a recorded consult with material, every
//! call of every seat on a model opens with the same bytes (the council's instructions, then the
//! material), the question follows, and what is new in the round comes last; images go to the
//! seats that see them and the others are told; a call is marked for the cache only when another
//! call on its model reads the same opening.
use crate::common;

use common::{attach_contract, recorded};
use consilium_engine::consult::demo::demo_config;
use consilium_engine::consult::material::MATERIAL_SYSTEM;
use consilium_engine::harness::io::CallRequest;
use consilium_engine::material::attach::attach;
use consilium_engine::material::extract::source_from_bytes;
use consilium_engine::record::consult::config::ConsultConfig;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";

fn config_with_material() -> ConsultConfig {
    let mut config = demo_config();
    attach_contract(&mut config, 120);
    attach(
        &mut config.material,
        source_from_bytes("chart.png", "", PNG).unwrap(),
    )
    .unwrap();
    // Panelist 3's model cannot see images; the others' can.
    for (index, seat) in config.panelists.iter_mut().enumerate() {
        seat.sees_images = Some(index != 2);
        if index == 2 {
            seat.model = "gemma-3-270m".into();
        }
    }
    config.judge.sees_images = Some(true);
    config
}

fn opening(request: &CallRequest) -> &str {
    &request.prompt[..request
        .prompt
        .find("=== end of material ===\n\n")
        .expect("material")
        + 25]
}

#[test]
fn every_call_of_each_model_opens_with_the_same_material_bytes() {
    let config = config_with_material();
    let requests = recorded(config.clone());
    let with_material: Vec<&CallRequest> = requests.iter().collect();
    // The judge's judgment of the cross-examination too: every call, not every call but one.
    assert_eq!(
        with_material.len(),
        9,
        "rounds 1 and 3 for three panelists, 2, 3 (its judgment) and 4 for the judge"
    );
    let question_at = |r: &CallRequest| r.prompt.find("Question:\n").expect("the question");
    for model in ["scripted", "gemma-3-270m"] {
        let calls: Vec<&&CallRequest> = with_material
            .iter()
            .filter(|r| r.target.model == model)
            .collect();
        assert!(!calls.is_empty(), "{model}");
        let first = calls[0];
        for call in &calls {
            assert_eq!(call.system, MATERIAL_SYSTEM, "{}", call.call_id);
            assert_eq!(
                opening(call),
                opening(first),
                "{} vs {}",
                call.call_id,
                first.call_id
            );
            assert_eq!(call.images, first.images, "{}", call.call_id);
            // Instructions, material, then the question, then the seat's part and the round.
            assert!(question_at(call) >= opening(call).len(), "{}", call.call_id);
            let part = call.prompt.find("Your part in this council:").unwrap();
            assert!(part > question_at(call), "{}", call.call_id);
        }
    }
    // Every seat on the same model reads one material, whatever its persona or role.
    let seeing = with_material
        .iter()
        .find(|r| r.participant_id == "panelist-1")
        .unwrap();
    let judge = with_material
        .iter()
        .find(|r| r.participant_id == "judge")
        .unwrap();
    assert_eq!(opening(seeing), opening(judge));
    assert!(opening(seeing).contains("[S1 lines 41-80]\nClause 41:"));
}

#[test]
fn images_go_to_the_seats_that_see_them_and_the_others_are_told() {
    let requests = recorded(config_with_material());
    let blind = requests
        .iter()
        .find(|r| r.call_id == "r1-panelist-3")
        .unwrap();
    let seeing = requests
        .iter()
        .find(|r| r.call_id == "r1-panelist-1")
        .unwrap();
    assert!(blind.images.is_empty());
    assert!(blind.prompt.contains(
        "=== S2 · image · chart.png ===\n(an image your model cannot see: it was left out)"
    ));
    assert_eq!(seeing.images.len(), 1);
    assert_eq!(seeing.images[0].media_type, "image/png");
    assert!(seeing
        .prompt
        .contains("(the image is attached to this message)"));
    // The re-ask and every later call of the seat carry the same images (the prefix holds).
    let later = requests
        .iter()
        .find(|r| r.call_id == "r3-panelist-1")
        .unwrap();
    assert_eq!(later.images, seeing.images);
}

#[test]
fn a_call_is_marked_for_the_cache_only_when_another_call_on_its_model_reads_it() {
    // Structured output on: every call sends the one schema, so the calls are marked as with
    // structured output off.
    let marks = |requests: &[CallRequest]| -> Vec<(String, Option<String>, usize)> {
        requests
            .iter()
            .map(|r| {
                (
                    r.call_id.clone(),
                    r.prompt_cache_key.clone(),
                    r.cache_prefix_len,
                )
            })
            .collect()
    };
    let structured = recorded(config_with_material());

    // Structured output off: every call on a model with a call in another round reads the
    // material (or writes what that call reads).
    let mut config = config_with_material();
    config.structured_output = false;
    let requests = recorded(config);
    assert_eq!(marks(&structured), marks(&requests));
    let r1 = requests
        .iter()
        .find(|r| r.call_id == "r1-panelist-1")
        .unwrap();
    // The key names the model, so every seat on it meets in one cache; the breakpoint is the end
    // of the material.
    assert!(r1.prompt_cache_key.as_ref().unwrap().ends_with(":scripted"));
    assert_eq!(r1.cache_prefix_len, opening(r1).len());
    let unmarked: Vec<&str> = requests
        .iter()
        .filter(|r| r.prompt_cache_key.is_none())
        .map(|r| r.call_id.as_str())
        .collect();
    // Panelist 3's two calls share its model's material, and the judge's judgment reads what
    // its synthesis wrote: no call is a one-off.
    assert!(unmarked.is_empty(), "{unmarked:?}");

    // Calls of one round are sent at once, so none reads another's: a consult that stops after
    // round 1 marks nothing, though two of its calls are on one model.
    let mut config = config_with_material();
    config.structured_output = false;
    config.stop_after_round = 1;
    let requests = recorded(config);
    let marked: Vec<&str> = requests
        .iter()
        .filter(|r| r.prompt_cache_key.is_some())
        .map(|r| r.call_id.as_str())
        .collect();
    assert!(marked.is_empty(), "{marked:?}");
}

#[test]
fn without_material_the_prompts_are_as_before() {
    let requests = recorded(demo_config());
    assert!(requests
        .iter()
        .all(|r| r.system != MATERIAL_SYSTEM && r.images.is_empty()));
    assert!(requests.iter().all(|r| !r.prompt.contains("MATERIAL")));
}
