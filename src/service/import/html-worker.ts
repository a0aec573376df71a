// A worker thread that converts the HTML of imported pages (html-conversions.ts), so a page written to be costly
// to convert never holds the thread that answers requests; a conversion past its budget is ended by
// terminating this thread.
import { convertHtmlRequest } from './html-conversions.ts';
import { answerWorkerRequests } from '../worker-pool.ts';

answerWorkerRequests(convertHtmlRequest);
