// The scripted benchmark server's own test (node --test tests/e2e/bench/server.node-test.mjs):
// its models match the closed form of expected.mjs (a Monte Carlo over many questions, far tighter
// than any e2e run), and it speaks the wire format (streamed and not, schema and prose mode).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { expectedAccuracies, majorityRight, panelVote, sampledVote, wilson } from './expected.mjs';
import { callIsRight, DEFAULT_CONFIG, verdictIsRight } from './models.mjs';
import { evaluate, readQuestion } from './questions.mjs';
import { fillSchema, shapeSchema } from './schema-fill.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

test('closed-form pieces agree with direct computation', () => {
  // Three independent calls at 0.7: 0.7^3 + 3 * 0.7^2 * 0.3 = 0.784.
  assert.ok(Math.abs(majorityRight([0.7, 0.7, 0.7], 0.5) - 0.784) < 1e-12);
  // Two calls at 0.5 with a tie worth half: 0.25 + 0.5 * 0.5 = 0.5.
  assert.ok(Math.abs(majorityRight([0.5, 0.5], 0.5) - 0.5) < 1e-12);
  // Without correlation the panel vote is the plain Poisson-binomial majority.
  assert.ok(Math.abs(panelVote([0.6, 0.7, 0.8], 0, 0.5) - majorityRight([0.6, 0.7, 0.8], 0.5)) < 1e-12);
  // Fully correlated identical models vote like one model.
  assert.ok(Math.abs(panelVote([0.7, 0.7, 0.7], 1, 0.5) - 0.7) < 1e-12);
  assert.ok(Math.abs(sampledVote(0.7, 5, 1, 0.5) - 0.7) < 1e-12);
  // Correlation shrinks what voting gains.
  assert.ok(sampledVote(0.7, 5, 0.5, 0.5) < sampledVote(0.7, 5, 0, 0.5));
});

test('the scripted models match the closed form over 20,000 questions', () => {
  const config = DEFAULT_CONFIG;
  const panel = ['sim-55-mc', 'sim-65-mc', 'sim-80-mc'];
  const k = 7;
  const n = 20000;
  const right = { alone: [0, 0, 0], sampled: 0, vote: 0, council: 0 };
  for (let q = 0; q < n; q += 1) {
    const key = `question-${q}`;
    panel.forEach((model, i) => { right.alone[i] += callIsRight(config, model, key, 'plain', 0); });
    let votes = 0;
    for (let s = 1; s <= k; s += 1) votes += callIsRight(config, 'sim-80-mc', key, 'plain', s);
    right.sampled += 2 * votes > k;
    const roundOne = panel.filter((model) => callIsRight(config, model, key, 'independent_answer', 0)).length;
    const majority = 2 * roundOne > panel.length;
    right.vote += majority;
    right.council += verdictIsRight(config, 'sim-80-mc', key, majority);
  }
  const expected = expectedAccuracies({ panel: [0.55, 0.65, 0.8], best: 0.8, k, ...config });
  const close = (measured, wanted, what) => {
    // 4 standard errors at n = 20,000 is about 0.014: a wrong formula misses by more.
    assert.ok(Math.abs(measured / n - wanted) < 0.014, `${what}: measured ${measured / n}, expected ${wanted}`);
  };
  expected.alone.forEach((p, i) => close(right.alone[i], p, panel[i]));
  close(right.sampled, expected.sampled, 'sampled');
  close(right.vote, expected.vote, 'vote');
  close(right.council, expected.council, 'council');
  // The configuration separates the arms: the test would notice two of them swapped.
  assert.ok(expected.council > expected.vote + 0.02 || expected.council < expected.vote - 0.02);
  assert.ok(wilson(0.5, 100).low > 0.40 && wilson(0.5, 100).high < 0.60);
});

test('questions are read from prompts as the engine writes them', () => {
  assert.equal(evaluate('12+34*56+78-90*12'), 12 + 34 * 56 + 78 - 90 * 12);
  const arithmetic = readQuestion('Question:\nWhat is the result of 12+34*56+78-90*12? Follow the usual order of operations.\n\nReply, integer 0-100');
  assert.deepEqual(arithmetic, { key: '12+34*56+78-90*12', answer: 914 });
  const shop = readQuestion('A shop has 3 boxes with 6 apples in each. It sells 5 apples, then a delivery brings 2 more boxes of the same size.');
  assert.equal(shop.answer, 3 * 6 - 5 + 2 * 6);
  const reading = readQuestion('Ada reads 10 pages a day for 2 days, then 20 pages a day for 3 days. The book has 100 pages.');
  assert.equal(reading.answer, 100 - 20 - 60);
  assert.equal(readQuestion('Should we adopt Rust?'), null);
});

