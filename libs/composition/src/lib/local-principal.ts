import { osPrincipalId } from '@routeros-mcp/domain-kernel';
import { userInfo } from 'node:os';

/**
 * The person at this machine as the stdio server and the admin CLI both name them (`os:<user>`): one namespace, so a
 * plan made through a stdio session and approved at the CLI by the same account is seen as one person.
 */
export function localPrincipalId(): string {
  return osPrincipalId(userInfo().username);
}
