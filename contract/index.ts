export * from './access.js';
export * from './envelope.js';
export * from './limits.js';
export * from './operations.js';
export * from './plans.js';
export * from './requests/fields.js';
export * from './resources/index.js';
export * from './target-config.js';
