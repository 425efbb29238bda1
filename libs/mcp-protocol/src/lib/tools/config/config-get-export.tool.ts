import { sectionMatches as matches } from '@routeros-mcp/domain-devices';
import { ValidationError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import { DeviceIdSchema } from '../common-schemas';
import { defineTool } from '../define-tool';

/** Splits normalised export lines into `/menu` sections. */
function sections(lines: string[]): { section: string; lines: string[] }[] {
  const out: { section: string; lines: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('/')) out.push({ section: line, lines: [] });
    else if (out.length) out.at(-1)!.lines.push(line);
  }
  return out;
}

export const configGetExport = defineTool({
  name: 'config_get_export',
  title: 'Configuration export',
  description: 'Live /export over SSH, secrets redacted.',
  input: z.object({
    device_id: DeviceIdSchema,
    sections: z.array(z.string().regex(/^\/[a-z0-9 -]+$/, 'a section such as /ip firewall filter')).max(20).optional().describe('Section prefixes to keep'),
  }),
  output: z.object({ device_id: z.string(), header: z.record(z.string(), z.string()), sections: z.array(z.object({ section: z.string(), lines: z.array(z.string()) })) }),
  deviceArgument: 'device_id',
  async run(args, ctx) {
    const { data } = await ctx.reader.export(args.device_id, {});
    const all = sections(data.normalized);
    // A section no line of the export falls under is a mistake (a typo, another package's menu), never silently empty.
    const unknown = (args.sections ?? []).find((prefix) => !all.some((s) => matches(prefix, s.section)));
    if (unknown) throw ValidationError.single('sections', `'${unknown}' is not a section of this device's export; it has: ${[...new Set(all.map((s) => s.section))].join(', ')}`);
    const kept = args.sections?.length ? all.filter((s) => args.sections!.some((p) => matches(p, s.section))) : all;
    const text = kept.map((s) => [s.section, ...s.lines].join('\n')).join('\n');
    return { structured: { device_id: args.device_id, header: data.header, sections: kept }, text: text || '(no matching sections)' };
  },
});
