// A worker thread that parses, validates and builds the filesystem of fetched OpenAPI specs for the background
// processor (openapi-text-processing.ts), so a large spec (a second and more of YAML parsing and validation) never
// holds the thread that answers requests; a spec past its budget is ended by terminating this thread.
import { processSpecTexts } from '../../openapi/process-spec-texts.ts';
import { answerWorkerRequests } from '../worker-pool.ts';

answerWorkerRequests(processSpecTexts);
