import { ALL_TOOLS, loadPrompts } from '@routeros-mcp/mcp-protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseExpectedFailures, REVISIONS } from './expected-failures';
import { FIXTURE_PROMPTS, FIXTURE_TOOLS, mapFixtureBody, mapFixtureMessage } from './fixture-map';

const call = (name: string, args: unknown = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: { progressToken: 'p' } } });

describe('the suite fixtures mapped onto this server', () => {
  it('calls a tool of ours that fails in-band for test_error_handling, keeping the request\'s _meta', () => {
    expect(mapFixtureMessage(call('test_error_handling'))).toEqual({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'device_get', arguments: { device_id: 'conformance-no-such-device' }, _meta: { progressToken: 'p' } } });
  });

  it('renames a prompt fixture and its arguments, in prompts/get and completion/complete', () => {
    expect(mapFixtureMessage({ jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'test_prompt_with_arguments', arguments: { arg1: 'testValue1', arg2: 'testValue2' } } })).toMatchObject({
      params: { name: 'troubleshoot-device', arguments: { device_id: 'testValue1', symptom: 'testValue2' } },
    });
    expect(mapFixtureMessage({ jsonrpc: '2.0', id: 3, method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'test' } } })).toMatchObject({
      params: { ref: { type: 'ref/prompt', name: 'troubleshoot-device' }, argument: { name: 'device_id', value: 'test' } },
    });
  });

  it('leaves everything else byte for byte: other names, answers, notifications, bodies that are no JSON', () => {
    for (const body of [JSON.stringify(call('device_list')), JSON.stringify(call('test_image_content')), '{"jsonrpc":"2.0","id":1,"result":{}}', '{"jsonrpc":"2.0","method":"notifications/initialized"}', '{not json', ' {"jsonrpc":"2.0","id":1,"method":"tools/list"}']) {
      expect(mapFixtureBody(body)).toBe(body);
    }
    expect(JSON.parse(mapFixtureBody(JSON.stringify([call('test_simple_text'), call('device_list')])))).toMatchObject([{ params: { name: 'device_list' } }, { params: { name: 'device_list' } }]);
  });

  it('maps onto tools and prompts that exist, with their own argument names', () => {
    const prompts = loadPrompts();
    for (const { name, arguments: args } of Object.values(FIXTURE_TOOLS)) {
      const tool = ALL_TOOLS.find((t) => t.name === name);
      expect(tool?.input.safeParse(args).success).toBe(true);
    }
    for (const { name, arguments: names } of Object.values(FIXTURE_PROMPTS)) {
      const prompt = prompts.find((p) => p.name === name);
      expect(prompt).toBeDefined();
      for (const argument of Object.values(names)) expect(prompt!.arguments.map((a) => a.name)).toContain(argument);
      expect(prompt!.arguments.filter((a) => a.required).every((a) => Object.values(names).includes(a.name))).toBe(true);
    }
  });

  it('lists no mapped fixture as expected to fail', () => {
    const expected = parseExpectedFailures(readFileSync(join(__dirname, '..', '..', 'expected-failures.yaml'), 'utf8'));
    const mapped = ['tools-call-error:', 'tools-call-simple-text:', 'prompts-get-simple:', 'prompts-get-with-args:', 'completion-complete:', 'resources-read-text:', 'server-stateless:sep-2575-server-no-log-without-loglevel'];
    for (const revision of REVISIONS) for (const { check } of expected[revision]) expect(mapped.filter((m) => check.startsWith(m))).toEqual([]);
  });
});
