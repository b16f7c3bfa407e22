//! Presigned requests against AWS's published SigV4 example ("Authenticating Requests: Using Query
//! Parameters", Amazon S3 API Reference: GET examplebucket/test.txt on 2013-05-24 for a day, with the
//! documentation's example key), and the URL shapes sync relies on.
use std::time::Duration;

use consilium_bucket::config::{BucketConfig, ConfigProblem};
use consilium_bucket::sign::{Method, Signer};

const KEY_ID: &str = "AKIAIOSFODNN7EXAMPLE";
const SECRET: &str = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
/// 2013-05-24T00:00:00Z.
const MAY_24_2013_MS: u64 = 1_369_353_600_000;

fn aws() -> BucketConfig {
    BucketConfig {
        endpoint: "https://s3.amazonaws.com".into(),
        region: "us-east-1".into(),
        bucket: "examplebucket".into(),
    }
}

#[test]
fn a_presigned_get_matches_the_aws_documentations_example_signature() {
    let signer = Signer::new(&aws(), KEY_ID, SECRET).unwrap();
    let url = signer.url_valid_for(
        Method::Get,
        "test.txt",
        MAY_24_2013_MS,
        Duration::from_secs(86_400),
    );
    assert_eq!(
        url,
        "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256\
         &X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request\
         &X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host\
         &X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
    );
    // One character of the secret, or one second, changes the signature.
    let other = Signer::new(&aws(), KEY_ID, &SECRET.replace('K', "k")).unwrap();
    let signature = |u: &str| u.rsplit_once("X-Amz-Signature=").unwrap().1.to_string();
    assert_ne!(
        signature(&other.url_valid_for(
            Method::Get,
            "test.txt",
            MAY_24_2013_MS,
            Duration::from_secs(86_400)
        )),
        signature(&url)
    );
    assert_ne!(
        signature(&signer.url_valid_for(
            Method::Get,
            "test.txt",
            MAY_24_2013_MS + 1000,
            Duration::from_secs(86_400)
        )),
        signature(&url)
    );
}

#[test]
fn a_loopback_or_compatible_server_is_addressed_path_style_with_five_minute_urls() {
    let config = BucketConfig {
        endpoint: "http://127.0.0.1:25090".into(),
        region: "us-east-1".into(),
        bucket: "consilium".into(),
    };
    let signer = Signer::new(&config, "test", "secret").unwrap();
    let put = signer.url(Method::Put, "consilium-sync/index", MAY_24_2013_MS);
    assert!(
        put.starts_with("http://127.0.0.1:25090/consilium/consilium-sync/index?X-Amz-Algorithm=AWS4-HMAC-SHA256"),
        "{put}"
    );
    assert!(put.contains("X-Amz-Expires=300&"), "{put}");
    let methods = [Method::Get, Method::Put, Method::Delete];
    let signatures: std::collections::BTreeSet<String> = methods
        .iter()
        .map(|m| signer.url(*m, "o", MAY_24_2013_MS))
        .collect();
    assert_eq!(signatures.len(), 3, "each method signs differently");
    // The secret is never in a URL nor in the signer's Debug.
    assert!(!put.contains("secret"));
    assert!(!format!("{signer:?}").contains("secret"));
    assert!(!format!("{signer:?}").contains("test"));
}

#[test]
fn settings_that_cannot_work_are_named() {
    let with = |change: &dyn Fn(&mut BucketConfig)| {
        let mut c = aws();
        change(&mut c);
        Signer::new(&c, KEY_ID, SECRET).err()
    };
    assert_eq!(with(&|_| {}), None);
    assert_eq!(
        with(&|c| c.endpoint = "s3.amazonaws.com".into()),
        Some(ConfigProblem::EndpointNotUrl)
    );
    assert_eq!(
        with(&|c| c.endpoint = "http://minio.lan:9000".into()),
        Some(ConfigProblem::InsecureEndpoint)
    );
    assert_eq!(with(&|c| c.endpoint = "http://localhost:9000".into()), None);
    assert_eq!(
        with(&|c| c.bucket = " ".into()),
        Some(ConfigProblem::NoBucket)
    );
    assert_eq!(
        with(&|c| c.region = "".into()),
        Some(ConfigProblem::NoRegion)
    );
    assert_eq!(
        Signer::new(&aws(), "", SECRET).err(),
        Some(ConfigProblem::NoCredentials)
    );
    for problem in [
        ConfigProblem::EndpointNotUrl,
        ConfigProblem::InsecureEndpoint,
        ConfigProblem::NoBucket,
        ConfigProblem::NoRegion,
        ConfigProblem::NoCredentials,
    ] {
        assert!(!problem.sentence().is_empty());
    }
}
