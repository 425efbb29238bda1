import type { SnapshotService } from '@routeros-mcp/application-use-cases';
import { InternalError } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';
import type { ToolContext } from '../define-tool';

export const SnapshotIdSchema = z.string().regex(/^snap-[0-9a-f]{12}$/, 'a snapshot id (see config_list_snapshots)').describe('From config_list_snapshots');
export const SectionSchema = z.string().regex(/^\/[a-z0-9 -]+$/, 'a section such as /ip firewall filter').optional().describe('Only this section, e.g. /ip firewall filter');

/** The snapshot service, which servers built without config history lack. */
export function snapshotsOf(ctx: ToolContext): SnapshotService {
  if (!ctx.snapshots) throw new InternalError('config history is not available on this server');
  return ctx.snapshots;
}

/** A snapshot, refused like its device when that device is of another environment than this server's. */
export async function gatedSnapshot(ctx: ToolContext, id: string) {
  return snapshotsOf(ctx).getServed(id, ctx.environment);
}
