/** Each project's knowledgebase: an index over its documents, searched with real ranking. */
import type { KnowledgebaseChunk } from '../../contract/index.js';
import { type KnowledgebaseDocumentInput, KnowledgebaseIndex } from '../rag/knowledgebase-index.js';
import type { DomainContext } from './context.js';
import type { Project } from './state.js';

export function indexFor(ctx: DomainContext, project: Project): KnowledgebaseIndex {
  let index = ctx.state.knowledgebases.get(project.id);
  if (!index) {
    index = new KnowledgebaseIndex();
    ctx.state.knowledgebases.set(project.id, index);
  }
  return index;
}

export function addDocument(ctx: DomainContext, project: Project, doc: KnowledgebaseDocumentInput): void {
  indexFor(ctx, project).addDocument(doc);
}

export function removeDocument(ctx: DomainContext, project: Project, docId: string): boolean {
  return indexFor(ctx, project).removeDocument(docId);
}

export function knowledgebaseCounts(
  ctx: DomainContext,
  project: Project,
): { document: number; webpages: number } {
  return indexFor(ctx, project).counts();
}

export interface SearchQuery {
  query: string;
  limit: number;
  offset?: number;
  docId?: string;
}

export function searchKnowledgebase(
  ctx: DomainContext,
  project: Project,
  q: SearchQuery,
): KnowledgebaseChunk[] {
  const hits = indexFor(ctx, project).search(q.query, {
    limit: q.limit,
    offset: q.offset ?? 0,
    docId: q.docId,
  });
  return hits.map((h) => ({ point_id: h.point_id, doc_id: h.doc_id, score: h.score, content: h.content }));
}
