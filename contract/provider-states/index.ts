/** The provider-state protocol and catalogue (docs/qa-staging.md: "Provider states (for the backend team)"). */
export * from './catalogue.js';
export * from './conversation-states.js';
export * from './define.js';
export * from './organization-states.js';
export * from './protocol.js';
export * from './token-states.js';
export * from './usage-states.js';
