/** For the default branch of an exhaustive switch: a new case that is not handled fails to compile. */
export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
