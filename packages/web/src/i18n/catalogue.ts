/** A catalogue: nested keys with texts at the leaves. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };
