//! The provider check: the model list, then a one-word call to the default model, each sent once
//! (the model list and its prices saved into the settings, for every seat's model picker), with
//! the facts gathered here (the page, the browser, how the fetch ended) and judged by the
//! providers crate's pure diagnosis. The result is kept per provider, for the connection it was
//! made with: editing the base URL, kind or default model, or the key, makes it unknown again.
use consilium_engine::foundation::ids::ProviderId;
use std::collections::{BTreeMap, HashMap};

use consilium_engine::views::health::{Connected, Health};
use consilium_providers::{
    build_chat_request, build_models_request, call_failure, diagnose, list_unavailable,
    model_to_check, tried_step, Browser, CheckFacts, CheckStep, Diagnosis, FetchOutcome, Price,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::connection::connection_request;
use crate::platform::keys;
use crate::platform::transport::{explained, probe};
use crate::run::caller::chat_request;
use crate::settings::{ModelFacts, ProviderSettings, Settings};

/// How long each step of the check waits.
const STEP_TIMEOUT_MS: u32 = 20_000;

/// Every provider's last check, with the connection it was made with.
#[derive(Clone, Copy)]
pub struct HealthBook(RwSignal<HashMap<ProviderId, (String, Health)>>);

impl Default for HealthBook {
    fn default() -> Self {
        Self(RwSignal::new(HashMap::new()))
    }
}

/// What a check holds for; the key is handled apart ([`HealthBook::forget`] when it changes).
fn connection_of(provider: &ProviderSettings) -> String {
    format!(
        "{:?} {} {}",
        provider.kind,
        provider.base_url.trim_end_matches('/'),
        provider.default_model.trim()
    )
}

impl HealthBook {
    /// The provider's health, if its last check was of its connection as it is now.
    pub fn of(&self, provider: &ProviderSettings) -> Health {
        self.0.with(|book| match book.get(&provider.id) {
            Some((connection, health)) if *connection == connection_of(provider) => health.clone(),
            _ => Health::Unknown,
        })
    }

    /// The health of the provider `id` in `settings` (Unknown for a missing provider).
    pub fn of_id(&self, settings: &Settings, id: &ProviderId) -> Health {
        settings
            .provider(id)
            .map(|p| self.of(p))
            .unwrap_or(Health::Unknown)
    }

    pub fn forget(&self, id: &ProviderId) {
        self.0.update(|book| {
            book.remove(id);
        });
    }

    /// Checks the provider in the background; its models are saved into the settings when the
    /// check found some and the connection did not change meanwhile.
    pub fn check(&self, settings: RwSignal<Settings>, provider: ProviderSettings) {
        let book = *self;
        let connection = connection_of(&provider);
        let id = provider.id.clone();
        book.0.update(|b| {
            b.insert(id.clone(), (connection.clone(), Health::Checking));
        });
        spawn_local(async move {
            // Through its part in the split build (`check_part`).
            let Checked {
                health,
                prices,
                facts,
            } = crate::app::providers::check_part::check(provider).await;
            // The provider may have been edited (or checked again) meanwhile: then this result
            // is about a connection it no longer has.
            let same_check = book
                .0
                .with_untracked(|b| b.get(&id).is_some_and(|(c, _)| *c == connection));
            let same_provider = settings.with_untracked(|s| {
                s.provider(&id)
                    .is_some_and(|p| connection_of(p) == connection)
            });
            if !(same_check && same_provider) {
                return;
            }
            let models = health.models().to_vec();
            // The model that answered, when the provider had none named (`model_to_check`).
            let answered = match &health {
                Health::Ready(connected) => Some(connected.model.clone()),
                _ => None,
            };
            // The list's own prices (the ledger charges with them too), except where the user
            // typed a model's price: theirs wins.
            let changed = settings.with_untracked(|s| {
                let new_models = s.provider(&id).is_some_and(|p| {
                    (!models.is_empty() && p.models != models)
                        || (!facts.is_empty() && p.model_facts != facts)
                        || answered.as_ref().is_some_and(|m| *m != p.default_model)
                });
                let mut table = s.prices.clone();
                let new_prices = table.take_listed(&prices);
                (new_models || new_prices).then_some(table)
            });
            if let Some(table) = changed {
                settings.update(|s| {
                    if let Some(p) = s.providers.iter_mut().find(|p| p.id == id) {
                        if !models.is_empty() {
                            p.models = models;
                        }
                        if !facts.is_empty() {
                            p.model_facts = facts;
                        }
                        if let Some(model) = answered {
                            p.default_model = model;
                        }
                    }
                    s.prices = table;
                });
                let _ = settings.with_untracked(Settings::save);
            }
            // Its connection as saved now: with the model that answered, when that was set.
            let connection = settings
                .with_untracked(|s| s.provider(&id).map(connection_of))
                .unwrap_or(connection);
            book.0.update(|b| {
                b.insert(id, (connection, health));
            });
        });
    }
}

fn facts(provider: &ProviderSettings, step: CheckStep, outcome: FetchOutcome) -> CheckFacts {
    let window = web_sys::window().expect("the app runs in a window");
    CheckFacts {
        page_url: window.location().href().unwrap_or_default(),
        target_url: provider.base_url.clone(),
        kind: provider.kind,
        browser: Browser::from_user_agent(&window.navigator().user_agent().unwrap_or_default()),
        step,
        outcome,
    }
}

/// What one check found: the provider's health, and the prices its model list carries (OpenRouter's).
pub struct Checked {
    pub health: Health,
    pub prices: Vec<(String, Price)>,
    /// What the list said of each model's images and context window.
    pub facts: BTreeMap<String, ModelFacts>,
}

/// The one provider check ("Check connection"): lists the models where the address has a list,
/// then asks the default model for one word (the same non-streamed request a run would build),
/// timed. Each step is sent once; an address without a list is checked by the call alone.
pub async fn check_provider(provider: &ProviderSettings) -> Checked {
    let failing = |diagnosis| Checked {
        health: Health::Failing(diagnosis),
        prices: Vec::new(),
        facts: BTreeMap::new(),
    };
    let key = keys::get_key(provider.id.as_str());
    let endpoint = provider.endpoint();
    let list = build_models_request(&endpoint, key.as_deref());
    let outcome = explained(probe(&list, STEP_TIMEOUT_MS).await, &list, STEP_TIMEOUT_MS).await;
    let mut tried = vec![tried_step(
        &list.method,
        &list.url,
        None,
        &outcome,
        key.as_deref(),
    )];
    let (listed, missing_list) = match diagnose(&facts(provider, CheckStep::ModelList, outcome)) {
        Ok(models) => (Some(models), None),
        Err(diagnosis) if list_unavailable(&diagnosis) => (None, Some(diagnosis)),
        Err(diagnosis) => return failing(Diagnosis { tried, ..diagnosis }),
    };
    // A server added without a model name is asked under the model it lists.
    let listed_ids: Vec<String> = listed.iter().flatten().map(|m| m.id.clone()).collect();
    let mut asked = provider.clone();
    asked.default_model = model_to_check(&provider.default_model, &listed_ids);
    let call = build_chat_request(
        &endpoint,
        key.as_deref(),
        &chat_request(&connection_request(&asked), false),
    );
    let started = js_sys::Date::now();
    let outcome = explained(probe(&call, STEP_TIMEOUT_MS).await, &call, STEP_TIMEOUT_MS).await;
    let reply_ms = (js_sys::Date::now() - started).max(0.0) as u64;
    tried.push(tried_step(
        &call.method,
        &call.url,
        Some(&asked.default_model),
        &outcome,
        key.as_deref(),
    ));
    if let Err(diagnosis) = diagnose(&facts(provider, CheckStep::Call, outcome)) {
        let diagnosis = call_failure(missing_list.as_ref(), diagnosis);
        return failing(Diagnosis { tried, ..diagnosis });
    }
    let prices = listed
        .iter()
        .flatten()
        .filter_map(|m| m.price.map(|p| (m.id.clone(), p)))
        .collect();
    let facts = listed
        .iter()
        .flatten()
        .filter_map(|m| ModelFacts::of(m).map(|facts| (m.id.clone(), facts)))
        .collect();
    Checked {
        facts,
        health: Health::Ready(Connected {
            models: listed.map(|models| models.into_iter().map(|m| m.id).collect()),
            model: asked.default_model,
            reply_ms,
        }),
        prices,
    }
}
