import { Authenticated, Authenticator } from '@routeros-mcp/application-ports';
import { ANONYMOUS_PRINCIPAL_ID } from '@routeros-mcp/domain-kernel';

/**
 * `ROUTEROS_MCP_AUTH=none`: every caller is one local, fully privileged principal. The HTTP app allows this mode
 * on a loopback address only.
 */
export class NoAuthAuthenticator implements Authenticator {
  async authenticate(_bearer?: string): Promise<Authenticated> {
    return { principal: { id: ANONYMOUS_PRINCIPAL_ID, via: 'http', authMethod: 'none', roles: ['admin', 'approver'] }, scopes: [] };
  }
}
