/**
 * `--check-provider-states` (issue 33): before any test relies on a target's provider states, enter each state it
 * offers once, with the probes of provider-state-probes.ts, tear it down, and report every difference from the
 * catalogue (docs/provider-states.schema.json): the state, the parameter, and what came back. Pact verifies that a
 * provider's state-change URL answers; this checks that each state also does what the catalogue says. A state that
 * fails is then treated as not offered, with that reason, by the tests that needed it.
 */
import { z } from 'zod';
import { providerStateCatalogue, type StateName, stateNames } from '../../contract/provider-states/index.js';
import { type ProbeContext, type StateProbe, stateProbes } from './provider-state-probes.js';
import { rangeValues, testsEntering } from './provider-state-ranges.js';
import type { ProviderStatesClient } from './provider-states-client.js';

export interface StateDifference {
  readonly state: StateName;
  /** The parameter the difference is pinned on, when one is. */
  readonly parameter?: string;
  /** What was sent and what came back. */
  readonly message: string;
}

export type StateVerdict = 'passed' | 'failed' | 'not offered' | 'not checkable';

export interface StateCheck {
  readonly state: StateName;
  readonly version: number;
  readonly verdict: StateVerdict;
  readonly differences: readonly StateDifference[];
  /** Why a state could not be checked (not offered, or what it builds on failed). */
  readonly note?: string;
  /** A failed state: the test files that enter it, which skip or stop without it (provider-state-ranges.ts). */
  readonly silences?: readonly string[];
}

export interface ProviderStateCheck {
  readonly states: readonly StateCheck[];
  /** Problems with the endpoint itself (the catalogue unreadable). */
  readonly error?: string;
}

/** Whether a state's params take `organization_id` (all but `organization`, which makes one). */
const takesOrganization = (state: StateName): boolean =>
  'organization_id' in
  ((
    z.toJSONSchema(providerStateCatalogue[state].params, { io: 'input', unrepresentable: 'any' }) as {
      properties?: object;
    }
  ).properties ?? {});

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Scalars sent that come back in the data under their own name must come back as sent. */
function echoed(data: Record<string, unknown>, sent: Record<string, unknown>): StateDifference[] {
  return (
    Object.entries(sent)
      .filter(([key, value]) => value !== null && typeof value !== 'object' && key in data)
      // A count sent that comes back as the list it counts is checked by the probe's own expectation.
      .filter(([key]) => data[key] === null || typeof data[key] !== 'object')
      .filter(([key, value]) => data[key] !== value)
      .map(([key, value]) => ({
        state: 'organization' as StateName,
        parameter: key,
        message: `sent ${key} ${JSON.stringify(value)}, the data says ${JSON.stringify(data[key])}`,
      }))
  );
}

/** Enter one probe (and its read-back), tear down what it made; the differences it found. */
async function runProbe(
  client: ProviderStatesClient,
  p: StateProbe,
  context: ProbeContext,
  withParameter: boolean,
): Promise<StateDifference[]> {
  const sent: Record<string, unknown> = {
    ...(takesOrganization(p.state) ? { organization_id: context.organization_id } : {}),
    ...(p.required?.(context) ?? {}),
    ...(withParameter && p.parameter ? { [p.parameter.name]: p.parameter.value } : {}),
  };
  const blame =
    withParameter && p.parameter
      ? p.parameter.name
      : Object.keys(p.required?.(context) ?? {}).join(', ') || undefined;
  const differences: StateDifference[] = [];
  const handles: (string | number)[] = [];
  const enter = async (params: Record<string, unknown>) => {
    const data = (await client.enter(p.state, params as never)) as Record<string, unknown>;
    if (data.teardown !== undefined) handles.push(data.teardown as string | number);
    return data;
  };
  try {
    const data = await enter(sent);
    for (const d of echoed(data, sent)) differences.push({ ...d, state: p.state });
    const said = withParameter || !p.parameter ? p.expect?.(data as never, sent) : undefined;
    if (said) differences.push({ state: p.state, ...(blame ? { parameter: blame } : {}), message: said });
    if (withParameter && p.readBack) {
      const { [p.parameter?.name ?? '']: _, ...without } = sent;
      const again = await enter(without);
      const back = p.readBack(again as never, sent);
      if (back) differences.push({ state: p.state, ...(blame ? { parameter: blame } : {}), message: back });
    }
  } catch (err) {
    differences.push({ state: p.state, ...(blame ? { parameter: blame } : {}), message: messageOf(err) });
  } finally {
    for (const handle of handles.reverse()) {
      try {
        await client.teardown(p.state, handle);
      } catch (err) {
        differences.push({ state: p.state, message: `teardown: ${messageOf(err)}` });
      }
    }
  }
  return differences;
}

