//! At most N requests in flight to one provider: a benchmark asks many questions, and a provider
//! answers a burst with rate limits. A caller wrapper, so every protocol's asking (budget, re-ask,
//! hedging: a backup's call counts against the backup's provider) stays the harness's.
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use crate::foundation::ids::ProviderId;
use crate::harness::io::{
    CallFailure, CallProgress, CallReply, CallRequest, DynModelCaller, FirstTextTimes,
    HedgeDeadline, ModelCaller,
};

/// `inner`, with at most `per_provider` calls in flight to each provider (by `provider_id`).
/// Calls beyond it wait, in no promised order, until one ends; a waiting call that is dropped
/// (cancelled) leaves the queue.
pub struct LimitedCaller<'c> {
    inner: &'c dyn DynModelCaller,
    per_provider: usize,
    slots: RefCell<HashMap<ProviderId, Slots>>,
}

#[derive(Default)]
struct Slots {
    in_flight: usize,
    waiting: Vec<Waker>,
}

impl<'c> LimitedCaller<'c> {
    pub fn new(inner: &'c dyn DynModelCaller, per_provider: u32) -> Self {
        Self {
            inner,
            per_provider: per_provider.max(1) as usize,
            slots: RefCell::default(),
        }
    }

    /// Calls in flight to `provider_id` now (for tests and progress).
    pub fn in_flight(&self, provider_id: &ProviderId) -> usize {
        self.slots
            .borrow()
            .get(provider_id)
            .map_or(0, |slots| slots.in_flight)
    }

    /// A slot now, if one is free.
    fn try_acquire<'a>(&'a self, provider_id: &'a ProviderId) -> Option<Permit<'a, 'c>> {
        let mut all = self.slots.borrow_mut();
        let slots = all.entry(provider_id.clone()).or_default();
        (slots.in_flight < self.per_provider).then(|| {
            slots.in_flight += 1;
            Permit {
                limit: self,
                provider_id,
            }
        })
    }

    fn acquire<'a>(&'a self, provider_id: &'a ProviderId) -> Acquire<'a, 'c> {
        Acquire {
            limit: self,
            provider_id,
        }
    }

    fn release(&self, provider_id: &ProviderId) {
        let waiting = {
            let mut slots = self.slots.borrow_mut();
            let Some(slots) = slots.get_mut(provider_id) else {
                return;
            };
            slots.in_flight = slots.in_flight.saturating_sub(1);
            std::mem::take(&mut slots.waiting)
        };
        // Every waiter checks again; those that find no slot wait again.
        waiting.into_iter().for_each(Waker::wake);
    }
}

struct Acquire<'a, 'c> {
    limit: &'a LimitedCaller<'c>,
    provider_id: &'a ProviderId,
}

impl<'a, 'c> Future for Acquire<'a, 'c> {
    type Output = Permit<'a, 'c>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        if let Some(permit) = self.limit.try_acquire(self.provider_id) {
            return Poll::Ready(permit);
        }
        let mut all = self.limit.slots.borrow_mut();
        let slots = all.entry(self.provider_id.clone()).or_default();
        slots.waiting.push(cx.waker().clone());
        Poll::Pending
    }
}

/// A slot held for one call; given back when the call ends or is dropped.
struct Permit<'a, 'c> {
    limit: &'a LimitedCaller<'c>,
    provider_id: &'a ProviderId,
}

impl Drop for Permit<'_, '_> {
    fn drop(&mut self) {
        self.limit.release(self.provider_id);
    }
}

impl ModelCaller for LimitedCaller<'_> {
    async fn call(
        &self,
        request: CallRequest,
        progress: &dyn CallProgress,
    ) -> Result<CallReply, CallFailure> {
        let provider_id = request.target.provider_id.clone();
        let _permit = match self.try_acquire(&provider_id) {
            Some(permit) => permit,
            None => {
                // Waiting is not the provider's time: a hedge's deadline starts when it goes out.
                progress.queued();
                let permit = self.acquire(&provider_id).await;
                progress.sending();
                permit
            }
        };
        self.inner.call(request, progress).await
    }

    fn hedge_deadline(&self) -> Option<HedgeDeadline> {
        self.inner.hedge_deadline()
    }

    fn first_text_times(&self) -> Option<&FirstTextTimes> {
        self.inner.first_text_times()
    }
}
