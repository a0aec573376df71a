/** Parents whose children are inline content; any other parent holds blocks (or list items, rows). */
export const phrasingParents: ReadonlySet<string> = new Set<string>(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'mark', 'button', 'icon']);
