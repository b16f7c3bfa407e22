//! What a bucket's answer means, in words for the user with the fix: the settings' Check and every
//! sync name a failure the same way. S3-compatible servers answer errors as XML with a `<Code>`
//! (AWS's error codes, which R2, B2, MinIO and moto share); a request the browser refused (CORS) or
//! could not send at all never reaches this far with a status.
use std::fmt;

/// How one request to the bucket ended, as the transport saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Answered {
        status: u16,
        body: String,
    },
    /// fetch failed; `reachable_without_cors`: a no-cors request to the same address was answered
    /// (something listens there, and only CORS refused).
    Failed {
        reachable_without_cors: bool,
    },
    TimedOut,
}

/// Why a request to the bucket failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BucketProblem {
    /// Nothing answered at the endpoint (offline, a wrong address, the server down).
    Unreachable,
    /// The server answered, but the browser refused to let the page read it.
    NoCors,
    TimedOut,
    /// The key id is unknown or the secret does not match it.
    Credentials,
    /// The key works but may not do this (a policy without s3:GetObject/PutObject/DeleteObject).
    NotAllowed,
    /// The signature's time is more than 15 minutes from the server's.
    ClockSkew,
    NoSuchBucket,
    /// The bucket or the account is full.
    Quota,
    /// The server failed (5xx); trying later may work.
    Server(u16),
    Other {
        status: u16,
        code: String,
    },
}

impl BucketProblem {
    /// What went wrong and what fixes it, as one sentence or two.
    pub fn sentence(&self) -> String {
        match self {
            Self::Unreachable => "Nothing answered at the endpoint: check the address (and that you are online).".into(),
            Self::NoCors => "The bucket answered but does not allow this page (CORS): add the CORS rule shown below to the bucket.".into(),
            Self::TimedOut => "The bucket did not answer in time; sync will try again.".into(),
            Self::Credentials => "The bucket refused the credentials: check the access key id and its secret.".into(),
            Self::NotAllowed => "The key may not read and write this bucket: allow it s3:GetObject, s3:PutObject and s3:DeleteObject on the bucket.".into(),
            Self::ClockSkew => "This device's clock is more than 15 minutes off, and the bucket refuses signed requests then: set the clock right (automatic time).".into(),
            Self::NoSuchBucket => "There is no bucket of that name at this endpoint: check the name and the region.".into(),
            Self::Quota => "The bucket is full (its quota or the account's): free space or raise the quota; nothing was lost here.".into(),
            Self::Server(status) => format!("The bucket's server failed ({status}); sync will try again."),
            Self::Other { status, code } => format!("The bucket refused the request ({status} {code})."),
        }
    }

    /// Worth trying again later without any change by the user.
    pub fn is_transient(&self) -> bool {
        matches!(self, Self::Unreachable | Self::TimedOut | Self::Server(_))
    }
}

impl fmt::Display for BucketProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence())
    }
}

/// A successful answer, a missing object, or the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    Ok,
    /// 404 NoSuchKey: the object is not there (a first sync, a probe already deleted).
    Missing,
    Problem(BucketProblem),
}

/// What `outcome` means.
pub fn read(outcome: &Outcome) -> Reading {
    let (status, body) = match outcome {
        Outcome::Failed {
            reachable_without_cors: true,
        } => return Reading::Problem(BucketProblem::NoCors),
        Outcome::Failed { .. } => return Reading::Problem(BucketProblem::Unreachable),
        Outcome::TimedOut => return Reading::Problem(BucketProblem::TimedOut),
        Outcome::Answered { status, body } => (*status, body),
    };
    if (200..300).contains(&status) {
        return Reading::Ok;
    }
    let code = error_code(body).unwrap_or_default();
    let message = tag(body, "Message").unwrap_or_default().to_lowercase();
    let problem = match (status, code.as_str()) {
        (404, "NoSuchBucket") => BucketProblem::NoSuchBucket,
        (404, _) => return Reading::Missing,
        (_, "InvalidAccessKeyId" | "SignatureDoesNotMatch" | "InvalidToken" | "ExpiredToken") => {
            BucketProblem::Credentials
        }
        (_, "RequestTimeTooSkewed") => BucketProblem::ClockSkew,
        // A presigned URL signed at a time far from the server's reads as expired (or not yet
        // valid): the device's clock is off.
        (403, "AccessDenied")
            if message.contains("expired") || message.contains("not yet valid") =>
        {
            BucketProblem::ClockSkew
        }
        (403, _) => BucketProblem::NotAllowed,
        (401, _) => BucketProblem::Credentials,
        (_, "QuotaExceeded" | "StorageQuotaExceeded" | "XMinioStorageFull" | "EntityTooLarge") => {
            BucketProblem::Quota
        }
        (507, _) => BucketProblem::Quota,
        (500..=599, _) => BucketProblem::Server(status),
        _ => BucketProblem::Other { status, code },
    };
    Reading::Problem(problem)
}

/// The `<Code>` of an S3 error document.
pub fn error_code(body: &str) -> Option<String> {
    tag(body, "Code")
}

fn tag(body: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let close = format!("</{name}>");
    let start = body.find(&open)? + open.len();
    let end = body[start..].find(&close)? + start;
    Some(body[start..end].trim().to_string())
}
