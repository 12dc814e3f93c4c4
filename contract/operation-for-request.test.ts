/** Which operation a request is: its path, and for the one shared path its credentials [AUTH-BEARER-HEADER, AUTH-KEY-HEADER]. */
import { describe, expect, it } from 'vitest';
import { operationForRequest, operations } from './operations.js';

const headers =
  (...names: string[]) =>
  (header: string) =>
    names.includes(header);

describe('operationForRequest [AUTH-BEARER-HEADER, AUTH-KEY-HEADER]', () => {
  it('[AUTH-BEARER-HEADER, AUTH-KEY-HEADER] /searchIndexDocument with api-key and no Authorization is the project-key operation', () => {
    expect(operationForRequest('/searchIndexDocument', headers('api-key'))?.id).toBe(
      'searchIndexDocumentByProjectKey',
    );
  });

  it('[AUTH-BEARER-HEADER, AUTH-KEY-HEADER] with Authorization (with or without api-key), or with neither, it is the Platform one', () => {
    for (const given of [headers('authorization'), headers('authorization', 'api-key'), headers()])
      expect(operationForRequest('/searchIndexDocument', given)?.id).toBe('searchIndexDocument');
  });

  it('[AUTH-BEARER-HEADER, AUTH-KEY-HEADER] every other path is its one operation whatever the headers; an unknown path none', () => {
    for (const op of operations.filter((o) => o.path !== '/searchIndexDocument'))
      for (const given of [headers(), headers('api-key'), headers('authorization')])
        expect(operationForRequest(op.path, given)?.id, op.path).toBe(op.id);
    expect(operationForRequest('/noSuchOperation', headers('api-key'))).toBeUndefined();
  });
});
