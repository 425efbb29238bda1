import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';
import { keyValueText } from '../render-text';

const Outcome = z.object({ ok: z.boolean(), ms: z.number().optional(), code: z.string().optional(), error: z.string().optional() });

export const deviceCheckConnectivity = defineTool({
  name: 'device_check_connectivity',
  title: 'Check connectivity',
  description: 'Contacts a device over REST and SSH: reachability, version, latency.',
  input: z.object({ device_id: DeviceIdSchema }),
  output: z.object({ device_id: z.string(), rest: Outcome, ssh: Outcome, status: z.string(), routeros_version: z.string().nullable(), latency_ms: z.number().nullable() }),
  deviceArgument: 'device_id',
  idempotent: false,
  async run(args, ctx) {
    const report = await ctx.connectivity.test(ctx.principal, args.device_id);
    const structured = { device_id: args.device_id, rest: report.rest, ssh: report.ssh, status: report.status, routeros_version: report.facts?.version ?? null, latency_ms: report.facts?.latencyMs ?? null };
    const show = (o: typeof report.rest) => (o.ok ? `ok (${o.ms} ms)` : `failed: ${o.code} ${o.error}`);
    return { structured, text: keyValueText({ ...structured, rest: show(report.rest), ssh: show(report.ssh) }) };
  },
});
