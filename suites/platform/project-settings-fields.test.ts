/**
 * updateProjectSettings, field by field: every writable field inside and just outside its bounds (values written
 * from the spec's own tables, an independent check of contract/limits.ts), other representations, text lengths and
 * the model list. Each test writes to a fresh project (provider state `project`) where the target offers one; on the
 * fake the saved values are read back in its control view.
 *
 * Two strengths of input strictness: a value of the field's type outside its documented range or set is refused
 * hard (temperature 2.5, mode `voice`); how a server reads another representation (a case variant, white space, an
 * empty string, null, a numeric string, a fraction for an integer, another JSON type) is the fake's choice, checked
 * under its assumed clause (support/project-settings.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectEnvelope, expectError, expectSuccess } from '../support/envelope.js';
import { INVALID_PARAMS } from '../support/messages.js';
import { supportedModels as modelList } from '../support/models.js';
import {
  expectRefusedUnder,
  expectWrongType,
  savedSettings,
  settingsSubject,
  updateSettings,
  viewedSettingsProject,
  wrongTypeTitle,
} from '../support/project-settings.js';
import { arranged, assumed } from '../support/strength.js';
import { useTarget } from '../support/use-target.js';

const target = useTarget();

const update = (body: Record<string, unknown>) => updateSettings(target(), body);
const invalidModel = (model: string) => `Invalid model '${model}'. Model not found in available models list.`;
const settingsOf = (uid: string) => savedSettings(target(), uid);

async function supportedModels(): Promise<string[]> {
  return (await modelList(target())).map((m) => m.value);
}

/** Bounds from the spec's "Project AI settings" table: values just inside are accepted, just outside rejected. */
const boundaries: { field: string; clause: string; inside: unknown[]; outside: unknown[] }[] = [
  {
    field: 'temperature',
    clause: 'SET-TEMPERATURE-RANGE',
    inside: [0, 2, 0.7, 1.99, 0.01],
    outside: [-0.01, 2.01, -1, 3, 100],
  },
  {
    field: 'chat_history_count',
    clause: 'SET-CHAT-HISTORY-COUNT-RANGE',
    inside: [0, 50, 1, 49],
    outside: [-1, 51, 1000],
  },
  { field: 'max_nodes', clause: 'SET-MAX-NODES-RANGE', inside: [1, 10, 2, 9], outside: [0, 11, -1] },
  { field: 'add_page_link', clause: 'SET-ADD-PAGE-LINK-VALUES', inside: [0, 1], outside: [2, -1, 10] },
  {
    field: 'auto_close_duration',
    clause: 'SET-AUTO-CLOSE-RANGE',
    inside: [5, 43200, 6, 43199],
    outside: [4, 43201, 0, -5],
  },
  {
    field: 'auto_resolve_duration',
    clause: 'SET-AUTO-RESOLVE-RANGE',
    inside: [5, 43200, 6, 43199],
    outside: [4, 43201, 0, -5],
  },
];

/** Integer fields: fractions, numeric strings and other types are other representations of an integer. */
const integerFields: { field: string; clause: string; wrong: unknown[] }[] = [
  {
    field: 'chat_history_count',
    clause: 'SET-CHAT-HISTORY-COUNT-RANGE',
    wrong: [10.5, 0.1, '10', '0', true, null],
  },
  { field: 'max_nodes', clause: 'SET-MAX-NODES-RANGE', wrong: [2.5, 9.99, '3', '', false, [3]] },
  { field: 'add_page_link', clause: 'SET-ADD-PAGE-LINK-VALUES', wrong: [0.5, '1', '0', true, false, null] },
  {
    field: 'auto_close_duration',
    clause: 'SET-AUTO-CLOSE-RANGE',
    wrong: [60.5, 5.000001, '60', '1440', null],
  },
  {
    field: 'auto_resolve_duration',
    clause: 'SET-AUTO-RESOLVE-RANGE',
    wrong: [60.5, 43199.9, '60', {}, null],
  },
];

