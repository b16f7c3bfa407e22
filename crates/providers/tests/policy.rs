//! Retry schedule.
use consilium_providers::{ProviderError, RetryPolicy};

fn server() -> ProviderError {
    ProviderError::Server {
        status: 500,
        detail: String::new(),
    }
}

fn rate_limited(secs: Option<f64>) -> ProviderError {
    ProviderError::RateLimited {
        retry_after_secs: secs,
        detail: String::new(),
    }
}

#[test]
fn default_policy() {
    assert_eq!(
        RetryPolicy::default(),
        RetryPolicy {
            max_attempts: 3,
            base_delay_ms: 500,
            max_delay_ms: 8000
        }
    );
}

#[test]
fn exponential_schedule_with_the_top_of_the_jitter_range() {
    let policy = RetryPolicy {
        max_attempts: 10,
        base_delay_ms: 500,
        max_delay_ms: 8000,
    };
    let almost_one = 1.0 - f64::EPSILON;
    let schedule: Vec<Option<u64>> = (1..=10)
        .map(|attempt| policy.delay_ms(attempt, &server(), almost_one))
        .collect();
    assert_eq!(
        schedule,
        [
            Some(500),
            Some(1000),
            Some(2000),
            Some(4000),
            Some(8000),
            Some(8000),
            Some(8000),
            Some(8000),
            Some(8000),
            None
        ]
    );
}

#[test]
fn full_jitter_stays_within_its_bounds() {
    let policy = RetryPolicy {
        max_attempts: 6,
        base_delay_ms: 500,
        max_delay_ms: 8000,
    };
    for attempt in 1..6 {
        let ceiling = (500u64 << (attempt - 1)).min(8000);
        let mut previous = 0;
        for step in 0..100 {
            let jitter = step as f64 / 100.0;
            let delay = policy.delay_ms(attempt, &server(), jitter).unwrap();
            assert!(
                (125..=ceiling).contains(&delay),
                "attempt {attempt} jitter {jitter}: {delay}"
            );
            assert!(delay >= previous, "more jitter never waits less");
            previous = delay;
        }
        // The floor (a quarter of the base) keeps a retry from landing at once.
        assert_eq!(policy.delay_ms(attempt, &server(), 0.0), Some(125));
        assert_eq!(
            policy.delay_ms(attempt, &server(), 0.5),
            Some((ceiling / 2).max(125))
        );
    }
}

#[test]
fn out_of_range_jitter_is_clamped() {
    let policy = RetryPolicy::default();
    assert_eq!(policy.delay_ms(1, &server(), -3.0), Some(125));
    assert_eq!(policy.delay_ms(1, &server(), 7.0), Some(500));
}

#[test]
fn attempts_are_bounded() {
    let policy = RetryPolicy::default();
    assert!(policy.delay_ms(1, &server(), 0.5).is_some());
    assert!(policy.delay_ms(2, &server(), 0.5).is_some());
    assert_eq!(
        policy.delay_ms(3, &server(), 0.5),
        None,
        "three attempts in all"
    );
    assert_eq!(
        policy.delay_ms(0, &server(), 0.5),
        Some(250),
        "attempt 0 is read as the first"
    );
}

#[test]
fn non_retryable_errors_are_never_retried() {
    let policy = RetryPolicy {
        max_attempts: 10,
        ..RetryPolicy::default()
    };
    let final_ = [
        ProviderError::Auth {
            status: 401,
            detail: String::new(),
        },
        ProviderError::UnknownModel {
            status: 404,
            detail: String::new(),
        },
        ProviderError::BadRequest {
            status: 400,
            detail: String::new(),
        },
        ProviderError::Malformed {
            detail: String::new(),
        },
        ProviderError::Cancelled,
    ];
    for error in final_ {
        assert_eq!(policy.delay_ms(1, &error, 0.5), None, "{error:?}");
    }
    let retried = [
        rate_limited(None),
        ProviderError::Overloaded {
            status: 529,
            detail: String::new(),
        },
        server(),
        ProviderError::Network {
            detail: String::new(),
        },
        ProviderError::Timeout { after_ms: 1 },
        ProviderError::Incomplete {
            partial_text: String::new(),
        },
    ];
    for error in retried {
        assert!(policy.delay_ms(1, &error, 0.5).is_some(), "{error:?}");
    }
}

#[test]
fn retry_after_is_a_minimum_and_a_long_one_gives_up() {
    let policy = RetryPolicy::default();
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(20.0)), 0.9),
        Some(20_000)
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(0.1)), 0.9),
        Some(450),
        "the backoff wins when longer"
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(1.0004)), 0.0),
        Some(1001),
        "rounded up"
    );
    assert_eq!(
        policy.delay_ms(1, &rate_limited(Some(60.0)), 0.5),
        Some(60_000)
    );
    assert_eq!(policy.delay_ms(1, &rate_limited(Some(61.0)), 0.5), None);
    assert_eq!(
        policy.delay_ms(3, &rate_limited(Some(1.0)), 0.5),
        None,
        "attempts still bound it"
    );
}
