/**
 * chatbot-platform-fake as a library for client developers: the stateful fake of the Chatbot Platform API
 * on an ephemeral port (startFake) or, with no port at all, behind every Node HTTP client of the process
 * (interceptChatbotApi); and record and replay of a real deployment's answers (recordChatbotApi, replayChatbotApi).
 * msw handlers over the same fake (chatbotApiHandlers) are the entry `chatbot-platform-fake/msw` (lib/msw.ts),
 * so that this one never imports msw, an optional peer dependency.
 */

export type { ScriptedReply } from '../contract/control/rag-script.js';
export type { JournalEntry } from '../contract/control-journal.js';
export type { TargetConfig } from '../contract/index.js';
export {
  type CassetteOptions,
  type CassetteSession,
  type RecordOptions,
  recordChatbotApi,
  replayChatbotApi,
} from './cassettes.js';
export type {
  ClockAdvance,
  FakeControl,
  ResetOptions,
  ScriptedReplyInput,
} from './fake-control.js';
export { connectFakeControl, FakeControlError } from './fake-control.js';
export type { ClockMode, FakeOptions } from './fake-options.js';
export { type ChatbotApiInterception, type InterceptOptions, interceptChatbotApi } from './intercept.js';
export { type OtherHosts, RefusedHostError } from './other-hosts.js';
export { type RunningFake, type StartFakeOptions, startFake } from './start-fake.js';
