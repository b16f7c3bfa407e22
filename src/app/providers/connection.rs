//! The check's test call: one short call to a provider's default model, built by the same code
//! as a run's calls (`chat_request`, not streamed), sent once (no retries: the user is waiting
//! for the verdict).
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::{harness::io::CallRequest, harness::io::CallTarget};

use crate::settings::ProviderSettings;

/// The test's call: a one-word answer, proving the URL, the key and the model together.
pub fn connection_request(provider: &ProviderSettings) -> CallRequest {
    CallRequest {
        images: Vec::new(),
        call_id: "test-connection".into(),
        round: 0,
        participant_id: ParticipantId::default(),
        target: CallTarget {
            provider_id: provider.id.clone(),
            provider_label: provider.name.clone(),
            model: provider.default_model.clone(),
            price: None,
            label: provider.name.clone(),
        },
        system: String::new(),
        prompt: "Reply with the single word OK.".into(),
        max_tokens: 8,
        temperature: 0.0,
        response_schema: None,
        // A one-off call: nothing reads its prompt again.
        prompt_cache_key: None,
        cache_prefix_len: 0,
        web_search: None,
    }
}

#[cfg(test)]
mod tests {
    use consilium_providers::{ChatRequest, Message, ProviderKind, Role};

    use super::*;
    use crate::run::caller::chat_request;

    #[test]
    fn the_test_call_is_a_one_word_question_to_the_default_model_not_streamed() {
        let provider = ProviderSettings {
            id: "p-1".into(),
            name: "Local".into(),
            kind: ProviderKind::OpenAiCompatible,
            base_url: "http://127.0.0.1:8080/v1".into(),
            default_model: "m".into(),
            models: Vec::new(),
            remember_key: false,
            free: true,
            model_facts: Default::default(),
            sees_images: Default::default(),
        };
        let request = connection_request(&provider);
        assert_eq!(request.target.provider_id, "p-1");
        assert_eq!(
            chat_request(&request, false),
            ChatRequest {
                model: "m".into(),
                system: None,
                messages: vec![Message {
                    role: Role::User,
                    content: "Reply with the single word OK.".into(),
                    images: Vec::new(),
                }],
                max_tokens: 8,
                temperature: Some(0.0),
                response_schema: None,
                stream: false,
                prompt_cache_key: None,
                cache_prefix_len: 0,
                web_search: None,
            }
        );
    }
}
