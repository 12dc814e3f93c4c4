/** A request to one operation of the table: credential × body × extra headers × path spelling, over undici. */
import fc from 'fast-check';
import type { Operation } from '../../contract/index.js';
import type { HeaderList, HttpCase } from '../case.js';
import type { FuzzContext } from '../context.js';
import { bodyArb } from './body-mix.js';
import { credentialArb } from './credentials.js';
import { headerVariantArb } from './headers.js';
import { dialectOf, operationPathArb } from './paths.js';

export function operationCaseArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc
    .tuple(credentialArb(op.credential, ctx), bodyArb(op, ctx), headerVariantArb, operationPathArb(op, ctx))
    .map(([credential, body, variant, path]): HttpCase => {
      const { contentType, extra } = variant.apply(body.contentType);
      const headers: HeaderList = [
        ...credential.headers,
        ...contentType.map((ct) => ['content-type', ct] as const),
        ...body.headers,
        ...extra,
      ];
      return {
        transport: 'http',
        target: op.id,
        kind: body.kind,
        tags: { credential: credential.label, body: body.label, headers: variant.label, path: path.label },
        dialect: dialectOf(path.path, ctx),
        method: 'POST',
        path: path.path,
        headers,
        body: body.bytes,
      };
    });
}