test('a schema is filled with the answer in final_answer, within its bounds', () => {
  const schema = {
    type: 'object',
    properties: {
      position: { type: 'string', maxLength: 10 },
      key_points: { type: 'array', items: { type: 'string', maxLength: 200 }, minItems: 1, maxItems: 5 },
      confidence: { type: 'integer', minimum: 0, maximum: 100 },
      severity: { type: 'string', enum: ['high', 'low'] },
      challenges: { type: 'array', items: { type: 'object', properties: { target_agent: { type: 'string' } } }, maxItems: 3 },
      final_answer: { type: 'string' },
    },
  };
  const filled = fillSchema(schema, { value: 42, confidence: 130, agent: 'panelist-2' });
  assert.equal(filled.final_answer, '42');
  assert.equal(fillSchema({ type: 'object', properties: { final_answer: { type: 'integer' } } }, { value: 42 }).final_answer, 42);
  assert.equal(filled.position.length, 10);
  assert.equal(filled.key_points.length, 1);
  assert.equal(filled.confidence, 100);
  assert.equal(filled.severity, 'high');
  assert.deepEqual(filled.challenges, []);
  const prose = shapeSchema('Reply with one JSON object and nothing else, in this shape:\n{"recommendation": string, "confidence": integer 0-100, "evidence": [{"point": string, "covers": ["T1", ...]}], "dissent": [{"agent": agent id, "severity": "high" | "low"}], "final_answer": string}');
  const verdict = fillSchema(prose, { value: 7, confidence: 60, agent: 'panelist-1' });
  assert.equal(verdict.final_answer, '7');
  assert.equal(verdict.evidence.length, 1);
  assert.deepEqual(verdict.evidence[0].covers, []);
  assert.deepEqual(verdict.dissent, []);
});

async function withServer(args, body) {
  const port = 18000 + 200 + Math.floor(Math.random() * 500);
  const server = spawn('node', [path.join(here, '..', 'bench-server.mjs'), String(port), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(server.stdout, 'data');
  try {
    await body(`http://127.0.0.1:${port}`);
  } finally {
    server.kill();
  }
}

const post = (url, body) => fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('the wire format: models, streamed and plain replies, a verdict that follows its round-1 majority', async () => {
  await withServer(['--rho', '0', '--right-to-wrong', '1', '--wrong-to-right', '0'], async (url) => {
    const models = await (await fetch(`${url}/v1/models`)).json();
    assert.ok(models.data.length >= 3);
    assert.equal((await post(url, { model: 'gpt-4o', messages: [] })).status, 404);

    const question = 'Question:\nWhat is the result of 10+20*3+4-5*6? Follow the usual order of operations.';
    const asBest = { role: 'system', content: 'You are best-single, a panelist on a council answering a hard question.' };
    const plain = await (await post(url, { model: 'sim-100-w', messages: [asBest, { role: 'user', content: question }] })).json();
    assert.match(plain.choices[0].message.content, /Final answer: 44$/);
    assert.ok(plain.usage.total_tokens > 0);

    const streamed = await post(url, { model: 'sim-0-w', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: question }] });
    assert.equal(streamed.headers.get('content-type'), 'text/event-stream');
    const events = (await streamed.text()).split('\n\n').filter(Boolean);
    assert.equal(events.at(-1), 'data: [DONE]');
    const text = events.slice(0, -1).map((e) => JSON.parse(e.slice(6))).map((c) => c.choices[0]?.delta?.content ?? '').join('');
    assert.doesNotMatch(text, /Final answer: 44$/, 'a model at 0% never answers right');

    // Round-1 answers right 2 to 1: with right-to-wrong at 1, debate always turns the verdict wrong.
    const verdictPrompt = `${question}\n\nRound 1, the panelists' independent answers:\n\npanelist-1: The result is 44.\nKey points:\n\npanelist-2: The result is 44.\n\npanelist-3: The result is 45.\n\nRound 2, the synthesis:\nConsensus points: none\n\nNow decide.`;
    const verdictSchema = { type: 'object', properties: { recommendation: { type: 'string' }, final_answer: { type: 'string' } } };
    const verdict = await (await post(url, {
      model: 'sim-100-w',
      messages: [{ role: 'system', content: 'You are the judge of a council: impartial.' }, { role: 'user', content: verdictPrompt }],
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: verdictSchema } },
    })).json();
    assert.notEqual(JSON.parse(verdict.choices[0].message.content).final_answer, '44');

    const journal = await (await fetch(`${url}/__journal`)).json();
    assert.deepEqual(journal.map((e) => [e.kind, e.seat, e.sample, e.right, e.delivered]), [['plain', 'best-single', 0, true, true], ['plain', '', 0, false, true], ['verdict', 'judge', 0, false, true]]);
  });
});
