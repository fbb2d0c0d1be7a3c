/** The two stores of DESIGN.md: SQLite by default, PostgreSQL at scale. */
export type StoreDialect = 'sqlite' | 'postgres';
