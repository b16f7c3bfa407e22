//! What the bucket's answers mean (`reply::read`) and the CORS rules (`cors::rule`).
use consilium_bucket::cors::{rule, Service, SERVICES};
use consilium_bucket::reply::{error_code, read, BucketProblem, Outcome, Reading};

fn answered(status: u16, code: &str, message: &str) -> Reading {
    read(&Outcome::Answered {
        status,
        body: format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>{code}</Code><Message>{message}</Message><RequestId>1</RequestId></Error>"
        ),
    })
}

fn problem(p: BucketProblem) -> Reading {
    Reading::Problem(p)
}

#[test]
fn each_answer_is_named_with_its_fix() {
    assert_eq!(
        read(&Outcome::Answered {
            status: 200,
            body: String::new()
        }),
        Reading::Ok
    );
    assert_eq!(
        read(&Outcome::Answered {
            status: 204,
            body: String::new()
        }),
        Reading::Ok
    );
    assert_eq!(
        answered(404, "NoSuchKey", "The specified key does not exist."),
        Reading::Missing
    );
    assert_eq!(
        answered(404, "NoSuchBucket", "The specified bucket does not exist"),
        problem(BucketProblem::NoSuchBucket)
    );
    for code in ["InvalidAccessKeyId", "SignatureDoesNotMatch"] {
        assert_eq!(
            answered(403, code, "x"),
            problem(BucketProblem::Credentials),
            "{code}"
        );
    }
    assert_eq!(
        answered(
            403,
            "RequestTimeTooSkewed",
            "The difference between the request time and the current time is too large."
        ),
        problem(BucketProblem::ClockSkew)
    );
    assert_eq!(
        answered(403, "AccessDenied", "Request has expired"),
        problem(BucketProblem::ClockSkew)
    );
    assert_eq!(
        answered(403, "AccessDenied", "Access Denied"),
        problem(BucketProblem::NotAllowed)
    );
    assert_eq!(
        answered(403, "QuotaExceeded", "x"),
        problem(BucketProblem::NotAllowed)
    );
    assert_eq!(
        answered(400, "QuotaExceeded", "x"),
        problem(BucketProblem::Quota)
    );
    assert_eq!(answered(507, "", ""), problem(BucketProblem::Quota));
    assert_eq!(
        answered(503, "SlowDown", "x"),
        problem(BucketProblem::Server(503))
    );
    assert_eq!(
        answered(400, "InvalidRequest", "x"),
        problem(BucketProblem::Other {
            status: 400,
            code: "InvalidRequest".into()
        })
    );
    assert_eq!(
        read(&Outcome::Failed {
            reachable_without_cors: true
        }),
        problem(BucketProblem::NoCors)
    );
    assert_eq!(
        read(&Outcome::Failed {
            reachable_without_cors: false
        }),
        problem(BucketProblem::Unreachable)
    );
    assert_eq!(read(&Outcome::TimedOut), problem(BucketProblem::TimedOut));
    assert!(BucketProblem::Server(500).is_transient());
    assert!(!BucketProblem::Credentials.is_transient());
    assert!(BucketProblem::NoCors.sentence().contains("CORS rule"));
    assert!(BucketProblem::ClockSkew.sentence().contains("15 minutes"));
    assert_eq!(error_code("not xml"), None);
}

#[test]
fn the_cors_rules_are_json_that_allow_this_origin_and_sync_s_methods() {
    for service in SERVICES {
        let text = rule(service, "https://me.github.io");
        let json: serde_json::Value = serde_json::from_str(&text).expect("the rule is JSON");
        assert!(json.is_array());
        assert!(json.to_string().contains("https://me.github.io"), "{text}");
        assert!(!service.label().is_empty());
    }
    let s3 = rule(Service::S3, "https://me.github.io");
    assert!(s3.contains(r#""AllowedMethods": ["GET", "PUT", "DELETE"]"#));
    assert!(s3.contains(r#""ExposeHeaders": ["Date", "ETag"]"#));
    let b2 = rule(Service::B2, "https://me.github.io");
    assert!(b2.contains(r#""allowedOperations": ["s3_get", "s3_put", "s3_delete", "s3_head"]"#));
    // A quote in an origin cannot break out of the JSON string.
    assert!(rule(Service::S3, "https://a\"b").contains(r#""https://a\"b""#));
}
