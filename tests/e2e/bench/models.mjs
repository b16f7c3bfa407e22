// The scripted models' behaviour: who answers right, deterministically.
//
// A model is named `sim-<accuracy %>-<group>` (e.g. `sim-80-t1`); the group keeps one test's
// draws apart from another's. The server's config (see bench-server.mjs) holds the rest:
//   rho           how strongly errors are shared across models and samples (0 independent, 1 the same);
//   rightToWrong  the share of consults whose round-1 majority was right that debate turns wrong;
//   wrongToRight  the share whose round-1 majority was wrong that debate turns right.
// Each question has one latent difficulty u in [0, 1) per group. A call "follows the question"
// with probability rho (then it is right when u < accuracy) or else draws afresh (right when a
// fresh uniform v < accuracy), so every call is right with probability `accuracy`, and calls are
// independent given u. `expected.mjs` turns this into each arm's accuracy in closed form.
//
// A wrong answer is always the question's one plausible slip (the true value plus an offset fixed
// per question), so models that err agree on the same wrong value, and every vote is a two-way vote.
import { createHash } from 'node:crypto';

/** The server's defaults: errors fairly correlated, debate that rescues more than it spoils. */
export const DEFAULT_CONFIG = { rho: 0.3, rightToWrong: 0.05, wrongToRight: 0.6 };

/** A uniform number in [0, 1) from the parts, the same on every machine. */
export function uniform(...parts) {
  const digest = createHash('sha256').update(parts.join('\u241f')).digest();
  // 48 bits are plenty and stay exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** `sim-<accuracy %>-<group>` to { accuracy, group }; null for any other name. */
export function parseModel(name) {
  const match = /^sim-(\d{1,3})-([a-z0-9]+)$/i.exec(name ?? '');
  if (!match || Number(match[1]) > 100) return null;
  return { accuracy: Number(match[1]) / 100, group: match[2].toLowerCase() };
}

/** The wrong value every erring model gives for a question. */
export function slip(key, answer) {
  const offset = 1 + Math.floor(uniform('slip', key) * 9);
  return uniform('slip-sign', key) < 0.5 ? answer - offset : answer + offset;
}

/** Whether one call (the `sample`-th of its kind for this model and question) is right. */
export function callIsRight(config, model, key, kind, sample) {
  const { accuracy, group } = parseModel(model);
  const followsQuestion = uniform('tied', group, key, model, kind, sample) < config.rho;
  const draw = followsQuestion ? uniform('latent', group, key) : uniform('draw', group, key, model, kind, sample);
  return draw < accuracy;
}

/** Whether the verdict is right, given whether the round-1 majority it read was right. */
export function verdictIsRight(config, model, key, majorityRight) {
  const { group } = parseModel(model);
  const flip = uniform('flip', group, key);
  return majorityRight ? flip >= config.rightToWrong : flip < config.wrongToRight;
}
