/**
 * The WHATWG URL parser that every runtime of the contracts has (browsers, Node), typed here for the few
 * parts the contracts read: the contracts are compiled without any environment's types.
 */
interface ParsedUrl {
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
declare const URL: new (input: string, base?: string) => ParsedUrl;

/** The address parsed (against `base` when relative), or undefined when it does not parse. */
export function parseUrl(input: string, base?: string): ParsedUrl | undefined {
  try {
    return new URL(input, base);
  } catch {
    return undefined;
  }
}
