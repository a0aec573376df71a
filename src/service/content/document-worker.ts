// A worker thread that converts page bodies to JSON documents for the service (document-converter.ts), so a page
// written to be costly to read never holds the thread that answers requests: each request is converted here and
// its document goes back; a conversion past its budget is ended by terminating this thread.
import type { RevisionSnapshot } from '../../model/revision-snapshot.ts';
import { jsonDocumentOf, type DocumentOwner } from './page-json-document.ts';
import type { PublishedJsonDocument } from './published-content-shapes.ts';
import { answerWorkerRequests } from '../worker-pool.ts';

/** One conversion: a body, the revision it is read in, and whose body it is. */
export interface DocumentRequest {
  markdown: string;
  revision: RevisionSnapshot;
  owner: DocumentOwner;
}

answerWorkerRequests((request: DocumentRequest): PublishedJsonDocument => jsonDocumentOf(request.markdown, request.revision, request.owner));
