/**
 * The reference model of a project's AI settings and usage limits (settings.model.test.ts): the settings are a plain
 * object; a field's value is valid or not by the spec's rule for it (Resources/Project AI settings, ranges from
 * contract/limits.ts), the model by the supported list read once from the target; the limits follow
 * support/reference/usage-limits.ts; who may do what is the spec's access table (support/access-model.ts), checked
 * first (AUTH-CHECK-ORDER). A prediction carries the assumed clauses it rests on (`grounds`), empty when the spec's
 * own rules decide it.
 */
import escapeStringRegexp from 'escape-string-regexp';
import { aiModes, type Permission, settingsRanges, type TokenRole } from '../../contract/index.js';
import { permits, type SpecOperationId } from '../support/access-model.js';
import { FORBIDDEN } from '../support/messages.js';
import {
  type Allocation,
  INVALID_PARAMS_DOCUMENTED,
  type ProjectLimits,
} from '../support/reference/usage-limits.js';

export const INVALID_PARAMS = 'Invalid params';
export const invalidModel = (model: string) =>
  `Invalid model '${model}'. Model not found in available models list.`;

// ---------------------------------------------------------------------------------------------------------------
// The reference model

export type Caller = 'owner' | 'editor' | 'viewer' | 'settingsWriter';
export const GRANTS: Record<Caller, { role: TokenRole | null; permissions: Permission[] }> = {
  owner: { role: 'owner', permissions: [] },
  editor: { role: 'editor', permissions: [] },
  viewer: { role: 'viewer', permissions: [] },
  settingsWriter: { role: null, permissions: [{ module: 'Setting', action: 'Write' }] },
};
export const CALLERS = Object.keys(GRANTS) as Caller[];

/** The token creator is the organization's owner: the table decides alone. */
export const may = (op: SpecOperationId, caller: Caller) => permits(op, GRANTS[caller], 'owner');

export type Field =
  | 'prompt'
  | 'restriction'
  | 'model'
  | 'temperature'
  | 'mode'
  | 'chat_history_count'
  | 'max_nodes'
  | 'add_page_link'
  | 'auto_close_duration'
  | 'auto_resolve_duration';

export const INT_FIELDS = [
  'chat_history_count',
  'max_nodes',
  'add_page_link',
  'auto_close_duration',
  'auto_resolve_duration',
] as const;

/** Whether `value` is one the field accepts, by the spec's rule for the field (the model's list aside). */
export function validValue(field: Field, value: unknown): boolean {
  switch (field) {
    case 'prompt':
    case 'restriction':
      return typeof value === 'string' && value.length <= 100_000;
    case 'model':
      return typeof value === 'string' && value.length >= 1 && value.length <= 200;
    case 'mode':
      return (aiModes as readonly unknown[]).includes(value);
    case 'temperature': {
      const r = settingsRanges.temperature;
      return typeof value === 'number' && value >= r.min && value <= r.max;
    }
    default: {
      const r = settingsRanges[field];
      return typeof value === 'number' && Number.isInteger(value) && value >= r.min && value <= r.max;
    }
  }
}

const STRING_FIELDS: readonly Field[] = ['prompt', 'restriction', 'model', 'mode'];

/** Whether `value` is another spelling of one of `values`: another case, surrounding white space, or empty. */
const variantOf = (value: string, values: readonly string[]): boolean =>
  value.trim() === '' || values.some((v) => v.toLowerCase() === value.trim().toLowerCase());

/**
 * Why `value` is refused for `field`: undefined when it is accepted, [] when the spec's rule for the field refuses
 * it outright (a value of the field's type out of its range or outside its set), else the assumed clauses that do:
 * how a server reads another representation (another JSON type, null, a numeric string, a fraction for an integer,
 * another spelling of an enum value) is not shown.
 */
export function refusalGrounds(field: Field, value: unknown): string[] | undefined {
  if (validValue(field, value)) return undefined;
  const stringField = STRING_FIELDS.includes(field);
  if (value === null) return stringField ? ['SET-WRONG-TYPE'] : ['ERR-NULL-NOT-ABSENT'];
  if (typeof value === 'number' && stringField) return ['ERR-JSON-NO-COERCION'];
  const numeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
  switch (field) {
    case 'prompt':
    case 'restriction':
      return typeof value === 'string' ? ['SET-TEXT-MAX-LENGTH'] : ['SET-WRONG-TYPE'];
    case 'model':
      // A string not in the list is refused by the spec's rule; the empty one may be read as not given.
      if (typeof value === 'string') return value === '' ? ['SET-ENUM-EXACT'] : [];
      return ['SET-WRONG-TYPE'];
    case 'mode':
      if (typeof value === 'string') return variantOf(value, aiModes) ? ['SET-ENUM-EXACT'] : [];
      return ['SET-WRONG-TYPE'];
    case 'temperature':
      if (typeof value === 'number') return [];
      return numeric ? ['ERR-JSON-NO-COERCION'] : ['SET-WRONG-TYPE'];
    default: {
      // An integer out of the range is refused by the spec's rule; a fraction is another representation.
      if (typeof value === 'number') return Number.isInteger(value) ? [] : ['SET-INTEGER-FIELDS-STRICT'];
      return numeric ? ['ERR-JSON-NO-COERCION', 'SET-INTEGER-FIELDS-STRICT'] : ['SET-WRONG-TYPE'];
    }
  }
}

