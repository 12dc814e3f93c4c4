/** Moved to contract/control/faults.ts (the control API is described in contract/control/); kept for its importers. */
export * from '../control/faults.js';
