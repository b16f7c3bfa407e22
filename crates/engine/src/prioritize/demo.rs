//! The demo prioritization: a backlog of 8 opportunities debated by scripted partners. The
//! ranking changes in round 2 (where the moderator's claim of consensus is refused, because the
//! ranking moved) and holds in round 3, where consensus is reached: the chart shows movement and
//! the stopping rule at work.
use crate::foundation::participants::{Participant, DEMO_PROVIDER_LABEL};
use crate::harness::demo::{scripted_reply, DEMO_MODEL, DEMO_PROVIDER_ID};
use crate::harness::io::{CallReply, CallRequest};
use crate::record::prioritize::backlog::{Effort, Opportunity, Size};
use crate::record::prioritize::body::{Partner, PrioritizeConfig};
use crate::record::prioritize::debate::{DEFAULT_BUDGET_USD, DEFAULT_MAX_ROUNDS};
use crate::record::DEFAULT_MAX_TOKENS;

pub fn demo_backlog() -> Vec<Opportunity> {
    let item =
        |id: &str, title: &str, kind: &str, description: &str, evidence: &[&str], effort: Size| {
            let mut o = Opportunity::new(id, title);
            o.kind = kind.to_string();
            o.description = description.to_string();
            o.evidence = evidence.iter().map(|e| e.to_string()).collect();
            o.effort = Some(Effort::Size(effort));
            o
        };
    vec![
        item(
            "opp-1",
            "Fix flaky checkout test",
            "test_failure",
            "The checkout suite fails 1 run in 8 and blocks merges.",
            &["CI: 41 red runs last month", "3 reverted merges"],
            Size::S,
        ),
        item(
            "opp-2",
            "Dark mode",
            "feature",
            "Users ask for a dark theme.",
            &["212 votes on the feedback board"],
            Size::M,
        ),
        item(
            "opp-3",
            "Export to CSV",
            "feature",
            "Finance exports invoices by hand every week.",
            &[
                "Top request from 4 enterprise accounts",
                "Support: 30 tickets",
            ],
            Size::M,
        ),
        item(
            "opp-4",
            "Replace the search engine",
            "tech_debt",
            "The self-hosted search index is slow and unmaintained.",
            &["p95 search latency 2.4 s"],
            Size::XL,
        ),
        item(
            "opp-5",
            "Onboarding checklist",
            "feature",
            "New teams stall before inviting colleagues.",
            &["Activation 38%", "Churn interviews"],
            Size::L,
        ),
        item(
            "opp-6",
            "Upgrade the ORM",
            "tech_debt",
            "Two major versions behind.",
            &["Security advisory pending"],
            Size::L,
        ),
        item(
            "opp-7",
            "SSO for enterprise",
            "feature",
            "SAML sign-in for large customers.",
            &["Blocks 2 deals in the pipeline"],
            Size::L,
        ),
        item(
            "opp-8",
            "Rewrite the admin panel",
            "stalled_work",
            "Half-finished rewrite from last year.",
            &["Branch untouched for 7 months"],
            Size::XL,
        ),
    ]
}

pub fn demo_prioritize_config() -> PrioritizeConfig {
    let seat = |partner: Partner, model: &str| Participant {
        context_tokens: None,
        web_search: None,
        sees_images: None,
        id: partner.id().into(),
        label: format!("Demo {}", partner.title()),
        provider_id: DEMO_PROVIDER_ID.into(),
        provider_label: DEMO_PROVIDER_LABEL.to_string(),
        model: model.to_string(),
        persona: None,
        price: None,
        backup: None,
    };
    PrioritizeConfig {
        partners: vec![
            seat(Partner::Champion, DEMO_MODEL),
            seat(Partner::Critic, "scripted-critic"),
            seat(Partner::Moderator, DEMO_MODEL),
        ],
        max_rounds: DEFAULT_MAX_ROUNDS,
        budget_usd: DEFAULT_BUDGET_USD,
        max_tokens: DEFAULT_MAX_TOKENS,
        debate: true,
        structured_output: true,
        independence_overridden: false,
        demo: true,
    }
}