describe('updateProjectSettings field bounds', () => {
  for (const { field, clause, inside, outside } of boundaries) {
    it(`${field}: ${inside.join(', ')} are accepted and stored [${clause}, SET-MESSAGE-ONLY, CONV-MESSAGE-ONLY]`, async (ctx) => {
      const uid = await settingsSubject(ctx, target());
      for (const value of inside) {
        expectSuccess(await update({ project_uid: uid, [field]: value }), 'updateProjectSettings');
        if (target().control) expect((await settingsOf(uid))[field]).toBe(value);
      }
    });

    it(`${field}: ${outside.join(', ')} get 400 Invalid params and change nothing [${clause}, ERR-INVALID-PARAMS-MESSAGE]`, async (ctx) => {
      const uid = await settingsSubject(ctx, target());
      const before = target().control ? await settingsOf(uid) : undefined;
      for (const value of outside) {
        expectError(await update({ project_uid: uid, [field]: value }), 400, INVALID_PARAMS);
      }
      if (before) expect(await settingsOf(uid)).toEqual(before);
    });
  }

  for (const { field, clause, wrong } of integerFields) {
    it(`${field}: fractions, numeric strings and other types get 400 Invalid params [${clause}, ${wrongTypeTitle(wrong, 'integer')}]`, async (ctx) => {
      const uid = await settingsSubject(ctx, target());
      for (const value of wrong) {
        expectWrongType(await update({ project_uid: uid, [field]: value }), value, 'integer');
      }
    });
  }

  const temperatures = ['1', '0.7', '', true, null, [1]];
  it(`temperature as a numeric string or another type gets 400 Invalid params [SET-TEMPERATURE-RANGE, ${wrongTypeTitle(temperatures, 'number')}]`, async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const temperature of temperatures) {
      expectWrongType(await update({ project_uid: uid, temperature }), temperature, 'number');
    }
  });

  it('mode `agent` and `chat` are accepted [SET-MODE-ENUM]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const mode of ['agent', 'chat']) {
      expectSuccess(await update({ project_uid: uid, mode }), 'updateProjectSettings');
      if (target().control) expect((await settingsOf(uid)).mode).toBe(mode);
    }
  });

  it('a mode outside `agent` and `chat` gets 400 Invalid params [SET-MODE-ENUM, ERR-INVALID-PARAMS-MESSAGE]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const mode of ['other', 'voice', 'agentic']) {
      expectError(await update({ project_uid: uid, mode }), 400, INVALID_PARAMS);
    }
  });

  const modeTypes = [1, null, true];
  it(`a case variant, padded or empty mode, or one of another type, gets 400 Invalid params [SET-MODE-ENUM, SET-ENUM-EXACT, ${wrongTypeTitle(modeTypes, 'string')}]`, async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    // Whether a server folds case, trims, or reads '' as not given is not shown (SET-ENUM-EXACT).
    for (const mode of ['AGENT', 'Chat', '', ' chat', 'agent ']) {
      expectRefusedUnder(await update({ project_uid: uid, mode }), ['SET-ENUM-EXACT']);
    }
    for (const mode of modeTypes) expectWrongType(await update({ project_uid: uid, mode }), mode, 'string');
  });
});

describe('updateProjectSettings text fields', () => {
  it('prompt and restriction take strings, empty included [SET-PROMPT-STRING, SET-RESTRICTION-STRING, SET-TEXT-MAX-LENGTH]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const text of ['You answer in French.', '', 'Unicode ✓ — “quotes” \n newlines']) {
      const check = async () => {
        expectSuccess(
          await update({ project_uid: uid, prompt: text, restriction: text }),
          'updateProjectSettings',
        );
        if (target().control) {
          const s = await settingsOf(uid);
          expect(s.prompt).toBe(text);
          expect(s.restriction).toBe(text);
        }
      };
      // That the empty string is allowed is the fake's choice (SET-TEXT-MAX-LENGTH); other strings are documented.
      if (text === '') await assumed('SET-TEXT-MAX-LENGTH', check);
      else await check();
    }
  });

  it('prompt and restriction of 100000 characters are accepted, 100001 rejected [SET-TEXT-MAX-LENGTH]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const field of ['prompt', 'restriction']) {
      expectSuccess(
        await update({ project_uid: uid, [field]: 'p'.repeat(100_000) }),
        'updateProjectSettings',
      );
      expectError(await update({ project_uid: uid, [field]: 'p'.repeat(100_001) }), 400, INVALID_PARAMS);
    }
  });

  const nonStrings = [1, true, null, ['a'], { text: 'a' }];
  it(`a non-string prompt or restriction gets 400 Invalid params [SET-PROMPT-STRING, SET-RESTRICTION-STRING, ${wrongTypeTitle(nonStrings, 'string')}]`, async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    for (const field of ['prompt', 'restriction']) {
      for (const value of nonStrings) {
        expectWrongType(await update({ project_uid: uid, [field]: value }), value, 'string');
      }
    }
  });
});

