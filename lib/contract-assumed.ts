/**
 * `assumed` of `chatbot-platform-fake/contract`: refinements of the documented schemas that are the fake's
 * choices where the spec says "not shown" (assumed clauses, contract/clauses/), never the spec's word. The fake
 * answers within them; another deployment may not.
 */
/** Date-times as the fake writes them: ISO 8601 with milliseconds and an offset (the spec shows only "ISO"). */
export { IsoDateTimeProfile } from '../contract/resources/datetime.js';
