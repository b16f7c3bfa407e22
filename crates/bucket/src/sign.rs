//! Requests to the bucket presigned with SigV4 (query-string authentication) by `rusty-s3`: the URL
//! carries the signature, so the browser sends no Authorization header and the bucket's CORS rule
//! needs to allow only the methods. The time is given (the shell's clock), which makes every URL
//! reproducible in tests.
use std::fmt;
use std::time::Duration;

use rusty_s3::actions::{DeleteObject, GetObject, PutObject};
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};

use crate::config::{endpoint_url, virtual_host, BucketConfig, ConfigProblem};

/// How long a presigned URL stays valid: long enough for a slow upload to start, short enough that a
/// URL seen in a log is soon useless.
pub const EXPIRES: Duration = Duration::from_secs(300);

/// Signs requests to one bucket with one access key.
pub struct Signer {
    bucket: Bucket,
    credentials: Credentials,
}

impl fmt::Debug for Signer {
    /// Never the secret (nor the key id: it names the account).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Signer")
            .field("bucket", &self.bucket.name())
            .field("credentials", &"[redacted]")
            .finish()
    }
}

/// The three requests sync makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Get => "GET",
            Self::Put => "PUT",
            Self::Delete => "DELETE",
        }
    }
}

impl Signer {
    pub fn new(
        config: &BucketConfig,
        access_key_id: &str,
        secret: &str,
    ) -> Result<Self, ConfigProblem> {
        let url = endpoint_url(&config.endpoint)?;
        let name = config.bucket.trim();
        let region = config.region.trim();
        if name.is_empty() {
            return Err(ConfigProblem::NoBucket);
        }
        if region.is_empty() {
            return Err(ConfigProblem::NoRegion);
        }
        if access_key_id.trim().is_empty() || secret.trim().is_empty() {
            return Err(ConfigProblem::NoCredentials);
        }
        let style = if virtual_host(&url, name) {
            UrlStyle::VirtualHost
        } else {
            UrlStyle::Path
        };
        let bucket = Bucket::new(url, style, name.to_string(), region.to_string())
            .map_err(|_| ConfigProblem::EndpointNotUrl)?;
        Ok(Self {
            bucket,
            credentials: Credentials::new(access_key_id.trim(), secret.trim()),
        })
    }

    /// The presigned URL of `method` on `object` at `now_ms` (ms since the epoch), valid `EXPIRES`.
    pub fn url(&self, method: Method, object: &str, now_ms: u64) -> String {
        self.url_valid_for(method, object, now_ms, EXPIRES)
    }

    /// As `url`, valid for `expires` (AWS's published examples use a day).
    pub fn url_valid_for(
        &self,
        method: Method,
        object: &str,
        now_ms: u64,
        expires: Duration,
    ) -> String {
        let time =
            jiff::Timestamp::from_millisecond(now_ms as i64).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
        let credentials = Some(&self.credentials);
        match method {
            Method::Get => {
                GetObject::new(&self.bucket, credentials, object).sign_with_time(expires, &time)
            }
            Method::Put => {
                PutObject::new(&self.bucket, credentials, object).sign_with_time(expires, &time)
            }
            Method::Delete => {
                DeleteObject::new(&self.bucket, credentials, object).sign_with_time(expires, &time)
            }
        }
        .to_string()
    }
}
