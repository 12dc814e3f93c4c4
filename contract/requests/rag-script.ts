/** Moved to contract/control/rag-script.ts (the control API is described in contract/control/); kept for its importers. */
export * from '../control/rag-script.js';
