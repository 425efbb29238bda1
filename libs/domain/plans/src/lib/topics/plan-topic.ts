import type { ChangePlanner, LiveRows } from '@routeros-mcp/domain-changes';
import type { CapabilityFlag } from '@routeros-mcp/domain-devices';

/**
 * What a plan topic contributes: how a step's stored, secret-free `change` JSON becomes a planner input, the planner
 * that turns it into one change record on one device, and the flags every target needs. The rollout runs each step
 * through the change pipeline (ChangeService.run) with `tool`, `requiresFlag`, `planner`, `parse(step.change)` and
 * `authority: { kind: 'approved_plan', planId, stepId }`; plan creation does the same as a dry run.
 */
export interface PlanTopic<I = unknown> {
  /** `dns_ntp`, `address_list_sync`… (the `plan_<name>` tool creates plans of it). */
  readonly name: string;
  /** The tool name recorded with each step's change; its first word picks the topic write flag (`firewall_…`). */
  readonly tool: string;
  /** Flags every target needs on top of `allow_professional_workflows` (the tier's). */
  readonly requiresFlag?: CapabilityFlag;
  /**
   * Each device's step is planned from the command tree of its RouterOS version: before a step's dry run or write, the
   * application adds the menu's `shape` (MenuCatalog) to the parsed input.
   */
  readonly plannedFromTree?: boolean;
  /** The flag a particular change needs, where it depends on what it changes (a menu plan: its menu's topic flag). */
  requiresFlagFor?(input: I): CapabilityFlag | undefined;
  /** Checks and normalises a step's change; throws ValidationError naming the field. */
  parse(change: Readonly<Record<string, unknown>>): I;
  /**
   * Paths in a step's `change` whose values are secrets (`security_profiles.*.passphrase`: `*` for every list item).
   * The plan stores them sealed (`{ sealed: '…' }`) and opens them only to run the step (sealPlanSecrets and
   * openPlanSecrets); `describe` and the planner's summary never show them.
   */
  readonly secretFields?: readonly string[];
  /** Which strings of a change may hold line breaks and tabs (a script's source), by their path in the change. */
  multilineText?(path: readonly (string | number)[]): boolean;
  /** One line for titles and lists: `DNS 192.0.2.53, 192.0.2.54`. */
  describe(input: I): string;
  readonly planner: ChangePlanner<I>;
  /**
   * The topic's own checks in the health gate after a batch, pure, from the menus `planner.reads(input)` read again
   * (the DNS servers are the planned ones, the list holds exactly the set). Default: the planner has nothing to do.
   */
  verify?(input: I, live: LiveRows): TopicCheck[];
}

/** One of a topic's checks on a device after its batch. */
export interface TopicCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/** A `secretFields` path segment standing for every key of an object that names a RouterOS secret property. */
export const SECRET_KEYS = '{secret}';
