/** The SQL databases a Store runs on. */
export type StoreDialect = 'sqlite' | 'postgres';
