/** Every numeric limit of the spec, written once. The fake enforces these and the suites probe their edges. */

export interface Range {
  readonly min: number;
  readonly max: number;
}

/** AI settings ranges (Project AI settings table and Limits). */
export const settingsRanges = {
  temperature: { min: 0, max: 2 },
  chat_history_count: { min: 0, max: 50 },
  max_nodes: { min: 1, max: 10 },
  add_page_link: { min: 0, max: 1 },
  auto_close_duration: { min: 5, max: 43200 },
  auto_resolve_duration: { min: 5, max: 43200 },
} as const satisfies Record<string, Range>;

export const aiModes = ['agent', 'chat'] as const;

/** Paging: sizes and defaults per list operation. */
export const paging = {
  projects: { defaultLimit: 100, min: 1, max: 1000, defaultPage: 1 },
  members: { defaultLimit: 10, min: 1, max: 1000, defaultPage: 1 },
  executionLogs: { defaultLimit: 10, min: 1, max: 100, defaultPage: 1 },
  sessions: { defaultLimit: 10, min: 1, max: 100, defaultPage: 1 },
  messages: { defaultLimit: 10, min: 1, max: 100, defaultPage: 1 },
} as const;

/** Knowledgebase search. */
export const search = {
  bearer: { limitMin: 1, limitMax: 100, queryMaxLength: 5000 },
  projectKey: { limitMin: 1, limitMax: 100, defaultLimit: 10, defaultOffset: 0 },
} as const;

/** Playground. */
export const playground = { queryMaxLength: 5000, historyMaxItems: 50 } as const;

/** Hourly caps (requests per hour). */
export const hourlyCaps = {
  platformTokenPerHour: 1000,
  projectKeySearchPerHour: 100,
  ragPerHour: { professional: 200, advanced: 1000, agency: 1000 },
  /** RAG cap of a plan the spec gives none (Enterprise) when the organization sets none (RATE-ENTERPRISE-CAP). */
  ragEnterpriseDefault: 1000,
} as const;

/** Retention: seconds, 0 = keep forever. */
export const retention = { min: 0 } as const;

/** Limits on the fake's HTTP input (assumed: the spec does not show them). */
export const httpInput = {
  /** Largest request body accepted; larger bodies get 413 in the error envelope. */
  maxBodyBytes: 1_048_576,
} as const;
