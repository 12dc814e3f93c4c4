/**
 * The token lifecycle: a regenerated token whose old value keeps working. The rule learns which value replaced
 * which from the answers of the provider state `token regenerated` and of the control API's token views, and sends
 * a dead value's requests with its newest value instead.
 */
import { bearerOf, jsonOf, withBearer } from '../bodies.js';
import type { BreakingRule } from '../rule.js';

type TokenView = { id?: unknown; value?: unknown };

export const tokenRules: BreakingRule[] = [
  {
    id: 'regenerated-token-survives',
    name: 'a token that survives regeneration: the old value keeps working',
    clause: 'TOKEN-REGENERATE-OLD-DIES',
    section: 'token lifecycle',
    caughtBy: 'suites/platform/tokens-regenerate.test.ts',
    start: () => {
      const replacedBy = new Map<string, string>();
      const valueOfId = new Map<number, string>();
      const learn = (views: TokenView[]) => {
        for (const v of views) {
          if (typeof v.id !== 'number' || typeof v.value !== 'string' || !v.value.startsWith('api-v1-'))
            continue;
          const before = valueOfId.get(v.id);
          if (before && before !== v.value) replacedBy.set(before, v.value);
          valueOfId.set(v.id, v.value);
        }
      };
      return {
        request(req) {
          const bearer = bearerOf(req);
          let current = bearer;
          for (let hops = 0; current && replacedBy.has(current) && hops < 100; hops++)
            current = replacedBy.get(current);
          return current && current !== bearer ? withBearer(req, current) : req;
        },
        response(res, req) {
          if (res.status !== 200 || !(req.route === 'states' || req.route === 'control')) return res;
          const data = jsonOf(res)?.data as
            | (TokenView & { old_value?: unknown; old_values?: unknown })
            | TokenView[]
            | undefined;
          if (Array.isArray(data)) learn(data);
          else if (data && typeof data === 'object') {
            learn([data]);
            const olds = Array.isArray(data.old_values)
              ? (data.old_values as unknown[])
              : typeof data.old_value === 'string'
                ? [data.old_value]
                : [];
            const chain = [...olds, data.value].filter((v): v is string => typeof v === 'string');
            for (let i = 0; i + 1 < chain.length; i++)
              replacedBy.set(chain[i] as string, chain[i + 1] as string);
          }
          return res;
        },
      };
    },
  },
];
