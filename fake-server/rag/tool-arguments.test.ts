import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalisedRun, toolArguments } from './tool-arguments.js';

const schema = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

describe('tool call arguments drawn from the message [FAKE-MODEL-DEFAULT]', () => {
  it('strings: a quoted phrase first, then a capitalised run for place and name properties', () => {
    expect(toolArguments(schema({ query: { type: 'string' } }), 'Search for "blue suede shoes" now')).toEqual(
      {
        query: 'blue suede shoes',
      },
    );
    expect(
      toolArguments(schema({ city: { type: 'string' } }), "What's the weather in São Paulo today?"),
    ).toEqual({ city: 'São Paulo' });
    expect(
      toolArguments(schema({ destinationCity: { type: 'string' } }), 'Book me a trip to New York'),
    ).toEqual({
      destinationCity: 'New York',
    });
    // An apostrophe is not a quote.
    expect(toolArguments(schema({ name: { type: 'string' } }), "What's Ada's email?")).toEqual({
      name: 'Ada',
    });
  });

  it('strings: else the text after the tool word, else the whole message; maxLength applies', () => {
    expect(toolArguments(schema({ q: { type: 'string' } }), 'search orders for red boots!', 'order')).toEqual(
      {
        q: 'for red boots',
      },
    );
    expect(toolArguments(schema({ q: { type: 'string' } }), '  tell me more  ')).toEqual({
      q: 'tell me more',
    });
    expect(toolArguments(schema({ q: { type: 'string', maxLength: 4 } }), 'tell me more')).toEqual({
      q: 'tell',
    });
  });

  it('enums: the value the message mentions first, else the default, else the first value', () => {
    const unit = { type: 'string', enum: ['celsius', 'fahrenheit'] };
    expect(toolArguments(schema({ unit }), 'in Fahrenheit or celsius please')).toEqual({
      unit: 'fahrenheit',
    });
    expect(toolArguments(schema({ unit }), 'how warm is it')).toEqual({ unit: 'celsius' });
    expect(toolArguments(schema({ unit: { ...unit, default: 'fahrenheit' } }), 'how warm')).toEqual({
      unit: 'fahrenheit',
    });
  });

  it('numbers: the first number (integers drop decimals, bounds clamp), else minimum, else 1', () => {
    expect(toolArguments(schema({ n: { type: 'number' } }), 'about 2.5 kg or 3')).toEqual({ n: 2.5 });
    expect(toolArguments(schema({ n: { type: 'integer' } }), 'order 42.9')).toEqual({ n: 42 });
    expect(toolArguments(schema({ n: { type: 'integer', maximum: 10 } }), 'give me 50')).toEqual({ n: 10 });
    expect(toolArguments(schema({ n: { type: 'integer', minimum: 5 } }), 'none')).toEqual({ n: 5 });
    expect(toolArguments(schema({ n: { type: ['integer', 'null'] } }), 'none')).toEqual({ n: 1 });
  });

  it('booleans, arrays and objects', () => {
    const s = schema({ on: { type: 'boolean' }, tags: { type: 'array' }, meta: { type: 'object' } });
    expect(toolArguments(s, 'yes, enable it')).toEqual({ on: true, tags: [], meta: {} });
    expect(toolArguments(s, 'whatever')).toEqual({ on: false, tags: [], meta: {} });
  });

  it('optional properties appear only when the message supplies them', () => {
    const s = schema(
      {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
        note: { type: 'string' },
        verbose: { type: 'boolean' },
      },
      ['city'],
    );
    expect(toolArguments(s, 'Weather in Oslo')).toEqual({ city: 'Oslo' });
    expect(toolArguments(s, 'Weather in Oslo for 3 days in celsius, verbose: yes')).toEqual({
      city: 'Oslo',
      unit: 'celsius',
      days: 3,
      verbose: true,
    });
  });

  it('no properties, no arguments; any schema and message give plain JSON, deterministically', () => {
    expect(toolArguments({}, 'anything')).toEqual({});
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ maxLength: 80 }), (raw, message) => {
        const parameters = {
          type: 'object',
          properties: { a: raw, b: { type: 'string' } },
          required: ['a', 'b'],
        };
        const args = toolArguments(parameters, message);
        expect(JSON.parse(JSON.stringify(args))).toEqual(args);
        expect(toolArguments(parameters, message)).toEqual(args);
      }),
    );
  });

  it('a capitalised run never starts a sentence and skips the pronoun I', () => {
    expect(capitalisedRun('Paris is nice')).toBeUndefined();
    expect(capitalisedRun('I love Rome. Milan too')).toBe('Rome');
    expect(capitalisedRun('flights from Los Angeles to Tokyo')).toBe('Los Angeles');
  });
});
