/** The fake's own target file as QA would write one for staging (contract/target-config.ts). */
export { asStaging } from '../../contract/target-config.js';
