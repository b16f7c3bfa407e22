//! The bucket's three requests (get, put, delete), presigned by `consilium-bucket` with this device's
//! clock and sent through the one transport; each answer read into a `BucketProblem` with its fix.
use consilium_bucket::config::BucketConfig;
use consilium_bucket::reply::{read, BucketProblem, Reading};
use consilium_bucket::sign::{Method, Signer};

use crate::platform::keys;
use crate::platform::sync::local::{self, SECRET_KEY_ID};
use crate::platform::transport::send_to_bucket;

/// Long enough for a large session on a slow link; a sync never blocks a run, so waiting costs
/// nothing else.
const TIMEOUT_MS: u32 = 60_000;

pub struct Bucket {
    signer: Signer,
}

impl Bucket {
    pub fn new(signer: Signer) -> Self {
        Self { signer }
    }

    /// The bucket set up in Settings -> Sync, signed with the secret this tab holds, and its
    /// configuration; Err says what is wrong with it.
    pub fn from_settings() -> Result<(Self, BucketConfig), String> {
        let settings = local::settings();
        let secret = keys::get_key(SECRET_KEY_ID).unwrap_or_default();
        let config = BucketConfig {
            endpoint: settings.endpoint.clone(),
            region: settings.region.clone(),
            bucket: settings.bucket.clone(),
        };
        let signer = Signer::new(&config, &settings.access_key_id, &secret)
            .map_err(|p| p.sentence().to_string())?;
        Ok((Self::new(signer), config))
    }

    async fn send(
        &self,
        method: Method,
        object: &str,
        body: Option<&[u8]>,
    ) -> Result<Option<Vec<u8>>, BucketProblem> {
        let url = self.signer.url(method, object, js_sys::Date::now() as u64);
        let (outcome, bytes) = send_to_bucket(method.as_str(), &url, body, TIMEOUT_MS).await;
        match read(&outcome) {
            Reading::Ok => Ok(Some(bytes)),
            Reading::Missing => Ok(None),
            Reading::Problem(problem) => Err(problem),
        }
    }

    /// The object's bytes, or None when there is no such object.
    pub async fn get(&self, object: &str) -> Result<Option<Vec<u8>>, BucketProblem> {
        self.send(Method::Get, object, None).await
    }

    pub async fn put(&self, object: &str, bytes: &[u8]) -> Result<(), BucketProblem> {
        self.send(Method::Put, object, Some(bytes)).await.map(drop)
    }

    /// Deleting an object that is not there is not a failure (S3 answers 204 either way).
    pub async fn delete(&self, object: &str) -> Result<(), BucketProblem> {
        self.send(Method::Delete, object, None).await.map(drop)
    }
}
