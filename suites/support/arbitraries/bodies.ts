/**
 * Request bodies for the Platform operations, as fast-check arbitraries: valid bodies built from the target's own
 * identifiers, and every kind of bad input (wrong types, out-of-range numbers, huge strings, deep nesting, arrays,
 * prototype keys, lone surrogates, extra fields, non-JSON bytes, wrong content types, raw form bodies).
 *
 * Ranges, enums and field names come from contract/ (limits and the operation's request schema); nothing here is a
 * second copy of a schema. A valid body is valid by construction from those ranges; the domain may still refuse it
 * (a usage limit above the plan allocation, an invitation to an existing member), which is fine for the properties.
 */
export { rawFormArb } from './bodies-form.js';
export { extraFieldsBodyArb, mutatedBodyArb } from './bodies-mutated.js';
export { deepRawArb, notAnObjectArb, notJsonArb, prototypePollutionArb } from './bodies-raw-json.js';
export { type BodyContext, emailArb, projectUidArb, validBodyArb } from './bodies-valid.js';
export { percentEncode } from './body-text.js';
export { contentEncodingArb, contentTypeSpellingArb, wrongContentTypeArb } from './content-types.js';
export { badCredentialArb, type CredentialContext } from './credentials.js';
export { type Probe, requestFields } from './probe.js';
export { probeArb } from './probe-mix.js';
export {
  badValueArb,
  codePointArb,
  deepValueArb,
  extraKeyArb,
  hugeStringArb,
  jsonValueArb,
  loneSurrogateArb,
  nastyStringArb,
  numericStringArb,
  outOfRangeNumberArb,
  prototypeKeyArb,
  wrongTypeValueArb,
} from './values-adversarial.js';
