type Tree = { [key: string]: string | Tree };
type Catalog = Record<string, unknown>;

/** Deep-merges catalog parts; each feature area keeps its own file so areas never edit one file. */
export function mergeCatalogs<T extends object>(...parts: object[]): T {
  const out: Tree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part as Tree)) {
      const prev = out[key];
      out[key] = typeof value === 'object' && typeof prev === 'object' ? mergeCatalogs<Tree>(prev, value) : value;
    }
  }
  return out as T;
}

/**
 * The namespaces the API and the UI share, for one language: errors.json / messages.json plus one
 * `{ errors, messages }` file per feature area.
 */
export function sharedCatalogs<E extends object, M extends object>(errors: E, messages: M, ...areas: Array<{ errors: Catalog; messages: Catalog }>) {
  return {
    errors: mergeCatalogs<E>(errors, ...areas.map((a) => a.errors)),
    messages: mergeCatalogs<M>(messages, ...areas.map((a) => a.messages)),
  };
}
