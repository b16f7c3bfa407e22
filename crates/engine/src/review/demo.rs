//! The demo review: scripted personas over a small sample change with one planted secret and one
//! real flaw. It runs the real engine through a VETO (the secret), the Business Driver's
//! compromise, and a second round to REQUEST_CHANGES, so a newcomer sees the whole protocol.
use serde_json::json;

use super::body::{ReviewConfig, DEFAULT_ABSTAIN_THRESHOLD};
use super::committee::ReviewerRole;
use crate::consult::config::DEFAULT_MAX_TOKENS;
use crate::demo::{scripted_reply, DEMO_MODEL};
use crate::harness::io::{CallReply, CallRequest};
use crate::participants::Participant;

pub const DEMO_RULES: &str = "Secrets come from the environment, never from the code.\n\
                              Every query helper has a test.";

/// The sample change: a new setting that hard-codes an AWS key, and a query built from user input.
pub const DEMO_DIFF: &str = "diff --git a/app/config.py b/app/config.py
--- a/app/config.py
+++ b/app/config.py
@@ -1,3 +1,5 @@
 import os
 
 DATABASE_URL = os.environ[\"DATABASE_URL\"]
+AWS_ACCESS_KEY_ID = \"AKIAIOSFODNN7EXAMPLE\"
+UPLOAD_BUCKET = \"invoices-prod\"
diff --git a/app/db.py b/app/db.py
--- a/app/db.py
+++ b/app/db.py
@@ -10,4 +10,9 @@ def connect():
     return psycopg.connect(DATABASE_URL)
 
 
+def find_invoices(conn, customer):
+    query = f\"SELECT * FROM invoices WHERE customer = '{customer}'\"
+    return conn.execute(query).fetchall()
+
+
 def close(conn):
";

/// The demo committee: enough members for a veto and a compromise.
pub const DEMO_COMMITTEE: [ReviewerRole; 4] = [
    ReviewerRole::Architect,
    ReviewerRole::Sre,
    ReviewerRole::KnowledgeManager,
    ReviewerRole::BusinessDriver,
];

pub fn demo_review_config() -> ReviewConfig {
    ReviewConfig {
        members: DEMO_COMMITTEE
            .iter()
            .map(|role| Participant {
                id: role.id().to_string(),
                label: format!("Demo {}", role.name()),
                provider_id: crate::consult::demo::DEMO_PROVIDER_ID.to_string(),
                provider_label: "Demo (scripted)".to_string(),
                model: DEMO_MODEL.to_string(),
                persona: None,
                price: None,
                backup: None,
            })
            .collect(),
        rules: DEMO_RULES.to_string(),
        abstain_threshold: DEFAULT_ABSTAIN_THRESHOLD,
        max_tokens: DEFAULT_MAX_TOKENS,
        budget_usd: None,
        structured_output: true,
        demo: true,
    }
}

fn fix(
    severity: &str,
    path: &str,
    lines: (u32, u32),
    rule: &str,
    current: &str,
    action: &str,
) -> serde_json::Value {
    json!({
        "severity": severity, "path": path, "line_start": lines.0, "line_end": lines.1,
        "rule": rule, "current": current, "recommended_action": action
    })
}

fn secret_fix() -> serde_json::Value {
    fix(
        "critical",
        "app/config.py",
        (4, 4),
        "no hard-coded secrets",
        "An AWS access key id is committed in the code.",
        "Remove the key, rotate it, and read it from the environment.",
    )
}

fn injection_fix() -> serde_json::Value {
    fix(
        "high",
        "app/db.py",
        (14, 14),
        "parameterise SQL queries",
        "The customer name is formatted into the SQL text.",
        "Pass the customer as a query parameter.",
    )
}

fn test_fix() -> serde_json::Value {
    fix(
        "low",
        "app/db.py",
        (13, 15),
        "every query helper has a test",
        "find_invoices has no test.",
        "Add a test that searches for a customer whose name contains a quote.",
    )
}

pub fn demo_reply(request: &CallRequest) -> CallReply {
    let id = request.call_id.as_str();
    let value = match id {
        "r1-architect" => json!({"state": "DEBATE", "confidence": 80,
            "opinion": "find_invoices builds its SQL with an f-string: a customer name with a quote breaks the query, or worse.",
            "fix_items": [injection_fix()]}),
        "r1-sre" => json!({"state": "VETO", "confidence": 95,
            "opinion": "A live AWS access key is committed in app/config.py; anyone with the repository can use it.",
            "fix_items": [secret_fix()]}),
        "r1-knowledge_manager" => json!({"state": "SYNTHESIS", "confidence": 70,
            "opinion": "Names follow the project's conventions; the new query helper has no test, which the rules require.",
            "fix_items": [test_fix()]}),
        "r1-business_driver" => json!({"state": "SYNTHESIS", "confidence": 75,
            "opinion": "Invoice search unblocks the finance team this week; it is worth shipping soon.",
            "fix_items": []}),
        "r1-business_driver-compromise" => json!({
            "compromise": "Ship invoice search this week once the key is removed and rotated and the query is parameterised; the missing test follows next sprint.",
            "cost_of_delay": "Finance keeps exporting invoices by hand, about two days of work a week."}),
        "r1-sre-accept" => json!({"accept": true,
            "reason": "Removing and rotating the key before the merge removes the risk I vetoed."}),
        "r2-architect" => json!({"state": "SYNTHESIS", "confidence": 85,
            "opinion": "Under the compromise the change can go ahead once the query takes a parameter.",
            "fix_items": [injection_fix()]}),
        "r2-sre" => json!({"state": "SYNTHESIS", "confidence": 90,
            "opinion": "With the key removed and rotated before the merge, I lift my veto.",
            "fix_items": [secret_fix()]}),
        "r2-knowledge_manager" => json!({"state": "SYNTHESIS", "confidence": 75,
            "opinion": "The test can follow next sprint as agreed; it stays on the list.",
            "fix_items": [test_fix()]}),
        "r2-business_driver" => json!({"state": "SYNTHESIS", "confidence": 85,
            "opinion": "The compromise ships the value this week with the risks removed.",
            "fix_items": []}),
        // Amended code, or any later round: the committee is satisfied.
        _ if id.ends_with("-accept") => {
            json!({"accept": true, "reason": "The compromise addresses my concern."})
        }
        _ if id.ends_with("-compromise") => {
            json!({"compromise": "Fix the findings before the merge.",
            "cost_of_delay": "A day's delay."})
        }
        _ => json!({"state": "SYNTHESIS", "confidence": 85,
            "opinion": "The amended change addresses what the committee raised.", "fix_items": []}),
    };
    scripted_reply(request, value.to_string())
}
