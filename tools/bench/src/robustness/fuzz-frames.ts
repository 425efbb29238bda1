import type { SeededRandom } from './seeded-random';
import { hugeString, oddString, wrongValue } from './fuzz-values';
import { METHODS, validParams } from './fuzz-requests';

/** The 2026-07-28 envelope a modern client puts in every request's _meta. */
export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'robustness', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * Generates the lines of one fuzzed session. Ids written raw (so that 2^53+1 or 1e300 reach the server as
 * written); valid ids never repeat within a session except where a batch repeats one on purpose.
 */
export class FuzzFrames {
  private n = 0;
  private readonly onceUsed = new Set<string>();

  constructor(private readonly rng: SeededRandom, private readonly options: { initialize: boolean; era?: 'legacy' | 'modern' }) {}

  /**
   * On 2026-07-28 every request names its revision in params._meta (the envelope); most fuzzed requests carry it,
   * a few do not, or name another revision (answered with an error by id all the same).
   */
  private withEnvelope(params: unknown): unknown {
    if (this.options.era !== 'modern' || this.rng.chance(0.05)) return params;
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return params;
    const given = (params ?? {}) as { _meta?: unknown };
    if (given._meta !== undefined && (typeof given._meta !== 'object' || given._meta === null || Array.isArray(given._meta))) return params;
    const version = this.rng.chance(0.03) ? this.rng.pick(['2025-11-25', '2099-01-01', '', 5]) : '2026-07-28';
    return { ...given, _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': version, ...(given._meta as object | undefined) } };
  }

  /** An id as raw JSON text: mostly in the rule, sometimes outside it. */
  private rawId(odd = false): string {
    const n = ++this.n;
    const rng = this.rng;
    const once = (key: string, raw: string) => (this.onceUsed.has(key) ? JSON.stringify(`f${n}`) : (this.onceUsed.add(key), raw));
    return rng.weighted<() => string>([
      [odd ? 1 : 30, () => JSON.stringify(`f${n}`)],
      [odd ? 2 : 10, () => String(n + 1_000_000)],
      [2, () => String(-n)],
      [1, () => JSON.stringify(`${oddString(rng)}#${n}`)],
      [1, () => `${n + 2_000_000}.0`], // an integer written as a float: in the rule
      [0.5, () => once('zero', '0')],
      [0.5, () => once('empty', '""')],
      [0.5, () => once('max', '9007199254740991')],
      [0.5, () => once('min', '-9007199254740991')],
      [0.05, () => JSON.stringify(`${hugeString(rng)}#${n}`)],
      // outside the rule: answered -32600 with id null
      [1, () => `${n}.5`],
      [1, () => '1e300'],
      [1, () => '9007199254740993'],
      [0.5, () => '-9007199254740993'],
      [0.5, () => '9007199254740992'],
      [1, () => '{"nested":{"id":[1]}}'],
      [1, () => 'null'],
      [0.5, () => 'true'],
      [0.5, () => '[1]'],
    ])();
  }

  private request(method: string, given: unknown, options: { id?: string; jsonrpc?: string | null } = {}): string {
    const params = this.withEnvelope(given);
    const head = options.jsonrpc === null ? '' : `"jsonrpc":${JSON.stringify(options.jsonrpc ?? '2.0')},`;
    const tail = params === undefined ? '' : `,"params":${JSON.stringify(params)}`;
    return `{${head}"id":${options.id ?? this.rawId()},"method":${JSON.stringify(method)}${tail}}`;
  }

  private method(): string {
    const methods = this.options.era === 'modern' ? [...METHODS, 'server/discover'] : this.options.initialize ? METHODS : METHODS.filter((m) => m !== 'initialize');
    return this.rng.pick(methods);
  }

  private methodWith(params: (method: string) => unknown): [string, unknown] {
    const method = this.method();
    return [method, params(method)];
  }

  /** Replaces, drops or adds one field of params (or of the tool's arguments) with a value of the wrong kind. */
  private mutate(params: Record<string, unknown>): Record<string, unknown> {
    const rng = this.rng;
    const target = params['arguments'] && typeof params['arguments'] === 'object' && rng.chance(0.6) ? (params['arguments'] as Record<string, unknown>) : params;
    const keys = Object.keys(target);
    const roll = rng.next();
    if (roll < 0.15 && keys.length) delete target[rng.pick(keys)];
    else if (roll < 0.25) target[rng.pick(['extra', 'constructor', oddString(rng)])] = wrongValue(rng);
    else if (keys.length) target[rng.pick(keys)] = wrongValue(rng);
    else params[rng.pick(['name', 'uri', 'level', 'cursor', '_meta'])] = wrongValue(rng);
    return params;
  }

  private notification(): string {
    const rng = this.rng;
    return rng.pick([
      () => '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      () => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-${this.n}","reason":"fuzz"}}`,
      () => `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}`,
      () => '{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}',
      () => `{"jsonrpc":"2.0","method":${JSON.stringify(rng.pick(METHODS))}}`, // a request without an id is a notification
      () => `{"jsonrpc":"2.0","method":${JSON.stringify(`notifications/${oddString(rng)}`)},"params":${JSON.stringify({ x: wrongValue(rng) })}}`,
      () => `{"jsonrpc":"2.0","method":"notifications/x","params":[1,2]}`,
    ])();
  }

  /** Lines that are no request at all: answered -32600 (or -32700) with id null. */
  private notARequest(): string {
    const rng = this.rng;
    return rng.pick([
      () => '{"jsonrpc":"2.0","method":1,"params":"bar"}',
      () => '{"jsonrpc":"2.0"}',
      () => '{}',
      () => '{"method":"ping"}',
      () => `{"jsonrpc":"2.0","method":"x","params":${JSON.stringify(rng.pick([5, 'str', true]))}}`,
      () => `{"jsonrpc":"2.0","method":""}`,
      () => String(rng.pick([5, '"str"', 'null', 'true', '-0', '1e400'])),
    ])();
  }

  private malformed(): string {
    const rng = this.rng;
    const valid = this.request('ping', undefined);
    return rng.pick([
      () => valid.slice(0, rng.int(1, valid.length - 1)),
      () => `${valid}garbage`,
      () => valid.replace(/"/g, "'"),
      () => `\ufeff${valid}`,
      () => '{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
      () => '{"jsonrpc":"2.0","id":1,"method":"ping",}',
      () => 'hello',
      () => `{"jsonrpc":"2.0","id":"${oddString(rng).replace(/["\\\r\n]/g, '')}\u0001","method":"ping"}`, // raw control char inside a string
      () => '[{"jsonrpc":"2.0","id":1,"method":"ping"}',
      () => '{"a":' .repeat(rng.int(10, 5000)),
    ])();
  }

  private response(): string {
    const rng = this.rng;
    // Ids in their own namespace: an answer carrying one is an answer to a response; null and 1.5 can only show up
    // as extra id-null answers.
    const id = rng.weighted([[5, JSON.stringify(`resp-${++this.n}`)], [5, String(-(++this.n) - 5_000_000)], [1, 'null'], [1, '1.5']] as const);
    return rng.pick([
      () => `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(rng.pick([{}, { roots: [] }, 5, null]))}}`,
      () => `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"no"}}`,
      () => `{"jsonrpc":"2.0","id":${id},"result":{},"error":{"code":1,"message":"both"}}`,
    ])();
  }

  /** One fuzzed line (not initialize/initialized of the session itself). */
  next(): string {
    const rng = this.rng;
    return rng.weighted<() => string>([
      [30, () => this.request(...this.methodWith((m) => validParams(rng, m)))],
      [15, () => this.request('tools/call', validParams(rng, 'tools/call'))],
      [10, () => this.request('tools/call', this.mutate(validParams(rng, 'tools/call')!))],
      [10, () => this.request(...this.methodWith((m) => this.mutate(validParams(rng, m) ?? {})))],
      [3, () => this.request(rng.pick(['ping', 'tools/list', 'tools/call', 'resources/read']), rng.pick([[], [1, 'a'], [{ name: 'device_list' }]]))],
      [8, () => this.request(rng.pick(['ping', 'tools/list', 'prompts/list']), undefined, { id: this.rawId(true) })],
      [3, () => this.request('ping', undefined, { jsonrpc: rng.pick([null, '1.0', '2', 2]) as string | null })],
      [6, () => this.notification()],
      [3, () => this.notARequest()],
      [4, () => this.response()],
      [4, () => this.malformed()],
      [2, () => `{"jsonrpc":"2.0","id":${this.rawId()}}`],
      [2, () => rng.pick(['[]', `[${this.request('ping', undefined)}]`])],
      [2, () => this.request(oddString(rng), { [oddString(rng)]: oddString(rng) })],
      [1, () => this.request('tools/call', { name: 'device_list', arguments: {}, _meta: { progressToken: oddString(rng) } })],
      [0.1, () => this.request(rng.pick(['tools/call', 'resources/read', 'prompts/get']), rng.pick([{ name: hugeString(rng), arguments: {} }, { uri: hugeString(rng) }, { name: 'security-audit', arguments: { device_id: hugeString(rng) } }]))],
      [0.1, () => this.request(hugeString(rng), undefined)],
      [0.1, () => this.request('tools/call', { name: 'interface_list', arguments: { device_id: 'dev-0', where: { name: hugeString(rng) } } })],
    ])();
  }

  /** A 2025-03-26 batch: members of every kind, now and then one repeating an earlier member's id. */
  batch(): string {
    const rng = this.rng;
    const members: string[] = [];
    for (let i = rng.int(1, 8); i > 0; i--) {
      const line = this.next();
      if (line.startsWith('{') && !line.startsWith('{"a":') && isJson(line)) members.push(line);
    }
    const requests = members.filter((m) => /"method"/.test(m) && /"id"/.test(m));
    if (requests.length && rng.chance(0.3)) members.splice(rng.int(0, members.length), 0, rng.pick(requests)); // duplicate id
    if (rng.chance(0.1)) members.push(rng.pick(['5', '[]', 'null', '"x"']));
    return `[${members.join(',')}]`;
  }
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}
