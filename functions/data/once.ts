/**
 * `make`'s value, made on the first call and kept: the entity layers build each entity (and its
 * schema) when a handler first needs it, not at import.
 */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

type Built<BUILDERS extends Record<string, () => unknown>> = {
  readonly [NAME in keyof BUILDERS]: ReturnType<BUILDERS[NAME]>;
};

/** An object whose every property is its builder's value, made on the first read and kept (`once`). */
export function lazily<BUILDERS extends Record<string, () => unknown>>(builders: BUILDERS): Built<BUILDERS> {
  const built = {};
  for (const [name, make] of Object.entries(builders)) {
    Object.defineProperty(built, name, { get: once(make), enumerable: true });
  }
  return built as Built<BUILDERS>;
}
