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
