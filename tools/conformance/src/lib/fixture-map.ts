/**
 * The suite's fixtures that have a counterpart on this server, and the counterpart. The suite calls tools, prompts
 * and resources of its reference "everything" server (test_error_handling, test_simple_prompt, test://static-text…);
 * where one of ours answers the same question (a tool that fails, a tool that answers text, a prompt that takes
 * arguments), the request is rewritten to it so the check judges our server instead of being listed as expected to
 * fail. Fixtures without a counterpart (images, audio, sampling, elicitation, progress of a device-less call…) stay
 * in expected-failures.yaml. The conformance server has no devices enrolled, so each counterpart needs none.
 */

interface ToolCounterpart {
  name: string;
  arguments: Record<string, unknown>;
}

interface PromptCounterpart {
  name: string;
  /** The fixture's argument names onto the prompt's. */
  arguments: Record<string, string>;
}

/** A device id no server of the run has enrolled: every device tool fails on it with NOT_FOUND, in-band. */
const NO_DEVICE = 'conformance-no-such-device';

export const FIXTURE_TOOLS: Readonly<Record<string, ToolCounterpart>> = {
  // tools-call-simple-text: a result with text content.
  test_simple_text: { name: 'device_list', arguments: {} },
  // tools-call-error: a tool that runs and fails must answer an isError result with a message (both revisions).
  test_error_handling: { name: 'device_get', arguments: { device_id: NO_DEVICE } },
  // server-stateless (2026-07-28): a call without a log level gets no notifications/message; a failing call is the
  // one that would log (a warning for clients that asked).
  test_logging_tool: { name: 'device_get', arguments: { device_id: NO_DEVICE } },
};

export const FIXTURE_PROMPTS: Readonly<Record<string, PromptCounterpart>> = {
  // prompts-get-simple: a prompt without required arguments.
  test_simple_prompt: { name: 'fleet-health-review', arguments: {} },
  // prompts-get-with-args and completion-complete: a prompt whose arguments are substituted and completed.
  test_prompt_with_arguments: { name: 'troubleshoot-device', arguments: { arg1: 'device_id', arg2: 'symptom' } },
};

export const FIXTURE_RESOURCES: Readonly<Record<string, string>> = {
  // resources-read-text: a text resource with its mimeType.
  'test://static-text': 'fleet://health-summary',
};

type Params = Record<string, unknown>;
const isObject = (value: unknown): value is Params => !!value && typeof value === 'object' && !Array.isArray(value);

function renamed(args: unknown, names: Record<string, string>): unknown {
  if (!isObject(args)) return args;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [names[key] ?? key, value]));
}

/** One JSON-RPC message with a fixture replaced by its counterpart; anything else (responses, notifications, other names) as it came. */
export function mapFixtureMessage(message: unknown): unknown {
  if (!isObject(message) || typeof message['method'] !== 'string' || !isObject(message['params'])) return message;
  const params = message['params'];
  const method = message['method'];
  let mapped: Params | undefined;
  if (method === 'tools/call' && typeof params['name'] === 'string' && FIXTURE_TOOLS[params['name']]) {
    const tool = FIXTURE_TOOLS[params['name']]!;
    mapped = { ...params, name: tool.name, arguments: tool.arguments };
  } else if (method === 'prompts/get' && typeof params['name'] === 'string' && FIXTURE_PROMPTS[params['name']]) {
    const prompt = FIXTURE_PROMPTS[params['name']]!;
    mapped = { ...params, name: prompt.name, arguments: renamed(params['arguments'] ?? {}, prompt.arguments) };
  } else if (method === 'completion/complete' && isObject(params['ref']) && params['ref']['type'] === 'ref/prompt' && typeof params['ref']['name'] === 'string' && FIXTURE_PROMPTS[params['ref']['name']]) {
    const prompt = FIXTURE_PROMPTS[params['ref']['name']]!;
    const argument = isObject(params['argument']) ? { ...params['argument'], name: prompt.arguments[String(params['argument']['name'])] ?? params['argument']['name'] } : params['argument'];
    mapped = { ...params, ref: { ...params['ref'], name: prompt.name }, argument };
  } else if (method === 'resources/read' && typeof params['uri'] === 'string' && FIXTURE_RESOURCES[params['uri']]) {
    mapped = { ...params, uri: FIXTURE_RESOURCES[params['uri']] };
  }
  return mapped ? { ...message, params: mapped } : message;
}

/** A request body with its fixtures mapped (a batch member by member); a body that is no JSON passes as it came. */
export function mapFixtureBody(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const mapped = Array.isArray(parsed) ? parsed.map(mapFixtureMessage) : mapFixtureMessage(parsed);
  return JSON.stringify(mapped) === JSON.stringify(parsed) ? body : JSON.stringify(mapped);
}
