//! The demo review: scripted personas over a small sample change with one planted secret and one
//! real flaw. It runs the real engine through a VETO (the secret), the Business Driver's
//! compromise, and a second round to REQUEST_CHANGES, so a newcomer sees the whole protocol.
use crate::foundation::participants::{Participant, DEMO_PROVIDER_LABEL};
use crate::harness::demo::{scripted_reply, DEMO_MODEL, DEMO_PROVIDER_ID};
use crate::harness::io::{CallReply, CallRequest};
use crate::record::review::body::{ReviewConfig, DEFAULT_ABSTAIN_THRESHOLD};
use crate::record::review::committee::ReviewerRole;
use crate::record::DEFAULT_MAX_TOKENS;

pub const DEMO_RULES: &str = "Secrets come from the environment, never from the code.\n\
                              Every query helper has a test.";

/// The sample change: a new setting that hard-codes an AWS key, and a query built from user input.
pub const DEMO_DIFF: &str = "diff --git a/app/config.py b/app/config.py
--- a/app/config.py
+++ b/app/config.py
@@ -1,3 +1,5 @@
 import os
 
 DATABASE_URL = os.environ[\"DATABASE_URL\"]
+AWS_ACCESS_KEY_ID = \"AKIAQ3EGRU7XK5N2ZD4W\"
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
                context_tokens: None,
                web_search: None,
                sees_images: None,
                id: role.id().into(),
                label: format!("Demo {}", role.name()),
                provider_id: DEMO_PROVIDER_ID.into(),
                provider_label: DEMO_PROVIDER_LABEL.to_string(),
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
        material: Vec::new(),
    }
}

// The fix items the personas report, as their replies write them.
macro_rules! secret_fix {
    () => {
        r#"{"severity":"critical","path":"app/config.py","line_start":4,"line_end":4,"rule":"no hard-coded secrets","current":"An AWS access key id is committed in the code.","recommended_action":"Remove the key, rotate it, and read it from the environment."}"#
    };
}
macro_rules! injection_fix {
    () => {
        r#"{"severity":"high","path":"app/db.py","line_start":14,"line_end":14,"rule":"parameterise SQL queries","current":"The customer name is formatted into the SQL text.","recommended_action":"Pass the customer as a query parameter."}"#
    };
}
macro_rules! test_fix {
    () => {
        r#"{"severity":"low","path":"app/db.py","line_start":13,"line_end":15,"rule":"every query helper has a test","current":"find_invoices has no test.","recommended_action":"Add a test that searches for a customer whose name contains a quote."}"#
    };
}

/// The scripted persona's reply to `request` (by call id): compact JSON, written out as constants
/// rather than built at run time.
pub fn demo_reply(request: &CallRequest) -> CallReply {
    let id = request.call_id.as_str();
    let text = match id {
        "r1-architect" => concat!(
            r#"{"state":"DEBATE","confidence":80,"opinion":"find_invoices builds its SQL with an f-string: a customer name with a quote breaks the query, or worse.","fix_items":["#,
            injection_fix!(),
            "]}"
        ),
        "r1-sre" => concat!(
            r#"{"state":"VETO","confidence":95,"opinion":"A live AWS access key is committed in app/config.py; anyone with the repository can use it.","fix_items":["#,
            secret_fix!(),
            "]}"
        ),
        "r1-knowledge_manager" => concat!(
            r#"{"state":"SYNTHESIS","confidence":70,"opinion":"Names follow the project's conventions; the new query helper has no test, which the rules require.","fix_items":["#,
            test_fix!(),
            "]}"
        ),
        "r1-business_driver" => {
            r#"{"state":"SYNTHESIS","confidence":75,"opinion":"Invoice search unblocks the finance team this week; it is worth shipping soon.","fix_items":[]}"#
        }
        "r1-business_driver-compromise" => {
            r#"{"compromise":"Ship invoice search this week once the key is removed and rotated and the query is parameterised; the missing test follows next sprint.","cost_of_delay":"Finance keeps exporting invoices by hand, about two days of work a week."}"#
        }
        "r1-sre-accept" => {
            r#"{"accept":true,"reason":"Removing and rotating the key before the merge removes the risk I vetoed."}"#
        }
        "r2-architect" => concat!(
            r#"{"state":"SYNTHESIS","confidence":85,"opinion":"Under the compromise the change can go ahead once the query takes a parameter.","fix_items":["#,
            injection_fix!(),
            "]}"
        ),
        "r2-sre" => concat!(
            r#"{"state":"SYNTHESIS","confidence":90,"opinion":"With the key removed and rotated before the merge, I lift my veto.","fix_items":["#,
            secret_fix!(),
            "]}"
        ),
        "r2-knowledge_manager" => concat!(
            r#"{"state":"SYNTHESIS","confidence":75,"opinion":"The test can follow next sprint as agreed; it stays on the list.","fix_items":["#,
            test_fix!(),
            "]}"
        ),
        "r2-business_driver" => {
            r#"{"state":"SYNTHESIS","confidence":85,"opinion":"The compromise ships the value this week with the risks removed.","fix_items":[]}"#
        }
        // Amended code, or any later round: the committee is satisfied.
        _ if id.ends_with("-accept") => {
            r#"{"accept":true,"reason":"The compromise addresses my concern."}"#
        }
        _ if id.ends_with("-compromise") => {
            r#"{"compromise":"Fix the findings before the merge.","cost_of_delay":"A day's delay."}"#
        }
        _ => {
            r#"{"state":"SYNTHESIS","confidence":85,"opinion":"The amended change addresses what the committee raised.","fix_items":[]}"#
        }
    };
    scripted_reply(request, text.to_string())
}