fn list(ids: &[&str]) -> String {
    format!(
        "[{}]",
        ids.iter()
            .map(|id| format!("\"{id}\""))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

const ROUND1: [&str; 8] = [
    "opp-3", "opp-1", "opp-5", "opp-2", "opp-7", "opp-4", "opp-6", "opp-8",
];
const ROUND2: [&str; 8] = [
    "opp-1", "opp-3", "opp-7", "opp-5", "opp-6", "opp-2", "opp-4", "opp-8",
];

fn champion(round: u8) -> String {
    let (argument, ranking) = match round {
        1 => ("CSV export unblocks four enterprise accounts this quarter; the onboarding checklist attacks our weakest metric (activation 38%). Dark mode is loved but does not move revenue.", ["opp-3", "opp-5", "opp-1", "opp-7", "opp-2", "opp-4", "opp-6", "opp-8"]),
        2 => ("On the critic's concerns: the flaky test costs every team every day, so it goes first; SSO's two blocked deals outweigh the onboarding checklist's larger scope. CSV export stays near the top.", ["opp-1", "opp-3", "opp-7", "opp-5", "opp-2", "opp-6", "opp-4", "opp-8"]),
        _ => ("The ranking of round 2 answers the concerns raised: quick, certain wins first, then the enterprise deals, with the search replacement deferred until it is split.", ["opp-1", "opp-3", "opp-7", "opp-5", "opp-6", "opp-2", "opp-4", "opp-8"]),
    };
    format!(
        "<<<CHAMPION_ARGUMENT_START>>>\n{argument}\n<<<CHAMPION_ARGUMENT_END>>>\n\n<<<CHAMPION_RANKINGS_START>>>\n{}\n<<<CHAMPION_RANKINGS_END>>>",
        list(&ranking)
    )
}

fn critic(round: u8) -> String {
    let concerns = match round {
        1 => {
            r#"{"opp-4": ["XL: must be split before it can be estimated", "Migration risk for every saved search"], "opp-8": ["Stalled for 7 months; the old panel works"], "opp-5": ["Touches signup, billing and email"], "opp-7": ["SAML libraries vary; buy rather than build"]}"#
        }
        _ => {
            r#"{"opp-4": ["Still XL; split it into indexing and query work first"], "opp-8": ["Abandon or restart small"], "opp-6": ["The security advisory makes it urgent"]}"#
        }
    };
    let ranking = [
        "opp-1", "opp-3", "opp-6", "opp-2", "opp-7", "opp-5", "opp-4", "opp-8",
    ];
    format!(
        "<<<CRITIC_CONCERNS_START>>>\n{concerns}\n<<<CRITIC_CONCERNS_END>>>\n\n<<<CRITIC_RANKINGS_START>>>\n{}\n<<<CRITIC_RANKINGS_END>>>\n\n<<<CRITIC_ASSESSMENTS_START>>>\n{}\n<<<CRITIC_ASSESSMENTS_END>>>",
        list(&ranking),
        r#"{"opp-1": {"effort": "S", "approach": "build"}, "opp-2": {"effort": "M", "approach": "build"}, "opp-3": {"effort": "M", "approach": "build"}, "opp-4": {"effort": "XL", "approach": "buy"}, "opp-5": {"effort": "L", "approach": "build"}, "opp-6": {"effort": "L", "approach": "build"}, "opp-7": {"effort": "L", "approach": "buy"}, "opp-8": {"effort": "XL", "approach": "build"}}"#
    )
}

fn moderator(round: u8) -> String {
    let (dispositions, ranking, status) = match round {
        1 => (
            r#"{"opp-1": "prioritize", "opp-2": "defer", "opp-3": "prioritize", "opp-4": "investigate", "opp-5": "prioritize", "opp-6": "defer", "opp-7": "investigate", "opp-8": "reject"}"#,
            ROUND1,
            r#"{"continue_debate": true, "consensus_reached": false}"#,
        ),
        2 => (
            r#"{"opp-1": "prioritize", "opp-2": "defer", "opp-3": "prioritize", "opp-4": "defer", "opp-5": "prioritize", "opp-6": "prioritize", "opp-7": "prioritize", "opp-8": "reject"}"#,
            ROUND2,
            r#"{"continue_debate": false, "consensus_reached": true}"#,
        ),
        _ => (
            r#"{"opp-1": "prioritize", "opp-2": "defer", "opp-3": "prioritize", "opp-4": "defer", "opp-5": "prioritize", "opp-6": "prioritize", "opp-7": "prioritize", "opp-8": "reject"}"#,
            ROUND2,
            r#"{"continue_debate": false, "consensus_reached": true}"#,
        ),
    };
    format!(
        "<<<DISPOSITIONS_START>>>\n{dispositions}\n<<<DISPOSITIONS_END>>>\n\n<<<FINAL_RANKINGS_START>>>\n{}\n<<<FINAL_RANKINGS_END>>>\n\n<<<DEBATE_STATUS_START>>>\n{status}\n<<<DEBATE_STATUS_END>>>",
        list(&ranking)
    )
}

/// The scripted partner's reply to `request` (by seat and round).
pub fn demo_reply(request: &CallRequest) -> CallReply {
    let text = match Partner::from_id(request.participant_id.as_str()) {
        Some(Partner::Champion) => champion(request.round),
        Some(Partner::Critic) => critic(request.round),
        _ => moderator(request.round),
    };
    scripted_reply(request, text)
}
