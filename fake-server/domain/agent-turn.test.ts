/** One agent turn called directly: which settings it answers with, and what it retrieves with. */
import { describe, expect, it } from 'vitest';
import { Runtime } from '../runtime.js';
import { agentTurn, type TurnInput } from './agent-turn.js';

function world() {
  const runtime = new Runtime();
  const ctx = runtime.domain;
  const project = Object.values(runtime.seeded!.projects)[0]!;
  const org = ctx.state.organizations.get(project.organization_id)!;
  return { ctx, project, org };
}

const history: TurnInput['history'] = [
  { role: 'user', content: 'first question' },
  { role: 'assistant', content: 'first answer' },
  { role: 'user', content: 'second question' },
  { role: 'assistant', content: 'second answer' },
];

describe('agentTurn', () => {
  it('answers with the temperature override when given, else with the project’s temperature [PLAYGROUND-AGENT-SETTING-OVERRIDE]', () => {
    const query = 'How do I get a refund?';
    const reply = (projectTemperature: number, overrides?: TurnInput['overrides']) => {
      const { ctx, project, org } = world();
      project.settings.temperature = projectTemperature;
      return agentTurn(ctx, org, project, { query, history: [], ...(overrides ? { overrides } : {}) }).text;
    };
    // Temperatures that phrase this reply differently (the canned agent picks its opener from them).
    const [low, high] = [0, 0.9];
    expect(reply(low)).not.toBe(reply(high));
    expect(reply(high, { temperature: low })).toBe(reply(low));
    expect(reply(low, { temperature: high })).toBe(reply(high));
    expect(reply(high, { model: undefined })).toBe(reply(high));
  });

  it('retrieves with the visitor’s questions among the last chat_history_count messages, and none when it is 0 [PLAYGROUND-HISTORY-CONTEXT]', () => {
    const retrieval = (count: number) => {
      const { ctx, project, org } = world();
      project.settings.chat_history_count = count;
      return agentTurn(ctx, org, project, { query: 'third question', history }).retrievalQuery;
    };
    expect(retrieval(0)).toBe('third question');
    expect(retrieval(1)).toBe('third question');
    expect(retrieval(2)).toBe('second question third question');
    expect(retrieval(4)).toBe('first question second question third question');
  });
});
