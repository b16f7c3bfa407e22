// Fills whatever JSON schema a request carries (response_format.json_schema.schema), or the shape a
// prose-mode prompt spells out ("Reply with one JSON object ..., in this shape:\n{...}"), with
// plausible content that states the scripted answer. Knows nothing of Consilium's own schemas:
// `final_answer` gets the answer, a field about agents names a panelist, a confidence its number,
// every other string a short sentence stating the value. Arrays get their minimum number of items,
// except that an optional list of objects naming agents stays empty (an agent named wrongly would
// be a validation error, and no test here needs the content).

/** `reply`: { value, confidence, agent } — what to state. */
export function fillSchema(schema, reply, name = '') {
  if (!schema || typeof schema !== 'object') return sentence(name, reply);
  // The answer goes in as the schema types it: a number where a number is asked for.
  if (/^final_answer$/i.test(name)) {
    const numeric = ['number', 'integer'].includes(Array.isArray(schema.type) ? schema.type[0] : schema.type);
    return numeric ? Number(reply.value) : String(reply.value);
  }
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return fillSchema(alternative.find((s) => s.type !== 'null') ?? alternative[0], reply, name);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const out = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = fillSchema(sub, reply, key);
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, minimumByName(name, schema.items));
      return Array.from({ length: count }, (_, i) => fillSchema(schema.items, reply, i === 0 ? name : `${name}-${i}`));
    }
    case 'integer':
    case 'number': {
      const wanted = /confidence/i.test(name) ? reply.confidence : schema.minimum ?? 1;
      const low = schema.minimum ?? -Infinity;
      const high = schema.maximum ?? Infinity;
      return Math.min(high, Math.max(low, wanted));
    }
    case 'boolean':
      return true;
    default: {
      const text = sentence(name, reply);
      return schema.maxLength ? text.slice(0, schema.maxLength) : text;
    }
  }
}

/** A list of plain strings gets one item even when optional (a key point, a priority); a list of
 * objects that name agents, or of citation numbers, gets none. */
function minimumByName(name, items) {
  if (!items || items.type !== 'string' || items.maxLength <= 4) return 0;
  return /covers|agents|evidence/i.test(name) ? 0 : 1;
}

function sentence(name, { value, agent }) {
  if (/^final_answer$/i.test(name)) return String(value);
  if (/agent/i.test(name)) return agent;
  if (/rationale|defen[cs]e|reason/i.test(name)) return `Multiplying before adding and subtracting, the working gives ${value}.`;
  if (/point|evidence/i.test(name)) return `The working gives ${value}.`;
  return `The result is ${value}.`;
}

/** The shape a prose-mode prompt asks for, as a schema, or null when the prompt shows none. */
export function shapeSchema(prompt) {
  const match = prompt.match(/in this shape:\s*\n(\{.*\})\s*$/m);
  if (!match) return null;
  const json = match[1]
    .replace(/"[^"]*"(?:\s*\|\s*"[^"]*")+/g, (alternatives) => alternatives.split('|')[0].trim())
    .replace(/\bagent id\b/g, '"@agent"')
    .replace(/\binteger(?: \d+-\d+)?|\bnumber\b/g, '50')
    .replace(/\bstring\b/g, '"@text"')
    .replace(/,\s*\.\.\.\s*\]/g, ']');
  let template;
  try {
    template = JSON.parse(json);
  } catch {
    return null;
  }
  return toSchema(template);
}

function toSchema(template) {
  if (Array.isArray(template)) {
    const items = toSchema(template[0]);
    // A list of cited numbers ("T1") or of objects naming agents stays empty; the rest get one.
    const keep = items.type === 'object' ? !JSON.stringify(template[0]).includes('@agent') : items.maxLength !== 4;
    return { type: 'array', items, minItems: keep ? 1 : 0 };
  }
  if (template && typeof template === 'object') {
    return { type: 'object', properties: Object.fromEntries(Object.entries(template).map(([k, v]) => [k, toSchema(v)])) };
  }
  if (typeof template === 'number') return { type: 'integer', minimum: 0, maximum: 100 };
  if (template === '@text' || template === '@agent') return { type: 'string' };
  return { type: 'string', maxLength: 4 };
}