export interface Model {
  settings: Record<string, unknown>;
  limits: ProjectLimits;
  readonly allocation: Allocation;
  readonly models: readonly string[];
  /** The assumed clauses the model's saved settings rest on (what every step that led to them rested on). */
  settingsGrounds: Set<string>;
  /** The same for the limits. */
  limitsGrounds: Set<string>;
}

/** The answer the model expects: 200 (and the model after it), or an error status and its message(s). */
export interface Prediction {
  status: number;
  message?: string | readonly string[];
  /** Alternatives the spec allows beside the fake's message (documented messages only). */
  alsoDocumented?: readonly string[];
  /** The spec quotes no message for this refusal, whatever the fake's message is (a negative limit). */
  anyMessage?: true;
  /** The assumed clauses the predicted class rests on; empty when the spec's own rules decide it. */
  grounds: readonly string[];
  next?: Partial<Model>;
}

export function predictUpdate(m: Model, caller: Caller, patch: Record<string, unknown>): Prediction {
  const entries = Object.entries(patch) as [Field, unknown][];
  const faults = entries.map(([f, v]) => refusalGrounds(f, v)).filter((g): g is string[] => g !== undefined);
  const unknownModel =
    validValue('model', patch.model) && !m.models.includes(patch.model as string)
      ? [invalidModel(patch.model as string)]
      : [];
  const refused = faults.length > 0 || unknownModel.length > 0;
  // A listed model in another case or padded is refused by the fake's exact reading only (SET-ENUM-EXACT).
  const modelGrounds =
    unknownModel.length > 0 && variantOf(patch.model as string, m.models) ? ['SET-ENUM-EXACT'] : [];
  const documented =
    (unknownModel.length > 0 && modelGrounds.length === 0) || faults.some((g) => g.length === 0);
  const bodyGrounds = documented ? [] : [...new Set([...faults.flat(), ...modelGrounds])];
  if (!may('updateProjectSettings', caller))
    // Forbidden and a bad body: which answers first is the fake's order (AUTH-CHECK-ORDER).
    return { status: 403, message: FORBIDDEN, grounds: refused ? ['AUTH-CHECK-ORDER'] : [] };
  // A model that is not in the list (an empty one included) may be named by the documented invalid-model message.
  const namedModel =
    typeof patch.model === 'string' && !m.models.includes(patch.model) ? [invalidModel(patch.model)] : [];
  // Which of two faults answers is not shown: a bad value and an unknown model may each be named.
  if (faults.length > 0)
    return {
      status: 400,
      message: [INVALID_PARAMS, ...unknownModel],
      alsoDocumented: namedModel,
      grounds: bodyGrounds,
    };
  if (unknownModel.length > 0) return { status: 400, message: unknownModel[0]!, grounds: modelGrounds };
  // Nothing to change: that it succeeds is the fake's choice.
  const grounds = entries.length === 0 ? ['SET-NO-FIELDS'] : [];
  return { status: 200, grounds, next: { settings: { ...m.settings, ...patch } } };
}

/** The documented part of a message the model predicts: a pattern where the spec quotes the message. */
export function documentedMessage(message: string): RegExp | undefined {
  if (message === INVALID_PARAMS) return INVALID_PARAMS_DOCUMENTED;
  if (message === FORBIDDEN) return new RegExp(`^${FORBIDDEN}$`);
  if (/^Invalid model '.*'\. Model not found in available models list\.$/s.test(message))
    return new RegExp(`^${escapeStringRegexp(message)}$`, 's');
  return undefined;
}

export const FIELDS: Field[] = ['prompt', 'restriction', 'model', 'temperature', 'mode', ...INT_FIELDS];

/** The documented clause of each field's rule (Project AI settings): a wrong answer to the field reds it alone. */
export const FIELD_CLAUSE: Readonly<Record<Field, string>> = {
  prompt: 'SET-PROMPT-STRING',
  restriction: 'SET-RESTRICTION-STRING',
  model: 'SET-MODEL-IN-LIST',
  temperature: 'SET-TEMPERATURE-RANGE',
  mode: 'SET-MODE-ENUM',
  chat_history_count: 'SET-CHAT-HISTORY-COUNT-RANGE',
  max_nodes: 'SET-MAX-NODES-RANGE',
  add_page_link: 'SET-ADD-PAGE-LINK-VALUES',
  auto_close_duration: 'SET-AUTO-CLOSE-RANGE',
  auto_resolve_duration: 'SET-AUTO-RESOLVE-RANGE',
};

/**
 * The documented clauses an updateProjectSettings answer rests on besides access: the rules of the fields the spec
 * refuses (when one is refused by the spec's own rules), else the rules of every field sent.
 */
export function updateClauses(patch: Record<string, unknown>): string[] {
  const fields = Object.keys(patch).filter((f): f is Field => f in FIELD_CLAUSE);
  const refusedOutright = fields.filter((f) => refusalGrounds(f, patch[f])?.length === 0);
  return [...new Set((refusedOutright.length > 0 ? refusedOutright : fields).map((f) => FIELD_CLAUSE[f]))];
}
