export * from './datetime.js';
export * from './knowledgebase.js';
export * from './model.js';
export * from './organization.js';
export * from './project.js';
export * from './session.js';
export * from './stats.js';
export * from './usage-limit.js';
