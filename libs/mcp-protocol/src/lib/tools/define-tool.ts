import type { Principal } from '@routeros-mcp/application-ports';
import type { AuditRecorder, ChangeHistory, ChangeRunner, DeviceConnectivity, DeviceReader, DeviceRegistry, MenuCatalog, SnapshotService } from '@routeros-mcp/application-use-cases';
import type { Environment } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import type { PlanContext } from './plan/plan-services';

export type ToolTier = 'fundamental' | 'advanced' | 'professional';

/** What a tool may use; nothing else reaches a handler. */
export interface ToolContext extends PlanContext {
  principal: Principal;
  correlationId: string;
  /** The environment this server instance serves: device tools refuse devices of another one. */
  environment: Environment;
  reader: DeviceReader;
  registry: DeviceRegistry;
  audit: AuditRecorder;
  connectivity: DeviceConnectivity;
  /** The change pipeline every write takes; absent on servers built without the write tier. */
  changes?: ChangeRunner;
  /** Recorded changes and change_revert; absent with `changes`. */
  changeHistory?: ChangeHistory;
  /** Config history; absent on servers built without it. */
  snapshots?: SnapshotService;
  /** RouterOS's menus by device version; absent on servers built without the menu tools. */
  menus?: MenuCatalog;
  signal: AbortSignal;
  /**
   * Reports progress to the client when it asked for it (a progress token); a no-op otherwise. Reports closer than
   * 100 ms apart are thinned out unless `always` is set.
   */
  progress(done: number, total: number, message?: string, always?: boolean): Promise<void>;
}

export interface ToolOutput<O> {
  structured: O;
  /** The same facts as `structured`, for clients that show only text: aligned `key: value` lines or TSV. */
  text: string;
  /** Pagination and other facts for `_meta`. */
  meta?: Record<string, unknown>;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  /** The spec's `topic/tool-name` form, accepted on tools/call but never listed. */
  alias: string;
  topic: string;
  tier: ToolTier;
  title: string;
  description: string;
  /** Closed: an argument the tool does not take is refused (a misspelled `dry_run` must not be dropped silently). */
  input: I;
  output: O;
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** Talks to devices (the open world) rather than only the registry. */
  openWorld: boolean;
  /**
   * The arguments as an audit record may keep them, when the tool refuses more than its input schema says (a plan
   * topic's own fields inside `change`): every field it does not take keeps its name, never its value.
   */
  auditable?(args: Record<string, unknown>): Record<string, unknown>;
  /**
   * A deep-dive read of one whole RouterOS menu (`ip/arp`) that menu_print reads just as well: left out of the
   * write-enabled default list (its token budget), listed when its topic is named, on read-only deployments and in `all`.
   */
  deepDiveMenu?: string;
  /**
   * Which string arguments may carry line breaks and tabs (a script's source), by their path in the arguments
   * (`['operations', 0, 'values', 'source']`); every other display-altering character is refused there too.
   */
  multilineText?(path: readonly (string | number)[]): boolean;
  /** The argument that names the device, when the tool works on one. */
  deviceArgument?: keyof z.infer<I> & string;
  run(args: z.infer<I>, ctx: ToolContext): Promise<ToolOutput<z.infer<O>>>;
}

/** Fills the usual values of a read-only device tool, so each tool file states only what is its own. */
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(
  definition: Omit<ToolDefinition<I, O>, 'alias' | 'topic' | 'readOnly' | 'destructive' | 'idempotent' | 'openWorld' | 'tier'> & Partial<Pick<ToolDefinition<I, O>, 'readOnly' | 'destructive' | 'idempotent' | 'openWorld' | 'tier'>>,
): ToolDefinition<I, O> {
  // The topic is the name's first word (`system_get_overview` → `system`), so it is never stated twice.
  const [topic, ...rest] = definition.name.split('_');
  return {
    topic,
    tier: 'fundamental',
    readOnly: true,
    idempotent: true,
    openWorld: true,
    ...definition,
    // MCP: a write is destructive unless it only adds; a write says so to be listed `destructiveHint: false`.
    destructive: definition.destructive ?? definition.readOnly === false,
    input: definition.input.strict() as unknown as I,
    alias: `${topic}/${rest.join('-')}`,
  };
}
