export { errorCatalogue, errorCodes, messageShownToClients, type ErrorCode } from './catalogue.ts';
export { QuireError, isQuireError, type ErrorData } from './quire-error.ts';