/**
 * Enter the state at each value of its parameters' documented range (provider-state-ranges.ts) with the probe's
 * required params; a refusal, or a value that comes back otherwise, is a difference on that parameter.
 */
async function rangeDifferences(
  client: ProviderStatesClient,
  p: StateProbe,
  context: ProbeContext,
): Promise<StateDifference[]> {
  const differences: StateDifference[] = [];
  for (const v of rangeValues(p.state)) {
    const found = await runProbe(
      client,
      {
        state: p.state,
        ...(p.required ? { required: p.required } : {}),
        parameter: { name: v.name, value: v.value },
      },
      context,
      true,
    );
    for (const d of found)
      differences.push({
        ...d,
        parameter: v.name,
        message: `${v.name} ${v.value} is in its documented range (${v.range}): ${d.message}`,
      });
  }
  return differences;
}

/** Check every state the target offers against the catalogue. */
export async function checkProviderStates(client: ProviderStatesClient): Promise<ProviderStateCheck> {
  let offered: Awaited<ReturnType<ProviderStatesClient['catalogue']>>;
  try {
    offered = await client.catalogue();
  } catch (err) {
    return { states: [], error: messageOf(err) };
  }
  const offers = (name: StateName) =>
    offered.some((s) => s.name === name && s.version === providerStateCatalogue[name].version);
  const results = new Map<StateName, StateCheck>();
  const settle = (state: StateName, differences: StateDifference[], note?: string) =>
    results.set(state, {
      state,
      version: providerStateCatalogue[state].version,
      verdict: note !== undefined ? 'not checkable' : differences.length > 0 ? 'failed' : 'passed',
      differences,
      ...(note !== undefined ? { note } : {}),
      ...(note === undefined && differences.length > 0 ? { silences: testsEntering(state) } : {}),
    });

  // Every probe builds in an organization of its own, made by the `organization` state and undone last.
  let context: ProbeContext | undefined;
  let orgHandle: string | number | undefined;
  const orgProbe = stateProbes.find((p) => p.state === 'organization');
  if (offers('organization')) {
    try {
      const org = await client.enter('organization', {});
      context = { organization_id: org.organization_id };
      orgHandle = org.teardown;
      const differences = orgProbe ? await runProbe(client, orgProbe, context, true) : [];
      if (differences.length === 0 && orgProbe)
        differences.push(...(await rangeDifferences(client, orgProbe, context)));
      settle('organization', differences);
    } catch (err) {
      settle('organization', [{ state: 'organization', message: messageOf(err) }]);
    }
  }
  try {
    for (const name of stateNames) {
      if (name === 'organization') continue;
      if (!offers(name)) continue;
      if (!context) {
        settle(
          name,
          [],
          'not checkable here: the check builds in an organization the `organization` state makes, and it is not offered or failed',
        );
        continue;
      }
      const differences: StateDifference[] = [];
      for (const p of stateProbes.filter((x) => x.state === name)) {
        const base = await runProbe(client, p, context, false);
        differences.push(...base);
        // The parameter is tried only on a state that answers without it, so a difference is pinned on it.
        if (base.length === 0 && p.parameter) differences.push(...(await runProbe(client, p, context, true)));
      }
      const first = stateProbes.find((x) => x.state === name);
      if (differences.length === 0 && first)
        differences.push(...(await rangeDifferences(client, first, context)));
      settle(name, differences);
    }
  } finally {
    if (orgHandle !== undefined) {
      try {
        await client.teardown('organization', orgHandle);
      } catch {
        // The organization stays; nothing the check needs depends on its removal.
      }
    }
  }
  const states = stateNames.map(
    (name) =>
      results.get(name) ?? {
        state: name,
        version: providerStateCatalogue[name].version,
        verdict: 'not offered' as const,
        differences: [],
        note: `the target offers no provider state "${name}" at version ${providerStateCatalogue[name].version}`,
      },
  );
  return { states };
}

/** One line per state that failed, for the terminal. */
export const differenceLines = (check: ProviderStateCheck): string[] =>
  check.states.flatMap((s) => [
    ...s.differences.map(
      (d) =>
        `  FAIL  provider state "${s.state}"${d.parameter ? `, parameter ${d.parameter}` : ''}: ${d.message}`,
    ),
    ...(s.silences?.length ? [`        without it these tests skip or stop: ${s.silences.join(', ')}`] : []),
  ]);

/** The reason a test gets when a state it needs failed the check. */
export const failedCheckReason = (s: StateCheck): string =>
  `provider state "${s.state}" failed --check-provider-states: ${s.differences
    .map((d) => `${d.parameter ? `parameter ${d.parameter}: ` : ''}${d.message}`)
    .join('; ')}`;
