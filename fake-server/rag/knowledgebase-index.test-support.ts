/**
 * Test support (imported by tests only) for the knowledgebase index's tests: the fixture documents by project, an
 * index per project built from them, topical queries with the document each must rank first, and arbitraries of
 * matching and hostile queries.
 */
import fc from 'fast-check';
import { type FixtureDocument, loadFixtureDocuments } from '../../fixtures/knowledgebase.js';
import { type KnowledgebaseChunkHit, KnowledgebaseIndex, queryTerms } from './knowledgebase-index.js';

export const FIXTURES = loadFixtureDocuments();
export const PROJECTS = ['acme-support', 'globex-travel', 'initech-hr'] as const;
export type ProjectSlug = (typeof PROJECTS)[number];

export const docsOf = (project: string): FixtureDocument[] =>
  FIXTURES.filter((doc) => doc.projectSlug === project);

export function buildIndex(docs: readonly FixtureDocument[]): KnowledgebaseIndex {
  const index = new KnowledgebaseIndex();
  for (const doc of docs) index.addDocument(doc);
  return index;
}

export const everything = (
  index: KnowledgebaseIndex,
  query: string,
  docId?: string,
): KnowledgebaseChunkHit[] =>
  index.search(query, { limit: 10_000, ...(docId === undefined ? {} : { docId }) });

/** Queries on a distinctive topic of each project, and the document that must rank first. */
export const TOPICAL: ReadonlyArray<{ project: ProjectSlug; query: string; expected: string }> = [
  {
    project: 'acme-support',
    query: 'two-factor authentication recovery codes',
    expected: 'account-security',
  },
  { project: 'acme-support', query: 'chargeback money-back guarantee', expected: 'refund-policy' },
  { project: 'acme-support', query: 'QuickBooks Xero sync', expected: 'integrations' },
  { project: 'acme-support', query: 'invoice PDF blank logo', expected: 'troubleshooting' },
  { project: 'acme-support', query: 'proration when I downgrade', expected: 'billing-and-plans' },
  { project: 'globex-travel', query: 'skis golf clubs surfboard', expected: 'baggage-allowance' },
  { project: 'globex-travel', query: 'passport validity and visa on arrival', expected: 'visas-and-entry' },
  { project: 'globex-travel', query: 'Platinum lounge passes points expiry', expected: 'loyalty-programme' },
  { project: 'globex-travel', query: 'wheelchair and oxygen on board', expected: 'special-assistance' },
  { project: 'initech-hr', query: 'mileage per diem receipts', expected: 'expenses' },
  { project: 'initech-hr', query: 'parental leave carry over', expected: 'leave-policy' },
  { project: 'initech-hr', query: 'home office equipment allowance VPN', expected: 'remote-work' },
  { project: 'initech-hr', query: 'payslip tax code', expected: 'payroll-and-payslips' },
  // Typos still find the topic (fuzzy matching of terms with 4+ characters).
  { project: 'initech-hr', query: 'probaton buddy', expected: 'onboarding' },
];

/** Distinct words of a project's fixtures, used to build queries that do match. */
export const vocabulary = (project: string): string[] =>
  [...new Set(docsOf(project).flatMap((doc) => queryTerms(doc.text)))].sort();

export const projectArb = fc.constantFrom(...PROJECTS);
export const matchingQueryArb = (project: string) =>
  fc.array(fc.constantFrom(...vocabulary(project)), { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
export const projectQueryArb = projectArb.chain((project) =>
  matchingQueryArb(project).map((query) => ({ project, query })),
);
export const loneSurrogateArb = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
export const weirdQueryArb = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: loneSurrogateArb }),
  fc.string({
    unit: fc.constantFrom('_', '_proto_', 'constructor', '#', '*', '~', '"', '\\', ' ', '\n', 'ä'),
  }),
  fc.string({ unit: 'binary', minLength: 4000, maxLength: 5000 }),
);

export const INDEXES = new Map(PROJECTS.map((project) => [project, buildIndex(docsOf(project))]));
export const indexOf = (project: ProjectSlug): KnowledgebaseIndex => INDEXES.get(project)!;
