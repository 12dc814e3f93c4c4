/** The provider-state catalogue as JSON Schema (issue 33): complete, valid for the examples, and kept current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, documentText } from '../../suites/runner/provider-states-document.js';
import { providerStates } from './catalogue.js';
import { providerStatesDocument } from './json-schema.js';

describe('the provider-state document [FAKE-PROVIDER-STATES]', () => {
  const doc = providerStatesDocument();

  it('lists every state of the catalogue with its version, params and data as JSON Schema', () => {
    expect(doc.states.map((s) => `${s.name}@${s.version}`)).toEqual(
      providerStates.map((s) => `${s.name}@${s.version}`),
    );
    const credit = doc.states.find((s) => s.name === 'credit balance');
    expect(credit?.params).toMatchObject({
      type: 'object',
      properties: { organization_id: { type: 'integer' }, credits: { type: 'number', minimum: 0 } },
      required: ['organization_id'],
    });
    expect(credit?.data).toMatchObject({ properties: { credits: { type: 'number' } } });
  });

  it('docs/provider-states.schema.json is what the contract generates (npm run provider-states)', () => {
    expect(readFileSync(DOCUMENT_FILE, 'utf8')).toBe(documentText());
  });
});
