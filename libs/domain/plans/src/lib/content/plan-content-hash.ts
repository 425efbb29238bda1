import { canonicalHash } from '@routeros-mcp/domain-kernel';
import type { RolloutPolicy } from './rollout-policy';

/** What an approval vouches for: everything that decides what the rollout writes, and until when. */
export interface PlanContent {
  id: string;
  topic: string;
  targets: readonly { deviceId: string; batch: number; change: Readonly<Record<string, unknown>> }[];
  rollout: RolloutPolicy;
  expiresAt: Date;
}

/** SHA-256 (hex) of the RFC 8785 form of the plan's content. */
export function planContentHash(content: PlanContent): string {
  return canonicalHash({
    id: content.id,
    topic: content.topic,
    targets: content.targets.map((t) => ({ device_id: t.deviceId, batch: t.batch, change: t.change })),
    rollout: content.rollout,
    expires_at: content.expiresAt.toISOString(),
  });
}
