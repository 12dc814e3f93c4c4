/**
 * `top-source-only` (FAKE-VARIANT): how many retrieved chunks an answer shows is not shown by the spec (only that the
 * model searches and the service retrieves). The default canned agent summarises and links every chunk it uses; the
 * variant still retrieves max_nodes chunks (the execution log's retrieval says so) but cites and links only the top
 * one, so an answer names one page at most with add_page_link 1, whatever max_nodes is.
 */
import { variantOn } from '../variant/axes.js';
import type { DomainContext } from './context.js';

/** How many of the used chunks a widget or playground answer cites and links: all of them unless the axis is on. */
export const citedChunks = (domain: DomainContext): number | undefined =>
  variantOn(domain, 'top-source-only') ? 1 : undefined;
