/** Each project's knowledgebase: an index over its documents, searched with real ranking. */
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { type KnowledgebaseDocumentInput, KnowledgebaseIndex } from '../rag/knowledgebase-index.js';
import type { DomainContext } from './context.js';
import type { Project } from './state.js';

export function indexFor(domain: DomainContext, project: Project): KnowledgebaseIndex {
  let index = domain.state.knowledgebases.get(project.id);
  if (!index) {
    index = new KnowledgebaseIndex();
    domain.state.knowledgebases.set(project.id, index);
  }
  return index;
}

export function addDocument(domain: DomainContext, project: Project, doc: KnowledgebaseDocumentInput): void {
  indexFor(domain, project).addDocument(doc);
}

export function removeDocument(domain: DomainContext, project: Project, docId: string): boolean {
  return indexFor(domain, project).removeDocument(docId);
}

export function knowledgebaseCounts(
  domain: DomainContext,
  project: Project,
): { document: number; webpages: number } {
  return indexFor(domain, project).counts();
}

export interface SearchQuery {
  query: string;
  limit: number;
  offset?: number;
  docId?: string | undefined;
}

export function searchKnowledgebase(
  domain: DomainContext,
  project: Project,
  q: SearchQuery,
): KnowledgebaseChunk[] {
  const hits = indexFor(domain, project).search(q.query, {
    limit: q.limit,
    offset: q.offset ?? 0,
    docId: q.docId,
  });
  return hits.map((h) => ({ point_id: h.point_id, doc_id: h.doc_id, score: h.score, content: h.content }));
}
