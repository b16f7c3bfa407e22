// Each arm's expected accuracy, in closed form, for the scripted models of models.mjs.
//
// Notation: model m has accuracy p_m; a question's latent difficulty u is uniform on [0, 1); a call
// follows u with probability rho. Given u, calls are independent, and model m is right with
//     c_m(u) = rho * [u < p_m] + (1 - rho) * p_m.
// Averaging over u gives p_m: a single call's accuracy does not depend on rho; rho only couples calls.
//
// - A model alone, one call per question: p_m.
// - The best model sampled k times with a majority vote. c(u) takes two values, hi = rho + (1-rho)p
//   (for u < p, probability p) and lo = (1-rho)p (probability 1-p), so
//       A_k = p * M_k(hi) + (1 - p) * M_k(lo),
//   where M_k(x) = P(Binomial(k, x) > k/2) + t * P(Binomial(k, x) = k/2) and t is the credit a tie
//   gets (a tie broken by an exchangeable rule, such as the earliest sample, is right half the time:
//   t = 1/2; a tie counted wrong: t = 0). Wrong answers agree (the one slip), so the vote is two-way.
// - The panel's round-1 majority, n panelists with accuracies p_1..p_n. The sorted accuracies cut
//   [0, 1) into intervals on which every c_i(u) is constant; on each, the number of right answers is
//   Poisson-binomial, so
//       V = sum over intervals (length * P(more than n/2 right | u in it))  (+ t * P(tie) for even n).
// - The full consult: the verdict keeps a right majority unless debate flips it (probability r,
//   drawn independently of everything else) and rescues a wrong one with probability w:
//       C = V * (1 - r) + (1 - V) * w.

/** P(the number of successes is exactly j), j = 0..n, for independent successes with these probabilities. */
export function poissonBinomial(probabilities) {
  let dist = [1];
  for (const p of probabilities) {
    const next = new Array(dist.length + 1).fill(0);
    dist.forEach((mass, j) => {
      next[j] += mass * (1 - p);
      next[j + 1] += mass * p;
    });
    dist = next;
  }
  return dist;
}

/** P(a majority of the calls is right), a tie credited `tieCredit`. */
export function majorityRight(probabilities, tieCredit) {
  const n = probabilities.length;
  return poissonBinomial(probabilities).reduce((sum, mass, j) => {
    if (2 * j > n) return sum + mass;
    if (2 * j === n) return sum + tieCredit * mass;
    return sum;
  }, 0);
}

/** Accuracy of k samples of one model (accuracy p) under a majority vote. */
export function sampledVote(p, k, rho, tieCredit) {
  const hi = rho + (1 - rho) * p;
  const lo = (1 - rho) * p;
  return p * majorityRight(new Array(k).fill(hi), tieCredit) + (1 - p) * majorityRight(new Array(k).fill(lo), tieCredit);
}

/** Accuracy of the round-1 majority of a panel with these accuracies. */
export function panelVote(accuracies, rho, tieCredit) {
  const cuts = [0, ...[...accuracies].sort((a, b) => a - b), 1];
  let total = 0;
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const length = cuts[i + 1] - cuts[i];
    if (length <= 0) continue;
    const u = (cuts[i] + cuts[i + 1]) / 2;
    const given = accuracies.map((p) => rho * (u < p ? 1 : 0) + (1 - rho) * p);
    total += length * majorityRight(given, tieCredit);
  }
  return total;
}

/**
 * Every arm's expected accuracy. `panel`: the panelists' accuracies; `best`: the sampled model's
 * accuracy; `k`: its samples per question; config as the server's.
 */
export function expectedAccuracies({ panel, best, k, rho, rightToWrong, wrongToRight, tieCredit = 0.5 }) {
  const vote = panelVote(panel, rho, tieCredit);
  return {
    alone: [...panel],
    sampled: sampledVote(best, k, rho, tieCredit),
    vote,
    council: vote * (1 - rightToWrong) + (1 - vote) * wrongToRight,
  };
}

/** The 95% Wilson score interval for `expected` accuracy at n questions: where a measured share should fall. */
export function wilson(p, n, z = 1.959963984540054) {
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { low: centre - half, high: centre + half };
}
