import type { Principal } from '@routeros-mcp/application-ports';
import { loadConfig } from '@routeros-mcp/config';
import type { Container } from '@routeros-mcp/inversify';
import { enrollmentOf, Fleet } from '@routeros-mcp/testing';
import { PassThrough } from 'node:stream';
import { AdminServices, buildContainer, ServerServices } from '../src/index';

export interface SpecEnrolment {
  operator: Principal;
  user: { name: string; password: string };
  capabilities: NonNullable<Parameters<typeof enrollmentOf>[3]>['capabilities'];
}

/**
 * The rollout specs' own view of the store their processes share: the admin services (which migrate it), a server
 * composition that runs no plans (to read plans, changes, the audit log and locks), and every device of the fleet
 * enrolled as `r<index>`.
 */
export async function composeForSpec(env: Record<string, string>, fleet: Fleet, enrol: SpecEnrolment): Promise<{ admin: AdminServices; container: Container; server: ServerServices }> {
  const logStream = new PassThrough();
  logStream.resume();
  const config = loadConfig({ env, homeDir: '/nonexistent' });
  const admin = (await buildContainer(config, { logStream })).get(AdminServices);
  const container = await buildContainer(config, { logStream, migrate: false, runPlans: false });
  const server = container.get(ServerServices);
  for (const device of fleet.devices) await admin.devices.enroll(enrol.operator, ...enrollmentOf(device, `r${device.index}`, enrol.user, { capabilities: enrol.capabilities }));
  return { admin, container, server };
}
