import { RestError } from '../rest/rest-error';

/** The detail of the RestError `fn` throws: what a REST client would read; fails when nothing or something else is thrown. */
export function detail(fn: () => unknown): string {
  const refused = refusalOf(fn);
  if (refused === undefined) throw new Error('expected a RestError');
  return refused;
}

/** The detail of the RestError `fn` throws, or undefined when it throws nothing (the write was accepted). */
export function refusalOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error.detail;
    throw error;
  }
  return undefined;
}
