//! Once a check finds the model a server added without a name answers as, the seats
//! that were on its placeholder follow; a model the user chose stays.
use consilium_engine::views::seats::Seat;

fn seat(provider: &str, model: &str, backup: (&str, &str)) -> Seat {
    Seat {
        provider_id: provider.into(),
        model: model.into(),
        persona: "Skeptic".into(),
        backup_provider_id: backup.0.into(),
        backup_model: backup.1.into(),
    }
}

#[test]
fn seats_on_a_providers_old_default_follow_it_and_others_stay() {
    let on_default = seat("p-local", "default", ("", ""));
    assert_eq!(
        on_default.following_default(&"p-local".into(), "default", "gemma-3-270m"),
        seat("p-local", "gemma-3-270m", ("", ""))
    );
    // Another provider's seat with the same model name is another server's model.
    let elsewhere = seat("p-other", "default", ("p-local", "default"));
    assert_eq!(
        elsewhere.following_default(&"p-local".into(), "default", "gemma-3-270m"),
        seat("p-other", "default", ("p-local", "gemma-3-270m"))
    );
    // A model the user chose on that provider stays.
    let chosen = seat("p-local", "qwen3", ("", ""));
    assert_eq!(
        chosen.following_default(&"p-local".into(), "default", "gemma-3-270m"),
        chosen
    );
}
