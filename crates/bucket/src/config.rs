//! What the settings say of the bucket, checked: the endpoint, the region, the bucket's name.
/// The bucket as the user typed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BucketConfig {
    /// `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`,
    /// `https://s3.us-west-004.backblazeb2.com`, `http://127.0.0.1:9000`...
    pub endpoint: String,
    /// `us-east-1`, `auto` (R2), `us-west-004` (B2)...
    pub region: String,
    pub bucket: String,
}

/// A setting that cannot work, in words for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigProblem {
    EndpointNotUrl,
    /// Plain http to anything but this machine: the page (https) could not call it, and the keys
    /// would cross the network in clear.
    InsecureEndpoint,
    NoBucket,
    NoRegion,
    NoCredentials,
}

impl ConfigProblem {
    pub fn sentence(&self) -> &'static str {
        match self {
            Self::EndpointNotUrl => "The endpoint is not an address: type it as https://host (for AWS, https://s3.<region>.amazonaws.com).",
            Self::InsecureEndpoint => "The endpoint must use https (plain http only for a server on this machine).",
            Self::NoBucket => "Type the bucket's name.",
            Self::NoRegion => "Type the bucket's region (us-east-1 for most S3-compatible servers, auto for R2).",
            Self::NoCredentials => "Type the access key id and its secret.",
        }
    }
}

/// The endpoint, parsed and allowed (https, or http to loopback).
pub fn endpoint_url(endpoint: &str) -> Result<url::Url, ConfigProblem> {
    let url = url::Url::parse(endpoint.trim()).map_err(|_| ConfigProblem::EndpointNotUrl)?;
    let host = url.host_str().ok_or(ConfigProblem::EndpointNotUrl)?;
    match url.scheme() {
        "https" => Ok(url),
        "http" if is_loopback(host) => Ok(url),
        "http" => Err(ConfigProblem::InsecureEndpoint),
        _ => Err(ConfigProblem::EndpointNotUrl),
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host.starts_with("127.")
        || host == "[::1]"
}

/// Path-style URLs (`endpoint/bucket/object`) work with every S3-compatible server and with IP
/// addresses; AWS's own endpoints get virtual-host style (`bucket.endpoint/object`), which AWS
/// prefers, when the bucket's name can be a host name.
pub fn virtual_host(url: &url::Url, bucket: &str) -> bool {
    let aws = url
        .host_str()
        .is_some_and(|h| h.ends_with(".amazonaws.com"));
    aws && !bucket.contains('.')
}
