export { movePage, type PageDestination } from './move-page.ts';
