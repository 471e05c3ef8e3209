//! Batches per key (issues 15 and 16): requests about the same thing (the bookings of one
//! event, the seat holds of one event) are done together, ONE transaction per batch, so a
//! thousand buyers a second share their transactions, reads and statements instead of each
//! paying for all of them.
//!
//! The batching needs no worker: a request of a key that finds fewer than `leaders` batches of
//! it under way leads one. It takes every request waiting for the key (up to `most`), its own
//! first, does them together, answers each, and hands the lead to the first request that came
//! meanwhile. The others wait for their answer. A leader whose request goes away mid-batch
//! drops its work (its transaction rolls back) and its followers ask again: every request
//! batched this way must be safe to ask again.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

struct Waiting<J, A> {
    job: Arc<J>,
    done: oneshot::Sender<A>,
    /// Told when it is its turn to lead.
    lead: Option<oneshot::Sender<()>>,
}

struct Line<J, A> {
    waiting: VecDeque<Waiting<J, A>>,
    leaders: usize,
}

impl<J, A> Default for Line<J, A> {
    fn default() -> Self {
        Self {
            waiting: VecDeque::new(),
            leaders: 0,
        }
    }
}

/// The requests waiting, per key.
pub struct Batches<K, J, A> {
    lines: Mutex<HashMap<K, Line<J, A>>>,
    /// The most requests one batch takes.
    most: usize,
    /// How many batches of one key are under way at once.
    leaders: usize,
}

impl<K: Eq + Hash + Copy, J, A> Batches<K, J, A> {
    pub fn new(most: usize, leaders: usize) -> Self {
        Self {
            lines: Mutex::new(HashMap::new()),
            most: most.max(1),
            leaders: leaders.max(1),
        }
    }

    fn lines(&self) -> std::sync::MutexGuard<'_, HashMap<K, Line<J, A>>> {
        // A panic while the lock was held left nothing half done (every change is one step).
        self.lines.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Gives a leader's lead of `key` to the first request still waiting for it; one leader
    /// fewer when none waits.
    fn hand_over(&self, key: K) {
        let mut lines = self.lines();
        let Some(line) = lines.get_mut(&key) else {
            return;
        };
        // The first that waits for the lead (one given the lead already leads soon; one whose
        // request went away is dropped). Skipping one given the lead, not dropping it: dropped,
        // its waiter would ask again, which could cascade into a livelock.
        let mut at = 0;
        while at < line.waiting.len() {
            match line.waiting[at].lead.take().map(|lead| lead.send(())) {
                Some(Ok(())) => return,
                Some(Err(())) => {
                    line.waiting.remove(at);
                }
                None => at += 1,
            }
        }
        line.leaders = line.leaders.saturating_sub(1);
        if line.leaders == 0 {
            lines.remove(&key);
        }
    }

    /// Does `job` together with the others waiting for `key`: `work` does a batch and answers
    /// each of its jobs, in order (see the module's comment).
    pub async fn run<W, F>(&self, key: K, job: J, work: W) -> A
    where
        W: Fn(Vec<Arc<J>>) -> F,
        F: Future<Output = Vec<A>>,
    {
        let job = Arc::new(job);
        loop {
            let (done, mut answer) = oneshot::channel();
            let (lead, turn) = oneshot::channel();
            let leads = {
                let mut lines = self.lines();
                let line = lines.entry(key).or_default();
                line.waiting.push_back(Waiting {
                    job: job.clone(),
                    done,
                    lead: Some(lead),
                });
                let leads = line.leaders < self.leaders;
                if leads {
                    line.leaders += 1;
                }
                leads
            };
            let mut waiting = Follower {
                batches: self,
                key,
                turn: Some(turn),
            };
            if !leads {
                let Some(turn) = waiting.turn.as_mut() else {
                    continue;
                };
                tokio::select! {
                    biased;
                    answered = &mut answer => match answered {
                        Ok(answer) => return answer,
                        // Its batch was given up (its leader's request went away): ask again.
                        Err(_) => continue,
                    },
                    promoted = turn => {
                        waiting.turn = None;
                        if promoted.is_err() {
                            // Taken into a batch (which drops the lead): its answer comes.
                            match answer.await {
                                Ok(answer) => return answer,
                                Err(_) => continue,
                            }
                        }
                    }
                }
            }
            drop(waiting);
            let leader = Leader { batches: self, key };
            let batch: Vec<Waiting<J, A>> = {
                let mut lines = self.lines();
                let line = lines.entry(key).or_default();
                let take = line.waiting.len().min(self.most);
                line.waiting.drain(..take).collect()
            };
            let jobs: Vec<Arc<J>> = batch.iter().map(|w| w.job.clone()).collect();
            let answers = work(jobs).await;
            for (waiting, answer) in batch.into_iter().zip(answers) {
                let _ = waiting.done.send(answer);
            }
            drop(leader);
            match answer.await {
                Ok(answer) => return answer,
                Err(_) => continue,
            }
        }
    }
}

/// A request waiting for its answer: were it to go away just as it was given the lead, the
/// lead goes on to the next.
struct Follower<'a, K: Eq + Hash + Copy, J, A> {
    batches: &'a Batches<K, J, A>,
    key: K,
    turn: Option<oneshot::Receiver<()>>,
}

impl<K: Eq + Hash + Copy, J, A> Drop for Follower<'_, K, J, A> {
    fn drop(&mut self) {
        if let Some(mut turn) = self.turn.take() {
            if turn.try_recv().is_ok() {
                self.batches.hand_over(self.key);
            }
        }
    }
}

/// The leader of a batch: when it is done — or its request goes away — the lead goes on.
struct Leader<'a, K: Eq + Hash + Copy, J, A> {
    batches: &'a Batches<K, J, A>,
    key: K,
}

impl<K: Eq + Hash + Copy, J, A> Drop for Leader<'_, K, J, A> {
    fn drop(&mut self) {
        self.batches.hand_over(self.key);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every request is answered with its own answer, in batches no larger than `most`, and
    /// the many at once share far fewer batches than there are requests.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_request_gets_its_own_answer_in_shared_batches() {
        let batches = Arc::new(Batches::<u8, usize, usize>::new(16, 1));
        let runs = Arc::new(AtomicUsize::new(0));
        let largest = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for n in 0..200 {
            let (batches, runs, largest) = (batches.clone(), runs.clone(), largest.clone());
            tasks.push(tokio::spawn(async move {
                batches
                    .run(1, n, |jobs| {
                        let (runs, largest) = (runs.clone(), largest.clone());
                        async move {
                            runs.fetch_add(1, Ordering::SeqCst);
                            largest.fetch_max(jobs.len(), Ordering::SeqCst);
                            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                            jobs.iter().map(|j| **j * 10).collect()
                        }
                    })
                    .await
            }));
        }
        for (n, task) in tasks.into_iter().enumerate() {
            assert_eq!(task.await.expect("answered"), n * 10);
        }
        assert!(largest.load(Ordering::SeqCst) <= 16);
        assert!(runs.load(Ordering::SeqCst) < 200, "batched");
    }
}