describe('updateProjectSettings model', () => {
  it('every value from getSupportedModels is accepted and stored [SET-MODEL-IN-LIST, MODELS-VALUE-IS-MODEL-ID]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    const models = await supportedModels();
    arranged(ctx, models.length > 0, 'getSupportedModels lists no model');
    for (const model of models) {
      expectSuccess(await update({ project_uid: uid, model }), 'updateProjectSettings');
      if (target().control) expect((await settingsOf(uid)).model).toBe(model);
    }
  });

  it("an unknown model gets 400 `Invalid model '<model>'. Model not found in available models list.` [SET-MODEL-IN-LIST, SET-MODEL-INVALID-STATUS]", async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    const models = await supportedModels();
    for (const model of ['gpt-99-imaginary', 'claude-?', "it's"].filter((m) => !models.includes(m))) {
      const res = await update({ project_uid: uid, model });
      expectError(res, 400, invalidModel(model));
    }
  });

  it('a listed model upper-cased or padded with white space gets the invalid-model message [SET-MODEL-IN-LIST, SET-ENUM-EXACT, SET-MODEL-INVALID-STATUS]', async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    const models = await supportedModels();
    arranged(ctx, models.length > 0, 'getSupportedModels lists no model');
    const listed = models[0]!;
    // Whether a server folds the case of a model or trims it is not shown (SET-ENUM-EXACT).
    for (const model of [`${listed} `, ` ${listed}`, listed.toUpperCase()].filter(
      (m) => !models.includes(m),
    )) {
      const res = await update({ project_uid: uid, model });
      expectEnvelope(res);
      assumed('SET-ENUM-EXACT', () => expectError(res, 400, invalidModel(model)));
    }
  });

  it('an unknown model changes nothing [SET-MODEL-IN-LIST, SET-ATOMIC]', async (ctx) => {
    const uid = await viewedSettingsProject(ctx, target());
    const before = await settingsOf(uid);
    const res = await update({
      project_uid: uid,
      model: 'gpt-99-imaginary',
      temperature: 1.9,
      prompt: 'changed',
    });
    expectError(res, 400, invalidModel('gpt-99-imaginary'));
    const after = await settingsOf(uid);
    expect(after.model).toBe(before.model);
    // That the valid fields sent with it are not saved either is the fake's choice.
    assumed('SET-ATOMIC', () => expect(after).toEqual(before));
  });

  const modelTypes = [1, null, true, ['gpt-4o']];
  it(`an empty or non-string model gets 400 [SET-MODEL-IN-LIST, SET-ENUM-EXACT, ${wrongTypeTitle(modelTypes, 'string')}]`, async (ctx) => {
    const uid = await settingsSubject(ctx, target());
    // Either message the spec names for updateProjectSettings may refuse them: a bad body or a model not listed.
    for (const model of modelTypes) {
      expectWrongType(await update({ project_uid: uid, model }), model, 'string', { eitherMessage: true });
    }
    // The empty string may be read as no model given (SET-ENUM-EXACT).
    expectRefusedUnder(await update({ project_uid: uid, model: '' }), ['SET-ENUM-EXACT'], {
      eitherMessage: true,
    });
  });
});
