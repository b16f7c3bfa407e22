// Reads a benchmark question out of a prompt and works out its true answer, as a capable model
// would: the engine's built-in sets (arithmetic as in Du et al. 2023, the four word-problem
// templates) and any plain arithmetic expression (so a user file of "What is 12*7+3?" works too).
// Returns { key, answer } (key: the question's text as matched, the same in every round's prompt)
// or null when the prompt holds no question this server can answer.

const WORD_PROBLEMS = [
  // crates/engine/src/benchmark/questions/word_problems.rs, one pattern per template.
  [/has (\d+) boxes with (\d+) apples in each\. It sells (\d+) apples, then a delivery brings (\d+) more boxes/,
    ([boxes, perBox, sold, delivered]) => boxes * perBox - sold + delivered * perBox],
  [/reads (\d+) pages a day for (\d+) days, then (\d+) pages a day for (\d+) days\. The book has (\d+) pages/,
    ([r1, d1, r2, d2, pages]) => pages - (r1 * d1 + r2 * d2)],
  [/drives at (\d+) km\/h for (\d+) hours, stops for lunch, then drives at (\d+) km\/h for (\d+) hours/,
    ([s1, h1, s2, h2]) => s1 * h1 + s2 * h2],
  [/A class of (\d+) pupils splits into teams of (\d+)\. Each team gets (\d+) markers, and (\d+) markers are lost/,
    ([pupils, size, perTeam, lost]) => (pupils / size) * perTeam - lost],
];

// Two or more integers joined by + - * / (spaces allowed), as in "12+34*56+78-90*12".
const EXPRESSION = /\d+(?:\s*[-+*/]\s*\d+)+/;

/** Evaluates + - * / on integers with the usual precedence (no parentheses). */
export function evaluate(expression) {
  const tokens = expression.replace(/\s+/g, '').match(/\d+|[-+*/]/g);
  const terms = [];
  let sign = 1;
  let term = Number(tokens[0]);
  for (let i = 1; i < tokens.length; i += 2) {
    const [op, value] = [tokens[i], Number(tokens[i + 1])];
    if (op === '*') term *= value;
    else if (op === '/') term /= value;
    else {
      terms.push(sign * term);
      sign = op === '-' ? -1 : 1;
      term = value;
    }
  }
  terms.push(sign * term);
  return terms.reduce((a, b) => a + b, 0);
}

/** The question in `text` (a prompt's user messages) and its true answer, or null. The paragraph
 * after "Question:" is read first: later text (a reply format's "integer 0-100") is no question. */
export function readQuestion(text) {
  const asked = text.match(/Question:\s*\n([^]*?)(?:\n\s*\n|$)/);
  return (asked && readIn(asked[1])) ?? readIn(text);
}

function readIn(text) {
  for (const [pattern, solve] of WORD_PROBLEMS) {
    const match = text.match(pattern);
    if (match) return { key: match[0], answer: solve(match.slice(1).map(Number)) };
  }
  const match = text.match(EXPRESSION);
  if (match) return { key: match[0].replace(/\s+/g, ''), answer: evaluate(match[0]) };
  return null;
}
